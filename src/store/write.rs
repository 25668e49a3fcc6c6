//! The writes to a game, each top to bottom: read the game (from the cache when it is
//! unchanged), check, parse the entry once, write in one transaction, build the new state once
//! from the game as written, and keep it in the cache after the commit, so the read that
//! follows (the redirected page, the next poll) scores nothing.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use std::sync::Arc;
use std::time::Instant;

use serde_json::{Map, Value};

use super::cache::{GameCache, Key};
use super::entry::StoredEntry;
use super::game::{LoadedGame, understand};
use super::read::load;
use super::{Error, metric};
use crate::db::Db;
use crate::db::games::{
    self, ChangeOutcome, GameRecord, Keyed, Once, RedoOutcome, RoundChange, UndoOutcome,
    WriteOutcome,
};
use crate::rules::game::{FieldErrors, GameError, RawRound, plausible};

/// What [`write_round`] did.
#[derive(Debug)]
pub enum RoundWrite {
    /// The round was stored; this is the answer `respond` built.
    Written(String),
    /// The same idempotency key was used before: the first answer. Nothing changed.
    Replayed(String),
    /// The idempotency key was used before for a different request. Nothing changed.
    KeyReused,
    /// The game changed since the version the client gave. Nothing changed.
    Conflict(Box<LoadedGame>),
    /// The entry is invalid or out of order, or impossible with the cards in play
    /// (docs/RULES.md section 5, "Plausibility"). Nothing changed.
    Invalid(FieldErrors),
    /// The entry is possible but unlikely, and `confirm` was not given: each oddity by field.
    /// Nothing changed; the same entry with `confirm` is saved.
    Unlikely(FieldErrors),
    /// No game with this id.
    NotFound,
    /// The entry would change this already entered round, but no version was given: a
    /// correction must say which state it corrects. Nothing changed.
    NeedsVersion(usize),
}

/// Why a round was not written (inside the transaction).
enum Refusal<E> {
    Invalid(FieldErrors),
    Unlikely(FieldErrors),
    Failed(E),
    NeedsVersion(usize),
}

/// Enters the next round or corrects an entered one, in one transaction
/// ([`games::change_round_at`]): the round number comes from `raw.round` (or is the next
/// one), the entry is parsed once against the game as it is at that moment, and `respond`
/// builds the answer from the game as written (stored for replays of the same request under
/// `key`; another request with the key is [`RoundWrite::KeyReused`]). Without a
/// `version` only a new round may be written; changing an entered one is
/// [`RoundWrite::NeedsVersion`]. An entry the cards in play make impossible is
/// [`RoundWrite::Invalid`]; one they make unlikely is [`RoundWrite::Unlikely`] unless
/// `raw.confirm` (docs/RULES.md section 5, "Plausibility").
///
/// Scores the whole game at most twice: once for the game before the write (none if the
/// cache holds it unchanged) and once for the game as written, which the cache then keeps.
pub async fn write_round<E: From<Error>>(
    db: &Db,
    cache: &GameCache,
    id: &str,
    raw: &RawRound,
    version: Option<i64>,
    key: Option<Keyed<'_>>,
    respond: impl FnOnce(&LoadedGame) -> Result<String, E>,
) -> Result<RoundWrite, E> {
    // The game as last read, if kept: used when the transaction finds it unchanged.
    let known = cache.get(db, Key::Edit(id));
    let mut written = None;
    let prepare = |record: &GameRecord| -> Result<RoundChange, Refusal<E>> {
        let fresh;
        let game = match &known {
            Some(game) if game.record == *record => game.as_ref(),
            _ => {
                fresh = understand(record.clone()).map_err(|e| Refusal::Failed(e.into()))?;
                &fresh
            }
        };
        let round = game
            .state
            .target_round(&game.setup, raw.round)
            .map_err(Refusal::Invalid)?;
        // Changing an entered round blind could overwrite another device's entry of it.
        if version.is_none() && round <= game.state.rounds.len() {
            return Err(Refusal::NeedsVersion(round));
        }
        let entry = game
            .setup
            .parse_round(round, raw)
            .map_err(Refusal::Invalid)?;
        // What the cards in play make impossible is refused; what they make unlikely is
        // saved only when the table confirms it.
        let plausibility = plausible::check(&game.setup, &entry);
        if !plausibility.impossible.is_empty() {
            return Err(Refusal::Invalid(plausibility.impossible));
        }
        if raw.confirm != Some(true) && !plausibility.unlikely.is_empty() {
            return Err(Refusal::Unlikely(plausibility.unlikely));
        }
        let stored = StoredEntry::new(&entry, &game.setup)
            .and_then(|stored| Ok(serde_json::to_value(stored)?))
            .map_err(|e| Refusal::Failed(e.into()))?;
        let points = game
            .setup
            .players()
            .iter()
            .zip(entry.points())
            .map(|(name, &p)| (name.clone(), Value::from(p)))
            .collect::<Map<_, _>>();
        Ok(RoundChange {
            round_no: i64::try_from(round)
                .map_err(|e| Refusal::Failed(Error::Invalid(e.to_string()).into()))?,
            entry: stored,
            points: Value::Object(points),
        })
    };
    let answer = |record: &GameRecord| -> Result<String, Refusal<E>> {
        let game = understand(record.clone()).map_err(|e| Refusal::Failed(e.into()))?;
        let response = respond(&game).map_err(Refusal::Failed)?;
        written = Some(Arc::new(game));
        Ok(response)
    };
    let started = Instant::now();
    let (outcome, generation) = games::change_round_at(db, id, version, key, prepare, answer)
        .await
        .map_err(Error::from)?;
    metrics::histogram!(metric::DB_WRITE_SECONDS, "write" => "round")
        .record(started.elapsed().as_secs_f64());
    match outcome {
        ChangeOutcome::Written { response, .. } => {
            if let (Some(generation), Some(game)) = (generation, &written) {
                cache.put(db, generation, game);
            }
            metrics::counter!(metric::ROUNDS_WRITTEN).increment(1);
            Ok(RoundWrite::Written(response))
        }
        ChangeOutcome::Replayed(response) => {
            metrics::counter!(metric::REPLAYS, "write" => "round").increment(1);
            Ok(RoundWrite::Replayed(response))
        }
        ChangeOutcome::KeyReused => Ok(RoundWrite::KeyReused),
        ChangeOutcome::Conflict(record) => {
            metrics::counter!(metric::CONFLICTS, "write" => "round").increment(1);
            Ok(RoundWrite::Conflict(Box::new(understand(*record)?)))
        }
        ChangeOutcome::Refused(Refusal::Invalid(errors)) => Ok(RoundWrite::Invalid(errors)),
        ChangeOutcome::Refused(Refusal::Unlikely(errors)) => Ok(RoundWrite::Unlikely(errors)),
        ChangeOutcome::Refused(Refusal::Failed(e)) => Err(e),
        ChangeOutcome::Refused(Refusal::NeedsVersion(round)) => Ok(RoundWrite::NeedsVersion(round)),
        ChangeOutcome::NotNextRound { next_round } => Err(Error::Invalid(format!(
            "the rules engine chose a round out of order (next is {next_round})"
        ))
        .into()),
        ChangeOutcome::GameNotFound => Ok(RoundWrite::NotFound),
    }
}

/// What a change to the whole game (`changes::undo_once`, [`end_early_once`]) did.
#[derive(Debug)]
pub enum GameChange {
    /// Done; the game as it is now.
    Done(Arc<LoadedGame>),
    /// The game changed since the version the client gave. Nothing changed.
    Conflict(Arc<LoadedGame>),
    /// The rules do not allow it now. Nothing changed.
    Refused(GameError),
    /// No game with this id.
    NotFound,
}

/// What a change to the whole game made with an idempotency key (`changes::undo_once`,
/// [`end_early_once`]) did.
#[derive(Debug)]
pub enum OnceChange {
    /// Made (or refused) now.
    Now(GameChange),
    /// The key was used before: the answer stored then. Nothing changed.
    Replayed(String),
    /// The key was used before for a different request. Nothing changed.
    KeyReused,
}

/// What a change to the whole game did in its transaction, whichever change it was: the
/// outcome enums of `db::games` ([`UndoOutcome`], [`RedoOutcome`], [`WriteOutcome`]) differ
/// only in their names, so each maps to this one kind and [`finish`] does the rest once.
#[derive(Debug)]
pub(super) enum Outcome {
    /// Made: the game is reloaded.
    Done,
    /// The game changed since the expected version: the game as it is now is reloaded.
    Conflict,
    /// The rules do not allow it now (found inside the transaction).
    Refused(GameError),
    /// No game with this id.
    NotFound,
    /// The idempotency key was used before: the answer stored then.
    Replayed(String),
    /// The idempotency key was used before for a different request.
    KeyReused,
}

impl From<UndoOutcome> for Outcome {
    fn from(outcome: UndoOutcome) -> Self {
        match outcome {
            UndoOutcome::Undone { .. } => Self::Done,
            UndoOutcome::Conflict { .. } => Self::Conflict,
            UndoOutcome::NothingToUndo => Self::Refused(GameError::NothingToUndo),
            UndoOutcome::GameNotFound => Self::NotFound,
            UndoOutcome::Replayed(response) => Self::Replayed(response),
            UndoOutcome::KeyReused => Self::KeyReused,
        }
    }
}

impl From<RedoOutcome> for Outcome {
    fn from(outcome: RedoOutcome) -> Self {
        match outcome {
            RedoOutcome::Redone { .. } => Self::Done,
            RedoOutcome::Conflict { .. } => Self::Conflict,
            RedoOutcome::NothingToRedo => Self::Refused(GameError::NothingToRedo),
            RedoOutcome::GameNotFound => Self::NotFound,
            RedoOutcome::Replayed(response) => Self::Replayed(response),
            RedoOutcome::KeyReused => Self::KeyReused,
        }
    }
}

impl From<WriteOutcome> for Outcome {
    fn from(outcome: WriteOutcome) -> Self {
        match outcome {
            WriteOutcome::Written { .. } => Self::Done,
            WriteOutcome::Conflict { .. } => Self::Conflict,
            WriteOutcome::GameNotFound => Self::NotFound,
            WriteOutcome::Replayed(response) => Self::Replayed(response),
            WriteOutcome::KeyReused => Self::KeyReused,
        }
    }
}

/// Runs a change to the whole game (`write`: its transaction) and does what every such change
/// does after it: times it, counts conflicts and replays under the label `kind`, and reloads
/// the game (through the cache, so the next read has it) when it was made or conflicted.
pub(super) async fn finish<O, E>(
    db: &Db,
    cache: &GameCache,
    id: &str,
    kind: &'static str,
    write: impl Future<Output = Result<O, E>>,
) -> Result<OnceChange, Error>
where
    O: Into<Outcome>,
    Error: From<E>,
{
    let started = Instant::now();
    let outcome = write.await?.into();
    metrics::histogram!(metric::DB_WRITE_SECONDS, "write" => kind)
        .record(started.elapsed().as_secs_f64());
    let change = match outcome {
        Outcome::Done => reloaded(db, cache, id, GameChange::Done).await?,
        Outcome::Conflict => {
            metrics::counter!(metric::CONFLICTS, "write" => kind).increment(1);
            reloaded(db, cache, id, GameChange::Conflict).await?
        }
        Outcome::Refused(e) => GameChange::Refused(e),
        Outcome::NotFound => GameChange::NotFound,
        Outcome::Replayed(response) => {
            metrics::counter!(metric::REPLAYS, "write" => kind).increment(1);
            return Ok(OnceChange::Replayed(response));
        }
        Outcome::KeyReused => return Ok(OnceChange::KeyReused),
    };
    Ok(OnceChange::Now(change))
}

/// Begins a change to the whole game as every such change begins: reads the game (through the
/// cache) and hands it to `change` with the version the change expects (`version`, the game's
/// version as the client knows it, or without it the version just read). No game with this
/// id is [`GameChange::NotFound`].
pub(super) async fn change_game(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    change: impl AsyncFnOnce(Arc<LoadedGame>, i64) -> Result<OnceChange, Error>,
) -> Result<OnceChange, Error> {
    let Some(game) = load(db, cache, id).await? else {
        return Ok(OnceChange::Now(GameChange::NotFound));
    };
    let expected = version.unwrap_or(game.record.game.version);
    change(game, expected).await
}

/// Removes the last round, at most once per idempotency key (`once`: the key and the answer
/// to store). `version`: the game's version as the client knows it (without it, the version
/// just read), so a round entered meanwhile is never removed unseen.
pub(super) async fn undo_round_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    change_game(db, cache, id, version, async |game, expected| {
        if expected == game.record.game.version
            && let Err(e) = game.state.check_undo()
        {
            return Ok(OnceChange::Now(GameChange::Refused(e)));
        }
        let write = games::undo_last_round_once(db, id, expected, once);
        finish(db, cache, id, "undo", write).await
    })
    .await
}

/// Takes back the game's latest change if it is an undo: the removed round comes back exactly
/// as it was, with a new version. At most once per idempotency key (`once`). `version`: the
/// game's version as the client knows it (without it, the version just read). Refused
/// ([`GameError::NothingToRedo`]) once anything else changed after the undo.
pub(super) async fn redo_round_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    change_game(db, cache, id, version, async |_, expected| {
        let write = games::redo_last_undo_once(db, id, expected, once);
        finish(db, cache, id, "redo", write).await
    })
    .await
}

/// Ends the game early (`ended`: true; the table stops, the rounds played are settled) or
/// resumes it (`ended`: false), at most once per idempotency key (`once`: the key and the
/// answer to store).
pub async fn end_early_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    ended: bool,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    change_game(db, cache, id, version, async |game, expected| {
        if ended
            && expected == game.record.game.version
            && let Err(e) = game.state.check_end_early()
        {
            return Ok(OnceChange::Now(GameChange::Refused(e)));
        }
        let write = games::set_ended_early_once(db, id, ended, expected, once);
        finish(db, cache, id, "end", write).await
    })
    .await
}

/// The game as it is after a change, read through the cache (so the next read has it).
async fn reloaded(
    db: &Db,
    cache: &GameCache,
    id: &str,
    make: fn(Arc<LoadedGame>) -> GameChange,
) -> Result<GameChange, Error> {
    Ok(match load(db, cache, id).await? {
        Some(game) => make(game),
        None => GameChange::NotFound,
    })
}
