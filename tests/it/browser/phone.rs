//! The issue's quality bar, in a real browser: "Phone first: 360 px wide without horizontal
//! scrolling, tap targets at least 44 px, readable in a dim room, usable with one thumb. Every
//! page works without JavaScript."
//!
//! Two surveys visit every page of the app on a 360×740 phone, in English and in German, and
//! collect everything that sticks out, is too small to tap or too small or faint to read
//! ([`Browser::phone_problems`]); the game pages are looked at in dark mode.
//! With JavaScript switched off, one game is played from start to settlement and the meld
//! checker answers, through the HTML forms alone, each page checked the same way.

use fantoccini::Locator;
use serde_json::{Value, json};

use super::harness::{Browser, Phone, TestResult, run_on};
use super::{Outcome, texts};

/// Eight long-ish names as a table writes them: hyphens, an umlaut, no spaces to break at.
const NAMES: [&str; 8] = [
    "Maximilian",
    "Anne-Kathrin",
    "Jean-Baptiste",
    "Friederike",
    "Konstantin",
    "Marie-Luise",
    "Bartholomäus",
    "Christopher",
];

/// `method path` through the JSON API with `body`; fails unless the answer is `expected`.
fn api(b: &Browser, method: &str, path: &str, body: &Value, expected: u16) -> Outcome<Value> {
    let (status, answer) = b.api(method, path, None, Some(body))?;
    if status != expected {
        return Err(format!("{method} {path}: {status}, not {expected}: {answer}").into());
    }
    Ok(answer)
}

/// A new game through the JSON API; its edit path (`/games/…`) and read-only path
/// (`/view/…`).
fn create(b: &Browser, setup: &Value) -> Outcome<(String, String)> {
    let created = api(b, "POST", "/api/v1/games", setup, 201)?;
    let path = |key: &str| -> Outcome<String> {
        Ok(created[key]
            .as_str()
            .ok_or_else(|| format!("no {key} in {created}"))?
            .to_owned())
    };
    Ok((path("url")?, path("view_url")?))
}

/// Enters (or corrects) a round of the game at `game` (`/games/…`) through the JSON API.
fn post_round(b: &Browser, game: &str, round: &Value) -> TestResult {
    api(b, "POST", &format!("/api/v1{game}/rounds"), round, 200)?;
    Ok(())
}

/// Ends the game at `game` (`/games/…`) through the JSON API.
fn end_game(b: &Browser, game: &str) -> TestResult {
    api(b, "POST", &format!("/api/v1{game}/end"), &json!({}), 200)?;
    Ok(())
}

/// Puts the page shown in `lang`, with the header's language switch if it is in the other
/// language; the choice holds for the pages after it.
async fn set_language(b: &Browser, lang: &str) -> TestResult {
    let shown = b.find("html").await?.attr("lang").await?;
    if shown.as_deref() != Some(lang) {
        b.click("header.site a.lang-switch").await?;
    }
    b.find(&format!("html[lang=\"{lang}\"]")).await?;
    Ok(())
}

/// The boxes that may scroll sideways inside a page: tables with a column per player (the
/// score sheet, the scores at a glance) need their own scroll from seven players on.
const MAY_SCROLL: &str = ".table-scroll:has(> table.sheet), .table-scroll.brief";

/// The pages a survey looked at, and what was wrong with them.
struct Survey {
    test: &'static str,
    lang: &'static str,
    pages: usize,
    problems: Vec<String>,
}

impl Survey {
    fn new(test: &'static str) -> Survey {
        Survey {
            test,
            lang: "en",
            pages: 0,
            problems: Vec::new(),
        }
    }

    /// Checks the page now shown (`what` names it in the report). A page with problems leaves
    /// a screenshot in `test-artifacts/`. With `KONTRAKT_SHOTS=<dir>` every page leaves
    /// screenshots from top to bottom in that directory, to look at.
    async fn look(&mut self, b: &Browser, what: &str) -> TestResult {
        self.pages += 1;
        let label = format!("{} {what}", self.lang);
        if let Some(dir) = std::env::var_os("KONTRAKT_SHOTS") {
            save_page_shots(b, std::path::Path::new(&dir), self.pages, &label).await?;
        }
        let check = b.phone_problems(MAY_SCROLL).await?;
        for scroller in &check.scrollers {
            eprintln!("{label} ({}): scrolls inside: {scroller}", check.path);
        }
        for link in &check.inline {
            eprintln!("{label} ({}): inline link, exempt: {link}", check.path);
        }
        if !check.problems.is_empty() {
            let shot = format!("{}-{:02}", self.test, self.pages);
            b.save_screenshot(&shot).await?;
            self.problems.push(format!(
                "{label} ({}, test-artifacts/{shot}.png):\n    {}",
                check.path,
                check.problems.join("\n    ")
            ));
        }
        Ok(())
    }

    /// Fails with every problem found, page by page.
    fn finish(self) -> TestResult {
        eprintln!("{}: {} pages surveyed", self.test, self.pages);
        if self.problems.is_empty() {
            return Ok(());
        }
        Err(format!(
            "{} of {} pages do not fit a 360 px phone:\n  {}",
            self.problems.len(),
            self.pages,
            self.problems.join("\n  ")
        )
        .into())
    }
}

/// Screenshots of the page now shown, one per screenful from top to bottom, as
/// `<dir>/<nn>-<label>-<k>.png`.
async fn save_page_shots(
    b: &Browser,
    dir: &std::path::Path,
    page: usize,
    label: &str,
) -> TestResult {
    std::fs::create_dir_all(dir)?;
    let stem: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let height = b
        .js("return [document.documentElement.scrollHeight, window.innerHeight];")
        .await?;
    let (total, screen) = (
        height[0].as_f64().unwrap_or(0.0),
        height[1].as_f64().unwrap_or(1.0).max(1.0),
    );
    let mut k = 0;
    let mut top = 0.0;
    while top < total && k < 12 {
        b.js(&format!("window.scrollTo(0, {top});")).await?;
        let png = b.client.screenshot().await?;
        std::fs::write(dir.join(format!("{page:02}-{stem}-{k}.png")), png)?;
        k += 1;
        top += screen - 40.0;
    }
    b.js("window.scrollTo(0, 0);").await?;
    Ok(())
}

#[test]
fn liverpool_game_without_javascript_is_set_up_entered_corrected_ended_and_settled() {
    const TEST: &str =
        "liverpool_game_without_javascript_is_set_up_entered_corrected_ended_and_settled";
    run_on(
        TEST,
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            // Each page on the way fits the phone too, as it looks without JavaScript.
            let mut survey = Survey::new(TEST);
            // The new-game form. Without JavaScript the "Choose" button stays (new_game.js
            // would hide it and choose on a tap on the rule set).
            b.goto("/games/new").await?;
            b.find("html[lang=\"en\"]").await?;
            let choose = b.find("form.setup button[data-choose]").await?;
            assert!(choose.is_displayed().await?, "no script ran: Choose shows");

            b.click("form.setup label.choice:has(input[name=\"rules\"][value=\"liverpool\"])")
                .await?;
            b.click("form.setup button[data-choose]").await?;
            b.find("form.setup input[name=\"shown\"][value=\"liverpool\"]")
                .await?;
            b.find("form.setup input[name=\"rules\"][value=\"liverpool\"]:checked")
                .await?;
            // The cut bonus is Liverpool's own option.
            b.find("form.setup input[name=\"opt.cut_bonus\"]").await?;
            survey.look(b, "new game, Liverpool chosen").await?;
            for (seat, name) in ["Ann", "Ben", "Cy", "Di"].iter().enumerate() {
                b.fill(&format!("form.setup #p{}", seat + 1), name).await?;
            }
            b.select("select#first_dealer", "1").await?;
            b.fill("#cents", "5").await?;
            b.click("form.setup label.choice:has(input[name=\"settlement\"][value=\"lowest-collects\"])")
                .await?;
            b.click("form.setup > button.big[type=\"submit\"]").await?;

            // The game page: round 1 of 7, Ann deals, Di cuts 4 x 10 + 1 = 41.
            let banner = b.wait_text("section.banner", "Round 1 of 7").await?;
            for fact in ["Ann deals", "Di cuts", "41"] {
                assert!(banner.contains(fact), "{fact:?} not in {banner:?}");
            }
            let game = b.path().await?;
            assert!(
                game.starts_with("/games/") && game != "/games/new",
                "{game}"
            );
            assert_eq!(
                texts(b, "table.sheet thead th .name").await?,
                ["Ann", "Ben", "Cy", "Di"]
            );
            survey.look(b, "game page").await?;

            // Round 1, typed: Ann went out, Ben 35, Cy 12, Di holds A♠, a joker and 10♥
            // (15 + 15 + 10 = 40) and cut exactly: 40 - 50 = -10.
            b.click("section.banner a.button").await?;
            b.wait_path_is(&format!("{game}/rounds/new")).await?;
            b.wait_text("main h1", "Round 1 of 7").await?;
            // No script ran: the card grids stay hidden (cards.js would show them).
            let grids = b
                .client
                .find_all(Locator::Css("details[data-card-grid]"))
                .await?;
            assert_eq!(grids.len(), 4);
            for grid in grids {
                assert!(grid.attr("hidden").await?.is_some(), "a card grid shows");
            }
            b.click("form.round-form label[for=\"w0\"]").await?;
            b.find("form.round-form input#w0:checked").await?;
            b.fill("[name=\"points.Ben\"]", "35").await?;
            b.fill("[name=\"points.Cy\"]", "12").await?;
            // The cards are folded under the row's toggle.
            b.unfold("[name=\"cards.Di\"]").await?;
            b.fill("[name=\"cards.Di\"]", "AS JK 10H").await?;
            b.click("form.round-form label[for=\"cut_bonus\"]").await?;
            b.find("form.round-form input[name=\"cut_bonus\"]:checked")
                .await?;
            survey.look(b, "round form").await?;
            b.click("form.round-form button.save").await?;

            b.wait_path_is(&game).await?;
            b.wait_text("section.banner", "Round 2 of 7").await?;
            assert_eq!(sheet_rows(b).await?, [["1", "0", "35", "12", "-10"]]);
            assert_eq!(
                texts(b, "table.sheet tfoot tr:first-child td").await?,
                ["0", "35", "12", "-10"]
            );
            assert_eq!(
                texts(b, "table.sheet tfoot tr.places td").await?,
                ["2.", "4.", "3.", "1."]
            );

            // The round's correction form comes back as stored: Di's cards in the notation.
            b.click("table.sheet tbody tr:first-child th a").await?;
            b.wait_path_is(&format!("{game}/rounds/1/edit")).await?;
            b.find("form.round-form input#w0[name=\"went_out\"]:checked")
                .await?;
            b.find("form.round-form input[name=\"cut_bonus\"]:checked")
                .await?;
            assert_eq!(b.value("[name=\"points.Ben\"]").await?, "35");
            assert_eq!(b.value("[name=\"cards.Di\"]").await?, "AS JK 10H");
            // The count of Di's cards is on the page without a script: 40 points.
            let count = b.find("form.round-form output#n3").await?.text().await?;
            assert!(count.contains("40"), "{count:?}");
            survey.look(b, "correction form").await?;
            // Cy held 22, not 12; Ben's 35 were the cards K♠ Q♠ J♠ 5♥ (10 + 10 + 10 + 5).
            b.fill("[name=\"points.Cy\"]", "22").await?;
            b.fill("[name=\"points.Ben\"]", "").await?;
            // The cards are folded under the row's toggle.
            b.unfold("[name=\"cards.Ben\"]").await?;
            b.fill("[name=\"cards.Ben\"]", "KS QS JS 5H").await?;
            b.click("form.round-form button.save").await?;
            b.wait_path_is(&game).await?;
            b.wait_text("table.sheet tfoot", "22").await?;
            assert_eq!(sheet_rows(b).await?, [["1", "0", "35", "22", "-10"]]);
            assert_eq!(
                texts(b, "table.sheet tfoot tr:first-child td").await?,
                ["0", "35", "22", "-10"]
            );

            // The table stops after round 1: ending asks first.
            b.click("#end-link").await?;
            b.click(&format!(
                "form[action=\"{game}/end\"] button[type=\"submit\"]"
            ))
            .await?;
            b.wait_text("#game-over", "Game over").await?;
            b.click("section.banner.over a.button").await?;
            b.wait_path_is(&format!("{game}/settlement")).await?;

            // Lowest collects: Di (-10) receives (0 + 10) x 5 = 50 cents from Ann,
            // (35 + 10) x 5 = 225 from Ben and (22 + 10) x 5 = 160 from Cy: 435 in all.
            let mut rows = Vec::new();
            for row in b
                .client
                .find_all(Locator::Css("table.results tbody tr"))
                .await?
            {
                let mut cells = Vec::new();
                for cell in row.find_all(Locator::Css("td, th")).await? {
                    cells.push(cell.text().await?.trim().replace('\u{2060}', ""));
                }
                rows.push(cells.join(" | "));
            }
            assert_eq!(
                rows,
                [
                    "1. | Di | -10 | +€ 4.35",
                    "2. | Ann | 0 | −€ 0.50",
                    "3. | Cy | 22 | −€ 1.60",
                    "4. | Ben | 35 | −€ 2.25",
                ]
            );
            let mut transfers = texts(b, "ul.transfers li").await?;
            transfers.sort();
            assert_eq!(
                transfers,
                [
                    "Ann pays Di € 0.50",
                    "Ben pays Di € 2.25",
                    "Cy pays Di € 1.60"
                ]
            );
            survey.look(b, "settlement").await?;

            survey.finish()
        },
    );
}

#[test]
fn meld_checker_without_javascript_applies_the_round_and_explains_its_verdict() {
    const TEST: &str = "meld_checker_without_javascript_applies_the_round_and_explains_its_verdict";
    run_on(
        TEST,
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let mut survey = Survey::new(TEST);
            // No script ran: the card grid stays hidden (cards.js would show it).
            b.goto("/check").await?;
            b.find("details[data-card-grid][data-target=\"melds\"][hidden]")
                .await?;
            // The rule set and the round are folded under their summary, and applied with
            // their button.
            b.click("#rules-summary").await?;
            b.select("select#rules", "liverpool").await?;
            b.click("button[name=\"action\"][value=\"apply\"]").await?;
            b.find("select#round option[value=\"7\"]").await?;
            b.select("select#round", "3").await?;
            b.click("button[name=\"action\"][value=\"apply\"]").await?;
            b.wait_text("select#round option:checked", "2 runs of 4")
                .await?;
            // Two runs of hearts that join end to end, typed.
            b.fill("textarea[name=\"melds\"]", "3H 4H 5H 6H | 7H 8H 9H 10H")
                .await?;
            b.click("button[name=\"action\"][value=\"check\"]").await?;
            let verdict = b
                .wait_text("#verdict .result.bad", "join end to end")
                .await?;
            assert!(verdict.starts_with('✗'), "{verdict}");
            survey.look(b, "meld checker, a verdict").await?;
            survey.finish()
        },
    );
}

/// The rows of the score sheet: the round, then each player's points (without the running
/// total below them).
async fn sheet_rows(b: &Browser) -> Outcome<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    for row in b
        .client
        .find_all(Locator::Css("table.sheet tbody tr"))
        .await?
    {
        let mut cells = vec![
            row.find(Locator::Css("th"))
                .await?
                .text()
                .await?
                .trim()
                .to_owned(),
        ];
        for cell in row.find_all(Locator::Css("td")).await? {
            let text = cell.text().await?;
            let small = cell.find(Locator::Css("small")).await?.text().await?;
            cells.push(
                text.strip_suffix(small.as_str())
                    .unwrap_or(&text)
                    .trim()
                    .to_owned(),
            );
        }
        rows.push(cells);
    }
    Ok(rows)
}

/// The result of round `round` of a points game among `players`: `winner` went out, the
/// others hold points that differ by seat and round, and the player after the winner holds
/// cards in the notation.
fn points_round(players: &[&str], round: usize, winner: usize) -> Value {
    let mut points = serde_json::Map::new();
    let mut cards = serde_json::Map::new();
    for (seat, name) in players.iter().enumerate() {
        if seat == winner {
            continue;
        }
        if seat == (winner + 1) % players.len() {
            cards.insert((*name).to_owned(), json!("AS JK 10H KD"));
        } else {
            points.insert(
                (*name).to_owned(),
                json!(((seat * 17 + round * 29) % 18 + 1) * 5),
            );
        }
    }
    json!({
        "round": round,
        "went_out": players[winner],
        "points": points,
        "cards": cards,
    })
}

/// Makes the `version` field of the form matching `form` one older than the game's, as if
/// another phone had changed the game since the page was loaded.
async fn make_stale(b: &Browser, form: &str) -> TestResult {
    let done = b
        .js(&format!(
            r#"var field = document.querySelector('{form} input[name="version"]');
               if (!field) {{ return false; }}
               field.value = String(Number(field.value) - 1);
               return true;"#
        ))
        .await?;
    if done != json!(true) {
        return Err(format!("no version field in {form:?}").into());
    }
    Ok(())
}

#[test]
fn home_setup_checker_and_error_pages_fit_360_px_with_44_px_targets_in_both_languages() {
    const TEST: &str =
        "home_setup_checker_and_error_pages_fit_360_px_with_44_px_targets_in_both_languages";
    run_on(TEST, Phone::NARROW, async |b: &Browser| -> TestResult {
        let mut survey = Survey::new(TEST);
        // A game opened once, so the home page lists it to continue: a long label.
        let (game, _) = create(
            b,
            &json!({"rules": "hollywood", "players": NAMES, "cents_per_point": 10}),
        )?;
        b.goto(&game).await?;
        b.find("table.sheet").await?;

        for lang in ["en", "de"] {
            survey.lang = lang;
            b.goto("/").await?;
            set_language(b, lang).await?;
            b.find(&format!("html[lang=\"{lang}\"]")).await?;
            b.find(&format!(".home-recent a[href=\"{game}\"]")).await?;
            survey.look(b, "home, one game to continue").await?;

            b.goto("/games/new").await?;
            b.find("form.setup").await?;
            survey.look(b, "new game, Contract Rummy").await?;
            for rules in ["progressive", "continental", "rommee"] {
                b.goto(&format!("/games/new?rules={rules}")).await?;
                b.find(&format!(
                    "form.setup input[name=\"shown\"][value=\"{rules}\"]"
                ))
                .await?;
                survey
                    .look(b, &format!("new game, {rules} and its options"))
                    .await?;
            }
            // Eight seats with long names, and a mistake: the form comes back with it.
            b.goto("/games/new?rules=hollywood").await?;
            for (seat, name) in NAMES.iter().enumerate() {
                b.fill(&format!("form.setup #p{}", seat + 1), name).await?;
            }
            b.fill("#cents", "zwölf").await?;
            b.click("form.setup > button.big[type=\"submit\"]").await?;
            b.find("#cents[aria-invalid=\"true\"]").await?;
            survey.look(b, "new game, 8 players and an error").await?;

            b.goto("/check").await?;
            b.find("form.checker").await?;
            survey.look(b, "meld checker").await?;
            b.goto("/connection").await?;
            b.find("#connection-certificate").await?;
            survey.look(b, "phones at the table (connection)").await?;
            // A verdict with every reason: two runs that join, in Liverpool's round 3.
            b.goto("/check?rules=liverpool&round=3").await?;
            b.fill("textarea[name=\"melds\"]", "3H 4H 5H 6H | 7H 8H 9H 10H")
                .await?;
            b.click("button[name=\"action\"][value=\"check\"]").await?;
            b.find("#verdict .result.bad .problems li").await?;
            survey.look(b, "meld checker, a verdict").await?;
            // The solver's answer for Contract Rummy's last round.
            b.goto("/check?rules=contract&round=7").await?;
            b.fill(
                "textarea[name=\"hand\"]",
                "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D",
            )
            .await?;
            b.click("button[name=\"action\"][value=\"solve\"]").await?;
            b.find("button[value=\"solve\"] ~ .result.good .meld .chips")
                .await?;
            survey.look(b, "meld checker, the solver's answer").await?;
            // Rommé's best opening, with its box under the hand (issue 9).
            b.goto("/check?rules=rommee").await?;
            b.fill("textarea[name=\"hand\"]", "9H 10H JH QH KH AH 5S 5D 5C 2C")
                .await?;
            b.click("#best").await?;
            b.click("button[name=\"action\"][value=\"solve\"]").await?;
            b.find("button[value=\"solve\"] ~ .result.good .meld .chips")
                .await?;
            survey
                .look(b, "meld checker, the best Rommé opening")
                .await?;
            b.goto("/check?rules=contract&round=7").await?;
            // Does a card fit a meld on the table?
            b.fill("input[name=\"table_meld\"]", "5H 6H 7H 8H").await?;
            b.fill("input[name=\"card\"]", "9H").await?;
            b.click("button[name=\"action\"][value=\"fit\"]").await?;
            b.find("button[value=\"fit\"] ~ .result.good").await?;
            survey.look(b, "meld checker, a card that fits").await?;
            // Cards it does not know.
            b.fill("textarea[name=\"melds\"]", "11H 3X 4H | QQ").await?;
            b.click("button[name=\"action\"][value=\"check\"]").await?;
            b.find("textarea[name=\"melds\"][aria-invalid=\"true\"]")
                .await?;
            survey.look(b, "meld checker, unknown cards").await?;

            for (path, what) in [
                ("/no/such/page", "404"),
                ("/games/AAAAAAAAAAAAAAAAAAAAAA", "404 of a game"),
                ("/view/AAAAAAAAAAAAAAAAAAAAAA", "404 of a read-only link"),
            ] {
                b.goto(path).await?;
                b.find("section.error").await?;
                survey.look(b, what).await?;
            }
        }
        survey.finish()
    });
}

#[test]
fn game_round_history_and_settlement_pages_fit_360_px_with_44_px_targets_in_both_languages() {
    const TEST: &str =
        "game_round_history_and_settlement_pages_fit_360_px_with_44_px_targets_in_both_languages";
    // In dark mode, as a phone set for a dim room: the contrast check covers the dark colours
    // here (and the light ones in the other tests).
    run_on(
        TEST,
        Phone::NARROW.dark(),
        async |b: &Browser| -> TestResult {
            let mut survey = Survey::new(TEST);
            b.goto("/").await?;
            let dark = b
                .js("return matchMedia('(prefers-color-scheme: dark)').matches \
                 && getComputedStyle(document.body).backgroundColor;")
                .await?;
            assert_eq!(dark, "rgb(22, 24, 27)", "the page is dark");
            // Hollywood: eight players, three rounds, round 2 corrected.
            let (h, h_view) = create(
                b,
                &json!({"rules": "hollywood", "players": NAMES, "cents_per_point": 10,
                    "options": {"twos_wild": true}}),
            )?;
            for round in 1..=3 {
                let body = points_round(&NAMES, round, (round * 3) % 8);
                post_round(b, &h, &body)?;
            }
            // A correction names the version it corrects (three rounds written: version 3).
            let mut body = points_round(&NAMES, 2, 1);
            body["version"] = json!(3);
            post_round(b, &h, &body)?;
            // Progressive: five players (the most it seats), nine rounds, a buy in round 9.
            let five = &NAMES[..5];
            let (p, _) = create(
                b,
                &json!({"rules": "progressive", "players": five,
                    "options": {"kitty_split": "two-thirds", "buy_cents": 5}}),
            )?;
            for round in 1..=9 {
                let mut body = points_round(five, round, round % 5);
                if round == 9 {
                    body["buys"] = json!({"Anne-Kathrin": 1});
                }
                post_round(b, &p, &body)?;
            }
            // Continental: eight players, three hands with bonuses; one played so far.
            let (c, _) = create(
                b,
                &json!({"rules": "continental", "players": NAMES, "cents_per_unit": 20,
                    "options": {"twos_wild": true, "turn_bonuses": true,
                                "one_suit_bonus": true, "hands": 3}}),
            )?;
            let hand = |round: usize, winner: &str| {
                json!({"round": round, "winner": winner, "jokers": 2, "first_turn": false,
                   "second_turn": round == 2, "one_suit": false, "no_wilds": false})
            };
            post_round(b, &c, &hand(1, "Bartholomäus"))?;
            // Rommé: six players settle pairwise (many transfers); round 2 a Hand-Rommé.
            let six = &NAMES[..6];
            let (r, _) = create(
                b,
                &json!({"rules": "rommee", "players": six, "cents_per_point": 1}),
            )?;
            for round in 1..=2 {
                let mut body = points_round(six, round, round + 1);
                body["hand_rommee"] = json!(round == 2);
                post_round(b, &r, &body)?;
            }

            // Games under way.
            for lang in ["en", "de"] {
                survey.lang = lang;
                b.goto(&h).await?;
                set_language(b, lang).await?;
                b.find(&format!("html[lang=\"{lang}\"] table.sheet.p8 tbody tr"))
                    .await?;
                survey.look(b, "game page, 8 players").await?;
                // Eight players scroll inside the sheet's box; scrolled to the last one, the round
                // numbers still stand at the box's left edge, on top, to be tapped.
                let edge = b
                .js(r#"var box = document.querySelector(".table-scroll:has(> table.sheet)");
                       box.scrollIntoView({ block: "center" });
                       box.scrollLeft = box.scrollWidth;
                       var link = box.querySelector("tbody tr:last-child th a").getBoundingClientRect();
                       var on = document.elementFromPoint(link.left + 5, link.top + link.height / 2);
                       var at = [box.scrollLeft > 0, Math.round(link.left - box.getBoundingClientRect().left),
                                 on && on.closest("th") === box.querySelector("tbody tr:last-child th")];
                       box.scrollLeft = 0;
                       window.scrollTo(0, 0);
                       return at;"#)
                .await?;
                assert_eq!(
                    edge,
                    json!([true, 0, true]),
                    "scrolled, left edge, tappable"
                );

                b.goto(&format!("{h}/rounds/new")).await?;
                b.find("form.round-form").await?;
                survey.look(b, "round form, 8 players").await?;
                let cards = b
                    .find("fieldset.player:nth-of-type(2) input[name^=\"cards.\"]")
                    .await?
                    .attr("id")
                    .await?
                    .ok_or("a cards field has an id")?;
                b.open_card_grid(&cards).await?;
                survey.look(b, "round form, a card grid open").await?;
                // Saved with nothing filled in: the form comes back with the errors.
                b.click("form.round-form button.save").await?;
                b.find(".notice.error").await?;
                survey.look(b, "round form, errors").await?;
                // Saved after another phone changed the game: the form keeps what was typed.
                b.goto(&format!("{h}/rounds/new")).await?;
                b.click("form.round-form label[for=\"w0\"]").await?;
                make_stale(b, "form.round-form").await?;
                b.click("form.round-form button.save").await?;
                b.find(".notice.conflict table").await?;
                survey.look(b, "round form, a conflict").await?;

                b.goto(&format!("{h}/rounds/2/edit")).await?;
                b.find("form.round-form").await?;
                survey.look(b, "correction form").await?;
                b.goto(&format!("{h}/history")).await?;
                b.find("ol.history table.changes").await?;
                survey.look(b, "history").await?;
                // Undo asks first (issue 11): the confirm page.
                b.goto(&format!("{h}/undo")).await?;
                b.find("#undo-form").await?;
                survey.look(b, "undo, asks first").await?;
                // "End the game" after another phone changed it: the notice page.
                b.goto(&format!("{h}/end")).await?;
                survey.look(b, "end, asks first").await?;
                make_stale(b, "form[action$=\"/end\"]").await?;
                b.click("form[action$=\"/end\"] button").await?;
                b.find(".notice.conflict").await?;
                survey.look(b, "end refused, a conflict").await?;

                b.goto(&p).await?;
                b.find("table.sheet.p5 tbody tr").await?;
                survey.look(b, "game page, progressive, 5 players").await?;
                b.goto(&format!("{p}/rounds/new")).await?;
                b.find("form.round-form input[name^=\"buys.\"]").await?;
                survey.look(b, "round form with buys").await?;

                b.goto(&c).await?;
                b.find("table.sheet.p8 tbody tr").await?;
                survey.look(b, "game page, continental").await?;
                b.goto(&format!("{c}/rounds/new")).await?;
                b.find("form.round-form").await?;
                survey.look(b, "round form, continental").await?;

                b.goto(&format!("{r}/rounds/new")).await?;
                b.find("form.round-form input[name=\"hand_rommee\"]")
                    .await?;
                survey.look(b, "round form, rommee").await?;
                b.goto(&h_view).await?;
                b.find(".view-only").await?;
                survey.look(b, "read-only game page, under way").await?;
                b.goto(&format!("{h}/settlement")).await?;
                b.find(".settlement table.sheet").await?;
                survey.look(b, "settlement, not yet over").await?;
            }

            // The games end: Hollywood early, Progressive after round 9, Rommé after round 2,
            // Continental after its third hand.
            end_game(b, &h)?;
            end_game(b, &p)?;
            end_game(b, &r)?;
            post_round(b, &c, &hand(2, "Maximilian"))?;
            post_round(b, &c, &hand(3, "Anne-Kathrin"))?;
            for lang in ["en", "de"] {
                survey.lang = lang;
                b.goto(&h).await?;
                set_language(b, lang).await?;
                b.find(&format!("html[lang=\"{lang}\"] #game-over")).await?;
                survey.look(b, "game over").await?;
                for (path, what) in [
                    (format!("{h}/settlement"), "settlement, lowest collects"),
                    (format!("{h_view}/settlement"), "read-only settlement"),
                    (format!("{p}/settlement"), "settlement, places and kitty"),
                    (format!("{c}/settlement"), "settlement, units"),
                    (format!("{r}/settlement"), "settlement, pairwise"),
                ] {
                    b.goto(&path).await?;
                    b.find("table.results tbody tr").await?;
                    survey.look(b, what).await?;
                }
                b.goto(&h_view).await?;
                b.find(".view-only").await?;
                survey.look(b, "read-only game page").await?;
                b.goto(&format!("{c}/rounds/2/edit")).await?;
                b.find("form.round-form").await?;
                survey.look(b, "correction form, continental").await?;
            }
            survey.finish()
        },
    );
}

#[test]
fn phone_check_reports_every_wide_element_small_target_and_faint_text_spares_inline_links() {
    run_on(
        "phone_check_reports_every_wide_element_small_target_and_faint_text_spares_inline_links",
        Phone::NARROW,
        async |b: &Browser| -> TestResult {
            b.goto("/").await?;
            let check = b.phone_problems(".may-scroll").await?;
            assert_eq!(check.problems, Vec::<String>::new(), "the home page fits");

            // Everything at once: a box too wide, two targets too small, a link in running
            // text, a wide table in a box that may scroll and one in a box that may not (a
            // table cut off at the edge), faint text and tiny text. (Styles through the
            // CSSOM: the page's Content-Security-Policy drops style attributes.)
            b.js(r##"
                var main = document.querySelector("main");
                main.insertAdjacentHTML("beforeend",
                    '<div class="too-wide">wide</div>' +
                    '<button class="tiny">x</button>' +
                    '<label class="small-check"><input type="checkbox"> tiny</label>' +
                    '<p>Running text with <a class="in-text" href="/">a link</a> inside.</p>' +
                    '<div class="table-scroll may-scroll"><table><tr><td>wide</td></tr></table></div>' +
                    '<div class="table-scroll"><table class="cut"><tr><td>cut</td></tr></table></div>' +
                    '<p class="faint">faint</p><p class="tiny-text">tiny</p>');
                function style(css, props) { Object.assign(document.querySelector(css).style, props); }
                style(".too-wide", { width: "500px" });
                style(".tiny", { minHeight: "0", minWidth: "0", padding: "0", height: "20px" });
                style(".small-check", { margin: "0", fontSize: "10px", lineHeight: "1" });
                style(".small-check input", { width: "12px", height: "12px", minHeight: "0" });
                style(".table-scroll table", { width: "900px" });
                style(".table-scroll table.cut", { width: "400px" });
                style(".faint", { color: "#aaaaaa" });
                style(".tiny-text", { fontSize: "10px" });
            "##)
            .await?;
            let check = b.phone_problems(".may-scroll").await?;
            let problems = check.problems.join("\n");
            assert_eq!(check.problems.len(), 9, "{problems}");
            for needle in [
                "the page scrolls sideways: 512 px wide on a 360 px phone",
                "the page is zoomed out to 512 px to fit a 360 px phone",
                "sticks out: main > div.too-wide:nth-of-type(1) \"wide\" spans x 12.0 to 512.0",
                "tap target 12.3×20.0 px: main > button.tiny \"x\"",
                "tap target 336.0×12.0 px: main > label.small-check \"tiny\"",
                "scrolls sideways, hiding part of itself: main > div.table-scroll:nth-of-type(3) \"cut\" is 400 px wide in 336 px",
                "contrast 2.15:1 (rgb(170, 170, 170) on rgb(247, 246, 242)): main > p.faint:nth-of-type(3) \"faint\"",
                "text of 10.0 px: main > p.tiny-text:nth-of-type(4) \"tiny\"",
                "text of 10.0 px: main > label.small-check \"tiny\"",
            ] {
                assert!(problems.contains(needle), "{needle:?} not in:\n{problems}");
            }
            assert!(
                !problems.contains("in-text") && !problems.contains("may-scroll"),
                "{problems}"
            );
            assert_eq!(
                check.inline,
                ["main > p:nth-of-type(2) > a.in-text \"a link\""]
            );
            assert_eq!(
                check.scrollers,
                ["main > div.table-scroll.may-scroll:nth-of-type(2) \"wide\""]
            );
            Ok(())
        },
    );
}

/// Names of the issue's kind, long-ish but usual at a table; a table of four takes the
/// first four, a table of six all of them.
const TABLE_NAMES: [&str; 6] = [
    "Jürgen",
    "Mariechen",
    "Wolfgang",
    "Friederike",
    "Bartholomäus",
    "Hannelore",
];

/// The elements showing one of `TABLE_NAMES` whose text does not fit their box (cut with an
/// ellipsis, clipped, or spilling over a neighbour), each as "tag.class: text (scroll >
/// client)".
async fn cut_names(b: &Browser) -> Outcome<Vec<String>> {
    let names = serde_json::to_string(&TABLE_NAMES)?;
    let cut = b
        .js(&format!(
            "const names = {names};
             const cut = [];
             for (const el of document.querySelectorAll('body *')) {{
               if (el.children.length > 0) continue;
               const text = el.textContent.trim();
               if (!names.some(n => text.includes(n))) continue;
               const wide = el.scrollWidth > el.clientWidth + 1;
               const tall = el.scrollHeight > el.clientHeight + 1;
               if (el.clientWidth > 0 && (wide || tall)) {{
                 cut.push(el.tagName.toLowerCase() + '.' + el.className + ': ' + text
                   + ' (' + el.scrollWidth + 'x' + el.scrollHeight + ' > '
                   + el.clientWidth + 'x' + el.clientHeight + ')');
               }}
             }}
             return cut;"
        ))
        .await?;
    Ok(serde_json::from_value(cut)?)
}

/// Text set to 130 % (as a phone's larger-text setting does): the root font size grows.
async fn larger_text(b: &Browser) -> TestResult {
    b.js("document.documentElement.style.fontSize = '130%'; return true;")
        .await?;
    Ok(())
}

#[test]
fn names_stay_whole_at_130_percent_text_size_on_a_360_px_phone() {
    const TEST: &str = "names_stay_whole_at_130_percent_text_size_on_a_360_px_phone";
    run_on(TEST, Phone::NARROW, async |b: &Browser| -> TestResult {
        b.goto("/").await?;
        let mut problems = Vec::new();
        // A table of four (Liverpool) and one of six (Rommé: the narrow, upright columns).
        for (rules, players) in [
            ("liverpool", &TABLE_NAMES[..4]),
            ("rommee", &TABLE_NAMES[..]),
        ] {
            let (game, _) = create(
                b,
                &json!({"rules": rules, "players": players, "cents_per_point": 1}),
            )?;
            post_round(b, &game, &points_round(players, 1, 1))?;
            let mut look = async |b: &Browser, path: &str| -> TestResult {
                for lang in ["en", "de"] {
                    b.goto(path).await?;
                    set_language(b, lang).await?;
                    larger_text(b).await?;
                    for cut in cut_names(b).await? {
                        problems.push(format!("{rules} {path} ({lang}): {cut}"));
                    }
                }
                Ok(())
            };
            look(b, &game).await?;
            look(b, &format!("{game}/rounds/new")).await?;
            end_game(b, &game)?;
            look(b, &format!("{game}/settlement")).await?;
        }
        assert!(
            problems.is_empty(),
            "names cut at 130 %:\n{}",
            problems.join("\n")
        );
        Ok(())
    });
}

/// "Does this card fit?" with declared wild cards from its grids (issue 9): the table meld's
/// grid and the laid card's grid ("one" mode: a tap replaces the card, but not the card a
/// wild is declared as) both have "= stands for…"; a joker laid as 9♥ fits above 8♥.
#[test]
fn the_fit_grids_declare_the_table_melds_and_the_laid_wild_card() {
    const TEST: &str = "the_fit_grids_declare_the_table_melds_and_the_laid_wild_card";
    run_on(TEST, Phone::NARROW, async |b: &Browser| -> TestResult {
        let mut survey = Survey::new(TEST);
        b.goto("/check?rules=contract&round=2").await?;
        let meld_grid = b.open_card_grid("table_meld").await?;
        b.tap_cards("table_meld", &["5♥", "6♥", "JK"]).await?;
        b.click(&format!("{meld_grid} [data-declare]")).await?;
        b.tap_cards("table_meld", &["7♥", "8♥"]).await?;
        assert_eq!(b.value("#table_meld").await?, "5♥ 6♥ JK=7♥ 8♥");
        let card_grid = b.open_card_grid("card").await?;
        b.tap_cards("card", &["3♥", "JK"]).await?;
        b.click(&format!("{card_grid} [data-declare]")).await?;
        b.tap_cards("card", &["9♥"]).await?;
        assert_eq!(b.value("#card").await?, "JK=9♥");
        survey.look(b, "fit question, declared wild cards").await?;
        b.click("button[name=\"action\"][value=\"fit\"]").await?;
        b.wait_text("body", "Yes: Joker=9♥ fits").await?;
        survey
            .look(b, "fit question, a declared joker fits")
            .await?;
        survey.finish()
    });
}

/// Declared wild cards from the card grid (issue 9): a joker, "= stands for…", then J♥
/// writes `JK=J♥`; a tap on "= stands for…" after a natural card does nothing. The checker
/// then reads the joker exactly as declared: J-Q-K, 39 points, short of Rommé's 40.
#[test]
fn the_card_grid_declares_a_joker_as_the_next_card_tapped() {
    const TEST: &str = "the_card_grid_declares_a_joker_as_the_next_card_tapped";
    run_on(TEST, Phone::NARROW, async |b: &Browser| -> TestResult {
        let mut survey = Survey::new(TEST);
        b.goto("/check?rules=rommee").await?;
        let grid = b.open_card_grid("melds").await?;
        b.tap_cards("melds", &["JK"]).await?;
        b.click(&format!("{grid} [data-declare]")).await?;
        b.tap_cards("melds", &["J♥", "Q♥", "K♥"]).await?;
        // After a natural card there is nothing to declare.
        b.click(&format!("{grid} [data-declare]")).await?;
        b.tap_cards("melds", &["|", "3♠", "3♦", "3♣"]).await?;
        assert_eq!(
            b.value("textarea[name=\"melds\"]").await?,
            "JK=J♥ Q♥ K♥ | 3♠ 3♦ 3♣"
        );
        survey.look(b, "meld checker, a joker declared").await?;
        b.click("button[name=\"action\"][value=\"check\"]").await?;
        b.wait_text("#verdict .result.bad", "Joker declared as J♥")
            .await?;
        b.wait_text("#verdict .result.bad", "39").await?;
        survey
            .look(b, "meld checker, a declared joker's verdict")
            .await?;
        survey.finish()
    });
}

/// The House rules editor and the rule book on a 360 px phone without JavaScript, in English
/// and German, and again at 200 % text: a round added and its contract built by tapping
/// chips and "or", a mistake shown beside its field, saved, and the rule book of what was
/// saved; every page surveyed.
#[test]
fn house_rules_editor_and_rule_book_fit_360_px_without_javascript_also_at_200_percent_text() {
    const TEST: &str =
        "house_rules_editor_and_rule_book_fit_360_px_without_javascript_also_at_200_percent_text";
    run_on(
        TEST,
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let mut survey = Survey::new(TEST);
            for lang in ["en", "de"] {
                survey.lang = lang;
                b.goto("/rules/new?from=shanghai").await?;
                set_language(b, lang).await?;
                b.find("form#editor").await?;
                survey.look(b, "house rules, from Shanghai").await?;
                b.tap_and_wait("#add-round").await?;
                b.find("#round-7").await?;
                b.tap_and_wait("button[name=\"op\"][value=\"or:7\"]")
                    .await?;
                b.tap_and_wait("button[name=\"op\"][value=\"add:7:pair\"]")
                    .await?;
                b.find("#round-7 .hr-or").await?;
                b.fill("#pen\\.K", "900").await?;
                b.tap_and_wait("#check").await?;
                b.find("#pen\\.K[aria-invalid=\"true\"]").await?;
                survey
                    .look(b, "house rules, an 8th round with an \"or\" and a mistake")
                    .await?;
                b.js("document.documentElement.style.fontSize = '200%'; return 0;")
                    .await?;
                survey.look(b, "house rules at 200 % text").await?;
                b.fill("#pen\\.K", "10").await?;
                b.fill("#rules-name", "Bartholomäus' Hausregeln").await?;
                b.tap_and_wait("#save").await?;
                b.find("#book-rounds").await?;
                survey.look(b, "the rule book of the saved rules").await?;
                b.js("document.documentElement.style.fontSize = '200%'; return 0;")
                    .await?;
                survey.look(b, "the rule book at 200 % text").await?;
                b.goto("/rules/new?from=wiener-rommee").await?;
                b.find("form#editor").await?;
                survey.look(b, "house rules, Wiener Rommé").await?;
            }
            survey.finish()
        },
    );
}
