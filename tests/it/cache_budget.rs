//! The read caches under their byte budget (`--cache-mb`, docs/decisions.md 2026-11-27): a
//! group bigger than the whole budget reads the same as with room to spare, and is not kept;
//! past the budget the group read longest ago goes.

use kontrakt::store::budget::CacheBudget;
use kontrakt::web::WriteLimit;
use kontrakt::web::{AppState, app};
use serde_json::{Value, json};

use crate::common::{Group, TestApp, fresh_db};

/// The app with caches of `bytes` in all.
async fn app_with_budget(bytes: usize) -> (TestApp, AppState) {
    let (db, dir) = fresh_db().await;
    let state = AppState::new(db.clone())
        .with_write_limit(WriteLimit::UNLIMITED)
        .with_cache_budget(CacheBudget { bytes });
    let router = app(state.clone());
    (TestApp { router, db, dir }, state)
}

/// A group of three with `games` games of two rounds each, ended.
async fn group_with_games(app: &TestApp, games: usize) -> Group {
    let group: Group = app.create_group("Club", &["Ann", "Ben", "Cy"]).await.into();
    add_games(app, &group, games).await;
    group
}

async fn add_games(app: &TestApp, group: &Group, games: usize) {
    for _ in 0..games {
        let game = app
            .create_game_at(
                &format!("{}/games", group.api()),
                json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
            )
            .await
            .id;
        for (out, points) in [
            ("Ann", json!({"Ben": 5, "Cy": 12})),
            ("Ben", json!({"Ann": 7, "Cy": 3})),
        ] {
            app.enter_round(&game, json!({"went_out": out, "points": points}))
                .await;
        }
        app.end_game(&game).await;
    }
}

/// The group's JSON without what differs between two databases (ids, links, times).
fn numbers(state: &Value) -> Value {
    json!({
        "players": state["players"],
        "standings": state["standings"].as_array().map(|rows| {
            rows.iter()
                .map(|row| {
                    let mut row = row.clone();
                    for field in ["best", "worst", "biggest_hand"] {
                        row.as_object_mut().map(|r| r.remove(field));
                    }
                    row
                })
                .collect::<Vec<_>>()
        }),
        "ledger": state["ledger"],
        "games": state["games"].as_array().map(|games| games.len()),
        "totals": state["games"].as_array().map(|games| {
            games.iter().map(|g| g["totals"].clone()).collect::<Vec<_>>()
        }),
    })
}

#[tokio::test]
async fn a_group_bigger_than_the_cache_budget_reads_the_same_and_is_not_kept() {
    let (roomy, roomy_state) = app_with_budget(64 << 20).await;
    let (tight, tight_state) = app_with_budget(4_096).await;
    let big = group_with_games(&roomy, 12).await;
    let small = group_with_games(&tight, 12).await;
    let mut kept = Value::Null;
    for _ in 0..2 {
        kept = big.state(&roomy, "").await;
        let unkept = small.state(&tight, "").await;
        assert_eq!(numbers(&kept), numbers(&unkept));
        assert_eq!(unkept["games"].as_array().unwrap().len(), 12);
    }
    assert!(roomy_state.groups.holds(&big.id));
    assert!(roomy_state.groups.bytes() > 4_096);
    assert!(!tight_state.groups.holds(&small.id), "too big to keep");
    assert_eq!(tight_state.groups.bytes(), 0);
    assert_eq!(numbers(&kept)["standings"][0]["games"], 12, "{kept}");
    assert_eq!(numbers(&kept)["standings"][0]["rounds_won"], 12);
    // A game added shows at the next read, kept or not.
    add_games(&tight, &small, 1).await;
    add_games(&roomy, &big, 1).await;
    let (kept, unkept) = (big.state(&roomy, "").await, small.state(&tight, "").await);
    assert_eq!(numbers(&kept), numbers(&unkept));
    assert_eq!(numbers(&unkept)["standings"][0]["games"], 13);
    assert!(!tight_state.groups.holds(&small.id));
}

#[tokio::test]
async fn past_the_budget_the_group_read_longest_ago_goes() {
    // Learn what one group of four games takes, then give room for one and a half.
    let (probe, probe_state) = app_with_budget(64 << 20).await;
    let one = group_with_games(&probe, 4).await;
    one.state(&probe, "").await;
    let size = probe_state.groups.bytes();
    assert!(size > 0);

    let (app, state) = app_with_budget((size * 3 / 2) * 4 / 3 + 1).await;
    let first = group_with_games(&app, 4).await;
    let second = group_with_games(&app, 4).await;
    first.state(&app, "").await;
    assert!(state.groups.holds(&first.id));
    second.state(&app, "").await;
    assert!(state.groups.holds(&second.id));
    assert!(
        !state.groups.holds(&first.id),
        "the group read longest ago went"
    );
    assert!(state.groups.bytes() <= (size * 3 / 2) * 4 / 3 + 1);
    // And it still reads.
    assert_eq!(
        first.state(&app, "").await["games"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert!(state.groups.holds(&first.id));
    assert!(!state.groups.holds(&second.id));
}
