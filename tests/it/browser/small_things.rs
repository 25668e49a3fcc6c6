//! Small things of the evening in a real browser on a 360 px phone: the undo confirmation shows
//! all four players' totals, and the points field being typed in is never under the sticky
//! Save button, also when the keyboard takes half the screen.

use serde_json::json;

use super::harness::{Browser, Phone, TestResult, run_on};

/// A contract game of four with names a table writes and one round, through the API: its page.
fn game_of_four(b: &Browser) -> Result<String, Box<dyn std::error::Error>> {
    let (status, created) = b.api(
        "POST",
        "/api/v1/games",
        None,
        Some(&json!({"rules": "contract",
                     "players": ["Maya", "Jonas", "Friederike", "Konstantin"]})),
    )?;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().ok_or("an id")?.to_owned();
    let (status, answer) = b.api(
        "POST",
        &format!("/api/v1/games/{id}/rounds"),
        None,
        Some(&json!({"went_out": "Maya",
                     "points": {"Jonas": 35, "Friederike": 60, "Konstantin": 85}})),
    )?;
    assert_eq!(status, 200, "{answer}");
    Ok(format!("/games/{id}"))
}

/// Fails unless every cell of the scores at a glance lies inside the viewport and the table
/// does not scroll inside its box.
async fn brief_on_screen(b: &Browser) -> TestResult {
    let seen = b
        .js("var box = document.querySelector('.table-scroll.brief'); \
             var out = []; \
             document.querySelectorAll('.brief th, .brief td').forEach(function (c) { \
               var r = c.getBoundingClientRect(); \
               if (r.right > window.innerWidth + 0.5 || r.left < -0.5) out.push(c.textContent); \
             }); \
             return [out, box.scrollWidth - box.clientWidth];")
        .await?;
    assert_eq!(seen[0], json!([]), "cells off the screen: {seen}");
    assert!(
        seen[1].as_f64().unwrap_or(99.0) <= 1.0,
        "the table scrolls sideways: {seen}"
    );
    Ok(())
}

#[test]
fn the_undo_confirmation_shows_all_four_players_on_a_360_px_phone_in_english_and_german() {
    run_on(
        "the_undo_confirmation_shows_all_four_players_on_a_360_px_phone",
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            b.goto(&format!("{game}/undo")).await?;
            b.wait_text(".brief", "Konstantin").await?;
            brief_on_screen(b).await?;
            b.assert_no_horizontal_scroll().await?;
            b.click("header.site a.lang-switch").await?;
            b.find("html[lang=\"de\"]").await?;
            b.wait_text(".brief", "Konstantin").await?;
            brief_on_screen(b).await?;
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}

/// Fails unless the focused field's bottom stands above the Save button's top and inside the
/// visible part of the page.
async fn field_above_save(b: &Browser, what: &str) -> TestResult {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    loop {
        let seen = b
            .js("var f = document.activeElement.getBoundingClientRect(); \
                 var s = document.querySelector('form.round-form button.save') \
                   .getBoundingClientRect(); \
                 var v = window.visualViewport; \
                 var bottom = v ? v.offsetTop + v.height : window.innerHeight; \
                 return [f.bottom <= s.top && f.top >= 0 && f.bottom <= bottom, \
                         f.top, f.bottom, s.top, bottom, document.activeElement.id];")
            .await?;
        if seen[0] == json!(true) {
            return Ok(());
        }
        if std::time::Instant::now() > deadline {
            return Err(format!("{what}: the field is under the Save button: {seen}").into());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[test]
fn the_points_field_typed_in_is_never_under_the_save_button_on_a_360_px_phone() {
    run_on(
        "the_points_field_typed_in_is_never_under_the_save_button_on_a_360_px_phone",
        // The keyboard takes the lower half of a 360×740 screen: the page sees 360×370.
        Phone {
            width: 360,
            height: 370,
            javascript: true,
            dark: false,
        },
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            b.goto(&format!("{game}/rounds/new")).await?;
            let last = "#player-3 .f-points input";
            b.find(last).await?;
            for field in ["#player-1 .f-points input", last] {
                b.js("window.scrollTo(0, 0);").await?;
                // The field was tapped before the keyboard opened: it has the focus now.
                b.js(&format!("document.querySelector({field:?}).focus();"))
                    .await?;
                field_above_save(b, field).await?;
                b.find(field).await?.send_keys("5").await?;
                field_above_save(b, field).await?;
            }
            Ok(())
        },
    );
}

#[test]
fn ending_the_game_asks_first_and_resume_takes_it_back_on_a_360_px_phone_without_javascript() {
    run_on(
        "ending_the_game_asks_first_and_resume_takes_it_back_on_a_360_px_phone",
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            b.goto(&game).await?;
            b.click("#end-link").await?;
            b.wait_text("h1", "End the game after round 1?").await?;
            b.wait_text("main", "settled on the totals now").await?;
            b.wait_text(".brief", "Konstantin").await?;
            brief_on_screen(b).await?;
            b.assert_no_horizontal_scroll().await?;
            // "Keep playing" changes nothing.
            b.click("#undo-keep").await?;
            b.wait_path_is(&game).await?;
            b.find("#end-link").await?;
            // In German, then ended, then resumed from the game page.
            b.click("header.site a.lang-switch").await?;
            b.find("html[lang=\"de\"]").await?;
            b.click("#end-link").await?;
            b.wait_text("h1", "Partie nach Runde 1 beenden?").await?;
            b.assert_no_horizontal_scroll().await?;
            b.click("#undo-form button").await?;
            b.wait_path_is(&game).await?;
            b.find("#resume-form").await?;
            b.click("#resume-form button").await?;
            b.find("#end-link").await?;
            Ok(())
        },
    );
}

/// Fails unless the meld box's top stands on the first screen, without scrolling.
async fn meld_box_on_first_screen(b: &Browser) -> TestResult {
    let seen = b
        .js(
            "var r = document.querySelector('#melds').getBoundingClientRect(); \
             return [r.top > 0 && r.bottom < window.innerHeight, r.top, window.innerHeight];",
        )
        .await?;
    assert_eq!(
        seen[0],
        json!(true),
        "the meld box is not on the first screen: {seen}"
    );
    Ok(())
}

#[test]
fn the_checker_from_a_game_starts_with_its_rules_and_the_meld_box_first_on_a_360_px_phone() {
    run_on(
        "the_checker_from_a_game_starts_with_its_rules_and_the_meld_box_first_on_a_360_px_phone",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            b.goto(&game).await?;
            b.click("header.site nav a[href^=\"/check\"]").await?;
            b.wait_text("#from-game", "Set to your game").await?;
            b.wait_text("#rules-summary", "Contract Rummy · round 2")
                .await?;
            meld_box_on_first_screen(b).await?;
            b.assert_no_horizontal_scroll().await?;
            // The options open on a tap.
            b.click("#rules-summary").await?;
            b.find("#sec-rules[open] select#rules").await?;
            // In German, the plain checker: the meld box first as well.
            b.click("header.site a.lang-switch").await?;
            b.find("html[lang=\"de\"]").await?;
            b.goto("/check").await?;
            b.wait_text("#rules-summary", "Optionen wie im Regelbuch")
                .await?;
            meld_box_on_first_screen(b).await?;
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}

/// A group of Anne-Kathrin, Bartholomäus and Cy with two finished games: its edit id.
fn group_with_two_games(b: &Browser) -> Result<String, Box<dyn std::error::Error>> {
    let body = json!({"name": "Freitagsrunde", "players": ["Anne-Kathrin", "Bartholomäus", "Cy"]});
    let (status, group) = b.api("POST", "/api/v1/groups", None, Some(&body))?;
    assert_eq!(status, 201, "{group}");
    let id = group["id"].as_str().ok_or("an id")?.to_owned();
    for (out, points) in [
        ("Cy", json!({"Anne-Kathrin": 20, "Bartholomäus": 40})),
        ("Bartholomäus", json!({"Anne-Kathrin": 25, "Cy": 40})),
    ] {
        let setup = json!({"rules": "contract", "cents_per_point": 10,
                           "players": ["Anne-Kathrin", "Bartholomäus", "Cy"]});
        let (status, game) = b.api(
            "POST",
            &format!("/api/v1/groups/{id}/games"),
            None,
            Some(&setup),
        )?;
        assert_eq!(status, 201, "{game}");
        let game = game["id"].as_str().ok_or("a game id")?.to_owned();
        let round = json!({"went_out": out, "points": points});
        let (status, state) = b.api(
            "POST",
            &format!("/api/v1/games/{game}/rounds"),
            None,
            Some(&round),
        )?;
        assert_eq!(status, 200, "{state}");
        let (status, state) = b.api(
            "POST",
            &format!("/api/v1/games/{game}/end"),
            None,
            Some(&json!({})),
        )?;
        assert_eq!(status, 200, "{state}");
    }
    Ok(id)
}

#[test]
fn standings_are_cards_on_a_412_px_phone_in_german_and_a_table_on_a_wide_screen() {
    run_on(
        "standings_are_cards_on_a_412_px_phone_in_german_and_a_table_on_a_wide_screen",
        Phone {
            width: 412,
            height: 915,
            javascript: true,
            dark: false,
        },
        async |b: &Browser| -> TestResult {
            let id = group_with_two_games(b)?;
            b.goto(&format!("/groups/{id}/standings")).await?;
            b.click("header.site a.lang-switch").await?;
            b.find("html[lang=\"de\"]").await?;
            let cards = b.wait_text("#standings-cards-1", "Platz 1").await?;
            assert!(cards.contains("Bartholomäus"), "{cards}");
            // Place, name and money stand on the card's first line, on screen.
            let head = b
                .js(
                    "var h = document.querySelector('#standings-cards-1 .card-head'); \
                     var m = h.querySelector('.money').getBoundingClientRect(); \
                     return [m.right <= window.innerWidth, h.querySelector('.money').textContent];",
                )
                .await?;
            assert_eq!(head[0], json!(true), "the money is off the screen: {head}");
            b.assert_no_horizontal_scroll().await?;
            let survey = b.phone_problems(".table-scroll").await?;
            assert!(survey.problems.is_empty(), "{:?}", survey.problems);
            Ok(())
        },
    );
    run_on(
        "standings_are_a_table_on_a_laptop",
        Phone {
            width: 1280,
            height: 800,
            javascript: true,
            dark: false,
        },
        async |b: &Browser| -> TestResult {
            let id = group_with_two_games(b)?;
            b.goto(&format!("/groups/{id}/standings")).await?;
            let table = b.wait_text("#standings-table-1", "Bartholomäus").await?;
            assert!(table.contains("1st place"), "{table}");
            let cards = b
                .js("return getComputedStyle(document.querySelector('#standings-cards-1')).display;")
                .await?;
            assert_eq!(cards, json!("none"));
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}

/// Sets the root font size to 200 %, as Android's largest font scaling does.
async fn text_at_200_percent(b: &Browser) -> TestResult {
    b.js("document.documentElement.style.fontSize = '200%';")
        .await?;
    Ok(())
}

/// The pairs of the score sheet's numbers whose boxes overlap (each number's own text box).
const OVERLAPS: &str = r#"
var boxes = [];
document.querySelectorAll('table.sheet td, table.sheet tfoot th').forEach(function (cell) {
  var walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  var node;
  while ((node = walker.nextNode())) {
    if (!node.textContent.trim() || node.parentElement.closest('.visually-hidden')) continue;
    var range = document.createRange();
    range.selectNodeContents(node);
    Array.prototype.forEach.call(range.getClientRects(), function (r) {
      if (r.width > 0 && r.height > 0) boxes.push([node.textContent.trim(), r.left, r.top, r.right, r.bottom]);
    });
  }
});
var hits = [];
for (var i = 0; i < boxes.length; i++) for (var j = i + 1; j < boxes.length; j++) {
  var a = boxes[i], c = boxes[j];
  if (a[1] < c[3] - 0.5 && c[1] < a[3] - 0.5 && a[2] < c[4] - 0.5 && c[2] < a[4] - 0.5) hits.push(a[0] + ' / ' + c[0]);
}
return [hits, boxes.length];
"#;

#[test]
fn at_200_percent_text_no_number_overlaps_names_wrap_by_word_and_the_save_bar_stays_small() {
    run_on(
        "at_200_percent_text_no_number_overlaps_names_wrap_by_word_and_the_save_bar_stays_small",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            let id = game.trim_start_matches("/games/");
            b.enter_rounds(
                id,
                &[
                    (
                        "Jonas",
                        json!({"Maya": 35, "Friederike": 60, "Konstantin": 45}),
                    ),
                    (
                        "Friederike",
                        json!({"Maya": 100, "Jonas": 5, "Konstantin": 60}),
                    ),
                ],
            )?;
            for lang in ["en", "de"] {
                b.goto(&game).await?;
                if lang == "de" {
                    b.click("header.site a.lang-switch").await?;
                    b.find("html[lang=\"de\"]").await?;
                }
                text_at_200_percent(b).await?;
                let seen = b.js(OVERLAPS).await?;
                assert_eq!(seen[0], json!([]), "{lang}: numbers overlap: {seen}");
                assert!(seen[1].as_u64().unwrap_or(0) >= 12, "{seen}");

                b.goto(&format!("{game}/rounds/new")).await?;
                text_at_200_percent(b).await?;
                // Each name breaks only between words: no line holds a part of a word.
                let names = b
                    .js("var bad = []; document.querySelectorAll('.row-main label.choice span') \
                         .forEach(function (s) { var r = document.createRange(); \
                           r.selectNodeContents(s); var lines = new Set(); \
                           Array.prototype.forEach.call(r.getClientRects(), function (q) { \
                             lines.add(Math.round(q.top)); }); \
                           var words = s.textContent.trim().split(/[\\s-]+/).length; \
                           if (lines.size > words) bad.push(s.textContent + ': ' + lines.size); }); \
                         return bad;")
                    .await?;
                assert_eq!(names, json!([]), "{lang}: names broken inside a word");
                // The sticky Save button leaves the form most of the screen.
                let save = b
                    .js(
                        "return document.querySelector('form.round-form button.save') \
                         .getBoundingClientRect().height / window.innerHeight;",
                    )
                    .await?;
                assert!(
                    save.as_f64().unwrap_or(1.0) <= 0.15,
                    "{lang}: the Save bar takes {save} of the screen"
                );
            }
            Ok(())
        },
    );
}
