//! The application layer: a stored game as the rules engine sees it, the read cache, and the
//! writes, each written top to bottom (read, check, parse the entry once, write, build the new
//! state once, keep it for the next read).
//!
//! Dependency rule: `store` uses `rules` (to parse and score) and `db` (to read and write);
//! it never uses `web` or `cli`, which both use it. Its errors are its own ([`Error`]); the web
//! layer turns them into answers. No SQL here (that is `db`), and no score is computed here:
//! every state comes from the one scoring code in `rules::game`.
//!
//! Every write reads top to bottom here with the transaction in hand: it opens one guarded
//! write of `db` (`db::guard`: the row locked, the idempotency key replayed or refused, the
//! version checked), reads, decides and writes with `db`'s pieces, and commits with the
//! answer stored under the key. Creations open `db::guard::create` the same way (`create`).
//!
//! Inside, no cycles: `entry` (the stored round format) ← `game` (a stored game decoded) ←
//! `cache` ← `read` ← `write` ← `changes`; each uses only those before it (and this module's
//! [`Error`]). `tally` reads decoded games for the standings and the ledger; `numbers` gives a
//! group's standings and open ledger from them.
//!
//! Every whole-game scoring the store asks the engine for is counted ([`scorings`]), so a
//! test can show what one request costs.
//!
//! The operator's counters (rounds written, version conflicts, idempotent replays, database
//! write time, cache hits) are recorded here through the `metrics` facade under the names of
//! [`metric`]; they cost nothing unless the server exports them (`--metrics-addr`). Their
//! labels are fixed words, never a game id or token.

pub mod budget;
pub mod cache;
pub mod changes;
pub mod create;
pub mod entry;
mod game;
pub mod group_cache;
pub mod groups;
pub mod import;
mod loaded_group;
pub mod numbers;
mod read;
pub mod renames;
pub mod rule_sets;
pub mod tally;
mod write;

/// Names of the metrics the store records (exported by `web::metrics`).
pub mod metric {
    /// Counter: rounds entered or corrected.
    pub const ROUNDS_WRITTEN: &str = "kontrakt_rounds_written_total";
    /// Counter by `write` (`round`, `undo`, `end`): writes refused because the game had
    /// changed since the version the client gave (answered 409).
    pub const CONFLICTS: &str = "kontrakt_version_conflicts_total";
    /// Counter by `write`: repeats of an idempotency key answered with the stored answer.
    pub const REPLAYS: &str = "kontrakt_idempotent_replays_total";
    /// Histogram by `write`, in seconds: a write transaction from begin to commit.
    pub const DB_WRITE_SECONDS: &str = "kontrakt_db_write_seconds";
    /// Counter by `result` (`hit`, `miss`): game reads answered from the cache or not.
    pub const CACHE_LOOKUPS: &str = "kontrakt_cache_lookups_total";
}

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

pub use cache::GameCache;
pub use changes::{WholeGame, redo_once, undo_once, whole_game_once};
pub use game::{LoadedGame, new_game, rematch_setup, understand};
pub use read::{answer_for_key, is_view_token, load, load_view};
pub use write::{GameChange, OnceChange, RoundWrite, end_early_once, write_round};

/// Why the store could not do what it was asked. Every case is a bug or a failing database
/// (the web layer answers 500); what a user can get wrong is an outcome, not an error.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The database failed.
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    /// Stored JSON does not have the expected shape.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Stored data the rules engine no longer accepts, or an answer from it out of order.
    #[error("{0}")]
    Invalid(String),
}

/// Whole-game scorings (replays of every round of a game) since the program started.
static SCORINGS: AtomicU64 = AtomicU64::new(0);

/// How many times the store has had the rules engine replay and score a whole game since
/// the program started (all threads; tests compare it before and after a request).
pub fn scorings() -> u64 {
    SCORINGS.load(Ordering::Relaxed)
}

thread_local! {
    /// Whole-game scorings done on this thread.
    static SCORINGS_HERE: Cell<u64> = const { Cell::new(0) };
}

/// [`scorings`] done on the calling thread only. A test on a single-threaded runtime (what
/// `#[tokio::test]` gives) counts its own requests with it, whatever other tests run at the
/// same time.
pub fn scorings_on_this_thread() -> u64 {
    SCORINGS_HERE.with(Cell::get)
}

/// Counts one whole-game scoring: call it wherever the store asks the engine for a state.
fn count_scoring() {
    SCORINGS.fetch_add(1, Ordering::Relaxed);
    SCORINGS_HERE.with(|n| n.set(n.get() + 1));
}
