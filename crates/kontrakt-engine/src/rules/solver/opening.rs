//! Rommé's opening search: melds worth at least the first meld's minimum points
//! (docs/RULES.md 4 `rommee`). A strategy of the solver beside the contract searches.
//!
//! Uses only the solver's shared pieces (splits, budget, fillings); nothing outside `rules`
//! and std.

use super::{
    Budget, Placed, QuickMap, Solution, SolveError, apply, each_run_filling, flex_splits,
    line_mask, materialise, run_window_options, set_fillings, window_may_hold,
};
use crate::rules::cards::{Card, Rank};
use crate::rules::meld::{Line, MeldKind, MeldRules};
use crate::rules::ruleset::RuleSet;
use std::rc::Rc;

/// Rommé: melds worth at least the opening minimum (docs/RULES.md 4 `rommee`), or with
/// `best` the most valuable melds the hand holds (at least the minimum).
///
/// A depth-first search over the lowest natural card (in a meld, or kept). The melds that
/// could hold it are tried most valuable first; a meld's value depends only on its ranks
/// (a wild card counts as the card it stands for), so values are counted per window, and the
/// ways to fill a window with naturals and wild cards are made one at a time, only as far as
/// the search goes. A state (cards left) that failed with some value already laid fails with
/// any lower value too; a bound (every card left at its highest value) cuts hopeless states.
pub(super) fn solve_opening(
    rs: &RuleSet,
    hand: &[Card],
    budget: &mut Budget<'_>,
    best: bool,
) -> Result<Option<Solution>, SolveError> {
    let needed = rs.opening_points.unwrap_or(0).max(1);
    let mut answer: Option<(u32, Solution)> = None;
    // Failed states hold for every split: the target only grows from one to the next.
    let mut failed = QuickMap::default();
    // The meld shapes of each card depend on the rules alone: made once for every split.
    let mut shapes = vec![None; 52];
    for split in flex_splits(&rs.meld, hand, [true; 4]) {
        let mut search = Opening {
            rules: &rs.meld,
            line: rs.meld.line(),
            target: answer.as_ref().map_or(needed, |a| a.0 + 1),
            best,
            ceiling: value_of(&split.nat) + split.wild_cards.len() as u32 * 11,
            failed: &mut failed,
            budget,
            placed: Vec::new(),
            found: None,
            shapes: &mut shapes,
        };
        let mut nat = split.nat;
        let left = value_of(&nat);
        search.rec(&mut nat, split.wild_cards.len(), 0, left)?;
        if let Some((value, placed)) = search.found {
            let used: usize = placed.iter().map(Placed::wilds).sum();
            let mut left = split.nat;
            for p in &placed {
                apply(&mut left, &p.cards, 1);
            }
            let solution = materialise(
                &placed,
                &split.wild_cards,
                &left,
                split.wild_cards.len() - used,
            );
            answer = Some((value, solution));
            if !best {
                break;
            }
        }
    }
    Ok(answer.map(|a| a.1))
}

struct Opening<'a, 'b, 'f> {
    rules: &'a MeldRules,
    line: Line,
    /// The value to reach: the minimum, or (best) one more than the best found so far. It
    /// only grows, so a state that failed to reach it once fails again.
    target: u32,
    best: bool,
    /// The most this split's cards can be worth, every card at its highest value: an opening
    /// worth it cannot be beaten, so the search for the best may stop there.
    ceiling: u32,
    /// Per naturals left: (wild cards, value already laid) with which the state failed to
    /// reach the target. Cards may be left over, so it fails with fewer wild cards and a
    /// lower value too; shared by the searches of every split of the wild 2s.
    failed: &'f mut QuickMap<[u8; 52], Vec<(usize, u32)>>,
    budget: &'a mut Budget<'b>,
    placed: Vec<Placed>,
    /// The best melds found, with their value.
    found: Option<(u32, Vec<Placed>)>,
    /// Per natural card, every meld shape that could hold it, most valuable first: made once
    /// per card, as they depend on nothing else (shared by the searches of every split).
    shapes: &'f mut Vec<Option<Rc<[Shape]>>>,
}

/// Every natural card counted at its highest value.
fn value_of(nat: &[u8; 52]) -> u32 {
    nat.iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(i, &n)| n as u32 * face_value(Card::from_index(i)))
        .sum()
}

/// The most a card can be worth in an opening (an ace 11, J Q K 10, a wild card 11).
fn face_value(card: Card) -> u32 {
    match card.rank().map(Rank::number) {
        Some(1) | None => 11,
        Some(n) if n >= 10 => 10,
        Some(n) => n as u32,
    }
}

/// A meld shape that could hold the lowest natural card, with its value.
#[derive(Debug, Clone)]
struct Shape {
    value: u32,
    kind: MeldKind,
    /// Set: rank number; run: suit index.
    key: u8,
    /// Run: (start, len) on the line; set: (0, len).
    window: (usize, usize),
}

impl Opening<'_, '_, '_> {
    /// The opening value of a run window, as the checker counts it
    /// ([`crate::rules::check::opening_value`]): an ace is 1 in a run without a king.
    fn run_value(&self, start: usize, len: usize) -> u32 {
        let ranks: Vec<Rank> = (0..len).map(|o| self.line.rank_at(start, o)).collect();
        let has_king = ranks.contains(&Rank::KING);
        ranks
            .iter()
            .map(|&r| {
                if r == Rank::ACE && !has_king {
                    1
                } else {
                    face_value(Card::new(r, crate::rules::cards::Suit::ALL[0]))
                }
            })
            .sum()
    }

    /// Every meld shape holding `first` that the cards left could fill, most valuable first.
    fn shapes(&self, first: usize, cards_left: usize) -> Vec<Shape> {
        let card = Card::from_index(first);
        let (suit, rank) = (
            card.suit().expect("natural").index(),
            card.rank().expect("natural"),
        );
        let mut out = Vec::new();
        let set_most = self
            .rules
            .set_max
            .map_or(4, usize::from)
            .min(if self.rules.set_distinct_suits { 4 } else { 8 })
            .min(cards_left);
        for len in self.rules.set_min as usize..=set_most {
            out.push(Shape {
                value: face_value(card) * len as u32,
                kind: MeldKind::Set,
                key: rank.number(),
                window: (0, len),
            });
        }
        for len in self.rules.run_min as usize..=cards_left.min(self.line.max_run()) {
            for start in self.line.starts(len) {
                if (0..len).any(|o| self.line.rank_at(start, o) == rank) {
                    out.push(Shape {
                        value: self.run_value(start, len),
                        kind: MeldKind::Run,
                        key: suit as u8,
                        window: (start, len),
                    });
                }
            }
        }
        out.sort_by_key(|s| std::cmp::Reverse(s.value));
        out
    }

    /// Searches on from here; `Ok(true)` once the target is reached (and, looking for the
    /// best, it cannot be beaten: the split's ceiling, every card melded at its highest value).
    /// `left` is the naturals' value at their highest ([`value_of`]), kept up to date by the
    /// callers rather than counted again at every node.
    fn rec(
        &mut self,
        nat: &mut [u8; 52],
        wilds: usize,
        laid: u32,
        left: u32,
    ) -> Result<bool, SolveError> {
        // Every card left, at its highest value: the most this state can still add.
        let most: u32 = left + wilds as u32 * 11;
        if laid >= self.target {
            self.found = Some((laid, self.placed.clone()));
            // Looking for the best, only the ceiling ends the search: a branch with no card
            // left is merely done, and another may still lay more.
            if !self.best || laid >= self.ceiling {
                return Ok(true);
            }
            self.target = laid + 1;
        }
        let Some(first) = nat.iter().position(|&n| n > 0) else {
            return Ok(false);
        };
        if laid + most < self.target {
            return Ok(false);
        }
        if self
            .failed
            .get(nat)
            .is_some_and(|seen| seen.iter().any(|&(w, v)| wilds <= w && laid <= v))
        {
            return Ok(false);
        }
        self.budget.tick()?;
        let cards_left = nat.iter().map(|&n| n as usize).sum::<usize>() + wilds;
        let shapes = match &self.shapes[first] {
            Some(shapes) => Rc::clone(shapes),
            None => {
                let made: Rc<[Shape]> = self.shapes(first, usize::MAX).into();
                self.shapes[first] = Some(Rc::clone(&made));
                made
            }
        };
        for shape in shapes.iter().filter(|s| s.window.1 <= cards_left) {
            if self.try_shape(nat, wilds, laid, left, first, shape)? {
                return Ok(true);
            }
        }
        nat[first] -= 1;
        let kept = self.rec(nat, wilds, laid, left - face_value(Card::from_index(first)))?;
        nat[first] += 1;
        if kept {
            return Ok(true);
        }
        let seen = self.failed.entry(*nat).or_default();
        match seen.iter_mut().find(|(w, _)| *w == wilds) {
            Some((_, v)) => *v = (*v).max(laid),
            None => seen.push((wilds, laid)),
        }
        Ok(false)
    }

    /// Every filling of `shape` holding `first`, each searched on.
    fn try_shape(
        &mut self,
        nat: &mut [u8; 52],
        wilds: usize,
        laid: u32,
        left: u32,
        first: usize,
        shape: &Shape,
    ) -> Result<bool, SolveError> {
        let (kind, key, window, value) = (shape.kind, shape.key, shape.window, shape.value);
        let place = |this: &mut Self, nat: &mut [u8; 52], cards: &[Option<usize>]| {
            let cand = Placed {
                kind,
                key,
                window,
                cards: cards.to_vec(),
                loose: 0,
            };
            let w = cand.wilds();
            let melded: u32 = cand
                .cards
                .iter()
                .flatten()
                .map(|&i| face_value(Card::from_index(i)))
                .sum();
            apply(nat, &cand.cards, 1);
            this.placed.push(cand);
            let found = this.rec(nat, wilds - w, laid + value, left - melded);
            let cand = this.placed.pop().expect("pushed");
            apply(nat, &cand.cards, -1);
            found
        };
        match kind {
            MeldKind::Run => {
                let (start, len) = window;
                // Before the window's cards are looked at: it must hold the naturals its
                // length needs, and no more gaps than there are wild cards.
                let mask = line_mask(&self.line, nat, key as usize);
                let need = self.rules.naturals_needed(len);
                if !window_may_hold(&self.line, mask, start, len, need, wilds) {
                    return Ok(false);
                }
                let avail = run_window_options(&self.line, nat, key as usize, start, len);
                // The first matching position only: a second ace position would repeat.
                let Some(fixed) = (0..len).find(|&o| avail[o] == Some(first)) else {
                    return Ok(false);
                };
                let rules = self.rules;
                each_run_filling(rules, &avail, wilds, Some(fixed), &mut |cards| {
                    place(self, nat, cards)
                })
            }
            _ => {
                let rank = Rank::new(key).expect("set rank");
                for cards in set_fillings(self.rules, nat, rank, window.1, wilds, Some(first)) {
                    if place(self, nat, &cards)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
    }
}
