//! Issue 11, "Entry in seconds" and "Ready on every phone, all evening", in a real browser:
//! a round of typed totals fits the first screen of a 360×640 and a 412×915 phone (Save
//! included, no scrolling), a six-player Continental round keeps Save in reach, and the cards
//! tapped for a player stay in sight in that player's row with their sum.

use serde_json::{Value, json};

use super::harness::{Browser, Phone, TestResult, run_on};

/// The phone of the "one screen": 360×640 CSS pixels.
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
            let seen = on_first_screen(b, &fields[2..].to_vec()).await?;
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
