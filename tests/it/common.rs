//! Helpers shared by the integration tests: a fresh app on its own temporary database, and
//! requests sent through the router with `oneshot` (no port). Every module of the test binary
//! may use it; it uses only the crate's public API, never another test module.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt as _;
use kontrakt::db::Db;
use kontrakt::db::games::{GameIds, NewGame};
use kontrakt::db::guard::Outcome;
use kontrakt::web::i18n::percent_encode;
use kontrakt::web::{AppState, WriteLimit, app};
use serde_json::{Value, json};
use tempfile::TempDir;
use tower::ServiceExt as _;

use std::borrow::Borrow;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The app on a fresh, migrated database in a temporary directory (both removed on drop).
pub struct TestApp {
    pub router: Router,
    pub db: Db,
    pub dir: TestDir,
}

impl TestApp {
    /// The app with no write rate limit to speak of (tests write a lot, from one address).
    pub async fn new() -> Self {
        Self::with_write_limit(WriteLimit::UNLIMITED).await
    }

    /// The app with the given write rate limit.
    pub async fn with_write_limit(limit: WriteLimit) -> Self {
        let (db, dir) = fresh_db().await;
        let router = app(AppState::new(db.clone()).with_write_limit(limit));
        Self { router, db, dir }
    }

    /// The app as a server serving HTTPS itself (`--https`, `--tls-cert`) answers, no write
    /// rate limit to speak of.
    pub async fn served_https() -> Self {
        let (db, dir) = fresh_db().await;
        let state = AppState::new(db.clone()).with_write_limit(WriteLimit::UNLIMITED);
        let router = app(state.with_https(false));
        Self { router, db, dir }
    }

    /// The app (no write rate limit to speak of) on a database the test opened itself, kept
    /// with `dir` (a second server on the same database, a database set up beforehand).
    pub fn on(db: Db, dir: TestDir) -> Self {
        let router = app(AppState::new(db.clone()).with_write_limit(WriteLimit::UNLIMITED));
        Self { router, db, dir }
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("the router never fails");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body can be read")
            .to_bytes();
        TestResponse {
            status,
            headers,
            body: String::from_utf8(bytes.to_vec()).expect("body is UTF-8"),
        }
    }

    /// Sends `request` and reads its body as bytes (a compressed answer is no UTF-8).
    pub async fn send_raw(&self, request: Request<Body>) -> (StatusCode, HeaderMap, Vec<u8>) {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("the router never fails");
        let (parts, body) = response.into_parts();
        let bytes = body.collect().await.expect("body can be read").to_bytes();
        (parts.status, parts.headers, bytes.to_vec())
    }

    /// The app's database as `--db` takes it: the SQLite file's path, or the PostgreSQL
    /// database's URL (so the CLI tests run on both engines).
    pub fn db_url(&self) -> &str {
        self.dir.db_url()
    }

    /// A form key as this app's pages issue it for a form posting to `action` (what a form
    /// rendered by the server carries; a made-up key is refused).
    pub fn form_key(&self, action: &str) -> String {
        kontrakt::web::FormKeys::new(self.db.form_secret()).issue(action)
    }

    pub async fn get(&self, path: &str) -> TestResponse {
        self.send(Request::get(path).body(Body::empty()).unwrap())
            .await
    }

    /// A GET from a phone that prefers `lang` (`Accept-Language`).
    pub async fn get_in(&self, path: &str, lang: &str) -> TestResponse {
        self.get_with(path, &[("accept-language", lang)]).await
    }

    /// A GET with these extra headers.
    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut request = Request::get(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(request.body(Body::empty()).unwrap()).await
    }

    /// Posts a form (`application/x-www-form-urlencoded`) of these fields with these extra
    /// headers (a cookie, an `Accept-Language`).
    pub async fn post_form_with(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        headers: &[(&str, &str)],
    ) -> TestResponse {
        let mut request =
            Request::post(path).header("content-type", "application/x-www-form-urlencoded");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(request.body(Body::from(form_body(fields))).unwrap())
            .await
    }

    /// Posts a form to `path` as a page rendered by the server would: these fields and the
    /// form key the page would carry, from a phone that prefers `lang`.
    pub async fn post_form_keyed(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        lang: &str,
    ) -> TestResponse {
        let key = self.form_key(path);
        let mut fields = fields.to_vec();
        fields.push(("key", &key));
        post_form(self, path, &fields, lang).await
    }

    /// POSTs `body` as `application/json` (a `Value` or a reference to one).
    pub async fn post_json(&self, path: &str, body: impl Borrow<Value>) -> TestResponse {
        self.post_json_with(path, body.borrow().to_string(), &[])
            .await
    }

    /// POSTs `body` (any text, so malformed JSON too) as `application/json` with these extra
    /// headers (an `Idempotency-Key`, an `Accept-Language`, a cookie).
    pub async fn post_json_with(
        &self,
        path: &str,
        body: impl Into<String>,
        headers: &[(&str, &str)],
    ) -> TestResponse {
        let mut request = Request::post(path).header("content-type", "application/json");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(request.body(Body::from(body.into())).unwrap())
            .await
    }

    /// POSTs `body` (any text) as JSON with an `Idempotency-Key` if given.
    pub async fn post_json_keyed(
        &self,
        path: &str,
        body: impl Into<String>,
        key: Option<&str>,
    ) -> TestResponse {
        let key: Vec<_> = key
            .map(|key| ("idempotency-key", key))
            .into_iter()
            .collect();
        self.post_json_with(path, body, &key).await
    }

    /// POSTs `body` as JSON, asserts the answer is a success (2xx) and returns its JSON.
    pub async fn api(&self, path: &str, body: impl Borrow<Value>) -> Value {
        let body = body.borrow();
        let response = self.post_json(path, body).await;
        assert!(
            response.status.is_success(),
            "{path} {body}: {}",
            response.body
        );
        response.json()
    }

    /// POSTs `body` as JSON, asserts the answer's status is `status` and returns its JSON.
    pub async fn post_json_expecting(
        &self,
        path: &str,
        body: impl Borrow<Value>,
        status: StatusCode,
    ) -> Value {
        let response = self.post_json(path, body).await;
        assert_eq!(response.status, status, "{path}: {}", response.body);
        response.json()
    }

    /// A game made through the JSON API with this set-up (asserts 201): its links.
    pub async fn create_game(&self, setup: impl Borrow<Value>) -> Made {
        self.create_game_at("/api/v1/games", setup).await
    }

    /// A game made by posting this set-up to `path` (`/api/v1/games`, a group's
    /// `/api/v1/groups/{id}/games`), which must answer 201: its links.
    pub async fn create_game_at(&self, path: &str, setup: impl Borrow<Value>) -> Made {
        let setup = setup.borrow();
        let response = self.post_json(path, setup).await;
        Made::from_201(setup, response, ("view_url", "/view/"))
    }

    /// Enters `round` into game `id` through the JSON API, asserts 200 and returns the
    /// game's new state.
    pub async fn enter_round(&self, id: &str, round: impl Borrow<Value>) -> Value {
        let round = round.borrow();
        let response = self
            .post_json(&format!("/api/v1/games/{id}/rounds"), round)
            .await;
        assert_eq!(
            response.status,
            StatusCode::OK,
            "{round}: {}",
            response.body
        );
        response.json()
    }

    /// Ends game `id` early through the JSON API (its rounds so far are settled), asserts 200
    /// and returns the game's new state.
    pub async fn end_game(&self, id: &str) -> Value {
        let response = self
            .post_json(&format!("/api/v1/games/{id}/end"), &json!({}))
            .await;
        assert_eq!(response.status, StatusCode::OK, "{id}: {}", response.body);
        response.json()
    }

    /// Game `id`'s state through the JSON API (asserts 200).
    pub async fn game_state(&self, id: &str) -> Value {
        let response = self.get(&format!("/api/v1/games/{id}")).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.body);
        response.json()
    }

    /// A group made through the JSON API with this name and these players (asserts 201): its
    /// links.
    pub async fn create_group(&self, name: &str, players: &[&str]) -> Made {
        let setup = json!({"name": name, "players": players});
        let response = self.post_json("/api/v1/groups", &setup).await;
        Made::from_201(&setup, response, ("view_api_url", "/api/v1/groups/view/"))
    }
}

/// A game or group made through the JSON API: its edit id, its read-only token and the 201
/// answer (for tests that check the links it gives).
#[derive(Debug)]
pub struct Made {
    pub id: String,
    pub view: String,
    pub response: TestResponse,
}

impl Made {
    /// What the answer to `asked` made, which must be a 201: its `id`, and its read-only
    /// token from the link `field`, which must start with `prefix`.
    fn from_201(asked: &Value, response: TestResponse, (field, prefix): (&str, &str)) -> Self {
        assert_eq!(
            response.status,
            StatusCode::CREATED,
            "{asked}: {}",
            response.body
        );
        let made = response.json();
        let view = made[field]
            .as_str()
            .unwrap()
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{field} starts with {prefix}: {made}"))
            .to_owned();
        Self {
            id: made["id"].as_str().unwrap().to_owned(),
            view,
            response,
        }
    }
}

/// A group made through the JSON API: its edit id and read-only token.
#[derive(Debug)]
pub struct Group {
    pub id: String,
    pub view: String,
}

impl From<Made> for Group {
    fn from(made: Made) -> Self {
        Self {
            id: made.id,
            view: made.view,
        }
    }
}

impl Group {
    /// The group's JSON address: `/api/v1/groups/{id}`.
    pub fn api(&self) -> String {
        format!("/api/v1/groups/{}", self.id)
    }

    /// The group's JSON (asserts 200), read with `query` (`""`, or e.g. `"?period=year"`).
    pub async fn state(&self, app: &TestApp, query: &str) -> Value {
        let response = app.get(&format!("{}{query}", self.api())).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.body);
        response.json()
    }

    /// The id of the group's player named `name` (asserts there is one).
    pub async fn player_id(&self, app: &TestApp, name: &str) -> i64 {
        player_id(&self.state(app, "").await, name)
    }
}

/// The id of the player named `name` in a group's JSON `state` (asserts there is one).
pub fn player_id(state: &Value, name: &str) -> i64 {
    state["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {state}"))["id"]
        .as_i64()
        .unwrap()
}

/// A fresh, migrated database in its own temporary directory: a SQLite file, or with
/// `KONTRAKT_TEST_ENGINE=postgres` a new database on the PostgreSQL server of
/// `KONTRAKT_TEST_POSTGRES` (`.ci/test` runs the storage, API and crash tests both ways),
/// copied from a migrated template and dropped with the returned [`TestDir`].
pub async fn fresh_db() -> (Db, TestDir) {
    if on_postgres() {
        let server = std::env::var("KONTRAKT_TEST_POSTGRES")
            .expect("KONTRAKT_TEST_ENGINE=postgres needs KONTRAKT_TEST_POSTGRES (a server's URL)");
        let dir = postgres_test_dir(&server).await;
        let db = Db::open_postgres(dir.db_url())
            .await
            .expect("database opens and migrates");
        return (db, dir);
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("test.db");
    let db = Db::open(&path).await.expect("database opens and migrates");
    let url = path.to_str().expect("a UTF-8 temporary path").to_owned();
    (
        db,
        TestDir {
            dir,
            url,
            postgres: None,
        },
    )
}

/// A temporary directory and a new migrated database on the PostgreSQL server at `server`
/// (its [`TestDir::db_url`]), dropped with it, whichever engine this run tests.
pub async fn postgres_test_dir(server: &str) -> TestDir {
    let dir = TestDir {
        dir: tempfile::tempdir().expect("temporary directory"),
        url: String::new(),
        postgres: Some((server.to_owned(), std::sync::Mutex::new(Vec::new()))),
    };
    let mut dir = dir;
    dir.url = dir.another_db("test").await;
    dir
}

/// A test's temporary directory and, on PostgreSQL, its databases: the directory is removed
/// and the databases are dropped when it is dropped (about 8 MB each, which a pass of a few
/// hundred tests would otherwise leave on the server until it is removed).
pub struct TestDir {
    dir: TempDir,
    /// The test's database as `--db` takes it.
    url: String,
    /// PostgreSQL: the server's URL and the databases made for this test.
    postgres: Option<(String, std::sync::Mutex<Vec<String>>)>,
}

impl TestDir {
    /// A temporary directory of a test whose database is made elsewhere (no database URL).
    pub fn temporary() -> Self {
        Self {
            dir: tempfile::tempdir().expect("temporary directory"),
            url: String::new(),
            postgres: None,
        }
    }

    /// The temporary directory (for files the test writes).
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The test's database as `--db` takes it.
    pub fn db_url(&self) -> &str {
        &self.url
    }

    /// Another database for the same test, as `--db` takes it: a SQLite file `name.db` in the
    /// directory (not created), or a new PostgreSQL database (migrated, empty), dropped with
    /// this directory.
    pub async fn another_db(&self, name: &str) -> String {
        let Some((server, made)) = &self.postgres else {
            let path = self.dir.path().join(format!("{name}.db"));
            return path.to_str().expect("a UTF-8 temporary path").to_owned();
        };
        let (url, database) = migrated_postgres_database(server).await;
        made.lock().unwrap().push(database);
        url
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let Some((server, made)) = self.postgres.take() else {
            return;
        };
        let made = made
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if made.is_empty() {
            return;
        }
        // Drop runs inside the test's runtime, which cannot block on another: a thread.
        let dropped = std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime")
                .block_on(async move {
                    use sqlx::Connection as _;
                    let mut conn = sqlx::PgConnection::connect(&server).await?;
                    for database in made {
                        // FORCE: the test's pool may still hold connections.
                        sqlx::query(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"))
                            .execute(&mut conn)
                            .await?;
                    }
                    conn.close().await
                })
        })
        .join();
        if let Ok(Err(e)) | Err(e) = dropped.map_err(|_| sqlx::Error::PoolClosed) {
            eprintln!("could not drop a test database: {e}");
        }
    }
}

/// A new database on the PostgreSQL server at `server`, copied from a template migrated once
/// per test run (faster than migrating each, and each copy is dropped after its test): its
/// URL and name.
async fn migrated_postgres_database(server: &str) -> (String, String) {
    use sqlx::Connection as _;
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    let template = TEMPLATE
        .get_or_init(|| async {
            let url = new_postgres_database(server).await;
            let db = Db::open_postgres(&url)
                .await
                .expect("the template database opens and migrates");
            // Each test's database makes its own form secret.
            sqlx::query("DELETE FROM meta WHERE name = 'form_secret'")
                .execute(db.reader())
                .await
                .expect("the template's form secret can be removed");
            db.close().await;
            url.rsplit_once('/').expect("a database URL").1.to_owned()
        })
        .await;
    let name = database_name();
    let mut conn = sqlx::PgConnection::connect(server)
        .await
        .expect("the test PostgreSQL answers");
    sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
        .execute(&mut conn)
        .await
        .expect("a test database can be copied from the template");
    conn.close().await.ok();
    (database_url(server, &name), name)
}

/// A database name no other test of any run on the server has.
fn database_name() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static MADE: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!(
        "kt_{}_{}_{nanos}",
        std::process::id(),
        MADE.fetch_add(1, Ordering::SeqCst)
    )
}

/// The URL of database `name` on the server at `server`.
fn database_url(server: &str, name: &str) -> String {
    let (base, _) = server
        .rsplit_once('/')
        .expect("a PostgreSQL URL ends with its database");
    format!("{base}/{name}")
}

/// Whether this run of the tests is the PostgreSQL one (`KONTRAKT_TEST_ENGINE=postgres`).
pub fn on_postgres() -> bool {
    std::env::var("KONTRAKT_TEST_ENGINE").as_deref() == Ok("postgres")
}

/// The PostgreSQL server the tests may use (`KONTRAKT_TEST_POSTGRES`, which `.ci/test` sets
/// after starting one), or `None` after printing that `test` is skipped. Under `CI=true` a
/// missing server fails the test instead.
pub fn postgres_server(test: &str) -> Option<String> {
    match std::env::var("KONTRAKT_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert_ne!(
                std::env::var("CI").as_deref(),
                Ok("true"),
                "{test}: KONTRAKT_TEST_POSTGRES is not set; under CI=true the PostgreSQL tests \
                 must run (bash .ci/test starts a server)"
            );
            eprintln!(
                "SKIPPED {test}: KONTRAKT_TEST_POSTGRES is not set (bash .ci/test starts a \
                 throw-away PostgreSQL)"
            );
            None
        }
    }
}

/// A new, empty database on the PostgreSQL server at `server`: its URL.
pub async fn new_postgres_database(server: &str) -> String {
    use sqlx::Connection as _;
    let name = database_name();
    let mut conn = sqlx::PgConnection::connect(server)
        .await
        .expect("the test PostgreSQL answers");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("a test database can be created");
    conn.close().await.ok();
    database_url(server, &name)
}

/// Writes round `round_no` (`entry`, `points`) of game `game_id` straight through the
/// database's guarded write and its round piece (`db::guard`, `db::games::write_round`), as the
/// store composes them, without the rules engine: with the version the writer expects, under
/// `key` if given (every key for "the same request"), answering with `respond` of the new
/// version. Done is `(version, answer)`.
pub async fn change_round(
    db: &Db,
    game_id: &str,
    round: (i64, Value, Value),
    expected_version: Option<i64>,
    key: Option<&str>,
    respond: impl FnOnce(i64) -> String,
) -> Outcome<(i64, String)> {
    let written = db_writes::round(db, game_id, Ok(round), expected_version, key, |game| {
        Ok::<_, std::convert::Infallible>(respond(game.game.version))
    });
    match written.await {
        Ok(outcome) => outcome,
        Err(never) => match never {},
    }
}

/// Creates a game through the store, without a key.
pub async fn create_game(db: &Db, game: &NewGame) -> Result<GameIds, String> {
    kontrakt::store::create::create_game(db, game, None)
        .await
        .map_err(|e| e.to_string())?
        .map_err(|refused| format!("{refused:?}"))
}

/// The game writes of the database layer as the store composes them (the guarded write, then
/// the pieces), without the rules engine: what the storage tests hold the database to.
pub mod db_writes {
    use kontrakt::db::Db;
    use kontrakt::db::games::{self, GameRecord, Keyed, Once};
    use kontrakt::db::guard::{self, Guarded, Outcome, Refusal, Target};
    use serde_json::Value;

    /// A round write: `round` is what the caller decided, with the game in hand, to write
    /// (`Err`: it refuses, and nothing is written); `respond` builds the answer from the game
    /// as written, or refuses (`Err`, nothing written). Done is `(version, answer)`.
    pub async fn round<E>(
        db: &Db,
        game_id: &str,
        round: Result<(i64, Value, Value), E>,
        expected: Option<i64>,
        key: Option<&str>,
        respond: impl FnOnce(&GameRecord) -> Result<String, E>,
    ) -> Result<Outcome<(i64, String)>, E> {
        let keyed = key.map(|key| Keyed {
            key,
            request: "the same request",
        });
        let mut write = match open(db, game_id, expected, keyed).await {
            Ok(write) => write,
            Err(outcome) => return Ok(outcome),
        };
        let current = games::load_in(&mut write, "id", game_id)
            .await
            .expect("loads")
            .expect("the game is there");
        assert_eq!(
            current.game.id, game_id,
            "the caller decides with the game in hand"
        );
        let (round_no, entry, points) = round?;
        let written = match games::write_round(&mut write, &current, round_no, (&entry, &points))
            .await
            .expect("writes")
        {
            Ok(written) => written,
            Err(refusal) => return Ok(Outcome::Refused(refusal)),
        };
        let answer = respond(&written)?;
        write.commit(&answer).await.expect("commits");
        Ok(Outcome::Done((written.game.version, answer)))
    }

    /// Opens the game's guarded write; `Err` is the outcome it opened on.
    async fn open<T>(
        db: &Db,
        game_id: &str,
        expected: Option<i64>,
        key: Option<Keyed<'_>>,
    ) -> Result<Guarded, Outcome<T>> {
        let target = Target::game(game_id).expecting(expected).keyed(key);
        guard::open(db, target).await.expect("the write opens")
    }

    /// Commits with `once`'s answer stored under its key.
    async fn commit(write: Guarded, once: Option<Once<'_>>) {
        write
            .commit(once.map_or("", |o| o.response))
            .await
            .expect("commits");
    }

    /// Removes the last round (once per key, if given). Done is `(version, round_no)`.
    pub async fn undo(
        db: &Db,
        game_id: &str,
        expected: i64,
        once: Option<Once<'_>>,
    ) -> Outcome<(i64, i64)> {
        let mut write = match open(db, game_id, Some(expected), once.map(Once::keyed)).await {
            Ok(write) => write,
            Err(outcome) => return outcome,
        };
        let last = games::last_round(&mut write, game_id).await.expect("reads");
        let Some((_, Some((round_no, before)))) = last else {
            return Outcome::Refused(Refusal::NothingToUndo);
        };
        let version = games::remove_round(&mut write, game_id, round_no, &before)
            .await
            .expect("removes");
        commit(write, once).await;
        Outcome::Done((version, round_no))
    }

    /// Ends the game early or resumes it (once per key, if given). Done is the version.
    pub async fn end(
        db: &Db,
        game_id: &str,
        ended: bool,
        expected: i64,
        once: Option<Once<'_>>,
    ) -> Outcome<i64> {
        let mut write = match open(db, game_id, Some(expected), once.map(Once::keyed)).await {
            Ok(write) => write,
            Err(outcome) => return outcome,
        };
        if games::set_ended_early(&mut write, game_id, ended)
            .await
            .expect("writes")
        {
            write.bump().await.expect("bumps");
        }
        let version = write.version();
        commit(write, once).await;
        Outcome::Done(version)
    }

    /// Puts back the round the latest undo took back (once per key, if given). Done is
    /// `(version, round_no)`.
    pub async fn redo(
        db: &Db,
        game_id: &str,
        expected: i64,
        once: Option<Once<'_>>,
    ) -> Outcome<(i64, i64)> {
        let mut write = match open(db, game_id, Some(expected), once.map(Once::keyed)).await {
            Ok(write) => write,
            Err(outcome) => return outcome,
        };
        let Some((round_no, entry, points)) = games::round_to_redo(&mut write, game_id)
            .await
            .expect("reads")
        else {
            return Outcome::Refused(Refusal::NothingToRedo);
        };
        let written = games::store_round(
            &mut write,
            game_id,
            round_no,
            (&entry, &points),
            games::HistoryAction::Enter,
            None,
        )
        .await
        .expect("writes");
        commit(write, once).await;
        Outcome::Done((written.game.version, round_no))
    }
}

/// A response with its body read.
#[derive(Debug)]
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl TestResponse {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .unwrap_or_else(|| panic!("response has no {name} header"))
            .to_str()
            .expect("header is ASCII")
    }

    pub fn json(&self) -> serde_json::Value {
        assert!(
            self.header("content-type").starts_with("application/json"),
            "expected JSON, got {:?}: {}",
            self.headers.get("content-type"),
            self.body
        );
        serde_json::from_str(&self.body).expect("body is JSON")
    }

    /// The `error` sentence of a JSON error body.
    pub fn error_sentence(&self) -> String {
        self.json()["error"]
            .as_str()
            .expect("error is a string")
            .to_owned()
    }

    pub fn is_html(&self) -> bool {
        self.header("content-type").starts_with("text/html")
    }

    /// Asserts a refusal of the JSON API: `status`, and an `error` sentence that says
    /// `said`. Returns the sentence, for further checks. A failure shows the whole answer.
    #[track_caller]
    pub fn assert_refused(&self, status: StatusCode, said: Said<'_>) -> String {
        assert_eq!(self.status, status, "{said:?}: {}", self.body);
        let sentence = self.error_sentence();
        let says = match said {
            Said::Is(whole) => sentence == whole,
            Said::Starts(start) => sentence.starts_with(start),
            Said::Has(part) => sentence.contains(part),
        };
        assert!(says, "{said:?}: {}", self.body);
        sentence
    }

    /// Asserts a refused form: `status`, a page, and `part` in its text (see [`text`]).
    /// Returns the page's text, for further checks. A failure shows the whole answer.
    #[track_caller]
    pub fn assert_page_refused(&self, status: StatusCode, part: &str) -> String {
        assert_eq!(self.status, status, "{part:?}: {}", self.body);
        assert!(self.is_html(), "a page: {}", self.body);
        let page = text(&self.body);
        assert!(page.contains(part), "{part:?}: {}", self.body);
        page
    }
}

/// What a refused API request must say ([`TestResponse::assert_refused`]): the whole
/// sentence, how it starts, or a part of it.
#[derive(Clone, Copy, Debug)]
pub enum Said<'a> {
    Is(&'a str),
    Starts(&'a str),
    Has(&'a str),
}

/// Undoes askama's HTML escaping (and turns no-break spaces into spaces), to compare page
/// text with sentences.
pub fn text(body: &str) -> String {
    body.replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#60;", "<")
        .replace("&lt;", "<")
        .replace("&#62;", ">")
        .replace("&gt;", ">")
        .replace("&#38;", "&")
        .replace("&amp;", "&")
        .replace('\u{a0}', " ")
        .replace('\u{2060}', "")
}

/// The fields of a form (or of every form on a page) as a browser posts them, in the page's
/// order: each named input's value (a checkbox or radio button only when ticked), each
/// select's chosen option (else its first), each text area's text; escaping undone.
pub fn form_fields(html: &str) -> Vec<(String, String)> {
    let attr = |tag: &str, name: &str| {
        let pattern = format!(" {name}=\"");
        tag.find(&pattern).map(|at| {
            let from = at + pattern.len();
            text(&tag[from..from + tag[from..].find('"').unwrap()])
        })
    };
    let mut fields = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at..];
        let tag = &rest[..rest.find('>').unwrap() + 1];
        if tag.starts_with("<input") {
            let kind = attr(tag, "type").unwrap_or_default();
            let ticked = !matches!(kind.as_str(), "checkbox" | "radio") || tag.contains(" checked");
            if let (Some(name), true) = (attr(tag, "name"), ticked) {
                fields.push((name, attr(tag, "value").unwrap_or_default()));
            }
        } else if tag.starts_with("<select") {
            let select = &rest[..rest.find("</select>").unwrap()];
            let chosen = select
                .split("<option ")
                .skip(1)
                .find(|o| o.contains(" selected"))
                .or_else(|| select.split("<option ").nth(1))
                .unwrap();
            fields.push((
                attr(tag, "name").unwrap(),
                attr(&format!(" {chosen}"), "value").unwrap(),
            ));
        } else if tag.starts_with("<textarea") {
            let content = &rest[tag.len()..rest.find("</textarea>").unwrap()];
            fields.push((attr(tag, "name").unwrap(), text(content)));
        }
        rest = &rest[1..];
    }
    fields
}

/// Runs the `kontrakt` binary with these arguments: its exit status, stdout and stderr.
pub fn kontrakt_cli(args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kontrakt"))
        .args(args)
        .env_remove("RUST_LOG")
        .output()
        .expect("the binary runs");
    (
        output.status.code().expect("an exit status"),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    )
}

/// The text a reader sees: the tags (and their attributes) left out, each as a space;
/// escapes are kept as written (see [`text`]).
pub fn visible(body: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// A form body (`application/x-www-form-urlencoded`) of these fields, names and values
/// percent-encoded.
pub fn form_body(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// A round body for the JSON API: `out` went out, the others have the points given.
pub fn round(out: &str, points: &[(&str, i64)]) -> Value {
    let points: serde_json::Map<String, Value> = points
        .iter()
        .map(|(name, points)| ((*name).to_owned(), json!(points)))
        .collect();
    json!({"went_out": out, "points": points})
}

/// The value of the first input named `name` in a page (a hidden `version` or `key`, a
/// text field's kept input).
pub fn input_value(body: &str, name: &str) -> String {
    let at = body
        .find(&format!("name=\"{name}\""))
        .unwrap_or_else(|| panic!("no field {name} in {body}"));
    let rest = &body[at..];
    let value = rest.find("value=\"").expect("field has a value") + "value=\"".len();
    let end = rest[value..].find('"').unwrap();
    rest[value..value + end].to_owned()
}

/// Owned form fields (as read back from a page) borrowed for [`post_form`] and its kin.
pub fn pairs(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// Posts a form with these fields, from a phone that prefers `lang` (`Accept-Language`).
pub async fn post_form(
    app: &TestApp,
    path: &str,
    fields: &[(&str, &str)],
    lang: &str,
) -> TestResponse {
    app.post_form_with(path, fields, &[("accept-language", lang)])
        .await
}

/// Posts the checker page's form (`/check`): `rules` chosen and shown, round `round`, these
/// further `fields` (cards, options) and `action` (`check`, `solve` or `fit`), from a phone that
/// prefers `lang`.
pub async fn post_checker(
    app: &TestApp,
    (rules, round): (&str, &str),
    fields: &[(&str, &str)],
    action: &str,
    lang: &str,
) -> TestResponse {
    let mut form = vec![("rules", rules), ("shown", rules), ("round", round)];
    form.extend_from_slice(fields);
    form.push(("action", action));
    post_form(app, "/check", &form, lang).await
}

/// No inline script, inline style, inline handler or `javascript:` URL anywhere: the CSP
/// forbids them. (The strictest of the copies the page tests had: any `style=` attribute,
/// `onclick` and `onsubmit`, `javascript:`.)
pub fn assert_no_inline_script_or_style(body: &str) {
    for (i, _) in body.match_indices("<script") {
        let tag_end = body[i..].find('>').expect("script tag closes") + i;
        assert!(
            body[i..tag_end].contains(" src=\"/static/"),
            "inline script: {}",
            &body[i..tag_end]
        );
        assert!(
            body[tag_end + 1..].starts_with("</script>"),
            "script with a body"
        );
    }
    assert!(!body.contains("<style"), "inline <style>");
    assert!(!body.contains("style="), "style attribute");
    assert!(!body.contains(" onclick="), "inline handler");
    assert!(!body.contains(" onsubmit="), "inline handler");
    assert!(!body.contains("javascript:"), "javascript: URL");
}

#[test]
fn the_inline_markup_check_catches_each_kind_of_inline_code_and_passes_a_clean_page() {
    assert_no_inline_script_or_style(
        "<link rel=\"stylesheet\" href=\"/static/app.css\">\
         <script src=\"/static/outbox.js\" defer></script><p class=\"x\">ok</p>",
    );
    for page in [
        "<script>alert(1)</script>",
        "<script src=\"/static/a.js\">alert(1)</script>",
        "<style>p{}</style>",
        "<p style=\"color:red\">",
        "<p data-x=1 style='color:red'>",
        "<button onclick=\"go()\">",
        "<form onsubmit=\"go()\">",
        "<a href=\"javascript:go()\">",
    ] {
        let caught = std::panic::catch_unwind(|| assert_no_inline_script_or_style(page));
        assert!(caught.is_err(), "not caught: {page}");
    }
}

/// Checks the end of a game in its JSON state: finished, no next round, the totals, nets and
/// places, and transfers that realise the nets exactly. (The stricter of the two copies the
/// games API and round page tests had.)
pub fn assert_settled(state: &Value, totals: Value, nets: Value, places: Value) {
    assert_eq!(state["finished"], true, "{state}");
    assert_eq!(state["next_round"], Value::Null, "{state}");
    assert_eq!(state["totals"], totals, "{state}");
    let settlement = &state["settlement"];
    assert_eq!(settlement["net_cents"], nets, "{state}");
    assert_eq!(settlement["places"], places, "{state}");
    let players: Vec<&str> = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    let mut balance = vec![0i64; players.len()];
    for t in settlement["transfers"].as_array().unwrap() {
        let at = |name: &Value| players.iter().position(|p| *p == name).unwrap();
        let cents = t["cents"].as_i64().unwrap();
        assert!(cents > 0);
        balance[at(&t["from"])] -= cents;
        balance[at(&t["to"])] += cents;
    }
    assert_eq!(json!(balance), settlement["net_cents"]);
}

// ---------------------------------------------------------------------------------------------
// The real binary on a real port (for the tests that start it)
// ---------------------------------------------------------------------------------------------

/// Kills the server if the test fails before it ends.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP answer: status, headers (names lowercase) and the body, de-chunked.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a UTF-8 body")
    }
}

/// Sends one request on its own connection and reads the whole answer.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("the server accepts connections");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("an answer with headers");
    let head = String::from_utf8(raw[..split].to_vec()).expect("ASCII headers");
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(name, value)| name == "transfer-encoding" && value.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = raw
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("a chunk size");
        let size = std::str::from_utf8(&raw[..line_end]).unwrap();
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap();
        raw = &raw[line_end + 2..];
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

pub fn get(addr: &str, path: &str, headers: &[(&str, &str)]) -> Answer {
    request(addr, "GET", path, headers, b"")
}

pub fn post_json(addr: &str, path: &str, body: &Value) -> Answer {
    request(
        addr,
        "POST",
        path,
        &[("Content-Type", "application/json")],
        body.to_string().as_bytes(),
    )
}

/// Starts `binary` in `dir` with these extra arguments and environment, and waits for its
/// "serving http://ADDR" line. Returns the server and the rest of its log.
#[cfg(unix)]
pub fn start(
    binary: &Path,
    dir: &Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> (Server, BufReader<std::process::ChildStderr>) {
    let mut command = Command::new(binary);
    command
        .current_dir(dir)
        .args(["--addr", "127.0.0.1:0", "--db", "kontrakt.db"])
        .args(args)
        .env_remove("CARGO_MANIFEST_DIR")
        .env_remove("RUST_LOG")
        .env_remove("KONTRAKT_LOG_FORMAT")
        .env_remove("KONTRAKT_METRICS_ADDR")
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the binary starts");
    let mut log = BufReader::new(child.stderr.take().unwrap());
    let addr = loop {
        let mut line = String::new();
        assert!(log.read_line(&mut line).unwrap() > 0, "server exited early");
        if let Some(rest) = line.split("serving http://").nth(1) {
            break rest
                .split(|c: char| c.is_whitespace() || c == '"')
                .next()
                .unwrap()
                .to_owned();
        }
    };
    (Server { child, addr }, log)
}

/// A game made through the API with one round entered: its edit id and read-only token.
pub fn game_with_a_round(addr: &str) -> (String, String) {
    let created = post_json(
        addr,
        "/api/v1/games",
        &json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"],
                "first_dealer": "Ann", "options": {}, "cents_per_point": 1}),
    );
    assert_eq!(created.status, 201, "{}", created.text());
    let created: Value = serde_json::from_slice(&created.body).unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["view_url"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let round = post_json(
        addr,
        &format!("/api/v1/games/{id}/rounds"),
        &json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": 12}}),
    );
    assert_eq!(round.status, 200, "{}", round.text());
    (id, token)
}
