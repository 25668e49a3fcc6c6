//! End-to-end tests in a real browser: headless Chromium through chromedriver, a phone's
//! 390×844 viewport, the real binary on a loopback port with a fresh database.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`bash .ci/browser-deps.sh`, which `.ci/test`
//! runs). Run only these with `cargo test --test browser`. A failing test leaves a screenshot,
//! the page source and the server log in `test-artifacts/`. See `browser/harness.rs`.
#![cfg(unix)]

#[path = "browser/harness.rs"]
mod harness;

use fantoccini::Locator;
use harness::{Browser, TestResult, run};

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
                    "♥3-6 and ♥7-10 (melds 1 and 2) join end to end; in round 3 two runs of \
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

            // The table stops after round 2.
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
                    texts.push(cell.text().await?.trim().to_owned());
                }
                rows.push(texts.join(" | "));
            }
            assert_eq!(
                rows,
                [
                    "1. | Di | -13 | +€ 5.80",
                    "2. | Ann | 13 | -€ 1.30",
                    "3. | Cy | 17 | -€ 1.50",
                    "4. | Ben | 47 | -€ 3.00",
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
