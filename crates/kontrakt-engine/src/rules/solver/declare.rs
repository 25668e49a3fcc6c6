//! The solver's declarations: what each wild card of an answer stands for (docs/RULES.md
//! section 1), so that the checker reads every meld as the solver laid it. An all-wild meld
//! (where the rule set allows one) is legal only declared; the search leaves its rank or
//! suit and window open, and this module gives it one that no restriction of the round
//! refuses beside the other melds.
//!
//! Runs after the search, on its placed melds; it never steers the search. Pure: std only,
//! a child of `solver` (its `Placed` and `conflicts`), no words.

use super::{Placed, Solution, conflicts};
use crate::rules::cards::{Card, Pins, Rank, Suit};
use crate::rules::meld::{Line, MeldKind, MeldRules};
use crate::rules::ruleset::RoundSpec;

/// Fills `solution.pins` from its placed melds: each wild card declared as the card its
/// place stands for (a card standing for itself, a wild 2 laid as that very 2, undeclared).
pub(super) fn declare(rules: &MeldRules, round: &RoundSpec, solution: &mut Solution) {
    let line = rules.line();
    let mut placed = std::mem::take(&mut solution.placed);
    let all_wild = |p: &Placed| p.cards.iter().all(Option::is_none);
    // Melds with a natural card are where the search put them; all-wild ones get a place
    // beside them.
    let mut fixed: Vec<Placed> = placed.iter().filter(|p| !all_wild(p)).cloned().collect();
    for p in placed.iter_mut().filter(|p| all_wild(p)) {
        if let Some(place) = place_all_wild(round, &line, &fixed, p) {
            *p = place.clone();
            fixed.push(place);
        }
    }
    solution.pins = placed
        .iter()
        .zip(&solution.melds)
        .map(|(p, cards)| pins_of(&line, p, cards))
        .collect();
}

/// A rank (sets, pairs) or a suit and window (runs) for an all-wild meld that conflicts with
/// none of `others`: high ranks and late windows first.
fn place_all_wild(round: &RoundSpec, line: &Line, others: &[Placed], p: &Placed) -> Option<Placed> {
    let len = p.cards.len();
    let fits = |cand: &Placed| !others.iter().any(|o| conflicts(round, line, o, cand));
    match p.kind {
        MeldKind::Set | MeldKind::Pair => (1..=13u8).rev().find_map(|rank| {
            let cand = Placed {
                key: rank,
                window: (0, len),
                ..p.clone()
            };
            fits(&cand).then_some(cand)
        }),
        MeldKind::Run => (0..4u8).find_map(|suit| {
            line.starts(len).rev().find_map(|start| {
                let cand = Placed {
                    key: suit,
                    window: (start, len),
                    ..p.clone()
                };
                fits(&cand).then_some(cand)
            })
        }),
    }
}

/// The declarations of one placed meld, card by card (`cards` as materialised from it).
fn pins_of(line: &Line, p: &Placed, cards: &[Card]) -> Pins {
    let stands_for: Vec<Option<Card>> = match p.kind {
        MeldKind::Run => (0..p.cards.len())
            .map(|o| {
                p.cards[o].is_none().then(|| {
                    let rank = line.rank_at(p.window.0, o);
                    Card::new(rank, Suit::ALL[p.key as usize % 4])
                })
            })
            .collect(),
        MeldKind::Set | MeldKind::Pair => {
            // As the checker reads a set: each wild card takes the suit held least so far.
            let Some(rank) = Rank::new(p.key) else {
                return vec![None; cards.len()];
            };
            let mut used = [0usize; 4];
            for &i in p.cards.iter().flatten() {
                if let Some(suit) = Card::from_index(i).suit() {
                    used[suit.index()] += 1;
                }
            }
            p.cards
                .iter()
                .map(|c| {
                    c.is_none().then(|| {
                        let s = (0..4).min_by_key(|&i| (used[i], i)).unwrap_or(0);
                        used[s] += 1;
                        Card::new(rank, Suit::ALL[s])
                    })
                })
                .collect()
        }
    };
    cards
        .iter()
        .zip(stands_for)
        .map(|(&card, pin)| pin.filter(|&as_card| as_card != card))
        .collect()
}
