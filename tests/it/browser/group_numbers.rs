//! A group's numbers in a real browser on a 360 px phone without JavaScript (issue 10): a
//! group with two finished games (made through the API), its standings with the period form,
//! head-to-head, the ledger with its money chart, and a settle-up by one tap; no page
//! scrolls sideways.

use serde_json::json;

use super::harness::{Phone, run_on};

#[test]
fn standings_ledger_and_settle_up_on_a_360_px_phone_without_javascript() {
    run_on(
        "standings_ledger_and_settle_up_on_a_360_px_phone_without_javascript",
        Phone::NARROW.without_javascript(),
        async |b| {
            let body = json!({"name": "Freitagsrunde", "players": ["Ann", "Ben", "Cy"]});
            let (status, group) = b.api("POST", "/api/v1/groups", None, Some(&body))?;
            assert_eq!(status, 201, "{group}");
            let id = group["id"].as_str().ok_or("an id")?.to_owned();
            for (players, out, points) in [
                (["Ann", "Ben", "Cy"], "Ann", json!({"Ben": 20, "Cy": 40})),
                (["Ben", "Ann", "Cy"], "Ben", json!({"Ann": 25, "Cy": 40})),
            ] {
                let setup = json!({"rules": "contract", "players": players,
                                   "cents_per_point": 10});
                let path = format!("/api/v1/groups/{id}/games");
                let (status, game) = b.api("POST", &path, None, Some(&setup))?;
                assert_eq!(status, 201, "{game}");
                let game = game["id"].as_str().ok_or("a game id")?.to_owned();
                let round = json!({"went_out": out, "points": points});
                let path = format!("/api/v1/games/{game}/rounds");
                let (status, state) = b.api("POST", &path, None, Some(&round))?;
                assert_eq!(status, 200, "{state}");
                let path = format!("/api/v1/games/{game}/end");
                let (status, state) = b.api("POST", &path, None, Some(&json!({})))?;
                assert_eq!(status, 200, "{state}");
            }

            b.goto(&format!("/groups/{id}/standings")).await?;
            b.wait_text("h1", "Standings").await?;
            b.assert_no_horizontal_scroll().await?;
            // On a phone: one card per player, place, name and money first; the filters
            // folded under the list.
            let cards = b.wait_text("#standings-cards-1", "1st").await?;
            assert!(cards.contains("Ann") && cards.contains("Cy"), "{cards}");
            let hidden = b
                .js("return getComputedStyle(document.querySelector('.standings-wide')).display;")
                .await?;
            assert_eq!(
                hidden,
                json!("none"),
                "the ten-column table waits for a wide screen"
            );
            let order = b
                .js("return document.querySelector('#standings-cards-1').getBoundingClientRect().top \
                     < document.querySelector('#filter-fold').getBoundingClientRect().top;")
                .await?;
            assert_eq!(order, json!(true), "the filters come under the list");
            b.click("#filter-fold > summary").await?;
            b.click("input[name=period][value=year]").await?;
            b.click("#filter-show").await?;
            b.wait_text("#period-shown", "-01-01").await?;
            let cards = b.wait_text("#standings-cards-1", "Ann").await?;
            assert!(cards.contains("Cy"), "{cards}");
            b.assert_no_horizontal_scroll().await?;
            let survey = b.phone_problems(".table-scroll").await?;
            assert!(survey.problems.is_empty(), "{:?}", survey.problems);

            b.goto(&format!("/groups/{id}/head-to-head")).await?;
            b.click("#filter-show").await?;
            b.wait_text("#h2h", "finished games together").await?;
            b.assert_no_horizontal_scroll().await?;

            b.goto(&format!("/groups/{id}/ledger")).await?;
            b.wait_text("#transfers-1", "pays").await?;
            b.find("#money-chart").await?;
            b.assert_no_horizontal_scroll().await?;
            let height = b
                .js("return document.querySelector('#settle-up-link').getBoundingClientRect().height;")
                .await?;
            assert!(
                height.as_f64().unwrap_or(0.0) >= 44.0,
                "Settled up is {height} px high"
            );
            // Settled up asks first, naming what happens; "Not yet" changes nothing.
            b.click("#settle-up-link").await?;
            b.wait_text("#settle-confirm", "starts again at zero")
                .await?;
            b.assert_no_horizontal_scroll().await?;
            b.click("#settle-keep").await?;
            b.wait_text("#transfers-1", "pays").await?;
            b.click("#settle-up-link").await?;
            b.click("#settle-up").await?;
            b.wait_text("#settled-notice", "starts again at zero")
                .await?;
            b.wait_text("#nothing-open", "Nothing to settle").await?;
            b.wait_text("#settle-ups", "Ann").await?;
            b.assert_no_horizontal_scroll().await?;
            let (_, state) = b.api("GET", &format!("/api/v1/groups/{id}"), None, None)?;
            assert_eq!(state["settle_ups"].as_array().map(Vec::len), Some(1));
            assert_eq!(state["ledger"]["games"], 0);
            // Pressed by mistake: undone from the page, the balances are back.
            b.click("#settle-undo").await?;
            b.wait_text("#settled-notice", "undone").await?;
            b.wait_text("#transfers-1", "pays").await?;
            b.assert_no_horizontal_scroll().await?;
            let (_, state) = b.api("GET", &format!("/api/v1/groups/{id}"), None, None)?;
            assert_eq!(state["settle_ups"].as_array().map(Vec::len), Some(0));
            Ok(())
        },
    );
}
