//! The race chart (issue 10): `GET /games/{id}/chart.svg` and its read-only twin answer an SVG
//! of the running totals (names escaped, words in the request's language, no caching), and
//! the game and settlement pages show the same chart inline, with its title and description
//! for screen readers (the settlement beside the places, once the game is over); before the
//! first round there is none.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{Made, TestApp, assert_no_inline_script_or_style};

async fn german(app: &TestApp, path: &str) -> crate::common::TestResponse {
    app.get_in(path, "de").await
}

#[tokio::test]
async fn a_game_s_race_chart_is_an_svg_of_the_running_totals_on_its_pages_and_as_a_file() {
    let app = TestApp::new().await;
    let Made { id, view, .. } = app
        .create_game(
            json!({"rules": "contract", "players": ["Ann & Jo", "Ben", "Cy"], "cents_per_point": 5}),
        )
        .await;

    // Before the first round: no chart on the page, and the file says why.
    let page = app.get(&format!("/games/{id}")).await;
    assert!(!page.body.contains("id=\"race\""), "no chart yet");
    let none = app.get(&format!("/games/{id}/chart.svg")).await;
    none.assert_page_refused(StatusCode::NOT_FOUND, "No round is entered yet");

    app.api(
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Ben", "points": {"Ann & Jo": 25, "Cy": 10}}),
    )
    .await;
    app.api(
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Ann & Jo", "points": {"Ben": 40, "Cy": 5}}),
    )
    .await;

    let file = app.get(&format!("/games/{id}/chart.svg")).await;
    assert_eq!(file.status, StatusCode::OK);
    assert_eq!(file.header("content-type"), "image/svg+xml");
    assert_eq!(file.header("cache-control"), "no-store");
    assert!(
        file.header("content-security-policy")
            .starts_with("default-src 'none'")
    );
    let svg = &file.body;
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.contains("role=\"img\""));
    // Running totals: Ann & Jo 25 then 25, Ben 0 then 40, Cy 10 then 15.
    assert!(svg.contains(">Ann &amp; Jo 25</text>"), "{svg}");
    assert!(svg.contains(">Ben 40</text>"));
    assert!(svg.contains(">Cy 15</text>"));
    assert!(svg.contains("Running totals after round 2 of 7: Ann &amp; Jo 25, Ben 40, Cy 15."));
    assert_eq!(svg.matches("<polyline").count(), 3);
    assert!(svg.contains(">Round</text>") && svg.contains(">Points</text>"));
    assert!(!svg.contains("Ann & Jo"), "names are escaped");

    // German words through the read-only link.
    let de = german(&app, &format!("/view/{view}/chart.svg")).await;
    assert_eq!(de.status, StatusCode::OK);
    assert!(
        de.body.contains("Zwischenstände nach Runde 2 von 7"),
        "{}",
        de.body
    );
    assert!(de.body.contains(">Runde</text>") && de.body.contains(">Punkte</text>"));
    assert!(
        !de.body.contains(&id),
        "the read-only chart holds no edit id"
    );
    assert_eq!(
        app.get("/view/0123456789abcdef0123456789abcdef/chart.svg")
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // Inline on the game page and, once the game is over, on the settlement page (edit and
    // read-only), CSP-clean.
    app.api(&format!("/api/v1/games/{id}/end"), json!({})).await;
    for path in [
        format!("/games/{id}"),
        format!("/view/{view}"),
        format!("/games/{id}/settlement"),
        format!("/view/{view}/settlement"),
    ] {
        let page = app.get(&path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        let body = &page.body;
        assert!(
            body.contains("<figure class=\"race-chart\" id=\"race\">"),
            "{path}"
        );
        let base = path.trim_end_matches("/settlement");
        let img = format!("<img class=\"kc\" src=\"{base}/chart.svg\" alt=\"");
        let at = body
            .find(&img)
            .unwrap_or_else(|| panic!("{path}: no chart image"));
        let alt = &body[at + img.len()..];
        let alt = &alt[..alt.find('"').unwrap()];
        assert!(alt.contains("round 2 of 7"), "{path}: {alt}");
        assert!(alt.contains("Ben 40, Cy 15."), "{path}: {alt}");
        assert!(!alt.contains("Ann & Jo"), "escaped: {alt}");
        assert!(
            body.contains("The score sheet holds the same numbers as a table."),
            "{path}"
        );
        assert_no_inline_script_or_style(body);
    }
}
