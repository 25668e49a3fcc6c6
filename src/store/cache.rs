//! Loaded games kept in memory between reads, so the pages and the JSON of a game that is only
//! being looked at (every phone at the table polls it) cost no database round trip and no
//! re-scoring.
//!
//! Correctness rests on [`Db::generation`]: every write transaction moves it on right after
//! its commit. An entry is stored with the generation read *before* the database was read, and
//! the whole cache is dropped as soon as the generation differs from the one its entries were
//! read under. So an answer from the cache is never older than the last write that finished:
//!
//! - a write that committed before the read began is seen by the read itself;
//! - a write that commits while the read is under way moves the generation on; the entry (with
//!   the older generation) is dropped at the next lookup, whether it was stored before or
//!   after the move;
//! - between a commit and its count the old state may still be served, but the writer has not
//!   answered its client yet, so nobody can have seen the new state.
//!
//! Any write drops every entry: writes are a few a minute at a table, reads many a second.
//! Only games that exist are kept (a miss for an unknown id asks the database every time), and
//! at most [`CAPACITY`] of them. A write keeps the game it built under the generation its own
//! commit moved to ([`GameCache::put`] with that generation), so the read that follows it is
//! a hit unless another write came in between.
//!
//! On PostgreSQL other servers write the same database, which this server's generation does
//! not see. There every read first takes the game's [`Stamp`] (its version and its group's,
//! one indexed read) and a kept game answers only if it was read under that same stamp
//! ([`GameCache::get_stamped`], [`GameCache::put_stamped`]): a round saved through server A is
//! what a phone polling server B sees at its next read. The stamp is taken before the game is
//! read, so a write landing in between leaves an entry older than its stamp says, which the
//! next read's newer stamp refuses. LISTEN/NOTIFY was not chosen: a notification can arrive
//! after the phone's next read, and a lost connection loses notifications silently.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::game::LoadedGame;
use crate::db::Db;
use crate::db::games::Stamp;

/// Most games kept; past it the cache starts afresh.
pub const CAPACITY: usize = 1024;

/// Which link a game is looked up by.
#[derive(Clone, Copy, Debug)]
pub enum Key<'a> {
    /// The edit id.
    Edit(&'a str),
    /// The read-only token.
    View(&'a str),
}

/// The cache; cheap to clone (shared).
#[derive(Clone, Debug, Default)]
pub struct GameCache {
    inner: Arc<Mutex<Entries>>,
}

#[derive(Debug, Default)]
struct Entries {
    /// The database generation every entry was read under.
    generation: u64,
    /// Games by edit id.
    by_id: HashMap<String, Arc<LoadedGame>>,
    /// Edit id by read-only token.
    by_view: HashMap<String, String>,
    /// The stamp each game (by id) was read under, for [`GameCache::get_stamped`].
    stamps: HashMap<String, Stamp>,
}

impl Entries {
    /// Drops every entry if the database has been written since they were read.
    fn at(&mut self, generation: u64) {
        if self.generation != generation {
            self.by_id.clear();
            self.by_view.clear();
            self.stamps.clear();
            self.generation = generation;
        }
    }
}

impl GameCache {
    fn lock(&self) -> MutexGuard<'_, Entries> {
        // A panic while holding the lock cannot leave the maps half-changed in a way that
        // matters: at worst an entry is missing.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The game if it is kept and nothing was written since it was read.
    pub fn get(&self, db: &Db, key: Key<'_>) -> Option<Arc<LoadedGame>> {
        let mut entries = self.lock();
        entries.at(db.generation());
        let id = match key {
            Key::Edit(id) => Some(id),
            Key::View(token) => entries.by_view.get(token).map(String::as_str),
        };
        let game = id.and_then(|id| entries.by_id.get(id).cloned());
        let result = if game.is_some() { "hit" } else { "miss" };
        metrics::counter!(super::metric::CACHE_LOOKUPS, "result" => result).increment(1);
        game
    }

    /// Keeps `game`, read from the database when its generation was `read_at` (taken before
    /// the read began). Kept only if no write has finished since.
    pub fn put(&self, db: &Db, read_at: u64, game: &Arc<LoadedGame>) {
        let mut entries = self.lock();
        entries.at(db.generation());
        if entries.generation != read_at {
            return;
        }
        if entries.by_id.len() >= CAPACITY {
            entries.by_id.clear();
            entries.by_view.clear();
            entries.stamps.clear();
        }
        // Kept without a stamp: [`GameCache::get_stamped`] does not answer with it.
        entries.stamps.remove(&game.record.game.id);
        let record = &game.record.game;
        entries
            .by_view
            .insert(record.view_token.clone(), record.id.clone());
        entries.by_id.insert(record.id.clone(), Arc::clone(game));
    }

    /// How many games are kept (for tests).
    /// [`GameCache::get`], and only a game read under `stamp` (PostgreSQL: see the module's
    /// documentation).
    pub fn get_stamped(&self, db: &Db, key: Key<'_>, stamp: Stamp) -> Option<Arc<LoadedGame>> {
        let game = {
            let mut entries = self.lock();
            entries.at(db.generation());
            let id = match key {
                Key::Edit(id) => Some(id),
                Key::View(token) => entries.by_view.get(token).map(String::as_str),
            };
            id.filter(|id| entries.stamps.get(*id) == Some(&stamp))
                .and_then(|id| entries.by_id.get(id).cloned())
        };
        let result = if game.is_some() { "hit" } else { "miss" };
        metrics::counter!(super::metric::CACHE_LOOKUPS, "result" => result).increment(1);
        game
    }

    /// [`GameCache::put`] of a game read under `stamp`, taken before the game was read.
    pub fn put_stamped(&self, db: &Db, read_at: u64, game: &Arc<LoadedGame>, stamp: Stamp) {
        self.put(db, read_at, game);
        let mut entries = self.lock();
        let id = &game.record.game.id;
        if entries.by_id.contains_key(id) {
            entries.stamps.insert(id.clone(), stamp);
        }
    }

    pub fn len(&self) -> usize {
        self.lock().by_id.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
