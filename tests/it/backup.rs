//! `kontrakt backup PATH`: a consistent copy that opens and passes `PRAGMA integrity_check`,
//! and never overwrites a file.

use std::process::Command;

use crate::common::fresh_db;
use kontrakt::db::Db;
use kontrakt::db::games::{self, NewGame};
use serde_json::json;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions as _, Connection as _};

async fn db_with_a_game() -> (Db, crate::common::TestDir, String) {
    let (db, dir) = fresh_db().await;
    let game = NewGame {
        rules: "contract".into(),
        options: json!({"jokers": false}),
        players: vec!["A".into(), "B".into(), "C".into()],
        first_dealer: 0,
        money: json!({}),
    };
    let id = crate::common::create_game(&db, &game).await.unwrap().id;
    (db, dir, id)
}

async fn integrity_check(path: &std::path::Path) -> String {
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await
        .expect("the backup opens");
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    verdict
}

#[tokio::test]
async fn backup_of_a_live_database_opens_passes_integrity_check_and_holds_the_games() {
    let (db, dir, id) = db_with_a_game().await;
    let copy = dir.path().join("copy.db");
    db.backup_to(&copy).await.expect("backup succeeds");

    assert_eq!(integrity_check(&copy).await, "ok");
    let restored = Db::open(&copy)
        .await
        .expect("the copy opens as a Kontrakt database");
    let game = games::load_game(&restored, &id)
        .await
        .unwrap()
        .expect("game is there");
    assert_eq!(game.game.options, json!({"jokers": false}));
}

#[tokio::test]
async fn backup_refuses_to_overwrite_an_existing_file() {
    let (db, dir, _) = db_with_a_game().await;
    let copy = dir.path().join("copy.db");
    std::fs::write(&copy, b"precious").unwrap();
    let error = db.backup_to(&copy).await.expect_err("must refuse");
    assert!(error.to_string().contains("already exists"), "{error}");
    assert_eq!(std::fs::read(&copy).unwrap(), b"precious");
}

#[tokio::test]
async fn backup_command_copies_the_database_and_refuses_a_second_time() {
    let (db, dir, id) = db_with_a_game().await;
    let source = dir.path().join("test.db");
    let copy = dir.path().join("nightly.db");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_kontrakt"))
            .args(["backup", "--db"])
            .arg(&source)
            .arg(&copy)
            .env_remove("KONTRAKT_DB")
            .output()
            .expect("the binary runs")
    };

    let first = run();
    assert!(first.status.success(), "{first:?}");
    assert_eq!(integrity_check(&copy).await, "ok");
    let restored = Db::open(&copy).await.unwrap();
    assert!(games::load_game(&restored, &id).await.unwrap().is_some());

    let second = run();
    assert!(!second.status.success());
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(stderr.contains("already exists"), "{stderr}");
    drop(db);
}

#[tokio::test]
async fn backup_command_refuses_a_missing_database_without_creating_it() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("missing.db");
    let output = Command::new(env!("CARGO_BIN_EXE_kontrakt"))
        .args(["backup", "--db"])
        .arg(&source)
        .arg(dir.path().join("copy.db"))
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no database at"));
    assert!(!source.exists());
}

/// A backup killed part way leaves nothing under the backup's name: at every moment the name
/// holds nothing or the whole, synced copy. The database is made large enough (about 48 MB)
/// that `VACUUM INTO` takes a while, and the command is killed at several moments of it.
#[tokio::test]
async fn a_backup_killed_part_way_leaves_no_file_under_the_backups_name() {
    let (db, dir, id) = db_with_a_game().await;
    let mut write = db.begin_write().await.unwrap();
    for sql in [
        "CREATE TABLE filler (b BLOB)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000) \
         INSERT INTO filler SELECT randomblob(4000) FROM n",
    ] {
        sqlx::query(sql).execute(&mut **write).await.unwrap();
    }
    write.commit().await.unwrap();
    let source = dir.path().join("test.db");
    let mut killed_early = 0;
    for (n, millis) in [5_u64, 40, 120, 300, 600].into_iter().enumerate() {
        let copy = dir.path().join(format!("nightly-{n}.db"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_kontrakt"))
            .args(["backup", "--db"])
            .arg(&source)
            .arg(&copy)
            .env_remove("KONTRAKT_DB")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary runs");
        std::thread::sleep(std::time::Duration::from_millis(millis));
        child.kill().ok();
        let status = child.wait().unwrap();
        // What a killed run leaves beside the database is only its hidden partial file. Looked
        // at before this test opens the copy, which makes the copy's own -wal and -shm files.
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let known = name.starts_with("test.db")
                || (name.starts_with("nightly-") && name.ends_with(".db"))
                || (0..n).any(|opened| name.starts_with(&format!("nightly-{opened}.db-")))
                || (name.starts_with(".nightly-") && name.contains(".db.partial-"));
            assert!(known, "{name}");
        }
        if !copy.exists() {
            assert!(!status.success(), "a finished backup is there: {status:?}");
            killed_early += 1;
            continue;
        }
        // Whatever moment it was killed at, a file under the name is the whole copy.
        assert_eq!(integrity_check(&copy).await, "ok", "after {millis} ms");
        let restored = Db::open(&copy).await.expect("the copy opens");
        assert!(games::load_game(&restored, &id).await.unwrap().is_some());
        restored.close().await;
    }
    assert!(
        killed_early > 0,
        "no backup was killed part way: make the database larger"
    );
    drop(db);
}
