//! Stored games as the standings and the ledger read them: a [`LoadedGame`] with
//! its seats' player ids becomes a `rules::standings::PlayedGame` or a `rules::ledger::
//! GameMoney`, built from the game's own state on every read, so the numbers never come from a
//! second copy that could drift.
//!
//! Part of `store`: uses `rules` and the decoded games; never `web` or `cli`, no SQL.

use time::OffsetDateTime;

use super::LoadedGame;
use crate::rules::ledger::GameMoney;
use crate::rules::standings::{Day, PlayedGame, PlayedRound};

/// The day of a moment, in UTC.
pub fn day_of(at: OffsetDateTime) -> Day {
    let at = at.to_offset(time::UtcOffset::UTC);
    Day::new(at.year(), u8::from(at.month()), at.day())
}

/// When a game counts for the ledger: when its last round was first entered (a later
/// correction does not move it into the next settle-up's period), else when it was created.
pub fn counts_at(game: &LoadedGame) -> OffsetDateTime {
    game.record
        .rounds
        .iter()
        .map(|r| r.created_at)
        .max()
        .unwrap_or(game.record.game.created_at)
}

/// The game as the standings see it; `players` is the player id of each seat (`None` when
/// it does not have one per seat).
pub fn played_game(game: &LoadedGame, players: &[i64]) -> Option<PlayedGame> {
    let (setup, state) = (&game.setup, &game.state);
    if players.len() != setup.player_count() {
        return None;
    }
    let settled = state.settlement.as_ref().and_then(|s| s.as_ref().ok());
    Some(PlayedGame {
        rules: setup.rules().id().to_owned(),
        day: day_of(game.record.game.created_at),
        players: players.to_vec(),
        rounds: state
            .rounds
            .iter()
            .map(|r| PlayedRound {
                points: r.entry.points().to_vec(),
                went_out: r.entry.went_out(),
            })
            .collect(),
        finished: state.finished,
        places: settled.map_or_else(|| state.places.clone(), |s| s.places.clone()),
        net_cents: settled.map(|s| s.net_cents.clone()),
        lower_is_better: setup.lower_is_better(),
    })
}

/// The game's money for the ledger: `None` before it is finished and settled, or without a
/// player id per seat.
pub fn game_money(game: &LoadedGame, players: &[i64]) -> Option<GameMoney> {
    if players.len() != game.setup.player_count() || !game.state.finished {
        return None;
    }
    let settled = game.state.settlement.as_ref()?.as_ref().ok()?;
    Some(GameMoney {
        at: counts_at(game).unix_timestamp(),
        players: players.to_vec(),
        net_cents: settled.net_cents.clone(),
    })
}
