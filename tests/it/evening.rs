//! Issue 11, "The evening at the table without friction", as the server answers it (the
//! browser tests are in `browser/evening.rs`): the meld checker's verdict where one looks.

use axum::http::StatusCode;

use crate::common::{TestApp, post_form, text};

#[tokio::test]
async fn the_checkers_verdict_stands_above_the_card_grid_where_check_lands() {
    let app = TestApp::new().await;
    let page = app.get("/check?rules=liverpool&round=3").await.body;
    // "Check" posts to the verdict's place, and that place is before the melds and the grid.
    assert!(
        page.contains("value=\"check\" formaction=\"/check#verdict\""),
        "{page}"
    );
    for lang in ["en", "de"] {
        let response = post_form(
            &app,
            "/check",
            &[
                ("rules", "liverpool"),
                ("shown", "liverpool"),
                ("round", "3"),
                ("melds", "3H 4H 5H 6H | 7H 8H 9H 10H"),
                ("action", "check"),
            ],
            lang,
        )
        .await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.body);
        let body = text(&response.body);
        let verdict = body
            .find("<div id=\"verdict\" tabindex=\"-1\">")
            .expect("the verdict's place");
        let result = body
            .find("<div class=\"result bad\" role=\"status\">")
            .expect("a verdict");
        let melds = body.find("<textarea id=\"melds\"").unwrap();
        let grid = body.find("data-target=\"melds\"").unwrap();
        assert!(
            verdict < result && result < melds && melds < grid,
            "verdict first"
        );
        assert!(body.contains("<script src=\"/static/verdict.js\" defer></script>"));
    }
    let script = app.get("/static/verdict.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.body.contains("focus"));
}
