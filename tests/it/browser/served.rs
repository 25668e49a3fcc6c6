//! A phone at the table reaches the server by its LAN address, not by loopback: over HTTPS
//! with the certificate the server made itself, the page is a secure context (Wake Lock, Web
//! Share, the clipboard); over plain HTTP it is not, and the game page says once what helps
//! while the settlement still sends its result by plain links. Both on a 360 px phone, in
//! English and German, the server opened as `kontrakt.test` (Chromium's host resolver maps
//! it to 127.0.0.1; to the browser it is another computer).
//!
//! What only a real phone can show (the screen actually kept on, the share sheet, accepting
//! the certificate) is listed in docs/real-phone.md.

use serde_json::{Value, json};

use super::Outcome;
use super::entry::Cdp;
use super::harness::{Browser, Phone, Served, TestResult, run_served};

/// The name the phones use in these tests (`.test` is reserved: no DNS answers it).
const HOST: &str = "kontrakt.test";

/// A JSON API request sent by the page itself (`fetch`, same origin: over HTTPS too, where
/// the harness's plain-HTTP helper would be redirected): the status and the answer.
async fn page_api(b: &Browser, method: &str, path: &str, body: &Value) -> Outcome<(u16, Value)> {
    let script = "var done = arguments[arguments.length - 1]; \
        fetch(arguments[1], {method: arguments[0], body: JSON.stringify(arguments[2]), \
          headers: {'content-type': 'application/json', 'accept': 'application/json'}}) \
        .then(function (r) { return r.json().then(function (j) { done([r.status, j]); }); }) \
        .catch(function (e) { done([0, String(e)]); });";
    let got = b
        .client
        .execute_async(script, vec![json!(method), json!(path), body.clone()])
        .await?;
    let status = u16::try_from(got[0].as_u64().unwrap_or_default())?;
    Ok((status, got[1].clone()))
}

/// A contract game of Ann, Ben and Cy, two rounds entered and ended early, through the page's
/// own requests: its edit path.
async fn finished_game(b: &Browser) -> Outcome<String> {
    b.goto("/").await?;
    b.find("main h1").await?;
    let setup = json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]});
    let (status, created) = page_api(b, "POST", "/api/v1/games", &setup).await?;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().ok_or("an id")?.to_owned();
    for round in [
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 7}}),
        json!({"went_out": "Ben", "points": {"Ann": 10, "Cy": 30}}),
    ] {
        let path = format!("/api/v1/games/{id}/rounds");
        let (status, answer) = page_api(b, "POST", &path, &round).await?;
        assert_eq!(status, 200, "{answer}");
    }
    let end = format!("/api/v1/games/{id}/end");
    let (status, answer) = page_api(b, "POST", &end, &json!({})).await?;
    assert_eq!(status, 200, "{answer}");
    Ok(format!("/games/{id}"))
}

/// The page now shown, in `lang` (the language switch's own route, which comes back).
async fn in_language(b: &Browser, lang: &str, path: &str) -> TestResult {
    b.goto(&format!("/lang/{lang}?next={path}")).await?;
    b.find(&format!("html[lang=\"{lang}\"]")).await?;
    Ok(())
}

/// The words of the wake-lock notice now shown (its visible paragraphs), or `None` when it
/// is hidden.
async fn wake_notice(b: &Browser) -> Outcome<Option<Vec<String>>> {
    let said = b
        .js("var n = document.getElementById('wake-notice'); \
             if (!n || n.hidden) { return null; } \
             return Array.prototype.filter.call(n.querySelectorAll('[data-wake]'), \
               function (p) { return !p.hidden; }).map(function (p) { return p.textContent; });")
        .await?;
    Ok(serde_json::from_value(said)?)
}

/// The settlement page's share section on this phone: the text box's text, each "Send via"
/// link's (id, href), and what the phone check finds wrong on the page at normal size and in
/// the share section at 200 % text.
struct ShareSeen {
    text: String,
    links: Vec<(String, String)>,
    button_shown: bool,
}

async fn share_seen(b: &Browser) -> Outcome<ShareSeen> {
    b.find("#send-via a").await?;
    let text = b.value("#summary").await?;
    let links: Vec<(String, String)> = serde_json::from_value(
        b.js(
            "return Array.prototype.map.call(document.querySelectorAll('#send-via a'), \
              function (a) { return [a.id, a.href]; });",
        )
        .await?,
    )?;
    let button_shown = b
        .js("return !document.getElementById('share-button').hidden;")
        .await?
        == json!(true);
    // 360 px, every tap target 44 px, nothing wider than the phone.
    b.assert_no_horizontal_scroll().await?;
    let check = b.phone_problems(".table-scroll").await?;
    assert!(check.problems.is_empty(), "{:?}", check.problems);
    // At 200 % text the share section still fits and its targets stay tappable.
    b.js("document.documentElement.style.fontSize = '200%'; return 0;")
        .await?;
    let check = b.phone_problems(".table-scroll").await?;
    let share: Vec<&String> = check
        .problems
        .iter()
        .filter(|p| p.contains("share") || p.contains("send") || p.contains("summary"))
        .collect();
    assert!(share.is_empty(), "at 200 % text: {share:?}");
    b.assert_no_horizontal_scroll().await?;
    b.js("document.documentElement.style.fontSize = ''; return 0;")
        .await?;
    Ok(ShareSeen {
        text,
        links,
        button_shown,
    })
}

/// Every "Send via" link carries the text box's text (Telegram: the link apart, the rest as
/// its text).
fn assert_links_carry(seen: &ShareSeen, view_url: &str) {
    let decode = |s: &str| {
        kontrakt::web::i18n::percent_decode(s).unwrap_or_else(|| panic!("percent-encoded: {s}"))
    };
    let ids: Vec<&str> = seen.links.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(
        ids,
        ["send-whatsapp", "send-telegram", "send-sms", "share-mail"]
    );
    for (id, href) in &seen.links {
        match id.as_str() {
            "send-whatsapp" => {
                let text = href.strip_prefix("https://wa.me/?text=").expect(href);
                assert_eq!(decode(text), seen.text);
            }
            "send-sms" => {
                let text = href.strip_prefix("sms:?&body=").expect(href);
                assert_eq!(decode(text), seen.text);
            }
            "share-mail" => {
                let (_, text) = href.split_once("&body=").expect(href);
                assert_eq!(decode(text), seen.text);
            }
            _ => {
                let rest = href
                    .strip_prefix("https://t.me/share/url?url=")
                    .expect(href);
                let (url, text) = rest.split_once("&text=").expect(href);
                assert_eq!(decode(url), view_url);
                let first = decode(text).lines().next().map(str::to_owned);
                assert_eq!(first.as_deref(), seen.text.lines().next(), "{href}");
            }
        }
    }
}

/// With the certificate the server made itself (its key trusted, as a phone that accepted it
/// once), a phone opening `https://kontrakt.test:PORT` is in a secure context: the game page
/// holds a wake lock and says nothing, the settlement offers the share button and its "Send
/// via" row, its link over HTTPS.
///
/// Headless Chromium grants the screen wake lock to a visible page in a secure context, so
/// the lock is asserted held; that the screen then stays on needs a real phone.
#[test]
fn over_https_by_a_lan_name_the_page_keeps_the_screen_on_and_offers_the_share_row() {
    run_served(
        "over_https_by_a_lan_name_the_page_keeps_the_screen_on_and_offers_the_share_row",
        Phone::NARROW,
        Served {
            https: true,
            host: Some(HOST),
        },
        async |b: &Browser| -> TestResult {
            assert!(
                b.base.starts_with(&format!("https://{HOST}:")),
                "{}",
                b.base
            );
            let game = finished_game(b).await?;
            for lang in ["en", "de"] {
                in_language(b, lang, &game).await?;
                let secure = b.js("return window.isSecureContext;").await?;
                assert_eq!(
                    secure,
                    json!(true),
                    "{lang}: https://{HOST} is a secure context"
                );
                b.find("html[data-wake-lock]").await?;
                let lock = b
                    .js("return document.documentElement.getAttribute('data-wake-lock');")
                    .await?;
                assert_eq!(lock, json!("held"), "{lang}: the wake lock is granted");
                assert_eq!(wake_notice(b).await?, None, "{lang}: nothing to say");

                in_language(b, lang, &format!("{game}/settlement")).await?;
                let seen = share_seen(b).await?;
                assert!(seen.button_shown, "{lang}: Web Share or the clipboard");
                let view = seen
                    .text
                    .lines()
                    .find_map(|l| l.split(": ").nth(1).filter(|u| u.contains("/view/")))
                    .ok_or("the read-only link in the text")?
                    .to_owned();
                assert!(view.starts_with(&format!("{}/view/", b.base)), "{view}");
                assert_links_carry(&seen, &view);
                let via = b.find("#send-via-title").await?.text().await?;
                assert_eq!(
                    via,
                    if lang == "en" {
                        "Send via"
                    } else {
                        "Senden über"
                    }
                );
                // `.test` is a name no public DNS answers: only the table's network has it.
                let wifi = if lang == "en" {
                    "This link works only on the table's Wi-Fi."
                } else {
                    "Dieser Link funktioniert nur im WLAN am Spieltisch."
                };
                assert!(seen.text.ends_with(wifi), "{}", seen.text);
            }
            Ok(())
        },
    );
}

/// Over plain HTTP by a LAN name a page is no secure context: no Wake Lock, no Web Share, no
/// clipboard. The game page says so once, with the screen timeout and the host's --https as
/// the help (this server offers no HTTPS address); gone for the visit once seen, for good
/// once dismissed. The settlement's "Send via" links carry the text, which says its link
/// works only on the table's Wi-Fi; a tap on the text box selects it all.
#[test]
fn over_plain_http_by_a_lan_name_the_page_says_once_what_helps_and_sends_by_links() {
    run_served(
        "over_plain_http_by_a_lan_name_the_page_says_once_what_helps_and_sends_by_links",
        Phone::NARROW,
        Served {
            https: false,
            host: Some(HOST),
        },
        async |b: &Browser| -> TestResult {
            let game = finished_game(b).await?;
            b.goto(&game).await?;
            let secure = b.js("return window.isSecureContext;").await?;
            assert_eq!(secure, json!(false), "http://{HOST} is no secure context");
            b.find("#wake-notice:not([hidden])").await?;
            let said = wake_notice(b).await?.ok_or("the notice")?;
            assert_eq!(
                said,
                [
                    "The screen may go dark during the game: a page can keep it on only over HTTPS.",
                    "Set a longer screen timeout on the phone: Settings, Display (“Screen timeout”; on an iPhone “Auto-Lock”).",
                    "Or the host starts Kontrakt with --https.",
                ]
            );
            b.assert_no_horizontal_scroll().await?;
            let check = b.phone_problems(".table-scroll").await?;
            assert!(check.problems.is_empty(), "{:?}", check.problems);
            // Once a visit: the next page load says nothing.
            b.goto(&game).await?;
            b.find("main h1").await?;
            assert_eq!(wake_notice(b).await?, None, "said once a visit");

            // A new visit, in German: said again; dismissed, it stays away for good.
            b.js("sessionStorage.clear(); return 0;").await?;
            in_language(b, "de", &game).await?;
            b.find("#wake-notice:not([hidden])").await?;
            let said = wake_notice(b).await?.ok_or("the notice")?;
            assert_eq!(said.len(), 3, "{said:?}");
            assert!(said[0].starts_with("Der Bildschirm kann während des Spiels ausgehen"));
            assert!(
                said[1]
                    .starts_with("Stellt am Handy eine längere Zeit bis zur Bildschirmsperre ein")
            );
            assert_eq!(said[2], "Oder der Gastgeber startet Kontrakt mit --https.");
            b.wait_text("#wake-dismiss", "Verstanden").await?;
            b.click("#wake-dismiss").await?;
            b.find("#wake-notice[hidden]").await?;
            b.js("sessionStorage.clear(); return 0;").await?;
            b.goto(&game).await?;
            b.find("main h1").await?;
            assert_eq!(wake_notice(b).await?, None, "dismissed for good");

            for lang in ["de", "en"] {
                in_language(b, lang, &format!("{game}/settlement")).await?;
                let seen = share_seen(b).await?;
                assert!(
                    !seen.button_shown,
                    "{lang}: no Web Share, no clipboard over HTTP"
                );
                let view = seen
                    .text
                    .lines()
                    .find_map(|l| l.split(": ").nth(1).filter(|u| u.contains("/view/")))
                    .ok_or("the read-only link in the text")?
                    .to_owned();
                assert!(view.starts_with(&format!("http://{HOST}:")), "{view}");
                assert_links_carry(&seen, &view);
                let wifi = if lang == "en" {
                    "This link works only on the table's Wi-Fi."
                } else {
                    "Dieser Link funktioniert nur im WLAN am Spieltisch."
                };
                assert!(seen.text.ends_with(wifi), "{lang}: {}", seen.text);
                // A tap on the box selects all of it, ready to copy by hand.
                b.click("#summary").await?;
                let selected = b
                    .js("var s = document.getElementById('summary'); \
                         return [s.selectionStart, s.selectionEnd, s.value.length];")
                    .await?;
                assert_eq!(selected[0], json!(0), "{selected}");
                assert_eq!(selected[1], selected[2], "{selected}");
            }
            Ok(())
        },
    );
}

/// Runs before the page's scripts: the browser's Wake Lock refuses, as one in battery saver
/// does.
const WAKE_REFUSED: &str = r#"
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: function () { return Promise.reject(new DOMException("battery saver", "NotAllowedError")); }
} });
"#;

/// In a secure context whose browser refuses the wake lock, the game page says so once with
/// the phone's screen timeout as the help (no https:// address to offer: the page is on it,
/// or on this computer).
#[test]
fn a_browser_that_refuses_the_wake_lock_is_told_the_screen_timeout() {
    run_served(
        "a_browser_that_refuses_the_wake_lock_is_told_the_screen_timeout",
        Phone::NARROW,
        Served::LOOPBACK,
        async |b: &Browser| -> TestResult {
            let game = finished_game(b).await?;
            b.client
                .issue_cmd(Cdp {
                    cmd: "Page.addScriptToEvaluateOnNewDocument",
                    params: json!({"source": WAKE_REFUSED}),
                })
                .await?;
            b.goto(&game).await?;
            assert_eq!(b.js("return window.isSecureContext;").await?, json!(true));
            b.find("#wake-notice:not([hidden])").await?;
            let lock = b
                .js("return document.documentElement.getAttribute('data-wake-lock');")
                .await?;
            assert_eq!(lock, json!("refused"));
            let said = wake_notice(b).await?.ok_or("the notice")?;
            assert_eq!(
                said,
                [
                    "The screen may go dark during the game: this browser does not let the \
                     page keep it on.",
                    "Set a longer screen timeout on the phone: Settings, Display (“Screen \
                     timeout”; on an iPhone “Auto-Lock”).",
                ]
            );
            b.assert_no_horizontal_scroll().await?;
            let check = b.phone_problems(".table-scroll").await?;
            assert!(check.problems.is_empty(), "{:?}", check.problems);
            Ok(())
        },
    );
}
