//! The game's state: every round scored, running totals, places and money ([`GameState`]).
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;

/// An entered round with its banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredRound {
    /// Dealer, cutter, contract … of the round.
    pub info: RoundInfo,
    /// What was entered, with the scores that count ([`RoundEntry::points`]).
    pub entry: RoundEntry,
}

/// Where a game stands: the score sheet, the next round, and when it is over, places and money
/// (docs/RULES.md sections 5-6).
#[derive(Debug, Clone, PartialEq)]
pub struct GameState {
    /// Entered rounds, 1, 2, … in order.
    pub rounds: Vec<ScoredRound>,
    /// Each player's total: the sum of their round points (a late joiner's from their
    /// starting total, docs/RULES.md section 8).
    pub totals: Vec<i64>,
    /// Each player's starting total: 0, or what a late joiner started at.
    pub starts: Vec<i64>,
    /// Each player's buys over the game.
    pub buys: Vec<i64>,
    /// The players with the best total (empty before the first round).
    pub leaders: Vec<usize>,
    /// Current place per player, 1 = best, ties share (lower totals are better except in
    /// Continental).
    pub places: Vec<u32>,
    /// The round to play next; `None` when the game is over.
    pub next_round: Option<RoundInfo>,
    /// Every round is entered, or the table ended the game early after at least one round.
    pub finished: bool,
    /// The table ended the game early.
    pub ended_early: bool,
    /// When finished: the money, or why it cannot be settled.
    pub settlement: Option<Result<Settlement, GameError>>,
}

impl GameState {
    /// The state after `entries`, which must be rounds 1, 2, … of this set-up in order (as
    /// [`GameSetup::parse_round`] made them; entries of another set-up are left out).
    pub fn new(setup: &GameSetup, entries: Vec<RoundEntry>, ended_early: bool) -> GameState {
        let n = setup.player_count();
        let mut totals = vec![0i64; n];
        let mut buys = vec![0i64; n];
        let mut starts = vec![0i64; n];
        let mut rounds = Vec::with_capacity(entries.len());
        // Late joiners start when the rounds before their join are scored.
        let join = |played: usize, totals: &mut Vec<i64>, starts: &mut Vec<i64>| {
            let joining: Vec<usize> = (0..n)
                .filter(|&j| setup.joined_after(j).is_some_and(|(k, _)| k == played))
                .collect();
            let before = totals.clone();
            for j in joining {
                let start = setup.starting_total(j, &before);
                totals[j] = start;
                starts[j] = start;
            }
        };
        join(0, &mut totals, &mut starts);
        for entry in entries {
            // Entries parsed for another set-up (a caller's bug) are left out, never a panic.
            let Some(info) = setup.round_info(entry.round) else {
                continue;
            };
            if entry.points.len() != n || entry.buys.len() != n {
                continue;
            }
            for (total, p) in totals.iter_mut().zip(&entry.points) {
                *total = total.saturating_add(*p);
            }
            for (sum, b) in buys.iter_mut().zip(&entry.buys) {
                *sum = sum.saturating_add(*b);
            }
            rounds.push(ScoredRound { info, entry });
            join(rounds.len(), &mut totals, &mut starts);
        }
        let played = rounds.len();
        let finished = played >= setup.round_count() || (ended_early && played > 0);
        let next_round = if finished || ended_early {
            None
        } else {
            setup.round_info(played + 1)
        };
        let lower = setup.lower_is_better();
        let places = settlement::places(&totals, lower);
        let leaders = if played == 0 {
            Vec::new()
        } else {
            (0..n).filter(|&i| places[i] == 1).collect()
        };
        let settlement = finished.then(|| {
            let input = MoneyInput {
                totals: totals.clone(),
                buys: buys.clone(),
                hands: rounds.iter().filter_map(|r| r.entry.hand.clone()).collect(),
                cents: setup.cents,
                points_per_cent: setup.points_per_cent,
            };
            if setup.rules.scheme == Scheme::Units && !setup.changes().is_empty() {
                // Those who sat out a hand paid nothing for it: the units as scored.
                settlement::units_from_totals(&totals, setup.cents)
            } else {
                money::settle(&setup.rules, n, &input)
            }
            .map_err(GameError::Settlement)
        });
        GameState {
            rounds,
            totals,
            starts,
            buys,
            leaders,
            places,
            next_round,
            finished,
            ended_early,
            settlement,
        }
    }

    /// The state from stored raw entries (round 1 first). A stored entry that no longer
    /// parses is returned with its round number and its errors.
    pub fn from_raw(
        setup: &GameSetup,
        raws: &[RawRound],
        ended_early: bool,
    ) -> Result<GameState, (usize, FieldErrors)> {
        let entries = raws
            .iter()
            .enumerate()
            .map(|(i, raw)| {
                super::entry::parse_entry(setup, i + 1, raw, super::entry::Source::Stored)
                    .map_err(|e| (i + 1, e))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(GameState::new(setup, entries, ended_early))
    }

    /// Which round an entry goes to: `requested` (an entered round: a correction; the next
    /// one: a new round), or the next round when `None`. Errors are keyed `round`.
    pub fn target_round(
        &self,
        setup: &GameSetup,
        requested: Option<i64>,
    ) -> Result<usize, FieldErrors> {
        let of = setup.round_count();
        let next = self.rounds.len() + 1;
        let fail = |e| Err(FieldErrors::single(Field::Round, e));
        let round = match requested {
            None => next,
            Some(r) => match usize::try_from(r) {
                Ok(u) if (1..=of).contains(&u) => u,
                _ => return fail(GameError::RoundOutOfRange { round: r, of }),
            },
        };
        if round < next {
            return Ok(round);
        }
        if round > next {
            return fail(GameError::RoundNotYet {
                round: i64::try_from(round).unwrap_or(i64::MAX),
                next,
            });
        }
        if self.ended_early {
            return fail(GameError::EndedEarly);
        }
        if next > of {
            return fail(GameError::GameFinished { of });
        }
        Ok(round)
    }

    /// Whether the table may end the game now (docs/RULES.md section 6 needs at least one round).
    pub fn check_end_early(&self) -> Result<(), GameError> {
        if self.rounds.is_empty() {
            Err(GameError::NothingToEnd)
        } else if self.finished && !self.ended_early {
            Err(GameError::AlreadyFinished)
        } else {
            Ok(())
        }
    }

    /// Each player's total after each entered round (the running totals of a score sheet):
    /// `running_totals()[r][i]` is player `i`'s total after round `r + 1`.
    pub fn running_totals(&self) -> Vec<Vec<i64>> {
        let mut sums = self.starts.clone();
        self.rounds
            .iter()
            .map(|r| {
                for (sum, p) in sums.iter_mut().zip(r.entry.points()) {
                    *sum = sum.saturating_add(*p);
                }
                sums.clone()
            })
            .collect()
    }

    /// Whether there is a round to undo.
    pub fn check_undo(&self) -> Result<(), GameError> {
        if self.rounds.is_empty() {
            Err(GameError::NothingToUndo)
        } else {
            Ok(())
        }
    }
}
