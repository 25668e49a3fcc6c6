//! Checker properties against the rule-set data (docs/RULES.md sections 2 and 4): for every
//! preset and every round, no meld shorter than the rule set's shortest set or run is ever
//! accepted; and declared wild cards (section 1) are read as declared: pinning each wild of
//! an accepted reading to what it stood for still passes with that reading, and a declared
//! meld that passes has the declared reading. Test-only; std and proptest.

use super::cards::Pins;
use super::cards::{Card, Rank, Suit};
use super::check::{CheckResult, check, check_pinned};
use super::meld::MeldKind;
use super::presets::PRESET_IDS;
use super::ruleset::{RoundSpec, RuleSet};
use proptest::prelude::*;

/// Every preset with every round a checker can be asked about.
fn every_round() -> Vec<(RuleSet, RoundSpec)> {
    let mut out = Vec::new();
    for id in PRESET_IDS {
        let rs = RuleSet::preset(id).unwrap();
        if rs.opening_points.is_some() {
            let spec = rs.round_for_check(None).unwrap();
            out.push((rs, spec));
        } else {
            for n in 1..=rs.rounds.len() {
                let spec = rs.round_for_check(Some(n)).unwrap();
                out.push((rs.clone(), spec));
            }
        }
    }
    out
}

/// A meld that is a set (suits in turn) or a run of one suit, from 1 to 5 cards, one of them
/// maybe a joker: many are legal structurally, some too short for the rule set.
fn meld() -> impl Strategy<Value = Vec<Card>> {
    (
        any::<bool>(),
        1u8..=13,
        0usize..4,
        1usize..=5,
        prop::option::of(0usize..5),
    )
        .prop_map(|(set, start, suit, len, joker)| {
            let mut cards: Vec<Card> = (0..len)
                .map(|i| {
                    if set {
                        Card::new(Rank::new(start).unwrap(), Suit::ALL[(suit + i) % 4])
                    } else {
                        let rank = (start as usize - 1 + i) % 13 + 1;
                        Card::new(Rank::new(rank as u8).unwrap(), Suit::ALL[suit])
                    }
                })
                .collect();
            if let Some(j) = joker.filter(|&j| j < len) {
                cards[j] = Card::Joker;
            }
            cards
        })
}

#[test]
fn every_preset_has_sets_of_at_least_three_and_runs_of_at_least_three() {
    for id in PRESET_IDS {
        let rs = RuleSet::preset(id).unwrap();
        assert!(rs.meld.set_min >= 3, "{id}");
        assert!(rs.meld.run_min >= 3, "{id}");
        for round in &rs.rounds {
            for req in round
                .contract
                .iter()
                .flat_map(|c| c.alternatives.iter().flatten())
            {
                assert!(
                    req.min as usize >= rs.meld.min_len(req.kind),
                    "{id} {round:?}"
                );
            }
        }
    }
    let contract = RuleSet::preset("contract").unwrap();
    assert_eq!((contract.meld.set_min, contract.meld.run_min), (3, 4));
    let rommee = RuleSet::preset("rommee").unwrap();
    assert_eq!((rommee.meld.set_min, rommee.meld.run_min), (3, 3));
}

#[test]
fn german_rommee_refuses_pairs_however_much_they_are_worth() {
    let rs = RuleSet::preset("rommee").unwrap();
    let spec = rs.round_for_check(None).unwrap();
    let melds = super::cards::parse_melds("QD QS | KS KC | JD JC").unwrap();
    let r = check(&rs, &spec, &melds);
    assert!(!r.ok);
    let codes: Vec<&str> = r.problems.iter().map(|p| p.code()).collect();
    assert_eq!(
        codes,
        ["too_short", "too_short", "too_short", "opening_too_low"]
    );
    assert_eq!(r.points, Some(0));
    // A two-card run is no meld either; three cards of either are.
    let melds = super::cards::parse_melds("9H 10H | JH QH KH | AS AD AC").unwrap();
    let r = check(&rs, &spec, &melds);
    assert_eq!(
        r.problems.iter().map(|p| p.code()).collect::<Vec<_>>(),
        ["too_short"]
    );
    assert!(
        check(
            &rs,
            &spec,
            &super::cards::parse_melds("JH QH KH | AS AD AC").unwrap()
        )
        .ok
    );
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_meld_shorter_than_the_rule_sets_minimum_is_ever_accepted(
        melds in prop::collection::vec(meld(), 1..5),
    ) {
        for (rs, spec) in every_round() {
            let r = check(&rs, &spec, &melds);
            if !r.ok {
                continue;
            }
            for (cards, reading) in &r.melds {
                let reading = reading.as_ref().expect("an accepted meld has a reading");
                prop_assert!(
                    reading.kind() == MeldKind::Pair || cards.len() >= rs.meld.min_len(reading.kind()),
                    "{} round {}: {:?} accepted as a {:?}",
                    rs.id(), spec.number, cards, reading.kind()
                );
            }
        }
    }

    #[test]
    fn declared_wilds_keep_the_reading_they_declare(
        melds in prop::collection::vec(wild_meld(), 1..4),
    ) {
        for (rs, spec) in every_round() {
            let open = check(&rs, &spec, &melds);
            if !open.ok {
                continue;
            }
            // Each wild pinned to what it stood for in the reading used.
            let pins = pins_of(&open);
            let pinned = check_pinned(&rs, &spec, &melds, &pins);
            prop_assert!(
                pinned.ok,
                "{} round {}: {:?} passed, but not pinned as read ({:?}): {:?}",
                rs.id(), spec.number, melds, pins, pinned.problems
            );
            prop_assert_eq!(pinned.points, open.points);
            assert_declared(&pinned, &pins)?;
        }
    }

    #[test]
    fn a_declared_meld_that_passes_has_the_declared_reading(
        melds in prop::collection::vec(wild_meld(), 1..4),
        targets in prop::collection::vec((1u8..=13, 0usize..4), 12),
    ) {
        // Every wild card declared as some card, often one that does not fit.
        let mut k = 0;
        let pins: Vec<Pins> = melds
            .iter()
            .map(|m| {
                m.iter()
                    .map(|&c| {
                        (c == Card::Joker || c.rank() == Some(Rank::TWO)).then(|| {
                            let (rank, suit) = targets[k % targets.len()];
                            k += 1;
                            Card::new(Rank::new(rank).unwrap(), Suit::ALL[suit])
                        })
                    })
                    .collect()
            })
            .collect();
        for (rs, spec) in every_round() {
            let r = check_pinned(&rs, &spec, &melds, &pins);
            if r.ok {
                assert_declared(&r, &pins)?;
            }
        }
    }
}

/// A meld as in [`meld`], with a second joker or a 2 among its cards at times: the shapes
/// whose readings differ (a joker at either end of a run, all-wild sets).
fn wild_meld() -> impl Strategy<Value = Vec<Card>> {
    (meld(), prop::option::of((0usize..5, any::<bool>()))).prop_map(|(mut cards, extra)| {
        if let Some((at, two)) = extra {
            let at = at % cards.len();
            cards[at] = if two {
                Card::new(Rank::TWO, Suit::ALL[at % 4])
            } else {
                Card::Joker
            };
        }
        cards
    })
}

/// Each wild of each reading pinned, at a position of that card in the meld.
fn pins_of(result: &CheckResult) -> Vec<Pins> {
    result
        .melds
        .iter()
        .map(|(cards, reading)| {
            let mut pins: Pins = vec![None; cards.len()];
            for &(wild, as_card) in reading.as_ref().map_or(&[][..], |r| r.wilds()) {
                let at = (0..cards.len())
                    .find(|&i| cards[i] == wild && pins[i].is_none())
                    .expect("a wild of the reading is in the meld");
                pins[at] = Some(as_card);
            }
            pins
        })
        .collect()
}

/// Every declared wild of an accepted check stands for what it was declared as.
fn assert_declared(result: &CheckResult, pins: &[Pins]) -> Result<(), TestCaseError> {
    for ((cards, reading), pins) in result.melds.iter().zip(pins) {
        let reading = reading.as_ref().expect("an accepted meld has a reading");
        let mut read = reading.wilds().to_vec();
        for (&card, pin) in cards.iter().zip(pins) {
            if let Some(declared) = pin {
                let at = read.iter().position(|&w| w == (card, *declared));
                prop_assert!(
                    at.is_some(),
                    "{:?} declared as {:?}, read {:?}",
                    card,
                    declared,
                    reading
                );
                read.swap_remove(at.unwrap());
            }
        }
    }
    Ok(())
}
