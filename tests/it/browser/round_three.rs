//! "The evening, round three" in a real browser: at 200 % text on a 360 px phone the
//! settlement's money stays on screen and "went out" never covers its radio button, English
//! and German.

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
    for (out, points) in [
        (
            "Maya",
            json!({"Jonas": 35, "Friederike": 60, "Konstantin": 85}),
        ),
        (
            "Friederike",
            json!({"Maya": 100, "Jonas": 5, "Konstantin": 60}),
        ),
    ] {
        let (status, answer) = b.api(
            "POST",
            &format!("/api/v1/games/{id}/rounds"),
            None,
            Some(&json!({"went_out": out, "points": points})),
        )?;
        assert_eq!(status, 200, "{answer}");
    }
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
