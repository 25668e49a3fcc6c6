//! Undo asks first and can be redone (issue 11, "The evening at the table without friction"):
//! the confirm page names the round and its points, the game page says what was undone and
//! offers redo, redo restores the round exactly with a new version, and is refused with a
//! sentence once anything else changed. Through the pages (no JavaScript) and the JSON API.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::Said::Starts;
use crate::common::{TestApp, assert_no_inline_script_or_style, post_form, text};

/// A contract game for Ann, Ben and Cy with two rounds: its edit id and read-only token.
async fn game_with_two_rounds(app: &TestApp) -> (String, String) {
    let game = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    for round in [
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 7}}),
        json!({"went_out": "Ben", "points": {"Ann": 10}, "cards": {"Cy": "AS JK"}}),
    ] {
        app.enter_round(&game.id, round).await;
    }
    (game.id, game.view)
}

/// The value of hidden input `name` in the form with id `form` on a page.
fn form_field(body: &str, form: &str, name: &str) -> String {
    let at = body
        .find(&format!("id=\"{form}\""))
        .unwrap_or_else(|| panic!("no {form} in {body}"));
    let form = &body[at..at + body[at..].find("</form>").unwrap()];
    let pattern = format!("name=\"{name}\" value=\"");
    let start = form.find(&pattern).unwrap() + pattern.len();
    form[start..start + form[start..].find('"').unwrap()].to_owned()
}

#[tokio::test]
async fn undo_asks_first_naming_the_round_and_its_points_in_english_and_german() {
    let app = TestApp::new().await;
    let (id, _) = game_with_two_rounds(&app).await;
    let before = app.game_state(&id).await;
    // The game page's undo button is a link to the confirm page (no form posts from it).
    let page = app.get(&format!("/games/{id}")).await.body;
    assert!(page.contains(&format!("id=\"undo-link\" href=\"/games/{id}/undo\"")));
    assert!(!page.contains(&format!("action=\"/games/{id}/undo\"")));

    let confirm = app.get_in(&format!("/games/{id}/undo"), "en").await;
    assert_eq!(confirm.status, StatusCode::OK);
    let body = text(&confirm.body);
    assert!(body.contains("<h1>Undo round 2?</h1>"), "{body}");
    assert!(
        body.contains("This removes round 2 and its points (Ann 10, Ben 0, Cy 30)."),
        "{body}"
    );
    assert!(body.contains(&format!("action=\"/games/{id}/undo\"")));
    assert!(body.contains("Undo round 2</button>"));
    assert!(body.contains(&format!(
        "id=\"undo-keep\" href=\"/games/{id}\">Keep it</a>"
    )));
    assert_eq!(form_field(&body, "undo-form", "version"), "2");
    // A key the server signed for this form: RANDOM.MAC.
    assert_eq!(form_field(&body, "undo-form", "key").len(), 65);
    assert_no_inline_script_or_style(&confirm.body);
    let german = text(&app.get_in(&format!("/games/{id}/undo"), "de").await.body);
    assert!(
        german.contains("<h1>Runde 2 zurücknehmen?</h1>"),
        "{german}"
    );
    assert!(german.contains("Das entfernt Runde 2 mit ihren Punkten (Ann 10, Ben 0, Cy 30)."));
    assert!(german.contains(">Behalten</a>"));

    // Looking at the confirm page changes nothing.
    assert_eq!(app.game_state(&id).await, before);
}

#[tokio::test]
async fn after_an_undo_the_game_page_says_what_went_and_redo_restores_it_exactly() {
    let app = TestApp::new().await;
    let (id, _) = game_with_two_rounds(&app).await;
    let before = app.game_state(&id).await;
    let confirm = app.get(&format!("/games/{id}/undo")).await.body;
    let key = form_field(&confirm, "undo-form", "key");
    let response = post_form(
        &app,
        &format!("/games/{id}/undo"),
        &[("version", "2"), ("key", &key)],
        "en",
    )
    .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let location = response.header("location").to_owned();
    assert_eq!(location, format!("/games/{id}?undone=2"));
    assert_eq!(
        app.game_state(&id).await["rounds"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    let page = text(&app.get_in(&location, "en").await.body);
    assert!(
        page.contains("Round 2 was undone (Ann 10, Ben 0, Cy 30)."),
        "{page}"
    );
    assert!(page.contains(&format!("action=\"/games/{id}/redo\" id=\"redo-form\"")));
    assert!(page.contains("Redo round 2</button>"));
    assert_eq!(form_field(&page, "redo-form", "version"), "3");
    let german = text(&app.get_in(&location, "de").await.body);
    assert!(german.contains("Runde 2 wurde zurückgenommen (Ann 10, Ben 0, Cy 30)."));
    assert!(german.contains("Runde 2 wiederherstellen</button>"));
    // Without the query (another phone, a reload elsewhere) nothing is said.
    let plain = app.get(&format!("/games/{id}")).await.body;
    assert!(!plain.contains("redo-form"));

    let redo_key = form_field(&page, "redo-form", "key");
    for _ in 0..2 {
        // A double tap redoes once.
        let response = post_form(
            &app,
            &format!("/games/{id}/redo"),
            &[("version", "3"), ("key", &redo_key)],
            "en",
        )
        .await;
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
        assert_eq!(response.header("location"), format!("/games/{id}"));
    }
    let after = app.game_state(&id).await;
    assert_eq!(after["version"], 4, "a new version");
    assert_eq!(
        after["rounds"], before["rounds"],
        "the round exactly as it was"
    );
    assert_eq!(after["totals"], before["totals"]);
    let history = app.get(&format!("/api/v1/games/{id}/history")).await.json();
    let actions: Vec<&str> = history["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["enter", "enter", "undo", "enter"]);
    // The notice is gone once the undo is no longer the latest change.
    let page = app.get(&location).await.body;
    assert!(!page.contains("redo-form"));
}

#[tokio::test]
async fn redo_after_another_change_is_refused_with_a_sentence() {
    let app = TestApp::new().await;
    let (id, _) = game_with_two_rounds(&app).await;
    let response = post_form(
        &app,
        &format!("/games/{id}/undo"),
        &[("version", "2")],
        "en",
    )
    .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    let redo_page = app.get(&format!("/games/{id}?undone=2")).await.body;
    let (version, key) = (
        form_field(&redo_page, "redo-form", "version"),
        form_field(&redo_page, "redo-form", "key"),
    );
    // Another round is entered meanwhile (another phone).
    let round = json!({"went_out": "Cy", "points": {"Ann": 3, "Ben": 4}});
    let response = app
        .post_json(&format!("/api/v1/games/{id}/rounds"), &round)
        .await;
    assert_eq!(response.status, StatusCode::OK);
    let entered = app.game_state(&id).await;

    // The redo form, posted with the version it showed: the game moved on (409, no retry
    // can redo).
    let response = post_form(
        &app,
        &format!("/games/{id}/redo"),
        &[("version", &version), ("key", &key)],
        "en",
    )
    .await;
    assert_eq!(response.status, StatusCode::CONFLICT, "{}", response.body);
    // With the current version: nothing to redo, a sentence, in English and German.
    for (lang, sentence) in [
        (
            "en",
            "There is nothing to redo: an undo can be taken back only until the next change to the game. Nothing was done.",
        ),
        (
            "de",
            "Es gibt nichts wiederherzustellen: eine Rücknahme lässt sich nur bis zur nächsten Änderung an der Partie wieder aufheben. Es ist nichts passiert.",
        ),
    ] {
        let response = post_form(
            &app,
            &format!("/games/{id}/redo"),
            &[("version", "4")],
            lang,
        )
        .await;
        assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(text(&response.body).contains(sentence), "{}", response.body);
    }
    assert_eq!(app.game_state(&id).await, entered, "nothing changed");
    // The game page no longer offers it.
    assert!(
        !app.get(&format!("/games/{id}?undone=2"))
            .await
            .body
            .contains("redo-form")
    );
}

#[tokio::test]
async fn the_json_api_redoes_once_and_then_refuses() {
    let app = TestApp::new().await;
    let (id, _) = game_with_two_rounds(&app).await;
    let before = app.game_state(&id).await;
    let undone = app
        .post_json(&format!("/api/v1/games/{id}/undo"), &json!({"version": 2}))
        .await;
    assert_eq!(undone.status, StatusCode::OK);
    let redone = app
        .post_json(&format!("/api/v1/games/{id}/redo"), &json!({"version": 3}))
        .await;
    assert_eq!(redone.status, StatusCode::OK, "{}", redone.body);
    let redone = redone.json();
    assert_eq!(redone["version"], 4);
    assert_eq!(redone["rounds"], before["rounds"]);
    let again = app
        .post_json(&format!("/api/v1/games/{id}/redo"), &json!({}))
        .await;
    again.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Starts("There is nothing to redo"),
    );
    // A game never undone has nothing to redo either.
    let (other, _) = game_with_two_rounds(&app).await;
    let response = app
        .post_json(&format!("/api/v1/games/{other}/redo"), &json!({}))
        .await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_read_only_link_gets_no_confirm_page_and_no_redo() {
    let app = TestApp::new().await;
    let (id, view) = game_with_two_rounds(&app).await;
    let response = app.get(&format!("/games/{view}/undo")).await;
    assert_eq!(response.status, StatusCode::FORBIDDEN);
    assert!(!response.body.contains(&id));
    app.post_json(&format!("/api/v1/games/{id}/undo"), &json!({}))
        .await;
    let response = app
        .post_json(&format!("/api/v1/games/{view}/redo"), &json!({}))
        .await;
    assert_eq!(response.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.game_state(&id).await["rounds"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

/// Issue 11: undoing a change made after the last round (here Cy sits out round 3) asks first
/// naming the change, then the game page says "Undone: …" with the change's history title and
/// offers a redo form that puts the change back; the offer ends with the next change.
#[tokio::test]
async fn undoing_a_change_at_the_table_names_it_and_offers_redo_until_the_next_change() {
    let app = TestApp::new().await;
    let (id, _) = game_with_two_rounds(&app).await;
    let sat_out = app
        .post_json(
            &format!("/api/v1/games/{id}/players/3"),
            &json!({"sits_out_next": true}),
        )
        .await;
    assert_eq!(sat_out.status, StatusCode::OK, "{}", sat_out.body);
    let game_page = app.get(&format!("/games/{id}")).await.body;
    assert!(game_page.contains("id=\"undo-link\""), "{game_page}");

    let confirm = app.get_in(&format!("/games/{id}/undo"), "en").await.body;
    assert!(
        text(&confirm).contains("Take back “Cy sits out round 3”?"),
        "{confirm}"
    );
    assert!(!text(&confirm).contains("Undo round 2"), "not the round");
    let german = app.get_in(&format!("/games/{id}/undo"), "de").await.body;
    assert!(
        text(&german).contains("„Cy setzt in Runde 3 aus“ zurücknehmen?"),
        "{german}"
    );
    let key = form_field(&confirm, "undo-form", "key");
    let response = post_form(
        &app,
        &format!("/games/{id}/undo"),
        &[("version", "3"), ("key", &key)],
        "en",
    )
    .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let location = response.header("location").to_owned();
    assert_eq!(location, format!("/games/{id}?undone=change"));
    let now = app.game_state(&id).await;
    assert_eq!(now["table"][2]["sits_out_next"], false, "{now}");
    assert_eq!(
        now["rounds"].as_array().unwrap().len(),
        2,
        "the rounds stay"
    );

    let page = app.get_in(&location, "en").await.body;
    assert!(
        text(&page).contains("Undone: Cy sits out round 3."),
        "{page}"
    );
    assert!(page.contains("Redo this change</button>"), "{page}");
    assert_eq!(form_field(&page, "redo-form", "version"), "4");
    let german = text(&app.get_in(&location, "de").await.body);
    assert!(
        german.contains("Zurückgenommen: Cy setzt in Runde 3 aus."),
        "{german}"
    );
    // The redo form puts the change back, once.
    let fields = [
        ("version", "4".to_owned()),
        ("key", form_field(&page, "redo-form", "key")),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let redone = post_form(&app, &format!("/games/{id}/redo"), &fields, "en").await;
    assert_eq!(redone.status, StatusCode::SEE_OTHER, "{}", redone.body);
    let again = post_form(&app, &format!("/games/{id}/redo"), &fields, "en").await;
    assert_eq!(
        again.status,
        StatusCode::SEE_OTHER,
        "a repeat changes nothing"
    );
    let now = app.game_state(&id).await;
    assert_eq!(now["table"][2]["sits_out_next"], true, "{now}");
    assert_eq!(now["version"], 5);
    // After the redo (the next change) the notice is gone.
    let page = app.get(&location).await.body;
    assert!(!page.contains("redo-form"), "{page}");

    // Undone again, then another change: no more redo offered.
    let response = post_form(
        &app,
        &format!("/games/{id}/undo"),
        &[("version", "5")],
        "en",
    )
    .await;
    assert_eq!(response.header("location"), location);
    assert!(app.get(&location).await.body.contains("redo-form"));
    let renamed = app
        .post_json(
            &format!("/api/v1/games/{id}/players/1"),
            &json!({"name": "Anna"}),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert!(!app.get(&location).await.body.contains("redo-form"));
}

/// Issue 11: "offers redo (from the history) until the next change": while the newest change
/// is an undo (of a round or of a change at the table), the history page's row of it carries
/// the redo form; after the next change it is gone.
#[tokio::test]
async fn the_history_page_offers_redo_of_the_newest_undo_until_the_next_change() {
    let app = TestApp::new().await;
    let (id, _) = game_with_two_rounds(&app).await;
    let history = format!("/games/{id}/history");
    assert!(!app.get(&history).await.body.contains("history-redo-form"));
    let undone = app
        .post_json(&format!("/api/v1/games/{id}/undo"), &json!({}))
        .await;
    assert_eq!(undone.status, StatusCode::OK, "{}", undone.body);
    let page = app.get_in(&history, "en").await.body;
    assert!(page.contains("Redo round 2</button>"), "{page}");
    let german = app.get_in(&history, "de").await.body;
    assert!(
        german.contains("Runde 2 wiederherstellen</button>"),
        "{german}"
    );
    let fields = [
        ("version", form_field(&page, "history-redo-form", "version")),
        ("key", form_field(&page, "history-redo-form", "key")),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let redone = post_form(&app, &format!("/games/{id}/redo"), &fields, "en").await;
    assert_eq!(redone.status, StatusCode::SEE_OTHER, "{}", redone.body);
    assert_eq!(
        app.game_state(&id).await["rounds"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert!(!app.get(&history).await.body.contains("history-redo-form"));

    // A change at the table undone: "Redo this change", until the next change.
    let sat_out = app
        .post_json(
            &format!("/api/v1/games/{id}/players/2"),
            &json!({"sits_out_next": true}),
        )
        .await;
    assert_eq!(sat_out.status, StatusCode::OK, "{}", sat_out.body);
    app.post_json(&format!("/api/v1/games/{id}/undo"), &json!({}))
        .await;
    assert!(
        app.get(&history)
            .await
            .body
            .contains("Redo this change</button>")
    );
    let round = json!({"went_out": "Ann", "points": {"Ben": 3, "Cy": 4}});
    let entered = app
        .post_json(&format!("/api/v1/games/{id}/rounds"), &round)
        .await;
    assert_eq!(entered.status, StatusCode::OK, "{}", entered.body);
    assert!(!app.get(&history).await.body.contains("history-redo-form"));
}
