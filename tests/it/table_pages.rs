//! Issue 11 at the table, through the router: the game page shows the score first (the
//! standings and the next round's essentials above the fold, the repeating rule facts folded
//! away unless they changed). Rounds are entered through the JSON API. Each test has a fresh
//! database.

use crate::common::{TestApp, round, text, visible};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// `GET path` with the page in `lang`; the page as text.
async fn page_in(app: &TestApp, path: &str, lang: &str) -> String {
    let response = app.get_in(path, lang).await;
    assert_eq!(response.status, StatusCode::OK, "{path}: {}", response.body);
    text(&response.body)
}

async fn post_json(app: &TestApp, path: &str, body: &Value) -> (StatusCode, Value) {
    let response = app.post_json(path, body).await;
    (response.status, response.json())
}

/// A new game through the API; its id.
async fn create(app: &TestApp, body: Value) -> String {
    app.create_game(body).await.id
}

/// Enters the next round through the API.
async fn enter(app: &TestApp, id: &str, round: Value) {
    app.enter_round(id, round).await;
}

/// The part of `page` from `start` to the first `end` after it.
fn part<'a>(page: &'a str, start: &str, end: &str) -> &'a str {
    let a = page
        .find(start)
        .unwrap_or_else(|| panic!("{start:?} not on the page"));
    let b = a + page[a..]
        .find(end)
        .unwrap_or_else(|| panic!("{end:?} not after {start:?}"));
    &page[a..b]
}

/// The rows of the standings table, each as its cells' text joined by spaces.
fn standings(page: &str) -> Vec<String> {
    let table = part(page, "<section class=\"standings\"", "</section>");
    table
        .split("<tr")
        .skip(2)
        .map(|row| {
            // After the row's own tag.
            let row = &row[row.find('>').map_or(0, |i| i + 1)..];
            let mut out = String::new();
            let mut inside = false;
            for c in row.chars() {
                match c {
                    '<' => inside = true,
                    '>' => {
                        inside = false;
                        out.push(' ');
                    }
                    _ if !inside => out.push(c),
                    _ => {}
                }
            }
            out.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Score first
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_standings_come_first_best_first_with_the_gap_to_the_leader() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"]}),
    )
    .await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert!(
        !page.contains("id=\"standings\""),
        "no standings before round 1"
    );

    enter(
        &app,
        &id,
        round("Ann", &[("Ben", 25), ("Cy", 40), ("Di", 5)]),
    )
    .await;
    enter(
        &app,
        &id,
        round("Cy", &[("Ann", 30), ("Ben", 10), ("Di", 5)]),
    )
    .await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    // Totals Ann 30, Ben 35, Cy 40, Di 10: lower is better.
    assert!(page.contains("<h2 id=\"standings-title\">Standings after round 2</h2>"));
    assert_eq!(
        standings(&page),
        [
            "1. Di 10 – Leader",
            "2. Ann 30 20",
            "3. Ben 35 25",
            "4. Cy 40 30"
        ]
    );
    // Standings, then the next round's banner and its button, then the sheet.
    let at = |s: &str| {
        page.find(s)
            .unwrap_or_else(|| panic!("{s:?} not on the page"))
    };
    assert!(at("id=\"standings\"") < at("id=\"next-round\""));
    assert!(at("id=\"enter-round\"") < at("id=\"round-rules\""));
    assert!(at("id=\"round-rules\"") < at("id=\"sheet\""));

    let page = page_in(&app, &format!("/games/{id}"), "de").await;
    assert!(page.contains("Stand nach Runde 2"));
    assert!(page.contains("<th scope=\"col\">Rückstand</th>"));
    assert_eq!(standings(&page)[0], "1. Di 10 – Führt");
}

#[tokio::test]
async fn shared_places_are_named_in_seating_order_and_continental_counts_higher_as_better() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    enter(&app, &id, round("Cy", &[("Ann", 20), ("Ben", 20)])).await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert_eq!(
        standings(&page),
        ["1. Cy 0 – Leader", "2. Ann 20 20", "2. Ben 20 20"]
    );

    let id = create(
        &app,
        json!({"rules": "continental", "players": ["Ann", "Ben", "Cy"], "cents_per_unit": 10}),
    )
    .await;
    enter(&app, &id, json!({"winner": "Ben", "jokers": 0})).await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    let rows = standings(&page);
    assert!(rows[0].starts_with("1. Ben "), "{rows:?}");
    assert!(rows[0].ends_with("– Leader"), "{rows:?}");
    // The gap is what the winner is ahead, never negative.
    for row in &rows[1..] {
        let gap: i64 = row.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(gap > 0, "{rows:?}");
    }
}

#[tokio::test]
async fn the_rule_facts_fold_away_and_open_only_in_round_1_and_when_they_change() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"]}),
    )
    .await;
    let rules = |page: &str| part(page, "<details class=\"round-rules\"", "</details>").to_owned();

    // Round 1: the table has not seen them yet: open, not marked as changed.
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    let r = rules(&page);
    assert!(
        r.starts_with("<details class=\"round-rules\" id=\"round-rules\" open>"),
        "{r}"
    );
    assert!(r.contains("<summary>Rules of this round</summary>"), "{r}");
    assert!(r.contains("Cards: "), "{r}");
    // The essentials stay outside the fold.
    let essentials = part(&page, "<ul class=\"facts\">", "</ul>");
    assert!(
        essentials.contains("Deal 10 cards to each player."),
        "{essentials}"
    );
    assert!(essentials.contains("A deals."), "{essentials}");
    assert!(!essentials.contains("Cards: "), "{essentials}");

    // Round 2 repeats the rules: folded, still there on a tap.
    enter(&app, &id, round("A", &[("B", 5), ("C", 5)])).await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert!(page.contains("Round 2 of 7"));
    let r = rules(&page);
    assert!(
        r.starts_with("<details class=\"round-rules\" id=\"round-rules\">"),
        "{r}"
    );
    assert!(r.contains("<summary>Rules of this round</summary>"), "{r}");
    assert!(r.contains("Cards: "), "{r}");
    // Round 3 has two runs (no joining end to end) and one deck less: open, marked.
    enter(&app, &id, round("A", &[("B", 5), ("C", 5)])).await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    let r = rules(&page);
    assert!(
        r.starts_with("<details class=\"round-rules\" id=\"round-rules\" open>"),
        "{r}"
    );
    assert!(r.contains("(changed)"), "{r}");
    assert!(
        r.contains("Two runs of one suit may not join end to end."),
        "{r}"
    );
    for _ in 4..=6 {
        enter(&app, &id, round("A", &[("B", 5), ("C", 5)])).await;
    }
    // Round 7 adds "go out all at once": open and marked, in both languages.
    enter(&app, &id, round("A", &[("B", 5), ("C", 5)])).await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    let r = rules(&page);
    assert!(
        r.starts_with("<details class=\"round-rules\" id=\"round-rules\" open>"),
        "{r}"
    );
    assert!(
        r.contains("Rules of this round <span class=\"changed\">(changed)</span>"),
        "{r}"
    );
    assert!(r.contains("Go out all at once"), "{r}");
    let page = page_in(&app, &format!("/games/{id}"), "de").await;
    let r = rules(&page);
    assert!(
        r.contains("Regeln dieser Runde <span class=\"changed\">(geändert)</span>"),
        "{r}"
    );
}

// ---------------------------------------------------------------------------------------------
// Score sheet marks
// ---------------------------------------------------------------------------------------------

/// The cells of the sheet's body, row by row, each as the words its marks say to a screen
/// reader (the visually hidden text), e.g. `["went out"]`.
fn marks_said(page: &str) -> Vec<Vec<Vec<String>>> {
    let body = part(page, "<table class=\"sheet", "</tbody>");
    let body = &body[body.find("<tbody>").unwrap()..];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td>")
                .skip(1)
                .map(|cell| {
                    cell.split("<span class=\"visually-hidden\">")
                        .skip(1)
                        .map(|s| s[..s.find('<').unwrap()].to_owned())
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The symbols the eye reads in the sheet's cells, row by row.
fn marks_shown(page: &str) -> Vec<Vec<Vec<String>>> {
    let body = part(page, "<table class=\"sheet", "</tbody>");
    let body = &body[body.find("<tbody>").unwrap()..];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td>")
                .skip(1)
                .map(|cell| {
                    cell.split("<span aria-hidden=\"true\">")
                        .skip(1)
                        .map(|s| s[..s.find('<').unwrap()].to_owned())
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The legend of the marks: each line's text.
fn marks_legend(page: &str) -> Vec<String> {
    let legend = part(page, "<div class=\"marks-legend\"", "</div>");
    legend
        .split("<li>")
        .skip(1)
        .map(|li| {
            let li = &li[..li.find("</li>").unwrap()];
            let symbol = part(li, "aria-hidden=\"true\">", "</span>")
                ["aria-hidden=\"true\">".len()..]
                .to_owned();
            format!(
                "{symbol}{}",
                &li[li.find("</span>").unwrap() + "</span>".len()..]
            )
        })
        .collect()
}

#[tokio::test]
async fn the_sheet_marks_who_went_out_the_cut_bonus_and_buys_with_words_and_a_legend() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"]}),
    )
    .await;
    // Round 1: Di cuts (before the dealer Ann) and hits the target; Ben bought twice.
    enter(
        &app,
        &id,
        json!({"went_out": "Ann", "points": {"Ben": 25, "Cy": 40, "Di": 5}, "cut_bonus": true, "buys": {"Ben": 2}}),
    )
    .await;
    // Round 2: Cy goes out, Di bought once, nobody cut exactly.
    enter(
        &app,
        &id,
        json!({"went_out": "Cy", "points": {"Ann": 40, "Ben": 25, "Di": 5}, "buys": {"Di": 1}}),
    )
    .await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    let none = Vec::<String>::new;
    assert_eq!(
        marks_said(&page),
        [
            vec![
                vec!["went out".to_owned()],
                vec!["2 buys".to_owned()],
                none(),
                vec!["cut exactly: 50 points off".to_owned()],
            ],
            vec![
                none(),
                none(),
                vec!["went out".to_owned()],
                vec!["1 buy".to_owned()]
            ],
        ]
    );
    assert_eq!(
        marks_shown(&page),
        [
            vec![
                vec!["✓".to_owned()],
                vec!["B2".to_owned()],
                none(),
                vec!["✂".to_owned()]
            ],
            vec![none(), none(), vec!["✓".to_owned()], vec!["B1".to_owned()]],
        ]
    );
    // The mark's words are its tooltip too, and the numbers stay first in their cells.
    assert!(page.contains("<td>-45<small><span class=\"marks\"><span class=\"mark mark-cut\" title=\"cut exactly: 50 points off\">"));
    assert_eq!(
        marks_legend(&page),
        [
            "✓ went out",
            "✂ cut exactly: the cut bonus off",
            "B2 buys in the round (how many)"
        ]
    );

    let page = page_in(&app, &format!("/games/{id}"), "de").await;
    assert_eq!(marks_said(&page)[0][0], ["ging raus"]);
    assert_eq!(marks_said(&page)[0][1], ["2 Käufe"]);
    assert_eq!(marks_said(&page)[1][3], ["1 Kauf"]);
    assert_eq!(marks_shown(&page)[0][1], ["K2"]);
    assert_eq!(
        marks_said(&page)[0][3],
        ["genau abgehoben: 50 Punkte Abzug"]
    );
    assert_eq!(
        marks_legend(&page),
        [
            "✓ ging raus",
            "✂ genau abgehoben: Abhebe-Bonus abgezogen",
            "K2 Käufe in der Runde (wie viele)"
        ]
    );
    // The read-only link and the settlement show the same marks.
    let view = {
        let state = app.get(&format!("/api/v1/games/{id}")).await.json();
        state["view_url"].as_str().unwrap().to_owned()
    };
    assert_eq!(
        marks_said(&page_in(&app, &view, "en").await)[0][1],
        ["2 buys"]
    );
    assert_eq!(
        marks_said(&page_in(&app, &format!("/games/{id}/settlement"), "en").await)[0][3],
        ["cut exactly: 50 points off"]
    );
}

#[tokio::test]
async fn the_sheet_marks_hand_rommee_doubling_on_the_doubled_hands() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "rommee", "players": ["Ann", "Ben", "Cy"], "cents_per_point": 1}),
    )
    .await;
    enter(
        &app,
        &id,
        json!({"went_out": "Ann", "points": {"Ben": 25, "Cy": 40}, "hand_rommee": true}),
    )
    .await;
    enter(
        &app,
        &id,
        json!({"went_out": "Ben", "points": {"Ann": 10, "Cy": 5}}),
    )
    .await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    let none = Vec::<String>::new;
    let doubled = || vec!["doubled by Hand-Rommé".to_owned()];
    assert_eq!(
        marks_said(&page),
        [
            vec![vec!["went out".to_owned()], doubled(), doubled()],
            vec![none(), vec!["went out".to_owned()], none()],
        ]
    );
    assert_eq!(marks_shown(&page)[0][1], ["×2"]);
    assert!(
        page.contains("<td>50<small>"),
        "the doubled points are shown"
    );
    assert_eq!(
        marks_legend(&page),
        ["✓ went out", "×2 doubled by Hand-Rommé"]
    );
    let page = page_in(&app, &format!("/games/{id}"), "de").await;
    assert_eq!(marks_said(&page)[0][2], ["verdoppelt durch Hand-Rommé"]);
}

#[tokio::test]
async fn the_sheet_marks_continental_jokers_and_bonuses_on_the_winners_cell() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "continental", "players": ["Ann", "Ben", "Cy"], "cents_per_unit": 10,
               "options": {"turn_bonuses": true, "one_suit_bonus": true}}),
    )
    .await;
    enter(
        &app,
        &id,
        json!({"winner": "Ben", "jokers": 2, "first_turn": true, "one_suit": true}),
    )
    .await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    let none = Vec::<String>::new;
    assert_eq!(
        marks_said(&page),
        [vec![
            none(),
            vec![
                "went out".to_owned(),
                "2 jokers in the winning hand".to_owned(),
                "bonus: out on the first turn, all runs in one suit".to_owned(),
            ],
            none(),
        ],]
    );
    assert_eq!(marks_shown(&page)[0][1], ["✓", "J2", "++"]);
    assert_eq!(
        marks_legend(&page),
        [
            "✓ went out",
            "J2 jokers in the winning hand (how many)",
            "+ bonuses of the winning hand (one + each)"
        ]
    );
    let page = page_in(&app, &format!("/games/{id}"), "de").await;
    assert_eq!(
        marks_said(&page)[0][1],
        [
            "ging raus",
            "2 Joker im Gewinnblatt",
            "Bonus: im ersten Zug raus, alle Folgen in einer Farbe"
        ]
    );
}

#[tokio::test]
async fn a_sheet_without_marks_has_no_marks_legend() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"]}),
    )
    .await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert!(!page.contains("marks-legend"), "no round, no legend");
}

// ---------------------------------------------------------------------------------------------
// Game over, in words
// ---------------------------------------------------------------------------------------------

/// The game-over header's result sentence.
/// The game-over sentence's words (each name stands in `<bdi>`, which
/// `game_pages::right_to_left_names…` checks).
fn result(page: &str) -> String {
    let p = part(page, "<p class=\"game-result\" id=\"game-result\">", "</p>");
    p[p.find('>').unwrap() + 1..]
        .replace("<bdi>", "")
        .replace("</bdi>", "")
}

#[tokio::test]
async fn game_over_says_who_won_with_places_and_money_and_names_ties_together() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"], "cents_per_point": 1}),
    )
    .await;
    enter(
        &app,
        &id,
        json!({"went_out": "Ann", "points": {"Ben": 25, "Cy": 40, "Di": 5}, "cut_bonus": true}),
    )
    .await;
    enter(
        &app,
        &id,
        round("Cy", &[("Ann", 40), ("Ben", 25), ("Di", 5)]),
    )
    .await;
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert!(!page.contains("id=\"game-over\""), "not over yet");
    let (status, _) = post_json(&app, &format!("/api/v1/games/{id}/end"), &json!({})).await;
    assert_eq!(status, StatusCode::OK);

    // Totals Ann 40, Ben 50, Cy 40, Di -40; the lowest collects a cent a point.
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert_eq!(
        result(&page),
        "Di wins with -40 (+€ 2.50) — Ann and Cy 2nd with 40 (−€ 0.80 each), Ben 4th with 50 (−€ 0.90)."
    );
    assert!(page.contains("The table ended the game early, after round 2 of 7."));
    assert!(!page.contains("rounds are played"));
    // At the top: before the standings and the sheet.
    let at = |s: &str| {
        page.find(s)
            .unwrap_or_else(|| panic!("{s:?} not on the page"))
    };
    assert!(at("id=\"game-over\"") < at("id=\"standings\""));
    assert!(at("id=\"standings\"") < at("id=\"sheet\""));

    let page = page_in(&app, &format!("/games/{id}"), "de").await;
    assert_eq!(
        result(&page),
        "Di gewinnt mit -40 (+2,50 €) — Ann und Cy auf Platz 2 mit 40 (je −0,80 €), Ben auf Platz 4 mit 50 (−0,90 €)."
    );
}

#[tokio::test]
async fn game_over_names_shared_winners_and_says_no_money_without_a_stake() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "cents_per_point": 0}),
    )
    .await;
    for _ in 0..7 {
        enter(&app, &id, round("A", &[("B", 10), ("C", 10)])).await;
    }
    // A 0, B and C 70 each; no stake: no money said.
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert_eq!(result(&page), "A wins with 0 — B and C 2nd with 70.");
    assert!(!page.contains("ended the game early"));

    let id = create(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "cents_per_point": 2}),
    )
    .await;
    enter(&app, &id, round("A", &[("B", 5), ("C", 5)])).await;
    enter(&app, &id, round("B", &[("A", 5), ("C", 5)])).await;
    enter(&app, &id, round("C", &[("A", 5), ("B", 5)])).await;
    let (status, _) = post_json(&app, &format!("/api/v1/games/{id}/end"), &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    // 10 each: all three share first place, nobody pays.
    let page = page_in(&app, &format!("/games/{id}"), "en").await;
    assert_eq!(result(&page), "A, B and C share first place with 10.");
    let page = page_in(&app, &format!("/games/{id}"), "de").await;
    assert_eq!(result(&page), "A, B und C teilen sich Platz 1 mit 10.");
}

// ---------------------------------------------------------------------------------------------
// Entry in seconds
// ---------------------------------------------------------------------------------------------

/// The value of the field named `name` on a rendered form.
fn field_value(page: &str, name: &str) -> String {
    let at = page
        .find(&format!("name=\"{name}\""))
        .unwrap_or_else(|| panic!("no field {name}"));
    let rest = &page[at..];
    let value = rest.find("value=\"").expect("a value") + "value=\"".len();
    rest[value..value + rest[value..].find('"').unwrap()].to_owned()
}

/// Posts the round form of game `id` (its hidden fields from a fresh copy) with `fields`.
async fn post_round_form(
    app: &TestApp,
    id: &str,
    fields: &[(&str, &str)],
    lang: &str,
) -> crate::common::TestResponse {
    let form = page_in(app, &format!("/games/{id}/rounds/new"), lang).await;
    let (version, key) = (field_value(&form, "version"), field_value(&form, "key"));
    let mut all = vec![("version", version.as_str()), ("key", key.as_str())];
    all.extend_from_slice(fields);
    crate::common::post_form(app, &format!("/games/{id}/rounds"), &all, lang).await
}

#[tokio::test]
async fn points_typed_as_a_sum_are_saved_as_their_total_and_shown_so() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy", "Di"]}),
    )
    .await;
    // The keypad that has a +: digits first, the sum allowed.
    let form = page_in(&app, &format!("/games/{id}/rounds/new"), "en").await;
    assert!(
        form.contains("name=\"points.Ben\" type=\"text\" inputmode=\"tel\" pattern=\"[0-9+ ]*\"")
    );
    let saved = post_round_form(
        &app,
        &id,
        &[
            ("went_out", "Ann"),
            ("points.Ben", "25+10+5"),
            ("points.Cy", " 7 + 8 "),
            ("points.Di", "3"),
        ],
        "en",
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(
        state["totals"],
        json!({"Ann": 0, "Ben": 40, "Cy": 15, "Di": 3}),
        "{state}"
    );
    // The correction form shows the totals, not the sums.
    let correct = page_in(&app, &format!("/games/{id}/rounds/1/edit"), "en").await;
    assert_eq!(field_value(&correct, "points.Ben"), "40");
    assert_eq!(field_value(&correct, "points.Cy"), "15");
}

#[tokio::test]
async fn a_sum_with_something_else_in_it_is_refused_next_to_its_field_in_both_languages() {
    let app = TestApp::new().await;
    let id = create(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    for (lang, sentence) in [
        (
            "en",
            "“25+x” is not a sum of whole numbers: type the points like 25+10+5.",
        ),
        (
            "de",
            "„25+x“ ist keine Summe ganzer Zahlen: Punkte so eintippen: 25+10+5.",
        ),
    ] {
        let refused = post_round_form(
            &app,
            &id,
            &[
                ("went_out", "Ann"),
                ("points.Ben", "25+x"),
                ("points.Cy", "5"),
            ],
            lang,
        )
        .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        let page = text(&refused.body);
        let ben = part(&page, "id=\"player-1\"", "</fieldset>");
        assert!(ben.contains(sentence), "{lang}: {ben}");
        // What was typed comes back as typed, to be mended.
        assert_eq!(field_value(&page, "points.Ben"), "25+x");
    }
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(
        state["rounds"].as_array().map(Vec::len),
        Some(0),
        "nothing saved"
    );
    // The JSON API takes numbers only: a sum is not a number there.
    let (status, answer) = post_json(
        &app,
        &format!("/api/v1/games/{id}/rounds"),
        &json!({"went_out": "Ann", "points": {"Ben": "25+10", "Cy": 5}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
}

// ---------------------------------------------------------------------------------------------
// Known gaps
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_english_ace_rule_is_described_in_words_not_by_its_choice_ids() {
    let app = TestApp::new().await;
    for id in kontrakt::rules::presets::PRESET_IDS {
        let page = page_in(&app, &format!("/games/new?rules={id}"), "en").await;
        let shown = visible(&page);
        for choice in ["low-or-high", "high-only", "wrap"] {
            let said = shown
                .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | ':' | '(' | ')'))
                .any(|w| w == choice);
            assert!(
                !said,
                "{id}: the English form names the ace choice {choice:?}"
            );
        }
    }
    let page = page_in(&app, "/games/new?rules=liverpool", "en").await;
    assert!(page.contains(
        "Where the ace may stand in a run: low or high (A-2-3, Q-K-A), high only, or round the corner (Q-K-A-2)."
    ));
}

// ---------------------------------------------------------------------------------------------
// Home page
// ---------------------------------------------------------------------------------------------

/// `GET path` with `cookie`, in `lang`: the answer's `set-cookie` value (its `name=value`).
async fn visit(app: &TestApp, path: &str, cookie: &str, lang: &str) -> (String, String) {
    let request = Request::get(path)
        .header("accept-language", lang)
        .header("cookie", cookie)
        .body(Body::empty())
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::OK, "{path}");
    let set = response
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let set = set.split(';').next().unwrap_or("").to_owned();
    (set, text(&response.body))
}

/// The recent list of the home page: each entry's text, tags left out.
fn recent_list(page: &str) -> Vec<String> {
    let list = part(page, "<ul class=\"link-list recent-games\"", "</ul>");
    list.split("<li>")
        .skip(1)
        .map(|li| visible(li).split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[tokio::test]
async fn the_home_page_lists_this_phones_games_with_date_state_and_leader() {
    let app = TestApp::new().await;
    let players = json!(["Ann", "Ben", "Cy"]);
    // Three games of one table: not started, under way, finished; and one ended early.
    let fresh = create(&app, json!({"rules": "contract", "players": players})).await;
    let going = create(&app, json!({"rules": "contract", "players": players})).await;
    enter(&app, &going, round("Ben", &[("Ann", 20), ("Cy", 30)])).await;
    enter(&app, &going, round("Ann", &[("Ben", 5), ("Cy", 30)])).await;
    let done = create(&app, json!({"rules": "contract", "players": players})).await;
    for _ in 0..7 {
        enter(&app, &done, round("Cy", &[("Ann", 10), ("Ben", 10)])).await;
    }
    let early = create(&app, json!({"rules": "rommee", "players": players})).await;
    enter(&app, &early, round("Ann", &[("Ben", 10), ("Cy", 10)])).await;
    let (status, _) = post_json(&app, &format!("/api/v1/games/{early}/end"), &json!({})).await;
    assert_eq!(status, StatusCode::OK);

    // This phone opens them one after the other; the cookie remembers them.
    let mut cookie = String::new();
    for id in [&fresh, &going, &done, &early] {
        cookie = visit(&app, &format!("/games/{id}"), &cookie, "en").await.0;
    }
    let today = {
        let state = app.get(&format!("/api/v1/games/{fresh}")).await.json();
        state["created_at"].as_str().unwrap()[..10].to_owned()
    };
    let (_, home) = visit(&app, "/", &cookie, "en").await;
    assert_eq!(
        recent_list(&home),
        [
            // A game that is over offers a rematch beside its line.
            format!(
                "German Rommé · Ann, Ben, Cy {today} · ended early after round 1 of 3 · Ann won with 0 Rematch"
            ),
            format!("Contract Rummy · Ann, Ben, Cy {today} · finished · Cy won with 0 Rematch"),
            format!("Contract Rummy · Ann, Ben, Cy {today} · Round 3 of 7 · Ben leads with 5"),
            format!("Contract Rummy · Ann, Ben, Cy {today} · Round 1 of 7"),
        ]
    );
    let (_, home) = visit(&app, "/", &cookie, "de").await;
    let german = recent_list(&home);
    let de_day = format!("{}.{}.{}", &today[8..10], &today[5..7], &today[..4]);
    assert!(
        german[1].ends_with(&format!(
            "{de_day} · beendet · Cy hat mit 0 gewonnen Revanche"
        )),
        "{german:?}"
    );
    assert!(
        german[2].ends_with("Runde 3 von 7 · Ben führt mit 5"),
        "{german:?}"
    );
}
