//! The meld checker: is an arrangement of melds a legal contract meld (first meld) for a round,
//! and if not, every reason why (docs/RULES.md sections 2 and 3; Rommé's opening, section 4).
//!
//! Melds are matched to the contract's requirements by a real search over assignments and
//! readings, so the order the player gives melds in never matters. When nothing fits, the
//! assignment with the fewest problems is reported. Pure: std and serde only; the sentences of
//! a [`Problem`] are in `text`.

use super::cards::{Card, Pins, Rank};
use super::meld::{MeldKind, MeldRules, Reading};
pub use super::problem::{Problem, meld_problem};
use super::ruleset::{Contract, Requirement, RoundSpec, RuleSet};

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

/// Checks a going out: `melds` laid down at once (with their declarations `pins`) and the
/// cards `left` kept in hand. Where the round has no contract (Rommé), every meld must be a
/// legal set or run, no opening minimum applies (the whole hand goes down in one turn), and
/// the cards kept may be worth at most the rule set's `go_out_left_max` penalty points
/// (Wiener Rommé, seed 002: "maximal 9"; jokers and wild 2s count what they score). Where the
/// round has a contract, the melds are checked as [`check_pinned`] does and no card may be
/// kept. `points` is the melds' opening value, as for an opening.
pub fn check_going_out(
    rs: &RuleSet,
    round: &RoundSpec,
    melds: &[Vec<Card>],
    pins: &[Pins],
    left: &[Card],
) -> CheckResult {
    let mut result = if round.contract.is_none() {
        let meld_problems = melds
            .iter()
            .enumerate()
            .map(|(i, m)| super::pins::meld_problem(&rs.meld, i + 1, m, pins_of(pins, i)))
            .collect();
        let mut r = check_opening(rs, melds, pins, meld_problems, None);
        if pins.iter().any(|p| super::pins::any(p)) {
            r.pins = pins.to_vec();
        }
        r
    } else {
        check_pinned(rs, round, melds, pins)
    };
    let max = if round.contract.is_none() {
        rs.go_out_left_max
    } else {
        0
    };
    let points = rs.left_points(left);
    if !left.is_empty() && points > max {
        result.problems.push(Problem::TooManyLeft { points, max });
        result.ok = false;
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
        return check_opening(rs, melds, pins, meld_problems, rs.opening_points);
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
    opening_points: Option<u32>,
) -> CheckResult {
    let going_out = opening_points.is_none();
    let needed = opening_points.unwrap_or(0);
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
    if !going_out && (melds.is_empty() || points < needed) {
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
