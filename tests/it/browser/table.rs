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
