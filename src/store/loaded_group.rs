//! [`LoadedGroup`]: a group with its games understood by the rules engine, as `groups`
//! loads it, `group_cache` keeps it and `numbers` counts it. A module of its own so that
//! those three need not reach into each other for it.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]), nor on `groups`, `group_cache`
//! or `numbers`, which all use it.

use std::sync::Arc;

use super::game::LoadedGame;
use crate::db::groups::{Group, HouseRules, Player, SettleUp};

/// A group with its games understood.
#[derive(Clone, Debug)]
pub struct LoadedGroup {
    /// The group's own row.
    pub group: Group,
    /// Its players, in the order they joined.
    pub players: Vec<Player>,
    /// Its house rules, by name.
    pub house_rules: Vec<HouseRules>,
    /// Its settle-ups, oldest first.
    pub settle_ups: Vec<SettleUp>,
    /// Its games, oldest first, each with its set-up and state (shared with
    /// [`super::group_cache`], which reuses a game's while its stored version is unchanged).
    pub games: Vec<Arc<LoadedGame>>,
}

impl LoadedGroup {
    /// The player with this id.
    pub fn player(&self, id: i64) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The players new games may seat (not retired).
    pub fn active_players(&self) -> impl Iterator<Item = &Player> {
        self.players.iter().filter(|p| !p.retired)
    }

    /// The games newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &LoadedGame> {
        self.games.iter().rev().map(AsRef::as_ref)
    }
}
