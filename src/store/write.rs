//! The writes to a game, each top to bottom in one guarded write ([`crate::db::guard`]: the
//! game's row locked, the key and the version checked): read the game as it is in the write
//! (from the cache when it is at the version found), check, parse the entry once, write,
//! build the new state once from the game as written, and keep it in the cache after the
//! commit, so the read that follows (the redirected page, the next poll) scores nothing.
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
use crate::db::games::{self, HistoryAction, Keyed, Once};
use crate::db::groups::renames;
use crate::db::guard::{self, Guarded, Outcome, Target};
use crate::db::{Db, RowTable};
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

/// Enters the next round or corrects an entered one, in one guarded write
/// ([`crate::db::guard`]), top to bottom: the key is checked (a repeat of the same request
/// gets its first answer; another request with the key is [`RoundWrite::KeyReused`]) and the
/// version (`version`, if given: a game that moved on is a [`RoundWrite::Conflict`]); then
/// the round number comes from `raw.round` (or is the next one), the entry is parsed once
/// against the game as it is in the write, written, and `respond` builds the answer from the
/// game as written, stored under the key in the same transaction. Without a `version` only a
/// new round may be written; changing an entered one is [`RoundWrite::NeedsVersion`]. An
/// entry the cards in play make impossible is [`RoundWrite::Invalid`]; one they make unlikely
/// is [`RoundWrite::Unlikely`] unless `raw.confirm` (docs/RULES.md section 5,
/// "Plausibility").
///
/// Scores the whole game at most twice: once for the game before the write (none if the
/// cache holds it at the version the write found) and once for the game as written, which
/// the cache then keeps.
pub async fn write_round<E: From<Error>>(
    db: &Db,
    cache: &GameCache,
    id: &str,
    raw: &RawRound,
    version: Option<i64>,
    key: Option<Keyed<'_>>,
    respond: impl FnOnce(&LoadedGame) -> Result<String, E>,
) -> Result<RoundWrite, E> {
    // The game as last read, if kept: used when the write finds it at the same version.
    let known = cache.get(db, Key::Edit(id));
    let timer = WriteTimer::start("round");
    let target = Target::game(id).expecting(version).keyed(key);
    let mut write = match guard::open(db, target).await.map_err(Error::from)? {
        Ok(write) => write,
        Err(outcome) => {
            drop(timer);
            return Ok(round_settled(db, cache, id, outcome).await?);
        }
    };
    let game = game_in(&mut write, known).await?;
    let round = match game.state.target_round(&game.setup, raw.round) {
        Ok(round) => round,
        Err(errors) => return Ok(RoundWrite::Invalid(errors)),
    };
    // Changing an entered round blind could overwrite another device's entry of it.
    if version.is_none() && round <= game.state.rounds.len() {
        return Ok(RoundWrite::NeedsVersion(round));
    }
    let entry = match game.setup.parse_round(round, raw) {
        Ok(entry) => entry,
        Err(errors) => return Ok(RoundWrite::Invalid(errors)),
    };
    // What the cards in play make impossible is refused; what they make unlikely is saved
    // only when the table confirms it.
    let plausibility = plausible::check(&game.setup, &entry);
    if !plausibility.impossible.is_empty() {
        return Ok(RoundWrite::Invalid(plausibility.impossible));
    }
    if raw.confirm != Some(true) && !plausibility.unlikely.is_empty() {
        return Ok(RoundWrite::Unlikely(plausibility.unlikely));
    }
    let stored =
        serde_json::to_value(StoredEntry::new(&entry, &game.setup)?).map_err(Error::from)?;
    let points = game
        .setup
        .players()
        .iter()
        .zip(entry.points())
        .map(|(name, &p)| (name.clone(), Value::from(p)))
        .collect::<Map<_, _>>();
    let round_no = i64::try_from(round).map_err(|e| Error::Invalid(e.to_string()))?;
    let points = Value::Object(points);
    let written = games::write_round(&mut write, &game.record, round_no, (&stored, &points))
        .await
        .map_err(Error::from)?
        .map_err(|refusal| {
            Error::Invalid(format!(
                "the rules engine chose a round the store refused: {refusal:?}"
            ))
        })?;
    write.bumped(written.game.version);
    let written = Arc::new(understand(written)?);
    let response = respond(&written)?;
    let generation = write.commit(&response).await.map_err(Error::from)?;
    drop(timer);
    cache.put(db, generation, &written);
    metrics::counter!(metric::ROUNDS_WRITTEN).increment(1);
    Ok(RoundWrite::Written(response))
}

/// What a round write answers when its guarded write opened on an answer ([`guard::open`]).
async fn round_settled(
    db: &Db,
    cache: &GameCache,
    id: &str,
    outcome: Outcome<()>,
) -> Result<RoundWrite, Error> {
    Ok(match outcome {
        Outcome::Replayed(response) => {
            metrics::counter!(metric::REPLAYS, "write" => "round").increment(1);
            RoundWrite::Replayed(response)
        }
        Outcome::KeyReused => RoundWrite::KeyReused,
        Outcome::Conflict { .. } => {
            metrics::counter!(metric::CONFLICTS, "write" => "round").increment(1);
            match load(db, cache, id).await? {
                Some(game) => RoundWrite::Conflict(Box::new(LoadedGame::clone(&game))),
                None => RoundWrite::NotFound,
            }
        }
        Outcome::NotFound | Outcome::Done(()) | Outcome::Refused(_) => RoundWrite::NotFound,
    })
}

/// The game as it is in a guarded write: the one kept from the last read (`known`) when the
/// write found it at the same version (every change to a game moves its version), else read
/// and understood in the write.
pub(super) async fn game_in(
    write: &mut Guarded,
    known: Option<Arc<LoadedGame>>,
) -> Result<Arc<LoadedGame>, Error> {
    let id = write.id().to_string();
    // A player's rename that has not reached this game yet is made in it first.
    let renamed = renames::resolve_in_write(write, &id, super::entry::rename).await?;
    if let Some(game) = known.filter(|game| !renamed && game.record.game.version == write.version())
    {
        return Ok(game);
    }
    let record = games::load_in(write, "id", &id)
        .await?
        .ok_or_else(|| Error::Invalid("a game went away inside its own write".into()))?;
    super::rule_sets::resolve_in(write, &record.game.rules).await?;
    Ok(Arc::new(understand(record)?))
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

/// A change to the whole game under way: its guarded write, the game as the write found it,
/// and what it needs to finish as every such change does.
pub(super) struct GameWrite<'a> {
    /// The guarded write (the transaction in hand).
    pub write: Guarded,
    /// The game as it is in the write.
    pub game: Arc<LoadedGame>,
    /// The answer to store under the write's key.
    answer: &'a str,
    /// Times the transaction under its kind (`undo`, `redo`, `end`, an edit's kind).
    timer: WriteTimer,
}

/// Times a write transaction from its opening to its end, whichever way it ends (written,
/// refused, a conflict, a replay, an error): the histogram of [`metric::DB_WRITE_SECONDS`]
/// under the write's kind gets the time when the timer is dropped.
pub(super) struct WriteTimer {
    kind: &'static str,
    started: Instant,
}

impl WriteTimer {
    /// Starts timing a write of `kind`.
    pub(super) fn start(kind: &'static str) -> Self {
        Self {
            kind,
            started: Instant::now(),
        }
    }
}

impl Drop for WriteTimer {
    fn drop(&mut self) {
        metrics::histogram!(metric::DB_WRITE_SECONDS, "write" => self.kind)
            .record(self.started.elapsed().as_secs_f64());
    }
}

/// Opens a change to the whole game as every such change opens: the guarded write checks the
/// key (a repeat of the same request answers [`OnceChange::Replayed`]) and the version
/// (`version`, the game's version as the client knows it; a game that moved on is a
/// [`GameChange::Conflict`] with the game as it is now), then the game is read as it is in
/// the write (from the cache when it is at the version found). `Err` is the answer when the
/// write opened on one. `kind` labels the change's figures.
pub(super) async fn open_game<'a>(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'a>>,
    kind: &'static str,
) -> Result<Result<GameWrite<'a>, OnceChange>, Error> {
    let target = Target::game(id)
        .expecting(version)
        .keyed(once.map(Once::keyed));
    open_target(db, cache, target, once, kind).await
}

/// [`open_game`] for a change that also writes to the game's group `group`: the group's row
/// is locked first ([`Target::locking_first`]).
pub(super) async fn open_game_after<'a>(
    db: &Db,
    cache: &GameCache,
    id: &str,
    version: Option<i64>,
    once: Option<Once<'a>>,
    kind: &'static str,
    group: &str,
) -> Result<Result<GameWrite<'a>, OnceChange>, Error> {
    let target = Target::game(id)
        .expecting(version)
        .keyed(once.map(Once::keyed))
        .locking_first(RowTable::Groups, group);
    open_target(db, cache, target, once, kind).await
}

async fn open_target<'a>(
    db: &Db,
    cache: &GameCache,
    target: Target<'_>,
    once: Option<Once<'a>>,
    kind: &'static str,
) -> Result<Result<GameWrite<'a>, OnceChange>, Error> {
    let id = target.id();
    let known = cache.get(db, Key::Edit(id));
    let timer = WriteTimer::start(kind);
    let mut write = match guard::open::<()>(db, target).await? {
        Ok(write) => write,
        Err(outcome) => {
            drop(timer);
            return Ok(Err(settled(db, cache, id, kind, outcome).await?));
        }
    };
    let game = game_in(&mut write, known).await?;
    Ok(Ok(GameWrite {
        write,
        game,
        answer: once.map_or("", |once| once.response),
        timer,
    }))
}

/// What a change to the whole game answers when its guarded write opened on an answer (a
/// replay, a reused key, a conflict, no such game): nothing was written.
async fn settled(
    db: &Db,
    cache: &GameCache,
    id: &str,
    kind: &'static str,
    outcome: Outcome<()>,
) -> Result<OnceChange, Error> {
    Ok(match outcome {
        Outcome::Replayed(response) => {
            metrics::counter!(metric::REPLAYS, "write" => kind).increment(1);
            OnceChange::Replayed(response)
        }
        Outcome::KeyReused => OnceChange::KeyReused,
        Outcome::Conflict { .. } => {
            metrics::counter!(metric::CONFLICTS, "write" => kind).increment(1);
            OnceChange::Now(reloaded(db, cache, id, GameChange::Conflict).await?)
        }
        // A guarded write opens on none but these and no such game.
        Outcome::NotFound | Outcome::Done(()) | Outcome::Refused(_) => {
            OnceChange::Now(GameChange::NotFound)
        }
    })
}

impl GameWrite<'_> {
    /// The rules refuse the change as the game is now: nothing is written (the write rolls
    /// back).
    pub(super) fn refused(self, error: GameError) -> OnceChange {
        OnceChange::Now(GameChange::Refused(error))
    }

    /// Finishes the change: stores the answer under the key, commits, records how long it
    /// took, and reads the game as it is now (through the cache, so the next read has it).
    pub(super) async fn finish(self, db: &Db, cache: &GameCache) -> Result<OnceChange, Error> {
        let id = self.write.id().to_string();
        self.write.commit(self.answer).await?;
        drop(self.timer);
        Ok(OnceChange::Now(
            reloaded(db, cache, &id, GameChange::Done).await?,
        ))
    }

    /// Removes the last round, recorded as an `undo` with the round as it was.
    pub(super) async fn undo_round(
        mut self,
        db: &Db,
        cache: &GameCache,
    ) -> Result<OnceChange, Error> {
        if let Err(e) = self.game.state.check_undo() {
            return Ok(self.refused(e));
        }
        let id = self.write.id().to_string();
        let Some((_, Some((round_no, before)))) = games::last_round(&mut self.write, &id).await?
        else {
            return Ok(self.refused(GameError::NothingToUndo));
        };
        let version = games::remove_round(&mut self.write, &id, round_no, &before).await?;
        self.write.bumped(version);
        self.finish(db, cache).await
    }

    /// Puts back the round the game's latest change (an undo) took back, exactly as it was,
    /// recorded as an `enter`. Refused ([`GameError::NothingToRedo`]) once anything else
    /// changed after the undo.
    pub(super) async fn redo_round(
        mut self,
        db: &Db,
        cache: &GameCache,
    ) -> Result<OnceChange, Error> {
        let id = self.write.id().to_string();
        let Some((round_no, entry, points)) = games::round_to_redo(&mut self.write, &id).await?
        else {
            return Ok(self.refused(GameError::NothingToRedo));
        };
        let written = games::store_round(
            &mut self.write,
            &id,
            round_no,
            (&entry, &points),
            HistoryAction::Enter,
            None,
        )
        .await?;
        self.write.bumped(written.game.version);
        self.finish(db, cache).await
    }
}

/// Ends the game early (`ended`: true; the table stops, the rounds played are settled) or
/// resumes it (`ended`: false), at most once per idempotency key (`once`: the key and the
/// answer to store). `version`: the game's version as the client knows it (without it, the
/// version the write finds). Ending a game that is already ended (or resuming one that is
/// not) changes nothing but uses the key.
pub async fn end_early_once(
    db: &Db,
    cache: &GameCache,
    id: &str,
    ended: bool,
    version: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<OnceChange, Error> {
    let mut change = match open_game(db, cache, id, version, once, "end").await? {
        Ok(change) => change,
        Err(answer) => return Ok(answer),
    };
    if ended && let Err(e) = change.game.state.check_end_early() {
        return Ok(change.refused(e));
    }
    if games::set_ended_early(&mut change.write, id, ended).await? {
        change.write.bump().await?;
    }
    change.finish(db, cache).await
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
