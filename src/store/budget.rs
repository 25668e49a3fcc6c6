//! The memory the caches may keep ([`super::cache`], [`super::group_cache`]): a byte budget
//! (`--cache-mb`, [`crate::config::DEFAULT_CACHE_MB`]) split between the games' cache and
//! the groups', and the estimate of what a kept game holds. The estimate counts what the
//! game's JSON and state take on the heap (strings, maps, vectors and their headers), which is
//! what grows with rounds and players; it is an estimate, not a measurement, and errs on the
//! large side.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use serde_json::Value;

use super::game::LoadedGame;

/// The bytes both caches may keep together, split a quarter to the games' cache and three
/// quarters to the groups' (a group's numbers need every game of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheBudget {
    /// Bytes in all.
    pub bytes: usize,
}

impl CacheBudget {
    /// The budget of `mb` mebibytes.
    pub fn megabytes(mb: usize) -> Self {
        Self {
            bytes: mb.saturating_mul(1024 * 1024),
        }
    }

    /// The games' cache's part.
    pub fn games(self) -> usize {
        self.bytes / 4
    }

    /// The groups' cache's part.
    pub fn groups(self) -> usize {
        self.bytes - self.games()
    }
}

impl Default for CacheBudget {
    fn default() -> Self {
        Self::megabytes(crate::config::DEFAULT_CACHE_MB)
    }
}

/// What a JSON value holds on the heap, about.
fn json_bytes(value: &Value) -> usize {
    const NODE: usize = 32;
    match value {
        Value::Null | Value::Bool(_) | Value::Number(_) => NODE,
        Value::String(s) => NODE + s.len(),
        Value::Array(items) => NODE + items.iter().map(json_bytes).sum::<usize>(),
        Value::Object(map) => {
            NODE + map
                .iter()
                .map(|(k, v)| 48 + k.len() + json_bytes(v))
                .sum::<usize>()
        }
    }
}

/// What a kept game holds in memory, about: its record (rounds' entries and points, names,
/// changes) and its state (per round and player), with the fixed parts of both.
pub fn game_bytes(game: &LoadedGame) -> usize {
    const FIXED: usize = 2048;
    const PER_ROUND_AND_PLAYER: usize = 96;
    const PER_ROUND: usize = 256;
    let record = &game.record;
    let names: usize = record.game.players.iter().map(|p| 32 + p.len()).sum();
    let rounds: usize = record
        .rounds
        .iter()
        .map(|r| PER_ROUND + json_bytes(&r.entry) + json_bytes(&r.points))
        .sum();
    let players = record.game.players.len().max(1);
    let state = record.rounds.len() * players * PER_ROUND_AND_PLAYER;
    FIXED
        + names
        + rounds
        + state
        + json_bytes(&record.game.changes)
        + json_bytes(&record.game.options)
        + json_bytes(&record.game.money)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_budget_splits_a_quarter_to_games_and_the_rest_to_groups() {
        let budget = CacheBudget::megabytes(64);
        assert_eq!(budget.bytes, 64 << 20);
        assert_eq!(budget.games(), 16 << 20);
        assert_eq!(budget.groups(), 48 << 20);
    }

    #[test]
    fn json_grows_with_its_strings_and_members() {
        let small = json_bytes(&json!({"Ann": 1}));
        let bigger = json_bytes(&json!({"Ann": 1, "Ben": 2}));
        assert!(bigger > small);
        assert!(json_bytes(&json!("a long name of a player")) > json_bytes(&json!("a")));
    }
}
