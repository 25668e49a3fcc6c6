//! Issue 11 at the table, through the router: the game page shows the score first (the
//! standings and the next round's essentials above the fold, the repeating rule facts folded
//! away unless they changed). Rounds are entered through the JSON API. Each test has a fresh
//! database.

use crate::common::{TestApp, text};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// `GET path` with the page in `lang`; the page as text.
async fn page_in(app: &TestApp, path: &str, lang: &str) -> String {
    let request = Request::get(path)
        .header("accept-language", lang)
        .body(Body::empty())
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::OK, "{path}: {}", response.body);
    text(&response.body)
}

async fn post_json(app: &TestApp, path: &str, body: &Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.send(request).await;
    (response.status, response.json())
}

/// A new game through the API; its id.
async fn create(app: &TestApp, body: Value) -> String {
    let (status, created) = post_json(app, "/api/v1/games", &body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_str().unwrap().to_owned()
}

/// Enters the next round through the API.
async fn enter(app: &TestApp, id: &str, round: Value) {
    let (status, answer) = post_json(app, &format!("/api/v1/games/{id}/rounds"), &round).await;
    assert_eq!(status, StatusCode::OK, "{round}: {answer}");
}

/// A round where `out` goes out and the others have the points given.
fn round(out: &str, points: &[(&str, i64)]) -> Value {
    let points: serde_json::Map<String, Value> = points
        .iter()
        .map(|(k, v)| ((*k).to_owned(), json!(v)))
        .collect();
    json!({"went_out": out, "points": points})
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
