//! The raw single-row commit rate of SQLite itself on this disk, as Kontrakt configures it
//! (WAL, `synchronous=FULL`): one connection, N one-row `INSERT`s each in its own
//! `BEGIN IMMEDIATE … COMMIT` transaction, through rusqlite straight to the C library (no
//! async runtime, pool or worker thread in between), so the figure is what the disk allows.
//! The load script (`benches/load.sh`) prints it beside the server's durable round
//! submissions, which must reach at least as many per second (group commit: many writes
//! share one fsync).
//!
//! `cargo bench --bench raw_commit` (env `COMMITS`, default 5000, 50 under `cargo test`;
//! `RAW_COMMIT_DIR`: where to put the database, default a temporary directory; use the disk
//! the server's database is on). Prints a sentence and a last line `raw_commits_per_second=N`
//! for scripts.

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
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
    let db = rusqlite::Connection::open(dir.path().join("raw.db"))?;
    let mode: String = db.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    assert_eq!(mode, "wal");
    db.execute_batch(
        "PRAGMA synchronous = FULL;
         CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL) STRICT;",
    )?;
    let synchronous: i64 = db.query_row("PRAGMA synchronous", [], |row| row.get(0))?;
    assert_eq!(synchronous, 2, "synchronous=FULL");
    let commit = |v: &str| -> rusqlite::Result<()> {
        db.execute_batch("BEGIN IMMEDIATE")?;
        db.prepare_cached("INSERT INTO t (v) VALUES (?1)")?
            .execute([v])?;
        db.execute_batch("COMMIT")
    };
    // Warm up: the WAL file is created and grown once.
    for _ in 0..100 {
        commit("warm-up")?;
    }
    let started = Instant::now();
    for i in 0..commits {
        commit(&format!("row {i}"))?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let rate = f64::from(commits) / seconds;
    let rows: i64 = db.query_row("SELECT count(*) FROM t", [], |row| row.get(0))?;
    assert_eq!(rows, i64::from(commits) + 100, "every commit is stored");
    println!(
        "{commits} single-row transactions (BEGIN IMMEDIATE, INSERT, COMMIT; WAL, \
         synchronous=FULL; rusqlite, no async runtime) in {seconds:.2} s: {rate:.0} commits \
         per second"
    );
    println!("raw_commits_per_second={rate:.0}");
    Ok(())
}
