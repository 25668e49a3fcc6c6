//! Rommé's opening search: melds worth at least the first meld's minimum points
//! (docs/RULES.md 4 `rommee`). A strategy of the solver beside the contract searches.
//!
//! Uses only the solver's shared pieces (splits, placings, fillings) and the checker's
//! opening value; nothing outside `rules` and std.

use super::{
    Placed, Solution, SolveError, apply, flex_splits, materialise, run_fillings,
    run_window_options, set_fillings,
};
use crate::rules::cards::{Card, Rank};
use crate::rules::check::opening_value;
use crate::rules::meld::{Line, MeldKind, MeldRules};
use crate::rules::ruleset::RuleSet;
use std::collections::HashMap;

/// Rommé: melds worth at least the opening minimum (docs/RULES.md 4 `rommee`). A depth-first
/// search over the lowest natural card (in a meld, or kept), most valuable melds first, that
/// stops at the first arrangement reaching the minimum; a state that failed with some value
/// already laid fails with any lower value too.
pub(super) fn solve_opening(
    rs: &RuleSet,
    hand: &[Card],
    budget: &mut u64,
) -> Result<Option<Solution>, SolveError> {
    let needed = rs.opening_points.unwrap_or(0).max(1);
    for split in flex_splits(&rs.meld, hand) {
        let mut search = Opening {
            rules: &rs.meld,
            line: rs.meld.line(),
            needed,
            failed: HashMap::new(),
            budget,
            placed: Vec::new(),
        };
        let mut nat = split.nat;
        if search.rec(&mut nat, split.wild_cards.len(), 0)? {
            let used: usize = search.placed.iter().map(Placed::wilds).sum();
            let mut left = split.nat;
            for p in &search.placed {
                apply(&mut left, &p.cards, 1);
            }
            return Ok(Some(materialise(
                &search.placed,
                &split.wild_cards,
                &left,
                split.wild_cards.len() - used,
            )));
        }
    }
    Ok(None)
}

struct Opening<'a> {
    rules: &'a MeldRules,
    line: Line,
    needed: u32,
    /// Highest value already laid with which a state failed.
    failed: HashMap<([u8; 52], usize), u32>,
    budget: &'a mut u64,
    placed: Vec<Placed>,
}

fn face_value(card: Card) -> u32 {
    match card.rank().map(Rank::number) {
        Some(1) | None => 11,
        Some(n) if n >= 10 => 10,
        Some(n) => n as u32,
    }
}

impl Opening<'_> {
    fn value(&self, p: &Placed) -> u32 {
        let cards: Vec<Card> = p
            .cards
            .iter()
            .map(|c| c.map(Card::from_index).unwrap_or(Card::Joker))
            .collect();
        self.rules
            .readings(&cards, p.kind)
            .iter()
            .map(opening_value)
            .max()
            .unwrap_or(0)
    }

    fn rec(&mut self, nat: &mut [u8; 52], wilds: usize, laid: u32) -> Result<bool, SolveError> {
        if laid >= self.needed {
            return Ok(true);
        }
        let Some(first) = nat.iter().position(|&n| n > 0) else {
            return Ok(false);
        };
        // Every card left, at its highest value, still cannot reach the minimum.
        let most: u32 = nat
            .iter()
            .enumerate()
            .map(|(i, &n)| n as u32 * face_value(Card::from_index(i)))
            .sum::<u32>()
            + wilds as u32 * 11;
        if laid + most < self.needed {
            return Ok(false);
        }
        if self.failed.get(&(*nat, wilds)).is_some_and(|&v| laid <= v) {
            return Ok(false);
        }
        *self.budget = self.budget.checked_sub(1).ok_or(SolveError::TooComplex)?;
        let card = Card::from_index(first);
        let (suit, rank) = (
            card.suit().expect("natural").index(),
            card.rank().expect("natural"),
        );
        let mut cands: Vec<(u32, Placed)> = Vec::new();
        for len in 3..=4 {
            for cards in set_fillings(self.rules, nat, rank, len, wilds, Some(first)) {
                let p = Placed {
                    kind: MeldKind::Set,
                    key: rank.number(),
                    window: (0, len),
                    cards,
                };
                cands.push((self.value(&p), p));
            }
        }
        let total = nat.iter().map(|&n| n as usize).sum::<usize>() + wilds;
        for len in 3..=total.min(self.line.max_run()) {
            for start in self.line.starts(len) {
                let avail = run_window_options(&self.line, nat, suit, start, len);
                let Some(fixed) = (0..len).find(|&o| avail[o] == Some(first)) else {
                    continue;
                };
                for cards in run_fillings(self.rules, &avail, wilds, Some(fixed)) {
                    let p = Placed {
                        kind: MeldKind::Run,
                        key: suit as u8,
                        window: (start, len),
                        cards,
                    };
                    cands.push((self.value(&p), p));
                }
            }
        }
        cands.sort_by_key(|c| std::cmp::Reverse(c.0));
        for (v, cand) in cands {
            if v == 0 {
                continue;
            }
            let w = cand.wilds();
            apply(nat, &cand.cards, 1);
            self.placed.push(cand);
            if self.rec(nat, wilds - w, laid + v)? {
                return Ok(true);
            }
            let cand = self.placed.pop().expect("pushed");
            apply(nat, &cand.cards, -1);
        }
        nat[first] -= 1;
        let kept = self.rec(nat, wilds, laid)?;
        nat[first] += 1;
        if kept {
            return Ok(true);
        }
        let entry = self.failed.entry((*nat, wilds)).or_insert(0);
        *entry = (*entry).max(laid);
        Ok(false)
    }
}
