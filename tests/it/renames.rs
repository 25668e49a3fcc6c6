//! Renaming a player of a big group: the group's row at once, its games in small batches,
//! each a write of its own (docs/decisions.md 2026-11-27), so a save at another table waits
//! for one batch at most, a group of any size is renamed, readers and writers see the new name
//! in a game its batch has not reached yet, and a rename a stop left half-way is finished at
//! the next start. On SQLite, and on PostgreSQL with `KONTRAKT_TEST_ENGINE=postgres`.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use kontrakt::db::Db;
use kontrakt::db::groups::renames::{self, BATCH, Step};
use serde_json::json;

use crate::common::{Group, TestApp};

/// Games in the big group: several thousand, as a club's years of evenings.
const GAMES: usize = 3_000;

/// A group of Ann, Ben and Cy with one game of three rounds, copied to [`GAMES`] games
/// straight in the database (the rows as the write path stores them, with new ids).
async fn big_group(app: &TestApp) -> (Group, String) {
    let group: Group = app.create_group("Club", &["Ann", "Ben", "Cy"]).await.into();
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
        ("Ann", json!({"Ben": 2, "Cy": 4})),
    ] {
        app.enter_round(&game, json!({"went_out": out, "points": points}))
            .await;
    }
    let mut write = app.db.begin_write().await.unwrap();
    for _ in 1..GAMES {
        let id = kontrakt::db::games::new_token();
        sqlx::query(
            "INSERT INTO games (id, view_token, rules, options, players, first_dealer, money,
                 version, ended_early, created_at, updated_at, group_id, house_rules, changes)
             SELECT $1, $2, rules, options, players, first_dealer, money, version, ended_early,
                 created_at, updated_at, group_id, house_rules, changes
             FROM games WHERE id = $3",
        )
        .bind(&id)
        .bind(kontrakt::db::games::new_token())
        .bind(&game)
        .execute(&mut **write)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO rounds (game_id, round_no, entry, points, created_at, updated_at)
             SELECT $1, round_no, entry, points, created_at, updated_at
             FROM rounds WHERE game_id = $2",
        )
        .bind(&id)
        .bind(&game)
        .execute(&mut **write)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO game_seats (game_id, seat, player_id)
             SELECT $1, seat, player_id FROM game_seats WHERE game_id = $2",
        )
        .bind(&id)
        .bind(&game)
        .execute(&mut **write)
        .await
        .unwrap();
    }
    write.commit().await.unwrap();
    (group, game)
}

/// How many games, rounds and history rows still hold `name` as a whole JSON string.
async fn holding(db: &Db, name: &str) -> (i64, i64, i64) {
    let like = format!("%\"{name}\"%");
    let count = |sql: &'static str| {
        let like = like.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .bind(like)
                .fetch_one(db.reader())
                .await
                .unwrap()
        }
    };
    (
        count("SELECT COUNT(*) FROM games WHERE players LIKE $1").await,
        count("SELECT COUNT(*) FROM rounds WHERE entry LIKE $1 OR points LIKE $1").await,
        count("SELECT COUNT(*) FROM history WHERE before LIKE $1 OR after LIKE $1").await,
    )
}

async fn pending(db: &Db) -> bool {
    let mut conn = db.reader().acquire().await.unwrap();
    renames::any(&mut conn).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renames_reach_thousands_of_games_in_small_batches_while_other_tables_save() {
    let app = TestApp::new().await;
    let (group, first) = big_group(&app).await;
    let ann = group.player_id(&app, "Ann").await;

    // The rename, sent from another phone while this one keeps saving.
    let phone = TestApp::on(app.db.clone(), crate::common::TestDir::temporary());
    let path = format!("{}/players/{ann}", group.api());
    let rename = tokio::spawn(async move {
        let started = Instant::now();
        let renamed = phone.post_json(&path, &json!({"name": "Anna"})).await;
        (renamed, started.elapsed())
    });
    // Wait until the group's write has queued it.
    while !pending(&app.db).await && !rename.is_finished() {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }

    // Saves at another table while batches run: each waits for a batch at most.
    let mut slowest = Duration::ZERO;
    let was_pending = pending(&app.db).await;
    let mut saves = 0;
    let mut other = String::new();
    while pending(&app.db).await && saves < 40 {
        // Another table's games (seven rounds each), saving while the rename runs.
        if saves % 7 == 0 {
            other = app
                .create_game(json!({"rules": "contract", "players": ["Dee", "Eve", "Fay"]}))
                .await
                .id;
        }
        let at = Instant::now();
        app.enter_round(
            &other,
            json!({"went_out": "Dee", "points": {"Eve": 5, "Fay": 6}}),
        )
        .await;
        slowest = slowest.max(at.elapsed());
        saves += 1;
    }
    let (renamed, answered) = rename.await.unwrap();
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert!(
        answered < Duration::from_secs(20),
        "the rename answered after {answered:?}"
    );
    eprintln!(
        "rename of {GAMES} games: answered after {answered:?}, pending then: {was_pending}, \
         {saves} saves beside the batches, slowest {slowest:?}"
    );
    assert!(
        slowest < Duration::from_secs(2),
        "a save waited {slowest:?} beside the rename's batches"
    );

    // Every game reads with the new name; the group lists none under the old one.
    let state = app.game_state(&first).await;
    assert_eq!(state["players"], json!(["Anna", "Ben", "Cy"]), "{state}");
    assert_eq!(state["rounds"][0]["went_out"], "Anna");
    let group_state = group.state(&app, "").await;
    assert!(
        !group_state["games"].to_string().contains("\"Ann\""),
        "the group lists no game under the old name"
    );

    // Finish (the background carrier may be on it already) and look at what is stored.
    kontrakt::store::renames::carry_out(&app.db).await.unwrap();
    assert!(!pending(&app.db).await);
    assert_eq!(
        holding(&app.db, "Ann").await,
        (0, 0, 0),
        "no row keeps the old name"
    );
    let (games, rounds, _) = holding(&app.db, "Anna").await;
    assert_eq!(games, i64::try_from(GAMES).unwrap());
    assert_eq!(rounds, i64::try_from(GAMES * 3).unwrap());
    let state = app.game_state(&first).await;
    assert_eq!(
        state["totals"],
        json!({"Anna": 7, "Ben": 7, "Cy": 19}),
        "{state}"
    );
}

#[tokio::test]
async fn a_rename_left_half_way_is_finished_at_the_next_start_a_batch_per_write() {
    let app = TestApp::new().await;
    let (group, first) = big_group(&app).await;
    let ben = group.player_id(&app, "Ben").await;
    // The group's write of a rename, as if the server stopped right after it: the player's
    // row renamed and the games queued, none rewritten.
    let mut write = app.db.begin_write().await.unwrap();
    sqlx::query("UPDATE group_players SET name = 'Benno', name_key = 'benno' WHERE id = $1")
        .bind(ben)
        .execute(&mut **write)
        .await
        .unwrap();
    renames::queue(&mut write, &group.id, ben, ("Ben", "Benno"))
        .await
        .unwrap();
    write.commit().await.unwrap();
    assert_eq!(
        holding(&app.db, "Ben").await.0,
        i64::try_from(GAMES).unwrap()
    );
    // Readers already see the new name.
    let state = app.game_state(&first).await;
    assert_eq!(state["players"], json!(["Ann", "Benno", "Cy"]), "{state}");

    // A round saved in a game the batches reach last goes on under the new name: the write
    // makes the rename in that game first.
    let last: String = sqlx::query_scalar(
        "SELECT MAX(game_id) FROM game_seats WHERE player_id = $1 AND game_id <> $2",
    )
    .bind(ben)
    .bind(&first)
    .fetch_one(app.db.reader())
    .await
    .unwrap();
    let state = app
        .enter_round(
            &last,
            json!({"went_out": "Benno", "points": {"Ann": 4, "Cy": 6}}),
        )
        .await;
    assert_eq!(
        state["totals"],
        json!({"Ann": 11, "Benno": 7, "Cy": 25}),
        "{state}"
    );
    assert_eq!(holding(&app.db, "Benno").await.0, 1);

    // A few batches by hand: each rewrites at most BATCH games in a write of its own.
    let mut slowest = Duration::ZERO;
    for _ in 0..10 {
        let at = Instant::now();
        let mut write = app.db.begin_write().await.unwrap();
        let step = renames::step(&mut write, kontrakt::store::entry::rename)
            .await
            .unwrap();
        write.commit().await.unwrap();
        slowest = slowest.max(at.elapsed());
        match step {
            Step::Batch { games, finished } => {
                assert_eq!(games.len(), usize::try_from(BATCH).unwrap());
                assert!(!finished);
            }
            Step::Idle => panic!("the rename is pending"),
        }
    }
    eprintln!("one batch of {BATCH} games held the writer at most {slowest:?}");
    assert!(slowest < Duration::from_secs(1), "{slowest:?}");
    let rewritten = i64::try_from(GAMES).unwrap() - 10 * BATCH - 1;
    assert_eq!(holding(&app.db, "Ben").await.0, rewritten);

    // The next start (the same database opened again) finishes the rest.
    let dir_url = app.db_url().to_owned();
    let again = if crate::common::on_postgres() {
        Db::open_postgres(&dir_url).await.unwrap()
    } else {
        Db::open(std::path::Path::new(&dir_url)).await.unwrap()
    };
    kontrakt::store::renames::resume(&again).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while pending(&again).await {
        assert!(Instant::now() < deadline, "the rename never finished");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(holding(&again, "Ben").await, (0, 0, 0));
    assert_eq!(
        holding(&again, "Benno").await.0,
        i64::try_from(GAMES).unwrap()
    );
    let state = crate::common::TestApp::on(again.clone(), crate::common::TestDir::temporary())
        .game_state(&last)
        .await;
    assert_eq!(state["players"], json!(["Ann", "Benno", "Cy"]));
    assert_eq!(state["totals"], json!({"Ann": 11, "Benno": 7, "Cy": 25}));
}
