//! Issue 11's mid-game pieces in the browser, on a 360 px phone without JavaScript, in
//! English and German: the confirm step of an unlikely round (docs/RULES.md section 5,
//! "Plausibility"), and the changes a table makes during a game (section 8): a player sits
//! out, one leaves, one joins late, one is renamed.

use serde_json::json;

use super::harness::{Browser, Phone, TestResult, run_on};

/// Fails with what the phone check found on the page shown (text size, contrast, tap
/// targets, sideways scrolling).
async fn fits_the_phone(b: &Browser, what: &str) -> TestResult {
    b.assert_no_horizontal_scroll().await?;
    let check = b.phone_problems("").await?;
    if !check.problems.is_empty() {
        return Err(format!("{what} ({}): {}", check.path, check.problems.join("; ")).into());
    }
    Ok(())
}

#[test]
fn an_unlikely_round_is_asked_about_and_saved_anyway_without_javascript() {
    const TEST: &str = "an_unlikely_round_is_asked_about_and_saved_anyway_without_javascript";
    run_on(
        TEST,
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(&json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]})),
            )?;
            assert_eq!(status, 201, "{created}");
            let game = created["url"].as_str().ok_or("no url")?.to_owned();
            for (lang, sentence, button, saved) in [
                (
                    "en",
                    "Ben has 0 points but did not go out.",
                    "Save anyway",
                    1,
                ),
                (
                    "de",
                    "Ben hat 0 Punkte, ist aber nicht ausgegangen.",
                    "Trotzdem speichern",
                    2,
                ),
            ] {
                b.goto(&format!("{game}/rounds/new")).await?;
                let shown = b.find("html").await?.attr("lang").await?;
                if shown.as_deref() != Some(lang) {
                    b.click("header.site a.lang-switch").await?;
                }
                b.find(&format!("html[lang=\"{lang}\"]")).await?;
                b.click("form.round-form label[for=\"w0\"]").await?;
                b.fill("form.round-form input[name=\"points.Ben\"]", "0")
                    .await?;
                b.fill("form.round-form input[name=\"points.Cy\"]", "25")
                    .await?;
                b.click("form.round-form button#save").await?;

                // The notice names the oddity above the form; the form keeps what was typed.
                let notice = b.wait_text(".notice.unlikely", sentence).await?;
                assert!(notice.contains(button), "{notice}");
                assert_eq!(
                    b.value("form.round-form input[name=\"points.Ben\"]")
                        .await?,
                    "0"
                );
                let top = b
                    .js("return document.querySelector('#save-anyway').getBoundingClientRect().bottom")
                    .await?;
                assert!(
                    top.as_f64().unwrap_or(f64::MAX) <= 740.0,
                    "Save anyway is on the first screen: {top}"
                );
                fits_the_phone(b, &format!("{lang} confirm step")).await?;

                // "Change" leads to Ben's field; "Save anyway" saves what was checked.
                let change = b.find("#change").await?.attr("href").await?;
                assert_eq!(change.as_deref(), Some("#player-1"));
                b.click("#save-anyway").await?;
                b.wait_path_is(&game).await?;
                let (_, state) = b.api("GET", &format!("/api/v1{game}"), None, None)?;
                assert_eq!(
                    state["rounds"].as_array().map(Vec::len),
                    Some(saved),
                    "{state}"
                );
            }
            Ok(())
        },
    );
}

#[test]
fn a_table_sits_out_leaves_joins_and_renames_on_a_360_px_phone() {
    const TEST: &str = "a_table_sits_out_leaves_joins_and_renames_on_a_360_px_phone";
    run_on(
        TEST,
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(&json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Dee"]})),
            )?;
            assert_eq!(status, 201, "{created}");
            let game = created["url"].as_str().ok_or("no url")?.to_owned();
            let api = format!("/api/v1{game}/rounds");
            let first = json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20, "Dee": 30}});
            let (status, body) = b.api("POST", &api, None, Some(&first))?;
            assert_eq!(status, 200, "{body}");

            // Ben sits out round 2: the round form has no row for him.
            b.goto(&game).await?;
            b.click("#players-link").await?;
            b.wait_path_is(&format!("{game}/players")).await?;
            fits_the_phone(b, "players page").await?;
            b.click("#sit-out-2").await?;
            b.wait_text("#player-2 .player-status", "sits out round 2")
                .await?;
            b.goto(&format!("{game}/rounds/new")).await?;
            let ben = b
                .js("return document.querySelector('input[name=\"points.Ben\"]') === null")
                .await?;
            assert_eq!(ben, json!(true), "Ben has no row in round 2");
            let second = json!({"went_out": "Cy", "points": {"Ann": 5, "Dee": 15}});
            let (status, body) = b.api("POST", &api, None, Some(&second))?;
            assert_eq!(status, 200, "{body}");

            // Dee leaves, Eve joins after Ann with the worst total, Ann becomes Anna.
            b.goto(&format!("{game}/players")).await?;
            b.click("#leave-4").await?;
            b.wait_text("#player-4 .player-status", "left after round 2")
                .await?;
            b.fill("#join-name", "Eve").await?;
            b.select("#join-after", "Ann").await?;
            b.click("#join-form button").await?;
            b.wait_text("#player-5 .player-status", "joined after round 2")
                .await?;
            b.fill("#rename-1", "Anna").await?;
            b.click("#player-1 form.inline-form button").await?;
            b.wait_text("#player-1", "Anna").await?;
            fits_the_phone(b, "players page after the changes").await?;

            let third = json!({"went_out": "Eve", "points": {"Anna": 5, "Ben": 5, "Cy": 5}});
            let (status, body) = b.api("POST", &api, None, Some(&third))?;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["totals"]["Eve"], 45, "Eve started at Dee's 45");
            assert_eq!(body["totals"]["Dee"], 45, "Dee keeps her total");

            // The sheet shows the changes, with words for each mark; the page fits.
            b.goto(&game).await?;
            let legend = b.wait_text("ul.legend", "sat out this round").await?;
            assert!(
                legend.contains("left the table after this round"),
                "{legend}"
            );
            assert!(legend.contains("joined the table this round"), "{legend}");
            let sheet = b.find("table").await?.text().await?;
            assert!(sheet.contains("Anna") && sheet.contains("Eve"), "{sheet}");
            fits_the_phone(b, "game page with the changes").await?;
            Ok(())
        },
    );
}

#[test]
fn a_change_undone_is_named_redone_and_shown_before_and_after_on_a_360_px_phone() {
    const TEST: &str =
        "a_change_undone_is_named_redone_and_shown_before_and_after_on_a_360_px_phone";
    run_on(
        TEST,
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(&json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Dee"]})),
            )?;
            assert_eq!(status, 201, "{created}");
            let game = created["url"].as_str().ok_or("no url")?.to_owned();
            let first = json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20, "Dee": 30}});
            let (status, body) =
                b.api("POST", &format!("/api/v1{game}/rounds"), None, Some(&first))?;
            assert_eq!(status, 200, "{body}");

            // Ben sits out round 2 by mistake: Undo names the change, asks, and takes it back.
            b.goto(&format!("{game}/players")).await?;
            b.click("#sit-out-2").await?;
            b.wait_text("#player-2 .player-status", "sits out round 2")
                .await?;
            b.goto(&game).await?;
            b.click("#undo-link").await?;
            b.wait_text("h1", "Take back “Ben sits out round 2”?")
                .await?;
            fits_the_phone(b, "confirm page of a change").await?;
            b.click("#undo-form button").await?;
            let notice = b
                .wait_text("#undone", "Undone: Ben sits out round 2.")
                .await?;
            assert!(notice.contains("Redo this change"), "{notice}");
            fits_the_phone(b, "game page after undoing a change").await?;

            // It was right after all: Redo puts it back, and the notice goes.
            b.click("#redo-form button").await?;
            b.wait_path_is(&game).await?;
            let (_, state) = b.api("GET", &format!("/api/v1{game}"), None, None)?;
            assert_eq!(state["table"][1]["sits_out_next"], true, "{state}");
            let gone = b
                .js("return document.querySelector('#undone') === null")
                .await?;
            assert_eq!(gone, json!(true));

            // Undone once more and redone from the history page instead.
            b.goto(&format!("{game}/undo")).await?;
            b.click("#undo-form button").await?;
            b.wait_text("#undone", "Undone: Ben sits out round 2.")
                .await?;
            b.goto(&format!("{game}/history")).await?;
            b.wait_text("#history-redo-form button", "Redo this change")
                .await?;
            fits_the_phone(b, "history with the redo form").await?;
            b.click("#history-redo-form button").await?;
            b.wait_path_is(&game).await?;
            let (_, state) = b.api("GET", &format!("/api/v1{game}"), None, None)?;
            assert_eq!(state["table"][1]["sits_out_next"], true, "{state}");

            // The history shows each change before → after, and fits the phone.
            let stake = json!({"cents_per_point": 20, "currency": "CHF"});
            let (status, body) = b.api(
                "POST",
                &format!("/api/v1{game}/settings"),
                None,
                Some(&stake),
            )?;
            assert_eq!(status, 200, "{body}");
            b.goto(&format!("{game}/history")).await?;
            let history = b.wait_text("ol.history", "sits out round 2").await?;
            assert!(
                history.contains("Taken back: Ben sits out round 2"),
                "{history}"
            );
            assert!(history.contains("CHF"), "{history}");
            fits_the_phone(b, "history with changes").await?;
            Ok(())
        },
    );
}
