//! The meld checker: is an arrangement of melds a legal contract meld (first meld) for a round,
//! and if not, every reason why (docs/RULES.md sections 2 and 3; Rommé's opening, section 4).
//!
//! Melds are matched to the contract's requirements by a real search over assignments and
//! readings, so the order the player gives melds in never matters. When nothing fits, the
//! assignment with the fewest problems is reported. Pure: std and serde only; the sentences of
//! a [`Problem`] are in `text`.

use super::cards::{Card, Pins, Rank, Suit};
use super::meld::{LimitBreach, MeldKind, MeldRules, Reading, WildShare};
use super::ruleset::{Contract, Requirement, RoundSpec, RuleSet};
use serde::Serialize;

/// One reason a meld or an arrangement is not legal: a code plus its parameters; `text` says
/// it as a sentence in either language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Problem {
    /// A joker in a game played without jokers.
    JokersNotInPlay { meld: usize },
    /// A meld of wild cards only.
    NoNatural { meld: usize },
    /// Neither one rank nor one suit.
    MixedCards { meld: usize },
    /// Two cards of different ranks where the contract asks for a pair (Progressive round 14).
    NotAPair { meld: usize },
    /// A set with two cards of one suit where suits must differ.
    SetSuitRepeats { meld: usize, suit: Suit },
    /// A set with more cards than allowed.
    SetTooBig { meld: usize, max: u8, len: usize },
    /// A run holding the same card twice.
    RunRepeatsRank { meld: usize, card: Card },
    /// A run with more gaps than wild cards.
    RunGaps {
        meld: usize,
        missing: usize,
        wilds: usize,
    },
    /// A run that needs the ace low where it only counts high.
    AceOnlyHigh { meld: usize },
    /// A run that turns the corner where that is not allowed.
    NoCorner { meld: usize },
    /// A run longer than the rank order allows.
    RunTooLong { meld: usize, max: usize, len: usize },
    /// More wild cards than a meld may hold.
    TooManyWilds { meld: usize, max: u8, wilds: usize },
    /// More of the meld wild than its share allows (`wilds_per_meld` `half`, `third`). Its
    /// code is `too_many_wilds`, as [`Problem::code`] and docs/API.md say.
    #[serde(rename = "too_many_wilds")]
    TooLargeShare {
        meld: usize,
        share: WildShare,
        wilds: usize,
        len: usize,
    },
    /// Fewer natural cards than a meld needs.
    TooFewNaturals {
        meld: usize,
        min: u8,
        naturals: usize,
    },
    /// Not exactly one meld per requirement.
    WrongMeldCount { needed: usize, given: usize },
    /// A meld of the wrong kind for its place in the contract.
    WrongKind {
        meld: usize,
        is: MeldKind,
        needs: MeldKind,
    },
    /// A meld shorter than the contract asks.
    TooShort {
        meld: usize,
        kind: MeldKind,
        min: u8,
        len: usize,
    },
    /// A meld longer than the exact minimum allows.
    TooLong {
        meld: usize,
        kind: MeldKind,
        max: u8,
        len: usize,
    },
    /// Two same-suit runs joining end to end.
    ContiguousRuns {
        /// The meld of the lower run.
        a: usize,
        /// The meld of the upper run.
        b: usize,
        suit: Suit,
        /// The lower run's first and last rank.
        first: (Rank, Rank),
        /// The upper run's first and last rank.
        second: (Rank, Rank),
        round: u8,
    },
    /// Two same-suit runs with fewer ranks between them than `gap` (`same_suit_runs`
    /// `gap-2`); the lower run's meld first.
    RunsTooClose {
        a: usize,
        b: usize,
        suit: Suit,
        gap: usize,
        round: u8,
    },
    /// Two runs of one suit where every run needs its own suit.
    SameSuitRuns { a: usize, b: usize, suit: Suit },
    /// Two sets of one rank.
    SameRankSets { a: usize, b: usize, rank: Rank },
    /// An either-or contract whose melds match none of its shapes (wrong kinds or counts):
    /// every shape is named, not just the one that came closest.
    NoAlternative { contract: Contract },
    /// The hand must have an exact number of cards.
    CardCount { needed: u8, given: usize },
    /// A round that goes out all at once, with fewer cards than a player holds after
    /// drawing: the melds must use every card (docs/RULES.md section 3).
    TooFewToGoOut { needed: usize, given: usize },
    /// Rommé: the opening meld is worth too little.
    OpeningTooLow { points: u32, needed: u32 },
    /// A 2 declared as another card in a game where 2s are not wild (docs/RULES.md
    /// section 1).
    PinOnNatural { meld: usize, card: Card },
    /// A declared wild card that does not fit the meld as declared; `needs` is what the meld
    /// could use in its place (filled when the meld has one wild card and some reading).
    PinDoesNotFit {
        meld: usize,
        card: Card,
        declared: Card,
        needs: Vec<Card>,
    },
    /// A meld of wild cards only, where the rule set allows one, with a wild card left
    /// undeclared: an all-wild meld is what its declarations make it (docs/RULES.md
    /// section 2), so every wild card of it must be declared. `undeclared` counts those left.
    AllWildUndeclared { meld: usize, undeclared: usize },
}

impl Problem {
    /// The stable code, e.g. `contiguous_runs`.
    pub fn code(&self) -> &'static str {
        match self {
            Problem::JokersNotInPlay { .. } => "jokers_not_in_play",
            Problem::NoNatural { .. } => "no_natural",
            Problem::MixedCards { .. } => "mixed_cards",
            Problem::NotAPair { .. } => "not_a_pair",
            Problem::SetSuitRepeats { .. } => "set_suit_repeats",
            Problem::SetTooBig { .. } => "set_too_big",
            Problem::RunRepeatsRank { .. } => "run_repeats_rank",
            Problem::RunGaps { .. } => "run_gaps",
            Problem::AceOnlyHigh { .. } => "ace_only_high",
            Problem::NoCorner { .. } => "no_corner",
            Problem::RunTooLong { .. } => "run_too_long",
            Problem::TooManyWilds { .. } | Problem::TooLargeShare { .. } => "too_many_wilds",
            Problem::TooFewNaturals { .. } => "too_few_naturals",
            Problem::WrongMeldCount { .. } => "wrong_meld_count",
            Problem::WrongKind { .. } => "wrong_kind",
            Problem::TooShort { .. } => "too_short",
            Problem::TooLong { .. } => "too_long",
            Problem::ContiguousRuns { .. } => "contiguous_runs",
            Problem::RunsTooClose { .. } => "runs_too_close",
            Problem::SameSuitRuns { .. } => "same_suit_runs",
            Problem::SameRankSets { .. } => "same_rank_sets",
            Problem::NoAlternative { .. } => "no_alternative",
            Problem::CardCount { .. } => "card_count",
            Problem::TooFewToGoOut { .. } => "too_few_to_go_out",
            Problem::OpeningTooLow { .. } => "opening_too_low",
            Problem::PinOnNatural { .. } => "pin_on_natural",
            Problem::PinDoesNotFit { .. } => "pin_does_not_fit",
            Problem::AllWildUndeclared { .. } => "all_wild_undeclared",
        }
    }
}

/// The verdict on one arrangement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckResult {
    pub ok: bool,
    /// The round's contract, if it has one (its words are in `text`).
    pub contract: Option<Contract>,
    /// Each meld with the reading used (None where it is no meld at all).
    pub melds: Vec<(Vec<Card>, Option<Reading>)>,
    pub problems: Vec<Problem>,
    /// Rommé: the opening value of the melds.
    pub points: Option<u32>,
    /// What each card of each meld was declared as (docs/RULES.md section 1); empty when
    /// nothing was declared.
    pub pins: Vec<Pins>,
    /// The contract requirement each meld's reading fills in the assignment reported (none
    /// for a meld that fills none, and for Rommé's opening); see `pins::fills`.
    pub held: Vec<Option<Requirement>>,
}

/// Explains why a meld has no legal reading as any kind the round could use.
pub fn meld_problem(rules: &MeldRules, meld: usize, cards: &[Card]) -> Option<Problem> {
    if !rules.jokers && cards.contains(&Card::Joker) {
        return Some(Problem::JokersNotInPlay { meld });
    }
    let kinds = [MeldKind::Set, MeldKind::Run];
    let structural: Vec<Reading> = kinds
        .iter()
        .flat_map(|&k| rules.structural_readings(cards, k))
        .collect();
    if !structural.is_empty() {
        if structural.iter().any(|r| rules.limit_breach(r).is_none()) {
            return None;
        }
        return Some(breach_problem(rules, meld, &structural));
    }
    let hard: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|&c| !rules.is_wild(c))
        .collect();
    let wilds = cards.len() - hard.len();
    if hard.is_empty() {
        return Some(all_wild_problem(rules, meld, cards.len()));
    }
    let one_rank = hard.iter().all(|c| c.rank() == hard[0].rank());
    let one_suit = hard.iter().all(|c| c.suit() == hard[0].suit());
    if one_rank && !(one_suit && hard.len() == 1) {
        if let Some(max) = rules.set_max
            && cards.len() > max as usize
        {
            return Some(Problem::SetTooBig {
                meld,
                max,
                len: cards.len(),
            });
        }
        if rules.set_distinct_suits {
            let mut seen = [false; 4];
            for c in &hard {
                let s = c.suit().expect("natural");
                if std::mem::replace(&mut seen[s.index()], true) {
                    return Some(Problem::SetSuitRepeats { meld, suit: s });
                }
            }
            if cards.len() > 4 {
                return Some(Problem::SetTooBig {
                    meld,
                    max: 4,
                    len: cards.len(),
                });
            }
        }
        return Some(Problem::MixedCards { meld });
    }
    if !one_suit {
        return Some(Problem::MixedCards { meld });
    }
    // A run in one suit that does not fit the line.
    let line = rules.line();
    if cards.len() > line.max_run() {
        return Some(Problem::RunTooLong {
            meld,
            max: line.max_run(),
            len: cards.len(),
        });
    }
    let mut seen = [0u8; 14];
    for c in &hard {
        let r = c.rank().expect("natural").number() as usize;
        seen[r] += 1;
        let allowed = if r == 1 && rules.ace == super::meld::AceMode::LowOrHigh {
            2
        } else {
            1
        };
        if seen[r] > allowed {
            return Some(Problem::RunRepeatsRank { meld, card: *c });
        }
    }
    // Would another ace mode have made it a run?
    let with = |ace| MeldRules {
        ace,
        ..rules.clone()
    };
    use super::meld::AceMode::*;
    let fits = |r: &MeldRules| !r.structural_readings(cards, MeldKind::Run).is_empty();
    if rules.ace == HighOnly && fits(&with(LowOrHigh)) {
        return Some(Problem::AceOnlyHigh { meld });
    }
    if rules.ace != Wrap && fits(&with(Wrap)) {
        return Some(Problem::NoCorner { meld });
    }
    // Gaps: the span of the naturals (ace low) minus the naturals.
    let ranks: Vec<usize> = hard
        .iter()
        .map(|c| c.rank().expect("natural").number() as usize)
        .collect();
    let (lo, hi) = (ranks.iter().min().unwrap(), ranks.iter().max().unwrap());
    let mut span = hi - lo + 1;
    if rules.twos_wild && !rules.twos_natural && *lo < 2 && *hi > 2 {
        span -= 1;
    }
    let missing = span.saturating_sub(hard.len());
    Some(Problem::RunGaps {
        meld,
        missing: missing.max(wilds + 1),
        wilds,
    })
}

/// The problem of a meld of `len` wild cards only, said by the rule the table chose: too
/// large a wild share where `wilds_per_meld` is `half` or `third` (a natural card is needed
/// only because of it), else that a meld needs a natural card.
fn all_wild_problem(rules: &MeldRules, meld: usize, len: usize) -> Problem {
    match rules.wild_share {
        Some(share) => Problem::TooLargeShare {
            meld,
            share,
            wilds: len,
            len,
        },
        None => Problem::NoNatural { meld },
    }
}

/// The wild-limit problem of a meld whose structural readings (not empty) all break a
/// limit: the breach of the reading with the fewest wild cards.
pub(crate) fn breach_problem(rules: &MeldRules, meld: usize, structural: &[Reading]) -> Problem {
    let best = structural
        .iter()
        .min_by_key(|r| r.wilds().len())
        .expect("non-empty");
    match rules.limit_breach(best) {
        Some(LimitBreach::TooManyWilds { max, wilds }) => {
            Problem::TooManyWilds { meld, max, wilds }
        }
        Some(LimitBreach::TooFewNaturals { min, naturals }) if naturals == 0 && min <= 1 => {
            all_wild_problem(rules, meld, best.makeup().len)
        }
        Some(LimitBreach::TooFewNaturals { min, naturals }) => Problem::TooFewNaturals {
            meld,
            min,
            naturals,
        },
        Some(LimitBreach::TooLargeShare { share, wilds, len }) => Problem::TooLargeShare {
            meld,
            share,
            wilds,
            len,
        },
        // Only asked about readings that break a limit; the first one's problem otherwise.
        None => Problem::MixedCards { meld },
    }
}

/// Checks an arrangement of melds as the first meld of a round (docs/RULES.md section 3), or for
/// Rommé as an opening meld worth the opening minimum (section 4 `rommee`).
pub fn check(rs: &RuleSet, round: &RoundSpec, melds: &[Vec<Card>]) -> CheckResult {
    check_pinned(rs, round, melds, &[])
}

/// [`check`] with declared wild cards: `pins[m][i]` is what card `i` of meld `m` is declared
/// as (docs/RULES.md section 1); a declared wild is read exactly as declared (see `pins`).
/// Missing entries are undeclared.
pub fn check_pinned(
    rs: &RuleSet,
    round: &RoundSpec,
    melds: &[Vec<Card>],
    pins: &[Pins],
) -> CheckResult {
    let mut result = check_melds(rs, round, melds, pins);
    if pins.iter().any(|p| super::pins::any(p)) {
        result.pins = pins.to_vec();
    }
    result
}

/// The declarations of meld `i` (none when not given).
fn pins_of(pins: &[Pins], i: usize) -> &[Option<Card>] {
    pins.get(i).map_or(&[], Vec::as_slice)
}

fn check_melds(rs: &RuleSet, round: &RoundSpec, melds: &[Vec<Card>], pins: &[Pins]) -> CheckResult {
    let rules = &rs.meld;
    let meld_problems: Vec<Option<Problem>> = melds
        .iter()
        .enumerate()
        .map(|(i, m)| super::pins::meld_problem(rules, i + 1, m, pins_of(pins, i)))
        .collect();
    let Some(contract) = &round.contract else {
        return check_opening(rs, melds, pins, meld_problems);
    };
    // Two mixed cards where the contract asks for a pair are a pair gone wrong.
    let wants_pair = contract
        .alternatives
        .iter()
        .flatten()
        .any(|r| r.kind == MeldKind::Pair);
    let meld_problems: Vec<Option<Problem>> = meld_problems
        .into_iter()
        .zip(melds)
        .map(|(p, m)| match p {
            Some(Problem::MixedCards { meld }) if wants_pair && m.len() == 2 => {
                Some(Problem::NotAPair { meld })
            }
            other => other,
        })
        .collect();
    let mut best: Option<Assignment> = None;
    for alt in &contract.alternatives {
        let found = best_assignment(rules, round, alt, melds, pins, &meld_problems);
        if best.as_ref().is_none_or(|(p, ..)| found.0.len() < p.len()) {
            best = Some(found);
        }
        if best.as_ref().is_some_and(|(p, ..)| p.is_empty()) {
            break;
        }
    }
    let (mut problems, mut readings, held) = best.expect("a contract has at least one alternative");
    // Two cards the contract needs as its pair but that read as something else (two wild
    // cards declared as two ranks) are no pair: a pair is two cards of one rank.
    for p in &mut problems {
        if let Problem::WrongKind {
            meld,
            needs: MeldKind::Pair,
            ..
        } = *p
            && melds[meld - 1].len() == 2
        {
            *p = Problem::NotAPair { meld };
            readings[meld - 1] = None;
        }
    }
    let shape = |p: &Problem| {
        matches!(
            p,
            Problem::WrongKind { .. } | Problem::WrongMeldCount { .. }
        )
    };
    if contract.alternatives.len() > 1 && problems.iter().any(shape) {
        problems.retain(|p| !shape(p));
        problems.push(Problem::NoAlternative {
            contract: contract.clone(),
        });
    }
    if let Some(needed) = round.go_out_all_min_cards() {
        let given: usize = melds.iter().map(Vec::len).sum();
        if given < needed {
            problems.push(Problem::TooFewToGoOut { needed, given });
        }
    }
    if let Some(total) = round.total_cards {
        let given: usize = melds.iter().map(Vec::len).sum();
        if given != total as usize {
            problems.push(Problem::CardCount {
                needed: total,
                given,
            });
        }
    }
    CheckResult {
        ok: problems.is_empty(),
        contract: Some(contract.clone()),
        melds: melds.iter().cloned().zip(readings).collect(),
        problems,
        points: None,
        pins: Vec::new(),
        held,
    }
}

/// An assignment of melds to requirements: its problems, the reading of each meld, and the
/// requirement each meld fills (none where it fills none).
type Assignment = (Vec<Problem>, Vec<Option<Reading>>, Vec<Option<Requirement>>);

/// Finds the assignment of melds to requirements with the fewest problems.
fn best_assignment(
    rules: &MeldRules,
    round: &RoundSpec,
    reqs: &[Requirement],
    melds: &[Vec<Card>],
    pins: &[Pins],
    meld_problems: &[Option<Problem>],
) -> Assignment {
    let n = melds.len();
    let structural: Vec<Problem> = meld_problems.iter().flatten().cloned().collect();
    if n != reqs.len() {
        let mut p = structural;
        p.push(Problem::WrongMeldCount {
            needed: reqs.len(),
            given: n,
        });
        let readings = melds
            .iter()
            .enumerate()
            .map(|(i, m)| any_reading(rules, m, pins_of(pins, i)))
            .collect();
        return (p, readings, vec![None; n]);
    }
    let pairwise =
        round.no_contiguous_runs || round.runs_different_suits || round.no_two_sets_same_rank;
    // Candidate readings per meld and requirement kind.
    let candidates: Vec<[Vec<Reading>; 3]> = melds
        .iter()
        .zip(meld_problems)
        .enumerate()
        .map(|(i, (m, p))| {
            if p.is_some() {
                return [Vec::new(), Vec::new(), Vec::new()];
            }
            [MeldKind::Set, MeldKind::Run, MeldKind::Pair].map(|k| {
                let mut r = super::pins::readings(rules, m, pins_of(pins, i), k);
                if !pairwise {
                    r.truncate(1);
                }
                r
            })
        })
        .collect();
    let mut search = Search {
        rules,
        round,
        reqs,
        melds,
        candidates: &candidates,
        invalid: meld_problems.iter().map(Option::is_some).collect(),
        best_cost: usize::MAX,
        best: (Vec::new(), Vec::new()),
        best_held: Vec::new(),
        chosen: Vec::with_capacity(n),
        held: Vec::with_capacity(n),
        problems: Vec::new(),
        used: vec![false; n],
    };
    search.run(0);
    let (mut problems, readings) = search.best;
    // Structural problems first, in meld order.
    let mut all = structural;
    all.append(&mut problems);
    (all, readings, search.best_held)
}

fn any_reading(rules: &MeldRules, cards: &[Card], pins: &[Option<Card>]) -> Option<Reading> {
    [MeldKind::Set, MeldKind::Run]
        .iter()
        .flat_map(|&k| super::pins::readings(rules, cards, pins, k))
        .next()
}

fn kind_index(k: MeldKind) -> usize {
    match k {
        MeldKind::Set => 0,
        MeldKind::Run => 1,
        MeldKind::Pair => 2,
    }
}

struct Search<'a> {
    rules: &'a MeldRules,
    round: &'a RoundSpec,
    reqs: &'a [Requirement],
    melds: &'a [Vec<Card>],
    candidates: &'a [[Vec<Reading>; 3]],
    invalid: Vec<bool>,
    best_cost: usize,
    best: (Vec<Problem>, Vec<Option<Reading>>),
    /// The requirement each meld fills in `best` (none where it is no meld of that kind).
    best_held: Vec<Option<Requirement>>,
    chosen: Vec<Option<Reading>>,
    /// The requirement each meld chosen so far fills.
    held: Vec<Option<Requirement>>,
    problems: Vec<Problem>,
    /// Requirements taken.
    used: Vec<bool>,
}

impl Search<'_> {
    fn run(&mut self, i: usize) {
        if self.problems.len() >= self.best_cost {
            return;
        }
        if i == self.melds.len() {
            self.best_cost = self.problems.len();
            self.best = (self.problems.clone(), self.chosen.clone());
            self.best_held = self.held.clone();
            return;
        }
        let meld = i + 1;
        for j in 0..self.reqs.len() {
            if self.used[j] {
                continue;
            }
            // Identical requirements are interchangeable: try only the first free one.
            if (0..j).any(|k| !self.used[k] && self.reqs[k] == self.reqs[j]) {
                continue;
            }
            let req = self.reqs[j];
            self.used[j] = true;
            if self.invalid[i] {
                self.chosen.push(None);
                self.held.push(None);
                self.run(i + 1);
                self.chosen.pop();
                self.held.pop();
            } else {
                let own = &self.candidates[i][kind_index(req.kind)];
                let fallback;
                let (readings, wrong_kind): (&[Reading], bool) = if own.is_empty() {
                    let other = self.candidates[i]
                        .iter()
                        .flat_map(|v| v.first())
                        .next()
                        .cloned();
                    fallback = other.into_iter().collect::<Vec<_>>();
                    (&fallback, true)
                } else {
                    (own, false)
                };
                for reading in readings {
                    let before = self.problems.len();
                    if wrong_kind {
                        self.problems.push(Problem::WrongKind {
                            meld,
                            is: reading.kind(),
                            needs: req.kind,
                        });
                    } else {
                        self.length_problems(meld, reading, req);
                        self.pairwise_problems(meld, reading);
                    }
                    self.chosen.push(Some(reading.clone()));
                    self.held.push((!wrong_kind).then_some(req));
                    self.run(i + 1);
                    self.chosen.pop();
                    self.held.pop();
                    self.problems.truncate(before);
                    if self.best_cost == 0 {
                        break;
                    }
                }
            }
            self.used[j] = false;
            if self.best_cost == 0 {
                return;
            }
        }
    }

    fn length_problems(&mut self, meld: usize, r: &Reading, req: Requirement) {
        if req.kind == MeldKind::Pair {
            return; // a pair reading is exactly 2 cards
        }
        let len = r.makeup().len;
        if len < req.min as usize {
            self.problems.push(Problem::TooShort {
                meld,
                kind: req.kind,
                min: req.min,
                len,
            });
        } else if self.round.exact_minimum && len > req.min as usize {
            self.problems.push(Problem::TooLong {
                meld,
                kind: req.kind,
                max: req.min,
                len,
            });
        }
    }

    fn pairwise_problems(&mut self, meld: usize, r: &Reading) {
        let line = self.rules.line();
        for (k, other) in self.chosen.iter().enumerate() {
            let Some(o) = other else { continue };
            let (a, b) = (k + 1, meld);
            match (o, r) {
                (
                    Reading::Run {
                        suit: o_suit,
                        window: o_window,
                        from: o_from,
                        to: o_to,
                        ..
                    },
                    &Reading::Run {
                        suit,
                        window,
                        from,
                        to,
                        ..
                    },
                ) if *o_suit == suit => {
                    if self.round.runs_different_suits {
                        self.problems.push(Problem::SameSuitRuns { a, b, suit });
                    } else if self.round.no_contiguous_runs && line.contiguous(*o_window, window) {
                        // `a` is the meld of the lower run, `b` the upper's, as the sentence
                        // names them.
                        let (o_ends, r_ends) = ((*o_from, *o_to), (from, to));
                        let ((first, a), (second, b)) = if *o_window < window {
                            ((o_ends, a), (r_ends, b))
                        } else {
                            ((r_ends, b), (o_ends, a))
                        };
                        self.problems.push(Problem::ContiguousRuns {
                            a,
                            b,
                            suit,
                            first,
                            second,
                            round: self.round.number,
                        });
                    } else if self.round.run_gap() > 1 {
                        let (wa, wb) = (*o_window, window);
                        if !line.overlaps(wa, wb) && line.gap(wa, wb) < self.round.run_gap() {
                            let (a, b) = if wa < wb { (a, b) } else { (b, a) };
                            self.problems.push(Problem::RunsTooClose {
                                a,
                                b,
                                suit,
                                gap: self.round.run_gap(),
                                round: self.round.number,
                            });
                        }
                    }
                }
                (Reading::Set { rank: o_rank, .. }, &Reading::Set { rank, .. })
                    if self.round.no_two_sets_same_rank && *o_rank == rank =>
                {
                    self.problems.push(Problem::SameRankSets { a, b, rank });
                }
                _ => {}
            }
        }
    }
}

/// Rommé opening value of a reading (docs/RULES.md 4 `rommee`): A 11 (1 in a run without a king),
/// J Q K 10, 2-10 face value, a joker the value of the card it replaces.
pub fn opening_value(r: &Reading) -> u32 {
    let face = |rank: Rank| match rank.number() {
        1 => 11,
        n if n >= 10 => 10,
        n => n as u32,
    };
    match r {
        Reading::Set { rank, makeup } | Reading::Pair { rank, makeup } => {
            face(*rank) * makeup.len as u32
        }
        &Reading::Run {
            window: (start, len),
            from,
            ..
        } => {
            let line = RunLine {
                from: from.number(),
            };
            let ranks: Vec<Rank> = (0..len).map(|o| line.rank_at(start, o)).collect();
            let has_king = ranks.contains(&Rank::KING);
            ranks
                .iter()
                .map(|&rk| {
                    if rk == Rank::ACE && !has_king {
                        1
                    } else {
                        face(rk)
                    }
                })
                .sum()
        }
    }
}

/// Recovers run ranks from a reading (from, length) without needing the rules: ranks go up
/// from `from`, wrapping after the king.
struct RunLine {
    from: u8,
}

impl RunLine {
    fn rank_at(&self, _start: usize, offset: usize) -> Rank {
        let n = (self.from as usize - 1 + offset) % 13 + 1;
        Rank::new(n as u8).expect("1..=13")
    }
}

fn check_opening(
    rs: &RuleSet,
    melds: &[Vec<Card>],
    pins: &[Pins],
    meld_problems: Vec<Option<Problem>>,
) -> CheckResult {
    let needed = rs.opening_points.unwrap_or(0);
    let mut readings = Vec::new();
    let mut points = 0;
    let mut short = Vec::new();
    for (i, (m, p)) in melds.iter().zip(&meld_problems).enumerate() {
        let best = if p.is_some() {
            None
        } else {
            let all: Vec<Reading> = [MeldKind::Set, MeldKind::Run]
                .iter()
                .flat_map(|&k| super::pins::readings(&rs.meld, m, pins_of(pins, i), k))
                .collect();
            // A meld shorter than the rule set's shortest set or run is no meld (seed 002:
            // sets of 3 or 4 cards; a pair is not a meld).
            let long_enough = all
                .iter()
                .filter(|r| r.makeup().len >= rs.meld.min_len(r.kind()))
                .max_by_key(|r| opening_value(r))
                .cloned();
            if long_enough.is_none()
                && let Some(r) = all.first()
            {
                short.push(Problem::TooShort {
                    meld: i + 1,
                    kind: r.kind(),
                    min: rs.meld.min_len(r.kind()) as u8,
                    len: r.makeup().len,
                });
            }
            long_enough
        };
        points += best.as_ref().map_or(0, opening_value);
        readings.push(best);
    }
    let mut problems: Vec<Problem> = meld_problems.into_iter().flatten().collect();
    problems.append(&mut short);
    if melds.is_empty() || points < needed {
        problems.push(Problem::OpeningTooLow { points, needed });
    }
    CheckResult {
        ok: problems.is_empty(),
        contract: None,
        melds: melds.iter().cloned().zip(readings).collect(),
        problems,
        points: Some(points),
        pins: Vec::new(),
        held: Vec::new(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::cards::parse_melds;
    use crate::rules::ruleset::OptionValue;
    use std::collections::BTreeMap;

    /// A meld check of `melds` in a preset's round (shared with the sentence tests in `text`).
    pub(crate) fn run_check(rules: &str, round: usize, melds: &str) -> CheckResult {
        let rs = RuleSet::preset(rules).unwrap();
        let spec = rs.round_for_check(Some(round)).unwrap();
        check(&rs, &spec, &parse_melds(melds).unwrap())
    }

    /// The codes of a check's problems, in order.
    pub(crate) fn codes(r: &CheckResult) -> Vec<&'static str> {
        r.problems.iter().map(Problem::code).collect()
    }

    #[test]
    fn a_problem_serialises_with_the_code_it_names() {
        let rs = RuleSet::with_options(
            "contract",
            &BTreeMap::from([(
                "wilds_per_meld".to_owned(),
                OptionValue::Text("third".into()),
            )]),
        )
        .unwrap();
        let spec = rs.round_for_check(Some(2)).unwrap();
        let melds = parse_melds("5C 5D 5S | 3H 4H JK JK").unwrap();
        let r = check(&rs, &spec, &melds);
        assert!(
            matches!(r.problems[..], [Problem::TooLargeShare { .. }]),
            "{r:?}"
        );
        for problem in &r.problems {
            let json = serde_json::to_value(problem).unwrap();
            assert_eq!(json["code"], problem.code(), "{json}");
            assert_eq!(json["share"], "third", "{json}");
        }
    }

    #[test]
    fn overlapping_same_suit_runs_are_fine_with_two_decks() {
        assert!(run_check("contract", 3, "3H 4H 5H 6H | 5H 6H 7H 8H").ok);
    }

    #[test]
    fn a_joker_may_not_be_read_so_as_to_join_two_runs() {
        // 3H-6H and JK 8H 9H 10H: the joker can be 7H (contiguous) or JH (8-J, gap): legal.
        let r = run_check("contract", 3, "3H 4H 5H 6H | JK 8H 9H 10H");
        assert!(r.ok, "{:?}", r.problems);
        assert_eq!(
            r.melds[1].1.as_ref().unwrap().wilds(),
            vec![(Card::Joker, "JH".parse().unwrap())]
        );
    }

    #[test]
    fn contiguous_runs_are_allowed_in_rounds_without_the_restriction() {
        // may-i allows contiguous same-suit runs.
        assert!(run_check("may-i", 3, "3H 4H 5H 6H | 7H 8H 9H 10H").ok);
    }

    #[test]
    fn exact_minimum_refuses_a_longer_first_meld_in_contract_but_not_in_may_i() {
        let r = run_check("contract", 1, "5H 5S 5D 5C | 9C 9D 9S");
        assert_eq!(codes(&r), ["too_long"]);
        assert!(run_check("may-i", 1, "5H 5S 5D 5C | 9C 9D 9S").ok);
    }

    #[test]
    fn the_order_melds_are_given_in_does_not_matter() {
        assert!(run_check("contract", 2, "3H 4H 5H 6H | 9C 9D 9S").ok);
        assert!(run_check("contract", 2, "9C 9D 9S | 3H 4H 5H 6H").ok);
        assert!(run_check("contract", 5, "3H 4H 5H 6H | 9C 9D 9S | KC KD KS").ok);
    }

    #[test]
    fn a_wild_meld_is_read_the_way_the_contract_needs() {
        // JK JK 5H is a set of 5s here, since the run is the other meld.
        let r = run_check("contract", 2, "JK JK 5H | 7C 8C 9C 10C");
        assert!(r.ok, "{:?}", r.problems);
        assert_eq!(r.melds[0].1.as_ref().unwrap().kind(), MeldKind::Set);
        // And a run of 4 when the contract needs a run.
        let r = run_check("contract", 2, "JK JK 5H JK | 7C 7D 7S");
        assert!(r.ok, "{:?}", r.problems);
        assert_eq!(r.melds[0].1.as_ref().unwrap().kind(), MeldKind::Run);
    }

    #[test]
    fn going_out_all_at_once_needs_every_card_held_after_drawing() {
        // Contract round 7 deals 12: a player going out holds at least 13 cards.
        let r = run_check("contract", 7, "3H 4H 5H 6H | 9S 10S JS QS | 2D 3D 4D JK");
        assert_eq!(codes(&r), ["too_few_to_go_out"]);
        assert_eq!(
            r.problems[0],
            Problem::TooFewToGoOut {
                needed: 13,
                given: 12
            }
        );
        // Shanghai deals 11: twelve cards go out.
        assert!(run_check("shanghai", 7, "3H 4H 5H 6H | 9S 10S JS QS | 2D 3D 4D JK").ok);
        // May I? round 7 has a normal discard: three runs of four are a contract meld.
        assert!(run_check("may-i", 7, "3H 4H 5H 6H | 9S 10S JS QS | 2D 3D 4D JK").ok);
    }

    #[test]
    fn round_seven_goes_out_with_longer_runs() {
        let r = run_check(
            "contract",
            7,
            "3H 4H 5H 6H 7H | 9S 10S JS QS KS | 2D 3D 4D JK",
        );
        assert!(r.ok, "{:?}", r.problems);
        let r = run_check("contract", 7, "3H 4H 5H 6H | 7H 8H 9H 10H | 2D 3D 4D JK");
        assert_eq!(codes(&r), ["contiguous_runs", "too_few_to_go_out"]);
    }

    #[test]
    fn shanghai_aces_are_high_only_one_wild_per_meld_and_no_two_sets_of_a_rank() {
        let r = run_check("shanghai", 2, "AH 2H 3H 4H | 9C 9D 9S");
        assert_eq!(codes(&r), ["ace_only_high"]);
        assert!(run_check("shanghai", 2, "JH QH KH AH | 9C 9D 9S").ok);
        let r = run_check("shanghai", 1, "9C JK JK | 5C 5D 5S");
        assert_eq!(codes(&r), ["too_many_wilds"]);
        let r = run_check("shanghai", 1, "9C 9D 9S | 9H 9C JK");
        assert_eq!(codes(&r), ["same_rank_sets"]);
        assert!(
            run_check("contract", 1, "9C 9D 9S | 9H 9C JK").ok,
            "contract allows six 9s as two sets"
        );
        // Shanghai contract melds may be longer.
        assert!(run_check("shanghai", 1, "9C 9D 9S 9H | 5C 5D 5S").ok);
    }

    #[test]
    fn powe_runs_each_need_their_own_suit() {
        let r = run_check("shanghai-powe", 3, "3H 4H 5H 6H | 9H 10H JH QH");
        assert_eq!(codes(&r), ["same_suit_runs"]);
        assert!(run_check("shanghai-powe", 3, "3H 4H 5H 6H | 9S 10S JS QS").ok);
        assert!(
            run_check(
                "shanghai-powe",
                7,
                "3H 3S 3D | 4H 4S 4D | 8C 8D 8S | KH KS KC"
            )
            .ok
        );
    }

    #[test]
    fn kolsov_round_8_is_a_set_and_a_run_of_ten() {
        assert!(
            run_check(
                "shanghai-kolsov",
                8,
                "5C 5D 5S | 2H 3H 4H 5H 6H 7H 8H 9H 10H JK"
            )
            .ok
        );
        let r = run_check(
            "shanghai-kolsov",
            8,
            "5C 5D 5S | 2H 3H 4H 5H 6H 7H 8H 9H 10H",
        );
        assert_eq!(codes(&r), ["too_short"]);
    }

    #[test]
    fn progressive_allows_all_wild_melds_and_a_pair_in_round_14() {
        assert!(run_check("progressive", 14, "7C 7D 7S 7H JK | 3H 4H 5H 2C 7H | KS KD").ok);
        assert!(run_check("progressive", 1, "JK JK 2C | 9C 9D 9S").ok);
        let r = run_check("progressive", 14, "7C 7D 7S 7H JK | 3H 4H 5H 2C 7H | KS QD");
        assert!(!r.ok);
    }

    #[test]
    fn continental_needs_fifteen_cards_in_runs_only() {
        for (melds, want) in [
            (
                "3H 4H 5H | 6S 7S 8S | 9D 10D JD | AC 2C 3C | JK QH KH",
                &[][..],
            ),
            ("3H 4H 5H 6H | 6S 7S 8S 9S | 9D 10D JD QD | AC 2C 3C", &[]),
            ("3H 4H 5H 6H 7H | 6S 7S 8S 9S | 9D 10D JD | AC 2C 3C", &[]),
            (
                "3H 4H 5H | 6S 7S 8S | 9D 10D JD | AC 2C 3C | QC QH QS",
                &["no_alternative"],
            ),
            (
                "3H 4H 5H | 6S 7S 8S | 9D 10D JD | AC 2C 3C 4C | JK QH KH",
                &["card_count"],
            ),
        ] {
            let r = run_check("continental", 1, melds);
            assert_eq!(codes(&r), want, "{melds}");
            assert_eq!(r.ok, want.is_empty(), "{melds}");
        }
    }

    #[test]
    fn rommee_opening_counts_forty_points_with_ace_eleven_only_next_to_the_king() {
        let rs = RuleSet::preset("rommee").unwrap();
        let spec = rs.round_for_check(None).unwrap();
        let r = check(&rs, &spec, &parse_melds("QH KH AH").unwrap());
        assert_eq!(r.points, Some(31));
        assert_eq!(codes(&r), ["opening_too_low"]);
        let r = check(&rs, &spec, &parse_melds("QH KH AH | 10S 10D 10C").unwrap());
        assert!(r.ok);
        assert_eq!(r.points, Some(61));
        let r = check(&rs, &spec, &parse_melds("AH 2H 3H | KS KD KC KH").unwrap());
        assert_eq!(r.points, Some(6 + 40));
        let r = check(
            &rs,
            &spec,
            &parse_melds("QH KH AH 2H | 10S 10D 10C").unwrap(),
        );
        assert_eq!(r.points, Some(33 + 30), "Q-K-A-2 counts the ace 11");
        let r = check(
            &rs,
            &spec,
            &parse_melds("5H 5H 5S | 10S 10D 10C JK").unwrap(),
        );
        assert_eq!(codes(&r), ["set_suit_repeats"]);
        assert_eq!(r.points, Some(40));
        let r = check(&rs, &spec, &parse_melds("5H JK JK").unwrap());
        assert_eq!(codes(&r)[0], "too_few_naturals");
        let opts: BTreeMap<String, OptionValue> =
            [("opening_points".to_string(), OptionValue::Int(30))].into();
        let rs30 = RuleSet::with_options("rommee", &opts).unwrap();
        assert!(check(&rs30, &spec, &parse_melds("QH KH AH").unwrap()).ok);
    }

    #[test]
    fn hollywood_round_7_is_three_sets_or_three_runs_in_different_suits() {
        assert!(run_check("hollywood", 7, "5C 5D 5S | 9C 9D 9S | KC KD KS").ok);
        assert!(run_check("hollywood", 7, "3H 4H 5H 6H | 3S 4S 5S 6S | 9D 10D JD QD").ok);
        let r = run_check("hollywood", 7, "3H 4H 5H 6H | 8H 9H 10H JH | 9D 10D JD QD");
        assert_eq!(codes(&r), ["same_suit_runs"]);
        let r = run_check("hollywood", 7, "3H 4H 5H 6H | 5C 5D 5S | 9D 10D JD QD");
        assert!(!r.ok);
    }

    #[test]
    fn playing_without_jokers_flags_a_joker() {
        let opts: BTreeMap<String, OptionValue> =
            [("jokers".to_string(), OptionValue::Bool(false))].into();
        let rs = RuleSet::with_options("contract", &opts).unwrap();
        let spec = rs.round_for_check(Some(1)).unwrap();
        let r = check(&rs, &spec, &parse_melds("5C 5D JK | 9C 9D 9S").unwrap());
        assert_eq!(codes(&r), ["jokers_not_in_play"]);
    }

    #[test]
    fn single_meld_explanations_name_the_fault() {
        let rules = MeldRules::default();
        let p = |s: &str| meld_problem(&rules, 1, &parse_melds(s).unwrap()[0]).map(|p| p.code());
        assert_eq!(p("5H 7H 9H JH"), Some("run_gaps"));
        assert_eq!(p("5H 5H 6H 7H"), Some("run_repeats_rank"));
        assert_eq!(p("QH KH AH 2H"), Some("no_corner"));
        assert_eq!(p("5H 6S 7C"), Some("mixed_cards"));
        assert_eq!(p("JK JK JK"), Some("no_natural"));
        assert_eq!(p("5H 6H 7H 8H"), None);
    }
}
