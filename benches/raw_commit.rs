//! The raw single-row commit rate of SQLite as Kontrakt configures it (WAL,
//! `synchronous=FULL`, through sqlx): N one-statement autocommit inserts on one connection,
//! each its own durable transaction. The load script (`benches/load.sh`) prints it beside the
//! server's durable round submissions, which must reach at least a third of it.
//!
//! `cargo bench --bench raw_commit` (env `COMMITS`, default 5000, 50 under `cargo test`; `RAW_COMMIT_DIR`: where to
//! put the database, default a temporary directory; use the disk the server's database is on).
//! Prints a sentence and a last line `raw_commits_per_second=N` for scripts.

use std::time::Instant;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this without it, as a
    // quick smoke run.
    let benchmark = std::env::args().any(|arg| arg == "--bench");
    let commits: u32 = std::env::var("COMMITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if benchmark { 5000 } else { 50 });
    let dir = match std::env::var_os("RAW_COMMIT_DIR") {
        Some(dir) => tempfile::tempdir_in(dir)?,
        None => tempfile::tempdir()?,
    };
    let options = SqliteConnectOptions::new()
        .filename(dir.path().join("raw.db"))
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full);
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await?;
    sqlx::query("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL) STRICT")
        .execute(&pool)
        .await?;
    // Warm up: the WAL file is created and grown once.
    for _ in 0..100 {
        sqlx::query("INSERT INTO t (v) VALUES (?)")
            .bind("warm-up")
            .execute(&pool)
            .await?;
    }
    let started = Instant::now();
    for i in 0..commits {
        sqlx::query("INSERT INTO t (v) VALUES (?)")
            .bind(format!("row {i}"))
            .execute(&pool)
            .await?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let rate = f64::from(commits) / seconds;
    pool.close().await;
    println!(
        "{commits} single-row autocommit inserts (WAL, synchronous=FULL) in {seconds:.2} s: \
         {rate:.0} commits per second"
    );
    println!("raw_commits_per_second={rate:.0}");
    Ok(())
}
