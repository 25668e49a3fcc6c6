//! The solver: can this hand make the round's contract, and with which melds?
//! (docs/RULES.md section 3: "The solver answers for the cards it is given".)
//!
//! An exact search, not a heuristic:
//! - wild 2s that may also stand for themselves are split up front, every way, into those
//!   used as natural 2s and those used as wild cards; the rest of the search sees naturals and
//!   a number of interchangeable wild cards;
//! - where the contract meld need not be the whole hand, one meld per requirement is chosen,
//!   of the minimum length where a legal longer meld always contains a legal minimum one; a
//!   longer run only where a share of naturals or a gap between same-suit runs needs it
//!   (`Pick::longest_run`), trying every placement of wild cards, and a run that may bridge
//!   only with each end needed by its wild limits or touching another run (`Pick::loose_ends`);
//! - where the round goes out all at once (in every preset those contracts are runs only), the
//!   lowest remaining natural card must lie in some run: every run through it is tried;
//! - where the contract asks only for runs of one length, a solve that has spent some nodes
//!   checks each split of the hand suit by suit first (`suits`): the wild cards each suit
//!   needs for its share of the runs, found by searches of that suit alone, must fit in the
//!   wild cards held;
//! - failed states are remembered, so a "no" is as fast as a "yes";
//! - Rommé: the most valuable set of melds is found by dynamic programming over what is left.
//!
//! Every answer is checked by [`super::check::check`] in the tests. Pure: std only. This file
//! holds the entry points and the pieces the strategies share; the strategies are children
//! that may use those pieces, never the reverse beyond their entry points: the pick search in
//! `pick`, the sweep in `sweep`, the Rommé opening search in `opening`.

use super::cards::{Card, Pins, Rank, Suit};
use super::meld::{Line, MeldKind, MeldRules};
use super::ruleset::{Requirement, RoundSpec, RuleSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

mod cover;
mod declare;
mod going_out;
mod memo;
mod opening;
mod pick;
mod suits;
mod sweep;
use memo::{QuickMap, WordMap};
use opening::solve_opening;
use pick::Pick;

/// Most cards the solver accepts in one hand.
pub const MAX_HAND: usize = 30;
/// Search nodes after which the solver gives up rather than tie up the server: a safety net
/// that no hand reaches in practice (the adversarial benchmark's worst hands stay far below).
const NODE_BUDGET: u64 = 20_000_000;
/// Nodes between two looks at the [`Stop`] signal.
const STOP_EVERY: u32 = 256;

/// When a search must give up before its answer: a flag another thread raises (the request
/// was abandoned), a deadline, or neither. Pure: an atomic and an instant, no runtime.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stop<'a> {
    /// Raised when the answer is no longer wanted.
    pub flag: Option<&'a AtomicBool>,
    /// The answer is no longer wanted after this instant.
    pub deadline: Option<Instant>,
}

impl Stop<'_> {
    /// Is the answer no longer wanted?
    pub fn stopped(&self) -> bool {
        self.flag.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// How to search.
#[derive(Debug, Clone, Copy, Default)]
pub struct SolveOptions<'a> {
    /// When to give up ([`SolveError::Cancelled`]).
    pub stop: Stop<'a>,
    /// Rommé: the most valuable opening rather than the first one worth the minimum.
    pub best_opening: bool,
}

/// The search's node count and its stop signal.
pub(crate) struct Budget<'a> {
    left: u64,
    stop: Stop<'a>,
    until_look: u32,
    /// Nodes searched (for tests and benchmarks).
    pub(crate) nodes: u64,
}

impl<'a> Budget<'a> {
    fn new(stop: Stop<'a>) -> Self {
        Budget {
            left: NODE_BUDGET,
            stop,
            until_look: 0,
            nodes: 0,
        }
    }

    /// Counts one node; an error once the budget is spent or the search is to stop.
    pub(crate) fn tick(&mut self) -> Result<(), SolveError> {
        self.left = self.left.checked_sub(1).ok_or(SolveError::TooComplex)?;
        self.nodes += 1;
        if self.until_look == 0 {
            if self.stop.stopped() {
                return Err(SolveError::Cancelled);
            }
            self.until_look = STOP_EVERY;
        }
        self.until_look -= 1;
        Ok(())
    }
}

/// A way to make the contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub melds: Vec<Vec<Card>>,
    pub leftover: Vec<Card>,
    /// What each wild card of each meld stands for, as a declaration (`JK=AH`, docs/RULES.md
    /// section 1): `pins[m][i]` for card `i` of meld `m`, `None` for a card standing for
    /// itself. With them the checker reads every meld as the solver laid it, all-wild melds
    /// too (they are legal only declared).
    pub pins: Vec<Pins>,
    /// The placed melds behind `melds`, in the same order (turned into `pins` once the
    /// search is done, then emptied).
    placed: Vec<Placed>,
}

/// Why the solver could not answer (its words, and `Display` in English, are in `text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// More cards than [`MAX_HAND`].
    TooManyCards(usize),
    /// The search would take too long (a safety net no hand reaches in practice).
    TooComplex,
    /// The answer was no longer wanted ([`Stop`]): the request was abandoned or ran out of time.
    Cancelled,
}

impl std::error::Error for SolveError {}

/// Finds melds from `hand` that make the round's contract, or `None` if there are none.
pub fn solve(
    rs: &RuleSet,
    round: &RoundSpec,
    hand: &[Card],
) -> Result<Option<Solution>, SolveError> {
    solve_with(rs, round, hand, &SolveOptions::default())
}

/// [`solve`] with a stop signal, and (Rommé) whether the best opening is wanted.
pub fn solve_with(
    rs: &RuleSet,
    round: &RoundSpec,
    hand: &[Card],
    options: &SolveOptions<'_>,
) -> Result<Option<Solution>, SolveError> {
    let mut found = solve_counted(rs, round, hand, options, &mut Budget::new(options.stop))?;
    if let Some(solution) = &mut found {
        declare::declare(&rs.meld, round, solution);
    }
    Ok(found)
}

/// Can this hand go out, laying melds down at once and keeping cards worth at most the rule
/// set's `go_out_left_max` points in hand (Wiener Rommé: 9)? Where the round has no contract
/// (Rommé) the search is exact: melds whose leftover is checked by
/// [`super::check::check_going_out`]; every card is melded where the allowance is 0. Where
/// the round has a contract, the answer is [`solve_with`]'s where it leaves no card over.
/// Wild cards are left undeclared in the answer: the checker reads each meld in any legal way.
pub fn solve_going_out(
    rs: &RuleSet,
    round: &RoundSpec,
    hand: &[Card],
    options: &SolveOptions<'_>,
) -> Result<Option<Solution>, SolveError> {
    if round.contract.is_some() {
        return Ok(solve_with(rs, round, hand, options)?.filter(|s| s.leftover.is_empty()));
    }
    if hand.len() > MAX_HAND {
        return Err(SolveError::TooManyCards(hand.len()));
    }
    going_out::solve_going_out(rs, hand, &mut Budget::new(options.stop))
}

/// [`solve_with`] and how many search nodes it took: tests keep slow corners closed with it,
/// and the benchmarks report it beside the time, as a measure the machine's load cannot skew.
pub fn solve_counting(
    rs: &RuleSet,
    round: &RoundSpec,
    hand: &[Card],
    options: &SolveOptions<'_>,
) -> (Result<Option<Solution>, SolveError>, u64) {
    let mut budget = Budget::new(options.stop);
    let mut found = solve_counted(rs, round, hand, options, &mut budget);
    if let Ok(Some(solution)) = &mut found {
        declare::declare(&rs.meld, round, solution);
    }
    (found, budget.nodes)
}

/// [`solve_counting`] with the default options.
#[cfg(test)]
pub(crate) fn solve_nodes(
    rs: &RuleSet,
    round: &RoundSpec,
    hand: &[Card],
) -> (Result<Option<Solution>, SolveError>, u64) {
    solve_counting(rs, round, hand, &SolveOptions::default())
}

/// [`solve_with`], counting its nodes in `budget`.
fn solve_counted(
    rs: &RuleSet,
    round: &RoundSpec,
    hand: &[Card],
    options: &SolveOptions<'_>,
    budget: &mut Budget<'_>,
) -> Result<Option<Solution>, SolveError> {
    if hand.len() > MAX_HAND {
        return Err(SolveError::TooManyCards(hand.len()));
    }
    let rules = &rs.meld;
    // Jokers in a game without jokers are dead cards.
    let (usable, dead): (Vec<Card>, Vec<Card>) = hand
        .iter()
        .partition(|&&c| rules.jokers || c != Card::Joker);
    let Some(contract) = &round.contract else {
        return solve_opening(rs, &usable, budget, options.best_opening).map(|o| {
            o.map(|mut s| {
                s.leftover.extend(dead);
                s
            })
        });
    };
    if round.go_out_all && !dead.is_empty() {
        return Ok(None);
    }
    // Going out all at once takes every card held after drawing (docs/RULES.md section 3).
    if round
        .go_out_all_min_cards()
        .is_some_and(|needed| hand.len() < needed)
    {
        return Ok(None);
    }
    if let Some(total) = round.total_cards
        && hand.len() != total as usize
    {
        return Ok(None);
    }
    // The pick search's failed states hold for every split and alternative: a state is the
    // naturals and the number of wild cards left (wild cards are interchangeable, whether
    // jokers or 2s), the requirements open and what of the placed melds matters.
    // Splits come with the most wild 2s first, so that a later split's state with fewer
    // wild cards finds the failure already known.
    let mut pick_failed = WordMap::take();
    let mut shares = suits::Shares::default();
    let may_be_natural = twos_that_may_be_natural(rules, contract, &usable);
    let mut search = || {
        for split in flex_splits(rules, &usable, may_be_natural) {
            for alt in &contract.alternatives {
                let found = if round.go_out_all {
                    if alt.iter().any(|r| r.kind != MeldKind::Run) {
                        // No preset has a go-out-all contract with sets; treat sets as
                        // needing the general search below, which handles exact lengths only.
                        continue;
                    }
                    sweep::Sweep::new(rules, round, &split, alt, budget).solve()?
                } else {
                    Pick::new(
                        rules,
                        round,
                        &split,
                        alt,
                        budget,
                        &mut pick_failed,
                        Some(&mut shares),
                    )
                    .solve()?
                };
                if let Some(mut s) = found {
                    s.leftover.extend(dead.iter().copied());
                    s.leftover.sort();
                    return Ok(Some(s));
                }
            }
        }
        Ok(None)
    };
    let found = search();
    pick_failed.give_back();
    found
}

/// A hand split into naturals (counts by card index) and wild cards.
#[derive(Debug, Clone)]
struct Split {
    nat: [u8; 52],
    /// Physical wild cards, jokers first.
    wild_cards: Vec<Card>,
}

/// By suit: can a 2 of that suit (where 2s are wild and may stand for themselves) serve this
/// contract as a natural card? Not where the contract has only runs, each needing two
/// naturals or more, and no run window over the 2's place holds, with the 2 and the hand's
/// other naturals of its suit, the naturals its length needs, its other places filled by the
/// hand's wild cards. Such a 2 would be left over, and as a wild card it can be left over
/// just the same. Splits that keep it natural are then skipped (each would be searched in
/// vain).
fn twos_that_may_be_natural(
    rules: &MeldRules,
    contract: &super::ruleset::Contract,
    hand: &[Card],
) -> [bool; 4] {
    let reqs = || contract.alternatives.iter().flatten();
    let shortest_run = reqs()
        .filter(|r| r.kind == MeldKind::Run)
        .map(|r| r.min as usize)
        .min();
    let only_runs = reqs().all(|r| r.kind == MeldKind::Run);
    let Some(shortest_run) = shortest_run.filter(|_| only_runs) else {
        return [true; 4];
    };
    if rules.naturals_needed(shortest_run) < 2 {
        return [true; 4];
    }
    #[cfg(test)]
    if TWOS_RULE_OFF.get() {
        return [true; 4];
    }
    // Every natural card of the hand, 2s included, and every card that may be wild.
    let mut nat = [0u8; 52];
    for c in hand {
        if let Card::Natural { .. } = c {
            nat[c.index()] += 1;
        }
    }
    let wilds = hand.iter().filter(|&&c| rules.is_wild(c)).count();
    let line = rules.line();
    let n = line.len();
    let twos: Vec<usize> = (0..n).filter(|&p| line.ranks[p] == 2).collect();
    std::array::from_fn(|suit| {
        let mask = line_mask(&line, &nat, suit);
        (shortest_run..=line.max_run()).any(|len| {
            line.starts(len).any(|start| {
                let over_a_two = twos.iter().any(|&p| (p + n - start) % n < len);
                over_a_two
                    && window_may_hold(&line, mask, start, len, rules.naturals_needed(len), wilds)
            })
        })
    })
}

/// Every way to split wild 2s that may stand for themselves into naturals and wilds (the
/// 2s of a suit only where `may_be_natural` says so; the others are wild).
fn flex_splits(rules: &MeldRules, hand: &[Card], may_be_natural: [bool; 4]) -> Vec<Split> {
    let mut nat = [0u8; 52];
    let mut wild_cards = Vec::new();
    let mut flex = [0u8; 4];
    for &c in hand {
        match c {
            Card::Joker => wild_cards.push(c),
            Card::Natural { rank, suit } if rules.twos_wild && rank == Rank::TWO => {
                if rules.twos_natural && may_be_natural[suit.index()] {
                    flex[suit.index()] += 1;
                } else {
                    wild_cards.push(c);
                }
            }
            _ => nat[c.index()] += 1,
        }
    }
    let mut out = Vec::new();
    // Most naturals first: the common case.
    let mut choice = [0u8; 4];
    fn rec(
        i: usize,
        flex: &[u8; 4],
        choice: &mut [u8; 4],
        nat: &[u8; 52],
        wild: &[Card],
        out: &mut Vec<Split>,
    ) {
        if i == 4 {
            let mut n = *nat;
            let mut w = wild.to_vec();
            for s in 0..4 {
                let two = Card::new(Rank::TWO, Suit::ALL[s]);
                n[two.index()] += choice[s];
                w.extend(std::iter::repeat_n(two, (flex[s] - choice[s]) as usize));
            }
            out.push(Split {
                nat: n,
                wild_cards: w,
            });
            return;
        }
        for k in 0..=flex[i] {
            choice[i] = k;
            rec(i + 1, flex, choice, nat, wild, out);
        }
    }
    rec(0, &flex, &mut choice, &nat, &wild_cards, &mut out);
    out
}

/// One meld in the making: natural card indices and how many wilds, with its reading facts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Placed {
    kind: MeldKind,
    /// Set rank number, or run suit index.
    key: u8,
    /// Run window (start, len); set: (0, len).
    window: (usize, usize),
    /// Natural card index per position (runs), or the naturals (sets); `None` = wild.
    cards: Vec<Option<usize>>,
    /// The ends of a run longer than its requirement that only another run of its suit can
    /// justify, by touching it there ([`LOW_END`], [`HIGH_END`]; see `Pick::loose_ends`).
    loose: u8,
}

#[cfg(test)]
thread_local! {
    /// Tests only: the pick search tries runs that may bridge without the loose-end rule
    /// (`Pick::loose_ends`), to show that the rule changes no answer.
    static LOOSE_ENDS_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };

    /// Tests only: the pick search decides the suits in index order (clubs first) rather
    /// than fewest naturals first, to show that the order changes no answer.
    static SUITS_BY_INDEX: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };

    /// Tests only: every 2 that may stand for itself is split off as a natural too
    /// (`twos_that_may_be_natural` off), to show that skipping useless ones changes no answer.
    static TWOS_RULE_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };

    /// Tests only: the pick search never checks the suits' shares (`suits`), to show that
    /// the check changes no answer.
    static SUITS_CHECK_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };

    /// Tests only: the pick search checks the suits' shares at the root of every split
    /// rather than after `suits::CHECK_AFTER` nodes, so that small hands meet the check.
    static SUITS_CHECK_AT_ONCE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };

    /// Tests only: how many splits the check of the suits' shares refused on this thread.
    static SUITS_REFUSED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Tests only: a small deterministic number source (xorshift from `seed`); `next(m)` is in
/// `0..m`.
#[cfg(test)]
fn test_numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |m| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    }
}

/// A run's lowest position: another run of its suit must end exactly there.
const LOW_END: u8 = 1;
/// A run's highest position: another run of its suit must begin exactly there.
const HIGH_END: u8 = 2;

impl Placed {
    fn wilds(&self) -> usize {
        self.cards.iter().filter(|c| c.is_none()).count()
    }
}

fn conflicts(round: &RoundSpec, line: &Line, a: &Placed, b: &Placed) -> bool {
    match (a.kind, b.kind) {
        (MeldKind::Run, MeldKind::Run) if a.key == b.key => {
            round.runs_different_suits
                || (round.run_gap() > 0
                    && !line.overlaps(a.window, b.window)
                    && line.gap(a.window, b.window) < round.run_gap())
        }
        (MeldKind::Set, MeldKind::Set) => round.no_two_sets_same_rank && a.key == b.key,
        _ => false,
    }
}

fn restricted(round: &RoundSpec) -> bool {
    round.run_gap() > 0 || round.runs_different_suits || round.no_two_sets_same_rank
}

/// Turns placed melds into card lists, handing out the physical wild cards in order.
fn materialise(
    placed: &[Placed],
    split_wilds: &[Card],
    nat_left: &[u8; 52],
    wilds_left: usize,
) -> Solution {
    let mut wild_iter = split_wilds.iter().copied();
    let melds = placed
        .iter()
        .map(|p| {
            p.cards
                .iter()
                .map(|c| match c {
                    Some(i) => Card::from_index(*i),
                    None => wild_iter.next().expect("enough wild cards"),
                })
                .collect()
        })
        .collect();
    let mut leftover: Vec<Card> = wild_iter.take(wilds_left).collect();
    for (i, &n) in nat_left.iter().enumerate() {
        leftover.extend(std::iter::repeat_n(Card::from_index(i), n as usize));
    }
    Solution {
        melds,
        leftover,
        pins: Vec::new(),
        placed: placed.to_vec(),
    }
}

/// The line positions whose card of `suit` is among the naturals (bit `p` for position `p`).
fn line_mask(line: &Line, nat: &[u8; 52], suit: usize) -> u32 {
    line.ranks
        .iter()
        .enumerate()
        .filter(|&(_, &r)| nat[suit * 13 + r as usize - 1] > 0)
        .fold(0, |m, (p, _)| m | 1 << p)
}

/// How many positions of a run window `line_mask` marks (at most what the window can hold
/// of those naturals: an ace at both ends counts twice here).
fn window_count(line: &Line, mask: u32, start: usize, len: usize) -> usize {
    let n = line.len();
    let doubled = u64::from(mask) | u64::from(mask) << n;
    ((doubled >> start) & ((1u64 << len) - 1)).count_ones() as usize
}

/// Could a run in this window hold the `need` naturals it must, with no more gaps than the
/// `wilds` wild cards fill (by `window_count`, before any card is looked at)?
fn window_may_hold(
    line: &Line,
    mask: u32,
    start: usize,
    len: usize,
    need: usize,
    wilds: usize,
) -> bool {
    let held = window_count(line, mask, start, len);
    held >= need && len - held <= wilds
}

/// The most positions a run window has: a line has at most 14 (an ace at both ends).
const MAX_WINDOW: usize = 14;

/// A run window's positions, each with the natural card that could fill it or `None`, kept
/// on the stack (this is made for every window at every search node). Reads as a slice.
#[derive(Clone, Copy)]
struct Avail {
    cells: [Option<usize>; MAX_WINDOW],
    len: usize,
}

impl std::ops::Deref for Avail {
    type Target = [Option<usize>];

    fn deref(&self) -> &[Option<usize>] {
        &self.cells[..self.len]
    }
}

/// Positions of a run window that natural cards could fill, given what is available.
fn run_window_options(line: &Line, nat: &[u8; 52], suit: usize, start: usize, len: usize) -> Avail {
    // A window holds a rank at most twice (an ace at both ends): the naturals it took so
    // far are counted by rank, in a plain array.
    let mut used = [0u8; 14];
    let mut avail = Avail {
        cells: [None; MAX_WINDOW],
        len,
    };
    for (o, cell) in avail.cells[..len].iter_mut().enumerate() {
        let rank = line.rank_at(start, o);
        let idx = Card::new(rank, Suit::ALL[suit]).index();
        let u = &mut used[rank.number() as usize];
        if nat[idx] > *u {
            *u += 1;
            *cell = Some(idx);
        }
    }
    avail
}

/// What [`each_run_filling`] calls with each filling: `Ok(true)` stops the enumeration.
type FillingVisitor<'f> = dyn FnMut(&[Option<usize>]) -> Result<bool, SolveError> + 'f;

/// Calls `f` with every way to fill a run window, fewest wild cards first, until it answers
/// `Ok(true)`: each position with an available natural either takes it or a wild card,
/// within the wild limits. No list of fillings is built, so a search that succeeds early
/// never pays for the rest.
fn each_run_filling(
    rules: &MeldRules,
    avail: &[Option<usize>],
    wilds: usize,
    fixed: Option<usize>,
    f: &mut FillingVisitor<'_>,
) -> Result<bool, SolveError> {
    let len = avail.len();
    let must_wild = avail.iter().filter(|a| a.is_none()).count();
    let max_w = (len - rules.naturals_needed(len)).min(wilds);
    if must_wild > max_w {
        return Ok(false);
    }
    let mut optional = [0usize; MAX_WINDOW];
    let mut optionals = 0;
    for p in (0..len).filter(|&p| avail[p].is_some() && Some(p) != fixed) {
        optional[optionals] = p;
        optionals += 1;
    }
    let optional = &optional[..optionals];
    let extra_max = (max_w - must_wild).min(optional.len());
    let mut cells = [None; MAX_WINDOW];
    cells[..len].copy_from_slice(avail);
    let cards = &mut cells[..len];
    // Which optional positions become wild: every combination of k of them, k = 0, 1, ...
    for k in 0..=extra_max {
        let found = each_combination(optional.len(), k, |pick| {
            for &i in pick {
                cards[optional[i]] = None;
            }
            let found = f(cards);
            for &i in pick {
                cards[optional[i]] = avail[optional[i]];
            }
            found
        })?;
        if found {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Calls `f` with every choice of `k` of the numbers `0..n` (each ascending, in
/// lexicographic order) until it answers `Ok(true)`; none where `k > n`.
fn each_combination<E>(
    n: usize,
    k: usize,
    mut f: impl FnMut(&[usize]) -> Result<bool, E>,
) -> Result<bool, E> {
    if k > n {
        return Ok(false);
    }
    // Every caller chooses among a run window's positions.
    let mut picked = [0usize; MAX_WINDOW];
    let pick = &mut picked[..k];
    for (i, p) in pick.iter_mut().enumerate() {
        *p = i;
    }
    loop {
        if f(pick)? {
            return Ok(true);
        }
        let Some(i) = (0..k).rev().find(|&i| pick[i] < n - k + i) else {
            return Ok(false);
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// Every way to make a set of `len` cards of `rank` from what is available.
fn set_fillings(
    rules: &MeldRules,
    nat: &[u8; 52],
    rank: Rank,
    len: usize,
    wilds: usize,
    fixed: Option<usize>,
) -> Vec<Vec<Option<usize>>> {
    if rules.set_max.is_some_and(|m| len > m as usize) || (rules.set_distinct_suits && len > 4) {
        return Vec::new();
    }
    let avail: Vec<u8> = (0..4)
        .map(|s| {
            let n = nat[Card::new(rank, Suit::ALL[s]).index()];
            if rules.set_distinct_suits {
                n.min(1)
            } else {
                n
            }
        })
        .collect();
    let max_w = (len - rules.naturals_needed(len)).min(wilds);
    let mut out = Vec::new();
    let mut take = [0u8; 4];
    fn rec(s: usize, left: usize, avail: &[u8], take: &mut [u8; 4], acc: &mut Vec<[u8; 4]>) {
        if s == 4 {
            if left == 0 {
                acc.push(*take);
            }
            return;
        }
        for k in (0..=(avail[s] as usize).min(left)).rev() {
            take[s] = k as u8;
            rec(s + 1, left - k, avail, take, acc);
        }
        take[s] = 0;
    }
    let total: usize = avail.iter().map(|&a| a as usize).sum();
    for naturals in (0..=len.min(total)).rev() {
        let w = len - naturals;
        if w > max_w {
            continue;
        }
        let mut combos = Vec::new();
        rec(0, naturals, &avail, &mut take, &mut combos);
        for t in combos {
            if let Some(f) = fixed
                && t[f / 13] == 0
            {
                continue;
            }
            let mut cards = Vec::with_capacity(len);
            for (s, &k) in t.iter().enumerate() {
                for _ in 0..k {
                    cards.push(Some(Card::new(rank, Suit::ALL[s]).index()));
                }
            }
            cards.extend(std::iter::repeat_n(None, w));
            out.push(cards);
        }
    }
    out
}

fn apply(nat: &mut [u8; 52], cards: &[Option<usize>], sign: i8) {
    for i in cards.iter().flatten() {
        if sign > 0 {
            nat[*i] -= 1;
        } else {
            nat[*i] += 1;
        }
    }
}

#[cfg(test)]
#[path = "solver_tests.rs"]
mod tests;
