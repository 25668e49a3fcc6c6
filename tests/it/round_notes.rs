//! A note per round (issue 11; docs/RULES.md section 5, "A note per round"): entered on the
//! round form (folded) or in the API (`note`), shown on the score sheet and in the round's
//! history, kept in the CSV and JSON exports, refused with a sentence when too long.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{TestApp, text};

async fn game(app: &TestApp) -> String {
    app.create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Oma"]}))
        .await
        .id
}

#[tokio::test]
async fn the_api_keeps_a_note_per_round_and_refuses_one_too_long() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let rounds = format!("/api/v1/games/{id}/rounds");
    let saved = app
        .post_json(
            &rounds,
            &json!({"went_out": "Ann", "points": {"Ben": 20, "Oma": 35},
                "note": "  Oma's hand\nwas misdealt "}),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let state = saved.json();
    assert_eq!(state["rounds"][0]["note"], "Oma's hand was misdealt");
    assert_eq!(
        state["rounds"][0]["entry"]["note"],
        "Oma's hand was misdealt"
    );
    // A round without one has none.
    let state = app
        .post_json(
            &rounds,
            &json!({"went_out": "Ben", "points": {"Ann": 20, "Oma": 35}}),
        )
        .await
        .json();
    assert_eq!(state["rounds"][1]["note"], Value::Null);
    // The history keeps it with the round.
    let history = app.get(&format!("/api/v1/games/{id}/history")).await;
    assert!(
        history
            .body
            .contains("\"note\":\"Oma's hand was misdealt\""),
        "{}",
        history.body
    );

    let long = "x".repeat(201);
    for (lang, sentence) in [
        (
            "en",
            "A round's note is at most 200 characters; shorten it.",
        ),
        (
            "de",
            "Eine Notiz zur Runde hat höchstens 200 Zeichen; kürzt sie.",
        ),
    ] {
        let refused = app
            .post_json(
                &rounds,
                &json!({"went_out": "Ann", "points": {"Ben": 20, "Oma": 35}, "note": long,
                    "lang": lang}),
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        let answer = refused.json();
        assert_eq!(answer["fields"]["note"], sentence);
        assert_eq!(answer["problems"][0]["code"], "note_too_long");
    }
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["version"], 2, "nothing more was written");
}

#[tokio::test]
async fn the_form_takes_a_note_shown_on_the_sheet_history_correction_and_exports() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let action = format!("/games/{id}/rounds");
    // The new round's form has the note folded.
    let form = app.get(&format!("/games/{id}/rounds/new")).await;
    assert!(
        form.body.contains(
            "<details class=\"panel note\">\n  <summary>Note on this round (optional)</summary>"
        ),
        "{}",
        form.body
    );
    let posted = app
        .post_form_keyed(
            &action,
            &[
                ("version", "0"),
                ("went_out", "Ann"),
                ("points.Ben", "20"),
                ("points.Oma", "35"),
                ("note", "Oma's hand was misdealt"),
            ],
            "en",
        )
        .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.body);

    for (lang, heading, label) in [("en", "Notes", "Round 1"), ("de", "Notizen", "Runde 1")] {
        let page = app.get_in(&format!("/games/{id}"), lang).await;
        let body = text(&page.body);
        assert!(
            body.contains(&format!(
                "<h3>{heading}</h3>\n<dl><dt>{label}</dt><dd><bdi>Oma's hand was misdealt</bdi></dd></dl>"
            )),
            "{body}"
        );
    }
    let history = text(&app.get(&format!("/games/{id}/history")).await.body);
    assert!(
        history.contains("<li><bdi>Note: Oma's hand was misdealt</bdi></li>"),
        "{history}"
    );
    // The correction form shows it, open.
    let edit = text(&app.get(&format!("/games/{id}/rounds/1/edit")).await.body);
    assert!(
        edit.contains("<details class=\"panel note\" open>"),
        "{edit}"
    );
    assert!(
        edit.contains(">Oma's hand was misdealt</textarea>"),
        "{edit}"
    );
    // The exports carry it.
    let csv = app.get(&format!("/games/{id}/export.csv")).await;
    let mut lines = csv.body.lines();
    assert_eq!(
        lines.next().unwrap().trim_start_matches('\u{feff}'),
        "Round,Dealer,Contract,Ann,Ben,Oma,Note"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .ends_with(",0,20,35,Oma's hand was misdealt"),
        "{}",
        csv.body
    );
    let json = app.get(&format!("/games/{id}/export.json")).await;
    assert!(
        json.body.contains("\"note\": \"Oma's hand was misdealt\""),
        "{}",
        json.body
    );

    // Too long on the form: the sentence beside the note, which stays open with the text.
    let long = "y".repeat(201);
    let refused = app
        .post_form_keyed(
            &action,
            &[
                ("version", "1"),
                ("went_out", "Ben"),
                ("points.Ann", "20"),
                ("points.Oma", "35"),
                ("note", &long),
            ],
            "de",
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&refused.body);
    assert!(
        body.contains("<details class=\"panel note\" open>"),
        "{body}"
    );
    assert!(
        body.contains("<p class=\"field-error\" id=\"note-error\" role=\"alert\">Eine Notiz zur Runde hat höchstens 200 Zeichen; kürzt sie.</p>"),
        "{body}"
    );
}

#[tokio::test]
async fn a_game_without_notes_exports_no_note_column() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let saved = app
        .post_json(
            &format!("/api/v1/games/{id}/rounds"),
            &json!({"went_out": "Ann", "points": {"Ben": 20, "Oma": 35}, "note": "  "}),
        )
        .await;
    assert_eq!(
        saved.json()["rounds"][0]["note"],
        Value::Null,
        "blank is none"
    );
    let csv = app.get(&format!("/games/{id}/export.csv")).await;
    assert_eq!(
        csv.body
            .lines()
            .next()
            .unwrap()
            .trim_start_matches('\u{feff}'),
        "Round,Dealer,Contract,Ann,Ben,Oma"
    );
}
