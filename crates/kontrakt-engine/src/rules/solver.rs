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
//! Every answer is checked by [`super::check::check`] in the tests. Pure: std only. The Rommé
//! opening search lives in `opening` (a child: it may use this file's pieces, never the reverse
//! beyond its one entry point).

use super::cards::{Card, Pins, Rank, Suit};
use super::meld::{Line, MeldKind, MeldRules};
use super::ruleset::{Requirement, RoundSpec, RuleSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

mod cover;
mod declare;
mod memo;
mod opening;
mod suits;
mod sweep;
use memo::{QuickMap, WordMap};
use opening::solve_opening;

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

/// What of the melds placed so far matters to the rest of the search, added to `key`: nothing
/// without restrictions; with them, each meld's kind, rank or suit and window (not its cards).
fn placed_signature(round: &RoundSpec, placed: &[Placed], key: &mut PickKey) {
    if !restricted(round) {
        return;
    }
    let from = key.len();
    for p in placed {
        let (suit_or_rank, window) = match p.kind {
            // Runs: their suit, and their window where gaps between runs count.
            MeldKind::Run if round.run_gap() > 0 => (p.key, p.window),
            MeldKind::Run if round.runs_different_suits => (p.key, (0, 0)),
            // Sets: their rank where two sets of one rank are not allowed.
            MeldKind::Set if round.no_two_sets_same_rank => (p.key, (0, 0)),
            _ => (0, (0, 0)),
        };
        // One number a meld, so that sorting them sorts the melds: kind, loose ends and
        // suit or rank, then the window (start and length, each below 256).
        key.push((p.kind as u16) << 12 | u16::from(p.loose) << 8 | u16::from(suit_or_rank));
        key.push((window.0 as u16) << 8 | window.1 as u16);
    }
    // The melds' order does not matter.
    key.sort_pairs_from(from);
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

/// What a depth-first search that places one meld per open requirement needs to try a
/// candidate: [`Pick`] (open [`Requirement`]s) uses
/// [`Placing::try_candidate`].
struct Parts<'s, O> {
    round: &'s RoundSpec,
    line: &'s Line,
    /// The melds placed so far.
    placed: &'s mut Vec<Placed>,
    /// The requirements still open.
    open: &'s mut Vec<O>,
}

/// A search that places melds one at a time, each meeting one open requirement.
trait Placing {
    /// An open requirement: a [`Requirement`], or a run's minimum length.
    type Open: Copy + PartialEq;

    /// The round, the line of ranks, the placed melds and the open requirements.
    fn parts(&mut self) -> Parts<'_, Self::Open>;

    /// Searches on from here: `Ok(true)` when the open requirements were all met.
    fn search(&mut self, nat: &mut [u8; 52], wilds: usize) -> Result<bool, SolveError>;

    /// Places `cand` for the open requirement `req` (unless it conflicts with a meld already
    /// placed) and searches on; `Ok(true)` if that succeeded, else everything is as before.
    fn try_candidate(
        &mut self,
        nat: &mut [u8; 52],
        wilds: usize,
        req: Self::Open,
        cand: Placed,
    ) -> Result<bool, SolveError> {
        let w = cand.wilds();
        let Parts {
            round,
            line,
            placed,
            open,
        } = self.parts();
        if placed.iter().any(|p| conflicts(round, line, p, &cand)) {
            return Ok(false);
        }
        let at = open.iter().position(|&r| r == req).expect("open");
        open.remove(at);
        apply(nat, &cand.cards, 1);
        placed.push(cand);
        if self.search(nat, wilds - w)? {
            return Ok(true);
        }
        let Parts { placed, open, .. } = self.parts();
        let cand = placed.pop().expect("pushed");
        apply(nat, &cand.cards, -1);
        open.insert(at, req);
        Ok(false)
    }
}

/// A pick state: naturals left (two counts a word), requirements open, a mark, and the placed
/// melds where restrictions make them matter (two words each, sorted; see
/// [`placed_signature`]). The memo keeps the most wild cards with which it failed: cards may
/// be left over, so a state that failed with some wild cards fails with fewer too.
type PickKey = memo::Key<PICK_KEY_WORDS>;

/// Words in a [`PickKey`]: 26 for the naturals, one a requirement and the mark, two a placed
/// meld, for more melds than any preset's contract asks for.
const PICK_KEY_WORDS: usize = 64;

/// Search for contracts whose meld need not be the whole hand: one minimum-length meld per
/// requirement. Canonical: the first natural card left (by suit in `order`, then by rank) is
/// either in one of the melds or not used at all, so every arrangement is met once. Which
/// card comes first does not change what a state can make, so failed states hold whatever
/// the order.
struct Pick<'a, 'b> {
    rules: &'a MeldRules,
    round: &'a RoundSpec,
    line: Line,
    split: &'a Split,
    /// Failed states, shared by the searches of every split and alternative.
    failed: &'a mut WordMap,
    budget: &'a mut Budget<'b>,
    placed: Vec<Placed>,
    /// Requirements still open, sorted.
    open: Vec<Requirement>,
    /// Naturals set aside as not melded.
    unused: [u8; 52],
    /// The most naturals of a suit its runs can hold, by the suit's cards.
    covers: cover::Covers,
    /// How often each rank number lies on the line: the most copies one run holds.
    on_line: [usize; 14],
    /// Same-suit runs keep a gap and the contract asks for two runs or more: a run longer
    /// than needed may be what lets another lie close to it, by overlapping it (see
    /// `longest_run`).
    bridges: bool,
    /// The naturals a run of each length needs (at least one; by length, up to the line's).
    run_needs: Vec<usize>,
    /// The suits in the order their cards are decided: fewest naturals first, so that the
    /// states of the suit with the most are met again, and found in the memo, whatever the
    /// smaller suits and the splits of wild 2s did before.
    order: [usize; 4],
    /// The runs asked for at the root, for the check of the suits' shares.
    alt: &'a [Requirement],
    /// Whether the suits' shares were checked (see `suits`).
    suit_check: SuitCheck,
    /// The suits' answers found so far in this solve (`None`: no check, as in the searches
    /// of one suit that make it).
    shares: Option<&'a mut suits::Shares>,
}

/// Where a pick search stands with the check of the suits' shares (`suits`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SuitCheck {
    /// To be made once the solve has spent `suits::CHECK_AFTER` nodes.
    Pending,
    /// Made and passed, or not for this search.
    Done,
    /// Made and failed: the split cannot make the contract, and every state of it fails.
    Refused,
}

impl<'a, 'b> Pick<'a, 'b> {
    fn new(
        rules: &'a MeldRules,
        round: &'a RoundSpec,
        split: &'a Split,
        alt: &'a [Requirement],
        budget: &'a mut Budget<'b>,
        failed: &'a mut WordMap,
        shares: Option<&'a mut suits::Shares>,
    ) -> Self {
        let mut open = alt.to_vec();
        open.sort();
        let runs = alt.iter().filter(|r| r.kind == MeldKind::Run).count();
        let bridges = round.run_gap() > 0 && !round.runs_different_suits && runs >= 2;
        let line = rules.line();
        let line_len = line.len();
        let mut order = [0, 1, 2, 3];
        order.sort_by_key(|&suit| {
            split.nat[suit * 13..suit * 13 + 13]
                .iter()
                .map(|&c| usize::from(c))
                .sum::<usize>()
        });
        #[cfg(test)]
        if SUITS_BY_INDEX.get() {
            order = [0, 1, 2, 3];
        }
        Pick {
            rules,
            round,
            on_line: line.copies_per_run(),
            line,
            split,
            failed,
            budget,
            placed: Vec::new(),
            open,
            unused: [0; 52],
            covers: cover::Covers::default(),
            bridges,
            run_needs: (0..=line_len)
                .map(|len| rules.naturals_needed(len).max(1))
                .collect(),
            order,
            alt,
            suit_check: if shares.is_some() && suits::applies(alt, &split.nat) {
                SuitCheck::Pending
            } else {
                SuitCheck::Done
            },
            shares,
        }
    }

    fn solve(mut self) -> Result<Option<Solution>, SolveError> {
        let mut nat = self.split.nat;
        let wilds = self.split.wild_cards.len();
        if self.rec(&mut nat, wilds)? {
            let used: usize = self.placed.iter().map(Placed::wilds).sum();
            let mut left = nat;
            for (l, u) in left.iter_mut().zip(self.unused) {
                *l += u;
            }
            let mut ordered = self.placed.clone();
            ordered.sort_by_key(|p| (p.kind, p.key, p.window));
            return Ok(Some(materialise(
                &ordered,
                &self.split.wild_cards,
                &left,
                wilds - used,
            )));
        }
        Ok(None)
    }

    /// Melds of `req` that hold the natural card `first`: of the minimum length, or (with
    /// `longer`) the longer runs worth trying (see `longest_run`).
    fn candidates(
        &self,
        req: Requirement,
        first: usize,
        nat: &[u8; 52],
        wilds: usize,
        longer: bool,
    ) -> Vec<Placed> {
        let len = req.min as usize;
        if longer && (req.kind != MeldKind::Run || self.longest_run(len) == len) {
            return Vec::new();
        }
        let card = Card::from_index(first);
        let (suit, rank) = (card.suit().expect("natural"), card.rank().expect("natural"));
        let mut out = Vec::new();
        // The other open requirements' melds need their cards, and of them their naturals: a
        // candidate that leaves too few naturals, or too few cards with the wild cards, is
        // not worth placing (the bound would refuse the state it leads to).
        let naturals: usize = nat.iter().map(|&n| n as usize).sum();
        let (other_cards, other_naturals) = self.open.iter().fold((0, 0), |(c, n), r| {
            let len = r.min as usize;
            (c + len, n + self.rules.naturals_needed(len))
        });
        let other_cards = other_cards - len;
        let other_naturals = other_naturals - self.rules.naturals_needed(len);
        let worth = |cards: &[Option<usize>]| {
            let used = cards.iter().flatten().count();
            let left = naturals - used;
            left >= other_naturals
                && other_cards.saturating_sub(left) <= wilds - (cards.len() - used)
        };
        match req.kind {
            MeldKind::Set | MeldKind::Pair => {
                for cards in set_fillings(self.rules, nat, rank, len, wilds, Some(first)) {
                    if !worth(&cards) {
                        continue;
                    }
                    out.push(Placed {
                        kind: req.kind,
                        key: rank.number(),
                        window: (0, len),
                        cards,
                        loose: 0,
                    });
                }
            }
            MeldKind::Run => {
                let n = self.line.len();
                let suit_mask = line_mask(&self.line, nat, suit.index());
                let held = |p: usize| suit_mask >> (p % n) & 1 == 1;
                let shortest_after = self.shortest_open_run(Some(req));
                // Where the first card's rank lies on the line (twice for an ace at both ends).
                let at = (0..n).filter(|&p| self.line.ranks[p] == rank.number());
                let lengths = if longer {
                    len + 1..=self.longest_run(len)
                } else {
                    len..=len
                };
                for run_len in lengths {
                    // The other melds' cards must still be there with this run's (see
                    // `worth`), and it needs naturals enough, from what the others leave and,
                    // for a longer run, from the suit's ranks on the line. Each of these
                    // only grows with the length: no longer run passes either.
                    let fewest = self
                        .rules
                        .naturals_needed(run_len)
                        .max(run_len.saturating_sub(wilds));
                    if other_cards + run_len > wilds + naturals
                        || fewest + other_naturals > naturals
                        || (run_len > len && (suit_mask.count_ones() as usize) < fewest)
                    {
                        break;
                    }
                    // Cheap refusals before a window's cards are looked at: see
                    // `share_fillings` for longer runs that bridge nothing.
                    let share = run_len > len && !self.bridges;
                    if share
                        && self.rules.naturals_needed(run_len)
                            != self.rules.naturals_needed(run_len - 1)
                    {
                        continue;
                    }
                    // The windows holding a position of the first card's rank, each once and
                    // in order: a bit per start.
                    let mut starts = 0u32;
                    for p in at.clone() {
                        for o in 0..run_len {
                            if self.line.cyclic {
                                starts |= 1 << ((p + n - o) % n);
                            } else if p >= o && p - o + run_len <= n {
                                starts |= 1 << (p - o);
                            }
                        }
                    }
                    for start in (0..n).filter(|&b| starts >> b & 1 == 1) {
                        if share && !(held(start) && held(start + run_len - 1)) {
                            continue;
                        }
                        // A longer run's window must hold the naturals its length needs.
                        if run_len > len
                            && !window_may_hold(
                                &self.line,
                                suit_mask,
                                start,
                                run_len,
                                self.rules.naturals_needed(run_len),
                                wilds,
                            )
                        {
                            continue;
                        }
                        let avail =
                            run_window_options(&self.line, nat, suit.index(), start, run_len);
                        // The first matching position only: a second ace position would repeat.
                        let Some(fixed) = (0..run_len).find(|&o| avail[o] == Some(first)) else {
                            continue;
                        };
                        // A longer run takes the wild cards its gaps need.
                        if run_len > len && avail.iter().filter(|a| a.is_none()).count() > wilds {
                            continue;
                        }
                        // Each filling worth placing, its card list made only then.
                        let mut keep = |cards: &[Option<usize>]| {
                            if !worth(cards) {
                                return Ok(false);
                            }
                            let mut cand = Placed {
                                kind: MeldKind::Run,
                                key: suit.index() as u8,
                                window: (start, run_len),
                                cards: Vec::new(),
                                loose: 0,
                            };
                            if run_len > len && self.bridges {
                                cand.loose = self.loose_ends(cards);
                                if !self.loose_ends_may_close(
                                    &cand,
                                    cards,
                                    nat,
                                    wilds,
                                    shortest_after,
                                ) {
                                    return Ok(false);
                                }
                            }
                            cand.cards = cards.to_vec();
                            out.push(cand);
                            Ok(false)
                        };
                        if run_len > len && !self.bridges {
                            for cards in self.share_fillings(&avail, wilds, fixed) {
                                let _ = keep(&cards);
                            }
                        } else {
                            let all: Result<bool, SolveError> =
                                each_run_filling(self.rules, &avail, wilds, Some(fixed), &mut keep);
                            let _ = all;
                        }
                    }
                }
            }
        }
        // Fewest wild cards first: a "yes" is found early, a "no" is exhaustive anyway.
        out.sort_by_key(Placed::wilds);
        out
    }

    /// The fillings worth trying of a run longer than its requirement's minimum, where it
    /// cannot bridge two runs (see `longest_run`): such a run is needed only where dropping
    /// either end card leaves an illegal run, since otherwise the shorter run does as well
    /// and the dropped card stays in hand. So both ends are naturals, and it holds exactly
    /// the naturals its length needs, no more than one card shorter needs: two naturals per
    /// meld, its ends; half the meld, an even length with half of it natural.
    fn share_fillings(
        &self,
        avail: &[Option<usize>],
        wilds: usize,
        fixed: usize,
    ) -> Vec<Vec<Option<usize>>> {
        let len = avail.len();
        let need = self.rules.naturals_needed(len);
        if avail[0].is_none()
            || avail[len - 1].is_none()
            || need != self.rules.naturals_needed(len - 1)
            || len - need > wilds
        {
            return Vec::new();
        }
        let kept = |p: usize| p == 0 || p == len - 1 || p == fixed;
        let optional: Vec<usize> = (0..len)
            .filter(|&p| avail[p].is_some() && !kept(p))
            .collect();
        let must = (0..len).filter(|&p| kept(p)).count();
        // Which of the optional naturals become wild cards: exactly enough to leave `need`.
        let Some(to_wild) = (must + optional.len()).checked_sub(need) else {
            return Vec::new();
        };
        if need < must {
            return Vec::new();
        }
        let mut out = Vec::new();
        let all: Result<bool, std::convert::Infallible> =
            each_combination(optional.len(), to_wild, |pick| {
                let mut cards = avail.to_vec();
                for &i in pick {
                    cards[optional[i]] = None;
                }
                out.push(cards);
                Ok(false)
            });
        let Ok(_) = all;
        out
    }

    /// Which ends of a run longer than its requirement (where runs may bridge, see
    /// `longest_run`) only another run of its suit can justify. If the contract can be made,
    /// it can be made with no run that could lose an end card and stay legal and apart from
    /// its suit's other runs: drop such cards one by one (they stay in hand). A run one card
    /// shorter still overlaps every run it overlapped, but for a run that touched it only at
    /// the dropped card, and lies further from the others. So each end is either a natural
    /// that the run's own wild limits need, or ([`LOW_END`], [`HIGH_END`]) the place where
    /// another run of its suit ends or begins (`loose_ends_can_close`).
    fn loose_ends(&self, cards: &[Option<usize>]) -> u8 {
        let len = cards.len();
        let naturals = cards.iter().flatten().count();
        // Without that end the run keeps what a run one card shorter needs (and a natural).
        let short_ok = |end: Option<usize>| {
            end.is_none() || naturals > self.rules.naturals_needed(len - 1).max(1)
        };
        let mut loose = 0;
        if short_ok(cards[0]) {
            loose |= LOW_END;
        }
        if short_ok(cards[len - 1]) {
            loose |= HIGH_END;
        }
        loose
    }

    /// Can every loose end of the placed runs (`loose_ends`) still be touched?
    fn loose_ends_can_close(&self, nat: &[u8; 52], wilds: usize) -> bool {
        #[cfg(test)]
        if LOOSE_ENDS_OFF.get() {
            return true;
        }
        if !self.bridges {
            return true;
        }
        let shortest = self.shortest_open_run(None);
        self.placed.iter().enumerate().all(|(i, p)| {
            [LOW_END, HIGH_END].into_iter().all(|end| {
                p.loose & end == 0 || self.can_touch(nat, wilds, p, end, Some(i), shortest)
            })
        })
    }

    /// The shortest run requirement open (but for one `taken` now).
    fn shortest_open_run(&self, taken: Option<Requirement>) -> Option<usize> {
        let mut skip = taken;
        self.open
            .iter()
            .filter(|&&r| {
                if skip == Some(r) {
                    skip = None;
                    return false;
                }
                r.kind == MeldKind::Run
            })
            .map(|r| r.min as usize)
            .min()
    }

    /// Can the `end` of the run `p` (placed as number `me`, or a candidate) be touched: by a
    /// placed run of its suit that ends or begins exactly there, or by a run still to come
    /// (at least `shortest` cards), made of the naturals left (some window from that end
    /// holds what its length needs) and the wild cards left?
    fn can_touch(
        &self,
        nat: &[u8; 52],
        wilds: usize,
        p: &Placed,
        end: u8,
        me: Option<usize>,
        shortest: Option<usize>,
    ) -> bool {
        let n = self.line.len();
        let last = |w: (usize, usize)| (w.0 + w.1 - 1) % n;
        let at = if end == LOW_END {
            p.window.0
        } else {
            last(p.window)
        };
        let touched = self.placed.iter().enumerate().any(|(j, q)| {
            Some(j) != me
                && q.kind == MeldKind::Run
                && q.key == p.key
                && if end == LOW_END {
                    last(q.window) == at
                } else {
                    q.window.0 == at
                }
        });
        if touched {
            return true;
        }
        let Some(shortest) = shortest else {
            return false;
        };
        let mask = line_mask(&self.line, nat, p.key as usize);
        (shortest..=n).any(|len| {
            let start = if end == LOW_END {
                // A run ending at `at`.
                if self.line.cyclic {
                    (at + n + 1 - len) % n
                } else if at + 1 >= len {
                    at + 1 - len
                } else {
                    return false;
                }
            } else if self.line.cyclic || at + len <= n {
                at
            } else {
                return false;
            };
            window_may_hold(&self.line, mask, start, len, self.run_needs[len], wilds)
        })
    }

    /// Can the loose ends of the candidate `cand` still be touched once it is placed?
    fn loose_ends_may_close(
        &self,
        cand: &Placed,
        cards: &[Option<usize>],
        nat: &[u8; 52],
        wilds: usize,
        shortest: Option<usize>,
    ) -> bool {
        #[cfg(test)]
        if LOOSE_ENDS_OFF.get() {
            return true;
        }
        if cand.loose == 0 {
            return true;
        }
        let mut after = *nat;
        apply(&mut after, cards, 1);
        let wilds = wilds - cards.iter().filter(|c| c.is_none()).count();
        [LOW_END, HIGH_END].into_iter().all(|end| {
            cand.loose & end == 0 || self.can_touch(&after, wilds, cand, end, None, shortest)
        })
    }

    /// The longest run worth trying for a run requirement of `len` cards. Where cards may
    /// be left over, a run longer than needed can usually lose an end card and stay legal:
    /// - an end wild card, or an end natural under a limit on the wild cards per meld; but
    ///   where a meld needs more than one natural card, or a share of naturals, a natural
    ///   further along may be what makes it legal (`AH JK JK 4H` with two naturals per meld,
    ///   where no run of three is). Runs with naturals at both ends are tried, holding
    ///   just the naturals they need (`share_fillings`).
    /// - unless it must overlap another run of its suit, since runs that overlap need no gap
    ///   between them: with two ranks between same-suit runs, 3-5, 5-9 and 9-J of hearts are
    ///   legal, where no run of three inside 5-9 overlaps both or keeps the gap; and, with a
    ///   third of each meld wild and the line turning the corner, 7-J and J-4 of hearts from
    ///   7-10, Q, K, A, 3 and 4 and three jokers (each J and the 2), where J-4 without its
    ///   joker J touches 7-J.
    ///   Where same-suit runs keep a gap and the contract has two runs or more, runs of
    ///   every length are tried (two runs had once been left out).
    ///
    /// Then runs up to the line's length are tried.
    fn longest_run(&self, len: usize) -> usize {
        if self.round.exact_minimum
            || (self.rules.min_naturals <= 1 && self.rules.wild_share.is_none() && !self.bridges)
        {
            len
        } else {
            self.line.len()
        }
    }

    /// A lower bound on the wild cards the open requirements still need: every set takes the
    /// best chunk of one rank's naturals and the runs of each suit at most the naturals of that
    /// suit, each run no more than the best window (a relaxation, so it never overestimates).
    /// `usize::MAX` where the naturals cannot give every meld the naturals the wild limits
    /// ask for (one run per suit where runs must differ in suit, one set per rank where two
    /// sets of a rank are not allowed).
    fn wild_lower_bound(&mut self, nat: &[u8; 52]) -> usize {
        let total_nat: usize = nat.iter().map(|&n| n as usize).sum();
        let needed: usize = self.open.iter().map(|r| r.min as usize).sum();
        let mut set_mins: Vec<usize> = self
            .open
            .iter()
            .filter(|r| r.kind != MeldKind::Run)
            .map(|r| r.min as usize)
            .collect();
        let mut usable = 0;
        if let Some(&m_max) = set_mins.iter().max() {
            let rank_counts: Vec<usize> = (0..13)
                .map(|r| {
                    (0..4)
                        .map(|s| {
                            let n = nat[s * 13 + r] as usize;
                            if self.rules.set_distinct_suits {
                                n.min(1)
                            } else {
                                n
                            }
                        })
                        .sum()
                })
                .collect();
            let need = set_mins
                .iter()
                .map(|&m| self.rules.naturals_needed(m))
                .min()
                .unwrap_or(0);
            if need > 0 {
                let room: usize = if self.round.no_two_sets_same_rank {
                    rank_counts.iter().filter(|&&c| c >= need).count()
                } else {
                    rank_counts.iter().map(|&c| c / need).sum()
                };
                if room < set_mins.len() {
                    return usize::MAX;
                }
            }
            let mut slots = Vec::new();
            for &count in &rank_counts {
                let mut c = count;
                while c > 0 {
                    slots.push(c.min(m_max));
                    c = c.saturating_sub(m_max);
                }
            }
            slots.sort_unstable_by(|a, b| b.cmp(a));
            set_mins.sort_unstable_by(|a, b| b.cmp(a));
            usable += set_mins
                .iter()
                .zip(slots.iter().chain(std::iter::repeat(&0)))
                .map(|(&m, &slot)| m.min(slot))
                .sum::<usize>();
        }
        let runs: Vec<usize> = self
            .open
            .iter()
            .filter(|r| r.kind == MeldKind::Run)
            .map(|r| r.min as usize)
            .collect();
        if let Some(&longest) = runs.iter().max() {
            let shortest = runs.iter().copied().min().unwrap_or(longest);
            let r = runs.len();
            let need = runs
                .iter()
                .map(|&m| self.rules.naturals_needed(m))
                .min()
                .unwrap_or(0);
            // Per suit, the most naturals one to `r` runs can hold (`cover`). Runs of exactly
            // their minimum length (see `longest_run`) keep the round's gap where all are as
            // long as each other, and each must hold the naturals the wild limits ask. A
            // longer run takes at least the wild cards of a minimum-length stretch of it (its
            // other positions hold at most one natural each), so the bound counts such
            // stretches, without the gap (a longer run may bridge two close ones); then the
            // suit's naturals, each rank as often as the runs can hold it, must be enough for
            // its runs.
            let exact = self.longest_run(longest) == longest;
            let gap = if exact && runs.iter().all(|&m| m == longest) {
                self.round.run_gap()
            } else {
                0
            };
            let most_runs = if self.round.runs_different_suits {
                1
            } else {
                r
            };
            let mut best_by_count: Vec<Option<usize>> = vec![None; r + 1];
            best_by_count[0] = Some(0);
            for suit in 0..4 {
                let counts: [u8; 13] = nat[suit * 13..suit * 13 + 13]
                    .try_into()
                    .expect("thirteen ranks");
                let n: usize = counts.iter().map(|&c| c as usize).sum();
                if n == 0 {
                    continue;
                }
                // Longer runs: some window of the suit must hold what its length needs.
                let rules = self.rules;
                let hosts = exact
                    || need == 0
                    || self
                        .covers
                        .hosts_a_run(&self.line, &counts, shortest, &|len| {
                            rules.naturals_needed(len)
                        });
                let held = self
                    .covers
                    .most_naturals(&self.line, &counts, longest, most_runs, gap);
                // Longer runs: `j` runs hold a rank no more often than it lies on the line,
                // each (so two A♠ never make one run's two naturals).
                let room = |j: usize| {
                    if !hosts {
                        0
                    } else if exact {
                        held[j]
                    } else {
                        (0..13)
                            .map(|r| (counts[r] as usize).min(j * self.on_line[r + 1]))
                            .sum()
                    }
                };
                let mut next = best_by_count.clone();
                for used in 0..=r {
                    let Some(base) = best_by_count[used] else {
                        continue;
                    };
                    for j in 1..=most_runs.min(r - used) {
                        // No `j` runs of the suit hold the naturals each run needs.
                        if room(j) < j * need {
                            continue;
                        }
                        let v = base + held[j];
                        next[used + j] = Some(next[used + j].map_or(v, |x| x.max(v)));
                    }
                }
                best_by_count = next;
            }
            if need > 0 {
                // Every run holds naturals, so every run is in some suit.
                let Some(v) = best_by_count[r] else {
                    return usize::MAX;
                };
                usable += v;
            } else {
                usable += best_by_count.into_iter().flatten().max().unwrap_or(0);
            }
        }
        needed.saturating_sub(usable.min(total_nat))
    }

    fn rec(&mut self, nat: &mut [u8; 52], wilds: usize) -> Result<bool, SolveError> {
        if self.open.is_empty() {
            return Ok(true);
        }
        if self.suit_check == SuitCheck::Pending
            && self.budget.nodes >= Self::check_after()
            && let Some(shares) = self.shares.as_deref_mut()
        {
            self.suit_check = SuitCheck::Done;
            let mut one_suit = suits::OneSuit {
                rules: self.rules,
                round: self.round,
                shares,
                budget: self.budget,
                failed: self.failed,
            };
            if !one_suit.can_share(self.split, self.alt)? {
                self.suit_check = SuitCheck::Refused;
                #[cfg(test)]
                SUITS_REFUSED.set(SUITS_REFUSED.get() + 1);
            }
        }
        if self.suit_check == SuitCheck::Refused {
            return Ok(false);
        }
        self.budget.tick()?;
        let key = self.memo_key(nat);
        if key
            .words()
            .and_then(|k| self.failed.get(k))
            .is_some_and(|most| wilds <= most as usize)
        {
            return Ok(false);
        }
        if self.wild_lower_bound(nat) > wilds || !self.loose_ends_can_close(nat, wilds) {
            self.failed_with(key, wilds);
            return Ok(false);
        }
        let Some(first) = self
            .order
            .iter()
            .find_map(|&suit| (suit * 13..suit * 13 + 13).find(|&i| nat[i] > 0))
        else {
            return Ok(self.all_wild_melds(wilds));
        };
        let mut distinct = self.open.clone();
        distinct.dedup();
        // Melds of the minimum length first, for every requirement; longer runs only after
        // (there may be many, and a yes is often found without them).
        for longer in [false, true] {
            for &req in &distinct {
                for cand in self.candidates(req, first, nat, wilds, longer) {
                    if self.try_candidate(nat, wilds, req, cand)? {
                        return Ok(true);
                    }
                }
            }
        }
        // The first card stays in hand.
        nat[first] -= 1;
        self.unused[first] += 1;
        if self.rec(nat, wilds)? {
            return Ok(true);
        }
        nat[first] += 1;
        self.unused[first] -= 1;
        self.failed_with(key, wilds);
        Ok(false)
    }

    /// The nodes a solve spends before the suits' shares are checked: `suits::CHECK_AFTER`;
    /// in tests, never, or at once.
    fn check_after() -> u64 {
        #[cfg(test)]
        {
            if SUITS_CHECK_OFF.get() {
                return u64::MAX;
            }
            if SUITS_CHECK_AT_ONCE.get() {
                return 0;
            }
        }
        suits::CHECK_AFTER
    }

    /// Remembers that `key` failed with `wilds` wild cards (and so with fewer).
    fn failed_with(&mut self, key: PickKey, wilds: usize) {
        if let Some(k) = key.words() {
            self.failed.raise(k, wilds as u32);
        }
    }

    /// The memo key of the state with `nat` naturals left (see [`PickKey`]).
    fn memo_key(&self, nat: &[u8; 52]) -> PickKey {
        let mut key = PickKey::default();
        key.extend(
            nat.chunks_exact(2)
                .map(|c| u16::from(c[0]) | u16::from(c[1]) << 8),
        );
        key.extend(
            self.open
                .iter()
                .map(|r| (r.kind as u16) << 8 | u16::from(r.min)),
        );
        key.push(u16::MAX);
        placed_signature(self.round, &self.placed, &mut key);
        key
    }

    /// With no naturals left, the open requirements may be met by all-wild melds where the
    /// rules allow them (Progressive). Each gets a rank or suit of its own so that no
    /// restriction can bite.
    fn all_wild_melds(&mut self, wilds: usize) -> bool {
        let need: usize = self.open.iter().map(|r| r.min as usize).sum();
        let limit_ok = self
            .open
            .iter()
            .all(|r| self.rules.naturals_needed(r.min as usize) == 0);
        if need > wilds || !limit_ok {
            return false;
        }
        let mut made = Vec::new();
        for (i, r) in self.open.iter().enumerate() {
            let len = r.min as usize;
            let cand = Placed {
                kind: r.kind,
                key: (13 - i % 13) as u8,
                window: if r.kind == MeldKind::Run {
                    (self.line.starts(len).end.saturating_sub(1 + 5 * i), len)
                } else {
                    (0, len)
                },
                cards: vec![None; len],
                loose: 0,
            };
            if self
                .placed
                .iter()
                .chain(&made)
                .any(|p| conflicts(self.round, &self.line, p, &cand))
            {
                return false;
            }
            made.push(cand);
        }
        self.placed.extend(made);
        self.open.clear();
        true
    }
}

impl Placing for Pick<'_, '_> {
    type Open = Requirement;

    fn parts(&mut self) -> Parts<'_, Requirement> {
        Parts {
            round: self.round,
            line: &self.line,
            placed: &mut self.placed,
            open: &mut self.open,
        }
    }

    fn search(&mut self, nat: &mut [u8; 52], wilds: usize) -> Result<bool, SolveError> {
        self.rec(nat, wilds)
    }
}

#[cfg(test)]
#[path = "solver_tests.rs"]
mod tests;
