//! Storage on both engines (issue 13): a SQLite database made before the migrations moved to
//! `migrations/sqlite/` still opens, and on PostgreSQL several servers (several `Db` pools on
//! one database) write the same game without a lost update and read each other's writes at
//! once. The PostgreSQL tests need `KONTRAKT_TEST_POSTGRES` (`.ci/test` starts a server); without
//! it they print that they are skipped, and under `CI=true` they fail.

use kontrakt::db::Db;
use kontrakt::db::games::{self, Keyed, NewGame};
use kontrakt::db::groups;
use kontrakt::db::guard::Outcome;
use serde_json::json;

use serde_json::Value;

use crate::common::{TestApp, new_postgres_database, postgres_server};

/// A database written by the code before issue 13 (session 5's main: migrations 0001–0005 in
/// `migrations/`), with a group, a group game and a standalone game with two rounds.
const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/it/fixtures/main-0005.db"
);
const FIXTURE_GAME: &str = "d3d706c51d901fdc02be35ab18e30d8e";
const FIXTURE_GROUP: &str = "5743ecfeb67da3be2e048cecf1c4e0bf";

#[tokio::test]
async fn a_sqlite_database_made_before_the_migrations_moved_opens_with_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    std::fs::copy(FIXTURE, &path).unwrap();
    // sqlx keys applied migrations by version and checksum: the moved files must match.
    let db = Db::open(&path)
        .await
        .expect("the old database opens and migrates");
    let game = games::load_game(&db, FIXTURE_GAME).await.unwrap().unwrap();
    assert_eq!(game.game.version, 2);
    assert_eq!(game.rounds.len(), 2);
    assert_eq!(game.game.players, ["Ann", "Ben", "Cy", "Di"]);
    let group = groups::load_group(&db, FIXTURE_GROUP)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(group.group.name, "Freitagsrunde");
    assert_eq!(group.players.len(), 3);
    assert_eq!(group.games.len(), 1);
    assert_eq!(group.games[0].game.seats.len(), 3);
    // And it takes writes.
    let outcome = put_round(&db, FIXTURE_GAME, 3, Some(2)).await;
    assert!(matches!(outcome, Outcome::Done((3, _))));
    db.close().await;
}

fn new_game() -> NewGame {
    NewGame {
        rules: "liverpool".into(),
        options: json!({}),
        players: vec!["Ann".into(), "Ben".into(), "Cy".into()],
        first_dealer: 0,
        money: json!({}),
    }
}

async fn put_round(
    db: &Db,
    game_id: &str,
    round_no: i64,
    expected_version: Option<i64>,
) -> Outcome<(i64, String)> {
    put_keyed(db, game_id, round_no, expected_version, None).await
}

async fn put_keyed(
    db: &Db,
    game_id: &str,
    round_no: i64,
    expected_version: Option<i64>,
    key: Option<&str>,
) -> Outcome<(i64, String)> {
    let round = (
        round_no,
        json!({"round": round_no}),
        json!([round_no, 0, 5]),
    );
    crate::common::change_round(db, game_id, round, expected_version, key, |version| {
        format!("version {version}")
    })
    .await
}

/// Two servers on one PostgreSQL database: two `Db` pools, as two `kontrakt serve` have.
async fn two_servers(test: &str) -> Option<(Db, Db)> {
    let server = postgres_server(test)?;
    let url = new_postgres_database(&server).await;
    let a = Db::open_postgres(&url)
        .await
        .expect("server A opens the database");
    let b = Db::open_postgres(&url)
        .await
        .expect("server B opens it too");
    Some((a, b))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_two_servers_writing_one_version_of_a_game_give_one_success_and_conflicts() {
    let Some((a, b)) = two_servers("engines::postgres_two_servers_writing_one_version").await
    else {
        return;
    };
    let ids = crate::common::create_game(&a, &new_game()).await.unwrap();
    for version in 0..5 {
        let round = version + 1;
        let writers: Vec<_> = (0..8)
            .map(|n| {
                let db = if n % 2 == 0 { a.clone() } else { b.clone() };
                let id = ids.id.clone();
                tokio::spawn(async move { put_round(&db, &id, round, Some(version)).await })
            })
            .collect();
        let mut written = 0;
        for writer in writers {
            match writer.await.unwrap() {
                Outcome::Done((now, _)) => {
                    assert_eq!(now, version + 1);
                    written += 1;
                }
                Outcome::Conflict { current_version } => assert_eq!(current_version, version + 1),
                other => panic!("{:?}", std::mem::discriminant(&other)),
            }
        }
        assert_eq!(written, 1, "exactly one writer of version {version} wins");
    }
    let game = games::load_game(&b, &ids.id).await.unwrap().unwrap();
    assert_eq!(game.game.version, 5);
    assert_eq!(game.rounds.len(), 5);
    let history = games::history(&a, &ids.id).await.unwrap();
    assert_eq!(history.len(), 5, "one history row per write that won");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_a_racing_duplicate_through_the_other_server_gets_the_first_answer() {
    let Some((a, b)) = two_servers("engines::postgres_a_racing_duplicate").await else {
        return;
    };
    let ids = crate::common::create_game(&a, &new_game()).await.unwrap();
    // No version: only the key keeps a retry from becoming a second round.
    let writers: Vec<_> = (0..8)
        .map(|n| {
            let db = if n % 2 == 0 { a.clone() } else { b.clone() };
            let id = ids.id.clone();
            tokio::spawn(async move { put_keyed(&db, &id, 1, None, Some("once")).await })
        })
        .collect();
    let mut answers = Vec::new();
    for writer in writers {
        answers.push(match writer.await.unwrap() {
            Outcome::Done((_, response)) | Outcome::Replayed(response) => response,
            other => panic!("{:?}", std::mem::discriminant(&other)),
        });
    }
    assert!(
        answers.iter().all(|answer| answer == "version 1"),
        "{answers:?}"
    );
    let game = games::load_game(&b, &ids.id).await.unwrap().unwrap();
    assert_eq!(game.game.version, 1);
    // Game creations under one key, racing through both servers: one game.
    let made: Vec<_> = (0..6)
        .map(|n| {
            let db = if n % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move {
                kontrakt::store::create::create_game(
                    &db,
                    &new_game(),
                    Some(Keyed {
                        key: "start",
                        request: "same",
                    }),
                )
                .await
                .unwrap()
            })
        })
        .collect();
    let mut ids = std::collections::BTreeSet::new();
    for creation in made {
        match creation.await.unwrap() {
            Ok(ids_of) => {
                ids.insert(ids_of.id);
            }
            Err(refused) => panic!("the same request: {refused:?}"),
        }
    }
    assert_eq!(ids.len(), 1, "one game for one key");
}

/// The app of one server on `db`.
fn server(db: &Db) -> TestApp {
    TestApp::on(db.clone(), crate::common::TestDir::temporary())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_a_phone_polling_server_b_sees_a_round_saved_through_server_a_at_once() {
    let Some((a, b)) = two_servers("engines::postgres_a_phone_polling_server_b").await else {
        return;
    };
    let (a, b) = (server(&a), server(&b));
    let created = a
        .api(
            "/api/v1/games",
            json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"],
               "first_dealer": "Ann", "options": {}, "cents_per_point": 1}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let view = created["view_api_url"].as_str().unwrap().to_owned();
    for round in 1..=3 {
        // Server B reads (and keeps) the game, twice: the second answer comes from its cache.
        for _ in 0..2 {
            let seen = b.get(&format!("/api/v1/games/{id}")).await.json();
            assert_eq!(seen["version"], round - 1);
            assert_eq!(b.get(&view).await.json()["version"], round - 1);
        }
        a.api(
            &format!("/api/v1/games/{id}/rounds"),
            json!({"went_out": "Ann", "points": {"Ben": 35, "Cy": 10}}),
        )
        .await;
        let seen = b.get(&format!("/api/v1/games/{id}")).await.json();
        assert_eq!(seen["version"], round, "B sees A's round {round} at once");
        assert_eq!(seen["rounds"].as_array().unwrap().len(), round as usize);
        assert_eq!(b.get(&view).await.json()["version"], round);
    }
    // A group change made through B (the game joins a group) shows in the game A keeps.
    let cache_a = kontrakt::store::GameCache::default();
    let kept = kontrakt::store::load(&a.db, &cache_a, &id)
        .await
        .unwrap()
        .unwrap();
    assert!(kept.record.game.group.is_none());
    let group = b
        .api(
            "/api/v1/groups",
            json!({"name": "Freitagsrunde", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await;
    let group_id = group["id"].as_str().unwrap();
    b.api(
        &format!("/api/v1/groups/{group_id}/add-game"),
        json!({"game": id}),
    )
    .await;
    let seen = kontrakt::store::load(&a.db, &cache_a, &id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(seen.record.game.group.as_ref().unwrap().id, group_id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_a_group_read_through_server_b_shows_a_round_saved_through_server_a_at_once() {
    let Some((a, b)) = two_servers("engines::postgres_a_group_read_through_server_b").await else {
        return;
    };
    let (a, b) = (server(&a), server(&b));
    let group = a
        .api(
            "/api/v1/groups",
            json!({"name": "Freitagsrunde", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await;
    let api = group["api_url"].as_str().unwrap().to_owned();
    let view = group["view_api_url"].as_str().unwrap().to_owned();
    let mut games = Vec::new();
    for _ in 0..2 {
        let game = a
            .api(
                &format!("{api}/games"),
                json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"]}),
            )
            .await;
        games.push(game["id"].as_str().unwrap().to_owned());
    }
    for round in 1..=2_usize {
        // Server B reads (and keeps) the group, twice.
        for _ in 0..2 {
            let seen = b.get(&api).await.json();
            assert_eq!(seen["games"][0]["rounds_played"], round - 1, "{seen}");
            assert_eq!(
                b.get(&view).await.json()["games"][0]["rounds_played"],
                round - 1
            );
        }
        // A round in the newest game, through server A: B's next read of the group has it,
        // and scores only that game again.
        a.api(
            &format!("/api/v1/games/{}/rounds", games[1]),
            json!({"went_out": "Ann", "points": {"Ben": 35, "Cy": 10}}),
        )
        .await;
        let seen = b.get(&api).await.json();
        assert_eq!(
            seen["games"][0]["rounds_played"], round,
            "B sees A's round at once"
        );
        assert_eq!(seen["games"][1]["rounds_played"], 0);
        assert_eq!(
            b.get(&view).await.json()["games"][0]["rounds_played"],
            round
        );
    }
    // A group write through A (a new player) is in B's next read too.
    a.api(&format!("{api}/players"), json!({"name": "Di"}))
        .await;
    let seen = b.get(&api).await.json();
    assert_eq!(seen["players"].as_array().unwrap().len(), 4, "{seen}");
}

fn kontrakt(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_kontrakt"))
        .args(args)
        .env_remove("KONTRAKT_DB")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .expect("the binary runs")
}

#[tokio::test]
async fn postgres_migrate_db_moves_every_game_and_group_exactly() {
    let Some(server_url) = postgres_server("engines::postgres_migrate_db") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kontrakt.db");
    std::fs::copy(FIXTURE, &path).unwrap();
    // More than the fixture holds: a second group with a game and its rounds, an ended game.
    let db = Db::open(&path).await.unwrap();
    let app = server(&db);
    let group = app
        .api(
            "/api/v1/groups",
            json!({"name": "Samstag", "players": ["Dora", "Emil", "Fritz"]}),
        )
        .await;
    let group_id = group["id"].as_str().unwrap();
    let game = app
        .api(
            &format!("/api/v1/groups/{group_id}/games"),
            json!({"rules": "liverpool", "players": ["Dora", "Emil", "Fritz"],
               "first_dealer": "Emil", "options": {}, "cents_per_point": 1}),
        )
        .await;
    let game_id = game["id"].as_str().unwrap();
    for _ in 0..2 {
        app.api(
            &format!("/api/v1/games/{game_id}/rounds"),
            json!({"went_out": "Dora", "points": {"Emil": 35, "Fritz": 10}}),
        )
        .await;
    }
    app.api(
        &format!("/api/v1/games/{FIXTURE_GAME}/end"),
        json!({"version": 2}),
    )
    .await;
    db.close().await;

    let url = new_postgres_database(&server_url).await;
    let from = path.to_str().unwrap();
    let moved = kontrakt(&["migrate-db", "--from", from, "--to", &url]);
    assert!(moved.status.success(), "{moved:?}");
    let report = String::from_utf8_lossy(&moved.stdout);
    assert!(report.contains("imported 3 games"), "{report}");

    let before = dir.path().join("before.json");
    let after = dir.path().join("after.json");
    let exported = kontrakt(&["export", "--db", from, "--out", before.to_str().unwrap()]);
    assert!(exported.status.success(), "{exported:?}");
    let exported = kontrakt(&["export", "--db", &url, "--out", after.to_str().unwrap()]);
    assert!(exported.status.success(), "{exported:?}");
    let (before, after) = (
        std::fs::read_to_string(before).unwrap(),
        std::fs::read_to_string(after).unwrap(),
    );
    assert!(before.contains("Samstag") && before.contains("Freitagsrunde"));
    assert_eq!(before, after, "the same games and groups, exactly");
    // A second move refuses rather than doubling anything.
    let again = kontrakt(&["migrate-db", "--from", from, "--to", &url]);
    assert!(!again.status.success());
}

#[tokio::test]
async fn postgres_backup_refuses_and_names_pg_dump_while_export_works() {
    let Some(server_url) = postgres_server("engines::postgres_backup_refuses") else {
        return;
    };
    let url = new_postgres_database(&server_url).await;
    let db = Db::open_postgres(&url).await.unwrap();
    crate::common::create_game(&db, &new_game()).await.unwrap();
    db.close().await;
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    let backup = kontrakt(&["backup", "--db", &url, copy.to_str().unwrap()]);
    assert!(!backup.status.success());
    let said = String::from_utf8_lossy(&backup.stderr);
    assert!(said.contains("pg_dump"), "{said}");
    assert!(!copy.exists());
    let exported = kontrakt(&["export", "--db", &url]);
    assert!(exported.status.success(), "{exported:?}");
    let export: Value = serde_json::from_slice(&exported.stdout).unwrap();
    assert_eq!(export["games"].as_array().unwrap().len(), 1);
}
