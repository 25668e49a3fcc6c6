//! The table display (`/view/{token}/table`): one read-only screen for the whole table, with
//! the standings, the next round's banner (contract, dealer, cutter and cut target) and the
//! last round's points, English and German; linked from the game's share panel; no form and
//! no edit link on it.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{TestApp, assert_no_inline_script_or_style};

/// A page's text as read, without the isolation around names.
fn text(body: &str) -> String {
    crate::common::text(body)
        .replace("<bdi>", "")
        .replace("<bdi class=\"who\">", "")
        .replace("</bdi>", "")
}

/// A Liverpool game of four (which has a cutter and a cut target) with one round: its ids.
async fn game(app: &TestApp) -> (String, String) {
    let made = app
        .create_game(json!({"rules": "contract",
                            "players": ["Maya", "Jonas", "Friederike", "Konstantin"]}))
        .await;
    app.enter_round(
        &made.id,
        json!({"went_out": "Friederike", "points": {"Maya": 35, "Jonas": 5, "Konstantin": 60}}),
    )
    .await;
    (made.id, made.view)
}

#[tokio::test]
async fn the_table_display_shows_standings_the_round_and_the_last_points_in_both_languages() {
    let app = TestApp::new().await;
    let (id, view) = game(&app).await;
    let path = format!("/view/{view}/table");
    let page = app.get_in(&path, "en").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_no_inline_script_or_style(&page.body);
    assert_eq!(page.header("cache-control"), "no-store");
    let body = text(&page.body);
    // Standings, best first.
    let places = &body[body.find("id=\"td-places\"").expect("the places")..];
    let order: Vec<usize> = ["Friederike", "Jonas", "Maya", "Konstantin"]
        .iter()
        .map(|n| places.find(n).unwrap_or(usize::MAX))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{places}");
    assert!(body.contains("Standings after round 1"), "{body}");
    // The next round's banner: round, contract and dealer.
    assert!(body.contains("Round 2 of 7"), "{body}");
    assert!(body.contains("id=\"td-banner\""));
    let state = app.game_state(&id).await;
    let dealer = state["next_round"]["dealer"].as_str().unwrap();
    assert!(body.contains(dealer), "{body}");
    assert!(
        body.contains(state["next_round"]["contract"].as_str().unwrap()),
        "{body}"
    );
    // The last round's points.
    assert!(body.contains("Round 1: the points"), "{body}");
    assert!(body.contains("Friederike went out"), "{body}");
    assert!(
        body.contains("Konstantin <span class=\"points\">60</span>"),
        "{body}"
    );
    // Live: the JSON twin and the version for live.js, and a refresh without JavaScript.
    assert!(
        page.body.contains(&format!(
            "data-live=\"/api/v1/view/{view}\" data-version=\"1\""
        )),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("<noscript><meta http-equiv=\"refresh\" content=\"20\"></noscript>")
    );
    // Read-only: no form, no edit id.
    assert!(!page.body.contains("<form"), "{}", page.body);
    assert!(!page.body.contains(&id));

    let de = text(&app.get_in(&path, "de").await.body);
    assert!(de.contains("<html lang=\"de\">"));
    assert!(de.contains("Stand nach Runde 1"), "{de}");
    assert!(de.contains("Runde 1: die Punkte"), "{de}");
    assert!(de.contains("Friederike ist ausgegangen"), "{de}");
    assert!(de.contains("Aktualisiert sich von selbst"), "{de}");
    assert!(!de.contains("<form"));
}

#[tokio::test]
async fn the_share_panel_links_the_table_display_and_the_old_address_leads_there() {
    let app = TestApp::new().await;
    let (id, view) = game(&app).await;
    let page = app.get_in(&format!("/games/{id}"), "en").await;
    assert!(
        page.body.contains(&format!("href=\"/view/{view}/table\" id=\"table-link\">Table display for a laptop or TV (read-only)</a>")),
        "{}",
        page.body
    );
    let de = app.get_in(&format!("/games/{id}"), "de").await;
    assert!(
        de.body
            .contains("Tischanzeige für Laptop oder Fernseher (nur ansehen)")
    );
    // The read-only page offers no share panel, so no way to the edit link either.
    let moved = app.get(&format!("/games/view/{view}/table")).await;
    assert_eq!(moved.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(moved.header("location"), format!("/view/{view}/table"));
}

#[tokio::test]
async fn before_the_first_round_and_for_an_unknown_or_edit_token_the_display_says_so() {
    let app = TestApp::new().await;
    let made = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let body = text(
        &app.get_in(&format!("/view/{}/table", made.view), "en")
            .await
            .body,
    );
    assert!(body.contains("No round entered yet."), "{body}");
    assert!(body.contains("Round 1 of 7"), "{body}");
    // The edit id is not a read-only token: no game there, a sentence, never a 500.
    let edit = app.get_in(&format!("/view/{}/table", made.id), "en").await;
    assert_eq!(edit.status, StatusCode::NOT_FOUND);
    let none = app
        .get_in("/view/0123456789abcdef0123456789abcdef/table", "de")
        .await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert!(none.is_html());
}
