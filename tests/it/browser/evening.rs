//! Issue 11, "The evening at the table without friction", in a real browser on a 360 px
//! phone: undo asks first and can be redone (no JavaScript needed), the conflict page's two
//! versions stack and the safe button is the big one, and the meld checker's verdict is on
//! screen after "Check" (360×780, with and without JavaScript).

use serde_json::json;

use super::harness::{Browser, Phone, TestResult, run_on};

/// The 360×780 phone of the issue.
const PHONE_360_780: Phone = Phone {
    width: 360,
    height: 780,
    javascript: true,
    dark: false,
};

/// A contract game of Ann, Ben and Cy with two rounds, entered through the API: its page.
fn game_with_two_rounds(b: &Browser) -> Result<String, Box<dyn std::error::Error>> {
    let (status, created) = b.api(
        "POST",
        "/api/v1/games",
        None,
        Some(&json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]})),
    )?;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    for round in [
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 7}}),
        json!({"went_out": "Ben", "points": {"Ann": 10, "Cy": 30}}),
    ] {
        let (status, answer) = b.api(
            "POST",
            &format!("/api/v1/games/{id}/rounds"),
            None,
            Some(&round),
        )?;
        assert_eq!(status, 200, "{answer}");
    }
    Ok(format!("/games/{id}"))
}

/// Fails unless the element's top stands in the viewport (with room below it to read).
async fn assert_in_view(b: &Browser, css: &str) -> TestResult {
    let script = format!(
        "var r = document.querySelector({css:?}).getBoundingClientRect(); \
         return [r.top >= -1 && r.top < window.innerHeight - 40 && r.height > 0, \
                 r.top, window.scrollY, window.innerHeight, location.hash];"
    );
    let seen = b.js(&script).await?;
    assert_eq!(seen[0], json!(true), "{css} is not on screen: {seen}");
    Ok(())
}

#[test]
fn undo_asks_first_and_redo_brings_the_round_back_on_a_360_px_phone_without_javascript() {
    run_on(
        "undo_asks_first_and_redo_brings_the_round_back_on_a_360_px_phone_without_javascript",
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let page = game_with_two_rounds(b)?;
            b.goto(&page).await?;
            b.click("#undo-link").await?;
            b.wait_text("main h1", "Undo round 2?").await?;
            b.wait_text("main", "Ann 10, Ben 0, Cy 30").await?;
            b.assert_no_horizontal_scroll().await?;
            // "Keep it" changes nothing.
            b.click("#undo-keep").await?;
            b.wait_path_is(&page).await?;
            b.find("table.sheet tbody tr:nth-child(2)").await?;
            b.click("#undo-link").await?;
            b.click("#undo-form button").await?;
            b.wait_text("#undone", "Round 2 was undone (Ann 10, Ben 0, Cy 30).")
                .await?;
            b.assert_no_horizontal_scroll().await?;
            let rows = b
                .js("return document.querySelectorAll('table.sheet tbody tr').length;")
                .await?;
            assert_eq!(rows, json!(1));
            b.click("#redo-form button").await?;
            b.wait_path_is(&page).await?;
            let rows = b
                .js("return document.querySelectorAll('table.sheet tbody tr').length;")
                .await?;
            assert_eq!(rows, json!(2), "round 2 is back");
            Ok(())
        },
    );
}

#[test]
fn the_conflict_pages_versions_stack_at_360_px_and_keeping_the_saved_round_is_the_big_button() {
    run_on(
        "the_conflict_pages_versions_stack_at_360_px_and_keeping_the_saved_round_is_the_big_button",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(&json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]})),
            )?;
            assert_eq!(status, 201);
            let id = created["id"].as_str().unwrap().to_owned();
            // This phone opens the form; another saves round 1 meanwhile.
            b.goto(&format!("/games/{id}/rounds/new")).await?;
            let round = json!({"went_out": "Cy", "points": {"Ann": 10, "Ben": 20}});
            let (status, _) = b.api(
                "POST",
                &format!("/api/v1/games/{id}/rounds"),
                None,
                Some(&round),
            )?;
            assert_eq!(status, 200);
            b.click("label[for=\"went-out-1\"], input[name=\"went_out\"][value=\"Cy\"]")
                .await?;
            b.fill("input[name=\"points.Ann\"]", "10").await?;
            b.fill("input[name=\"points.Ben\"]", "25").await?;
            b.click("#save").await?;
            b.find("#compare").await?;
            b.assert_no_horizontal_scroll().await?;
            let layout = b
                .js(
                    "var t = document.querySelector('.version.theirs').getBoundingClientRect(); \
                     var y = document.querySelector('.version.yours').getBoundingClientRect(); \
                     var keep = document.getElementById('keep-theirs').getBoundingClientRect(); \
                     var save = document.getElementById('save').getBoundingClientRect(); \
                     var size = function (id) { return parseFloat(getComputedStyle(document.getElementById(id)).fontSize); }; \
                     return [y.top >= t.bottom, keep.height >= 56, size('keep-theirs') > size('save'), keep.top < save.top];",
                )
                .await?;
            assert_eq!(
                layout,
                json!([true, true, true, true]),
                "stacked; keep is the big one, and first"
            );
            b.wait_text(".version.yours tr.differs", "≠").await?;
            Ok(())
        },
    );
}

#[test]
fn after_check_the_verdict_is_on_screen_of_a_360_by_780_phone() {
    run_on(
        "after_check_the_verdict_is_on_screen_of_a_360_by_780_phone",
        PHONE_360_780,
        async |b: &Browser| -> TestResult {
            b.goto("/check?rules=liverpool&round=3").await?;
            b.tap_cards(
                "melds",
                &["3♥", "4♥", "5♥", "6♥", "|", "7♥", "8♥", "9♥", "10♥"],
            )
            .await?;
            b.click("button[name=\"action\"][value=\"check\"]").await?;
            b.wait_text("#verdict .result", "join end to end").await?;
            assert_in_view(b, "#verdict .result").await?;
            let focused = b
                .js("return document.activeElement && document.activeElement.id;")
                .await?;
            assert_eq!(focused, json!("verdict"), "focused for screen readers");
            Ok(())
        },
    );
    run_on(
        "after_check_the_verdict_is_on_screen_of_a_360_by_780_phone_without_javascript",
        PHONE_360_780.without_javascript(),
        async |b: &Browser| -> TestResult {
            b.goto("/check?rules=liverpool&round=3").await?;
            b.fill("textarea[name=\"melds\"]", "3H 4H 5H 6H | 7H 8H 9H 10H")
                .await?;
            b.click("button[name=\"action\"][value=\"check\"]").await?;
            b.wait_text("#verdict .result", "join end to end").await?;
            assert_in_view(b, "#verdict .result").await?;
            Ok(())
        },
    );
}

/// A finished contract game (ended early after one round): its settlement page.
fn finished_settlement(b: &Browser) -> Result<String, Box<dyn std::error::Error>> {
    let page = game_with_two_rounds(b)?;
    let id = page.trim_start_matches("/games/");
    let (status, answer) = b.api(
        "POST",
        &format!("/api/v1/games/{id}/end"),
        None,
        Some(&json!({})),
    )?;
    assert_eq!(status, 200, "{answer}");
    Ok(format!("{page}/settlement"))
}

#[test]
fn the_result_is_shared_as_text_on_a_360_px_phone_with_and_without_javascript() {
    run_on(
        "the_result_is_shared_as_text_on_a_360_px_phone_without_javascript",
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let settlement = finished_settlement(b)?;
            b.goto(&settlement).await?;
            b.wait_text("#summary", "/view/").await?;
            b.find("#share-mail").await?;
            b.find("#share-view").await?;
            let hidden = b
                .js("return document.getElementById('share-button').hidden;")
                .await?;
            assert_eq!(hidden, json!(true), "no button without JavaScript");
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
    run_on(
        "the_result_is_shared_as_text_on_a_360_px_phone",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            let settlement = finished_settlement(b)?;
            b.goto(&settlement).await?;
            b.wait_text("#summary", "/view/").await?;
            // Headless Chromium has the clipboard (and maybe the share sheet): the button shows.
            let shown = b
                .js("return !document.getElementById('share-button').hidden;")
                .await?;
            assert_eq!(shown, json!(true));
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}

/// The pages of a PDF, by `pdfinfo` (poppler-utils, installed with the browser).
fn pdf_pages(pdf: &[u8], dir: &std::path::Path) -> Result<u32, Box<dyn std::error::Error>> {
    let path = dir.join("printed.pdf");
    std::fs::write(&path, pdf)?;
    let out = std::process::Command::new("pdfinfo").arg(&path).output()?;
    let info = String::from_utf8(out.stdout)?;
    let pages = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .ok_or_else(|| format!("pdfinfo: {info}"))?;
    Ok(pages.trim().parse()?)
}

#[test]
fn the_settlement_prints_on_one_page_of_a4_and_of_us_letter() {
    use fantoccini::wd::{PrintConfiguration, PrintMargins, PrintSize};
    run_on(
        "the_settlement_prints_on_one_page_of_a4_and_of_us_letter",
        Phone::DEFAULT,
        async |b: &Browser| -> TestResult {
            // Five players, all seven rounds of Contract Rummy, money settled.
            let players = ["Anne-Kathrin", "Bartholomäus", "Cy", "Dora", "Friederike"];
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(
                    &json!({"rules": "contract", "players": players, "cents_per_point": 5,
                             "options": {"jokers": false}}),
                ),
            )?;
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().unwrap().to_owned();
            for round in 0..7 {
                let out = players[round % 5];
                let points: serde_json::Map<String, serde_json::Value> = players
                    .iter()
                    .filter(|p| **p != out)
                    .enumerate()
                    .map(|(i, p)| ((*p).to_owned(), json!(5 * (i + round + 1))))
                    .collect();
                let (status, answer) = b.api(
                    "POST",
                    &format!("/api/v1/games/{id}/rounds"),
                    None,
                    Some(&json!({"went_out": out, "points": points})),
                )?;
                assert_eq!(status, 200, "{answer}");
            }
            let dir = tempfile::tempdir()?;
            for lang in ["en", "de"] {
                b.goto(&format!("/lang/{lang}?next=/games/{id}/settlement"))
                    .await?;
                b.find("#results").await?;
                // The Print button is there with JavaScript.
                let shown = b
                    .js("return !document.getElementById('print-button').hidden;")
                    .await?;
                assert_eq!(shown, json!(true));
                for (paper, size) in [("A4", PrintSize::A4), ("US Letter", PrintSize::US_LETTER)] {
                    let config = PrintConfiguration::builder()
                        .size(size)
                        .margins(PrintMargins {
                            top: 0.8,
                            bottom: 0.8,
                            left: 0.8,
                            right: 0.8,
                        })
                        .build()
                        .map_err(|e| format!("{e}"))?;
                    let pdf = b.client.print(config).await?;
                    // Kept to look at: test-artifacts/print-<lang>-<paper>.pdf.
                    let _ = std::fs::create_dir_all("test-artifacts");
                    let _ = std::fs::write(
                        format!(
                            "test-artifacts/print-{lang}-{}.pdf",
                            paper.replace(' ', "-")
                        ),
                        &pdf,
                    );
                    assert_eq!(pdf_pages(&pdf, dir.path())?, 1, "{lang}, {paper}: one page");
                }
            }
            Ok(())
        },
    );
}

/// This phone saves round 1, goes back, mends Ben's points and saves again: the page says
/// this phone saved the round (the form's key), not that it was saved meanwhile, and keeping
/// it changes nothing. With and without JavaScript.
#[test]
fn after_saving_and_going_back_this_phone_is_told_it_saved_the_round_itself() {
    for (name, phone) in [
        (
            "after_saving_and_going_back_this_phone_is_told_it_saved_the_round_itself",
            Phone::NARROW,
        ),
        (
            "after_saving_and_going_back_this_phone_is_told_it_saved_the_round_itself_without_javascript",
            Phone::NARROW.without_javascript(),
        ),
    ] {
        run_on(name, phone, async |b: &Browser| -> TestResult {
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(&json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]})),
            )?;
            assert_eq!(status, 201);
            let id = created["id"].as_str().unwrap().to_owned();
            b.goto(&format!("/games/{id}/rounds/new")).await?;
            let key = b.value("input[name=\"key\"]").await?;
            b.click("label[for=\"w2\"]").await?;
            b.fill("#p0", "10").await?;
            b.fill("#p1", "20").await?;
            b.click("#save").await?;
            b.wait_path_is(&format!("/games/{id}")).await?;
            // The phone's Back button: the form as it was, Ben's 20 mended to 25, saved again.
            b.client.back().await?;
            b.wait_path_is(&format!("/games/{id}/rounds/new")).await?;
            let again = b.value("input[name=\"key\"]").await?;
            eprintln!(
                "back: the form's key is {} one",
                if again == key { "the same" } else { "a new" }
            );
            b.fill("#p1", "25").await?;
            b.click("#save").await?;
            b.wait_text(".notice.conflict", "This phone already saved round 1")
                .await?;
            b.wait_text(".version.yours tr.differs", "25").await?;
            b.assert_no_horizontal_scroll().await?;
            // Keeping it changes nothing.
            b.click("#keep-theirs").await?;
            b.wait_path_is(&format!("/games/{id}")).await?;
            let (_, state) = b.api("GET", &format!("/api/v1/games/{id}"), None, None)?;
            assert_eq!(state["rounds"][0]["points"]["Ben"], json!(20), "{state}");
            assert_eq!(state["rounds"].as_array().map(Vec::len), Some(1));
            Ok(())
        });
    }
}

#[test]
fn the_conflict_page_shows_who_went_down_first_in_both_versions_at_360_px() {
    run_on(
        "the_conflict_page_shows_who_went_down_first_in_both_versions_at_360_px",
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(
                    &json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"],
                             "options": {"first_down_bonus": 10}}),
                ),
            )?;
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().unwrap().to_owned();
            // This phone opens the form; another saves round 1 (Ben went down first).
            b.goto(&format!("/games/{id}/rounds/new")).await?;
            let round = json!({"went_out": "Ann", "went_down_first": "Ben",
                               "points": {"Ben": 35, "Cy": 15}});
            let (status, body) = b.api(
                "POST",
                &format!("/api/v1/games/{id}/rounds"),
                None,
                Some(&round),
            )?;
            assert_eq!(status, 200, "{body}");
            b.click("form.round-form label[for=\"w0\"]").await?;
            b.click("input[name=\"went_down_first\"][value=\"Cy\"]")
                .await?;
            b.fill("input[name=\"points.Ben\"]", "35").await?;
            b.fill("input[name=\"points.Cy\"]", "15").await?;
            b.click("#save").await?;
            let theirs = b
                .wait_text(".version.theirs tr.differs", "Went down first")
                .await?;
            assert!(theirs.contains("Ben"), "{theirs}");
            let yours = b
                .wait_text(".version.yours tr.differs", "Went down first")
                .await?;
            assert!(yours.contains("Cy"), "{yours}");
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}
