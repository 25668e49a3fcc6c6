//! Issue 11, "Entry in seconds" and "Ready on every phone, all evening", in a real browser:
//! a round of typed totals fits the first screen of a 360×640 and a 412×915 phone (Save
//! included, no scrolling), a six-player Continental round keeps Save in reach, the cards
//! tapped for a player stay in sight in that player's row with their sum, and the game page
//! asks for a Screen Wake Lock on load and again when it is shown after being hidden.

use fantoccini::wd::WebDriverCompatibleCommand;
use serde_json::{Value, json};

use super::harness::{Browser, Phone, TestResult, run_on};

/// The phone of the issue's "one screen": 360×640 CSS pixels.
const PHONE_360_640: Phone = Phone {
    width: 360,
    height: 640,
    javascript: true,
    dark: false,
};

/// A large phone: 412×915 CSS pixels.
const PHONE_412_915: Phone = Phone {
    width: 412,
    height: 915,
    javascript: true,
    dark: false,
};

const FOUR: [&str; 4] = ["Ann", "Ben", "Cy", "Dora"];

/// A new game of `rules` for `players` (through the API): its id.
fn new_game(
    b: &Browser,
    rules: &str,
    players: &[&str],
) -> Result<String, Box<dyn std::error::Error>> {
    let (status, created) = b.api(
        "POST",
        "/api/v1/games",
        None,
        Some(&json!({"rules": rules, "players": players})),
    )?;
    assert_eq!(status, 201, "{created}");
    Ok(created["id"].as_str().ok_or("an id")?.to_owned())
}

/// For each selector: whether the element is wholly inside the viewport and above the top
/// of Save (not under the sticky button), with the page not scrolled; and the page's
/// scroll position.
async fn on_first_screen(
    b: &Browser,
    selectors: &[String],
) -> Result<Value, Box<dyn std::error::Error>> {
    let list = serde_json::to_string(selectors)?;
    let script = format!(
        "var save = document.getElementById('save').getBoundingClientRect(); \
         var out = {{ scrollY: window.scrollY, save: save.bottom <= window.innerHeight && save.top >= 0, off: [] }}; \
         {list}.forEach(function (css) {{ \
           var r = document.querySelector(css).getBoundingClientRect(); \
           if (!(r.top >= 0 && r.bottom <= save.top && r.height > 0)) {{ out.off.push([css, r.top, r.bottom, save.top]); }} \
         }}); \
         return out;"
    );
    b.js(&script).await
}

/// Four players' typed totals on one screen: who went out (1 tap), three points fields (3
/// taps and typing), Save (1 tap): 5 taps, no scrolling, on both phones.
#[test]
fn a_round_of_typed_totals_for_four_players_fits_one_screen_at_360x640_and_412x915() {
    for (name, phone) in [
        ("typed_totals_fit_one_screen_at_360x640", PHONE_360_640),
        ("typed_totals_fit_one_screen_at_412x915", PHONE_412_915),
    ] {
        run_on(name, phone, async |b: &Browser| -> TestResult {
            let id = new_game(b, "liverpool", &FOUR)?;
            b.goto(&format!("/games/{id}/rounds/new")).await?;
            b.find("form.round-form").await?;
            let fields: Vec<String> = (0..4)
                .flat_map(|seat| [format!("#w{seat}"), format!("#p{seat}")])
                .collect();
            let seen = on_first_screen(b, &fields).await?;
            assert_eq!(
                seen,
                json!({"scrollY": 0, "save": true, "off": []}),
                "{name}: every field and Save on the first screen"
            );
            b.assert_no_horizontal_scroll().await?;
            // The taps of a round of typed totals, counted.
            let mut taps = 0;
            b.click("label[for=\"w0\"]").await?;
            taps += 1;
            for (seat, points) in [(1, "25"), (2, "10+5"), (3, "40")] {
                // `fill` taps the field (focus) and types.
                b.fill(&format!("#p{seat}"), points).await?;
                taps += 1;
            }
            // Nothing scrolled while entering: Save is where it was.
            let seen = on_first_screen(b, &fields[2..]).await?;
            assert_eq!(seen["off"], json!([]), "{name}: {seen}");
            b.click("#save").await?;
            taps += 1;
            assert!(taps <= 6, "{taps} taps");
            assert_eq!(taps, 5, "went out, three points fields, Save");
            b.wait_path_is(&format!("/games/{id}")).await?;
            let (_, state) = b.api("GET", &format!("/api/v1/games/{id}"), None, None)?;
            assert_eq!(
                state["rounds"][0]["points"],
                json!({"Ann": 0, "Ben": 25, "Cy": 15, "Dora": 40}),
                "{state}"
            );
            Ok(())
        });
    }
}

/// Six players of Continental (no points fields; a row per player, jokers and bonuses below):
/// Save stays on screen wherever the form is scrolled, and the round saves.
#[test]
fn a_six_player_continental_round_keeps_save_reachable_at_360x640() {
    run_on(
        "a_six_player_continental_round_keeps_save_reachable_at_360x640",
        PHONE_360_640,
        async |b: &Browser| -> TestResult {
            let players = ["Ann", "Ben", "Cy", "Dora", "Eve", "Finn"];
            let id = new_game(b, "continental", &players)?;
            b.goto(&format!("/games/{id}/rounds/new")).await?;
            b.find("form.round-form").await?;
            b.assert_no_horizontal_scroll().await?;
            for css in ["#w5", "#jokers", "details.note"] {
                let seen = b
                    .js(&format!(
                        "document.querySelector({css:?}).scrollIntoView({{block: 'center'}}); \
                         var s = document.getElementById('save').getBoundingClientRect(); \
                         return s.top >= 0 && s.bottom <= window.innerHeight;"
                    ))
                    .await?;
                assert_eq!(seen, json!(true), "Save on screen beside {css}");
            }
            b.click("label[for=\"w5\"]").await?;
            b.click("#save").await?;
            b.wait_path_is(&format!("/games/{id}")).await?;
            let (_, state) = b.api("GET", &format!("/api/v1/games/{id}"), None, None)?;
            assert_eq!(state["rounds"].as_array().map(Vec::len), Some(1), "{state}");
            Ok(())
        },
    );
}

/// Eleven cards tapped for Ben: his row shows them as chips with their sum, on screen after
/// the last tap (the grid below it scrolled by then). 1 tap opens the row's fold (its grid
/// opens with it), then 11 taps: 12 taps.
#[test]
fn eleven_tapped_cards_stay_in_sight_in_the_players_row_with_their_sum() {
    run_on(
        "eleven_tapped_cards_stay_in_sight_in_the_players_row_with_their_sum",
        PHONE_360_640,
        async |b: &Browser| -> TestResult {
            let id = new_game(b, "liverpool", &FOUR)?;
            b.goto(&format!("/games/{id}/rounds/new")).await?;
            b.click("label[for=\"w0\"]").await?;
            b.click("#player-1 details.more > summary").await?;
            let mut taps = 1;
            let cards = [
                "3♣", "4♣", "5♦", "6♦", "7♥", "8♥", "9♠", "10♠", "J♠", "Q♥", "K♠",
            ];
            b.tap_cards("c1", &cards).await?;
            taps += cards.len();
            assert_eq!(taps, 12);
            assert_eq!(b.value("#c1").await?, cards.join(" "));
            // The sum by the rule set's table (the form's data-penalty, ace first).
            let table = b
                .js("return document.querySelector('form.round-form').getAttribute('data-penalty');")
                .await?;
            let table: Vec<i64> = table
                .as_str()
                .ok_or("a penalty table")?
                .split(' ')
                .map(str::parse)
                .collect::<Result<_, _>>()?;
            let ranks = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
            let sum: i64 = ranks.iter().map(|r| table[r - 1]).sum();
            let row = b
                .js(
                    "var n = document.getElementById('n1'); var r = n.getBoundingClientRect(); \
                     return { chips: Array.prototype.map.call(n.querySelectorAll('.chip'), function (c) { return c.textContent; }), \
                              sum: n.querySelector('.sum') && n.querySelector('.sum').textContent, \
                              name: document.getElementById('name-1').getBoundingClientRect().top >= 0, \
                              inView: r.top >= 0 && r.bottom <= window.innerHeight, \
                              scrolled: window.scrollY > 0 };",
                )
                .await?;
            assert_eq!(row["chips"], json!(cards), "{row}");
            assert_eq!(row["sum"], json!(format!(" = {sum} points")), "{row}");
            assert_eq!(row["inView"], json!(true), "the chips are on screen: {row}");
            assert_eq!(row["name"], json!(true), "and the name beside them: {row}");
            assert_eq!(
                row["scrolled"],
                json!(true),
                "the grid was scrolled to: {row}"
            );
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}

/// Chromium's DevTools command through chromedriver (`goog/cdp/execute`): here
/// `Page.addScriptToEvaluateOnNewDocument`, a script that runs in every page before its own.
#[derive(Debug)]
pub(super) struct Cdp {
    pub(super) cmd: &'static str,
    pub(super) params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

/// Runs before the game page's scripts: counts wake lock requests in `window.__wake`,
/// passing each on to the browser's own `navigator.wakeLock` (and counting whether it was
/// granted), or, where the browser has none, answering with a sentinel of its own.
const WAKE_SPY: &str = r#"
(function () {
  var wake = { requests: 0, granted: 0, refused: 0, released: 0, real: "wakeLock" in navigator, sentinels: [] };
  window.__wake = wake;
  function fake() {
    var listeners = [];
    var sentinel = {
      released: false, type: "screen",
      addEventListener: function (type, f) { if (type === "release") { listeners.push(f); } },
      release: function () { sentinel.released = true; wake.released += 1; listeners.forEach(function (f) { f(); }); return Promise.resolve(); }
    };
    return sentinel;
  }
  if (wake.real) {
    var own = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = function (type) {
      wake.requests += 1;
      return own(type).then(function (s) {
        wake.granted += 1; wake.sentinels.push(s);
        s.addEventListener("release", function () { wake.released += 1; });
        return s;
      },
        function (e) { wake.refused += 1; wake.error = String(e); throw e; });
    };
  } else {
    Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
      request: function () { wake.requests += 1; wake.granted += 1; var s = fake(); wake.sentinels.push(s); return Promise.resolve(s); }
    } });
  }
})();
"#;

/// The game page asks for a Screen Wake Lock on load; when the browser lets the lock go (the
/// page was hidden) and the page is shown again, it asks again. Chromium's own wake lock is
/// used where the headless browser grants it; otherwise the test's sentinel stands in.
#[test]
fn the_game_page_asks_for_a_wake_lock_on_load_and_again_when_shown_again() {
    run_on(
        "the_game_page_asks_for_a_wake_lock_on_load_and_again_when_shown_again",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            let id = new_game(b, "contract", &["Ann", "Ben", "Cy"])?;
            b.client
                .issue_cmd(Cdp {
                    cmd: "Page.addScriptToEvaluateOnNewDocument",
                    params: json!({"source": WAKE_SPY}),
                })
                .await?;
            b.goto(&format!("/games/{id}")).await?;
            b.find("main h1").await?;
            let settled = "return window.__wake && window.__wake.granted + window.__wake.refused;";
            wait_for(b, settled, 1).await?;
            let wake = b.js("return window.__wake;").await?;
            eprintln!("wake lock in headless Chromium: {wake}");
            assert_eq!(wake["requests"], json!(1), "asked once on load: {wake}");
            // The page is hidden: the browser releases the lock (a lock refused has nothing to
            // release). Shown again: asked again, and not while hidden.
            let hide = "var w = window.__wake; window.__hidden = true; \
                 Object.defineProperty(document, 'visibilityState', { configurable: true, \
                   get: function () { return window.__hidden ? 'hidden' : 'visible'; } }); \
                 if (w.sentinels.length) { w.sentinels[0].release(); } \
                 return w.sentinels.length;";
            let held = b.js(hide).await?.as_i64().unwrap_or_default();
            wait_for(b, "return window.__wake.released;", held).await?;
            let while_hidden = b
                .js("document.dispatchEvent(new Event('visibilitychange')); \
                     return window.__wake.requests;")
                .await?;
            assert_eq!(while_hidden, json!(1), "not asked while hidden");
            b.js("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); return 0;")
                .await?;
            wait_for(b, "return window.__wake.requests;", 2).await?;
            let wake = b.js("return window.__wake;").await?;
            assert_eq!(wake["requests"], json!(2), "asked again when shown: {wake}");
            Ok(())
        },
    );
}

/// Waits until `script` returns `want` or more.
async fn wait_for(b: &Browser, script: &str, want: i64) -> TestResult {
    let started = std::time::Instant::now();
    loop {
        let got = b.js(script).await?;
        if got.as_i64().is_some_and(|n| n >= want) {
            return Ok(());
        }
        if started.elapsed() > std::time::Duration::from_secs(10) {
            return Err(format!("{script}: {got}, not {want}").into());
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
}
