//! Changes to a game after its start (docs/RULES.md section 8): the table's changes (a player
//! sits out the next round, leaves, joins late), a rename, and the stake or currency. Each is
//! an item of the game's `changes` list, written with the version check and recorded in the
//! history; undo takes back the latest item when nothing was entered after it, and redo puts
//! it back, like a round.
//!
//! An item is `{"after_round": n, "change": kind, …}`: the table's kinds are the rules
//! engine's [`TimedChange`]; `rename` keeps `from` and `to`, `settings` the money `before`
//! and `after`.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use serde_json::{Value, json};

use super::Error;
use super::cache::GameCache;
use super::entry;
use super::game::{LoadedGame, money_of};
use super::read::load;
use super::write::{GameWrite, OnceChange, end_early_once, open_game, open_game_after};
use crate::db::Db;
use crate::db::games::{self, HistoryAction, Once, Rewrite};
use crate::db::groups as db_groups;
use crate::rules::game::{GameError, GameSetup, RawNumber, RawSetup, TableChange, TimedChange};
use crate::rules::names::group_key;

/// A change to a game after its start.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A change at the table, made after the rounds entered so far.
    Table(TableChange),
    /// Player `player` (index in [`GameSetup::players`]) gets the name `name`.
    Rename {
        /// The player's index.
        player: usize,
        /// The new name as typed.
        name: String,
    },
    /// The stake and currency; what is not given stays.
    Settings {
        /// Cents per point (or per unit in Continental).
        cents: Option<RawNumber>,
        /// Points one cent stands for.
        points_per_cent: Option<RawNumber>,
        /// Currency symbol.
        currency: Option<String>,
    },
}

/// The history's action for an item of the `changes` list.
fn action_of(item: &Value) -> HistoryAction {
    match item.get("change").and_then(Value::as_str) {
        Some("sit_out") => HistoryAction::SitOut,
        Some("leave") => HistoryAction::Leave,
        Some("join") => HistoryAction::Join,
        Some("rename") => HistoryAction::Rename,
        _ => HistoryAction::Settings,
    }
}

fn list(changes: &Value) -> Vec<Value> {
    match changes {
        Value::Array(items) => items.clone(),
        _ => Vec::new(),
    }
}

/// What to write for `edit` on `game`, or why the rules refuse it.
fn plan(game: &LoadedGame, edit: &Edit) -> Result<Rewrite, GameError> {
    let record = &game.record.game;
    let after_round = game.state.rounds.len();
    let mut changes = list(&record.changes);
    let players = record.players.clone();
    match edit {
        Edit::Table(change) => {
            if game.state.ended_early {
                return Err(GameError::EndedEarly);
            }
            let timed = TimedChange {
                after_round,
                change: change.clone(),
            };
            let next = game.setup.with_change(timed)?;
            let made = next
                .changes()
                .last()
                .cloned()
                .ok_or(GameError::ChangeOutOfOrder)?;
            let item = serde_json::to_value(&made).map_err(|_| GameError::ChangeOutOfOrder)?;
            changes.push(item.clone());
            Ok(Rewrite {
                players,
                money: record.money.clone(),
                changes: Value::Array(changes),
                rename: None,
                action: action_of(&item),
                before: None,
                after: Some(item),
            })
        }
        Edit::Rename { player, name } => {
            if let Some(group) = &record.group {
                return Err(GameError::RenameInGroup {
                    group: group.name.clone(),
                });
            }
            let new = game.setup.check_rename(*player, name)?;
            let old = game.setup.name(*player).to_string();
            let item = json!({"after_round": after_round, "change": "rename",
                              "from": old, "to": new});
            let renamed = games::rename_in_changes(&Value::Array(changes), &old, &new);
            let mut changes = list(&renamed);
            changes.push(item.clone());
            Ok(Rewrite {
                players: with_name(&players, &old, &new),
                money: record.money.clone(),
                changes: Value::Array(changes),
                rename: Some((old, new)),
                action: HistoryAction::Rename,
                before: None,
                after: Some(item),
            })
        }
        Edit::Settings {
            cents,
            points_per_cent,
            currency,
        } => {
            let mut raw: RawSetup = game.setup.to_raw();
            if let Some(cents) = cents {
                if raw.cents_per_unit.is_some() {
                    raw.cents_per_unit = Some(cents.clone());
                } else {
                    raw.cents_per_point = Some(cents.clone());
                }
            }
            if let Some(p) = points_per_cent {
                raw.points_per_cent = Some(p.clone());
            }
            if let Some(c) = currency {
                raw.currency = Some(c.clone());
            }
            let setup = GameSetup::try_from(raw).map_err(|errors| {
                errors
                    .iter()
                    .next()
                    .map_or(GameError::BadCurrency, |e| e.error.clone())
            })?;
            let money = money_of(&setup);
            let item = json!({"after_round": after_round, "change": "settings",
                              "before": record.money, "after": money});
            changes.push(item.clone());
            Ok(Rewrite {
                players,
                money,
                changes: Value::Array(changes),
                rename: None,
                action: HistoryAction::Settings,
                before: None,
                after: Some(item),
            })
        }
    }
}

/// Makes `edit` on the game, at most once per idempotency key (`once`), in one guarded write
/// read top to bottom: the key and the version are checked first (so the repeat of a change
/// already made gets its answer, not the rules' refusal of making it twice), then the rules
/// plan the change on the game as it is in the write, and it is written. `version`: the
/// game's version as the client knows it (without it, the version the write finds).
///
/// A late joiner at a group's table joins the group too, in the same transaction (see
/// `follow_join`).
pub async fn edit_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    edit: &Edit,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    let kind = match edit {
        Edit::Table(TableChange::SitOut { .. }) => "sit_out",
        Edit::Table(TableChange::Leave { .. }) => "leave",
        Edit::Table(TableChange::Join { .. }) => "join",
        Edit::Rename { .. } => "rename",
        Edit::Settings { .. } => "settings",
    };
    let mut change = match open_in_order(db, cache, id, version, once, kind).await? {
        Ok(change) => change,
        Err(answer) => return Ok(answer),
    };
    let rewrite = match plan(&change.game, edit) {
        Ok(rewrite) => rewrite,
        Err(e) => return Ok(change.refused(e)),
    };
    games::rewrite(&mut change.write, id, &rewrite, entry::rename).await?;
    change.write.bump().await?;
    if let Some(item) = &rewrite.after {
        follow_join(&mut change, item, true).await?;
    }
    change.finish(db, cache).await
}

/// Opens a change to the game, its group's row locked first when the game belongs to one (as
/// last read: a game joins a group once and never leaves it), the order in which a group's
/// own writes lock the games they change, so two writes on PostgreSQL wait for each other
/// instead of deadlocking.
async fn open_in_order<'a>(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'a>>,
    kind: &'static str,
) -> Result<Result<GameWrite<'a>, OnceChange>, Error> {
    let group = load(db, cache, id)
        .await?
        .and_then(|game| game.record.game.group.as_ref().map(|g| g.id.clone()));
    match &group {
        Some(group) => open_game_after(db, cache, id, version, once, kind, group).await,
        None => open_game(db, cache, id, version, once, kind).await,
    }
}

/// Keeps the game's group in step with a late join (`item`, a change of the game's list) made
/// or redone (`joined`) or undone, in the game's own write, so both are saved or neither:
/// the group's standings and ledger find a joiner's group player by name
/// (`store::numbers::seat_ids`), so a joiner the group does not know joins it (one it knows,
/// retired or not, stays as it is); undoing the join removes the group player it made, unless
/// the group has come to know them otherwise since (`db::groups::leave_late`). What a game's
/// edit link may do to its group ends there (docs/decisions.md, 2026-11-27).
async fn follow_join(change: &mut GameWrite<'_>, item: &Value, joined: bool) -> Result<(), Error> {
    let Some(group) = change.game.record.game.group.clone() else {
        return Ok(());
    };
    if item.get("change").and_then(Value::as_str) != Some("join") {
        return Ok(());
    }
    let Some(name) = item.get("player").and_then(Value::as_str) else {
        return Ok(());
    };
    let Ok(player) = super::groups::player_name(name) else {
        return Ok(());
    };
    let game = change.game.record.game.view_token.clone();
    if joined {
        db_groups::join_late(&mut change.write, &group.id, &player, Some(&game)).await?;
        return Ok(());
    }
    let id = change.game.record.game.id.clone();
    let is_them = |name: &str| group_key(name) == player.key;
    let at = (game.as_str(), id.as_str());
    db_groups::leave_late(&mut change.write, &group.id, &player.key, at, is_them).await?;
    Ok(())
}

/// The latest item of the `changes` list if nothing was entered after it: what an undo takes
/// back before the last round.
pub fn undoable(game: &LoadedGame) -> Option<Value> {
    let changes = list(&game.record.game.changes);
    let last = changes.last()?;
    let after = last.get("after_round").and_then(Value::as_u64)?;
    (usize::try_from(after).ok()? == game.state.rounds.len()).then(|| last.clone())
}

/// The names a `rename` item of the `changes` list changed: (`from`, `to`).
fn renamed(item: &Value) -> (String, String) {
    let text = |field: &str| {
        item.get(field)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    (text("from"), text("to"))
}

/// `players` with the name `old` replaced by `new`: a rename made, undone or redone.
fn with_name(players: &[String], old: &str, new: &str) -> Vec<String> {
    players
        .iter()
        .map(|p| if p == old { new.to_owned() } else { p.clone() })
        .collect()
}

/// What to write to take back `item`, the latest of the game's changes.
fn undo_plan(game: &LoadedGame, item: &Value) -> Rewrite {
    let record = &game.record.game;
    let mut changes = list(&record.changes);
    changes.pop();
    let mut rewrite = Rewrite {
        players: record.players.clone(),
        money: record.money.clone(),
        changes: Value::Array(changes),
        rename: None,
        action: HistoryAction::Undo,
        before: Some(item.clone()),
        after: None,
    };
    match item.get("change").and_then(Value::as_str) {
        Some("rename") => {
            let (from, to) = renamed(item);
            rewrite.players = with_name(&record.players, &to, &from);
            rewrite.changes = games::rename_in_changes(&rewrite.changes, &to, &from);
            rewrite.rename = Some((to, from));
        }
        Some("settings") => {
            if let Some(before) = item.get("before") {
                rewrite.money = before.clone();
            }
        }
        _ => {}
    }
    rewrite
}

/// What to write to put back `item`, a change the game's latest undo took back.
fn redo_plan(game: &LoadedGame, item: &Value) -> Rewrite {
    let record = &game.record.game;
    let mut changes = list(&record.changes);
    let mut rewrite = Rewrite {
        players: record.players.clone(),
        money: record.money.clone(),
        changes: Value::Null,
        rename: None,
        action: action_of(item),
        before: None,
        after: Some(item.clone()),
    };
    match item.get("change").and_then(Value::as_str) {
        Some("rename") => {
            let (from, to) = renamed(item);
            rewrite.players = with_name(&record.players, &from, &to);
            changes = list(&games::rename_in_changes(
                &Value::Array(changes),
                &from,
                &to,
            ));
            rewrite.rename = Some((from, to));
        }
        Some("settings") => {
            if let Some(after) = item.get("after") {
                rewrite.money = after.clone();
            }
        }
        _ => {}
    }
    changes.push(item.clone());
    rewrite.changes = Value::Array(changes);
    rewrite
}

/// Takes back the game's latest change: the latest of its `changes` when nothing was entered
/// after it (a player who left is back, a rename is reverted …), else the last round. At
/// most once per idempotency key (`once`). `version`: the game's version as the client knows
/// it (without it, the version the write finds).
pub async fn undo_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    let mut change = match open_in_order(db, cache, id, version, once, "undo").await? {
        Ok(change) => change,
        Err(answer) => return Ok(answer),
    };
    let Some(item) = undoable(&change.game) else {
        return change.undo_round(db, cache).await;
    };
    let rewrite = undo_plan(&change.game, &item);
    games::rewrite(&mut change.write, id, &rewrite, entry::rename).await?;
    change.write.bump().await?;
    follow_join(&mut change, &item, false).await?;
    change.finish(db, cache).await
}

/// Puts back what the game's latest change (an undo) took back: a change of the `changes`
/// list, or else the round. Refused once anything else changed after the undo. At most once
/// per idempotency key (`once`).
pub async fn redo_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    let mut change = match open_in_order(db, cache, id, version, once, "redo").await? {
        Ok(change) => change,
        Err(answer) => return Ok(answer),
    };
    let last = games::last_change_in(&mut change.write, id).await?;
    let Some(h) = last.filter(|h| h.action == HistoryAction::Undo && h.round_no.is_none()) else {
        return change.redo_round(db, cache).await;
    };
    let Some(item) = h.before.filter(|b| b.get("change").is_some()) else {
        return Ok(change.refused(GameError::NothingToRedo));
    };
    let rewrite = redo_plan(&change.game, &item);
    games::rewrite(&mut change.write, id, &rewrite, entry::rename).await?;
    change.write.bump().await?;
    follow_join(&mut change, &item, true).await?;
    change.finish(db, cache).await
}

/// A change to the whole game that asks for nothing but the game's version: a button on the
/// game page, or an API call with at most `{"version": N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeGame {
    /// Take back the latest change or round ([`undo_once`]).
    Undo,
    /// Put back what the latest undo took back ([`redo_once`]).
    Redo,
    /// End the game early ([`end_early_once`]).
    End,
    /// Take back an early end ([`end_early_once`]).
    Resume,
}

impl WholeGame {
    /// Its name, the last part of the routes that ask for it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Undo => "undo",
            Self::Redo => "redo",
            Self::End => "end",
            Self::Resume => "resume",
        }
    }
}

/// Makes `change` on the game, at most once per idempotency key (`once`). `version`: the
/// game's version as the client knows it (without it, the version just read). The one call
/// the page buttons and the API make for each of the four.
pub async fn whole_game_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    change: WholeGame,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    match change {
        WholeGame::Undo => undo_once(db, cache, id, version, once).await,
        WholeGame::Redo => redo_once(db, cache, id, version, once).await,
        WholeGame::End => end_early_once(db, cache, id, true, version, once).await,
        WholeGame::Resume => end_early_once(db, cache, id, false, version, once).await,
    }
}
