//! The conflict page (issue 11): two phones saved the same round. Both versions side by side
//! with what differs marked (a sign and bold, not colour alone); keeping the saved round is
//! the prominent action and saving one's own says it replaces it; a phone that saved the very
//! same entry before (its Back button) is told so instead of "someone else".

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;

use crate::common::{TestApp, assert_no_inline_script_or_style, post_form, text};

/// A contract game of Ann, Ben and Cy, no round yet: its edit id.
async fn game(app: &TestApp) -> String {
    let request = Request::post("/api/v1/games")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}).to_string(),
        ))
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    response.json()["id"].as_str().unwrap().to_owned()
}

/// The `<section class="version {side}">` of a page.
fn side<'a>(body: &'a str, side: &str) -> &'a str {
    let at = body
        .find(&format!("<section class=\"version {side}\">"))
        .unwrap_or_else(|| panic!("no {side} in {body}"));
    &body[at..at + body[at..].find("</section>").unwrap()]
}

#[tokio::test]
async fn both_versions_are_shown_with_the_differences_marked_and_keeping_theirs_is_prominent() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let rounds = format!("/games/{id}/rounds");
    let saved = post_form(
        &app,
        &rounds,
        &[
            ("version", "0"),
            ("key", &app.form_key(&rounds)),
            ("round", "1"),
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "20"),
        ],
        "en",
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    for (lang, said, keep, mine, theirs_title, yours_title) in [
        (
            "en",
            "Round 1 was saved meanwhile, on another phone or on this one before going back.",
            "Keep the saved round",
            "Save mine instead (replaces round 1 as saved)",
            "Saved now",
            "Your entries",
        ),
        (
            "de",
            "Runde 1 wurde inzwischen gespeichert, auf einem anderen Handy oder auf diesem vor dem Zurückgehen.",
            "Gespeicherte Runde behalten",
            "Stattdessen meine speichern (ersetzt die gespeicherte Runde 1)",
            "Jetzt gespeichert",
            "Deine Eingaben",
        ),
    ] {
        let late = post_form(
            &app,
            &rounds,
            &[
                ("version", "0"),
                ("key", &app.form_key(&rounds)),
                ("round", "1"),
                ("went_out", "Cy"),
                ("points.Ann", "10"),
                ("points.Ben", "25"),
            ],
            lang,
        )
        .await;
        assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
        let body = text(&late.body);
        assert!(body.contains(said), "{body}");
        assert!(!body.contains("Someone else") && !body.contains("Jemand anderes"));
        let theirs = side(&body, "theirs");
        let yours = side(&body, "yours");
        assert!(
            theirs.contains(&format!("<h2>{theirs_title}</h2>")),
            "{theirs}"
        );
        assert!(
            yours.contains(&format!("<h2>{yours_title}</h2>")),
            "{yours}"
        );
        // Same winner and Ann's points: unmarked; Ben's differ: marked with a sign.
        assert!(theirs.contains("<td>Cy</td>") && yours.contains("<td>Cy</td>"));
        assert!(
            theirs.contains("<th scope=\"row\">Ann</th><td>10</td>"),
            "{theirs}"
        );
        assert!(
            yours.contains("<th scope=\"row\">Ann</th><td>10</td>"),
            "{yours}"
        );
        assert!(
            theirs.contains(
                "<tr class=\"differs\"><th scope=\"row\">Ben</th><td><span class=\"mark\">≠</span> <strong>20</strong></td></tr>"
            ),
            "{theirs}"
        );
        assert!(
            yours.contains(
                "<tr class=\"differs\"><th scope=\"row\">Ben</th><td><span class=\"mark\">≠</span> <strong>25</strong></td></tr>"
            ),
            "{yours}"
        );
        assert_eq!(theirs.matches("≠").count(), 1, "only Ben differs");
        // Keeping the saved round is the big button; saving mine is the quiet one and says
        // what it does.
        assert!(
            body.contains(&format!(
                "<a class=\"button big\" id=\"keep-theirs\" href=\"/games/{id}\">{keep}</a>"
            )),
            "{body}"
        );
        assert!(
            body.contains(&format!(
                "<button type=\"submit\" class=\"secondary save\" id=\"save\">{mine}</button>"
            )),
            "{body}"
        );
        assert_no_inline_script_or_style(&late.body);
    }
}

#[tokio::test]
async fn the_same_entry_sent_again_after_back_is_recognised_as_already_saved() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let rounds = format!("/games/{id}/rounds");
    let entry = [
        ("round", "1"),
        ("went_out", "Ann"),
        ("points.Ben", "5"),
        ("cards.Cy", "KH QS"),
    ];
    let before_back = app.form_key(&rounds);
    let mut first = vec![("version", "0"), ("key", before_back.as_str())];
    first.extend(entry);
    let saved = post_form(&app, &rounds, &first, "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    // Back, and the form (rendered again, so a new key) sent once more with the old version.
    let after_back = app.form_key(&rounds);
    let mut again = vec![("version", "0"), ("key", after_back.as_str())];
    again.extend(entry);
    let response = post_form(&app, &rounds, &again, "en").await;
    assert_eq!(response.status, StatusCode::CONFLICT);
    let body = text(&response.body);
    assert!(
        body.contains("Round 1 is already saved exactly as entered here, most likely from this phone before going back. Nothing more needs saving."),
        "{body}"
    );
    assert!(!body.contains("≠"), "nothing differs");
    assert!(body.contains("id=\"keep-theirs\""));
    let german = text(&post_form(&app, &rounds, &again, "de").await.body);
    assert!(german.contains("Runde 1 ist schon genau so gespeichert, wie hier eingegeben"));
    // Nothing was written twice.
    let history = app.get(&format!("/api/v1/games/{id}/history")).await.json();
    assert_eq!(history["count"], 1);
}
