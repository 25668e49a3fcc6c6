//! End-to-end tests in a real browser: headless Chromium through chromedriver, a phone's
//! 390×844 viewport, the real binary on a loopback port with a fresh database. The quality
//! bar's own tests (every page on a 360 px phone in both languages, light and dark, and games
//! without JavaScript) are in `browser/phone.rs`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`bash .ci/browser-deps.sh`, which `.ci/test`
//! runs). Run only these with `cargo test --test it browser::`. A failing test leaves a screenshot,
//! the page source and the server log in `test-artifacts/`. See `browser/harness.rs`.
//! `KONTRAKT_SHOTS=<dir>` makes the phone surveys leave screenshots of every page, top to
//! bottom, in that directory, to look at.
#![cfg(unix)]

mod entry;
mod evening;
mod group_import;
mod group_numbers;
mod groups;
mod harness;
mod midgame;
mod phone;
mod rematch;
mod round_three;
mod rule_sharing;
mod served;
mod small_things;
mod table;

use fantoccini::Locator;
use harness::{Browser, TestResult, run};
use serde_json::{Value, json};

#[test]
fn home_page_fits_a_phone_and_switches_to_german_and_stays_german() {
    run(
        "home_page_fits_a_phone_and_switches_to_german_and_stays_german",
        async |b: &Browser| -> TestResult {
            b.goto("/").await?;
            b.wait_text("main h1", "Kontrakt").await?;
            b.find("html[lang=\"en\"]").await?;
            b.wait_text("main", "This page is in English.").await?;
            b.find("main a[href=\"/games/new\"]").await?;
            b.assert_no_horizontal_scroll().await?;

            b.click("header.site a.lang-switch").await?;
            b.find("html[lang=\"de\"]").await?;
            b.wait_text("main", "Diese Seite ist auf Deutsch.").await?;
            b.wait_text("main a[href=\"/games/new\"]", "Neues Spiel beginnen")
                .await?;
            assert_eq!(b.path().await?, "/", "the switch comes back to the page");
            b.assert_no_horizontal_scroll().await?;

            // The choice is remembered: a fresh visit is German too, and so is the checker.
            b.goto("/check").await?;
            b.find("html[lang=\"de\"]").await?;
            b.wait_text("main h1", "Meldeprüfer").await?;
            Ok(())
        },
    );
}

#[test]
fn meld_checker_built_by_tapping_cards_rejects_contiguous_runs_in_liverpool_round_3() {
    run(
        "meld_checker_built_by_tapping_cards_rejects_contiguous_runs_in_liverpool_round_3",
        async |b: &Browser| -> TestResult {
            b.goto("/check?rules=liverpool&round=3").await?;
            assert_eq!(b.value("select#rules").await?, "liverpool");
            assert_eq!(b.value("select#round").await?, "3");

            b.tap_cards(
                "melds",
                &["3♥", "4♥", "5♥", "6♥", "|", "7♥", "8♥", "9♥", "10♥"],
            )
            .await?;
            assert_eq!(b.value("#melds").await?, "3♥ 4♥ 5♥ 6♥ | 7♥ 8♥ 9♥ 10♥");
            b.wait_text("details[data-target=\"melds\"] .card-count", "8")
                .await?;
            b.assert_no_horizontal_scroll().await?;

            b.click("button[name=\"action\"][value=\"check\"]").await?;
            let verdict = b.wait_text("#sec-melds .result", "join end to end").await?;
            assert!(verdict.starts_with('✗'), "{verdict}");
            assert!(
                verdict.contains(
                    "♥3-6 (meld 1) and ♥7-10 (meld 2) join end to end; in round 3 two runs of \
                     one suit need a gap or an overlap."
                ),
                "{verdict}"
            );
            // The melds come back as tapped, and the answered page still fits the phone.
            assert_eq!(b.value("#melds").await?, "3♥ 4♥ 5♥ 6♥ | 7♥ 8♥ 9♥ 10♥");
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}

/// Player names of the Liverpool game, in seating order; Ann deals first, so Di (to her right)
/// cuts round 1 and Ann cuts round 2.
const PLAYERS: [&str; 4] = ["Ann", "Ben", "Cy", "Di"];

type Outcome<T> = Result<T, Box<dyn std::error::Error>>;

/// The texts of the elements matching `css`, trimmed.
async fn texts(b: &Browser, css: &str) -> Outcome<Vec<String>> {
    let mut out = Vec::new();
    for element in b.client.find_all(Locator::Css(css)).await? {
        out.push(element.text().await?.trim().to_owned());
    }
    Ok(out)
}

/// The totals row of the score sheet, in seating order.
async fn sheet_totals(b: &Browser) -> Outcome<Vec<String>> {
    b.find("table.sheet tfoot tr td").await?;
    texts(b, "table.sheet tfoot tr:first-child td").await
}

/// Waits until the game page at `game` shows `totals` in its score sheet.
async fn wait_totals(b: &Browser, game: &str, totals: [&str; 4]) -> TestResult {
    b.wait_path_is(game).await?;
    let deadline = std::time::Instant::now() + harness::WAIT;
    loop {
        let shown = sheet_totals(b).await?;
        if shown == totals {
            return Ok(());
        }
        if std::time::Instant::now() > deadline {
            return Err(format!("totals {shown:?}, expected {totals:?}").into());
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
}

/// On a round form: `winner` went out; each other player's cards are tapped into the card grid
/// of their cards field, and the form's live count shows `points`; the cut bonus is set as
/// given.
async fn fill_round(
    b: &Browser,
    winner: &str,
    hands: &[(&str, &[&str], u32)],
    cut_bonus: bool,
) -> TestResult {
    let seat = PLAYERS
        .iter()
        .position(|p| *p == winner)
        .ok_or("a player")?;
    b.click(&format!("form.round-form label[for=\"w{seat}\"]"))
        .await?;
    for (player, cards, points) in hands {
        // The cards are folded under the player's toggle.
        b.unfold(&format!("[name=\"cards.{player}\"]")).await?;
        let field = b.find(&format!("[name=\"cards.{player}\"]")).await?;
        let id = field.attr("id").await?.ok_or("a cards field has an id")?;
        field.clear().await?;
        b.tap_cards(&id, cards).await?;
        assert_eq!(b.value(&format!("#{id}")).await?, cards.join(" "));
        let count = field.attr("data-count").await?.ok_or("a count output")?;
        b.wait_text(&format!("#{count}"), &format!("= {points} points"))
            .await?;
    }
    let cut = b.find("form.round-form input[name=\"cut_bonus\"]").await?;
    if cut.is_selected().await? != cut_bonus {
        b.click("form.round-form label[for=\"cut_bonus\"]").await?;
    }
    b.assert_no_horizontal_scroll().await?;
    Ok(())
}

#[test]
fn liverpool_game_of_four_with_tapped_rounds_and_a_correction_ends_in_a_printed_settlement() {
    run(
        "liverpool_game_of_four_with_tapped_rounds_and_a_correction_ends_in_a_printed_settlement",
        async |b: &Browser| -> TestResult {
            // Set-up: Liverpool (choosing it reloads the form with its options), four players,
            // Ann deals first, 5 cents a point, the lowest total collects.
            b.goto("/games/new").await?;
            b.assert_no_horizontal_scroll().await?;
            b.click("form.setup label.choice:has(input[name=\"rules\"][value=\"liverpool\"])")
                .await?;
            b.find("form.setup input[name=\"shown\"][value=\"liverpool\"]")
                .await?;
            b.find("form.setup input[name=\"rules\"][value=\"liverpool\"]:checked")
                .await?;
            for (seat, name) in PLAYERS.iter().enumerate() {
                b.fill(&format!("form.setup #p{}", seat + 1), name).await?;
            }
            b.select("select#first_dealer", "1").await?;
            b.fill("#cents", "5").await?;
            b.find("input[name=\"settlement\"][value=\"lowest-collects\"]:checked")
                .await?;
            b.assert_no_horizontal_scroll().await?;
            b.click("form.setup > button.big[type=\"submit\"]").await?;
            b.find("#next-round").await?;
            let game = b.path().await?;
            assert!(
                game.starts_with("/games/") && game != "/games/new",
                "{game}"
            );
            // Round 1 of 7: 10 cards each, Ann deals, Di cuts and aims at 4 x 10 + 1 = 41.
            let banner = b.wait_text("section.banner", "41").await?;
            for fact in ["Ann", "Di", "10"] {
                assert!(
                    banner.contains(fact),
                    "{fact:?} not in the banner: {banner}"
                );
            }
            b.assert_no_horizontal_scroll().await?;

            // Round 1: Ann goes out; Ben holds K♠ 7♥ and a joker (10 + 7 + 15 = 32), Cy A♦ 2♣
            // (15 + 2 = 17), Di 10♥ 9♥ (19) and cut exactly: 19 - 50 = -31.
            b.click("section.banner a.button").await?;
            b.wait_path_is(&format!("{game}/rounds/new")).await?;
            fill_round(
                b,
                "Ann",
                &[
                    ("Ben", &["K♠", "7♥", "JK"], 32),
                    ("Cy", &["A♦", "2♣"], 17),
                    ("Di", &["10♥", "9♥"], 19),
                ],
                true,
            )
            .await?;
            b.click("form.round-form button.save").await?;
            wait_totals(b, &game, ["0", "32", "17", "-31"]).await?;

            // Round 2: Cy goes out; Ann Q♣ 3♦ (13), Ben A♠ A♥ (30), Di 5♠ 5♣ 8♦ (18).
            b.click("section.banner a.button").await?;
            b.wait_path_is(&format!("{game}/rounds/new")).await?;
            fill_round(
                b,
                "Cy",
                &[
                    ("Ann", &["Q♣", "3♦"], 13),
                    ("Ben", &["A♠", "A♥"], 30),
                    ("Di", &["5♠", "5♣", "8♦"], 18),
                ],
                false,
            )
            .await?;
            b.click("form.round-form button.save").await?;
            wait_totals(b, &game, ["13", "62", "17", "-13"]).await?;
            b.assert_no_horizontal_scroll().await?;

            // Correct round 1 from the sheet: the joker was not Ben's. The form comes back as
            // entered; one tap on ⌫ in Ben's card grid takes the joker out (10 + 7 = 17).
            b.click("table.sheet tbody tr:first-child th a").await?;
            b.wait_path_is(&format!("{game}/rounds/1/edit")).await?;
            b.find("form.round-form input#w0[name=\"went_out\"]:checked")
                .await?;
            b.find("form.round-form input[name=\"cut_bonus\"]:checked")
                .await?;
            let ben = b.find("[name=\"cards.Ben\"]").await?;
            let ben_id = ben.attr("id").await?.ok_or("Ben's cards field has an id")?;
            // (The round was stored in the notation, as a phone without JavaScript types it.)
            assert_eq!(b.value(&format!("#{ben_id}")).await?, "KS 7H JK");
            let grid = b.open_card_grid(&ben_id).await?;
            b.click(&format!("{grid} [data-backspace]")).await?;
            assert_eq!(b.value(&format!("#{ben_id}")).await?, "KS 7H");
            let count = ben.attr("data-count").await?.ok_or("a count output")?;
            b.wait_text(&format!("#{count}"), "= 17 points").await?;
            b.click("form.round-form button.save").await?;
            // Ann 0 + 13, Ben 17 + 30, Cy 17 + 0, Di -31 + 18.
            wait_totals(b, &game, ["13", "47", "17", "-13"]).await?;

            // The table stops after round 2: ending asks first.
            b.click("#end-link").await?;
            b.click(&format!(
                "form[action=\"{game}/end\"] button[type=\"submit\"]"
            ))
            .await?;
            b.wait_text("#game-over", "Game over").await?;
            b.click("section.banner.over a.button").await?;
            let settlement = format!("{game}/settlement");
            b.wait_path_is(&settlement).await?;

            // Lowest collects: Di (-13) receives (13 + 13) x 5 = 130 cents from Ann,
            // (47 + 13) x 5 = 300 from Ben and (17 + 13) x 5 = 150 from Cy: 580 in all.
            b.find("table.results tbody tr").await?;
            let mut rows = Vec::new();
            for row in b
                .client
                .find_all(Locator::Css("table.results tbody tr"))
                .await?
            {
                let cells = row.find_all(Locator::Css("td, th")).await?;
                let mut texts = Vec::new();
                for cell in cells {
                    texts.push(cell.text().await?.trim().replace('\u{2060}', ""));
                }
                rows.push(texts.join(" | "));
            }
            assert_eq!(
                rows,
                [
                    "1. | Di | -13 | +€ 5.80",
                    "2. | Ann | 13 | −€ 1.30",
                    "3. | Cy | 17 | −€ 1.50",
                    "4. | Ben | 47 | −€ 3.00",
                ]
            );
            let mut transfers = texts(b, "ul.transfers li").await?;
            transfers.sort();
            assert_eq!(
                transfers,
                [
                    "Ann pays Di € 1.30",
                    "Ben pays Di € 3.00",
                    "Cy pays Di € 1.50"
                ]
            );
            b.assert_no_horizontal_scroll().await?;

            // The print view: names and amounts on paper, no navigation, links or buttons.
            // (The brand "Kontrakt" may stand in the printed title.)
            let mut chrome = texts(b, "header.site a, footer.site, ul.more a").await?;
            chrome.retain(|text| !text.is_empty() && text != "Kontrakt");
            assert!(chrome.len() >= 4, "{chrome:?}");
            let printed = b.print_to_text(&settlement)?;
            for text in PLAYERS
                .iter()
                .chain(&["€ 5.80", "€ 1.30", "€ 3.00", "€ 1.50"])
            {
                assert!(printed.contains(text), "{text:?} not printed:\n{printed}");
            }
            for text in &chrome {
                assert!(
                    !printed.contains(text.as_str()),
                    "{text:?} printed:\n{printed}"
                );
            }
            Ok(())
        },
    );
}

/// Starts a Liverpool game of [`PLAYERS`] through the JSON API (Ann deals first), as a phone
/// at the table would; its id.
fn create_game(b: &Browser) -> Outcome<String> {
    let setup = json!({
        "rules": "liverpool",
        "players": PLAYERS,
        "first_dealer": "Ann",
        "cents_per_point": 5,
    });
    let (status, created) = b.api("POST", "/api/v1/games", None, Some(&setup))?;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().ok_or("the new game's id")?;
    Ok(id.to_owned())
}

/// The game's state from `GET /api/v1/games/{id}`.
fn game_state(b: &Browser, id: &str) -> Outcome<Value> {
    let (status, state) = b.api("GET", &format!("/api/v1/games/{id}"), None, None)?;
    assert_eq!(status, 200, "{state}");
    Ok(state)
}

/// What the game page shows, read in one script (so from one document, even while the page
/// reloads): the path, the version it was rendered at, the test's marker, how the document
/// was loaded, the sheet's rows (round number, then each player's score) and totals, and the
/// banner's heading, facts and button.
const GAME_PAGE: &str = r##"
    var live = document.querySelector("[data-live]");
    function text(node) { return node ? node.textContent.trim() : null; }
    function first(cell) { return text(cell.firstChild); }
    function all(css, f) { return Array.prototype.map.call(document.querySelectorAll(css), f); }
    return {
        path: location.pathname,
        version: live && live.getAttribute("data-version"),
        marker: window.__kontraktMarker === 1,
        loaded: performance.getEntriesByType("navigation")[0].type,
        rows: all("table.sheet tbody tr", function (tr) {
            return Array.prototype.map.call(tr.cells, first);
        }),
        totals: all("table.sheet tfoot tr:first-child td", text),
        banner: text(document.querySelector("#next-round-title")),
        facts: all("section.banner .facts li", text),
        enter: text(document.querySelector("section.banner a.button")),
    };
"##;

/// Runs `script` until it returns something other than `null` or `false`, at most
/// [`harness::WAIT`]; script errors (a page being replaced mid-script) count as "not yet".
async fn wait_js(b: &Browser, what: &str, script: &str) -> Outcome<Value> {
    let deadline = std::time::Instant::now() + harness::WAIT;
    loop {
        let last = match b.js(script).await {
            Ok(Value::Null | Value::Bool(false)) => "null or false".to_owned(),
            Ok(value) => return Ok(value),
            Err(error) => error.to_string(),
        };
        if std::time::Instant::now() > deadline {
            return Err(format!("timed out waiting for {what}; last: {last}").into());
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
}

#[test]
fn game_page_reloads_by_itself_when_another_phone_saves_a_round_through_the_api() {
    run(
        "game_page_reloads_by_itself_when_another_phone_saves_a_round_through_the_api",
        async |b: &Browser| -> TestResult {
            let id = create_game(b)?;
            let game = format!("/games/{id}");
            assert_eq!(game_state(b, &id)?["version"], 0);

            // Phone A shows the game: round 1 next, nothing entered yet.
            b.goto(&game).await?;
            b.wait_text("#next-round", "Round 1 of 7").await?;
            let shown = b.js(GAME_PAGE).await?;
            assert_eq!(shown["version"], "0");
            assert_eq!(shown["rows"], json!([]));
            assert_eq!(shown["enter"], "Enter round 1");

            // Marks this document, and notes (in the tab's sessionStorage, which outlives a
            // reload) every navigation it starts and every poll whose JSON live.js read.
            b.js(r#"
                window.__kontraktMarker = 1;
                window.__kontraktPolls = 0;
                sessionStorage.setItem("test.navigations", "[]");
                navigation.addEventListener("navigate", function (event) {
                    var seen = JSON.parse(sessionStorage.getItem("test.navigations"));
                    seen.push(event.navigationType + " " + new URL(event.destination.url).pathname);
                    sessionStorage.setItem("test.navigations", JSON.stringify(seen));
                });
                var json = Response.prototype.json;
                Response.prototype.json = function () {
                    return json.call(this).then(function (value) {
                        window.__kontraktPolls += 1;
                        return value;
                    });
                };
            "#)
                .await?;
            // live.js polls every 4 s; one poll with nothing new leaves the page alone.
            let polled = wait_js(
                b,
                "live.js to poll the game's JSON once",
                r#"if (window.__kontraktMarker !== 1) { return "the page was replaced"; }
                   return window.__kontraktPolls >= 1 && "polled";"#,
            )
            .await?;
            assert_eq!(polled, "polled", "live.js reloaded with nothing new");
            let navigations = b
                .js(r#"return sessionStorage.getItem("test.navigations");"#)
                .await?;
            assert_eq!(navigations, "[]", "live.js navigated with nothing new");

            // Phone B enters round 1 through the API: Ann went out, Ben 32, Cy 17, Di holds
            // 10♥ 9♥ (19) and cut exactly: 19 - 50 = -31.
            let round = json!({
                "version": 0,
                "round": 1,
                "went_out": "Ann",
                "points": {"Ben": 32, "Cy": 17},
                "cards": {"Di": "10H 9H"},
                "cut_bonus": true,
            });
            let rounds = format!("/api/v1/games/{id}/rounds");
            let (status, state) = b.api("POST", &rounds, Some("phone-b-round-1"), Some(&round))?;
            assert_eq!(status, 200, "{state}");
            assert_eq!(state["version"], 1);
            assert_eq!(
                state["totals"],
                json!({"Ann": 0, "Ben": 32, "Cy": 17, "Di": -31})
            );

            // Without a tap on phone A, live.js sees version 1 and reloads the page in place.
            let shown = wait_js(
                b,
                "the game page at version 1",
                &format!(
                    "var shown = (function () {{ {GAME_PAGE} }})(); \
                     return shown.version === '1' ? shown : null;"
                ),
            )
            .await?;
            assert_eq!(shown["path"], game, "the page stays on the game");
            assert_eq!(shown["marker"], false, "live.js reloads the whole page");
            assert_eq!(shown["loaded"], "reload");
            assert_eq!(shown["rows"], json!([["1", "0", "32", "17", "-31"]]));
            assert_eq!(shown["totals"], json!(["0", "32", "17", "-31"]));
            // The banner moved on to round 2: Ben deals, Ann cuts.
            assert_eq!(shown["banner"], "Round 2 of 7");
            assert_eq!(shown["enter"], "Enter round 2");
            let facts = shown["facts"].to_string();
            for fact in ["Ben deals.", "Ann cuts: cut exactly 41 cards"] {
                assert!(facts.contains(fact), "{fact:?} not in {facts}");
            }
            // Exactly one navigation, and it was a reload of the game page.
            let navigations = b
                .js(r#"return JSON.parse(sessionStorage.getItem("test.navigations"));"#)
                .await?;
            assert_eq!(navigations, json!([format!("reload {game}")]));

            // Phone B lost the answer and sends the round again with the same key: it gets
            // the first answer, and the game still has the one round 1.
            let (status, again) = b.api("POST", &rounds, Some("phone-b-round-1"), Some(&round))?;
            assert_eq!(status, 200, "{again}");
            assert_eq!(again, state);
            let now = game_state(b, &id)?;
            assert_eq!(now["version"], 1, "{now}");
            assert_eq!(now["rounds"].as_array().map(Vec::len), Some(1), "{now}");
            Ok(())
        },
    );
}

/// The submissions outbox.js keeps in localStorage, each with its form fields as an object.
const OUTBOX: &str = r#"
    var list = JSON.parse(localStorage.getItem("kontrakt.outbox") || "[]");
    return list.map(function (entry) {
        var fields = {};
        new URLSearchParams(entry.body).forEach(function (value, name) { fields[name] = value; });
        return { url: entry.url, key: entry.key, page: entry.page, label: entry.label, fields: fields };
    });
"#;

#[test]
fn round_saved_while_the_server_is_down_waits_in_the_outbox_and_lands_exactly_once() {
    run(
        "round_saved_while_the_server_is_down_waits_in_the_outbox_and_lands_exactly_once",
        async |b: &Browser| -> TestResult {
            let id = create_game(b)?;
            let game = format!("/games/{id}");
            let form_page = format!("{game}/rounds/new");
            assert_eq!(game_state(b, &id)?["version"], 0);

            // Round 1, typed on the phone: Ann went out, Ben 35, Cy 12, Di holds A♠, a joker
            // and 10♥ (15 + 15 + 10 = 40) and cut exactly: 40 - 50 = -10.
            b.goto(&form_page).await?;
            let title = b.wait_text("main h1", "Round 1 of 7").await?;
            b.click("form.round-form label[for=\"w0\"]").await?;
            b.fill("[name=\"points.Ben\"]", "35").await?;
            b.fill("[name=\"points.Cy\"]", "15").await?;
            // The cards are folded under the row's toggle.
            b.unfold("[name=\"cards.Di\"]").await?;
            b.fill("[name=\"cards.Di\"]", "AS JK 10H").await?;
            b.wait_text("#n3", "= 40 points").await?;
            b.click("form.round-form label[for=\"cut_bonus\"]").await?;
            b.find("form.round-form input[name=\"cut_bonus\"]:checked")
                .await?;
            let key = b.value("form.round-form input[name=\"key\"]").await?;
            // The server's own key, signed for this form: 32 hex digits, a dot, 32 more.
            assert_eq!((key.len(), key.find('.')), (65, Some(32)), "{key:?}");
            b.find("[data-outbox-status][hidden]").await?;

            // The Wi-Fi is gone; Save keeps the round on the phone and says so.
            b.stop_server()?;
            b.click("form.round-form button.save").await?;
            let pending = b
                .wait_text(
                    "[data-outbox-status]",
                    "Not sent yet (no connection): kept on this phone, will retry.",
                )
                .await?;
            assert!(pending.starts_with(&title), "{pending:?}");
            assert!(
                b.find("[data-outbox-status]").await?.is_displayed().await?,
                "the pending note is hidden"
            );
            b.find("[data-outbox-status] .outbox-tools button").await?;
            assert_eq!(b.path().await?, form_page, "the form stays on screen");
            let kept = b.js(OUTBOX).await?;
            assert_eq!(
                kept,
                json!([{
                    "url": format!("{game}/rounds"),
                    "key": key,
                    "page": form_page,
                    "label": title,
                    // (The winner's points and cards are switched off by rounds.js.)
                    "fields": {
                        "version": "0",
                        "key": key,
                        "round": "1",
                        "went_out": "Ann",
                        "buys.Ann": "",
                        "points.Ben": "35",
                        "cards.Ben": "",
                        "buys.Ben": "",
                        "points.Cy": "15",
                        "cards.Cy": "",
                        "buys.Cy": "",
                        "points.Di": "",
                        "cards.Di": "AS JK 10H",
                        "buys.Di": "",
                        "cut_bonus": "on",
                        "note": "",
                    },
                }])
            );
            // The raw entry, to put back later as if the server's answer had been lost.
            let raw_entry = b
                .js(r#"return JSON.parse(localStorage.getItem("kontrakt.outbox"))[0];"#)
                .await?;

            // The server comes back on the same database and port. Nobody taps anything: the
            // outbox's own timer retries (2 s after the failed send, then 4 s, 8 s, …, so
            // within the wait), the round lands and the page goes to the game.
            b.start_server()?;
            b.wait_path_is(&game).await?;
            let shown = wait_js(
                b,
                "the game page with round 1",
                &format!(
                    "var shown = (function () {{ {GAME_PAGE} }})(); \
                     return shown.version === '1' ? shown : null;"
                ),
            )
            .await?;
            assert_eq!(shown["rows"], json!([["1", "0", "35", "15", "-10"]]));
            assert_eq!(shown["totals"], json!(["0", "35", "15", "-10"]));
            assert_eq!(shown["banner"], "Round 2 of 7");
            assert_eq!(b.js(OUTBOX).await?, json!([]), "the outbox is empty");

            // Exactly one round 1, as typed, in one write.
            let landed = |b: &Browser| -> TestResult {
                let state = game_state(b, &id)?;
                assert_eq!(state["version"], 1, "{state}");
                let rounds = state["rounds"].as_array().ok_or("rounds")?;
                assert_eq!(rounds.len(), 1, "{state}");
                assert_eq!(rounds[0]["round"], 1);
                assert_eq!(rounds[0]["went_out"], "Ann");
                assert_eq!(
                    rounds[0]["points"],
                    json!({"Ann": 0, "Ben": 35, "Cy": 15, "Di": -10})
                );
                assert_eq!(
                    state["totals"],
                    json!({"Ann": 0, "Ben": 35, "Cy": 15, "Di": -10})
                );
                let (status, history) =
                    b.api("GET", &format!("/api/v1/games/{id}/history"), None, None)?;
                assert_eq!(status, 200, "{history}");
                let history = history
                    .as_array()
                    .or_else(|| history["history"].as_array())
                    .ok_or_else(|| format!("a history list: {history}"))?;
                let changes: Vec<_> = history
                    .iter()
                    .map(|h| format!("{} {}", h["action"], h["round"]))
                    .collect();
                assert_eq!(changes, [r#""enter" 1"#], "{history:?}");
                Ok(())
            };
            landed(b)?;

            // The server stored the round but its answer was lost: the entry is still in the
            // outbox when the phone next opens the form. Loading the page sends it again; the
            // server knows the key, answers as the first time, and nothing is entered twice.
            b.js(&format!(
                "localStorage.setItem('kontrakt.outbox', JSON.stringify([{raw_entry}]));"
            ))
            .await?;
            b.goto(&form_page).await?;
            b.wait_path_is(&game).await?;
            let shown = wait_js(
                b,
                "the game page after the repeat",
                &format!(
                    "var shown = (function () {{ {GAME_PAGE} }})(); \
                     return shown.path === '{game}' && shown.version ? shown : null;"
                ),
            )
            .await?;
            assert_eq!(shown["version"], "1");
            assert_eq!(shown["rows"], json!([["1", "0", "35", "15", "-10"]]));
            assert_eq!(shown["totals"], json!(["0", "35", "15", "-10"]));
            assert_eq!(b.js(OUTBOX).await?, json!([]), "the outbox is empty");
            landed(b)?;

            // The form for round 2 comes up clean: nothing pending.
            b.goto(&form_page).await?;
            b.wait_text("main h1", "Round 2 of 7").await?;
            b.find("[data-outbox-status][hidden]").await?;
            assert_eq!(b.path().await?, form_page);
            Ok(())
        },
    );
}

#[test]
fn a_round_sent_into_a_connection_that_never_answers_is_kept_and_lands_when_the_server_is_back() {
    run(
        "a_round_sent_into_a_connection_that_never_answers_is_kept_and_lands_when_the_server_is_back",
        async |b: &Browser| -> TestResult {
            let id = create_game(b)?;
            let game = format!("/games/{id}");
            b.goto(&format!("{game}/rounds/new")).await?;
            b.wait_text("main h1", "Round 1 of 7").await?;
            b.click("form.round-form label[for=\"w1\"]").await?;
            b.fill("[name=\"points.Ann\"]", "20").await?;
            b.fill("[name=\"points.Cy\"]", "5").await?;
            b.fill("[name=\"points.Di\"]", "60").await?;
            // The page's send timeout is 15 s; this phone gives up after 1.5 s.
            let timeout = b
                .js(r#"var s = document.querySelector("[data-outbox-status]");
                       var was = s.getAttribute("data-timeout");
                       s.setAttribute("data-timeout", "1500");
                       return was;"#)
                .await?;
            assert_eq!(timeout, "15000");

            // The request goes out and nothing ever comes back.
            b.stop_server()?;
            let silent = b.silence()?;
            b.click("form.round-form button.save").await?;
            b.wait_text("[data-outbox-status]", "Sending").await?;
            let pending = b
                .wait_text("[data-outbox-status]", "kept on this phone, will retry")
                .await?;
            assert!(pending.starts_with("Round 1 of 7"), "{pending:?}");
            assert!(
                silent.accepted() >= 1,
                "the request reached the silent address"
            );
            assert_eq!(b.js(OUTBOX).await?.as_array().map(Vec::len), Some(1));

            // The signal comes back: the timer's next try lands the round, once.
            drop(silent);
            b.start_server()?;
            b.wait_path_is(&game).await?;
            assert_eq!(b.js(OUTBOX).await?, json!([]), "the outbox is empty");
            let state = game_state(b, &id)?;
            assert_eq!(state["version"], 1, "{state}");
            assert_eq!(state["rounds"].as_array().map(Vec::len), Some(1), "{state}");
            assert_eq!(
                state["totals"],
                json!({"Ann": 20, "Ben": 0, "Cy": 5, "Di": 60})
            );
            Ok(())
        },
    );
}

#[test]
fn an_open_game_reloads_offline_from_the_service_worker_with_a_notice() {
    run(
        "an_open_game_reloads_offline_from_the_service_worker_with_a_notice",
        async |b: &Browser| -> TestResult {
            let id = create_game(b)?;
            let round =
                json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": 12, "Di": 7}});
            let (status, state) = b.api(
                "POST",
                &format!("/api/v1/games/{id}/rounds"),
                None,
                Some(&round),
            )?;
            assert_eq!(status, 200, "{state}");
            let game = format!("/games/{id}");
            b.goto(&game).await?;
            b.find("[data-offline][hidden]").await?;

            // The page registered the worker (127.0.0.1 is a secure context); once it
            // controls the page, open the game again so the worker keeps a copy of it.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
            loop {
                let controlled = b
                    .js("return !!(navigator.serviceWorker && navigator.serviceWorker.controller);")
                    .await?;
                if controlled == json!(true) {
                    break;
                }
                if std::time::Instant::now() > deadline {
                    return Err("the service worker never took control of the page".into());
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            b.goto(&game).await?;
            loop {
                let kept = b
                    .js(
                        "caches.open('kontrakt-pages').then(function (c) { return c.keys(); })\
                         .then(function (k) { window.keptPages = k.length; });\
                         return window.keptPages || 0;",
                    )
                    .await?;
                if kept.as_u64().unwrap_or(0) >= 1 {
                    break;
                }
                if std::time::Instant::now() > deadline {
                    return Err("the service worker never kept the game page".into());
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }

            // The Wi-Fi is gone: a reload shows the game as last seen, and says so.
            b.stop_server()?;
            b.goto(&game).await?;
            b.wait_text("[data-offline]", "Offline: showing the last saved state")
                .await?;
            let hidden = b
                .js("return document.querySelector('[data-offline]').hidden;")
                .await?;
            assert_eq!(hidden, json!(false));
            b.wait_text("main", "Ben").await?;
            b.wait_text("main", "35").await?;
            // Its stylesheet came from the worker's cache too.
            let styled = b
                .js("return getComputedStyle(document.querySelector('[data-offline]')).fontWeight;")
                .await?;
            assert_eq!(styled, json!("700"));
            Ok(())
        },
    );
}
