//! A stored game as the rules engine sees it: the glue between `db::games` (records holding
//! JSON) and `rules::game` (set-up, entries, state), shared by the JSON API, the HTML game
//! pages and the command line. Loading re-parses the stored set-up and entries, so the state
//! always comes from the one scoring code in `rules::game`; nothing here computes a score.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]), nor on the cache or the reads
//! and writes of `store` (they use it).

use serde_json::{Map, Value};

use super::{Error, count_scoring, entry};
use crate::db::games::{GameRecord, NewGame};
use crate::rules::game::{GameSetup, GameState, RawNumber, RawSetup, TimedChange};

/// A stored game with its set-up and state.
#[derive(Clone, Debug)]
pub struct LoadedGame {
    /// As stored (ids, version, timestamps, raw JSON).
    pub record: GameRecord,
    /// The set-up the record holds.
    pub setup: GameSetup,
    /// The state after its rounds.
    pub state: GameState,
}

/// What to store for a new game.
pub fn new_game(setup: &GameSetup) -> Result<NewGame, Error> {
    let raw = setup.to_raw();
    let money = money_of(setup);
    Ok(NewGame {
        rules: raw.rules,
        options: serde_json::to_value(&raw.options)?,
        players: raw.players,
        first_dealer: i64::try_from(setup.first_dealer())
            .map_err(|e| Error::Invalid(format!("first dealer out of range: {e}")))?,
        money,
    })
}

/// The set-up of a rematch of `game`, before it is parsed: the table as
/// the game ended ([`GameSetup::rematch`], docs/RULES.md section 8): its players still at the
/// table in their seats (late joiners included, who left not), rule set, options, money as it
/// ended (stake, scheme, points per cent, currency); the first dealer moves one seat on. A
/// standalone game's rematch is created from it like any new game ([`new_game`]); a group
/// game's goes to `store::groups::create_group_game`, so that it stays in the group.
pub fn rematch_setup(game: &LoadedGame) -> RawSetup {
    // The table as the game ended (docs/RULES.md section 8, "A rematch").
    game.setup.rematch()
}

/// The set-up and state of a stored game: one whole-game scoring (counted in
/// [`scorings`](super::scorings)). Stored data that no longer parses is a bug.
pub fn understand(record: GameRecord) -> Result<LoadedGame, Error> {
    let game = &record.game;
    let cents = |field: &str| -> Result<Option<RawNumber>, Error> {
        Ok(game
            .money
            .get(field)
            .cloned()
            .map(serde_json::from_value)
            .transpose()?)
    };
    let raw = RawSetup {
        rules: game.rules.clone(),
        options: serde_json::from_value(game.options.clone())?,
        players: game.players.clone(),
        first_dealer: usize::try_from(game.first_dealer)
            .ok()
            .and_then(|i| game.players.get(i).cloned()),
        cents_per_point: cents("cents_per_point")?,
        cents_per_unit: cents("cents_per_unit")?,
        points_per_cent: cents("points_per_cent")?,
        currency: game
            .money
            .get("currency")
            .and_then(Value::as_str)
            .map(str::to_string),
        settlement: None,
    };
    let setup = GameSetup::try_from(raw)
        .map_err(|e| Error::Invalid(format!("a stored game no longer parses: {e}")))?;
    // The table's changes (docs/RULES.md section 8), replayed like the rounds.
    let setup = setup
        .with_changes(&table_changes(&game.changes)?)
        .map_err(|e| Error::Invalid(format!("a stored game's changes no longer apply: {e}")))?;
    let raws = record
        .rounds
        .iter()
        .map(|r| entry::decode(&r.entry))
        .collect::<Result<Vec<_>, _>>()?;
    count_scoring();
    let state = GameState::from_raw(&setup, &raws, game.ended_early).map_err(|(round, e)| {
        Error::Invalid(format!("stored round {round} no longer parses: {e}"))
    })?;
    Ok(LoadedGame {
        record,
        setup,
        state,
    })
}

/// The table's changes of a stored `changes` list, for the rules engine (renames and money
/// changes are left out: they are already in the stored names and money).
pub fn table_changes(changes: &Value) -> Result<Vec<TimedChange>, Error> {
    let Value::Array(items) = changes else {
        return Err(Error::Invalid("a game's changes are not a list".into()));
    };
    items
        .iter()
        .filter(|item| {
            !matches!(
                item.get("change").and_then(Value::as_str),
                Some("rename" | "settings")
            )
        })
        .map(|item| Ok(serde_json::from_value(item.clone())?))
        .collect()
}

/// The stored money settings of `setup`.
pub(super) fn money_of(setup: &GameSetup) -> Value {
    let mut money = Map::new();
    money.insert(setup.cents_field().into(), setup.cents().into());
    money.insert("points_per_cent".into(), setup.points_per_cent().into());
    money.insert("currency".into(), setup.currency().into());
    money.insert("scheme".into(), setup.scheme().id().into());
    Value::Object(money)
}
