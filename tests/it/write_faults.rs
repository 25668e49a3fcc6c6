//! Write faults (issue 14): a write the database refuses (a full disk, reproduced with
//! SQLite's `max_page_count` through `Db::limit_pages_for_tests`) answers 500 with a sentence
//! saying nothing was saved, leaves the writer usable, and `/readyz` says 503 until a write
//! succeeds again. Before the fix, one such failure left sqlx believing the writer was still
//! inside a transaction: every later write answered 500 until the process restarted.
//!
//! PostgreSQL refuses writes too (issue 13): a row lock held past `lock_timeout` (SQLSTATE
//! 55P03) answers with the same sentence, and the next write after the lock goes through.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;

use crate::common::{TestApp, TestResponse};
use kontrakt::db::Db;
use sqlx::Connection as _;

async fn create_game(app: &TestApp, players: &[String]) -> TestResponse {
    app.post_json(
        "/api/v1/games",
        json!({"rules": "liverpool", "players": players}),
    )
    .await
}

/// A game of Ann, Ben and Cy that must be created: its id.
async fn new_game(app: &TestApp) -> String {
    app.create_game(json!({"rules": "liverpool", "players": players(0)}))
        .await
        .id
}

async fn enter_round(app: &TestApp, id: &str) -> TestResponse {
    app.post_json(
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await
}

/// A save the database refused: 500 with the sentence that nothing was saved.
fn assert_nothing_saved(refused: &TestResponse) {
    assert_eq!(
        refused.status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{}",
        refused.body
    );
    let sentence = refused.error_sentence();
    assert!(
        sentence.contains("could not save") && sentence.contains("Nothing was saved"),
        "{sentence}"
    );
}

async fn page_count(app: &TestApp) -> u64 {
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
        .fetch_one(app.db.reader())
        .await
        .unwrap();
    u64::try_from(pages).unwrap()
}

fn players(n: usize) -> Vec<String> {
    ["Ann", "Ben", "Cy"]
        .iter()
        .map(|name| format!("{name}{}", "x".repeat(n)))
        .collect()
}

/// Fills the database up to its page limit: creates games until one is refused. Returns the
/// refusal.
async fn fill(app: &TestApp) -> TestResponse {
    for i in 0..2_000 {
        let response = create_game(app, &players(i % 28)).await;
        if response.status != StatusCode::CREATED {
            return response;
        }
    }
    panic!("2,000 games fitted under the page limit");
}

#[tokio::test]
async fn write_faults_a_full_disk_refuses_a_write_with_a_sentence_and_writes_resume_once_there_is_room()
 {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    assert_eq!(app.get("/readyz").await.status, StatusCode::OK);

    let pages = page_count(&app).await;
    app.db.limit_pages_for_tests(Some(pages)).await.unwrap();
    let refused = fill(&app).await;
    assert_nothing_saved(&refused);
    let not_ready = app.get("/readyz").await;
    not_ready.assert_page_refused(StatusCode::SERVICE_UNAVAILABLE, "refuses writes");
    // Still full: still 503, and the probe did not make room.
    assert_eq!(
        app.get("/readyz").await.status,
        StatusCode::SERVICE_UNAVAILABLE
    );

    // Room again: no restart, writes go through, and readiness comes back on its own.
    app.db.limit_pages_for_tests(None).await.unwrap();
    assert_eq!(app.get("/readyz").await.status, StatusCode::OK);
    let round = enter_round(&app, &id).await;
    assert_eq!(round.status, StatusCode::OK, "{}", round.body);
    let again = create_game(&app, &players(1)).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(app.get("/readyz").await.status, StatusCode::OK);
}

#[tokio::test]
async fn write_faults_writes_resume_by_themselves_after_a_refused_write_without_a_probe() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let pages = page_count(&app).await;
    app.db.limit_pages_for_tests(Some(pages)).await.unwrap();
    let refused = fill(&app).await;
    assert_eq!(refused.status, StatusCode::INTERNAL_SERVER_ERROR);
    app.db.limit_pages_for_tests(None).await.unwrap();
    // No `/readyz` call in between: the next writes themselves work.
    let round = enter_round(&app, &id).await;
    assert_eq!(round.status, StatusCode::OK, "{}", round.body);
    let undo = app
        .send(
            Request::post(format!("/api/v1/games/{id}/undo"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(undo.status, StatusCode::OK, "{}", undo.body);
    assert_eq!(app.get("/readyz").await.status, StatusCode::OK);
}

#[tokio::test]
async fn write_faults_readyz_is_ready_on_a_fresh_database_and_healthz_stays_liveness() {
    let app = TestApp::new().await;
    let ready = app.get("/readyz").await;
    assert_eq!(
        (ready.status, ready.body.as_str()),
        (StatusCode::OK, "ready")
    );
    let healthy = app.get("/healthz").await;
    assert_eq!(
        (healthy.status, healthy.body.as_str()),
        (StatusCode::OK, "ok")
    );
}

#[tokio::test]
async fn write_faults_a_refused_form_save_says_so_on_the_page_in_the_readers_language() {
    let app = TestApp::new().await;
    let pages = page_count(&app).await;
    app.db.limit_pages_for_tests(Some(pages)).await.unwrap();
    for (lang, sentence) in [
        ("en", "could not save this change"),
        ("de", "Es wurde nichts gespeichert"),
    ] {
        // New games through the form until the full database refuses one.
        let refused = 'fill: {
            for i in 0..2_000 {
                let names = players(i % 28);
                let mut fields = vec![("rules", "liverpool"), ("shown", "liverpool")];
                fields.extend(names.iter().map(|name| ("player", name.as_str())));
                let response = crate::common::post_form(&app, "/games", &fields, lang).await;
                if response.status != StatusCode::SEE_OTHER {
                    break 'fill response;
                }
            }
            panic!("2,000 games fitted under the page limit");
        };
        assert_eq!(
            refused.status,
            StatusCode::INTERNAL_SERVER_ERROR,
            "{}",
            refused.body
        );
        assert!(refused.is_html());
        let page = crate::common::text(&refused.body);
        assert!(page.contains(sentence), "{lang}: {page}");
    }
}

/// PostgreSQL's side of "the database refuses writes" (SQLSTATE 55P03, `lock_not_available`):
/// while another session holds the game's row past the server's `lock_timeout`, a save
/// answers the same sentence as a full SQLite disk; the round saved before is still there,
/// the refused one is not, and once the lock is gone the next save goes through. Needs
/// `KONTRAKT_TEST_POSTGRES` (`.ci/test` starts a server); skipped without it outside CI.
#[tokio::test]
async fn write_faults_postgres_a_row_lock_held_too_long_refuses_the_save_with_the_sentence_and_recovers()
 {
    let test = "write_faults::write_faults_postgres_a_row_lock_held_too_long";
    let Some(server) = crate::common::postgres_server(test) else {
        return;
    };
    let dir = crate::common::postgres_test_dir(&server).await;
    let url = dir.db_url().to_owned();
    let name = url.rsplit_once('/').unwrap().1.to_owned();
    // Every connection the server opens from now on waits at most 300 ms for a lock.
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::query(&format!("ALTER DATABASE {name} SET lock_timeout = '300ms'"))
        .execute(&mut admin)
        .await
        .unwrap();
    admin.close().await.unwrap();
    let db = Db::open_postgres(&url).await.unwrap();
    let app = TestApp::on(db, dir);

    let id = new_game(&app).await;
    let saved = enter_round(&app, &id).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);

    // Another session (a stuck server, an operator's transaction) holds the game's row.
    let mut holder = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN").execute(&mut holder).await.unwrap();
    sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR UPDATE")
        .bind(&id)
        .execute(&mut holder)
        .await
        .unwrap();
    let refused = enter_round(&app, &id).await;
    assert_nothing_saved(&refused);
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    holder.close().await.unwrap();

    // The acknowledged round is there, the refused one is not; writes go through again.
    let rounds = |body: &serde_json::Value| body["rounds"].as_array().unwrap().len();
    assert_eq!(
        rounds(&app.get(&format!("/api/v1/games/{id}")).await.json()),
        1
    );
    let again = enter_round(&app, &id).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(
        rounds(&app.get(&format!("/api/v1/games/{id}")).await.json()),
        2
    );
    assert_eq!(app.get("/readyz").await.status, StatusCode::OK);
}

/// PostgreSQL set read-only (a standby after a failover, `default_transaction_read_only`):
/// a save is refused with the same "nothing was saved" sentence as a read-only SQLite file,
/// never an internal error, and goes through once the database takes writes again.
#[tokio::test]
async fn write_faults_postgres_a_read_only_database_refuses_the_save_with_the_sentence_and_recovers()
 {
    let test = "write_faults::write_faults_postgres_a_read_only_database";
    let Some(server) = crate::common::postgres_server(test) else {
        return;
    };
    let dir = crate::common::postgres_test_dir(&server).await;
    let url = dir.db_url().to_owned();
    let name = url.rsplit_once('/').unwrap().1.to_owned();
    let db = Db::open_postgres(&url).await.unwrap();
    let app = TestApp::on(db, dir);
    let id = new_game(&app).await;
    let saved = enter_round(&app, &id).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);

    // The database turns read-only; the server's open connections are cut, so the ones it
    // opens next are read-only.
    let set = |setting: &'static str| {
        let (server, name) = (server.clone(), name.clone());
        async move {
            let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
            sqlx::query(&format!("ALTER DATABASE {name} {setting}"))
                .execute(&mut admin)
                .await
                .unwrap();
            sqlx::query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = $1 AND pid <> pg_backend_pid()",
            )
            .bind(&name)
            .execute(&mut admin)
            .await
            .unwrap();
            admin.close().await.unwrap();
        }
    };
    set("SET default_transaction_read_only = on").await;
    // The first try may meet a cut connection; every try is refused with the sentence.
    for _ in 0..3 {
        let refused = enter_round(&app, &id).await;
        assert_nothing_saved(&refused);
    }
    set("RESET default_transaction_read_only").await;
    let rounds = |body: &serde_json::Value| body["rounds"].as_array().unwrap().len();
    let mut again = enter_round(&app, &id).await;
    if again.status != StatusCode::OK {
        // A connection cut by the reset: refused with the sentence, then saved.
        assert!(again.error_sentence().contains("Nothing was saved"));
        again = enter_round(&app, &id).await;
    }
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(
        rounds(&app.get(&format!("/api/v1/games/{id}")).await.json()),
        2
    );
}

/// A TCP relay between the server and PostgreSQL that the test can cut and restore, as a
/// database that goes down and comes back: [`Relay::cut`] closes the port (new connections
/// are refused) and every connection through it.
struct Relay {
    addr: std::net::SocketAddr,
    to: String,
    tasks: std::sync::Arc<std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Relay {
    async fn start(to: &str) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let relay = Self {
            addr: listener.local_addr().unwrap(),
            to: to.to_owned(),
            tasks: std::sync::Arc::default(),
        };
        relay.serve(listener);
        relay
    }

    fn serve(&self, listener: tokio::net::TcpListener) {
        let (to, tasks) = (self.to.clone(), std::sync::Arc::clone(&self.tasks));
        let accepting = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let to = to.clone();
                let relayed = tokio::spawn(async move {
                    if let Ok(mut server) = tokio::net::TcpStream::connect(&to).await {
                        tokio::io::copy_bidirectional(&mut client, &mut server)
                            .await
                            .ok();
                    }
                });
                tasks.lock().unwrap().push(relayed);
            }
        });
        self.tasks.lock().unwrap().push(accepting);
    }

    /// The database "goes down": the port is closed and every open connection cut.
    async fn cut(&self) {
        for task in self.tasks.lock().unwrap().drain(..) {
            task.abort();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    /// The database is back on the same port.
    async fn restore(&self) {
        let listener = tokio::net::TcpListener::bind(self.addr).await.unwrap();
        self.serve(listener);
    }

    /// `url` (a database on the server this relays to) reached through the relay.
    fn url(&self, url: &str) -> String {
        let (scheme_user, rest) = url.rsplit_once('@').unwrap();
        let (_, database) = rest.split_once('/').unwrap();
        format!("{scheme_user}@{}/{database}", self.addr)
    }
}

/// PostgreSQL going down (before: every page and `/readyz` waited 10 s for a 408): pages, the
/// JSON API, `/healthz` and `/readyz` answer a 503 within about a second with the sentence that
/// the server cannot reach its database (English and German, with `Retry-After`), and once
/// the database is back everything works again without a restart, the round saved before
/// the outage still there.
#[tokio::test]
async fn write_faults_postgres_down_answers_a_quick_503_with_a_sentence_and_recovers_by_itself() {
    let test = "write_faults::write_faults_postgres_down_answers_a_quick_503";
    let Some(server) = crate::common::postgres_server(test) else {
        return;
    };
    let dir = crate::common::postgres_test_dir(&server).await;
    let direct = dir.db_url().to_owned();
    let target = direct
        .rsplit_once('@')
        .unwrap()
        .1
        .split_once('/')
        .unwrap()
        .0;
    let relay = Relay::start(target).await;
    let db = Db::open_postgres(&relay.url(&direct)).await.unwrap();
    let app = TestApp::on(db, dir);
    let id = new_game(&app).await;
    assert_eq!(enter_round(&app, &id).await.status, StatusCode::OK);
    assert_eq!(app.get("/readyz").await.status, StatusCode::OK);

    relay.cut().await;
    let quick = std::time::Duration::from_millis(2500);
    let timed = |started: std::time::Instant, what: &str| {
        let took = started.elapsed();
        assert!(took < quick, "{what} took {took:?}");
    };
    for path in ["/readyz", "/healthz"] {
        let started = std::time::Instant::now();
        let answer = app.get(path).await;
        timed(started, path);
        assert_eq!(
            answer.status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{}",
            answer.body
        );
    }
    let started = std::time::Instant::now();
    let refused = enter_round(&app, &id).await;
    timed(started, "a save");
    refused.assert_refused(
        StatusCode::SERVICE_UNAVAILABLE,
        crate::common::Said::Starts("The server cannot reach its database right now"),
    );
    assert_eq!(refused.header("retry-after"), "1");
    let started = std::time::Instant::now();
    let page = app.get_in(&format!("/games/{id}"), "de").await;
    timed(started, "a page");
    page.assert_page_refused(
        StatusCode::SERVICE_UNAVAILABLE,
        "Der Server erreicht seine Datenbank gerade nicht",
    );
    let api = app.get(&format!("/api/v1/games/{id}")).await;
    api.assert_refused(
        StatusCode::SERVICE_UNAVAILABLE,
        crate::common::Said::Has("cannot reach its database"),
    );

    // Back: the pool connects again by itself.
    relay.restore().await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while app.get("/readyz").await.status != StatusCode::OK {
        assert!(std::time::Instant::now() < deadline, "never ready again");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(enter_round(&app, &id).await.status, StatusCode::OK);
    let game = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(game["rounds"].as_array().unwrap().len(), 2);
}

fn wal_size(app: &TestApp) -> u64 {
    std::fs::metadata(format!("{}-wal", app.db_url())).map_or(0, |m| m.len())
}

/// Small disks: the write-ahead log grew before the disk filled (SQLite checkpoints only at
/// 1,000 pages and never shrinks the log); after the refused write and the first save that
/// commits again it is checkpointed and truncated to nothing, so recovering never needs the
/// log's megabytes twice.
#[tokio::test]
async fn write_faults_the_write_ahead_log_is_truncated_once_writes_succeed_after_a_refused_one() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    for _ in 0..5 {
        assert_eq!(enter_round(&app, &id).await.status, StatusCode::OK);
    }
    assert!(wal_size(&app) > 0, "a log before the disk fills");
    let pages = page_count(&app).await;
    app.db.limit_pages_for_tests(Some(pages)).await.unwrap();
    assert_nothing_saved(&fill(&app).await);
    app.db.limit_pages_for_tests(None).await.unwrap();

    let id = new_game(&app).await;
    assert_eq!(wal_size(&app), 0, "the log is truncated on recovery");
    // And it works as ever afterwards.
    assert_eq!(enter_round(&app, &id).await.status, StatusCode::OK);
    assert!(wal_size(&app) > 0);
}

/// A `tmpfs` of `size` mounted on `dir` (root only), unmounted when dropped.
struct Tmpfs(std::path::PathBuf);

impl Tmpfs {
    fn mount(dir: &std::path::Path, size: &str) -> Option<Self> {
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        mounted.then(|| Self(dir.to_owned()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.0)
            .status();
    }
}

/// Small disks: a database on a full disk is refused at the start with a sentence naming the
/// file and the fix (before: the server started, `/readyz` said ready, and every save
/// failed). Needs a `tmpfs` mount (root); printed as skipped otherwise.
#[tokio::test]
async fn write_faults_a_database_on_a_full_disk_is_refused_at_start_naming_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let Some(_mount) = Tmpfs::mount(dir.path(), "2m") else {
        println!("skipped: the full-disk start test needs a tmpfs mount (root)");
        return;
    };
    let path = dir.path().join("kontrakt.db");
    Db::open(&path).await.unwrap().close().await;
    let mut filler = std::fs::File::create(dir.path().join("filler")).unwrap();
    let chunk = vec![0_u8; 4096];
    while std::io::Write::write_all(&mut filler, &chunk).is_ok() {}
    drop(filler);

    let refused = Db::open(&path).await.unwrap_err().to_string();
    assert!(
        refused.contains(&path.display().to_string())
            && refused.contains("free some space on its disk")
            && refused.contains("-wal and -shm"),
        "{refused}"
    );
    std::fs::remove_file(dir.path().join("filler")).unwrap();
    Db::open(&path).await.unwrap().close().await;
}
