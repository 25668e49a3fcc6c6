//! The JSON API's language (issue 9, "Answers in the player's language"): the
//! `Accept-Language` header on its own turns every referee endpoint and the games API
//! German, exactly as the body's `"lang": "de"` does; and a body the server cannot read
//! (malformed JSON, a field of the wrong type) is refused in the asked language too.

use crate::common::Said::Starts;
use crate::common::{TestApp, TestResponse};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// Posts `body` (JSON or not) with an optional `Accept-Language`.
async fn post(app: &TestApp, path: &str, accept: Option<&str>, body: &str) -> TestResponse {
    let headers: Vec<(&str, &str)> = accept.map(|a| ("accept-language", a)).into_iter().collect();
    app.post_json_with(path, body, &headers).await
}

/// The body with `"lang": "de"` added.
fn in_german(body: &Value) -> String {
    let mut body = body.clone();
    body["lang"] = json!("de");
    body.to_string()
}

#[tokio::test]
async fn the_accept_language_header_alone_answers_solve_score_settle_and_games_as_lang_de_does() {
    let app = TestApp::new().await;
    let cases = [
        (
            "/api/v1/solve",
            json!({"rules": "contract", "round": 1, "hand": "3H 11H"}),
            "„11H“",
        ),
        (
            "/api/v1/score",
            json!({"rules": "continental", "cards": "AS"}),
            "Continental Rommé hat keine Kartenpunkte",
        ),
        (
            "/api/v1/settle",
            json!({"rules": "hollywood", "players": ["A", "B"]}),
            "„totals“ fehlt",
        ),
        (
            "/api/v1/check",
            json!({"rules": "contract", "round": 9, "melds": "3H 4H 5H"}),
            "Runde 9 gibt es nicht",
        ),
    ];
    for (path, body, german_part) in cases {
        let by_body = post(&app, path, None, &in_german(&body)).await;
        let by_header = post(
            &app,
            path,
            Some("de-DE,de;q=0.9,en;q=0.5"),
            &body.to_string(),
        )
        .await;
        let english = post(&app, path, None, &body.to_string()).await;
        for answer in [&by_body, &by_header, &english] {
            assert_eq!(
                answer.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{path}: {}",
                answer.body
            );
        }
        assert!(
            by_header.error_sentence().contains(german_part),
            "{path}: {}",
            by_header.body
        );
        assert_eq!(by_header.json(), by_body.json(), "{path}");
        assert_ne!(
            english.json(),
            by_body.json(),
            "{path}: English without either"
        );
    }

    // A legal check's problems: messages German, codes and parameters the same.
    let body = json!({"rules": "contract", "round": 3, "melds": "3H 4H 5H | 9C 9D 9S 9H"});
    let by_header = post(&app, "/api/v1/check", Some("de"), &body.to_string()).await;
    let english = post(&app, "/api/v1/check", None, &body.to_string()).await;
    let (german, english) = (by_header.json(), english.json());
    assert_eq!(
        german["problems"][0]["code"],
        english["problems"][0]["code"]
    );
    assert_eq!(german["problems"][0]["len"], english["problems"][0]["len"]);
    assert!(
        german["problems"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("Meldung 1 hat 3 Karten"),
        "{german}"
    );

    // The games API: a refused new game and a refused round, by the header alone.
    let refused = post(
        &app,
        "/api/v1/games",
        Some("de"),
        &json!({"rules": "contract", "players": ["A"]}).to_string(),
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json()["problems"][0]["message"],
        "Kontrakt-Rommé wird von 3 bis 5 Personen gespielt, nicht von 1."
    );
    let created = post(
        &app,
        "/api/v1/games",
        None,
        &json!({"rules": "contract", "players": ["A", "B", "C"]}).to_string(),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let round = post(
        &app,
        &format!("/api/v1/games/{id}/rounds"),
        Some("de"),
        &json!({"went_out": "A", "points": {"B": 5}}).to_string(),
    )
    .await;
    assert_eq!(
        round.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        round.body
    );
    assert_eq!(
        round.json()["problems"][0]["message"],
        "Tragt die Punkte von C ein oder die Karten, die C noch auf der Hand hat."
    );
    // Undo's body is `{"version": N}` or nothing: a misspelt field, in German by the header
    // (the body's lang cannot be trusted in a body that is refused) and by the body's lang.
    for (accept, body) in [
        (Some("de"), json!({"versio": 1})),
        (None, json!({"versio": 1, "lang": "de"})),
    ] {
        let undo = post(
            &app,
            &format!("/api/v1/games/{id}/undo"),
            accept,
            &body.to_string(),
        )
        .await;
        undo.assert_refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            Starts("Im JSON ist ein Feld falsch: unknown field `versio`"),
        );
    }
    let undo = post(
        &app,
        &format!("/api/v1/games/{id}/undo"),
        Some("de"),
        "{\"version\": ",
    )
    .await;
    undo.assert_refused(
        StatusCode::BAD_REQUEST,
        Starts("Der Inhalt der Anfrage ist kein gültiges JSON"),
    );
}

#[tokio::test]
async fn a_body_the_server_cannot_read_is_refused_in_the_asked_language() {
    let app = TestApp::new().await;
    // Malformed JSON: only the header can say the language.
    for path in [
        "/api/v1/check",
        "/api/v1/solve",
        "/api/v1/fit",
        "/api/v1/score",
        "/api/v1/settle",
        "/api/v1/games",
    ] {
        let german = post(&app, path, Some("de"), "{\"rules\": ").await;
        assert_eq!(
            german.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            german.body
        );
        assert!(
            german
                .error_sentence()
                .starts_with("Der Inhalt der Anfrage ist kein gültiges JSON"),
            "{path}: {}",
            german.body
        );
        let english = post(&app, path, None, "{\"rules\": ").await;
        assert!(
            english
                .error_sentence()
                .starts_with("The request body is not valid JSON"),
            "{path}: {}",
            english.body
        );
    }
    // A field of the wrong type: the body's lang, else the header.
    let body = json!({"rules": "contract", "round": "three", "melds": "3H"});
    for (accept, text) in [(None, in_german(&body)), (Some("de"), body.to_string())] {
        let german = post(&app, "/api/v1/check", accept, &text).await;
        assert_eq!(
            german.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            german.body
        );
        let sentence = german.error_sentence();
        assert!(
            sentence.starts_with("Im JSON fehlt ein Feld oder eines ist falsch:")
                && sentence.contains("\"three\""),
            "{accept:?}: {sentence}"
        );
    }
    // The body's lang wins over the header, as it does for every other sentence.
    let mut english_body = body.clone();
    english_body["lang"] = json!("en");
    let english = post(&app, "/api/v1/check", Some("de"), &english_body.to_string()).await;
    assert!(
        english
            .error_sentence()
            .starts_with("The JSON has a wrong or missing field: round: invalid type: string"),
        "{}",
        english.body
    );
    // A missing field of the score, in German by the header.
    let score = post(
        &app,
        "/api/v1/score",
        Some("de"),
        &json!({"rules": "shanghai"}).to_string(),
    )
    .await;
    assert_eq!(score.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        score.error_sentence().contains("missing field `cards`")
            && score.error_sentence().starts_with("Im JSON"),
        "{}",
        score.body
    );
}
