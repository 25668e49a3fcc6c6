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
use super::write::{self, GameChange, OnceChange, change_game, end_early_once, finish};
use crate::db::Db;
use crate::db::games::{self, HistoryAction, Once, Rewrite};
use crate::rules::game::{GameError, GameSetup, RawNumber, RawSetup, TableChange, TimedChange};

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

/// Makes `edit` on the game, at most once per idempotency key (`once`). `version`: the
/// game's version as the client knows it (without it, the version just read).
pub async fn edit_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    edit: &Edit,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    change_game(db, cache, id, version, async |game, expected| {
        let rewrite = if expected == game.record.game.version {
            match plan(&game, edit) {
                Ok(rewrite) => rewrite,
                Err(e) => {
                    // A repeat of a change already made is refused by the game as it is now:
                    // its key answers first.
                    if let Some(once) = once
                        && let Some(used) = games::used_key(db, id, once).await?
                    {
                        return finish(db, cache, id, "edit", async { Ok::<_, Error>(used) })
                            .await;
                    }
                    return Ok(OnceChange::Now(GameChange::Refused(e)));
                }
            }
        } else {
            // Stale: the database answers with the conflict (or the stored answer of a
            // repeat).
            Rewrite {
                players: game.record.game.players.clone(),
                money: game.record.game.money.clone(),
                changes: game.record.game.changes.clone(),
                rename: None,
                action: HistoryAction::Settings,
                before: None,
                after: None,
            }
        };
        let kind = rewrite.action.as_str();
        let outcome = write_rewrite(db, cache, id, expected, &rewrite, once, kind).await?;
        // A late joiner at a group's table joins the group too (unless the group knows the
        // name, retired or not), so the group's standings and ledger can count the game: they
        // find a joiner's group player by name (`store::numbers::seat_ids`).
        if let (
            OnceChange::Now(GameChange::Done(_)),
            Edit::Table(TableChange::Join { player, .. }),
        ) = (&outcome, edit)
            && let Some(group) = &game.record.game.group
        {
            super::groups::join_group(db, &group.id, player).await?;
        }
        Ok(outcome)
    })
    .await
}

/// Writes `rewrite` over the game, expected at version `expected`, at most once per
/// idempotency key (`once`), and finishes as every change to the whole game does (timed and
/// counted under `kind`). The one write of an edit, its undo and its redo.
async fn write_rewrite(
    db: &Db,
    cache: &GameCache,
    id: &str,
    expected: i64,
    rewrite: &Rewrite,
    once: Option<Once<'_>>,
    kind: &'static str,
) -> Result<OnceChange, Error> {
    let write = games::rewrite_once(db, id, expected, rewrite, entry::rename, once);
    finish(db, cache, id, kind, write).await
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
/// after it (a player who left is back, a rename is reverted …), else the last round
/// (`write::undo_round_once`). At most once per idempotency key (`once`). `version`: the
/// game's version as the client knows it (without it, the version just read).
pub async fn undo_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    change_game(
        db,
        cache,
        id,
        version,
        async |game, expected| match undoable(&game) {
            Some(item) if expected == game.record.game.version => {
                let rewrite = undo_plan(&game, &item);
                write_rewrite(db, cache, id, expected, &rewrite, once, "undo").await
            }
            _ => write::undo_round_once(db, cache, id, version, once).await,
        },
    )
    .await
}

/// Puts back what the game's latest change (an undo) took back: a change of the `changes`
/// list, or else the round (`write::redo_round_once`). Refused once anything else changed
/// after the undo. At most once per idempotency key (`once`).
pub async fn redo_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    change_game(
        db,
        cache,
        id,
        version,
        async |game, expected| match games::last_change(db, id).await? {
            Some(h)
                if h.action == HistoryAction::Undo
                    && h.round_no.is_none()
                    && expected == game.record.game.version =>
            {
                let Some(item) = h.before.filter(|b| b.get("change").is_some()) else {
                    return Ok(OnceChange::Now(GameChange::Refused(
                        GameError::NothingToRedo,
                    )));
                };
                let rewrite = redo_plan(&game, &item);
                write_rewrite(db, cache, id, expected, &rewrite, once, "redo").await
            }
            _ => write::redo_round_once(db, cache, id, version, once).await,
        },
    )
    .await
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
