//! Rommé opening properties (the solver's "done" bar): on small hands, under random
//! `opening_points` and `wilds_per_meld`, the solver's "yes" passes the checker with the
//! wild cards declared as it laid them and is worth the points it says; its "no" agrees with
//! brute force over every way to lay the hand; no opening it finds is worth more than brute
//! force's best, and the "best" one is worth exactly that (it found `JH AD 10H JK JK JK JK
//! QD` answered with 81 where 82 is possible, now a solver test). The contract rule sets have the same properties in the solver's own tests. Test-only; std and
//! proptest.

use std::collections::BTreeMap;

use super::cards::{Card, CardCounts, Rank, Suit};
use super::check::{check, check_pinned};
use super::presets::WILDS_PER_MELD;
use super::ruleset::{OptionValue, RoundSpec, RuleSet};
use super::solver::{SolveOptions, solve_with};
use proptest::prelude::*;

/// High cards of two suits and a joker now and then: small hands that often reach 30-50.
fn card() -> impl Strategy<Value = Card> {
    prop_oneof![
        8 => (0usize..2, prop::sample::select(vec![1u8, 9, 10, 11, 12, 13]))
            .prop_map(|(s, r)| Card::new(Rank::new(r).unwrap(), Suit::ALL[s + 1])),
        2 => Just(Card::Joker),
    ]
}

/// Rommé with a random opening minimum and wild-card rule.
fn rommee() -> impl Strategy<Value = RuleSet> {
    (prop::sample::select(vec![30i64, 40, 50]), 0usize..5).prop_map(|(points, wilds)| {
        let options = BTreeMap::from([
            ("opening_points".to_owned(), OptionValue::Int(points)),
            (
                "wilds_per_meld".to_owned(),
                OptionValue::Text(WILDS_PER_MELD[wilds].into()),
            ),
        ]);
        RuleSet::with_options("rommee", &options).unwrap()
    })
}

/// The most an opening of this hand is worth, trying every way to put each card in one of
/// two melds or leave it in hand (a hand of at most 8 cards holds at most two melds of 3+);
/// None if no way is a legal opening.
fn brute_best(rs: &RuleSet, spec: &RoundSpec, hand: &[Card]) -> Option<u32> {
    let mut best = None;
    let mut assign = vec![0usize; hand.len()];
    loop {
        let mut melds = vec![Vec::new(), Vec::new()];
        for (i, &a) in assign.iter().enumerate() {
            if a < 2 {
                melds[a].push(hand[i]);
            }
        }
        melds.retain(|m| !m.is_empty());
        if !melds.is_empty() {
            let verdict = check(rs, spec, &melds);
            if verdict.ok {
                best = best.max(verdict.points);
            }
        }
        let mut i = 0;
        loop {
            if i == hand.len() {
                return best;
            }
            assign[i] += 1;
            if assign[i] < 3 {
                break;
            }
            assign[i] = 0;
            i += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_rommee_opening_yes_passes_the_checker_as_declared_and_a_no_agrees_with_brute_force(
        rs in rommee(),
        hand in prop::collection::vec(card(), 3..9),
    ) {
        let spec = rs.round_for_check(None).unwrap();
        let brute = brute_best(&rs, &spec, &hand);
        for best_opening in [false, true] {
            let options = SolveOptions { best_opening, ..SolveOptions::default() };
            let solved = solve_with(&rs, &spec, &hand, &options).unwrap();
            prop_assert_eq!(
                solved.is_some(),
                brute.is_some(),
                "{:?} hand {}",
                rs.options,
                super::cards::format_cards(&hand)
            );
            let Some(s) = solved else { continue };
            let verdict = check_pinned(&rs, &spec, &s.melds, &s.pins);
            prop_assert!(verdict.ok, "{:?} {:?}: {:?}", s.melds, s.pins, verdict.problems);
            prop_assert!(
                verdict.points >= rs.opening_points,
                "{:?} worth {:?}",
                s.melds,
                verdict.points
            );
            let mut all: Vec<Card> = s.melds.iter().flatten().copied().collect();
            all.extend(&s.leftover);
            prop_assert_eq!(CardCounts::of(&all), CardCounts::of(&hand));
            // No opening is worth more than the best of every way to lay the hand, and the
            // best one is worth that.
            prop_assert!(verdict.points <= brute, "{:?} over {:?}", verdict.points, brute);
            if best_opening {
                prop_assert_eq!(verdict.points, brute, "best of {:?}", s.melds);
            }
        }
    }
}
