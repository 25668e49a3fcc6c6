//! Loaded groups kept in memory between reads: a group's JSON and number pages
//! carry standings and a ledger computed from every one of its games, so a group of 1,000
//! games must not be read and re-scored on every poll, nor after every round entered in one of
//! its games (BENCHMARKS.md, "A 1,000-game group").
//!
//! Two things are kept, both derived from the stored games and keyed so they cannot drift:
//!
//! - **Each game's scored state** ([`LoadedGame`]: its set-up and its state after its rounds,
//!   from which the standings and the ledger take places, money, rounds won and penalties),
//!   per group, with the game's stored version. A read of the group reads the group's own
//!   rows and every game's version in one snapshot (`db::groups::load_group_keeping`), and
//!   reads and scores again only the games whose version moved (every write to a game bumps
//!   it in the same transaction) or that are new to the group. A round entered in one game of
//!   a 1,000-game group re-scores that one game. This part is never dropped by a write:
//!   it is checked against the database on every read that is not the next one.
//! - **The whole group** as last read, under the same rule as the games' cache
//!   ([`super::cache`]): kept with the database generation read *before* the group was read,
//!   and dropped as soon as any write moves the generation on. On SQLite (one server per
//!   file) a read with nothing written since answers from it without asking the database. On
//!   PostgreSQL other servers write too, which this server's generation does not see: there
//!   every read takes the versions (one snapshot), so a round saved through server A is in
//!   the group read through server B next.
//!
//! Both parts are bounded by the cache's byte budget (`--cache-mb`, [`super::budget`]): a
//! group's games are counted by their estimated bytes, the least recently read groups go
//! when the kept ones would hold more, and a group bigger than the whole budget is read,
//! scored and answered without being kept (so one huge group cannot push every table's
//! group out, nor hold the server's memory after its read). At most [`GROUP_CAPACITY`] groups
//! are kept in any case.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::Error;
use super::budget::{CacheBudget, game_bytes};
use super::game::{LoadedGame, understand};
use super::loaded_group::LoadedGroup;
use super::renames::resolve_in_group;
use crate::db::groups::{GroupColumn, GroupGame, load_group_keeping, renames};
use crate::db::{Db, Engine};

/// Most groups kept, whatever their size; past it the least recently read goes.
pub const GROUP_CAPACITY: usize = 64;

/// The cache; cheap to clone (shared).
#[derive(Clone, Debug)]
pub struct GroupCache {
    inner: Arc<Mutex<Entries>>,
}

impl Default for GroupCache {
    fn default() -> Self {
        Self::with_budget(CacheBudget::default().groups())
    }
}

/// A group's scored games by game id (each [`LoadedGame`] carries its stored version).
type Scored = HashMap<String, Arc<LoadedGame>>;

/// A group's scored games as kept: with each game's estimated bytes ([`game_bytes`], taken
/// again only for a game read anew), their sum, and when the group was last read.
#[derive(Debug)]
struct KeptGroup {
    games: Arc<Scored>,
    sizes: HashMap<String, usize>,
    bytes: usize,
    used: u64,
    view_token: String,
}

#[derive(Debug, Default)]
struct Entries {
    generation: u64,
    /// Whole groups by edit id (under `generation`); they share their games with `scored`.
    by_id: HashMap<String, Arc<LoadedGroup>>,
    /// Edit id by read-only token (under `generation`).
    by_view: HashMap<String, String>,
    /// Each group's scored games, by group edit id; checked against the stored versions.
    scored: HashMap<String, KeptGroup>,
    /// Edit id by read-only token, for `scored`.
    scored_view: HashMap<String, String>,
    /// Bytes the kept groups' games are estimated to hold.
    bytes: usize,
    /// Most bytes kept: past it the least recently read groups go.
    budget: usize,
    /// Counts reads: a kept group's `used` is the count when it was last read.
    clock: u64,
}

impl Entries {
    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// Forgets the group with this edit id, whole and scored.
    fn remove(&mut self, id: &str) {
        if let Some(kept) = self.scored.remove(id) {
            self.bytes -= kept.bytes;
            self.scored_view.remove(&kept.view_token);
        }
        if let Some(group) = self.by_id.remove(id) {
            self.by_view.remove(&group.group.view_token);
        }
    }

    /// Drops the least recently read groups until the kept ones fit the budget and the
    /// capacity.
    fn make_room(&mut self) {
        while self.bytes > self.budget || self.scored.len() > GROUP_CAPACITY {
            let Some(oldest) = self
                .scored
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

impl GroupCache {
    /// A cache keeping groups whose games are estimated to hold at most `budget` bytes in
    /// all; a bigger group is read and answered without being kept.
    pub fn with_budget(budget: usize) -> Self {
        Self {
            inner: Arc::new(Mutex::new(Entries {
                budget,
                ..Entries::default()
            })),
        }
    }

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
        if db.engine() == Engine::Postgres {
            return None;
        }
        let mut entries = self.lock(db);
        let id = match (id, token) {
            (Some(id), _) => Some(id.to_owned()),
            (None, Some(token)) => entries.by_view.get(token).cloned(),
            (None, None) => None,
        }?;
        let group = entries.by_id.get(&id).cloned()?;
        let now = entries.tick();
        if let Some(kept) = entries.scored.get_mut(&id) {
            kept.used = now;
        }
        Some(group)
    }

    /// The scored games kept for the group with this edit id (or read-only token).
    fn scored(&self, db: &Db, column: GroupColumn, value: &str) -> Arc<Scored> {
        let mut entries = self.lock(db);
        let id = match column {
            GroupColumn::Id => Some(value.to_owned()),
            GroupColumn::ViewToken => entries.scored_view.get(value).cloned(),
        };
        let now = entries.tick();
        id.and_then(|id| entries.scored.get_mut(&id))
            .map(|kept| {
                kept.used = now;
                Arc::clone(&kept.games)
            })
            .unwrap_or_default()
    }

    fn put(&self, db: &Db, read_at: u64, group: &Arc<LoadedGroup>) {
        let mut entries = self.lock(db);
        let stored = &group.group;
        let old = entries.scored.get(&stored.id);
        let sizes: HashMap<String, usize> = group
            .games
            .iter()
            .map(|g| {
                let id = &g.record.game.id;
                let known = old
                    .filter(|old| old.games.get(id).is_some_and(|o| Arc::ptr_eq(o, g)))
                    .and_then(|old| old.sizes.get(id).copied());
                (id.clone(), known.unwrap_or_else(|| game_bytes(g)))
            })
            .collect();
        let bytes: usize = sizes.values().sum();
        entries.remove(&stored.id);
        if bytes > entries.budget {
            // Too big to keep: read and scored again at its next read.
            return;
        }
        let scored: Scored = group
            .games
            .iter()
            .map(|g| (g.record.game.id.clone(), Arc::clone(g)))
            .collect();
        let used = entries.tick();
        entries
            .scored_view
            .insert(stored.view_token.clone(), stored.id.clone());
        entries.scored.insert(
            stored.id.clone(),
            KeptGroup {
                games: Arc::new(scored),
                sizes,
                bytes,
                used,
                view_token: stored.view_token.clone(),
            },
        );
        entries.bytes += bytes;
        entries.make_room();
        if entries.generation != read_at
            || db.engine() == Engine::Postgres
            || !entries.scored.contains_key(&stored.id)
        {
            return;
        }
        entries
            .by_view
            .insert(stored.view_token.clone(), stored.id.clone());
        entries.by_id.insert(stored.id.clone(), Arc::clone(group));
    }

    /// Bytes the kept groups' games are estimated to hold (for tests and the figures).
    pub fn bytes(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .bytes
    }

    /// Whether the scored games of the group with this edit id are kept (for tests).
    pub fn holds(&self, id: &str) -> bool {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .scored
            .contains_key(id)
    }

    /// Reads the group, scoring only the games not kept at their stored version.
    async fn read(
        &self,
        db: &Db,
        column: GroupColumn,
        value: &str,
    ) -> Result<Option<Arc<LoadedGroup>>, Error> {
        // Taken before the read: a write finishing during it keeps the whole group out.
        let read_at = db.generation();
        let kept = self.scored(db, column, value);
        let known: HashMap<String, i64> = kept
            .iter()
            .map(|(id, game)| (id.clone(), game.record.game.version))
            .collect();
        // Read before the group: a batch of a rename committing in between has already
        // renamed the games it reached, to which the rename then no longer applies.
        let pending = {
            let mut conn = db.reader().acquire().await?;
            renames::for_group(&mut conn, column, value).await?
        };
        let Some(parts) = load_group_keeping(db, column, value, &known).await? else {
            return Ok(None);
        };
        let group = &parts.group;
        let read: Vec<String> = parts
            .games
            .iter()
            .filter_map(|game| match game {
                GroupGame::Read(record) => Some(record.game.rules.clone()),
                GroupGame::Kept(_) => None,
            })
            .collect();
        super::rule_sets::resolve_all(db, &read).await?;
        let mut games = Vec::with_capacity(parts.games.len());
        for game in parts.games {
            games.push(match game {
                GroupGame::Read(record) => {
                    let record = resolve_in_group(&pending, &record).unwrap_or(*record);
                    Arc::new(understand(record)?)
                }
                GroupGame::Kept(id) => {
                    let game = kept
                        .get(&id)
                        .ok_or_else(|| Error::Invalid(format!("kept game {id} went missing")))?;
                    match resolve_in_group(&pending, &game.record) {
                        Some(record) => renamed_group(&Arc::new(understand(record)?), group),
                        None => renamed_group(game, group),
                    }
                }
            });
        }
        let loaded = Arc::new(LoadedGroup {
            group: parts.group,
            players: parts.players,
            house_rules: parts.house_rules,
            settle_ups: parts.settle_ups,
            games,
        });
        self.put(db, read_at, &loaded);
        Ok(Some(loaded))
    }

    /// A group by its edit id: kept whole when nothing was written since it was read, else
    /// read with only its changed games scored again.
    pub async fn load(&self, db: &Db, id: &str) -> Result<Option<Arc<LoadedGroup>>, Error> {
        if let Some(group) = self.get(db, Some(id), None) {
            return Ok(Some(group));
        }
        self.read(db, GroupColumn::Id, id).await
    }

    /// A group by its read-only token, from the cache when it can.
    pub async fn load_view(&self, db: &Db, token: &str) -> Result<Option<Arc<LoadedGroup>>, Error> {
        if let Some(group) = self.get(db, None, Some(token)) {
            return Ok(Some(group));
        }
        self.read(db, GroupColumn::ViewToken, token).await
    }

    /// How many groups are kept whole (for tests).
    pub fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .by_id
            .len()
    }

    /// Whether no group is kept whole.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A kept game with its group named as the group's row says now: renaming a group bumps the
/// group's version, not its games', and a game's record names its group.
fn renamed_group(game: &Arc<LoadedGame>, group: &crate::db::groups::Group) -> Arc<LoadedGame> {
    let named = game.record.game.group.as_ref();
    if named.is_none_or(|g| g.name == group.name && g.view_token == group.view_token) {
        return Arc::clone(game);
    }
    let mut game = LoadedGame::clone(game);
    if let Some(named) = &mut game.record.game.group {
        named.name.clone_from(&group.name);
        named.view_token.clone_from(&group.view_token);
    }
    Arc::new(game)
}
