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
//! Only games that exist are kept (a miss for an unknown id asks the database every time), at
//! most [`CAPACITY`] of them and at most the cache's byte budget (`--cache-mb`,
//! [`super::budget`]): past either the least recently read games go, and a game bigger than
//! the whole budget is answered without being kept. A write keeps the game it built under the generation its own
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

use super::budget::{CacheBudget, game_bytes};
use super::game::LoadedGame;
use crate::db::Db;
use crate::db::games::Stamp;

/// Most games kept, whatever their size; past it the least recently read goes.
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
#[derive(Clone, Debug)]
pub struct GameCache {
    inner: Arc<Mutex<Entries>>,
}

impl Default for GameCache {
    fn default() -> Self {
        Self::with_budget(CacheBudget::default().games())
    }
}

/// A kept game with what it is estimated to hold and when it was last read.
#[derive(Debug)]
struct Kept {
    game: Arc<LoadedGame>,
    bytes: usize,
    used: u64,
}

#[derive(Debug, Default)]
struct Entries {
    /// The database generation every entry was read under.
    generation: u64,
    /// Games by edit id.
    by_id: HashMap<String, Kept>,
    /// Edit id by read-only token.
    by_view: HashMap<String, String>,
    /// The stamp each game (by id) was read under, for [`GameCache::get_stamped`].
    stamps: HashMap<String, Stamp>,
    /// Bytes the kept games are estimated to hold ([`game_bytes`]).
    bytes: usize,
    /// Most bytes kept: past it the least recently read games go.
    budget: usize,
    /// Counts lookups and stores: a kept game's `used` is the count when it was last read.
    clock: u64,
}

impl Entries {
    /// Drops every entry if the database has been written since they were read.
    fn at(&mut self, generation: u64) {
        if self.generation != generation {
            self.by_id.clear();
            self.by_view.clear();
            self.stamps.clear();
            self.bytes = 0;
            self.generation = generation;
        }
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The game under `id`, marked as read now.
    fn read(&mut self, id: &str) -> Option<Arc<LoadedGame>> {
        let now = self.tick();
        let kept = self.by_id.get_mut(id)?;
        kept.used = now;
        Some(Arc::clone(&kept.game))
    }

    fn remove(&mut self, id: &str) {
        if let Some(kept) = self.by_id.remove(id) {
            self.bytes -= kept.bytes;
            self.by_view.remove(&kept.game.record.game.view_token);
        }
        self.stamps.remove(id);
    }

    /// Drops the least recently read games until the kept ones fit the budget and the
    /// capacity.
    fn make_room(&mut self) {
        while self.bytes > self.budget || self.by_id.len() > CAPACITY {
            let Some(oldest) = self
                .by_id
                .iter()
                .min_by_key(|(_, kept)| kept.used)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            self.remove(&oldest);
        }
    }
}

impl GameCache {
    /// A cache keeping games estimated to hold at most `budget` bytes in all.
    pub fn with_budget(budget: usize) -> Self {
        Self {
            inner: Arc::new(Mutex::new(Entries {
                budget,
                ..Entries::default()
            })),
        }
    }

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
            Key::Edit(id) => Some(id.to_owned()),
            Key::View(token) => entries.by_view.get(token).cloned(),
        };
        let game = id.and_then(|id| entries.read(&id));
        let result = if game.is_some() { "hit" } else { "miss" };
        metrics::counter!(super::metric::CACHE_LOOKUPS, "result" => result).increment(1);
        game
    }

    /// Keeps `game`, read from the database when its generation was `read_at` (taken before
    /// the read began). Kept only if no write has finished since, and only if it fits the
    /// budget by itself; the least recently read games make room for it.
    pub fn put(&self, db: &Db, read_at: u64, game: &Arc<LoadedGame>) {
        let bytes = game_bytes(game);
        let mut entries = self.lock();
        entries.at(db.generation());
        if entries.generation != read_at {
            return;
        }
        let record = &game.record.game;
        // Kept without a stamp: [`GameCache::get_stamped`] does not answer with it.
        entries.remove(&record.id);
        if bytes > entries.budget {
            return;
        }
        let used = entries.tick();
        entries
            .by_view
            .insert(record.view_token.clone(), record.id.clone());
        entries.by_id.insert(
            record.id.clone(),
            Kept {
                game: Arc::clone(game),
                bytes,
                used,
            },
        );
        entries.bytes += bytes;
        entries.make_room();
    }

    /// [`GameCache::get`], and only a game read under `stamp` (PostgreSQL: see the module's
    /// documentation).
    pub fn get_stamped(&self, db: &Db, key: Key<'_>, stamp: Stamp) -> Option<Arc<LoadedGame>> {
        let game = {
            let mut entries = self.lock();
            entries.at(db.generation());
            let id = match key {
                Key::Edit(id) => Some(id.to_owned()),
                Key::View(token) => entries.by_view.get(token).cloned(),
            };
            id.filter(|id| entries.stamps.get(id) == Some(&stamp))
                .and_then(|id| entries.read(&id))
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

    /// Bytes the kept games are estimated to hold (for tests and the budget's figures).
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// Whether the game with this edit id is kept (for tests).
    pub fn holds(&self, id: &str) -> bool {
        self.lock().by_id.contains_key(id)
    }

    /// How many games are kept (for tests).
    /// How many games are kept (for tests).
    pub fn len(&self) -> usize {
        self.lock().by_id.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
