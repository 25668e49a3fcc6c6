//! The standings and the ledger over stored games (issue 10): games played through the API,
//! read back through the store and turned into the engine's records by `store::tally`, give
//! the numbers worked out by hand, so a group's standings and Kasse come from the games
//! themselves.

use kontrakt::rules::ledger::ledger;
use kontrakt::rules::standings::{Filter, head_to_head, standings};
use kontrakt::store::{GameCache, load, tally};
use serde_json::{Value, json};

use crate::common::TestApp;

/// A game of Contract Rummy at 10 cents a point, `rounds` entered, then ended early.
async fn game(app: &TestApp, players: &[&str], rounds: &[(&str, &[(&str, i64)])]) -> String {
    let created = app
        .api(
            "/api/v1/games",
            json!({"rules": "contract", "players": players, "cents_per_point": 10}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    for (out, points) in rounds {
        let points: serde_json::Map<String, Value> = points
            .iter()
            .map(|(name, p)| ((*name).to_owned(), json!(p)))
            .collect();
        app.api(
            &format!("/api/v1/games/{id}/rounds"),
            json!({"went_out": out, "points": points}),
        )
        .await;
    }
    app.api(&format!("/api/v1/games/{id}/end"), json!({})).await;
    id
}

#[tokio::test]
async fn standings_and_the_ledger_come_from_the_stored_games() {
    let app = TestApp::new().await;
    let cache = GameCache::default();
    // Ann = 1, Ben = 2, Cy = 3 (a group's player ids).
    let first = game(
        &app,
        &["Ann", "Ben", "Cy"],
        &[
            ("Ann", &[("Ben", 30), ("Cy", 10)]),
            ("Cy", &[("Ann", 5), ("Ben", 10)]),
        ],
    )
    .await;
    // Seated Ben, Ann, Cy: Ben wins with 0, Ann 25, Cy 40.
    let second = game(
        &app,
        &["Ben", "Ann", "Cy"],
        &[("Ben", &[("Ann", 25), ("Cy", 40)])],
    )
    .await;
    // In progress: counted apart, no money.
    let third = app
        .api(
            "/api/v1/games",
            json!({"rules": "contract", "players": ["Ann", "Cy", "Ben"], "cents_per_point": 10}),
        )
        .await["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let mut played = Vec::new();
    let mut money = Vec::new();
    for (id, seats) in [
        (&first, vec![1, 2, 3]),
        (&second, vec![2, 1, 3]),
        (&third, vec![1, 3, 2]),
    ] {
        let loaded = load(&app.db, &cache, id).await.unwrap().expect("stored");
        played.push(tally::played_game(&loaded, &seats).expect("one id per seat"));
        money.extend(tally::game_money(&loaded, &seats));
        assert!(
            tally::played_game(&loaded, &[1]).is_none(),
            "ids must fit the seats"
        );
    }
    assert_eq!(money.len(), 2, "only finished games have money");

    let list = standings(&played, &Filter::all_time());
    let ann = list.iter().find(|s| s.player == 1).unwrap();
    // Game 1: Ann 5, Ben 40, Cy 10 -> Ann 1st; game 2: Ben 0, Ann 25, Cy 40 -> Ann 2nd.
    assert_eq!(
        (ann.games, ann.wins, ann.place_sum, ann.unfinished),
        (2, 1, 3, 1)
    );
    assert_eq!(ann.rounds_won, 1);
    assert_eq!((ann.penalty_points, ann.penalty_rounds), (30, 3));
    let ben = list.iter().find(|s| s.player == 2).unwrap();
    assert_eq!((ben.games, ben.wins, ben.rounds_won), (2, 1, 1));
    let h = head_to_head(&played, &Filter::all_time(), 1, 2);
    assert_eq!((h.games, h.a_ahead, h.b_ahead), (2, 1, 1));

    // The money: every game's nets per player id, and transfers that settle them.
    let kasse = ledger(&money, None).unwrap();
    assert_eq!(kasse.games, 2);
    let mut nets = [0i64; 4];
    for m in &money {
        for (p, c) in m.players.iter().zip(&m.net_cents) {
            nets[*p as usize] += c;
        }
    }
    for (player, cents) in &kasse.balance_cents {
        assert_eq!(*cents, nets[*player as usize]);
    }
    assert_eq!(ann.net_cents, nets[1]);
    assert_eq!(kasse.balance_cents.values().sum::<i64>(), 0);
    assert!(!kasse.transfers.is_empty());
    // A settle-up after both games leaves nothing open.
    let after = money.iter().map(|m| m.at).max().unwrap();
    assert_eq!(ledger(&money, Some(after)).unwrap().games, 0);
}
