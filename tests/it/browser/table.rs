//! Issue 11 at the table, in a real browser: the game page shows the score first (standings
//! and the next round's button on the first screen of a 360×640 phone after a save).

use serde_json::{Value, json};

use super::Outcome;
use super::harness::{Browser, Phone, TestResult, run_on};

/// A small phone: 360×640 CSS pixels, the first screen the issue measures.
const PHONE_360_640: Phone = Phone {
    width: 360,
    height: 640,
    javascript: true,
    dark: false,
};

/// A new game through the JSON API; its edit path (`/games/…`).
fn create(b: &Browser, setup: &Value) -> Outcome<String> {
    let (status, created) = b.api("POST", "/api/v1/games", None, Some(setup))?;
    if status != 201 {
        return Err(format!("create: {status}: {created}").into());
    }
    Ok(created["url"].as_str().ok_or("a url")?.to_owned())
}

/// Where an element is on the screen: `[top, bottom]` of its box in CSS pixels, and the
/// viewport's height.
async fn on_screen(b: &Browser, css: &str) -> Outcome<(f64, f64, f64)> {
    let css = serde_json::to_string(css)?;
    let found = b
        .js(&format!(
            "const el = document.querySelector({css});
             if (!el) return null;
             const r = el.getBoundingClientRect();
             return [r.top, r.bottom, window.innerHeight];"
        ))
        .await?;
    let v = found
        .as_array()
        .ok_or_else(|| format!("nothing matches {css}"))?;
    let n = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
    Ok((n(0), n(1), n(2)))
}

/// Fails unless the element matching `css` is wholly inside the first screen.
async fn assert_in_first_screen(b: &Browser, css: &str) -> TestResult {
    let (top, bottom, height) = on_screen(b, css).await?;
    if !(top >= 0.0 && bottom <= height) {
        return Err(format!("{css} is at {top}..{bottom}, the screen is {height} px high").into());
    }
    Ok(())
}

#[test]
fn after_a_save_the_standings_and_the_next_rounds_button_fill_the_first_360_by_640_screen() {
    const TEST: &str =
        "after_a_save_the_standings_and_the_next_rounds_button_fill_the_first_360_by_640_screen";
    run_on(TEST, PHONE_360_640, async |b: &Browser| -> TestResult {
        b.goto("/").await?;
        let game = create(
            b,
            &json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"], "cents_per_point": 1}),
        )?;
        for lang in ["en", "de"] {
            b.goto(&format!("/lang/{lang}?next={game}/rounds/new"))
                .await?;
            b.wait_path_is(&format!("{game}/rounds/new")).await?;
            // Round 1 (then 2): Ann goes out, the others typed.
            b.click("form.round-form label[for=\"w0\"]").await?;
            b.fill("input[name=\"points.Ben\"]", "25").await?;
            b.fill("input[name=\"points.Cy\"]", "40").await?;
            b.fill("input[name=\"points.Di\"]", "5").await?;
            b.click("#save").await?;
            b.wait_path_is(&game).await?;
            b.find("#standings").await?;
            assert_in_first_screen(b, "#standings").await?;
            assert_in_first_screen(b, "#enter-round").await?;
            assert_in_first_screen(b, "#next-round .contract").await?;
            b.assert_no_horizontal_scroll().await?;
            // Best first, with the gap to the leader.
            let rows = b
                .js(
                    "return Array.from(document.querySelectorAll('#standings tbody tr'), \
                     tr => Array.from(tr.cells, c => c.textContent.trim()).join(' '));",
                )
                .await?;
            let expected = if lang == "en" {
                json!([
                    "1. Ann 0 –Leader",
                    "2. Di 5 5",
                    "3. Ben 25 25",
                    "4. Cy 40 40"
                ])
            } else {
                json!([
                    "1. Ann 0 –Führt",
                    "2. Di 10 10",
                    "3. Ben 50 50",
                    "4. Cy 80 80"
                ])
            };
            assert_eq!(rows, expected, "{lang}");
            // Round 2 repeats the rules: folded away, a tap opens them. Round 3 has two runs
            // of one suit that may not join end to end: shown open, marked as changed, and
            // still below the button.
            let open = b
                .js("return document.querySelector('#round-rules').open;")
                .await?;
            if lang == "en" {
                assert_eq!(
                    open,
                    json!(false),
                    "round 2: the unchanged rules are folded"
                );
                b.click("#round-rules summary").await?;
                b.wait_text("#round-rules", "107").await?;
            } else {
                assert_eq!(open, json!(true), "round 3: the changed rules are open");
                b.wait_text("#round-rules summary", "(geändert)").await?;
                b.wait_text("#round-rules", "Zwei Folgen").await?;
            }
        }
        Ok(())
    });
}

/// The cells of the score sheet whose content does not fit their box, as "row/column: text".
async fn overflowing_cells(b: &Browser) -> Outcome<Vec<String>> {
    let found = b
        .js("const out = [];
             document.querySelectorAll('table.sheet tbody tr').forEach((tr, r) => {
               Array.from(tr.cells).forEach((td, c) => {
                 if (td.scrollWidth > td.clientWidth + 1) {
                   out.push((r + 1) + '/' + c + ': ' + td.textContent.trim());
                 }
               });
             });
             return out;")
        .await?;
    Ok(serde_json::from_value(found)?)
}

#[test]
fn game_over_in_words_and_the_sheets_marks_fit_a_360_px_phone_with_five_players() {
    const TEST: &str =
        "game_over_in_words_and_the_sheets_marks_fit_a_360_px_phone_with_five_players";
    run_on(TEST, PHONE_360_640, async |b: &Browser| -> TestResult {
        b.goto("/").await?;
        let players = ["Ann", "Ben", "Cy", "Di", "Eve"];
        let game = create(
            b,
            &json!({"rules": "liverpool", "players": players, "cents_per_point": 1}),
        )?;
        // Round 1: Eve cuts exactly (she sits before the dealer Ann), Ben buys twice,
        // Cy three times; round 2: Cy goes out.
        for round in [
            json!({"went_out": "Ann", "points": {"Ben": 125, "Cy": 40, "Di": 5, "Eve": 15},
                   "cut_bonus": true, "buys": {"Ben": 2, "Cy": 3}}),
            json!({"went_out": "Cy", "points": {"Ann": 40, "Ben": 25, "Di": 5, "Eve": 115},
                   "buys": {"Eve": 1}}),
        ] {
            let (status, answer) =
                b.api("POST", &format!("/api/v1{game}/rounds"), None, Some(&round))?;
            assert_eq!(status, 200, "{answer}");
        }
        let (status, answer) = b.api(
            "POST",
            &format!("/api/v1{game}/end"),
            None,
            Some(&json!({})),
        )?;
        assert_eq!(status, 200, "{answer}");
        for lang in ["en", "de"] {
            b.goto(&format!("/lang/{lang}?next={game}")).await?;
            b.wait_path_is(&game).await?;
            // Who won, in words, on the first screen.
            let said = b.find("#game-result").await?.text().await?;
            let expected = if lang == "en" {
                "Di wins with 10"
            } else {
                "Di gewinnt mit 10"
            };
            assert!(said.starts_with(expected), "{lang}: {said}");
            assert_in_first_screen(b, "#game-result").await?;
            assert_in_first_screen(b, "#see-settlement").await?;
            // The marks: symbols in the cells, words for screen readers, the legend below.
            let shown = b
                .js(
                    "return Array.from(document.querySelectorAll('table.sheet .mark'), \
                     m => m.textContent.trim());",
                )
                .await?;
            let b2 = if lang == "en" { "B2" } else { "K2" };
            let buy2 = if lang == "en" { "2 buys" } else { "2 Käufe" };
            assert!(
                shown.as_array().is_some_and(|m| m.iter().any(|m| m
                    .as_str()
                    .is_some_and(|m| m.starts_with(b2) && m.ends_with(buy2)))),
                "{lang}: {shown}"
            );
            b.find("#marks-legend").await?;
            let cut = overflowing_cells(b).await?;
            assert!(cut.is_empty(), "{lang}: cells cut at 360 px: {cut:?}");
            b.assert_no_horizontal_scroll().await?;
        }
        Ok(())
    });
}

#[test]
fn save_stays_on_screen_and_points_typed_as_a_sum_are_saved_as_their_total() {
    const TEST: &str = "save_stays_on_screen_and_points_typed_as_a_sum_are_saved_as_their_total";
    run_on(TEST, PHONE_360_640, async |b: &Browser| -> TestResult {
        b.goto("/").await?;
        let game = create(
            b,
            &json!({"rules": "contract", "players": ["Ann", "Ben", "Cy", "Di"]}),
        )?;
        b.goto(&format!("{game}/rounds/new")).await?;
        // Save is on the first screen, and stays there while the form scrolls.
        assert_in_first_screen(b, "#save").await?;
        b.js("window.scrollTo(0, document.body.scrollHeight / 2); return true;")
            .await?;
        assert_in_first_screen(b, "#save").await?;
        b.click("form.round-form label[for=\"w0\"]").await?;
        b.fill("input[name=\"points.Ben\"]", "25+10+5").await?;
        b.fill("input[name=\"points.Cy\"]", "7").await?;
        b.fill("input[name=\"points.Di\"]", "3+3").await?;
        assert_in_first_screen(b, "#save").await?;
        b.click("#save").await?;
        b.wait_path_is(&game).await?;
        b.wait_text("#standings", "40").await?;
        let rows = b
            .js(
                "return Array.from(document.querySelectorAll('#standings tbody tr'), \
                 tr => Array.from(tr.cells, c => c.textContent.trim()).join(' '));",
            )
            .await?;
        assert_eq!(
            rows,
            json!(["1. Ann 0 –Leader", "2. Di 6 6", "3. Cy 7 7", "4. Ben 40 40"])
        );
        Ok(())
    });
}

#[test]
fn the_home_page_tells_this_phones_games_apart_on_a_360_px_phone() {
    const TEST: &str = "the_home_page_tells_this_phones_games_apart_on_a_360_px_phone";
    run_on(TEST, PHONE_360_640, async |b: &Browser| -> TestResult {
        b.goto("/").await?;
        let setup = json!({"rules": "contract", "players": ["Jürgen", "Mariechen", "Wolfgang"]});
        let first = create(b, &setup)?;
        let second = create(b, &setup)?;
        let round = json!({"went_out": "Mariechen", "points": {"Jürgen": 20, "Wolfgang": 5}});
        let (status, answer) = b.api(
            "POST",
            &format!("/api/v1{second}/rounds"),
            None,
            Some(&round),
        )?;
        assert_eq!(status, 200, "{answer}");
        b.goto(&first).await?;
        b.goto(&second).await?;
        b.goto("/").await?;
        let lines = b
            .js(
                "return Array.from(document.querySelectorAll('#recent-games .about'), \
                 s => s.textContent.trim());",
            )
            .await?;
        let lines: Vec<String> = serde_json::from_value(lines)?;
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[0].ends_with("Round 2 of 7 · Mariechen leads with 0"),
            "{lines:?}"
        );
        assert!(lines[1].ends_with("Round 1 of 7"), "{lines:?}");
        b.assert_no_horizontal_scroll().await?;
        Ok(())
    });
}
