//! Database access: the SQLite file or the PostgreSQL database, connection pools, migrations
//! and backups; games in `games`, moving them between databases as JSON in `transfer`.
//!
//! SQL lives only here, as literal strings run with `sqlx::query`/`query_as` (no compile-time
//! checked macros, so a fresh clone builds without a database), through sqlx's Any driver:
//! one SQL text serves both engines (`$N` placeholders, `RETURNING`, `ON CONFLICT`), and the
//! few statements that differ ask [`Engine::of`] their connection. Migrations are per engine
//! (`migrations/sqlite/`, `migrations/postgres/`: each SQLite file has a PostgreSQL twin). Rows are private structs
//! converted into the public record types of each submodule. Dependency rule: `db` depends on
//! no other layer of the app (not `rules`, `text`, `store`, `web` or `cli`); it stores what
//! the rules engine computes without interpreting it. `store` reads and writes games through
//! it; `web` and `cli` hold the `Db` handle and its record types.
//!
//! On PostgreSQL any number of servers share the database: no [`ServeLock`], a pool
//! of connections for reads and writes, each write a transaction that first locks the row of
//! the game or group it changes ([`lock_row`]) or, creating one, its idempotency key
//! ([`lock_key`]). What follows is SQLite's.
//!
//! Durability choices: WAL journal, `synchronous=FULL` (a commit that
//! returned survives a power cut), a 5 s busy timeout, foreign keys on. Exactly one writer
//! connection, and every write runs in `BEGIN IMMEDIATE` ([`Db::begin_write`]): a deferred
//! transaction that reads and then writes can fail with `SQLITE_BUSY` at once, ignoring the
//! timeout. Writes that queue for the writer meanwhile share that transaction, each in a
//! savepoint of its own, and one commit (one fsync) for all of them (`batch`, group commit);
//! nothing is answered before it. Reads use a separate small pool of read-only connections.
//!
//! Every write ends with [`Write::commit`], which also counts the write ([`Db::generation`]):
//! a cache of things read from the database (`store` keeps one of loaded games) stays
//! valid exactly as long as this count has not moved.
//!
//! A write the database refuses (a full disk) leaves the writer usable: [`Write`] closes a
//! connection whose transaction did not end cleanly, and [`Db::refusing_writes`] (what
//! `/readyz` reports) stays true until a write commits again. `meta` holds the database's
//! form secret ([`Db::form_secret`]).

mod batch;
pub mod games;
pub mod group_summary;
pub mod groups;
pub mod guard;
pub mod rule_sets;
pub mod transfer;

pub use batch::settled;
use batch::{Batches, Counters, Joined};

use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolConnection;
use sqlx::postgres::PgDatabaseError;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions as _};

/// SQL for "now" in the format of the schema's timestamp defaults.
const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// How long a connection waits for a lock held by another connection or process.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections in the read pool.
const READERS: u32 = 4;
/// Connections of one server to PostgreSQL (reads and writes share them).
const POSTGRES_CONNECTIONS: u32 = 16;
/// How long a request waits for a PostgreSQL connection before it is answered that the
/// database cannot be reached ([`is_unreachable`]): a database that is down refuses (or never
/// answers) every new connection, and the request would otherwise wait out the pool's 30 s
/// (the request's own 10 s timeout came first: a 408 for every page and `/readyz`).
const POSTGRES_ACQUIRE: Duration = Duration::from_secs(1);
/// How long `kontrakt serve` and the commands wait at their start for a PostgreSQL that
/// refuses connections (one starting beside the server, as in a compose file).
const POSTGRES_START_WAIT: Duration = Duration::from_secs(30);

/// The two database engines: the SQL text is the same for both wherever it can be (`$N`
/// placeholders, `RETURNING`, `ON CONFLICT`), and [`Engine::of`] tells them apart where not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// One SQLite file (the default): one server, one writer connection.
    Sqlite,
    /// PostgreSQL: any number of servers, each with a pool of connections.
    Postgres,
}

impl Engine {
    /// The engine behind a connection.
    pub fn of(conn: &AnyConnection) -> Self {
        if conn.backend_name() == "PostgreSQL" {
            Self::Postgres
        } else {
            Self::Sqlite
        }
    }

    /// What to append to a `SELECT` of a game's or group's row that a write then changes:
    /// `FOR UPDATE` on PostgreSQL (the row is locked until the transaction ends, so two servers
    /// writing the same game get one success and one conflict); nothing on SQLite, where
    /// `BEGIN IMMEDIATE` already holds the whole database.
    pub fn lock_row(self) -> &'static str {
        match self {
            Self::Sqlite => "",
            Self::Postgres => " FOR UPDATE",
        }
    }
}

/// Where the database is, as given to `--db` (or `KONTRAKT_DB`): a `postgres://` (or
/// `postgresql://`) URL selects PostgreSQL; anything else is a SQLite file's path, with or
/// without `sqlite://` before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL.
    Postgres(String),
}

impl std::fmt::Display for Location {
    /// The file's path, or the URL without its password (what logs and messages show).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Sqlite(path) => write!(f, "{}", path.display()),
            Self::Postgres(url) => match url.split_once("://") {
                Some((scheme, rest)) => match rest.rsplit_once('@') {
                    Some((user, host)) => {
                        let user = user.split_once(':').map_or(user, |(name, _)| name);
                        write!(f, "{scheme}://{user}@{host}")
                    }
                    None => f.write_str(url),
                },
                None => f.write_str(url),
            },
        }
    }
}

impl Location {
    /// Reads what `--db` was given.
    pub fn parse(db: &Path) -> Self {
        let text = db.to_string_lossy();
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Self::Postgres(text.into_owned());
        }
        match text.strip_prefix("sqlite://") {
            Some(path) => Self::Sqlite(PathBuf::from(path)),
            None => Self::Sqlite(db.to_owned()),
        }
    }
}

/// Errors from opening, migrating or backing up the database.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A query or connection failed.
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("could not migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// `backup` was asked to write over an existing file.
    #[error("{} already exists; choose a new file name (a backup never overwrites a file)", .0.display())]
    BackupTargetExists(PathBuf),
    /// `backup` was asked to copy a PostgreSQL database.
    #[error(
        "kontrakt backup copies a SQLite file; back a PostgreSQL database up with pg_dump \
         (or move its games with kontrakt export)"
    )]
    BackupPostgres,
    /// Another `kontrakt serve` holds this database.
    #[error(
        "another kontrakt server is already using {}; stop it first (one server per database \
         file: each keeps the games it shows in memory)",
        .0.display()
    )]
    InUse(PathBuf),
    /// The database cannot be written (file permissions, a read-only mount, a read-only
    /// SQLite connection): refused at start rather than answering every write with a 500.
    #[error(
        "the database {} is read-only ({cause}); kontrakt needs to write to it: check the \
         permissions of the file and its folder, and that its disk is not mounted read-only",
        path.display()
    )]
    ReadOnly {
        /// The database file.
        path: PathBuf,
        /// What refused the write.
        cause: String,
    },
    /// The database takes no write at start although the file could be opened for writing:
    /// a full disk, a folder where SQLite cannot make its `-wal` and `-shm` files, an I/O
    /// error. Refused at start so that `/readyz` never says ready while saves fail.
    #[error(
        "kontrakt cannot write to the database {} ({cause}); free some space on its disk and \
         check that kontrakt may write to the file and to its folder (SQLite keeps two files \
         beside it, ending in -wal and -shm), then start it again",
        path.display()
    )]
    CannotWrite {
        /// The database file.
        path: PathBuf,
        /// What refused the write.
        cause: String,
    },
    /// The database to open does not exist (and was not to be created).
    #[error("no database at {}", .0.display())]
    Missing(PathBuf),
    /// Syncing the backup file to disk failed.
    #[error("could not sync the backup file {}: {source}", path.display())]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The database file could not be opened or locked by [`ServeLock`].
    #[error("cannot lock {}: {source}", path.display())]
    Lock {
        /// The database file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// The right to serve a database file: an exclusive advisory lock (`flock`) on the database
/// file itself that a second `kontrakt serve` cannot take, held until dropped (or the process
/// ends, however it ends). The lock belongs to the file, not to a name: a second server
/// reaching the same file through a hard link, a symlink or a bind mount is refused too.
///
/// SQLite locks with `fcntl` byte ranges, which on local file systems are independent of
/// `flock`, so `backup`, `export` and `import` still work beside a server. Keep the lock for
/// as long as the [`Db`] lives (take it first, drop it last): closing any descriptor of the
/// file drops the `fcntl` locks this process holds on it.
///
/// One server per file is what makes [`Db::generation`] the whole truth about writes: a game
/// kept in memory by one server would not see the writes of another.
#[derive(Debug)]
pub struct ServeLock {
    _file: std::fs::File,
}

impl ServeLock {
    /// Takes the lock for the database at `db` (creating an empty file if there is none, which
    /// SQLite then reads as an empty database), or says that another server holds it.
    pub fn take(db: &Path) -> Result<Self, Error> {
        let lock_error = |source| Error::Lock {
            path: db.to_owned(),
            source,
        };
        // Read access is enough for `flock`; a read-only file gets to [`Db::open`], which
        // says what is wrong with it.
        let file = match std::fs::File::open(db) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::OpenOptions::new()
                    .write(true)
                    .create(true)
                    .truncate(false)
                    .open(db)
                    .map_err(lock_error)?;
                std::fs::File::open(db)
            }
            opened => opened,
        }
        .map_err(lock_error)?;
        match file.try_lock() {
            Ok(()) => Ok(Self { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(Error::InUse(db.to_owned())),
            Err(std::fs::TryLockError::Error(source)) => Err(lock_error(source)),
        }
    }
}

/// Begins a write transaction, makes a change and rolls it back: nothing is written, but a
/// read-only database or connection refuses the change (`BEGIN IMMEDIATE` alone does not
/// fail on a read-only connection in WAL mode).
async fn check_writable(pool: &AnyPool) -> Result<(), sqlx::Error> {
    let mut conn = pool.acquire().await?;
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let made = sqlx::query("CREATE TABLE kontrakt_write_check (x)")
        .execute(&mut *conn)
        .await;
    sqlx::query("ROLLBACK").execute(&mut *conn).await?;
    made.map(|_| ())
}

/// The database: one writer connection and a small pool of readers. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    engine: Engine,
    /// SQLite: the one writer connection; PostgreSQL: the pool (the same as `reader`).
    writer: AnyPool,
    reader: AnyPool,
    /// Write transactions ended so far (committed or not): see [`Db::generation`].
    generation: Arc<AtomicU64>,
    /// Whether the last write the database refused has not been followed by one it took:
    /// see [`Db::refusing_writes`].
    refusing: Arc<AtomicBool>,
    /// A page limit every writer connection gets when it opens (0: none); only tests set it
    /// ([`Db::limit_pages_for_tests`]).
    page_limit: Arc<AtomicU64>,
    /// SQLite's group commit: the batch of writes open on the writer connection. `None` on
    /// PostgreSQL, where each write commits on its own connection.
    batches: Option<Arc<Batches>>,
    /// The database's `form_secret` (table `meta`), read by [`Db::open`]; empty for a
    /// database opened with [`Db::open_existing`].
    form_secret: Secret,
}

/// A secret that `Debug` does not print.
#[derive(Clone)]
struct Secret(Arc<str>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// A write transaction from [`Db::begin_write`]: `BEGIN IMMEDIATE` on the writer connection,
/// which it holds until [`commit`](Write::commit) (which also moves [`Db::generation`] on) or
/// until it is dropped (which rolls back). Run statements on it as on a connection
/// (`&mut **tx`).
///
/// It runs `BEGIN`, `COMMIT` and `ROLLBACK` itself rather than through sqlx's `Transaction`,
/// so that a transaction SQLite ended on its own (it rolls back by itself on a full disk or
/// an I/O error, and then a `ROLLBACK` fails) cannot leave the writer looking as if it were
/// still inside one: sqlx then refused every later `BEGIN` until a restart. Any
/// connection whose transaction did not end cleanly (a failed commit, a failed rollback) is
/// closed instead of going back to the pool, which opens a fresh one for the next write.
///
/// On SQLite the transaction is a savepoint in the batch open on the writer connection
/// (`batch`): committing releases it and waits for the batch's commit; dropping rolls back to
/// it, leaving the batch's other writes as they were.
#[derive(Debug)]
pub struct Write {
    /// `None` once the transaction has ended.
    conn: Option<PoolConnection<Any>>,
    /// How far the transaction got: what a rollback on drop means.
    stage: Stage,
    generation: Arc<AtomicU64>,
    refusing: Arc<AtomicBool>,
    /// SQLite: the batches of the writer connection, and the one this write joined.
    batches: Option<Arc<Batches>>,
    joined: Option<Joined>,
}

/// How far a [`Write`] got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// `BEGIN IMMEDIATE` (PostgreSQL: `BEGIN`) sent, not yet answered.
    Beginning,
    /// Inside the transaction.
    Open,
    /// `COMMIT` sent, not yet answered.
    Committing,
}

impl Write {
    /// Commits the transaction, then counts the write (even when the commit failed, since
    /// what a failed commit left behind is not known), so caches built on what was read
    /// before it are dropped. Returns the generation this commit moved the database to, so
    /// a cache can keep what the write itself built (if no other write came after it).
    ///
    /// A failed commit closes the connection (SQLite has rolled back, or closing rolls
    /// back) and marks the database as refusing writes until a write succeeds.
    pub async fn commit(mut self) -> Result<u64, sqlx::Error> {
        self.stage = Stage::Committing;
        if let (Some(batches), Some(joined)) = (self.batches.clone(), self.joined.take()) {
            return self.release(&batches, joined).await;
        }
        let result = sqlx::query("COMMIT").execute(&mut **self).await;
        let mut conn = self
            .conn
            .take()
            .expect("a Write holds its connection until it ends");
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        match result {
            Ok(_) => {
                self.refusing.store(false, Ordering::SeqCst);
                Ok(generation)
            }
            Err(e) => {
                tracing::warn!(error = %e, "a commit failed; the writer connection is reopened");
                self.refusing.store(true, Ordering::SeqCst);
                conn.close_on_drop();
                Err(e)
            }
        }
    }
}

impl Write {
    /// [`Write::commit`] of a write in a batch: releases its savepoint, gives the writer
    /// connection to the next write, and waits for the batch's commit.
    async fn release(mut self, batches: &Batches, joined: Joined) -> Result<u64, sqlx::Error> {
        let result = sqlx::query("RELEASE w").execute(&mut **self).await;
        let mut conn = self
            .conn
            .take()
            .expect("a Write holds its connection until it ends");
        let counters = self.counters();
        match result.map(|_| batches.released(joined.id())) {
            Ok(Some(place)) => {
                drop(conn);
                joined.committed(place).await
            }
            Ok(None) => Err(sqlx::Error::Io(std::io::Error::other(
                "the batch of writes ended before this write was released into it",
            ))),
            Err(e) => {
                // SQLite ended the batch's transaction itself.
                tracing::warn!(error = %e, "a write could not be released into its batch");
                batches.fail(Some(joined.id()), &e.to_string(), &counters);
                conn.close_on_drop();
                Err(e)
            }
        }
    }

    fn counters(&self) -> Counters {
        Counters {
            generation: Arc::clone(&self.generation),
            refusing: Arc::clone(&self.refusing),
        }
    }

    /// The engine this write runs on.
    pub fn engine(&self) -> Engine {
        Engine::of(self)
    }

    /// [`lock_row`] in this write.
    pub async fn lock_row(&mut self, table: RowTable, id: &str) -> Result<(), sqlx::Error> {
        lock_row(self, table, id).await
    }

    /// [`lock_key`] in this write.
    pub async fn lock_key(&mut self, key: &str) -> Result<(), sqlx::Error> {
        lock_key(self, key).await
    }
}

/// Locks the row of `table` with this id until the write transaction on `conn` ends, before
/// anything of it is read for the change (its idempotency keys, its version): on PostgreSQL,
/// where several servers write at once, a second write of the same game waits here and then
/// sees the first one's version and keys (a 409 or a replay, never a lost update). Nothing on
/// SQLite, where `BEGIN IMMEDIATE` already holds the whole database.
pub async fn lock_row(
    conn: &mut AnyConnection,
    table: RowTable,
    id: &str,
) -> Result<(), sqlx::Error> {
    if Engine::of(conn) == Engine::Postgres {
        let table = match table {
            RowTable::Games => "games",
            RowTable::Groups => "groups",
        };
        sqlx::query(&format!("SELECT 1 FROM {table} WHERE id = $1 FOR UPDATE"))
            .bind(id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Serialises the writes that create something under one idempotency key (a game or a group,
/// which have no row to lock yet) until the write transaction on `conn` ends: a
/// transaction-scoped advisory lock on PostgreSQL, so a racing duplicate waits and then finds
/// the first one's creation. Nothing on SQLite.
pub async fn lock_key(conn: &mut AnyConnection, key: &str) -> Result<(), sqlx::Error> {
    if Engine::of(conn) == Engine::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
            .bind(key)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// The tables whose rows [`Write::lock_row`] locks.
#[derive(Clone, Copy, Debug)]
pub enum RowTable {
    /// A game's row.
    Games,
    /// A group's row.
    Groups,
}

impl Drop for Write {
    /// Rolls back a transaction that did not end (a refused change, an error, a cancelled
    /// request), on a task of its own; the pool gets the connection back after it. When the
    /// rollback of an open transaction fails, SQLite had already ended it itself (it does on
    /// a full disk or an I/O error): the database refused a write. A connection whose
    /// rollback failed is closed rather than reused.
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        if let Some(batches) = self.batches.clone() {
            self.drop_batched(batches, conn);
            return;
        }
        if self.stage == Stage::Committing {
            // Cancelled while committing: the commit may have happened; drop what caches
            // built before it.
            self.generation.fetch_add(1, Ordering::SeqCst);
        }
        let refused = self.stage == Stage::Open;
        let refusing = Arc::clone(&self.refusing);
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    if let Err(e) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
                        if refused {
                            tracing::warn!(error = %e, "the database ended a write transaction itself; the writer connection is reopened");
                            refusing.store(true, Ordering::SeqCst);
                        }
                        conn.close_on_drop();
                    }
                });
            }
            // No runtime to roll back on: closing the connection rolls back.
            Err(_) => conn.close_on_drop(),
        }
    }
}

impl Write {
    /// [`Drop`] of a write in a batch that did not end: rolls back to its savepoint, so the
    /// batch's other writes stay as they were. If SQLite had ended the batch's transaction,
    /// or it is not known how far the write's beginning got, the batch fails and the
    /// connection is closed (which rolls back): its writes learn that nothing was saved.
    fn drop_batched(&mut self, batches: Arc<Batches>, mut conn: PoolConnection<Any>) {
        let counters = self.counters();
        match (self.stage, self.joined.take()) {
            // Cancelled while releasing: whether or not the release ran, the batch's commit
            // commits it.
            (Stage::Committing, Some(joined)) => {
                batches.released(joined.id());
            }
            (Stage::Open, Some(joined)) => match tokio::runtime::Handle::try_current() {
                Ok(runtime) => {
                    runtime.spawn(async move {
                        if let Err(e) = sqlx::query("ROLLBACK TO w; RELEASE w")
                            .execute(&mut *conn)
                            .await
                        {
                            tracing::warn!(error = %e, "the database ended a write transaction itself; the writer connection is reopened");
                            batches.fail(Some(joined.id()), &e.to_string(), &counters);
                            counters.refusing.store(true, Ordering::SeqCst);
                            conn.close_on_drop();
                        }
                    });
                }
                Err(_) => {
                    batches.fail(Some(joined.id()), "no runtime to roll back on", &counters);
                    conn.close_on_drop();
                }
            },
            _ => {
                batches.fail(None, "a write was cancelled while it began", &counters);
                conn.close_on_drop();
            }
        }
    }
}

impl Deref for Write {
    type Target = PoolConnection<Any>;

    fn deref(&self) -> &Self::Target {
        self.conn
            .as_ref()
            .expect("a Write holds its connection until it ends")
    }
}

impl DerefMut for Write {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.conn
            .as_mut()
            .expect("a Write holds its connection until it ends")
    }
}

impl Db {
    /// Opens (creating if missing) the database file at `path` and applies pending migrations.
    ///
    /// A database that cannot be written is refused with [`Error::ReadOnly`]: the file is
    /// opened for writing first (permission bits, a read-only mount), and a write transaction
    /// is begun and rolled back once connected (what SQLite itself allows).
    pub async fn open(path: &Path) -> Result<Self, Error> {
        let read_only = |cause: String| Error::ReadOnly {
            path: path.to_owned(),
            cause,
        };
        if let Err(e) = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
        {
            use std::io::ErrorKind::{PermissionDenied, ReadOnlyFilesystem};
            if matches!(e.kind(), PermissionDenied | ReadOnlyFilesystem) {
                return Err(read_only(e.to_string()));
            }
        }
        let cannot_write = |e: sqlx::Error| match e {
            e if is_write_refusal(&e) => Error::CannotWrite {
                path: path.to_owned(),
                cause: e.to_string(),
            },
            e => Error::Sqlx(e),
        };
        let db = Self::connect(path, true).await.map_err(|e| match e {
            Error::Sqlx(e) => cannot_write(e),
            other => other,
        })?;
        check_writable(&db.writer)
            .await
            .map_err(|e| read_only(e.to_string()))?;
        sqlx::migrate!("migrations/sqlite").run(&db.writer).await?;
        let form_secret = form_secret(&db.writer).await.map_err(cannot_write)?;
        let db = Self {
            form_secret: Secret(form_secret.into()),
            ..db
        };
        // A real write, committed (the check above rolls back, which needs no room): a full
        // disk refuses the start here rather than every save after it.
        db.probe_write().await.map_err(cannot_write)?;
        Ok(db)
    }

    /// The secret that signs the idempotency keys of the HTML forms: 256 random bits as hex,
    /// made at the database's first start and kept in its `meta` table (so a backup has it
    /// and keys issued before a restart stay valid; `export` does not write it).
    pub fn form_secret(&self) -> &str {
        &self.form_secret.0
    }

    /// Opens an existing database without creating or migrating it (for `backup`).
    pub async fn open_existing(path: &Path) -> Result<Self, Error> {
        if !path.exists() {
            return Err(Error::Missing(path.to_owned()));
        }
        Self::connect(path, false).await
    }

    async fn connect(path: &Path, create: bool) -> Result<Self, Error> {
        sqlx::any::install_default_drivers();
        let file = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(create);
        // The Any driver takes SQLite's options as a URL (file and mode); the pragmas are set
        // on each new connection instead (`sqlite_pragmas`).
        let options = AnyConnectOptions::from_url(&file.to_url_lossy())?;
        let read_only = AnyConnectOptions::from_url(&file.read_only(true).to_url_lossy())?;
        // A connection to a local file does not go stale: no liveness ping (a round trip to
        // the connection's worker thread) before each use.
        let page_limit = Arc::new(AtomicU64::new(0));
        let limit = Arc::clone(&page_limit);
        let refusing = Arc::new(AtomicBool::new(false));
        let refused = Arc::clone(&refusing);
        let writer = AnyPoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .test_before_acquire(false)
            .after_connect(move |conn, _| {
                let pages = limit.load(Ordering::SeqCst);
                let refused = refused.load(Ordering::SeqCst);
                Box::pin(async move {
                    sqlite_pragmas(conn, true).await?;
                    if pages > 0 {
                        set_page_limit(conn, pages).await?;
                    }
                    // The connection replaces one closed after a refused write.
                    if refused {
                        checkpoint(conn).await;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        // Opened after the writer, which has created the file and switched it to WAL.
        let reader = AnyPoolOptions::new()
            .max_connections(READERS)
            .test_before_acquire(false)
            .after_connect(|conn, _| Box::pin(sqlite_pragmas(conn, false)))
            .connect_with(read_only)
            .await?;
        Ok(Self {
            engine: Engine::Sqlite,
            writer,
            reader,
            generation: Arc::new(AtomicU64::new(0)),
            refusing,
            page_limit,
            batches: Some(Arc::default()),
            form_secret: Secret(Arc::from("")),
        })
    }

    /// Connects to the PostgreSQL database at `url` (which must exist) and applies pending
    /// migrations. Any number of servers may do so at once: sqlx takes an advisory lock while
    /// it migrates, and each write locks the rows it changes ([`Engine::lock_row`]).
    pub async fn open_postgres(url: &str) -> Result<Self, Error> {
        let db = Self::connect_postgres(url).await?;
        sqlx::migrate!("migrations/postgres")
            .run(&db.writer)
            .await?;
        let form_secret = form_secret(&db.writer).await?;
        Ok(Self {
            form_secret: Secret(form_secret.into()),
            ..db
        })
    }

    /// Opens the database at `location` (creating a missing SQLite file) and migrates it.
    pub async fn open_location(location: &Location) -> Result<Self, Error> {
        match location {
            Location::Sqlite(path) => Self::open(path).await,
            Location::Postgres(url) => Self::open_postgres(url).await,
        }
    }

    /// Opens the database at `location` without creating or migrating it (for `export` and
    /// `backup`).
    pub async fn open_existing_location(location: &Location) -> Result<Self, Error> {
        match location {
            Location::Sqlite(path) => Self::open_existing(path).await,
            Location::Postgres(url) => Self::connect_postgres(url).await,
        }
    }

    async fn connect_postgres(url: &str) -> Result<Self, Error> {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(POSTGRES_CONNECTIONS)
            .acquire_timeout(POSTGRES_ACQUIRE)
            .connect_lazy(url)?;
        // Waits at the start as long as sqlx's pool used to for a server that refuses
        // connections; every later wait is `POSTGRES_ACQUIRE`.
        let started = std::time::Instant::now();
        loop {
            match pool.acquire().await {
                Ok(conn) => break drop(conn),
                Err(sqlx::Error::PoolTimedOut) if started.elapsed() < POSTGRES_START_WAIT => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(Self {
            engine: Engine::Postgres,
            writer: pool.clone(),
            reader: pool,
            generation: Arc::new(AtomicU64::new(0)),
            refusing: Arc::new(AtomicBool::new(false)),
            page_limit: Arc::new(AtomicU64::new(0)),
            batches: None,
            form_secret: Secret(Arc::from("")),
        })
    }

    /// The engine this database runs on.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Starts a write transaction with `BEGIN IMMEDIATE` on the single writer connection.
    ///
    /// Every write goes through here, so writes are serialised in this process and take the
    /// database lock up front (waiting up to the busy timeout if another process holds it).
    ///
    /// A `BEGIN` that fails (the lock stayed taken past the busy timeout) gives the
    /// connection back as it was; one that is cancelled rolls back whatever it began.
    pub async fn begin_write(&self) -> Result<Write, sqlx::Error> {
        let mut write = Write {
            conn: Some(self.writer.acquire().await?),
            stage: Stage::Beginning,
            generation: Arc::clone(&self.generation),
            refusing: Arc::clone(&self.refusing),
            batches: self.batches.clone(),
            joined: None,
        };
        if let Some(batches) = &self.batches {
            let counters = write.counters();
            let conn = write
                .conn
                .as_mut()
                .expect("a Write holds its connection until it ends");
            return match batches.join(conn, &self.writer, &counters).await {
                Ok(joined) => {
                    write.joined = Some(joined);
                    write.stage = Stage::Open;
                    Ok(write)
                }
                Err(e) => {
                    // Nothing begun for this write (`join` closed the connection if unsure).
                    drop(write.conn.take());
                    Err(e)
                }
            };
        }
        let begin = match self.engine {
            Engine::Sqlite => "BEGIN IMMEDIATE",
            // Rows are locked as they are read for a change (`Engine::lock_row`).
            Engine::Postgres => "BEGIN",
        };
        match sqlx::query(begin).execute(&mut **write).await {
            Ok(_) => {
                write.stage = Stage::Open;
                Ok(write)
            }
            Err(e) => {
                // Nothing begun: no rollback. (Dropping `write` would roll back, harmlessly.)
                drop(write.conn.take());
                Err(e)
            }
        }
    }

    /// Whether the database refused the last write that reached it (a commit failed, or
    /// SQLite ended a transaction itself, as on a full disk) and no write has succeeded
    /// since: what `/readyz` reports. The writer stays usable either way; see
    /// [`Db::probe_write`].
    ///
    /// Waits (up to `wait`) for the writer connection first, so that the rollback of a write
    /// that just failed, which runs after its answer, has been counted.
    pub async fn refusing_writes(&self, wait: Duration) -> bool {
        if let Ok(Ok(conn)) = tokio::time::timeout(wait, self.writer.acquire()).await {
            drop(conn);
        }
        self.refusing.load(Ordering::SeqCst)
    }

    /// A small write that changes nothing lasting (a row of 16 KiB in the table
    /// `write_probe`, written and deleted in one committed transaction): if it commits, the database takes writes
    /// again and [`Db::refusing_writes`] turns false; if not, its error.
    pub async fn probe_write(&self) -> Result<(), sqlx::Error> {
        let mut tx = self.begin_write().await?;
        // A few pages' worth, so the probe needs room as a real write does.
        sqlx::query("INSERT INTO write_probe (data) VALUES ($1)")
            .bind(vec![0_u8; 16384])
            .execute(&mut **tx)
            .await?;
        sqlx::query("DELETE FROM write_probe")
            .execute(&mut **tx)
            .await?;
        tx.commit().await.map(|_| ())
    }

    /// For tests only, never called by the app: limits the database file to `pages` pages
    /// (`PRAGMA max_page_count` on the writer connection, and on every writer connection
    /// opened later) so that writes fail as on a full disk; `None` lifts the limit. Fails if
    /// the file is already larger.
    #[doc(hidden)]
    pub async fn limit_pages_for_tests(&self, pages: Option<u64>) -> Result<(), sqlx::Error> {
        let pages = pages.unwrap_or(0);
        self.page_limit.store(pages, Ordering::SeqCst);
        let mut conn = self.writer.acquire().await?;
        set_page_limit(&mut conn, pages).await
    }

    /// How many batches of writes the writer connection has committed (SQLite's group
    /// commit: one fsync each); 0 on PostgreSQL. For tests and benchmarks.
    #[doc(hidden)]
    pub fn batches_committed(&self) -> u64 {
        self.batches
            .as_ref()
            .map_or(0, |batches| batches.committed())
    }

    /// How many write transactions this process has ended. Anything read from the database
    /// while this number stays the same is still what the database holds: every write goes
    /// through [`Db::begin_write`] and moves the number on right after its commit, and other
    /// processes only ever add games (`kontrakt import` refuses ids that exist).
    ///
    /// A cache keeps the number it read *before* reading the database and answers from the
    /// entry only while the number is unchanged.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// A read-only transaction that reads one snapshot for all its statements (SQLite's
    /// always do; PostgreSQL's need `REPEATABLE READ`, as their default sees each
    /// statement's own).
    pub async fn begin_read(&self) -> Result<sqlx::Transaction<'static, Any>, sqlx::Error> {
        let mut tx = self.reader.begin().await?;
        if self.engine == Engine::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(&mut *tx)
                .await?;
        }
        Ok(tx)
    }

    /// The read-only pool, for queries that change nothing.
    pub fn reader(&self) -> &AnyPool {
        &self.reader
    }

    /// Writes a consistent copy of the live database to `dest` with `VACUUM INTO`.
    ///
    /// Refuses to touch an existing file. The copy is synced to disk before returning.
    pub async fn backup_to(&self, dest: &Path) -> Result<(), Error> {
        if self.engine == Engine::Postgres {
            return Err(Error::BackupPostgres);
        }
        if dest.exists() {
            return Err(Error::BackupTargetExists(dest.to_owned()));
        }
        // Written under a name of its own beside the target, synced, and only then given the
        // backup's name: a backup killed part way (or a full disk) never leaves a half-written
        // or empty database under the name a restore would trust.
        let partial = partial_name(dest);
        let written = self.write_backup(&partial).await;
        let named = written.and_then(|()| give_name(&partial, dest));
        if named.is_err() {
            std::fs::remove_file(&partial).ok();
        }
        named
    }

    /// `VACUUM INTO` `path` (a new file), then its contents synced to the disk.
    async fn write_backup(&self, path: &Path) -> Result<(), Error> {
        sqlx::query("VACUUM INTO $1")
            .bind(path.to_string_lossy().into_owned())
            .execute(&self.reader)
            .await?;
        let sync = std::fs::File::open(path).and_then(|file| file.sync_all());
        sync.map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })
    }

    /// Answers whether the database can be read (for `/healthz`).
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.reader).await?;
        Ok(())
    }

    /// Commits the open batch of writes (SQLite), then closes both pools, checkpointing the
    /// WAL when the last connection closes.
    pub async fn close(&self) {
        if let Some(batches) = &self.batches
            && let Ok(mut conn) = self.writer.acquire().await
        {
            let counters = Counters {
                generation: Arc::clone(&self.generation),
                refusing: Arc::clone(&self.refusing),
            };
            batches.flush(&mut conn, None, &counters).await;
        }
        self.reader.close().await;
        self.writer.close().await;
    }
}

/// The database's form secret, made at its first start.
/// The name a backup is written under before it is complete: hidden, beside the target (one
/// filesystem, so naming it is one step), and unique to this run.
fn partial_name(dest: &Path) -> PathBuf {
    let name = dest
        .file_name()
        .map_or_else(|| "backup".into(), |n| n.to_string_lossy().into_owned());
    let bytes: [u8; 8] = rand::random();
    let run: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    dest.with_file_name(format!(".{name}.partial-{run}"))
}

/// Gives the complete backup at `partial` the name `dest`, never replacing a file there, and
/// syncs the folder so the name survives a power cut. A hard link refuses an existing name in
/// one step; where the filesystem has no hard links (FAT, exFAT), a rename after a last look.
fn give_name(partial: &Path, dest: &Path) -> Result<(), Error> {
    let io = |source: std::io::Error| Error::Io {
        path: dest.to_owned(),
        source,
    };
    match std::fs::hard_link(partial, dest) {
        Ok(()) => std::fs::remove_file(partial).map_err(io)?,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(Error::BackupTargetExists(dest.to_owned()));
        }
        Err(_) if dest.exists() => return Err(Error::BackupTargetExists(dest.to_owned())),
        Err(_) => std::fs::rename(partial, dest).map_err(io)?,
    }
    let folder = match dest.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    std::fs::File::open(folder)
        .and_then(|folder| folder.sync_all())
        .map_err(io)
}

async fn form_secret(writer: &AnyPool) -> Result<String, sqlx::Error> {
    let fresh = games::new_token() + &games::new_token();
    sqlx::query(
        "INSERT INTO meta (name, value) VALUES ('form_secret', $1) ON CONFLICT (name) DO NOTHING",
    )
    .bind(fresh)
    .execute(writer)
    .await?;
    sqlx::query_scalar("SELECT value FROM meta WHERE name = 'form_secret'")
        .fetch_one(writer)
        .await
}

/// Whether `error` is the database refusing a write (a full disk, an I/O error, a read-only
/// file, a lock held too long) rather than a bug: what the web layer answers with "nothing
/// was saved".
pub fn is_write_refusal(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) if e.try_downcast_ref::<PgDatabaseError>().is_some() => {
            // SQLSTATE classes: connection exception, insufficient resources (a full disk),
            // operator intervention (a shutdown), system error; a lock waited for too long;
            // a read-only database (a standby after a failover, or one set read-only), like
            // SQLite's read-only file.
            let code = e.code().unwrap_or_default();
            ["08", "53", "57", "58"]
                .iter()
                .any(|class| code.starts_with(class))
                || code == "55P03"
                || code == "25006"
        }
        sqlx::Error::Database(e) => {
            // Primary result codes: BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
            primary_code(e.as_ref()).is_some_and(|code| matches!(code, 5 | 6 | 8 | 10 | 13 | 14))
        }
        sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut => true,
        _ => false,
    }
}

/// The primary result code of a SQLite error (its extended code's low byte: `SQLITE_IOERR`
/// for every `SQLITE_IOERR_*`), if its code is a number.
pub(crate) fn primary_code(error: &dyn sqlx::error::DatabaseError) -> Option<i32> {
    error
        .code()
        .and_then(|code| code.parse::<i32>().ok())
        .map(|code| code & 0xff)
}

/// Whether a write that failed with `error` may be on disk all the same, so that neither
/// "saved" nor "nothing was saved" is true: SQLite's I/O errors (a failing fsync at the
/// commit may leave the commit in the write-ahead log, read back at the next start) and a
/// batch whose commit failed so or was cancelled. A full disk, a read-only file or a
/// busy database refuse before anything is kept.
pub fn is_unconfirmed(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(e) => e
            .get_ref()
            .is_some_and(|inner| inner.is::<batch::Unconfirmed>()),
        sqlx::Error::Database(e) if e.try_downcast_ref::<PgDatabaseError>().is_none() => {
            primary_code(e.as_ref()) == Some(10)
        }
        _ => false,
    }
}

/// Whether `error` says the database could not be reached at all (no connection within the
/// pool's wait, a connection that broke, PostgreSQL shutting down or refusing connections),
/// rather than refusing one statement: the web answers these with a quick 503 naming the
/// database, and the pool connects again by itself once the database is back.
pub fn is_unreachable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        // A connection that broke or could not be made; not the failures SQLite's group
        // commit passes on as I/O errors of another kind (a refused write: `batch`).
        sqlx::Error::Io(e) => {
            use std::io::ErrorKind::{
                BrokenPipe, ConnectionAborted, ConnectionRefused, ConnectionReset, NotConnected,
                TimedOut, UnexpectedEof,
            };
            matches!(
                e.kind(),
                BrokenPipe
                    | ConnectionAborted
                    | ConnectionRefused
                    | ConnectionReset
                    | NotConnected
                    | TimedOut
                    | UnexpectedEof
            )
        }
        sqlx::Error::Database(e) if e.try_downcast_ref::<PgDatabaseError>().is_some() => {
            // SQLSTATE: connection exception (08), admin or crash shutdown, cannot connect now.
            let code = e.code().unwrap_or_default();
            code.starts_with("08") || matches!(code.as_ref(), "57P01" | "57P02" | "57P03")
        }
        _ => false,
    }
}

/// The durability settings of every SQLite connection: WAL journal (set by the
/// writer, which opens the file first), `synchronous=FULL` (a commit that returned survives a
/// power cut), the busy timeout, foreign keys on.
async fn sqlite_pragmas(conn: &mut AnyConnection, writer: bool) -> Result<(), sqlx::Error> {
    if writer {
        sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&mut *conn)
            .await?;
    }
    let busy = BUSY_TIMEOUT.as_millis();
    sqlx::query(&format!(
        "PRAGMA synchronous = FULL; PRAGMA busy_timeout = {busy}; PRAGMA foreign_keys = ON"
    ))
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves everything in SQLite's write-ahead log into the database file and truncates the log
/// to nothing (`PRAGMA wal_checkpoint(TRUNCATE)`), on the writer connection outside any
/// transaction. Run after a refused write and on the first write that commits after one:
/// SQLite checkpoints by itself only every 1,000 pages and never shrinks the log, so a log
/// grown before a full disk would keep its megabytes, and recovering would need that much
/// room again. A failure is only logged (the disk may still be full; the next try comes with
/// the next recovery).
pub(crate) async fn checkpoint(conn: &mut AnyConnection) {
    match sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(conn)
        .await
    {
        Ok(_) => tracing::info!("the write-ahead log was checkpointed and truncated"),
        Err(e) => tracing::warn!(error = %e, "the write-ahead log could not be checkpointed"),
    }
}

/// Sets `PRAGMA max_page_count` on a writer connection: `pages`, or for 0 SQLite's own
/// maximum (the default). Only tests set a limit ([`Db::limit_pages_for_tests`]).
async fn set_page_limit(conn: &mut AnyConnection, pages: u64) -> Result<(), sqlx::Error> {
    let pages = if pages > 0 { pages } else { 4_294_967_294 };
    sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_start_check_tells_a_read_only_connection_from_a_writable_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("check.db");
        let db = Db::open(&path).await.unwrap();
        check_writable(&db.writer).await.unwrap();
        // What a read-only file or mount looks like to SQLite, reproducible as root too.
        let read_only = AnyPoolOptions::new()
            .connect_with(
                AnyConnectOptions::from_url(
                    &SqliteConnectOptions::new()
                        .filename(&path)
                        .read_only(true)
                        .to_url_lossy(),
                )
                .unwrap(),
            )
            .await
            .unwrap();
        let refused = check_writable(&read_only).await.unwrap_err();
        assert!(refused.to_string().contains("readonly"), "{refused}");
        read_only.close().await;
        db.close().await;
    }

    /// The durability settings reach every connection through the Any driver, which takes
    /// no SQLite options but the file and its mode.
    #[tokio::test]
    async fn every_connection_has_the_durability_settings() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("pragmas.db")).await.unwrap();
        for pool in [&db.writer, &db.reader] {
            let mut conn = pool.acquire().await.unwrap();
            let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(mode, "wal");
            // 2 is FULL.
            let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(sync, 2);
            let keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(keys, 1);
            let busy: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(busy, 5000);
        }
        db.close().await;
    }

    #[test]
    fn a_postgres_url_selects_postgres_and_anything_else_a_sqlite_file() {
        let url = "postgres://kontrakt:secret@db.example:5432/kontrakt";
        let location = Location::parse(Path::new(url));
        assert_eq!(location, Location::Postgres(url.into()));
        assert_eq!(
            location.to_string(),
            "postgres://kontrakt@db.example:5432/kontrakt",
            "the password is not shown"
        );
        assert_eq!(
            Location::parse(Path::new("postgresql://h/db")),
            Location::Postgres("postgresql://h/db".into())
        );
        assert_eq!(
            Location::parse(Path::new("sqlite:///var/lib/k.db")),
            Location::Sqlite("/var/lib/k.db".into())
        );
        assert_eq!(
            Location::parse(Path::new("kontrakt.db")),
            Location::Sqlite("kontrakt.db".into())
        );
    }

    /// A write SQLite refused reaches the web as an I/O error of its own kind through the
    /// group commit: "nothing was saved", never "cannot reach the database", which is for a
    /// connection that failed.
    #[test]
    fn a_refused_batch_is_a_refusal_and_a_failed_connection_is_an_unreachable_database() {
        let refused = sqlx::Error::Io(std::io::Error::other("the batch failed: disk full"));
        assert!(!is_unreachable(&refused) && is_write_refusal(&refused));
        for kind in [
            std::io::ErrorKind::ConnectionRefused,
            std::io::ErrorKind::ConnectionReset,
            std::io::ErrorKind::UnexpectedEof,
        ] {
            assert!(is_unreachable(&sqlx::Error::Io(kind.into())), "{kind:?}");
        }
        assert!(is_unreachable(&sqlx::Error::PoolTimedOut));
    }

    /// sqlx's own transactions (what `Write` once was) refused every `BEGIN`
    /// after SQLite ended a transaction itself on a full disk: "attempted to call begin_with
    /// at non-zero transaction depth" until a restart.
    #[tokio::test]
    async fn a_write_the_database_ended_itself_leaves_the_writer_usable() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("full.db")).await.unwrap();
        // No free pages (the start's probe write leaves some): the insert needs new ones.
        sqlx::query("VACUUM").execute(&db.writer).await.unwrap();
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(&db.reader)
            .await
            .unwrap();
        db.limit_pages_for_tests(Some(u64::try_from(pages).unwrap()))
            .await
            .unwrap();
        let wait = Duration::from_secs(5);
        assert!(!db.refusing_writes(wait).await);
        let mut tx = db.begin_write().await.unwrap();
        let full = sqlx::query("INSERT INTO write_probe (data) VALUES (zeroblob(100000))")
            .execute(&mut **tx)
            .await
            .unwrap_err();
        assert!(is_write_refusal(&full), "{full}");
        drop(tx);
        assert!(db.refusing_writes(wait).await);
        assert!(db.probe_write().await.is_err(), "still full");
        db.limit_pages_for_tests(None).await.unwrap();
        let tx = db.begin_write().await.unwrap();
        tx.commit().await.unwrap();
        assert!(!db.refusing_writes(wait).await, "a commit clears it");
        db.close().await;
    }
}
