//! Database access: the SQLite file, its connection pools, migrations and backups; games in
//! `games`, moving them between databases as JSON in `transfer`.
//!
//! SQL lives only here, as literal strings run with `sqlx::query`/`query_as` (no compile-time
//! checked macros, so a fresh clone builds without a database). Rows are private structs
//! converted into the public record types of each submodule. Dependency rule: `db` depends on
//! no other layer of the app (not `rules`, `text`, `store`, `web` or `cli`); it stores what
//! the rules engine computes without interpreting it. `store` reads and writes games through
//! it; `web` and `cli` hold the `Db` handle and its record types.
//!
//! Durability choices (STYLE.md, issue 4): WAL journal, `synchronous=FULL` (a commit that
//! returned survives a power cut), a 5 s busy timeout, foreign keys on. Exactly one writer
//! connection, and every write runs in `BEGIN IMMEDIATE` ([`Db::begin_write`]): a deferred
//! transaction that reads and then writes can fail with `SQLITE_BUSY` at once, ignoring the
//! timeout. Reads use a separate small pool of read-only connections.
//!
//! Every write ends with [`Write::commit`], which also counts the write ([`Db::generation`]):
//! a cache of things read from the database (`store` keeps one of loaded games) stays
//! valid exactly as long as this count has not moved.

pub mod games;
pub mod transfer;

use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Sqlite, Transaction};

/// How long a connection waits for a lock held by another connection or process.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections in the read pool.
const READERS: u32 = 4;

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
async fn check_writable(pool: &SqlitePool) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    sqlx::query("CREATE TABLE kontrakt_write_check (x)")
        .execute(&mut *tx)
        .await?;
    tx.rollback().await
}

/// The database: one writer connection and a small pool of readers. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    writer: SqlitePool,
    reader: SqlitePool,
    /// Write transactions ended so far (committed or not): see [`Db::generation`].
    generation: Arc<AtomicU64>,
}

/// A write transaction from [`Db::begin_write`]: a `BEGIN IMMEDIATE` transaction on the
/// writer connection whose [`commit`](Write::commit) also moves [`Db::generation`] on. Use it
/// as the transaction it derefs to; dropped without a commit it rolls back.
#[derive(Debug)]
pub struct Write {
    tx: Transaction<'static, Sqlite>,
    generation: Arc<AtomicU64>,
}

impl Write {
    /// Commits the transaction, then counts the write (even when the commit failed, since
    /// what a failed commit left behind is not known), so caches built on what was read
    /// before it are dropped. Returns the generation this commit moved the database to, so
    /// a cache can keep what the write itself built (if no other write came after it).
    pub async fn commit(self) -> Result<u64, sqlx::Error> {
        let result = self.tx.commit().await;
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        result.map(|()| generation)
    }
}

impl Deref for Write {
    type Target = Transaction<'static, Sqlite>;

    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl DerefMut for Write {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
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
        let db = Self::connect(path, true).await?;
        check_writable(&db.writer)
            .await
            .map_err(|e| read_only(e.to_string()))?;
        sqlx::migrate!().run(&db.writer).await?;
        Ok(db)
    }

    /// Opens an existing database without creating or migrating it (for `backup`).
    pub async fn open_existing(path: &Path) -> Result<Self, Error> {
        if !path.exists() {
            return Err(Error::Missing(path.to_owned()));
        }
        Self::connect(path, false).await
    }

    async fn connect(path: &Path, create: bool) -> Result<Self, Error> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(create)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(BUSY_TIMEOUT)
            .foreign_keys(true);
        // A connection to a local file does not go stale: no liveness ping (a round trip to
        // the connection's worker thread) before each use.
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .test_before_acquire(false)
            .connect_with(options.clone())
            .await?;
        // Opened after the writer, which has created the file and switched it to WAL.
        let reader = SqlitePoolOptions::new()
            .max_connections(READERS)
            .test_before_acquire(false)
            .connect_with(options.read_only(true))
            .await?;
        Ok(Self {
            writer,
            reader,
            generation: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Starts a write transaction with `BEGIN IMMEDIATE` on the single writer connection.
    ///
    /// Every write goes through here, so writes are serialised in this process and take the
    /// database lock up front (waiting up to the busy timeout if another process holds it).
    pub async fn begin_write(&self) -> Result<Write, sqlx::Error> {
        Ok(Write {
            tx: self.writer.begin_with("BEGIN IMMEDIATE").await?,
            generation: Arc::clone(&self.generation),
        })
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

    /// The read-only pool, for queries that change nothing.
    pub fn reader(&self) -> &SqlitePool {
        &self.reader
    }

    /// Writes a consistent copy of the live database to `dest` with `VACUUM INTO`.
    ///
    /// Refuses to touch an existing file. The copy is synced to disk before returning.
    pub async fn backup_to(&self, dest: &Path) -> Result<(), Error> {
        if dest.exists() {
            return Err(Error::BackupTargetExists(dest.to_owned()));
        }
        let target = dest.to_string_lossy().into_owned();
        // VACUUM INTO itself also refuses a non-empty existing file, closing the race
        // between the check above and the write.
        sqlx::query("VACUUM INTO ?")
            .bind(target)
            .execute(&self.reader)
            .await?;
        let sync = std::fs::File::open(dest).and_then(|file| file.sync_all());
        sync.map_err(|source| Error::Io {
            path: dest.to_owned(),
            source,
        })
    }

    /// Answers whether the database can be read (for `/healthz`).
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.reader).await?;
        Ok(())
    }

    /// Closes both pools, checkpointing the WAL when the last connection closes.
    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }
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
        let read_only = SqlitePoolOptions::new()
            .connect_with(SqliteConnectOptions::new().filename(&path).read_only(true))
            .await
            .unwrap();
        let refused = check_writable(&read_only).await.unwrap_err();
        assert!(refused.to_string().contains("readonly"), "{refused}");
        read_only.close().await;
        db.close().await;
    }
}
