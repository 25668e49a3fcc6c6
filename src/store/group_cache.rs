//! Loaded groups kept in memory between reads (issue 10): a group's JSON and number pages
//! carry standings and a ledger computed from every one of its games, so a group of 1,000
//! games must not be read and re-scored on every poll (BENCHMARKS.md, "A 1,000-game group").
//!
//! The same rule as the games' cache ([`super::cache`]): an entry is kept with the database
//! generation read *before* the group was read, and every entry is dropped as soon as any
//! write moves the generation on, a write to one of the group's games included. So a group
//! from the cache is never older than the last write that finished, and nothing kept here can
//! drift from the stored games: it is the stored games, as last read.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::Error;
use super::groups::{LoadedGroup, load_group, load_group_view};
use crate::db::Db;

/// Most groups kept; past it the cache starts afresh.
pub const GROUP_CAPACITY: usize = 64;

/// The cache; cheap to clone (shared).
#[derive(Clone, Debug, Default)]
pub struct GroupCache {
    inner: Arc<Mutex<Entries>>,
}

#[derive(Debug, Default)]
struct Entries {
    generation: u64,
    /// Groups by edit id.
    by_id: HashMap<String, Arc<LoadedGroup>>,
    /// Edit id by read-only token.
    by_view: HashMap<String, String>,
}

impl GroupCache {
    fn lock(&self, db: &Db) -> MutexGuard<'_, Entries> {
        let mut entries = self
            .inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let now = db.generation();
        if entries.generation != now {
            entries.by_id.clear();
            entries.by_view.clear();
            entries.generation = now;
        }
        entries
    }

    fn get(&self, db: &Db, id: Option<&str>, token: Option<&str>) -> Option<Arc<LoadedGroup>> {
        let entries = self.lock(db);
        let id = match (id, token) {
            (Some(id), _) => Some(id),
            (None, Some(token)) => entries.by_view.get(token).map(String::as_str),
            (None, None) => None,
        };
        id.and_then(|id| entries.by_id.get(id).cloned())
    }

    fn put(&self, db: &Db, read_at: u64, group: &Arc<LoadedGroup>) {
        let mut entries = self.lock(db);
        if entries.generation != read_at {
            return;
        }
        if entries.by_id.len() >= GROUP_CAPACITY {
            entries.by_id.clear();
            entries.by_view.clear();
        }
        let stored = &group.group;
        entries
            .by_view
            .insert(stored.view_token.clone(), stored.id.clone());
        entries.by_id.insert(stored.id.clone(), Arc::clone(group));
    }

    /// A group by its edit id, from the cache when nothing was written since it was read.
    pub async fn load(&self, db: &Db, id: &str) -> Result<Option<Arc<LoadedGroup>>, Error> {
        if let Some(group) = self.get(db, Some(id), None) {
            return Ok(Some(group));
        }
        let read_at = db.generation();
        let Some(group) = load_group(db, id).await? else {
            return Ok(None);
        };
        let group = Arc::new(group);
        self.put(db, read_at, &group);
        Ok(Some(group))
    }

    /// A group by its read-only token, from the cache when it can.
    pub async fn load_view(&self, db: &Db, token: &str) -> Result<Option<Arc<LoadedGroup>>, Error> {
        if let Some(group) = self.get(db, None, Some(token)) {
            return Ok(Some(group));
        }
        let read_at = db.generation();
        let Some(group) = load_group_view(db, token).await? else {
            return Ok(None);
        };
        let group = Arc::new(group);
        self.put(db, read_at, &group);
        Ok(Some(group))
    }

    /// How many groups are kept (for tests).
    pub fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .by_id
            .len()
    }

    /// Whether no group is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
