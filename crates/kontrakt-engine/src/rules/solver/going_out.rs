//! Going out with cards kept in hand (Rommé, `go_out_left_max`; Wiener Rommé, seed 002:
//! "Restpunktezahl, die bei Romme auf der Hand bleiben dürfen, sind maximal 9"): melds that
//! take the whole hand but for cards worth at most the rule set's allowance.
//!
//! An exact search over the lowest card left (cards that are never wild first): it is kept
//! in hand, where its points still fit the allowance, or laid in one of the melds that can
//! hold it. A meld's candidates are every multiset of the cards left that could be a set of
//! its rank or a run through its place, each wild card anywhere a natural card could be; the
//! meld checker's own test ([`crate::rules::pins::meld_problem`] and a reading at least the
//! rule set's shortest set or run) decides which of them are melds, so every answer passes
//! the checker. A state (the cards left) that failed with some allowance fails with any
//! smaller one, and is remembered.
//!
//! A child of the solver (its `Budget`, `Solution`); pure: std only.

use super::{Budget, Solution, SolveError};
use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::meld::{MeldKind, MeldRules};
use crate::rules::ruleset::RuleSet;
use std::collections::{HashMap, HashSet};

/// Cards by [`Card::index`] (jokers at 52).
type Counts = [u8; 53];

/// Melds from `hand` leaving cards worth at most `rs.go_out_left_max` points, or `None`.
/// Jokers in a game without jokers are dead cards: they can only be kept.
pub(super) fn solve_going_out(
    rs: &RuleSet,
    hand: &[Card],
    budget: &mut Budget<'_>,
) -> Result<Option<Solution>, SolveError> {
    let mut counts = [0u8; 53];
    for c in hand {
        counts[c.index()] += 1;
    }
    let mut search = Search {
        rs,
        rules: &rs.meld,
        failed: HashMap::new(),
        melds: Vec::new(),
        kept: Vec::new(),
        budget,
    };
    if !search.rec(&mut counts, rs.go_out_left_max)? {
        return Ok(None);
    }
    let mut leftover = search.kept;
    leftover.sort();
    let pins = search.melds.iter().map(|m| vec![None; m.len()]).collect();
    Ok(Some(Solution {
        melds: search.melds,
        leftover,
        pins,
        placed: Vec::new(),
    }))
}

struct Search<'r, 'b, 'c> {
    rs: &'r RuleSet,
    rules: &'r MeldRules,
    /// The largest allowance each state of cards left failed with.
    failed: HashMap<Counts, u32>,
    melds: Vec<Vec<Card>>,
    kept: Vec<Card>,
    budget: &'b mut Budget<'c>,
}

impl Search<'_, '_, '_> {
    /// Can the cards `left` go out keeping at most `allowance` points? On yes, the melds and
    /// the cards kept are in `self`.
    fn rec(&mut self, left: &mut Counts, allowance: u32) -> Result<bool, SolveError> {
        self.budget.tick()?;
        let Some(card) = self.lowest(left) else {
            return Ok(true);
        };
        if self.failed.get(left).is_some_and(|&f| allowance <= f) {
            return Ok(false);
        }
        // Keep it in hand.
        let points = self.rs.left_points(&[card]);
        if points <= allowance {
            left[card.index()] -= 1;
            self.kept.push(card);
            if self.rec(left, allowance - points)? {
                return Ok(true);
            }
            self.kept.pop();
            left[card.index()] += 1;
        }
        // Or lay it in a meld (not a dead joker).
        if card != Card::Joker || self.rules.jokers {
            for meld in self.melds_with(card, left) {
                for c in &meld {
                    left[c.index()] -= 1;
                }
                self.melds.push(meld);
                if self.rec(left, allowance)? {
                    return Ok(true);
                }
                let meld = self.melds.pop().expect("pushed above");
                for c in &meld {
                    left[c.index()] += 1;
                }
            }
        }
        let f = self.failed.entry(*left).or_insert(allowance);
        *f = (*f).max(allowance);
        Ok(false)
    }

    /// The card to place next: the lowest card that is never wild, else the lowest left.
    fn lowest(&self, left: &Counts) -> Option<Card> {
        let held = (0..53).filter(|&i| left[i] > 0).map(Card::from_index);
        let mut wild = None;
        for c in held {
            if !self.rules.is_wild(c) {
                return Some(c);
            }
            wild.get_or_insert(c);
        }
        wild
    }

    /// Every meld of the cards `left` that holds `card`, each multiset once.
    fn melds_with(&self, card: Card, left: &Counts) -> Vec<Vec<Card>> {
        let pure = !self.rules.is_wild(card);
        let wilds: Vec<Card> = (0..53)
            .map(Card::from_index)
            .filter(|&c| left[c.index()] > 0 && self.rules.is_wild(c))
            .filter(|&c| c != Card::Joker || self.rules.jokers)
            .collect();
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut offer = |mut cards: Vec<Card>| {
            if !cards.contains(&card) {
                return;
            }
            cards.sort();
            if seen.insert(cards.clone()) && self.is_meld(&cards) {
                out.push(cards);
            }
        };
        // Sets: of the card's rank, or (a wild card first) of any rank held.
        let ranks: Vec<Rank> = match card.rank() {
            Some(r) if pure => vec![r],
            _ => Rank::all()
                .filter(|&r| Suit::ALL.iter().any(|&s| left[Card::new(r, s).index()] > 0))
                .collect(),
        };
        let set_most = self.rules.set_max.map_or(usize::MAX, usize::from);
        for rank in ranks {
            let mut members: Vec<Card> = Suit::ALL.iter().map(|&s| Card::new(rank, s)).collect();
            for &w in &wilds {
                if !members.contains(&w) {
                    members.push(w);
                }
            }
            let mut taken = vec![0u8; members.len()];
            multisets(&members, left, &mut taken, 0, &mut |cards| {
                if cards.len() >= self.rules.set_min as usize && cards.len() <= set_most {
                    offer(cards);
                }
            });
        }
        // Runs: in the card's suit through its place, or (a wild card) anywhere.
        let line = self.rules.line();
        let suits: Vec<Suit> = match card.suit() {
            Some(s) if pure => vec![s],
            _ => Suit::ALL.to_vec(),
        };
        for suit in suits {
            for len in self.rules.run_min as usize..=line.max_run() {
                for start in line.starts(len) {
                    let places: Vec<Card> = (0..len)
                        .map(|o| Card::new(line.rank_at(start, o), suit))
                        .collect();
                    if pure && !places.contains(&card) {
                        continue;
                    }
                    let mut used = *left;
                    let mut chosen = Vec::with_capacity(len);
                    fill_run(&places, &wilds, &mut used, &mut chosen, &mut offer);
                }
            }
        }
        out
    }

    /// The checker's test of an opening's meld: no problem, and a reading as a set or run
    /// at least the rule set's shortest.
    fn is_meld(&self, cards: &[Card]) -> bool {
        if crate::rules::pins::meld_problem(self.rules, 1, cards, &[]).is_some() {
            return false;
        }
        [MeldKind::Set, MeldKind::Run].iter().any(|&k| {
            crate::rules::pins::readings(self.rules, cards, &[], k)
                .iter()
                .any(|r| r.makeup().len >= self.rules.min_len(r.kind()))
        })
    }
}

/// Every multiset of `members` (each at most as often as `left` holds it), as cards.
fn multisets(
    members: &[Card],
    left: &Counts,
    taken: &mut Vec<u8>,
    i: usize,
    emit: &mut dyn FnMut(Vec<Card>),
) {
    if i == members.len() {
        let cards: Vec<Card> = members
            .iter()
            .zip(taken.iter())
            .flat_map(|(&c, &n)| std::iter::repeat_n(c, n as usize))
            .collect();
        emit(cards);
        return;
    }
    for n in 0..=left[members[i].index()] {
        taken[i] = n;
        multisets(members, left, taken, i + 1, emit);
    }
    taken[i] = 0;
}

/// Every way to fill the places of a run window: each place by its own card where one is
/// left, or by one of the wild cards left.
fn fill_run(
    places: &[Card],
    wilds: &[Card],
    used: &mut Counts,
    chosen: &mut Vec<Card>,
    emit: &mut dyn FnMut(Vec<Card>),
) {
    let Some((&place, rest)) = places.split_first() else {
        emit(chosen.clone());
        return;
    };
    let mut options: Vec<Card> = vec![place];
    options.extend(wilds.iter().copied().filter(|&w| w != place));
    for c in options {
        if used[c.index()] == 0 {
            continue;
        }
        used[c.index()] -= 1;
        chosen.push(c);
        fill_run(rest, wilds, used, chosen, emit);
        chosen.pop();
        used[c.index()] += 1;
    }
}
