//! A stored game as the rules engine sees it: the glue between `db::games` (records holding
//! JSON) and `rules::game` (set-up, entries, state), shared by the JSON API and the HTML game
//! pages. Loading re-parses the stored set-up and entries, so the state always comes from the
//! one scoring code in `rules::game`; nothing here computes a score.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::game_cache::Key;
use super::{AppError, AppState};
use crate::db::Db;
use crate::db::games::{
    self, ChangeOutcome, GameRecord, NewGame, Once, RoundChange, UndoOutcome, WriteOutcome,
};
use crate::rules::game::{
    FieldErrors, GameError, GameSetup, GameState, RawNumber, RawRound, RawSetup,
};

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
pub fn new_game(setup: &GameSetup) -> Result<NewGame, AppError> {
    let raw = setup.to_raw();
    let mut money = Map::new();
    money.insert(setup.cents_field().into(), setup.cents().into());
    money.insert("points_per_cent".into(), setup.points_per_cent().into());
    money.insert("currency".into(), setup.currency().into());
    money.insert("scheme".into(), setup.scheme().id().into());
    Ok(NewGame {
        rules: raw.rules,
        options: serde_json::to_value(&raw.options)?,
        players: raw.players,
        first_dealer: i64::try_from(setup.first_dealer()).map_err(AppError::internal)?,
        money: Value::Object(money),
    })
}

/// The set-up and state of a stored game. Stored data that no longer parses is a bug (500).
pub fn understand(record: GameRecord) -> Result<LoadedGame, AppError> {
    let game = &record.game;
    let cents = |field: &str| -> Result<Option<RawNumber>, AppError> {
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
        .map_err(|e| AppError::internal(format!("a stored game no longer parses: {e}")))?;
    let raws = record
        .rounds
        .iter()
        .map(|r| serde_json::from_value::<RawRound>(r.entry.clone()))
        .collect::<Result<Vec<_>, _>>()?;
    let state = GameState::from_raw(&setup, &raws, game.ended_early).map_err(|(round, e)| {
        AppError::internal(format!("stored round {round} no longer parses: {e}"))
    })?;
    Ok(LoadedGame {
        record,
        setup,
        state,
    })
}

/// A game by its edit id (from the [`GameCache`](super::game_cache::GameCache) when nothing was written since it was read).
pub async fn load(state: &AppState, id: &str) -> Result<Option<Arc<LoadedGame>>, AppError> {
    cached(state, Key::Edit(id), games::load_game(&state.db, id)).await
}

/// A game by its edit id, or the answer for an id that is none: see [`missing`].
pub async fn load_edit(state: &AppState, id: &str) -> Result<Arc<LoadedGame>, AppError> {
    match load(state, id).await? {
        Some(game) => Ok(game),
        None => Err(missing(&state.db, id).await),
    }
}

/// A game by its read-only token (from the [`GameCache`](super::game_cache::GameCache) when it can).
pub async fn load_view(state: &AppState, token: &str) -> Result<Option<Arc<LoadedGame>>, AppError> {
    cached(
        state,
        Key::View(token),
        games::load_by_view_token(&state.db, token),
    )
    .await
}

/// The game under `key` from the cache, or else `read` from the database and kept.
async fn cached(
    state: &AppState,
    key: Key<'_>,
    read: impl Future<Output = Result<Option<GameRecord>, sqlx::Error>>,
) -> Result<Option<Arc<LoadedGame>>, AppError> {
    if let Some(game) = state.games.get(&state.db, key) {
        return Ok(Some(game));
    }
    // Taken before the read: a write finishing during it keeps the result out of the cache.
    let read_at = state.db.generation();
    let Some(record) = read.await? else {
        return Ok(None);
    };
    let game = Arc::new(understand(record)?);
    state.games.put(&state.db, read_at, &game);
    Ok(Some(game))
}

/// A game by its edit id straight from the database (for the writes, which check the state
/// they are about to change and answer with the state they made).
async fn load_fresh(db: &Db, id: &str) -> Result<Option<LoadedGame>, AppError> {
    games::load_game(db, id).await?.map(understand).transpose()
}

/// The answer for an id that is not a game's edit id: 403 if it is a game's read-only token
/// (that link can never change or reveal the edit link), else 404.
pub async fn missing(db: &Db, id: &str) -> AppError {
    match games::load_by_view_token(db, id).await {
        Ok(Some(_)) => AppError::Forbidden,
        Ok(None) => AppError::NotFound(
            "There is no game at this address. Check the link you were given.".into(),
        ),
        Err(e) => e.into(),
    }
}

/// What [`write_round`] did.
#[derive(Debug)]
pub enum RoundWrite {
    /// The round was stored; this is the answer `respond` built.
    Written(String),
    /// The same idempotency key was used before: the first answer. Nothing changed.
    Replayed(String),
    /// The game changed since the version the client gave. Nothing changed.
    Conflict(Box<LoadedGame>),
    /// The entry is invalid or out of order. Nothing changed.
    Invalid(FieldErrors),
    /// No game with this id.
    NotFound,
}

/// Why a round was not written (inside the transaction).
enum Refusal {
    Invalid(FieldErrors),
    Failed(AppError),
}

/// Enters the next round or corrects an entered one, in one transaction
/// ([`games::change_round`]): the round number comes from `raw.round` (or is the next one),
/// the entry is parsed against the game as it is at that moment, and `respond` builds the
/// answer from the game as written (stored for replays under `key`).
pub async fn write_round(
    db: &Db,
    id: &str,
    raw: &RawRound,
    version: Option<i64>,
    key: Option<&str>,
    respond: impl FnOnce(&LoadedGame) -> Result<String, AppError>,
) -> Result<RoundWrite, AppError> {
    let prepare = |record: &GameRecord| -> Result<RoundChange, Refusal> {
        let game = understand(record.clone()).map_err(Refusal::Failed)?;
        let round = game
            .state
            .target_round(&game.setup, raw.round)
            .map_err(Refusal::Invalid)?;
        let entry = game
            .setup
            .parse_round(round, raw)
            .map_err(Refusal::Invalid)?;
        let stored = serde_json::to_value(entry.to_raw(&game.setup))
            .map_err(|e| Refusal::Failed(e.into()))?;
        let points = game
            .setup
            .players()
            .iter()
            .zip(entry.points())
            .map(|(name, &p)| (name.clone(), Value::from(p)))
            .collect::<Map<_, _>>();
        Ok(RoundChange {
            round_no: i64::try_from(round).map_err(|e| Refusal::Failed(AppError::internal(e)))?,
            entry: stored,
            points: Value::Object(points),
        })
    };
    let answer = |record: &GameRecord| -> Result<String, Refusal> {
        understand(record.clone())
            .and_then(|game| respond(&game))
            .map_err(Refusal::Failed)
    };
    match games::change_round(db, id, version, key, prepare, answer).await? {
        ChangeOutcome::Written { response, .. } => Ok(RoundWrite::Written(response)),
        ChangeOutcome::Replayed(response) => Ok(RoundWrite::Replayed(response)),
        ChangeOutcome::Conflict(record) => Ok(RoundWrite::Conflict(Box::new(understand(*record)?))),
        ChangeOutcome::Refused(Refusal::Invalid(errors)) => Ok(RoundWrite::Invalid(errors)),
        ChangeOutcome::Refused(Refusal::Failed(e)) => Err(e),
        ChangeOutcome::NotNextRound { next_round } => Err(AppError::internal(format!(
            "the rules engine chose a round out of order (next is {next_round})"
        ))),
        ChangeOutcome::GameNotFound => Ok(RoundWrite::NotFound),
    }
}

/// What a change to the whole game ([`undo`], [`end_early`]) did.
#[derive(Debug)]
pub enum GameChange {
    /// Done; the game as it is now.
    Done(Box<LoadedGame>),
    /// The game changed since the version the client gave. Nothing changed.
    Conflict(Box<LoadedGame>),
    /// The rules do not allow it now. Nothing changed.
    Refused(GameError),
    /// No game with this id.
    NotFound,
}

/// What a change to the whole game made with an idempotency key ([`undo_once`],
/// [`end_early_once`]) did.
#[derive(Debug)]
pub enum OnceChange {
    /// Made (or refused) now.
    Now(GameChange),
    /// The key was used before: the answer stored then. Nothing changed.
    Replayed(String),
}

/// Removes the last round, at most once per idempotency key (`once`: the key and the answer
/// to store). `version`: the game's version as the client knows it (without it, the version
/// just read), so a round entered meanwhile is never removed unseen.
pub async fn undo_once(
    db: &Db,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, AppError> {
    let Some(game) = load_fresh(db, id).await? else {
        return Ok(OnceChange::Now(GameChange::NotFound));
    };
    let expected = version.unwrap_or(game.record.game.version);
    if expected == game.record.game.version
        && let Err(e) = game.state.check_undo()
    {
        return Ok(OnceChange::Now(GameChange::Refused(e)));
    }
    let change = match games::undo_last_round_once(db, id, expected, once).await? {
        UndoOutcome::Undone { .. } => reloaded(db, id, GameChange::Done).await?,
        UndoOutcome::Conflict { .. } => reloaded(db, id, GameChange::Conflict).await?,
        UndoOutcome::NothingToUndo => GameChange::Refused(GameError::NothingToUndo),
        UndoOutcome::GameNotFound => GameChange::NotFound,
        UndoOutcome::Replayed(response) => return Ok(OnceChange::Replayed(response)),
    };
    Ok(OnceChange::Now(change))
}

/// Ends the game early (`ended`: true; the table stops, the rounds played are settled) or
/// resumes it (`ended`: false), at most once per idempotency key (`once`: the key and the
/// answer to store).
pub async fn end_early_once(
    db: &Db,
    id: &str,
    ended: bool,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, AppError> {
    let Some(game) = load_fresh(db, id).await? else {
        return Ok(OnceChange::Now(GameChange::NotFound));
    };
    let expected = version.unwrap_or(game.record.game.version);
    if ended
        && expected == game.record.game.version
        && let Err(e) = game.state.check_end_early()
    {
        return Ok(OnceChange::Now(GameChange::Refused(e)));
    }
    let change = match games::set_ended_early_once(db, id, ended, expected, once).await? {
        WriteOutcome::Written { .. } => reloaded(db, id, GameChange::Done).await?,
        WriteOutcome::Conflict { .. } => reloaded(db, id, GameChange::Conflict).await?,
        WriteOutcome::GameNotFound => GameChange::NotFound,
        WriteOutcome::Replayed(response) => return Ok(OnceChange::Replayed(response)),
    };
    Ok(OnceChange::Now(change))
}

async fn reloaded(
    db: &Db,
    id: &str,
    make: fn(Box<LoadedGame>) -> GameChange,
) -> Result<GameChange, AppError> {
    Ok(match load_fresh(db, id).await? {
        Some(game) => make(Box::new(game)),
        None => GameChange::NotFound,
    })
}
