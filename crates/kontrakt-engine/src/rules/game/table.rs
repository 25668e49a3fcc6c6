//! Changes a real table makes in the middle of a game (docs/RULES.md section 8): a player
//! sits out the next round, leaves, or joins late ([`TableChange`]), each made after a number
//! of rounds ([`TimedChange`]); and who plays each round, who deals and who cuts, as those
//! changes make it ([`Table`]).
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;
use crate::rules::names::{self, NameProblem};

/// The fewest players who must play a round (and stay at the table).
pub const MIN_AT_TABLE: usize = 2;

/// What a late joiner's total starts at (docs/RULES.md section 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JoinStart {
    /// The worst total at the table when they join: the highest in penalty-point games.
    Worst,
    /// Zero.
    Zero,
    /// The average of the totals at the table, rounded to the nearest whole point (halves
    /// away from zero).
    Average,
}

impl JoinStart {
    /// Every choice, the default first.
    pub const ALL: [JoinStart; 3] = [JoinStart::Worst, JoinStart::Zero, JoinStart::Average];

    /// The id the API and the forms use.
    pub fn id(self) -> &'static str {
        match self {
            JoinStart::Worst => "worst",
            JoinStart::Zero => "zero",
            JoinStart::Average => "average",
        }
    }

    /// The choice with this id.
    pub fn from_id(id: &str) -> Option<JoinStart> {
        JoinStart::ALL.into_iter().find(|s| s.id() == id.trim())
    }
}

/// One change to who sits at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum TableChange {
    /// The player sits out the next round: not dealt, no score, skipped by the deal.
    SitOut {
        /// The player's name.
        player: String,
    },
    /// The player leaves: keeps their total, plays no more rounds.
    Leave {
        /// The player's name.
        player: String,
    },
    /// A new player joins, from the next round.
    Join {
        /// The new player's name.
        player: String,
        /// Sits clockwise after this player (the next to deal after them); `None`: after the
        /// last seat of the set-up, before the first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
        /// What their total starts at; `None`: the rule set's default ([`Table::default_start`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<JoinStart>,
    },
}

/// A [`TableChange`] made after `after_round` rounds were entered: it counts from round
/// `after_round + 1`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedChange {
    /// Rounds entered when it was made.
    pub after_round: usize,
    /// What changed.
    #[serde(flatten)]
    pub change: TableChange,
}

/// Who sits where and who plays which round, after the table's changes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Table {
    /// The changes, in the order they were made.
    pub(super) changes: Vec<TimedChange>,
    /// Player indices in clockwise order, departed players included.
    pub(super) seating: Vec<usize>,
    /// Per player: the rounds entered when they joined (0 for the set-up's players).
    pub(super) joined: Vec<usize>,
    /// Per player: the rounds entered when they left.
    pub(super) left: Vec<Option<usize>>,
    /// (player, round) pairs: the player sits out that round.
    pub(super) sit_outs: Vec<(usize, usize)>,
    /// Per player: what a late joiner's total starts at (`None` for the set-up's players).
    pub(super) starts: Vec<Option<JoinStart>>,
}

impl Table {
    /// The table of a set-up with `n` players and no changes.
    pub(super) fn new(n: usize) -> Table {
        Table {
            changes: Vec::new(),
            seating: (0..n).collect(),
            joined: vec![0; n],
            left: vec![None; n],
            sit_outs: Vec::new(),
            starts: vec![None; n],
        }
    }

    /// What a late joiner starts at when the change does not say: the worst total, except
    /// where the scheme pays units between players (Continental): zero.
    pub fn default_start(scheme: Scheme) -> JoinStart {
        if scheme == Scheme::Units {
            JoinStart::Zero
        } else {
            JoinStart::Worst
        }
    }
}

impl GameSetup {
    /// The changes the table made, in order.
    pub fn changes(&self) -> &[TimedChange] {
        &self.table.changes
    }

    /// The players of the set-up (late joiners come after them in [`GameSetup::players`]).
    pub fn starting_players(&self) -> usize {
        self.start_players
    }

    /// Whether player `i` plays round `round`: joined before it, not gone, not sitting out.
    pub fn plays(&self, i: usize, round: usize) -> bool {
        self.at_table(i, round.saturating_sub(1)) && !self.sits_out(i, round)
    }

    /// Whether player `i` sits out round `round` (while at the table).
    pub fn sits_out(&self, i: usize, round: usize) -> bool {
        self.table.sit_outs.contains(&(i, round))
    }

    /// Whether player `i` is at the table after `rounds` rounds: joined by then and not left.
    pub fn at_table(&self, i: usize, rounds: usize) -> bool {
        let t = &self.table;
        i < self.players.len()
            && t.joined[i] <= rounds
            && t.left[i].is_none_or(|left| left > rounds)
    }

    /// The rounds entered when player `i` left, if they did.
    pub fn left_after(&self, i: usize) -> Option<usize> {
        self.table.left.get(i).copied().flatten()
    }

    /// The rounds entered when player `i` joined, if they joined late; and what their total
    /// started at.
    pub fn joined_after(&self, i: usize) -> Option<(usize, JoinStart)> {
        let t = &self.table;
        t.starts.get(i).copied().flatten().map(|s| (t.joined[i], s))
    }

    /// Player indices in clockwise order, departed players included.
    pub fn seating(&self) -> &[usize] {
        &self.table.seating
    }

    /// How many play round `round`.
    pub fn playing_count(&self, round: usize) -> usize {
        (0..self.players.len())
            .filter(|&i| self.plays(i, round))
            .count()
    }

    /// The next player clockwise after `from` (in seating order) who plays `round`.
    fn next_playing(&self, from: usize, round: usize, backwards: bool) -> usize {
        let seats = &self.table.seating;
        let n = seats.len();
        let at = seats.iter().position(|&p| p == from).unwrap_or(0);
        for step in 1..=n {
            let k = if backwards {
                (at + n * step - step) % n
            } else {
                (at + step) % n
            };
            if self.plays(seats[k], round) {
                return seats[k];
            }
        }
        from
    }

    /// The dealer of round `round` (from 1): the first dealer, then clockwise, skipping
    /// whoever does not play the round (docs/RULES.md sections 4 and 7).
    pub fn dealer(&self, round: usize) -> usize {
        if self.table.changes.is_empty() {
            let n = self.players.len();
            return (self.first_dealer + round.saturating_sub(1) % n) % n;
        }
        let first = self.first_dealer;
        let mut dealer = if self.plays(first, 1) {
            first
        } else {
            self.next_playing(first, 1, false)
        };
        for r in 2..=round {
            dealer = self.next_playing(dealer, r, false);
        }
        dealer
    }

    /// Liverpool: who cuts in round `round`: the playing player before the dealer in seating
    /// order (the dealer's right). `None` where the rule set has no cut bonus.
    pub fn cutter(&self, round: usize) -> Option<usize> {
        self.rules.cut_bonus?;
        Some(self.next_playing(self.dealer(round), round, true))
    }

    /// The set-up with the table's `changes` made, in order (as stored). The first change the
    /// table could not have made is an error.
    pub fn with_changes(&self, changes: &[TimedChange]) -> Result<GameSetup, GameError> {
        let mut setup = self.clone();
        for change in changes {
            setup = setup.with_change(change.clone())?;
        }
        Ok(setup)
    }

    /// The set-up with one more change, made after `change.after_round` rounds, or why the
    /// table cannot make it (docs/RULES.md section 8). It must not come before a change
    /// already made.
    pub fn with_change(&self, change: TimedChange) -> Result<GameSetup, GameError> {
        let k = change.after_round;
        if self.table.changes.last().is_some_and(|c| c.after_round > k) {
            return Err(GameError::ChangeOutOfOrder);
        }
        if k >= self.round_count() {
            return Err(GameError::GameFinished {
                of: self.round_count(),
            });
        }
        let mut setup = self.clone();
        let present = |name: &str| -> Result<usize, GameError> {
            let i = self
                .find_player(name)
                .ok_or_else(|| GameError::UnknownPlayer {
                    name: name.trim().to_string(),
                    players: self.players.clone(),
                })?;
            if self.at_table(i, k) {
                Ok(i)
            } else {
                Err(GameError::PlayerGone {
                    player: self.players[i].clone(),
                })
            }
        };
        let at_table = (0..self.players.len())
            .filter(|&i| self.at_table(i, k))
            .count();
        match &change.change {
            TableChange::SitOut { player } => {
                let i = present(player)?;
                let round = k + 1;
                if self.sits_out(i, round) {
                    return Err(GameError::AlreadySittingOut {
                        player: self.players[i].clone(),
                        round,
                    });
                }
                if self.playing_count(round) <= MIN_AT_TABLE {
                    return Err(GameError::TooFewToPlay {
                        round,
                        min: MIN_AT_TABLE,
                    });
                }
                setup.table.sit_outs.push((i, round));
            }
            TableChange::Leave { player } => {
                let i = present(player)?;
                let playing = self.playing_count(k + 1) - usize::from(self.plays(i, k + 1));
                if at_table <= MIN_AT_TABLE || playing < MIN_AT_TABLE {
                    return Err(GameError::TooFewToPlay {
                        round: k + 1,
                        min: MIN_AT_TABLE,
                    });
                }
                setup.table.left[i] = Some(k);
            }
            TableChange::Join {
                player,
                after,
                start,
            } => {
                let name: String = {
                    use unicode_normalization::UnicodeNormalization;
                    player.trim().nfc().collect()
                };
                let seat = self.players.len() + 1;
                match names::check_name(&name) {
                    Ok(_) => {}
                    Err(NameProblem::Empty) => return Err(GameError::EmptyName { seat }),
                    Err(NameProblem::TooLong) => return Err(GameError::NameTooLong { seat }),
                    Err(NameProblem::HasControl) => {
                        return Err(GameError::NameHasControl { seat });
                    }
                    Err(NameProblem::HasInvisible) => {
                        return Err(GameError::NameHasInvisible { seat });
                    }
                }
                if self.find_player(&name).is_some() {
                    return Err(GameError::DuplicateName { name });
                }
                let max = usize::from(self.rules.info.max_players);
                if at_table + 1 > max {
                    return Err(GameError::TableFull { max });
                }
                if self.rules.scheme == Scheme::Units && start.is_some_and(|s| s != JoinStart::Zero)
                {
                    return Err(GameError::JoinStartNotZero);
                }
                let j = self.players.len();
                let position = match after.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
                    None => setup.table.seating.len(),
                    Some(a) => {
                        let i = present(a)?;
                        setup
                            .table
                            .seating
                            .iter()
                            .position(|&p| p == i)
                            .unwrap_or(0)
                            + 1
                    }
                };
                setup.players.push(name.clone());
                setup.table.seating.insert(position, j);
                setup.table.joined.push(k);
                setup.table.left.push(None);
                setup.table.starts.push(Some(
                    start.unwrap_or_else(|| Table::default_start(self.rules.scheme)),
                ));
                let change = TimedChange {
                    after_round: k,
                    change: TableChange::Join {
                        player: name,
                        after: after.clone(),
                        start: *start,
                    },
                };
                setup.table.changes.push(change);
                return Ok(setup);
            }
        }
        setup.table.changes.push(change);
        Ok(setup)
    }

    /// The new name for player `i` as stored (trimmed, composed), or why it cannot be: the
    /// same checks as a set-up's names; it may differ from the old one only in spelling.
    pub fn check_rename(&self, i: usize, name: &str) -> Result<String, GameError> {
        use unicode_normalization::UnicodeNormalization;
        let name: String = name.trim().nfc().collect();
        let seat = i + 1;
        match names::check_name(&name) {
            Ok(_) => {}
            Err(NameProblem::Empty) => return Err(GameError::EmptyName { seat }),
            Err(NameProblem::TooLong) => return Err(GameError::NameTooLong { seat }),
            Err(NameProblem::HasControl) => return Err(GameError::NameHasControl { seat }),
            Err(NameProblem::HasInvisible) => return Err(GameError::NameHasInvisible { seat }),
        }
        let Some(old) = self.players.get(i) else {
            return Err(GameError::UnknownPlayer {
                name: name.clone(),
                players: self.players.clone(),
            });
        };
        if *old == name {
            return Err(GameError::NameUnchanged { player: name });
        }
        if self.find_player(&name).is_some_and(|other| other != i) {
            return Err(GameError::DuplicateName { name });
        }
        Ok(name)
    }

    /// A late joiner's starting total (docs/RULES.md section 8) from the totals after their
    /// join's round: of the players at the table then (one leaving at that moment included),
    /// other than those joining at that moment.
    pub(super) fn starting_total(&self, j: usize, totals: &[i64]) -> i64 {
        let Some((k, start)) = self.joined_after(j) else {
            return 0;
        };
        let others: Vec<i64> = (0..self.players.len())
            // Stable whatever the order of changes at the same moment: a player leaving then
            // still counts, one joining then does not.
            .filter(|&i| i != j && self.table.joined[i] <= k)
            .filter(|&i| self.table.left[i].is_none_or(|left| left >= k))
            .filter(|&i| self.table.joined[i] < k || self.table.starts[i].is_none())
            .map(|i| totals.get(i).copied().unwrap_or(0))
            .collect();
        if others.is_empty() {
            return 0;
        }
        match start {
            JoinStart::Zero => 0,
            JoinStart::Worst if self.lower_is_better() => others.iter().copied().max().unwrap_or(0),
            JoinStart::Worst => others.iter().copied().min().unwrap_or(0),
            JoinStart::Average => {
                let sum: i64 = others.iter().sum();
                let count = i64::try_from(others.len()).unwrap_or(1);
                // Halves away from zero.
                (2 * sum + sum.signum() * count) / (2 * count)
            }
        }
    }
}

impl GameSetup {
    /// The set-up of a rematch (docs/RULES.md section 8, "A rematch"): the table as the game
    /// ended. The players still at the table in clockwise order (a player who left is not
    /// seated, a late joiner is, at their seat; names as renamed), the same rule set and
    /// options, the stake and currency as they ended, and as first dealer the next player
    /// clockwise after this game's first dealer who is still at the table.
    pub fn rematch(&self) -> RawSetup {
        let mut raw = self.to_raw();
        let seats = &self.table.seating;
        let stays = |i: usize| self.table.left.get(i).copied().flatten().is_none();
        raw.players = seats
            .iter()
            .filter(|&&i| stays(i))
            .map(|&i| self.players[i].clone())
            .collect();
        let at = seats
            .iter()
            .position(|&i| i == self.first_dealer)
            .unwrap_or(0);
        let n = seats.len();
        raw.first_dealer = (1..=n)
            .map(|step| seats[(at + step) % n])
            .find(|&i| stays(i))
            .map(|i| self.players[i].clone());
        raw
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
