//! "The evening, round three" in a real browser: at 200 % text on a 360 px phone the
//! settlement's money stays on screen and "went out" never covers its radio button, English
//! and German; the table display fills a landscape screen, dark, and follows the game live.

use serde_json::json;

use super::harness::{Browser, Phone, TestResult, run_on};

/// A game of four with two rounds entered through the API: its page.
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
    b.enter_rounds(
        &id,
        &[
            (
                "Maya",
                json!({"Jonas": 35, "Friederike": 60, "Konstantin": 85}),
            ),
            (
                "Friederike",
                json!({"Maya": 100, "Jonas": 5, "Konstantin": 60}),
            ),
        ],
    )?;
    Ok(format!("/games/{id}"))
}

/// Opens `path` in the language `lang` (the switch in the top bar) with the text at 200 %.
async fn at_200_percent(b: &Browser, path: &str, lang: &str) -> TestResult {
    b.goto(path).await?;
    if lang == "de" && b.find("html[lang=\"en\"]").await.is_ok() {
        b.click("header.site a.lang-switch").await?;
        b.find("html[lang=\"de\"]").await?;
    }
    b.js("document.documentElement.style.fontSize = '200%'; return 0;")
        .await?;
    Ok(())
}

#[test]
fn at_200_percent_text_the_settlements_money_stays_on_a_360_px_screen() {
    run_on(
        "at_200_percent_text_the_settlements_money_stays_on_a_360_px_screen",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            let id = game.trim_start_matches("/games/");
            let (status, answer) = b.api(
                "POST",
                &format!("/api/v1/games/{id}/end"),
                None,
                Some(&json!({})),
            )?;
            assert_eq!(status, 200, "{answer}");
            for lang in ["en", "de"] {
                at_200_percent(b, &format!("{game}/settlement"), lang).await?;
                // Every amount of money (and every total) lies whole inside the viewport.
                let seen = b
                    .js("var out = []; \
                         document.querySelectorAll('#results tbody tr').forEach(function (tr) { \
                           [tr.children[2], tr.children[3]].forEach(function (c) { \
                             var r = c.getBoundingClientRect(); \
                             if (r.left < 0 || r.right > window.innerWidth || r.width === 0) \
                               out.push(c.textContent + ' ' + r.left + '..' + r.right); }); }); \
                         return [out, document.querySelectorAll('#results tbody tr').length, \
                                 document.querySelector('#results').getBoundingClientRect().width, \
                                 window.innerWidth];")
                    .await?;
                assert_eq!(seen[0], json!([]), "{lang}: money off screen: {seen}");
                assert_eq!(seen[1], json!(4), "{lang}: {seen}");
                assert!(
                    seen[2].as_f64().unwrap_or(1e9) <= 360.0,
                    "{lang}: the table is wider than the phone: {seen}"
                );
                // The money reads as money, with its sign, and the names stay whole words.
                let money = b
                    .js("return Array.prototype.map.call( \
                           document.querySelectorAll('#results tbody td:last-child'), \
                           function (c) { return c.textContent; });")
                    .await?;
                let money = money.as_array().ok_or("a list")?;
                assert!(
                    money
                        .iter()
                        .any(|m| m.as_str().unwrap_or("").starts_with('−')),
                    "{lang}: {money:?}"
                );
                b.assert_no_horizontal_scroll().await?;
            }
            Ok(())
        },
    );
}

#[test]
fn at_200_percent_text_went_out_never_covers_the_radio_buttons_or_the_names() {
    run_on(
        "at_200_percent_text_went_out_never_covers_the_radio_buttons_or_the_names",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            for lang in ["en", "de"] {
                at_200_percent(b, &format!("{game}/rounds/new"), lang).await?;
                b.click("label[for=\"w2\"]").await?;
                // The note saying who went out shows, and no box of it overlaps a radio
                // button or a name.
                let seen = b
                    .js("function boxes(css) { var out = []; \
                           document.querySelectorAll(css).forEach(function (e) { \
                             var r = e.getBoundingClientRect(); \
                             if (r.width > 0 && r.height > 0) out.push([e, r]); }); return out; } \
                         function meet(a, c) { return a.left < c.right - 0.5 && c.left < a.right - 0.5 \
                           && a.top < c.bottom - 0.5 && c.top < a.bottom - 0.5; } \
                         var notes = boxes('.winner-note'); \
                         var others = boxes('input[name=went_out]').concat(boxes('label.choice span')); \
                         var hits = []; \
                         notes.forEach(function (n) { others.forEach(function (o) { \
                           if (meet(n[1], o[1])) hits.push(n[0].textContent + ' / ' + (o[0].textContent || o[0].id)); }); }); \
                         var radios = boxes('input[name=went_out]'); \
                         var names = boxes('label.choice span'); \
                         radios.forEach(function (r) { names.forEach(function (s) { \
                           if (meet(r[1], s[1])) hits.push(r[0].id + ' / ' + s[0].textContent); }); }); \
                         return [hits, notes.length, radios.length];")
                    .await?;
                assert_eq!(seen[0], json!([]), "{lang}: overlaps: {seen}");
                assert_eq!(
                    seen[1],
                    json!(1),
                    "{lang}: one note for who went out: {seen}"
                );
                assert!(seen[2].as_u64().unwrap_or(0) >= 4, "{lang}: {seen}");
                b.assert_no_horizontal_scroll().await?;
            }
            Ok(())
        },
    );
}

/// A laptop or a TV in landscape, its system in light mode.
const LANDSCAPE: Phone = Phone {
    width: 1280,
    height: 720,
    javascript: true,
    dark: false,
};

#[test]
fn the_table_display_fills_a_landscape_screen_dark_and_follows_the_game_live() {
    run_on(
        "the_table_display_fills_a_landscape_screen_dark_and_follows_the_game_live",
        LANDSCAPE,
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            let id = game.trim_start_matches("/games/").to_owned();
            b.goto(&game).await?;
            let table = b
                .find("#table-link")
                .await?
                .attr("href")
                .await?
                .ok_or("a link")?;
            for lang in ["en", "de"] {
                b.goto(&table).await?;
                if lang == "de" {
                    b.click("header.site a.lang-switch").await?;
                    b.find("html[lang=\"de\"]").await?;
                }
                b.wait_text("#td-places", "Maya").await?;
                // Dark although the system is light; the standings in large type; the round
                // beside them; nothing to scroll sideways.
                let seen = b
                    .js("var bg = getComputedStyle(document.body).backgroundColor \
                           .match(/\\d+/g).map(Number); \
                         var li = document.querySelector('#td-places li'); \
                         var s = document.querySelector('.td-standings').getBoundingClientRect(); \
                         var side = document.querySelector('.td-side').getBoundingClientRect(); \
                         return [bg[0] + bg[1] + bg[2], parseFloat(getComputedStyle(li).fontSize), \
                                 side.left >= s.right - 1, document.forms.length];")
                    .await?;
                assert!(
                    seen[0].as_f64().unwrap_or(999.0) < 120.0,
                    "{lang}: not dark: {seen}"
                );
                assert!(
                    seen[1].as_f64().unwrap_or(0.0) >= 40.0,
                    "{lang}: small type: {seen}"
                );
                assert_eq!(
                    seen[2],
                    json!(true),
                    "{lang}: the round is not beside: {seen}"
                );
                assert_eq!(seen[3], json!(0), "{lang}: a form on a read-only screen");
                b.assert_no_horizontal_scroll().await?;
            }
            // Another phone enters round 3: the screen follows by itself.
            let (status, answer) = b.api(
                "POST",
                &format!("/api/v1/games/{id}/rounds"),
                None,
                Some(&json!({"went_out": "Jonas",
                             "points": {"Maya": 10, "Friederike": 20, "Konstantin": 30}})),
            )?;
            assert_eq!(status, 200, "{answer}");
            b.wait_text("#td-last", "Runde 3").await?;
            b.wait_text("#td-last", "Jonas").await?;
            Ok(())
        },
    );
    run_on(
        "the_table_display_fits_a_360_px_phone_without_javascript",
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let game = game_of_four(b)?;
            b.goto(&game).await?;
            let table = b
                .find("#table-link")
                .await?
                .attr("href")
                .await?
                .ok_or("a link")?;
            b.goto(&table).await?;
            b.wait_text("#td-places", "Konstantin").await?;
            b.find("noscript").await?;
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}

#[test]
fn the_bowl_of_buys_opens_with_a_tap_on_a_360_px_phone_without_javascript() {
    run_on(
        "the_bowl_of_buys_opens_with_a_tap_on_a_360_px_phone_without_javascript",
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let (status, created) = b.api(
                "POST",
                "/api/v1/games",
                None,
                Some(&json!({"rules": "progressive",
                             "players": ["Maya", "Jonas", "Friederike", "Konstantin"]})),
            )?;
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().ok_or("an id")?.to_owned();
            for round in 1..=9 {
                let mut entry = json!({"went_out": "Maya",
                    "points": {"Jonas": 10, "Friederike": 20, "Konstantin": 30}});
                if round == 9 {
                    entry["buys"] = json!({"Jonas": 1, "Friederike": 1});
                }
                let (status, answer) = b.api(
                    "POST",
                    &format!("/api/v1/games/{id}/rounds"),
                    None,
                    Some(&entry),
                )?;
                assert_eq!(status, 200, "{answer}");
            }
            let (status, answer) = b.api(
                "POST",
                &format!("/api/v1/games/{id}/end"),
                None,
                Some(&json!({})),
            )?;
            assert_eq!(status, 200, "{answer}");
            for (lang, hand) in [
                ("en", "Hand the kitty of € 0.02 to Maya."),
                ("de", "Gebt den Topf von 0,02 € an Maya."),
            ] {
                b.goto(&format!("/games/{id}/settlement")).await?;
                if lang == "de" {
                    b.click("header.site a.lang-switch").await?;
                    b.find("html[lang=\"de\"]").await?;
                }
                b.find("#with-buys").await?;
                let closed = b.js("return document.getElementById('bowl').open;").await?;
                assert_eq!(closed, json!(false), "{lang}: folded until asked");
                let summary = b
                    .js("return document.querySelector('#bowl > summary') \
                         .getBoundingClientRect().height;")
                    .await?;
                assert!(summary.as_f64().unwrap_or(0.0) >= 44.0, "{lang}: {summary}");
                b.click("#bowl > summary").await?;
                b.wait_text("#bowl-hands", hand).await?;
                b.assert_no_horizontal_scroll().await?;
            }
            Ok(())
        },
    );
}
