//! Plausibility of a round's result (issue 11; docs/RULES.md section 5, "Plausibility"):
//! impossible results are refused with the sentence (422, beside the field on the form);
//! unlikely ones are a 422 with `"code": "unlikely"` on the API unless `"confirm": true`, and a
//! confirm step on the form ("Save anyway" / "Change"), in English and German.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{self, TestApp, TestResponse, text};

async fn post_json(app: &TestApp, path: &str, body: &Value, key: Option<&str>) -> TestResponse {
    app.post_json_keyed(path, body.to_string(), key).await
}

async fn create(app: &TestApp, setup: Value) -> String {
    app.create_game(setup).await.id
}

async fn contract(app: &TestApp) -> String {
    create(
        app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy", "Di"]}),
    )
    .await
}

async fn version(app: &TestApp, id: &str) -> i64 {
    app.get(&format!("/api/v1/games/{id}")).await.json()["version"]
        .as_i64()
        .unwrap()
}

fn codes(answer: &Value) -> Vec<&str> {
    answer["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn the_api_refuses_points_no_hand_can_reach_in_both_languages() {
    let app = TestApp::new().await;
    let id = contract(&app).await;
    let rounds = format!("/api/v1/games/{id}/rounds");
    let round = json!({"went_out": "Ann", "points": {"Ben": 505, "Cy": 1, "Di": 10}});
    let refused = post_json(&app, &rounds, &round, None).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let answer = refused.json();
    assert_eq!(
        codes(&answer),
        ["points_unreachable", "points_below_lowest_card"]
    );
    assert_eq!(
        answer["fields"]["Ben"],
        "Ben cannot have 505 points: at most 11 cards are left in a hand this round, worth at most 165 points."
    );
    assert_eq!(
        answer["fields"]["Cy"],
        "Cy cannot have 1 point: a card left in hand counts at least 2."
    );
    assert!(
        answer.get("code").is_none(),
        "impossible cannot be confirmed"
    );
    let mut german = round.clone();
    german["lang"] = json!("de");
    german["confirm"] = json!(true);
    let refused = post_json(&app, &rounds, &german, None).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json()["fields"]["Ben"],
        "Ben kann nicht 505 Punkte haben: in dieser Runde bleiben höchstens 11 Karten auf der Hand, zusammen höchstens 165 Punkte wert."
    );
    assert_eq!(version(&app, &id).await, 0, "nothing was written");

    // Cards the decks do not hold, and jokers beyond a Continental game's decks.
    let cards = json!({"went_out": "Ann", "points": {"Cy": 5, "Di": 10},
                       "cards": {"Ben": "QS QS QS"}});
    let refused = post_json(&app, &rounds, &cards, None).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json()["fields"]["Ben"],
        "Ben has Q♠ 3 times, but the cards in play hold only 2."
    );
    let continental = create(
        &app,
        json!({"rules": "continental", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    let refused = post_json(
        &app,
        &format!("/api/v1/games/{continental}/rounds"),
        &json!({"winner": "Ann", "jokers": 3}),
        None,
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let answer = refused.json();
    assert_eq!(codes(&answer), ["jokers_not_in_decks"]);
    assert_eq!(
        answer["fields"]["jokers"],
        "The winning hand cannot hold 3 jokers: the cards in play hold only 2."
    );
}

#[tokio::test]
async fn the_api_asks_about_unlikely_results_and_saves_them_when_confirmed() {
    let app = TestApp::new().await;
    let id = contract(&app).await;
    let rounds = format!("/api/v1/games/{id}/rounds");
    let round = json!({"went_out": "Ann", "points": {"Ben": 0, "Cy": 150, "Di": 10}});
    let asked = post_json(&app, &rounds, &round, Some("odd-1")).await;
    assert_eq!(asked.status, StatusCode::UNPROCESSABLE_ENTITY);
    let answer = asked.json();
    assert_eq!(answer["code"], "unlikely");
    assert_eq!(codes(&answer), ["zero_not_out", "points_very_high"]);
    assert_eq!(
        answer["fields"]["Ben"],
        "Ben has 0 points but did not go out."
    );
    assert_eq!(
        answer["fields"]["Cy"],
        "Cy has 150 points, near the most a hand can count this round (165)."
    );
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .ends_with("to save it anyway, send the same entry with \"confirm\": true."),
        "{answer}"
    );
    let mut german = round.clone();
    german["lang"] = json!("de");
    let asked = post_json(&app, &rounds, &german, None).await;
    assert_eq!(
        asked.json()["fields"]["Ben"],
        "Ben hat 0 Punkte, ist aber nicht ausgegangen."
    );
    assert_eq!(version(&app, &id).await, 0, "nothing was written");

    // Confirmed, under the same key (a refusal does not use it up): saved, once.
    let mut confirmed = round.clone();
    confirmed["confirm"] = json!(true);
    let saved = post_json(&app, &rounds, &confirmed, Some("odd-1")).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let state = saved.json();
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"Ann": 0, "Ben": 0, "Cy": 150, "Di": 10})
    );
    let again = post_json(&app, &rounds, &confirmed, Some("odd-1")).await;
    assert_eq!(again.header("idempotent-replayed"), "true");
    assert_eq!(version(&app, &id).await, 1);
    // The confirmation is not part of the entry: the history keeps the round as entered.
    let history = app.get(&format!("/api/v1/games/{id}/history")).await;
    assert!(!history.body.contains("confirm"), "{}", history.body);
}

/// The round form's fields for `id`'s next round, as rendered, plus `fields`.
async fn form(app: &TestApp, id: &str, lang: &str, fields: &[(&str, &str)]) -> TestResponse {
    let action = format!("/games/{id}/rounds");
    let version = version(app, id).await.to_string();
    let mut all = vec![("version", version.as_str())];
    all.extend_from_slice(fields);
    app.post_form_keyed(&action, &all, lang).await
}

/// The hidden fields of the "Save anyway" form on a confirm page.
fn save_anyway_fields(body: &str) -> Vec<(String, String)> {
    let start = body
        .find("<form method=\"post\"")
        .expect("the confirm form");
    let form = &body[start..start + body[start..].find("</form>").unwrap()];
    assert!(form.contains("class=\"confirm\""), "{form}");
    form.split("<input type=\"hidden\" ")
        .skip(1)
        .map(|input| {
            let attr = |name: &str| {
                let at = input.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                text(&input[at..at + input[at..].find('"').unwrap()])
            };
            (attr("name"), attr("value"))
        })
        .collect()
}

#[tokio::test]
async fn the_form_asks_before_saving_an_unlikely_round_in_english_and_german() {
    let app = TestApp::new().await;
    let id = contract(&app).await;
    let typed = [
        ("went_out", "Ann"),
        ("points.Ben", "0"),
        ("points.Cy", "25"),
        ("points.Di", "10"),
    ];
    for (lang, sentence, button, change) in [
        (
            "en",
            "Ben has 0 points but did not go out.",
            "Save anyway",
            "Change",
        ),
        (
            "de",
            "Ben hat 0 Punkte, ist aber nicht ausgegangen.",
            "Trotzdem speichern",
            "Ändern",
        ),
    ] {
        let page = form(&app, &id, lang, &typed).await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            page.body
        );
        let body = text(&page.body);
        assert!(body.contains("class=\"notice unlikely\""), "{body}");
        assert!(
            body.contains(&format!("<li><a href=\"#player-1\">{sentence}</a></li>")),
            "{body}"
        );
        assert!(body.contains(&format!("id=\"save-anyway\">{button}</button>")));
        assert!(body.contains(&format!("id=\"change\" href=\"#player-1\">{change}</a>")));
        // What was typed is kept in the form below, to change.
        assert!(body.contains("name=\"points.Ben\" type=\"text\" inputmode=\"tel\" pattern=\"[0-9+ ]*\" autocomplete=\"off\" value=\"0\""));
        common::assert_no_inline_script_or_style(&page.body);
    }
    assert_eq!(version(&app, &id).await, 0, "nothing was written");

    // "Save anyway" posts exactly what was checked, confirmed.
    let page = form(&app, &id, "en", &typed).await;
    let fields = save_anyway_fields(&page.body);
    assert!(
        fields.contains(&("points.Ben".into(), "0".into())),
        "{fields:?}"
    );
    assert!(fields.contains(&("confirm".into(), "yes".into())));
    let pairs = common::pairs(&fields);
    let saved = common::post_form(&app, &format!("/games/{id}/rounds"), &pairs, "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"Ann": 0, "Ben": 0, "Cy": 25, "Di": 10})
    );
}

#[tokio::test]
async fn the_form_refuses_an_impossible_round_with_the_sentence_beside_the_field() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    let page = form(
        &app,
        &id,
        "de",
        &[
            ("went_out", "Ann"),
            ("points.Ben", "27"),
            ("points.Cy", "10"),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&page.body);
    assert!(
        body.contains("<p class=\"field-error\" id=\"e1\" role=\"alert\">Ben kann nicht 27 Punkte haben: jede Karte zählt ein Vielfaches von 5.</p>"),
        "{body}"
    );
    assert!(!body.contains("save-anyway"), "impossible is not confirmed");
    assert_eq!(version(&app, &id).await, 0);
}
