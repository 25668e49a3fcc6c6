//! The paper score-sheet import (docs/paper-import.md) as the application sees it:
//! `rules::paper` reads the sheet; here each game it found is checked against its rule set
//! like a game typed at the table (players allowed, rounds within the game, every round
//! parsed by the engine and checked by `rules::game::plausible`), scored for the preview, and,
//! when nothing is wrong, made in the group in one guarded write (`db::groups::import_games`).
//!
//! An impossible round is a problem (nothing is saved while any is left); an unlikely one is
//! a warning the table confirms. Codes and numbers only: `text::paper` and `text::game` word
//! them. Must not depend on `web` or `cli`; no SQL.

use serde_json::{Map, Value};

use super::Error;
use super::entry::StoredEntry;
use super::game::new_game;
use super::groups::{GroupOutcome, GroupProblem, player_name};
use crate::db::Db;
use crate::db::games::{GameIds, Keyed};
use crate::db::groups::{self, ImportedGame};
use crate::db::guard::{self, Target};
use crate::rules::game::plausible;
use crate::rules::game::{
    Field, FieldErrors, GameError, GameSetup, GameState, RawNumber, RawRound, RawSetup,
};
use crate::rules::names::NameProblem;
use crate::rules::paper::{self, RowProblem, SheetGame};
use crate::rules::preset::Preset;
use crate::rules::standings::Day;

/// What is wrong with a sheet, or odd in it, and where.
#[derive(Clone, Debug, PartialEq)]
pub enum Issue {
    /// The reader's problem with a row or the sheet.
    Sheet(RowProblem),
    /// The engine's problem (or warning) with a game's row: `round` is 1-based, `None` for
    /// the game's set-up.
    Game {
        /// The sheet row (the player's row, or the game's first row).
        row: usize,
        /// The round, if the issue is one round's.
        round: Option<usize>,
        /// What the engine says.
        error: GameError,
    },
}

impl Issue {
    /// The sheet row the issue is on, if any.
    pub fn row(&self) -> Option<usize> {
        match self {
            Issue::Sheet(p) => p.row,
            Issue::Game { row, .. } => Some(*row),
        }
    }
}

/// One game of the sheet, checked and scored.
#[derive(Clone, Debug)]
pub struct PreviewGame {
    /// What the sheet says.
    pub sheet: SheetGame,
    /// Each player's total after the rounds (empty when the game has problems).
    pub totals: Vec<i64>,
    /// The game to store, when it has no problem.
    stored: Option<ImportedGame>,
}

/// A sheet read and checked: its games, its problems (nothing can be imported while any is
/// left) and its warnings (imported only when confirmed).
#[derive(Clone, Debug, Default)]
pub struct Preview {
    /// The games, in sheet order.
    pub games: Vec<PreviewGame>,
    /// Every problem, in row order.
    pub problems: Vec<Issue>,
    /// Every unlikely round, in row order.
    pub warnings: Vec<Issue>,
}

/// Whether a rule set id is one a sheet's `rules` column takes: a preset's, or a table's own
/// rule set's that this program has read ([`preview_stored`] reads the sheet's first).
fn known_rules(id: &str) -> bool {
    Preset::from_id(id).is_some()
        || (id.starts_with("rs-") && crate::rules::definition::registered(id).is_some())
}

/// [`preview`] once the table's own rule sets the sheet names (`rs-…` ids, a version each)
/// are read from the database: the `rules` column takes them as it takes a preset's id.
pub async fn preview_stored(db: &crate::db::Db, csv: &str) -> Result<Preview, Error> {
    let sheet = paper::parse(csv, &|id| known_rules(id) || id.starts_with("rs-"));
    let ids: Vec<String> = sheet.games.into_iter().map(|g| g.rules).collect();
    super::rule_sets::resolve_all(db, &ids).await?;
    preview(csv)
}

/// The timestamp a game played on `day` is stored with: noon UTC, so the standings' and the
/// ledger's day is the sheet's in every time zone near Europe.
fn played_at(day: Day) -> String {
    format!(
        "{:04}-{:02}-{:02}T12:00:00.000Z",
        day.year, day.month, day.day
    )
}

/// The sheet row of the player named by `field` in `game`, else the game's first row.
fn row_of(game: &SheetGame, field: &Field) -> usize {
    let first = game.rows.first().copied().unwrap_or(1);
    match field {
        Field::Player(name) => game
            .players
            .iter()
            .position(|p| p == name)
            .and_then(|seat| game.rows.get(seat).copied())
            .unwrap_or(first),
        _ => first,
    }
}

/// Adds each of `errors` as an issue of `game` (round `round`) to `out`.
fn push_errors(out: &mut Vec<Issue>, game: &SheetGame, round: Option<usize>, errors: &FieldErrors) {
    for e in errors.iter() {
        out.push(Issue::Game {
            row: row_of(game, &e.field),
            round,
            error: e.error.clone(),
        });
    }
}

/// Checks one game of the sheet; returns its totals and what to store, or `None` where it has
/// a problem (added to `problems`).
fn check_game(
    game: &SheetGame,
    problems: &mut Vec<Issue>,
    warnings: &mut Vec<Issue>,
) -> Result<Option<(Vec<i64>, ImportedGame)>, Error> {
    let set_up = |first_dealer: usize| {
        GameSetup::try_from(RawSetup {
            rules: game.rules.clone(),
            players: game.players.clone(),
            first_dealer: game.players.get(first_dealer).cloned(),
            // Paper sheets say nothing of money: the games play for nothing, so the ledger
            // (the Kasse) never gains debts from old evenings that were settled at the table.
            cents_per_point: Some(RawNumber::Int(0)),
            ..RawSetup::default()
        })
    };
    let mut setup = match set_up(0) {
        Ok(setup) => setup,
        Err(errors) => {
            push_errors(problems, game, None, &errors);
            return Ok(None);
        }
    };
    let cuts = cut_bonuses(game, &setup);
    if !cuts.is_empty() {
        // The first dealer (the sheet's first player unless the cuts say otherwise) whose
        // cutters are the players the sheet gives a cut bonus.
        let fits = |setup: &GameSetup| {
            cuts.iter()
                .all(|&(round, seat)| setup.cutter(round + 1) == Some(seat))
        };
        match (0..game.players.len())
            .filter_map(|dealer| set_up(dealer).ok())
            .find(|setup| fits(setup))
        {
            Some(fitting) => setup = fitting,
            None => {
                let (round, seat) = cuts
                    .iter()
                    .copied()
                    .find(|&(round, seat)| setup.cutter(round + 1) != Some(seat))
                    .unwrap_or(cuts[0]);
                problems.push(Issue::Sheet(RowProblem {
                    row: game.rows.get(seat).copied(),
                    problem: paper::Problem::CutBonusNotCutter { round: round + 1 },
                }));
                return Ok(None);
            }
        }
    }
    let mut seats = Vec::with_capacity(game.players.len());
    for (seat, name) in game.players.iter().enumerate() {
        match player_name(name) {
            Ok(keyed) => seats.push(keyed),
            Err(GroupProblem::PlayerName(_, problem)) => {
                let error = match problem {
                    NameProblem::Empty => GameError::EmptyName { seat },
                    NameProblem::TooLong => GameError::NameTooLong { seat },
                    NameProblem::HasControl => GameError::NameHasControl { seat },
                    NameProblem::HasInvisible => GameError::NameHasInvisible { seat },
                };
                problems.push(Issue::Game {
                    row: row_of(game, &Field::Player(name.clone())),
                    round: None,
                    error,
                });
                return Ok(None);
            }
            Err(other) => {
                return Err(Error::Invalid(format!("a name check said {other:?}")));
            }
        }
    }
    let before = problems.len();
    let mut entries = Vec::with_capacity(game.rounds.len());
    let mut rounds = Vec::with_capacity(game.rounds.len());
    for (r, points) in game.rounds.iter().enumerate() {
        let round = r + 1;
        // The one player with 0 went out (the reader says who); the engine takes that player
        // without points, as the table's entry would. A cut bonus on the sheet (the cutter's
        // score below 0) is the round's mark, and the cutter's cards are the score plus it.
        let cut = cuts.iter().find(|(at, _)| *at == r).map(|&(_, seat)| seat);
        let bonus = setup.rules().cut_bonus.unwrap_or(0);
        let penalties: Vec<i64> = points
            .iter()
            .enumerate()
            .map(|(seat, &p)| if Some(seat) == cut { p + bonus } else { p })
            .collect();
        let went_out = match cut {
            Some(_) => the_one_zero(&penalties),
            None => game.went_out.get(r).copied().flatten(),
        };
        let raw = RawRound {
            went_out: went_out.map(|seat| game.players[seat].clone()),
            points: game
                .players
                .iter()
                .zip(&penalties)
                .enumerate()
                .filter(|(seat, _)| Some(*seat) != went_out)
                .map(|(_, (name, &p))| (name.clone(), RawNumber::Int(p)))
                .collect(),
            cut_bonus: cut.map(|_| true),
            ..RawRound::default()
        };
        let entry = match setup.parse_round(round, &raw) {
            Ok(entry) => entry,
            Err(errors) => {
                push_errors(problems, game, Some(round), &errors);
                continue;
            }
        };
        let plausibility = plausible::check(&setup, &entry);
        push_errors(problems, game, Some(round), &plausibility.impossible);
        push_errors(warnings, game, Some(round), &plausibility.unlikely);
        let stored = serde_json::to_value(StoredEntry::new(&entry, &setup)?)?;
        let scored = setup
            .players()
            .iter()
            .zip(entry.points())
            .map(|(name, &p)| (name.clone(), Value::from(p)))
            .collect::<Map<_, _>>();
        rounds.push((stored, Value::Object(scored)));
        entries.push(entry);
    }
    if problems.len() > before {
        return Ok(None);
    }
    let ended_early = entries.len() < setup.round_count();
    let state = GameState::new(&setup, entries, ended_early);
    let imported = ImportedGame {
        game: new_game(&setup)?,
        seats,
        played_at: played_at(game.day),
        rounds,
        ended_early,
    };
    Ok(Some((state.totals, imported)))
}

/// The rounds (0-based) where the sheet gives a player a cut bonus, with that player's seat:
/// in a rule set with a cut bonus, the one score below 0 of a round that the bonus brings back
/// to 0 or more (docs/paper-import.md). Any other score below 0 is left to the engine, which
/// refuses it.
fn cut_bonuses(game: &SheetGame, setup: &GameSetup) -> Vec<(usize, usize)> {
    let Some(bonus) = setup.rules().cut_bonus else {
        return Vec::new();
    };
    game.rounds
        .iter()
        .enumerate()
        .filter_map(|(round, points)| {
            let mut below = points.iter().enumerate().filter(|(_, p)| **p < 0);
            match (below.next(), below.next()) {
                (Some((seat, &p)), None) if p + bonus >= 0 => Some((round, seat)),
                _ => None,
            }
        })
        .collect()
}

/// The seat of the one 0 among `points`, if exactly one is 0 (as `rules::paper` reads who
/// went out).
fn the_one_zero(points: &[i64]) -> Option<usize> {
    let mut zeros = points.iter().enumerate().filter(|(_, p)| **p == 0);
    match (zeros.next(), zeros.next()) {
        (Some((seat, _)), None) => Some(seat),
        _ => None,
    }
}

/// Reads and checks a sheet (see the module docs).
pub fn preview(csv: &str) -> Result<Preview, Error> {
    let sheet = paper::parse(csv, &known_rules);
    let mut out = Preview {
        problems: sheet.problems.into_iter().map(Issue::Sheet).collect(),
        ..Preview::default()
    };
    // A row the reader refused is missing from its game, so the engine would see the game
    // short of a player or a round and name problems that are not there: the games are
    // checked against their rule sets once the sheet reads cleanly.
    let read_cleanly = out.problems.is_empty();
    for game in sheet.games {
        let checked = if read_cleanly {
            check_game(&game, &mut out.problems, &mut out.warnings)?
        } else {
            None
        };
        let (totals, stored) = match checked {
            Some((totals, stored)) => (totals, Some(stored)),
            None => (Vec::new(), None),
        };
        out.games.push(PreviewGame {
            sheet: game,
            totals,
            stored,
        });
    }
    out.problems.sort_by_key(Issue::row);
    out.warnings.sort_by_key(Issue::row);
    Ok(out)
}

/// Most games a group takes by import in 24 hours: with [`paper::MAX_GAMES`] per sheet, one
/// client cannot grow a group (and the database) without bound by importing back to back.
pub const MAX_IMPORTED_PER_DAY: i64 = 1_000;

/// The schema's timestamp format (`strftime('%Y-%m-%dT%H:%M:%fZ')`).
const STAMP: &[time::format_description::BorrowedFormatItem<'static>] = time::macros::format_description!(
    "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z"
);

/// Refuses an import of `adding` games into the group when, with the games imported in the
/// last 24 hours, it would pass [`MAX_IMPORTED_PER_DAY`]: the problem says when the next fits.
async fn within_daily_cap(
    write: &mut sqlx::AnyConnection,
    group_id: &str,
    adding: usize,
) -> Result<Option<GroupProblem>, Error> {
    let now = time::OffsetDateTime::now_utc();
    let day = time::Duration::days(1);
    let since = (now - day).format(STAMP).unwrap_or_default();
    let (count, oldest) = groups::imported_since(write, group_id, &since).await?;
    let adding = i64::try_from(adding).unwrap_or(i64::MAX);
    if count.saturating_add(adding) <= MAX_IMPORTED_PER_DAY {
        return Ok(None);
    }
    let free_at = oldest
        .and_then(|at| time::PrimitiveDateTime::parse(&at, STAMP).ok())
        .map_or(now + day, |at| at.assume_utc() + day);
    let seconds = u64::try_from((free_at - now).whole_seconds())
        .unwrap_or(0)
        .max(60);
    Ok(Some(GroupProblem::TooManyImports {
        max: MAX_IMPORTED_PER_DAY,
        seconds,
    }))
}

/// Makes the games of a checked sheet with no problem in the group, once per key; players
/// the group does not know join it. `respond` makes the answer a repeat gets. Refused (a
/// [`GroupProblem::TooManyImports`]) past the group's daily cap.
pub async fn import(
    db: &Db,
    group_id: &str,
    preview: &Preview,
    keyed: Keyed<'_>,
    respond: impl FnOnce(&[GameIds]) -> String,
) -> Result<GroupOutcome<Vec<GameIds>>, Error> {
    let games = preview
        .games
        .iter()
        .map(|g| {
            g.stored
                .clone()
                .ok_or_else(|| Error::Invalid("an import with a problem reached the write".into()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let target = Target::group(group_id).keyed(Some(keyed));
    let mut write = match guard::open(db, target).await? {
        Ok(write) => write,
        Err(outcome) => return Ok(outcome.into()),
    };
    if let Some(problem) = within_daily_cap(&mut write, group_id, games.len()).await? {
        return Ok(GroupOutcome::Problem(problem));
    }
    match groups::import_games(&mut write, group_id, &games).await? {
        Some(changed) => {
            let answer = respond(&changed.value);
            let (version, made) = groups::finish(write, changed, &answer).await?;
            Ok(GroupOutcome::Done(version, made))
        }
        // Nothing to make: nothing written, and the key stays unused.
        None => Ok(GroupOutcome::Done(write.version(), Vec::new())),
    }
}
