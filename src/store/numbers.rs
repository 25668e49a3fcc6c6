//! A group's numbers (docs/RULES.md section 7): its standings for a filter (rule
//! set, period) and its open ledger (Kasse) since the last settle-up, per currency, built from
//! the group's stored games on every read through [`super::tally`], `rules::standings` and
//! `rules::ledger`. Nothing is kept beside the games that could drift.
//!
//! Currencies are never converted (docs/decisions.md 2026-11-24): the group's currency is
//! the newest settled game's; the ledger keeps one account per currency (the group's first),
//! and the standings' money counts the games in the group's currency only.
//!
//! A settle-up settles exactly the games it lists (their read-only tokens), not "every game
//! before a moment": a standalone game added to the group after a settle-up is still open,
//! however old it is.
//!
//! Part of `store`: uses `rules` and the decoded groups; never `web` or `cli`, no SQL, no
//! words.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use time::OffsetDateTime;

use super::LoadedGame;
use super::loaded_group::LoadedGroup;
use super::tally::{game_money, played_game};
use crate::rules::ledger::{GameMoney, Ledger, LedgerError, ledger};
use crate::rules::standings::{Filter, PlayedGame, PlayerStats, standings};

/// One currency's open account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CurrencyLedger {
    /// The currency symbol the games were played in.
    pub currency: String,
    /// The balances and transfers (player ids) of the games not yet settled.
    pub ledger: Ledger,
    /// Read-only tokens of the games it counts.
    pub games: Vec<String>,
}

/// The open ledger of a group: since the last settle-up, one account per currency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupLedger {
    /// When the last settle-up was recorded; `None`: never.
    pub since: Option<OffsetDateTime>,
    /// The accounts, the group's currency first, then the others by symbol. Empty when no
    /// game is open.
    pub accounts: Vec<CurrencyLedger>,
}

impl GroupLedger {
    /// Every open game's read-only token, over all currencies.
    pub fn games(&self) -> Vec<String> {
        self.accounts
            .iter()
            .flat_map(|a| a.games.iter().cloned())
            .collect()
    }
}

/// The currency the group plays in now: the newest settled game's (else the newest game's).
pub fn group_currency(group: &LoadedGroup) -> Option<String> {
    let settled = group
        .newest_first()
        .find(|g| matches!(g.state.settlement, Some(Ok(_))));
    settled
        .or_else(|| group.newest_first().next())
        .map(|g| g.setup.currency().to_owned())
}

/// The group player id of each of `game`'s players, seat for seat: the seats stored when the
/// game was made, then each late joiner (who sits after the set-up's players, docs/RULES.md
/// section 8) found among the group's players by name, as people read it. A joiner the group
/// does not know leaves the list short, and the standings and the ledger leave the game out
/// as before (a join in a group's game adds the joiner to the group: `store::changes`).
pub fn seat_ids(group: &LoadedGroup, game: &LoadedGame) -> Vec<i64> {
    let mut ids = game.record.game.seats.clone();
    for name in game.setup.players().iter().skip(ids.len()) {
        let key = crate::rules::names::group_key(name);
        match group.players.iter().find(|p| p.key == key) {
            Some(player) => ids.push(player.id),
            None => break,
        }
    }
    ids
}

/// Every game of the group as the standings see it, index for index with `group.games`
/// (`None` for a game without a group player per seat). Money of games in another currency
/// than `currency` is left out (`net_cents: None`).
pub fn played_games(group: &LoadedGroup, currency: Option<&str>) -> Vec<Option<PlayedGame>> {
    group
        .games
        .iter()
        .map(|game| {
            let mut played = played_game(game, &seat_ids(group, game))?;
            if currency.is_some_and(|c| c != game.setup.currency()) {
                played.net_cents = None;
            }
            Some(played)
        })
        .collect()
}

/// The standings of the group's games that `filter` admits; each [`PlayerStats`]'s game
/// marks index `group.games`.
pub fn group_standings(group: &LoadedGroup, filter: &Filter) -> Vec<PlayerStats> {
    let currency = group_currency(group);
    let games = index_aligned(played_games(group, currency.as_deref()));
    standings(&games, filter)
}

/// The played games with a placeholder where a game has none, so that indices stay those
/// of `group.games` (a placeholder has no seats, and the engine leaves it out).
pub fn index_aligned(games: Vec<Option<PlayedGame>>) -> Vec<PlayedGame> {
    games
        .into_iter()
        .map(|g| {
            g.unwrap_or_else(|| PlayedGame {
                rules: String::new(),
                day: crate::rules::standings::Day::new(0, 1, 1),
                players: Vec::new(),
                rounds: Vec::new(),
                finished: false,
                places: Vec::new(),
                net_cents: None,
                lower_is_better: true,
            })
        })
        .collect()
}

/// The read-only tokens of the games the group's settle-ups have settled.
pub fn settled_games(group: &LoadedGroup) -> BTreeSet<&str> {
    group
        .settle_ups
        .iter()
        .filter_map(|s| s.balances.get("games").and_then(Value::as_array))
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// The group's open ledger: every finished, settled game no settle-up has settled, one
/// account per currency, through `rules::ledger`.
pub fn group_ledger(group: &LoadedGroup) -> Result<GroupLedger, LedgerError> {
    let settled = settled_games(group);
    let mut by_currency: BTreeMap<&str, (Vec<GameMoney>, Vec<String>)> = BTreeMap::new();
    for game in &group.games {
        let token = game.record.game.view_token.as_str();
        if settled.contains(token) {
            continue;
        }
        let Some(money) = game_money(game, &seat_ids(group, game)) else {
            continue;
        };
        let entry = by_currency.entry(game.setup.currency()).or_default();
        entry.0.push(money);
        entry.1.push(token.to_owned());
    }
    let currency = group_currency(group);
    let mut accounts = Vec::new();
    for (symbol, (money, games)) in by_currency {
        accounts.push(CurrencyLedger {
            currency: symbol.to_owned(),
            // Only unsettled games are passed: the settle-ups chose them.
            ledger: ledger(&money, None)?,
            games,
        });
    }
    // The group's currency first (a stable sort keeps the others by symbol).
    accounts.sort_by_key(|a| Some(a.currency.as_str()) != currency.as_deref());
    let since = group.settle_ups.last().map(|s| s.at);
    let since_unix = since.map(OffsetDateTime::unix_timestamp);
    for account in &mut accounts {
        account.ledger.since = since_unix;
    }
    Ok(GroupLedger { since, accounts })
}
