//! Solver tests: worked examples per preset, and properties checked against the checker and
//! against brute force, for the presets and for random rule sets read by the loader (random
//! contracts, meld rules and card values).

use super::*;
use crate::rules::cards::{CardCounts, parse_cards};
use crate::rules::check::{Problem, check, check_pinned};
use crate::rules::ruleset::{OptionValue, contract};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// The ranks' names, ace to king, as cards are written.
const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
/// The suits' letters, in index order.
const SUITS: [&str; 4] = ["C", "D", "H", "S"];

fn hand(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn solve_round(rules: &str, round: usize, cards: &str) -> Option<Solution> {
    let rs = RuleSet::preset(rules).unwrap();
    let spec = rs.round_for_check(Some(round)).unwrap();
    let h = hand(cards);
    let found = solve(&rs, &spec, &h).unwrap();
    if let Some(s) = &found {
        assert_valid(&rs, &spec, &h, s);
    }
    found
}

/// The answer passes the checker with the solver's declarations, declares every joker it
/// lays, and uses exactly the hand's cards.
fn assert_valid(rs: &RuleSet, spec: &RoundSpec, h: &[Card], s: &Solution) {
    let verdict = check_pinned(rs, spec, &s.melds, &s.pins);
    assert!(
        verdict.ok,
        "solver answer {:?} declared {:?} fails the checker: {:?}",
        s.melds, s.pins, verdict.problems
    );
    assert_eq!(s.pins.len(), s.melds.len(), "declarations per meld");
    for (meld, pins) in s.melds.iter().zip(&s.pins) {
        assert_eq!(meld.len(), pins.len(), "a declaration per card of {meld:?}");
        for (&card, pin) in meld.iter().zip(pins) {
            assert!(
                card != Card::Joker || pin.is_some(),
                "undeclared joker in {meld:?}: {pins:?}"
            );
            assert!(
                pin.is_none() || rs.meld.is_wild(card),
                "natural card declared in {meld:?}: {pins:?}"
            );
        }
    }
    let mut all: Vec<Card> = s.melds.iter().flatten().copied().collect();
    all.extend(&s.leftover);
    assert_eq!(
        CardCounts::of(&all),
        CardCounts::of(h),
        "cards differ from the hand"
    );
    if spec.go_out_all {
        assert!(s.leftover.is_empty());
    }
}

#[test]
fn api_example_round_7_goes_out_with_three_runs() {
    let s = solve_round("contract", 7, "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D").unwrap();
    assert_eq!(s.melds.len(), 3);
    assert!(s.leftover.is_empty());
}

#[test]
fn round_7_cannot_go_out_with_fewer_cards_than_dealt_plus_one() {
    // Three legal runs of four, but round 7 deals 12: going out takes at least 13 cards.
    assert!(solve_round("contract", 7, "3H 4H 5H 6H 9S 10S JS QS 2D 3D 4D JK").is_none());
    assert!(solve_round("contract", 7, "3H 4H 5H 6H 9S 10S JS QS 2D 3D 4D JK 7H").is_some());
}

#[test]
fn round_7_fails_when_the_hand_has_four_suits() {
    assert!(solve_round("contract", 7, "3H 4H 5H 6H 9S 10S JS QS 2D 3D 4D 5D 8C").is_none());
}

#[test]
fn round_1_two_sets_leave_the_rest_over() {
    let s = solve_round("contract", 1, "5H 5S 5D 9C 9D JK 2C 3S KH").unwrap();
    assert_eq!(s.melds.len(), 2);
    assert_eq!(s.leftover.len(), 3);
    assert!(solve_round("contract", 1, "2H 4S 6D 8C 10H QS KD AC JK").is_none());
}

#[test]
fn contiguous_runs_are_avoided_or_the_answer_is_no() {
    // Only 3-6 and 7-10 can be made: they join, so shanghai round 3 says no.
    assert!(solve_round("shanghai", 3, "3H 4H 5H 6H 7H 8H 9H 10H").is_none());
    // With a second 6H the runs can overlap: 3-6 and 6-9.
    assert!(solve_round("shanghai", 3, "3H 4H 5H 6H 6H 7H 8H 9H").is_some());
    // May I allows them to join.
    assert!(solve_round("may-i", 3, "3H 4H 5H 6H 7H 8H 9H 10H").is_some());
}

#[test]
fn shanghai_needs_a_natural_ace_high_and_one_wild_per_meld() {
    assert!(solve_round("shanghai", 2, "AH 2H 3H 4H 9C 9D 9S").is_none());
    assert!(solve_round("shanghai", 2, "JH QH KH AH 9C 9D 9S").is_some());
    assert!(solve_round("shanghai", 1, "9C JK JK 5C 5D JK").is_none());
    assert!(solve_round("shanghai", 1, "9C 9S JK 5C 5D JK").is_some());
    // Six 9s are not two sets in Shanghai.
    assert!(solve_round("shanghai", 1, "9C 9D 9S 9H 9C 9D").is_none());
    assert!(solve_round("contract", 1, "9C 9D 9S 9H 9C 9D").is_some());
}

#[test]
fn a_joker_is_kept_for_where_it_is_needed() {
    // The 8H must go to the set of 8s; the run takes the joker instead.
    let s = solve_round("contract", 2, "5H 6H 7H 8H 8S 8D JK").unwrap();
    assert!(s.leftover.is_empty());
}

#[test]
fn kolsov_round_8_is_impossible_from_eleven_cards_but_possible_after_buys() {
    assert!(solve_round("shanghai-kolsov", 8, "5C 5D 5S 2H 3H 4H 5H 6H 7H 8H 9H").is_none());
    assert!(
        solve_round(
            "shanghai-kolsov",
            8,
            "5C 5D 5S 2H 3H 4H 5H 6H 7H 8H 9H 10H JK"
        )
        .is_some()
    );
}

#[test]
fn progressive_round_13_makes_five_sets_with_wilds() {
    let s = solve_round(
        "progressive",
        13,
        "5C 5D 7S 7H 7D 2D JK JK KS KD 3C 3D 3H 9C 9D",
    )
    .unwrap();
    assert_eq!(s.melds.len(), 5);
}

#[test]
fn progressive_round_14_includes_a_pair() {
    assert!(solve_round("progressive", 14, "7C 7D 7S 7H JK 3H 4H 5H 2C 7H KS KD").is_some());
}

#[test]
fn continental_arranges_all_fifteen_cards() {
    let s = solve_round(
        "continental",
        1,
        "3H 4H 5H 6S 7S 8S 9D 10D JD AC 2C 3C JK QH KH",
    )
    .unwrap();
    assert!(s.leftover.is_empty());
    assert!(
        solve_round(
            "continental",
            1,
            "3H 4H 5H 6S 7S 8S 9D 10D JD AC 2C 3C JK QH 5D"
        )
        .is_none()
    );
    // 14 cards is not a Continental hand.
    assert!(
        solve_round(
            "continental",
            1,
            "3H 4H 5H 6S 7S 8S 9D 10D JD AC 2C 3C JK QH"
        )
        .is_none()
    );
}

#[test]
fn continental_with_wild_twos_skips_the_two() {
    let opts: BTreeMap<String, OptionValue> =
        [("twos_wild".to_string(), OptionValue::Bool(true))].into();
    let rs = RuleSet::with_options("continental", &opts).unwrap();
    let spec = rs.round_for_check(Some(1)).unwrap();
    let h = hand("AH 3H 4H 6S 7S 8S 9D 10D JD 5C 6C 7C 2D QH KH");
    let s = solve(&rs, &spec, &h).unwrap().unwrap();
    assert_valid(&rs, &spec, &h, &s);
}

#[test]
fn rommee_finds_melds_worth_forty() {
    let rs = RuleSet::preset("rommee").unwrap();
    let spec = rs.round_for_check(None).unwrap();
    let h = hand("QH KH AH 10S 10D 10C 4C 7D 9S 2H 5S 8C JK");
    let s = solve(&rs, &spec, &h).unwrap().unwrap();
    assert_valid(&rs, &spec, &h, &s);
    let h = hand("QH KH AH 3S 4D 6C 8C 9S 2H 5S JC 7D 6H");
    assert!(
        solve(&rs, &spec, &h).unwrap().is_none(),
        "31 points is not enough"
    );
}

#[test]
fn hollywood_round_7_takes_either_alternative() {
    assert!(solve_round("hollywood", 7, "5C 5D 5S 9C 9D 9S KC KD KS 2H").is_some());
    assert!(solve_round("hollywood", 7, "3H 4H 5H 6H 3S 4S 5S 6S 9D 10D JD QD").is_some());
    assert!(solve_round("hollywood", 7, "3H 4H 5H 6H 8H 9H 10H JH 9D 10D JD QD").is_none());
}

#[test]
fn dead_jokers_without_jokers_are_left_over() {
    let opts: BTreeMap<String, OptionValue> =
        [("jokers".to_string(), OptionValue::Bool(false))].into();
    let rs = RuleSet::with_options("contract", &opts).unwrap();
    let spec = rs.round_for_check(Some(1)).unwrap();
    assert!(
        solve(&rs, &spec, &hand("5H 5S JK 9C 9D 9S"))
            .unwrap()
            .is_none()
    );
    let s = solve(&rs, &spec, &hand("5H 5S 5D 9C 9D 9S JK"))
        .unwrap()
        .unwrap();
    assert_eq!(s.leftover, vec![Card::Joker]);
}

#[test]
fn oversized_hands_are_refused() {
    let rs = RuleSet::preset("contract").unwrap();
    let spec = rs.round_for_check(Some(1)).unwrap();
    let h = vec![Card::Joker; MAX_HAND + 1];
    assert_eq!(
        solve(&rs, &spec, &h),
        Err(SolveError::TooManyCards(MAX_HAND + 1))
    );
}

// ---- properties ----

/// A small universe of cards so random hands often make melds.
fn small_card() -> impl Strategy<Value = Card> {
    prop_oneof![
        8 => (0usize..2, prop::sample::select(vec![1u8, 2, 3, 4, 5, 6, 12, 13]))
            .prop_map(|(s, r)| Card::new(Rank::new(r).unwrap(), Suit::ALL[s + 1])),
        1 => Just(Card::Joker),
    ]
}

fn rule_sets() -> Vec<RuleSet> {
    let o = |pairs: &[(&str, OptionValue)]| -> BTreeMap<String, OptionValue> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    };
    vec![
        RuleSet::preset("contract").unwrap(),
        RuleSet::preset("shanghai").unwrap(),
        RuleSet::preset("progressive").unwrap(),
        RuleSet::with_options("hollywood", &o(&[("twos_wild", OptionValue::Bool(true))])).unwrap(),
        RuleSet::with_options("contract", &o(&[("ace", OptionValue::Text("wrap".into()))]))
            .unwrap(),
    ]
}

/// Presets with random values of the house-rule meld options: `same_suit_runs`
/// where the preset has it, `wilds_per_meld`, `all_wild_melds`.
fn house_rule_sets() -> impl Strategy<Value = RuleSet> {
    use crate::rules::presets::{SAME_SUIT_RUNS, WILDS_PER_MELD};
    (0usize..5, 0usize..4, 0usize..5, any::<bool>()).prop_map(|(base, runs, wilds, all_wild)| {
        let id = ["contract", "shanghai", "progressive", "hollywood", "may-i"][base];
        let mut o: BTreeMap<String, OptionValue> = BTreeMap::new();
        if id != "hollywood" {
            o.insert(
                "same_suit_runs".into(),
                OptionValue::Text(SAME_SUIT_RUNS[runs].into()),
            );
        }
        o.insert(
            "wilds_per_meld".into(),
            OptionValue::Text(WILDS_PER_MELD[wilds].into()),
        );
        if !id.starts_with("shanghai") {
            o.insert("all_wild_melds".into(), OptionValue::Bool(all_wild));
        }
        RuleSet::with_options(id, &o).unwrap()
    })
}

/// A synthetic round with a small contract so brute force stays cheap.
fn small_round(spec: &str, go_out_all: bool, restricted: bool, exact: bool) -> RoundSpec {
    RoundSpec {
        number: 3,
        contract: Some(contract(spec)),
        // Going out all at once needs the deal + 1 cards: 5, within the brute-force hands.
        deal: 4,
        go_out_all,
        exact_minimum: exact,
        no_contiguous_runs: restricted,
        runs_apart: 0,
        runs_different_suits: false,
        no_two_sets_same_rank: restricted,
        total_cards: None,
        buys: RuleSet::preset("contract").unwrap().rounds[0].buys,
    }
}

/// Every way to put each card in one of `k` melds (or, unless all must be used, none), checked.
fn brute_force(rs: &RuleSet, spec: &RoundSpec, h: &[Card], k: usize) -> bool {
    let slots = if spec.go_out_all { k } else { k + 1 };
    let n = h.len();
    let mut assign = vec![0usize; n];
    loop {
        let mut melds = vec![Vec::new(); k];
        for (i, &a) in assign.iter().enumerate() {
            if a < k {
                melds[a].push(h[i]);
            }
        }
        if melds.iter().all(|m| !m.is_empty()) && passes_declared(rs, spec, &melds) {
            return true;
        }
        // next assignment
        let mut i = 0;
        loop {
            if i == n {
                return false;
            }
            assign[i] += 1;
            if assign[i] < slots {
                break;
            }
            assign[i] = 0;
            i += 1;
        }
    }
}

/// Whether the melds pass the checker, all-wild melds (legal only declared) declared every
/// way a meld of their length can be: each rank as a set, each suit and window as a run.
fn passes_declared(rs: &RuleSet, spec: &RoundSpec, melds: &[Vec<Card>]) -> bool {
    let verdict = check(rs, spec, melds);
    if verdict.ok {
        return true;
    }
    let all_wild: Vec<usize> = verdict
        .problems
        .iter()
        .map(|p| match p {
            Problem::AllWildUndeclared { meld, .. } => Some(meld - 1),
            _ => None,
        })
        .collect::<Option<_>>()
        .unwrap_or_default();
    if all_wild.is_empty() {
        return false;
    }
    let line = rs.meld.line();
    let ways = |len: usize| -> Vec<Vec<Option<Card>>> {
        let mut out: Vec<Vec<Option<Card>>> = Rank::all()
            .map(|rank| {
                (0..len)
                    .map(|i| Some(Card::new(rank, Suit::ALL[i % 4])))
                    .collect()
            })
            .collect();
        for suit in Suit::ALL {
            for start in line.starts(len) {
                out.push(
                    (0..len)
                        .map(|o| Some(Card::new(line.rank_at(start, o), suit)))
                        .collect(),
                );
            }
        }
        out
    };
    let mut pins: Vec<Vec<Option<Card>>> = melds.iter().map(|m| vec![None; m.len()]).collect();
    type Passes<'a> = dyn Fn(&[Vec<Option<Card>>]) -> bool + 'a;
    fn rec(
        i: usize,
        all_wild: &[usize],
        ways: &dyn Fn(usize) -> Vec<Vec<Option<Card>>>,
        pins: &mut Vec<Vec<Option<Card>>>,
        check: &Passes<'_>,
    ) -> bool {
        let Some(&m) = all_wild.get(i) else {
            return check(pins);
        };
        for way in ways(pins[m].len()) {
            pins[m] = way;
            if rec(i + 1, all_wild, ways, pins, check) {
                return true;
            }
        }
        false
    }
    let passes = |p: &[Vec<Option<Card>>]| check_pinned(rs, spec, melds, p).ok;
    rec(0, &all_wild, &ways, &mut pins, &passes)
}

proptest! {
    // PROPTEST_CASES raises the count for a longer run.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_solver_answer_passes_the_checker_and_uses_the_hands_cards(
        which in 0usize..5,
        round in 1usize..=7,
        cards in prop::collection::vec(small_card(), 6..16),
    ) {
        let rs = &rule_sets()[which];
        let spec = rs.round_for_check(Some(round)).unwrap();
        if let Some(s) = solve(rs, &spec, &cards).unwrap() {
            assert_valid(rs, &spec, &cards, &s);
        }
    }

    #[test]
    fn with_house_rule_options_a_solver_no_agrees_with_brute_force_and_a_yes_passes_the_checker(
        rs in house_rule_sets(),
        same_suit in 0usize..4,
        shape in 0usize..4,
        cards in prop::collection::vec(small_card(), 5..9),
    ) {
        let (mut spec, k) = match shape {
            0 => (small_round("1s3 1r3", false, true, false), 2),
            1 => (small_round("2r3", false, true, false), 2),
            2 => (small_round("2r3", true, false, false), 2),
            _ => (small_round("2s3", false, false, true), 2),
        };
        // The round's same-suit rule as `same_suit_runs` would set it.
        (spec.no_contiguous_runs, spec.runs_apart, spec.runs_different_suits) = match same_suit {
            0 => (false, 0, false),
            1 => (true, 0, false),
            2 => (true, 2, false),
            _ => (false, 0, true),
        };
        let solved = solve(&rs, &spec, &cards).unwrap();
        if let Some(s) = &solved {
            assert_valid(&rs, &spec, &cards, s);
        }
        let brute = brute_force(&rs, &spec, &cards, k);
        prop_assert_eq!(
            solved.is_some(),
            brute,
            "{:?} hand {:?}",
            rs.options,
            crate::rules::cards::format_cards(&cards)
        );
    }

    #[test]
    fn with_house_rule_options_every_preset_round_answer_passes_the_checker(
        rs in house_rule_sets(),
        round in 1usize..=7,
        cards in prop::collection::vec(small_card(), 6..16),
    ) {
        let spec = rs.round_for_check(Some(round)).unwrap();
        if let Some(s) = solve(&rs, &spec, &cards).unwrap() {
            assert_valid(&rs, &spec, &cards, &s);
        }
    }

    #[test]
    fn a_solver_no_agrees_with_brute_force_on_small_hands(
        which in 0usize..5,
        shape in 0usize..5,
        cards in prop::collection::vec(small_card(), 5..9),
    ) {
        let rs = &rule_sets()[which];
        let (spec, k) = match shape {
            0 => (small_round("2s3", false, true, true), 2),
            1 => (small_round("1s3 1r3", false, true, false), 2),
            2 => (small_round("2r3", false, true, false), 2),
            3 => (small_round("2r3", true, true, false), 2),
            _ => (small_round("1r4 1r3", true, false, false), 2),
        };
        let solved = solve(rs, &spec, &cards).unwrap();
        if let Some(s) = &solved {
            assert_valid(rs, &spec, &cards, s);
        }
        let brute = brute_force(rs, &spec, &cards, k);
        prop_assert_eq!(solved.is_some(), brute, "hand {:?}", crate::rules::cards::format_cards(&cards));
    }
}

// ---- the solver's once slow corners, kept as answers (their times are in benches/) ----

#[test]
fn rommee_seven_jokers_and_every_heart_open_at_once() {
    let rs = RuleSet::preset("rommee").unwrap();
    let spec = rs.round_for_check(None).unwrap();
    let h = hand("JK KH JH JK JK JK JK QH 8H JK 5H AH 7H 2H 4H JK 9H 10H 6H 3H");
    let s = solve(&rs, &spec, &h).unwrap().unwrap();
    assert_valid(&rs, &spec, &h, &s);
}

#[test]
fn rommee_best_opening_melds_everything_worth_melding() {
    let rs = RuleSet::preset("rommee").unwrap();
    let spec = rs.round_for_check(None).unwrap();
    let h = hand("9H 10H JH QH KH AH 5S 5D 5C 2C");
    let points = |best_opening: bool| {
        let options = SolveOptions {
            best_opening,
            ..SolveOptions::default()
        };
        let s = solve_with(&rs, &spec, &h, &options).unwrap().unwrap();
        assert_valid(&rs, &spec, &h, &s);
        check(&rs, &spec, &s.melds).points.unwrap()
    };
    // 9-A of hearts (60) and three 5s (15): the best; any opening is at least 40.
    assert_eq!(points(true), 75);
    assert!(points(false) >= 40);
}

/// Same-suit runs that keep a gap may lie close together by overlapping a longer run: 3-5,
/// 5-9 and 9-J of hearts with two ranks between runs, where no run of three inside 5-9
/// overlaps both neighbours or keeps the gap to them. The search tried runs of the minimum
/// length only and answered no.
#[test]
fn a_longer_run_may_bridge_two_runs_of_its_suit_that_keep_a_gap() {
    let cases = [
        (
            "progressive",
            "gap-2",
            12,
            "3H 4H 5H 5H 6H 7H 8H 9H 9H 10H JH 3C 4C 5C 3S 4S 5S",
        ),
        // Runs that may not touch: 3-6 and 10-K of clubs with 6-10 between them, where a
        // run of four inside 6-10 touches one of them (the 5♦ is left over).
        (
            "progressive",
            "not-touching",
            10,
            "3C 4C 5C 6C 6C 7C 8C 9C 10C 10C JC QC KC 5D",
        ),
    ];
    for (id, same_suit, round, cards) in cases {
        let rs = with(id, &[("same_suit_runs", same_suit)]);
        let spec = rs.round_for_check(Some(round)).unwrap();
        let h = hand(cards);
        let s = solve(&rs, &spec, &h).unwrap();
        let s = s.unwrap_or_else(|| panic!("{id} r{round}: {cards} is a yes"));
        assert_valid(&rs, &spec, &h, &s);
    }
}

/// Runs that may bridge (same-suit runs keep a gap, three runs or more) are tried at every
/// length, but only where each end is a natural the wild limits need or touches another run
/// of its suit (`Pick::loose_ends`): on random hands of one or two suits, under every wild
/// limit and gap rule, that rule changes no answer, and every yes passes the checker.
#[test]
fn the_loose_end_rule_for_bridging_runs_changes_no_answer() {
    let mut next = super::test_numbers(0x5eed_b41d_u64);
    let (mut yes, mut no, mut longer) = (0, 0, 0);
    for case in 0..300 {
        let gap = ["not-touching", "gap-2"][next(2) as usize];
        let cap = ["one", "two-naturals", "half", "third", "any"][next(5) as usize];
        let ace = ["low-or-high", "wrap"][next(2) as usize];
        let round = [10, 12][next(2) as usize];
        let rs = with(
            "progressive",
            &[
                ("same_suit_runs", gap),
                ("wilds_per_meld", cap),
                ("ace", ace),
            ],
        );
        let spec = rs.round_for_check(Some(round)).unwrap();
        // Runs laid along hearts, each beginning where the one before ends (so a middle one
        // may have to bridge) or a little off; for round 12 two more runs in clubs. Then now
        // and then a card becomes a joker, one is taken out and a few are put in.
        let ranks = ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
        let min = if round == 10 { 4 } else { 3 };
        let mut cards: Vec<String> = Vec::new();
        let lay = |cards: &mut Vec<String>, suit: &str, from: usize, len: usize| {
            for p in from..from + len {
                cards.push(format!("{}{suit}", ranks[p % 12]));
            }
        };
        let mut at = next(3) as usize;
        for _ in 0..3 {
            let len = min + next(4) as usize;
            lay(&mut cards, "H", at, len);
            at = (at + len - 1 + [0, 0, 1, 2][next(4) as usize]) % 12;
        }
        if round == 12 {
            lay(&mut cards, "C", 0, 3);
            lay(&mut cards, "C", 5 + next(4) as usize, 3);
        }
        if next(2) == 0 {
            let i = next(cards.len() as u64) as usize;
            cards[i] = "JK".to_string();
        }
        cards.remove(next(cards.len() as u64) as usize);
        for _ in 0..next(3) {
            cards.push(match next(3) {
                0 => "2S".to_string(),
                1 => format!("{}C", ranks[next(12) as usize]),
                _ => format!("{}H", ranks[next(12) as usize]),
            });
        }
        cards.truncate(super::MAX_HAND);
        cards.sort();
        let h = hand(&cards.join(" "));
        let with_rule = solve(&rs, &spec, &h).unwrap();
        LOOSE_ENDS_OFF.set(true);
        let without = solve(&rs, &spec, &h);
        LOOSE_ENDS_OFF.set(false);
        let without = without.unwrap();
        let what = format!(
            "case {case}: r{round} {gap} {cap} {ace}: {}",
            cards.join(" ")
        );
        assert_eq!(with_rule.is_some(), without.is_some(), "{what}");
        if without
            .as_ref()
            .is_some_and(|s| s.melds.iter().any(|m| m.len() > min))
        {
            longer += 1;
        }
        if let Some(s) = &with_rule {
            assert_valid(&rs, &spec, &h, s);
            yes += 1;
        } else {
            no += 1;
        }
    }
    // Both answers are common, and some yes needs a run longer than the minimum.
    assert!(
        yes >= 50 && no >= 50 && longer >= 10,
        "{yes} yes ({longer} with a longer run), {no} no"
    );
}

/// What a test that turns one rule off (a test-only switch) on random hands counted.
#[derive(Default)]
struct Tally {
    yes: usize,
    no: usize,
    /// Hands the rule saved search nodes on.
    fewer: usize,
    /// Hands searched otherwise (more nodes or fewer) with the rule off.
    otherwise: usize,
}

/// Solves the hand `cards` (sorted here) as the solver does and again with the test-only
/// `switch` set (one rule off): the answers must agree, and a yes must pass the checker.
/// Counted in `tally`; `label` and the cards name the hand in a failure.
fn same_answer_with_the_rule_off(
    switch: &'static std::thread::LocalKey<std::cell::Cell<bool>>,
    rs: &RuleSet,
    spec: &RoundSpec,
    cards: &mut [String],
    label: &str,
    tally: &mut Tally,
) {
    cards.sort();
    let h = &hand(&cards.join(" "));
    let what = format!("{label}: {}", cards.join(" "));
    let (with_rule, nodes) = super::solve_nodes(rs, spec, h);
    switch.set(true);
    let (without, nodes_without) = super::solve_nodes(rs, spec, h);
    switch.set(false);
    let with_rule = with_rule.unwrap();
    assert_eq!(with_rule.is_some(), without.unwrap().is_some(), "{what}");
    tally.fewer += usize::from(nodes < nodes_without);
    tally.otherwise += usize::from(nodes != nodes_without);
    if let Some(sol) = &with_rule {
        assert_valid(rs, spec, h, sol);
        tally.yes += 1;
    } else {
        tally.no += 1;
    }
}

/// Going out all at once with runs only, the sweep stops lengthening a run as soon as the
/// runs open already force more wild cards than the hand holds (a longer run covers more):
/// on random hands of one or two suits, under every ace rule, wild limit and same-suit rule,
/// that cut changes no answer, and every yes passes the checker.
#[test]
fn the_sweeps_forced_wild_card_cut_changes_no_answer() {
    use super::sweep::OPEN_CUT_OFF;
    let mut next = super::test_numbers(0x00c0_ffee_5eed_u64);
    let mut tally = Tally::default();
    for case in 0..160 {
        let id = ["liverpool", "contract", "shanghai"][next(3) as usize];
        let same_suit = ["any", "not-touching", "gap-2", "never"][next(4) as usize];
        let cap = ["one", "two-naturals", "half", "any"][next(4) as usize];
        let ace = ["low-or-high", "wrap"][next(2) as usize];
        let rs = with(
            id,
            &[
                ("same_suit_runs", same_suit),
                ("wilds_per_meld", cap),
                ("ace", ace),
            ],
        );
        let spec = rs.round_for_check(Some(7)).unwrap();
        let dealt = spec.go_out_all_min_cards().unwrap_or(13);
        // Runs laid along clubs (now and then one in hearts), some cards made jokers, one
        // taken out and one put in: near misses of three runs.
        let mut cards: Vec<String> = Vec::new();
        while cards.len() < dealt + next(4) as usize {
            let suit = if next(4) == 0 { "H" } else { "C" };
            let from = next(13) as usize;
            for p in from..from + 4 + next(3) as usize {
                cards.push(format!("{}{suit}", RANKS[p % 13]));
            }
        }
        for _ in 0..1 + next(4) {
            let i = next(cards.len() as u64) as usize;
            cards[i] = "JK".to_string();
        }
        cards.remove(next(cards.len() as u64) as usize);
        cards.push(format!("{}C", RANKS[next(13) as usize]));
        cards.truncate(20);
        let label = format!("case {case}: {id} {same_suit} {cap} {ace}");
        same_answer_with_the_rule_off(&OPEN_CUT_OFF, &rs, &spec, &mut cards, &label, &mut tally);
    }
    // Both answers are common, and the cut saves search nodes on many hands.
    let Tally { yes, no, fewer, .. } = tally;
    assert!(
        yes >= 30 && no >= 30 && fewer >= 30,
        "{yes} yes, {no} no, {fewer} with fewer nodes"
    );
}

/// Where the contract has only runs and each needs two naturals or more, a wild 2 is split
/// off as a natural only where some run window over its place could hold the naturals its
/// length needs (`twos_that_may_be_natural`): on random Progressive hands full of 2s, under
/// each such wild limit, that changes no answer, and it skips suits that hold other naturals.
#[test]
fn skipping_useless_natural_twos_changes_no_answer() {
    use super::TWOS_RULE_OFF;
    let mut next = super::test_numbers(0x2222_5eed_u64);
    let ranks = ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let mut tally = Tally::default();
    for case in 0..200 {
        let cap = ["half", "two-naturals", "third", "one"][next(4) as usize];
        let ace = ["low-or-high", "wrap"][next(2) as usize];
        let same_suit = ["any", "not-touching", "gap-2"][next(3) as usize];
        let round = [4, 8, 10, 12][next(4) as usize];
        let all_wild = ["false", "true"][next(2) as usize];
        let rs = with(
            "progressive",
            &[
                ("wilds_per_meld", cap),
                ("ace", ace),
                ("same_suit_runs", same_suit),
                ("all_wild_melds", all_wild),
            ],
        );
        let spec = rs.round_for_check(Some(round)).unwrap();
        // A few runs' worth of cards in one or two suits, then 2s of every suit and some
        // lone naturals, a joker now and then.
        let mut cards: Vec<String> = Vec::new();
        for _ in 0..2 + next(3) {
            let suit = SUITS[next(2) as usize];
            let from = next(12) as usize;
            for p in from..from + 3 + next(2) as usize {
                if next(5) > 0 {
                    cards.push(format!("{}{suit}", ranks[p % 12]));
                }
            }
        }
        for _ in 0..2 + next(5) {
            cards.push(format!("2{}", SUITS[next(4) as usize]));
        }
        for _ in 0..next(4) {
            cards.push(format!(
                "{}{}",
                ranks[next(12) as usize],
                SUITS[next(4) as usize]
            ));
        }
        if next(2) == 0 {
            cards.push("JK".to_string());
        }
        cards.truncate(20);
        let label = format!("case {case}: r{round} {cap} {ace} {same_suit} all-wild {all_wild}");
        same_answer_with_the_rule_off(&TWOS_RULE_OFF, &rs, &spec, &mut cards, &label, &mut tally);
    }
    let Tally { yes, no, fewer, .. } = tally;
    assert!(
        yes >= 30 && no >= 30 && fewer >= 30,
        "{yes} yes, {no} no, {fewer} with fewer nodes"
    );
}

/// The pick search decides the suits with the fewest naturals first: on random hands of
/// three or four suits, for every round of the contract-family presets, deciding them in
/// index order instead changes no answer.
#[test]
fn the_order_the_suits_are_decided_in_changes_no_answer() {
    use super::SUITS_BY_INDEX;
    let mut next = super::test_numbers(0x0bde_5eed_u64);
    let mut tally = Tally::default();
    for case in 0..240 {
        let id = ["contract", "shanghai", "progressive", "hollywood"][next(4) as usize];
        let rs = RuleSet::preset(id).unwrap();
        let round = 1 + next(rs.rounds.len() as u64) as usize;
        let spec = rs.round_for_check(Some(round)).unwrap();
        if spec.go_out_all {
            continue;
        }
        // One suit rich in runs, the others a few cards each, now and then a joker.
        let mut cards: Vec<String> = Vec::new();
        let from = next(13) as usize;
        for p in from..from + 6 + next(5) as usize {
            cards.push(format!("{}{}", RANKS[p % 13], SUITS[0]));
        }
        for _ in 0..4 + next(6) {
            let suit = SUITS[1 + next(3) as usize];
            cards.push(format!("{}{suit}", RANKS[next(13) as usize]));
        }
        for _ in 0..next(4) {
            cards.push("JK".to_string());
        }
        let label = format!("case {case}: {id} r{round}");
        same_answer_with_the_rule_off(&SUITS_BY_INDEX, &rs, &spec, &mut cards, &label, &mut tally);
    }
    // Both answers are common, and the order changes the search on many hands.
    let Tally {
        yes, no, otherwise, ..
    } = tally;
    assert!(
        yes >= 30 && no >= 30 && otherwise >= 30,
        "{yes} yes, {no} no, {otherwise} searched otherwise"
    );
}

/// A run of the oracle below: its suit, its window's start on the line (`None`: all wild, in
/// a suit of its own) and its length.
type BruteRun = (usize, Option<usize>, usize);

/// `runs` runs of at least `min` cards from natural cards of some suits
/// (`counts[s][rank number]`) and `jokers`: every card in a run where `every_card` (going
/// out all at once), else any cards left over. An oracle that shares nothing with the
/// solver but the line of ranks. It tries every multiset of windows (exactly `min` long
/// where the round asks for the exact minimum; their lengths adding up to the cards where
/// every card goes; a run with no natural card, where the wild limits allow one, may lie
/// in a suit of its own), keeps those whose pairs the round's same-suit rule allows, and
/// hands out each rank's naturals to the runs over that rank, every way, until each run
/// holds the naturals its wild limit asks. Where cards may be left over, the runs' places
/// that no natural card fills (as many as possible are filled: adding to a hand-out never
/// takes a natural from a run) must be within the jokers.
fn runs_by_brute_force(
    rs: &RuleSet,
    spec: &RoundSpec,
    counts: &[[usize; 14]],
    jokers: usize,
    runs: usize,
    min: usize,
    every_card: bool,
) -> bool {
    let line = rs.meld.line();
    let cards = counts.iter().flatten().sum::<usize>() + jokers;
    let mut choices: Vec<BruteRun> = Vec::new();
    // On a first meld of exact minimum length (the contract family's), runs hold `min`.
    let longest = if spec.exact_minimum {
        min
    } else {
        line.max_run()
    };
    for len in min..=longest {
        for suit in 0..counts.len() {
            choices.extend(line.starts(len).map(|start| (suit, Some(start), len)));
        }
        if rs.meld.naturals_needed(len) == 0 {
            choices.push((0, None, len));
        }
    }
    let apart = |a: BruteRun, b: BruteRun| match (a.1, b.1) {
        (Some(sa), Some(sb)) if a.0 == b.0 => {
            let (wa, wb) = ((sa, a.2), (sb, b.2));
            !spec.runs_different_suits
                && (spec.run_gap() == 0
                    || line.overlaps(wa, wb)
                    || line.gap(wa, wb) >= spec.run_gap())
        }
        _ => true,
    };
    // How often `run` covers `rank` of `suit`.
    let slots = |run: BruteRun, suit: usize, rank: usize| match run {
        (s, Some(start), len) if s == suit => (0..len)
            .filter(|&o| usize::from(line.rank_at(start, o).number()) == rank)
            .count(),
        _ => 0,
    };
    let hand_out = |chosen: &[BruteRun]| {
        // Cheap refusals first: a rank held more often than the runs cover it, or fewer
        // naturals than the runs need.
        let need: Vec<usize> = chosen
            .iter()
            .map(|&(_, _, len)| rs.meld.naturals_needed(len))
            .collect();
        if need.iter().sum::<usize>() > cards - jokers {
            return false;
        }
        let mut most_placed = 0;
        for (suit, by_rank) in counts.iter().enumerate() {
            for (rank, &count) in by_rank.iter().enumerate().skip(1) {
                let room: usize = chosen.iter().map(|&r| slots(r, suit, rank)).sum();
                if every_card && room < count {
                    return false;
                }
                most_placed += room.min(count);
            }
        }
        let places: usize = chosen.iter().map(|&(_, _, len)| len).sum();
        if places - most_placed > jokers {
            return false;
        }
        // Naturals held so far by each run, capped at its need.
        let mut states = std::collections::BTreeSet::from([vec![0usize; chosen.len()]]);
        for (suit, by_rank) in counts.iter().enumerate() {
            for (rank, &count) in by_rank.iter().enumerate().skip(1) {
                let room: Vec<usize> = chosen.iter().map(|&r| slots(r, suit, rank)).collect();
                let mut next = std::collections::BTreeSet::new();
                for st in &states {
                    // Every way to put `count` naturals into the runs' room.
                    fn spread(
                        i: usize,
                        left: usize,
                        every_card: bool,
                        room: &[usize],
                        need: &[usize],
                        st: &mut Vec<usize>,
                        out: &mut std::collections::BTreeSet<Vec<usize>>,
                    ) {
                        if i == room.len() {
                            if left == 0 || !every_card {
                                out.insert(st.clone());
                            }
                            return;
                        }
                        for k in 0..=room[i].min(left) {
                            let before = st[i];
                            st[i] = (st[i] + k).min(need[i]);
                            spread(i + 1, left - k, every_card, room, need, st, out);
                            st[i] = before;
                        }
                    }
                    spread(
                        0,
                        count,
                        every_card,
                        &room,
                        &need,
                        &mut st.clone(),
                        &mut next,
                    );
                }
                states = next;
            }
        }
        states.contains(&need)
    };
    fn pick(
        from: usize,
        left_runs: usize,
        left_cards: usize,
        choices: &[BruteRun],
        chosen: &mut Vec<BruteRun>,
        apart: &dyn Fn(BruteRun, BruteRun) -> bool,
        hand_out: &dyn Fn(&[BruteRun]) -> bool,
    ) -> bool {
        if left_runs == 0 {
            return hand_out(chosen);
        }
        for i in from..choices.len() {
            let c = choices[i];
            if c.2 > left_cards || !chosen.iter().all(|&d| apart(c, d)) {
                continue;
            }
            chosen.push(c);
            if pick(
                i,
                left_runs - 1,
                left_cards - c.2,
                choices,
                chosen,
                apart,
                hand_out,
            ) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    // Where every card goes, the runs' lengths add up to the cards.
    let laid_out = |chosen: &[BruteRun]| {
        let laid: usize = chosen.iter().map(|&(_, _, len)| len).sum();
        (!every_card || laid == cards) && hand_out(chosen)
    };
    pick(0, runs, cards, &choices, &mut Vec::new(), &apart, &laid_out)
}

/// A family of random hands for `runs_by_brute_force`.
struct OracleHands {
    seed: u64,
    /// Hands unless `CASES` says otherwise (a release build runs thousands in minutes).
    cases: usize,
    /// Preset and round (of runs only, all of one length), one drawn per hand.
    rounds: &'static [(&'static str, usize)],
    /// Going out all at once: every card in a run.
    every_card: bool,
    /// The fewest cards a hand holds (up to six more) and the fewest jokers (up to four more).
    cards: usize,
    jokers: usize,
}

/// Random hands of one suit (now and then two) and jokers, under every ace rule, same-suit
/// rule and wild limit: the solver agrees with `runs_by_brute_force`, and every yes passes
/// the checker. Every other hand is solved with the suits' shares checked at the root of
/// every split. Both answers must be common.
fn agrees_with_the_oracle(hands: OracleHands) {
    use super::SUITS_CHECK_AT_ONCE;
    let mut next = super::test_numbers(hands.seed);
    let cases: usize = std::env::var("CASES").map_or(hands.cases, |c| c.parse().unwrap());
    let (mut yes, mut no) = (0, 0);
    for case in 0..cases {
        let (id, round) = hands.rounds[next(hands.rounds.len() as u64) as usize];
        let ace = ["low-or-high", "high-only", "wrap"][next(3) as usize];
        let same_suit = ["any", "not-touching", "gap-2", "never"][next(4) as usize];
        let cap = ["any", "one", "two-naturals", "half", "third"][next(5) as usize];
        let all_wild = ["false", "true"][next(2) as usize];
        let rs = with(
            id,
            &[
                ("ace", ace),
                ("same_suit_runs", same_suit),
                ("wilds_per_meld", cap),
                ("all_wild_melds", all_wild),
            ],
        );
        let spec = rs.round_for_check(Some(round)).unwrap();
        let alt = &spec.contract.as_ref().unwrap().alternatives[0];
        assert!(spec.go_out_all == hands.every_card);
        assert!(
            alt.iter()
                .all(|r| r.kind == MeldKind::Run && r.min == alt[0].min)
        );
        // Natural cards laid along the line in a few stretches, some left out (and the 2s
        // where they are wild), then jokers.
        let suits = 1 + usize::from(next(3) == 0);
        let mut counts = vec![[0usize; 14]; suits];
        let jokers = hands.jokers + next(5) as usize;
        let total = hands.cards + next(7) as usize;
        let held = |counts: &[[usize; 14]]| counts.iter().flatten().sum::<usize>() + jokers;
        while held(&counts) < total {
            let suit = next(suits as u64) as usize;
            let from = 1 + next(13) as usize;
            for r in from..from + 2 + next(5) as usize {
                let rank = (r - 1) % 13 + 1;
                if held(&counts) < total && !(rank == 2 && rs.meld.twos_wild) && next(5) > 0 {
                    counts[suit][rank] += 1;
                }
            }
        }
        let mut cards: Vec<String> = Vec::new();
        for (suit, by_rank) in counts.iter().enumerate() {
            for r in 1..=13 {
                let card = format!("{}{}", RANKS[r - 1], ["C", "H"][suit]);
                cards.extend(std::iter::repeat_n(card, by_rank[r]));
            }
        }
        cards.extend(std::iter::repeat_n("JK".to_string(), jokers));
        let h = hand(&cards.join(" "));
        SUITS_CHECK_AT_ONCE.set(case % 2 == 1);
        let solved = solve(&rs, &spec, &h).unwrap();
        SUITS_CHECK_AT_ONCE.set(false);
        let min = usize::from(alt[0].min);
        let brute = runs_by_brute_force(
            &rs,
            &spec,
            &counts,
            jokers,
            alt.len(),
            min,
            hands.every_card,
        );
        assert_eq!(
            solved.is_some(),
            brute,
            "case {case}: {id} r{round} {ace} {same_suit} {cap} all-wild {all_wild}: {}",
            cards.join(" ")
        );
        if let Some(s) = &solved {
            assert_valid(&rs, &spec, &h, s);
            yes += 1;
        } else {
            no += 1;
        }
    }
    assert!(yes >= cases / 5 && no >= cases / 5, "{yes} yes, {no} no");
}

/// Going out all at once (the sweep) agrees with the oracle: three runs of four from 13 to
/// 19 cards. Once the sweep handed a natural card to the run ending first; a
/// run going on may need it more (`adversarial_hands_of_the_fifth_search_are_answered_in_few_nodes`).
#[test]
fn going_out_all_at_once_agrees_with_brute_force() {
    agrees_with_the_oracle(OracleHands {
        seed: 0x0a11_5eed,
        cases: 150,
        rounds: &[("contract", 7), ("liverpool", 7)],
        every_card: true,
        cards: 13,
        jokers: 1,
    });
}

/// Contracts of runs only that leave cards over (the pick search, and the check of the
/// suits' shares) agree with the oracle: Progressive's and the Contract family's rounds of
/// two or three runs, from 9 to 15 cards.
#[test]
fn a_contract_of_runs_agrees_with_brute_force() {
    agrees_with_the_oracle(OracleHands {
        seed: 0x7075_5eed,
        cases: 80,
        rounds: &[
            ("progressive", 4),
            ("progressive", 8),
            ("progressive", 10),
            ("contract", 3),
            ("liverpool", 3),
        ],
        every_card: false,
        cards: 9,
        jokers: 0,
    });
}

/// Found by `a_contract_of_runs_agrees_with_brute_force`: two runs of five in
/// hearts, a third of each wild, two ranks between same-suit runs that do not overlap, the
/// line turning the corner. 7-J (a joker for the J) and J-4 (jokers for the J and the 2)
/// overlap at the J, so they need no gap; J-4 without its joker J is legal too but touches
/// 7-J. The pick search tried longer runs where they may bridge only for three runs or more,
/// and answered no.
#[test]
fn two_runs_of_a_suit_may_need_a_longer_run_to_overlap() {
    let rs = with(
        "progressive",
        &[
            ("ace", "wrap"),
            ("same_suit_runs", "gap-2"),
            ("wilds_per_meld", "third"),
        ],
    );
    let spec = rs.round_for_check(Some(8)).unwrap();
    let h = hand("AH 3H 4H 7H 8H 9H 10H QH KH JK JK JK");
    let s = solve(&rs, &spec, &h)
        .unwrap()
        .expect("7-J and J-4 of hearts");
    assert_valid(&rs, &spec, &h, &s);
}

/// Where a contract asks only for runs of one length, the pick search refuses a split of the
/// hand whose suits cannot share the runs and the wild cards (`suits`): on random hands of
/// two or three suits, under every same-suit rule, wild limit and ace rule, checking that at
/// the root of every split (rather than after some nodes, as the solver does) changes no
/// answer against never checking, and every yes passes the checker.
#[test]
fn refusing_splits_whose_suits_cannot_share_the_runs_changes_no_answer() {
    use super::{SUITS_CHECK_AT_ONCE, SUITS_CHECK_OFF, SUITS_REFUSED};
    let mut next = super::test_numbers(0x5417_5eed_u64);
    let mut tally = Tally::default();
    SUITS_CHECK_AT_ONCE.set(true);
    let mut case = 0;
    while case < 240 {
        let id = [
            "progressive",
            "contract",
            "shanghai",
            "may-i",
            "continental",
        ][next(5) as usize];
        let same_suit = ["any", "not-touching", "gap-2", "never"][next(4) as usize];
        let cap = ["any", "one", "two-naturals", "half", "third"][next(5) as usize];
        let ace = ["low-or-high", "wrap"][next(2) as usize];
        let mut options = vec![
            ("same_suit_runs", same_suit),
            ("wilds_per_meld", cap),
            ("ace", ace),
        ];
        if id != "shanghai" {
            options.push(("all_wild_melds", ["false", "true"][next(2) as usize]));
        }
        let rs = with(id, &options);
        let round = 1 + next(rs.rounds.len() as u64) as usize;
        let spec = rs.round_for_check(Some(round)).unwrap();
        let Some(contract) = &spec.contract else {
            continue;
        };
        let one_length_of_runs = contract.alternatives.iter().any(|alt| {
            alt.len() >= 2
                && alt
                    .iter()
                    .all(|r| r.kind == MeldKind::Run && r.min == alt[0].min)
        });
        if spec.go_out_all || !one_length_of_runs {
            continue;
        }
        // Broken runs in two or three suits, jokers and 2s now and then.
        let mut cards: Vec<String> = Vec::new();
        let held = 2 + next(2) as usize;
        for _ in 0..3 + next(4) {
            let suit = SUITS[next(held as u64) as usize];
            let from = next(13) as usize;
            for p in from..from + 2 + next(4) as usize {
                if next(4) > 0 {
                    cards.push(format!("{}{suit}", RANKS[p % 13]));
                }
            }
        }
        for _ in 0..next(5) {
            cards.push(if next(3) == 0 {
                format!("2{}", SUITS[next(4) as usize])
            } else {
                "JK".to_string()
            });
        }
        cards.truncate(22);
        let label = format!("case {case}: {id} r{round} {same_suit} {cap} {ace}");
        same_answer_with_the_rule_off(&SUITS_CHECK_OFF, &rs, &spec, &mut cards, &label, &mut tally);
        case += 1;
    }
    SUITS_CHECK_AT_ONCE.set(false);
    // Both answers are common, and the check refuses many splits.
    let Tally { yes, no, .. } = tally;
    let refused = SUITS_REFUSED.get();
    assert!(
        yes >= 30 && no >= 30 && refused >= 60,
        "{yes} yes, {no} no, {refused} splits refused"
    );
}

/// Found by the Rommé opening property test: the search for the best opening stopped at the
/// first branch that melded every card, though another melds the same cards for more.
#[test]
fn the_best_rommee_opening_is_not_the_first_that_melds_the_whole_hand() {
    let cases = [
        // 10-A of hearts and Q-A of diamonds (51 + 31) beat 10-A of diamonds and 10-Q of
        // hearts (51 + 30), which also meld every card.
        ("rommee", &[][..], "JH AD 10H JK JK JK JK QD", 82),
        // Three aces and 9-10-J of diamonds (33 + 29 = 62) beat one run 9-A (60).
        (
            "rommee",
            &[("wilds_per_meld", "any"), ("opening_points", "30")][..],
            "AD JK JK 9D JK JK",
            62,
        ),
    ];
    for (id, options, cards, best) in cases {
        let rs = with(id, options);
        let spec = rs.round_for_check(None).unwrap();
        let h = hand(cards);
        let options = SolveOptions {
            best_opening: true,
            ..SolveOptions::default()
        };
        let s = solve_with(&rs, &spec, &h, &options).unwrap().unwrap();
        assert_valid(&rs, &spec, &h, &s);
        let points = crate::rules::check::check_pinned(&rs, &spec, &s.melds, &s.pins)
            .points
            .unwrap();
        assert_eq!(points, best, "{cards}: {:?}", s.melds);
    }
}

#[test]
fn hands_that_once_took_seconds_are_answered() {
    let no = [
        (
            "contract",
            7,
            "JK JK JK JK JK JK JK JK JK JK QC 4C AC 2C AC 7C JC 6C 7C QC 3C AC 10C 5C KC 6C 9C AC AC AC",
        ),
        (
            "contract",
            7,
            "JK JK JK JK JK JK JK JK JK JK KD 10D 6C 3D KC 4D 4C 2D KC AC 4D 9D 9C 6C KD 4C 7D 5D 2C KD",
        ),
        (
            "liverpool",
            7,
            "JK JK JK JK JK JK JK JK JK JK JK JK 10D QD KC JD 8D 8C JD 10D 7D 3C 10C 9C 5C 6D 7C JD JD 6C",
        ),
        (
            "shanghai-powe",
            6,
            "JK JK JK JK JK JK 6C 7C 8C QC 6C 10C 6C 3C 2C 8C 4C 9C 10C AC AC 7C AC 6C 7C 9C 10C QC 6C KC",
        ),
        (
            "continental",
            1,
            "JK JK JK JK JK JK JK JK 5H KD 9H JD 9H QC 4D",
        ),
        (
            "hollywood",
            6,
            "JK JK JK JK JK JK JK JK 5C 2C 3C JC 2C 5C 5C 10C QC 10C 6C 3C KC AC 6C 4C 10C AC 6C 8C 7C 10C",
        ),
        (
            "hollywood",
            6,
            "JK JK JK JK JK JK JK JK 5C 3C 10C QC 8C AC KC 6C 4C JC 4C QC",
        ),
        (
            "shanghai",
            6,
            "JK JK JK JK JK JK 6C 8D 7C QC 7C 3C QC 4C 4D 3C AC 8C QD 5D",
        ),
    ];
    for (rules, round, cards) in no {
        assert!(
            solve_round(rules, round, cards).is_none(),
            "{rules} {round}: {cards}"
        );
    }
    let yes = [
        (
            "shanghai-kolsov",
            6,
            "JK JK JK JK JK JK JK JK JC 7C 3H JD 2H 6D 5C 9D 9C KD 4C 9D 6D 2C 6H JH AD JC 10H 4H 5C 9C",
        ),
        (
            "contract",
            7,
            "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS AD 2D 3D 4D 5D",
        ),
    ];
    for (rules, round, cards) in yes {
        assert!(
            solve_round(rules, round, cards).is_some(),
            "{rules} {round}: {cards}"
        );
    }
}

#[test]
fn a_cancelled_search_says_so() {
    let flag = std::sync::atomic::AtomicBool::new(true);
    let rs = RuleSet::preset("contract").unwrap();
    let spec = rs.round_for_check(Some(7)).unwrap();
    let options = SolveOptions {
        stop: Stop {
            flag: Some(&flag),
            deadline: None,
        },
        best_opening: false,
    };
    let h = hand("3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D");
    assert_eq!(
        solve_with(&rs, &spec, &h, &options),
        Err(SolveError::Cancelled)
    );
    let past = Stop {
        flag: None,
        deadline: Some(std::time::Instant::now()),
    };
    assert!(past.stopped());
}

// ---- house-rule meld options, from the rule text ----

fn with(id: &str, pairs: &[(&str, &str)]) -> RuleSet {
    let o: BTreeMap<String, OptionValue> = pairs
        .iter()
        .map(|(k, v)| {
            let v = match *v {
                "true" => OptionValue::Bool(true),
                "false" => OptionValue::Bool(false),
                v => v
                    .parse()
                    .map_or_else(|_| OptionValue::Text(v.into()), OptionValue::Int),
            };
            (k.to_string(), v)
        })
        .collect();
    RuleSet::with_options(id, &o).unwrap()
}

fn solves(rs: &RuleSet, round: usize, cards: &str) -> bool {
    let spec = rs.round_for_check(Some(round)).unwrap();
    let h = hand(cards);
    let found = solve(rs, &spec, &h).unwrap();
    if let Some(s) = &found {
        assert_valid(rs, &spec, &h, s);
    }
    found.is_some()
}

fn problem_codes(rs: &RuleSet, round: usize, melds: &str) -> Vec<&'static str> {
    let spec = rs.round_for_check(Some(round)).unwrap();
    let melds = crate::rules::cards::parse_pinned_melds(melds).unwrap();
    check_pinned(rs, &spec, &melds.melds, &melds.pins)
        .problems
        .iter()
        .map(|p| p.code())
        .collect()
}

#[test]
fn same_suit_runs_any_not_touching_gap_2_and_never() {
    // Round 3: two runs of 4. ♥3-6 and ♥7-10 touch; ♥3-6 and ♥8-J have one rank between;
    // ♥3-6 and ♥9-Q two.
    let touching = "3H 4H 5H 6H | 7H 8H 9H 10H";
    let one_apart = "3H 4H 5H 6H | 8H 9H 10H JH";
    let two_apart = "3H 4H 5H 6H | 9H 10H JH QH";
    let any = with("contract", &[("same_suit_runs", "any")]);
    assert!(problem_codes(&any, 3, touching).is_empty());
    assert!(solves(&any, 3, "3H 4H 5H 6H 7H 8H 9H 10H"));
    // The preset's default is not-touching.
    let default = RuleSet::preset("contract").unwrap();
    assert_eq!(problem_codes(&default, 3, touching), ["contiguous_runs"]);
    assert!(problem_codes(&default, 3, one_apart).is_empty());
    assert!(!solves(&default, 3, "3H 4H 5H 6H 7H 8H 9H 10H"));
    let gap = with("contract", &[("same_suit_runs", "gap-2")]);
    assert_eq!(problem_codes(&gap, 3, touching), ["contiguous_runs"]);
    assert_eq!(problem_codes(&gap, 3, one_apart), ["runs_too_close"]);
    assert!(problem_codes(&gap, 3, two_apart).is_empty());
    // An overlap (two decks) is fine under every rule but `never`.
    assert!(problem_codes(&gap, 3, "3H 4H 5H 6H | 5H 6H 7H 8H").is_empty());
    assert!(!solves(&gap, 3, "3H 4H 5H 6H 8H 9H 10H JH"));
    assert!(solves(&gap, 3, "3H 4H 5H 6H 9H 10H JH QH"));
    let never = with("contract", &[("same_suit_runs", "never")]);
    assert_eq!(problem_codes(&never, 3, two_apart), ["same_suit_runs"]);
    assert!(!solves(&never, 3, "3H 4H 5H 6H 9H 10H JH QH"));
    assert!(solves(&never, 3, "3H 4H 5H 6H 9S 10S JS QS"));
    // Going out all at once (round 7) honours it too.
    assert!(!solves(&gap, 7, "3H 4H 5H 6H 8H 9H 10H JH 2S 3S 4S 5S 6S"));
    assert!(solves(&gap, 7, "3H 4H 5H 6H 9H 10H JH QH 2S 3S 4S 5S 6S"));
}

#[test]
fn presets_keep_their_same_suit_rule_as_the_default() {
    let powe = RuleSet::preset("shanghai-powe").unwrap();
    assert_eq!(
        powe.options["same_suit_runs"],
        OptionValue::Text("never".into())
    );
    assert!(powe.rounds.iter().all(|r| r.runs_different_suits));
    let may_i = RuleSet::preset("may-i").unwrap();
    assert!(may_i.rounds.iter().all(|r| r.run_gap() == 0));
    let kolsov = RuleSet::preset("shanghai-kolsov").unwrap();
    assert!(kolsov.rounds.iter().all(|r| r.run_gap() == 1));
    assert!(
        !RuleSet::preset("hollywood")
            .unwrap()
            .options
            .contains_key("same_suit_runs"),
        "Hollywood's contracts say it in their words"
    );
}

#[test]
fn wilds_per_meld_half_third_and_all_wild_melds() {
    // May I? has no exact minimum, so a set of four is a contract meld there.
    let half = with("may-i", &[("wilds_per_meld", "half")]);
    assert_eq!(
        problem_codes(&half, 1, "7H JK JK | 9S 9D 9C"),
        ["too_many_wilds"]
    );
    assert!(problem_codes(&half, 1, "7H 7S JK JK | 9S 9D 9C").is_empty());
    assert!(!solves(&half, 1, "7H JK JK 9S 9D 9C"));
    assert!(solves(&half, 1, "7H 7S JK JK 9S 9D 9C"));
    let third = with("may-i", &[("wilds_per_meld", "third")]);
    assert_eq!(
        problem_codes(&third, 1, "7H 7S JK JK | 9S 9D 9C"),
        ["too_many_wilds"]
    );
    assert!(problem_codes(&third, 1, "7H 7S JK | 9S 9D 9C").is_empty());
    assert!(solves(&third, 2, "7H 7S JK 3C 4C JK 6C 7C"));
    assert!(!solves(&third, 2, "7H 7S JK 3C JK JK 6C"));
    let one = with("contract", &[("wilds_per_meld", "one")]);
    assert_eq!(one.meld.max_wilds, Some(1));
    let two = with("shanghai", &[("wilds_per_meld", "two-naturals")]);
    assert_eq!((two.meld.max_wilds, two.meld.min_naturals), (None, 2));
    // Shanghai's default stays one wild per meld, Rommé's two naturals.
    assert_eq!(RuleSet::preset("shanghai").unwrap().meld.max_wilds, Some(1));
    assert_eq!(RuleSet::preset("rommee").unwrap().meld.min_naturals, 2);
    // All-wild melds: Progressive's default; an option elsewhere.
    assert_eq!(RuleSet::preset("progressive").unwrap().meld.min_naturals, 0);
    let all_wild = with("contract", &[("all_wild_melds", "true")]);
    assert_eq!(all_wild.meld.min_naturals, 0);
    assert!(solves(&all_wild, 1, "JK JK JK 9S 9D 9C"));
    let default = RuleSet::preset("contract").unwrap();
    assert_eq!(
        problem_codes(&default, 1, "JK JK JK | 9S 9D 9C"),
        ["no_natural"]
    );
    // Legal only declared (docs/RULES.md section 2); the solver declares what it lays.
    assert_eq!(
        problem_codes(&all_wild, 1, "JK JK JK | 9S 9D 9C"),
        ["all_wild_undeclared"]
    );
    assert!(problem_codes(&all_wild, 1, "JK=5C JK=5D JK=5H | 9S 9D 9C").is_empty());
    let spec = all_wild.round_for_check(Some(1)).unwrap();
    let s = solve(&all_wild, &spec, &hand("JK JK JK 9S 9D 9C"))
        .unwrap()
        .unwrap();
    let jokers = s.melds.iter().position(|m| m[0] == Card::Joker).unwrap();
    assert!(s.pins[jokers].iter().all(Option::is_some), "{:?}", s.pins);
}

#[test]
fn the_solver_declares_every_wild_card_it_lays_as_its_place_in_the_meld() {
    // A run's joker is the card of its place; a set's the rank in the suit left over.
    let s = solve_round("contract", 2, "5H 6H JK 8H 9C 9D 9S").unwrap();
    let run = s
        .melds
        .iter()
        .position(|m| m.contains(&Card::Joker))
        .unwrap();
    let at = s.melds[run].iter().position(|&c| c == Card::Joker).unwrap();
    assert_eq!(s.pins[run][at], Some("7H".parse().unwrap()));
    let s = solve_round("contract", 1, "9C 9D JK 5S 5D 5C").unwrap();
    let set = s
        .melds
        .iter()
        .position(|m| m.contains(&Card::Joker))
        .unwrap();
    let at = s.melds[set].iter().position(|&c| c == Card::Joker).unwrap();
    assert_eq!(s.pins[set][at].unwrap().rank(), Some(Rank::new(9).unwrap()));
    // Progressive: two all-wild runs where runs may not touch each get a place of their own.
    let rs = RuleSet::preset("progressive").unwrap();
    for round in 1..=rs.rounds.len() {
        let spec = rs.round_for_check(Some(round)).unwrap();
        let Some(c) = &spec.contract else { continue };
        let need: usize = c.alternatives[0].iter().map(|r| r.min as usize).sum();
        let h: Vec<Card> = std::iter::repeat_n(Card::Joker, need).collect();
        if let Some(s) = solve(&rs, &spec, &h).unwrap() {
            assert_valid(&rs, &spec, &h, &s);
        }
    }
}

/// The adversarial search's slowest hands (benches/adversarial.rs, BENCHMARKS.md): each
/// answered as reasoned here, in few search nodes (they took up to 0.9 s in a release build).
/// (rule set, options, round, hand, expected answer, most search nodes)
type NodeCase = (
    &'static str,
    &'static [(&'static str, &'static str)],
    usize,
    &'static str,
    bool,
    u64,
);

#[test]
fn adversarial_go_out_all_hands_are_answered_in_few_nodes() {
    let cases: [NodeCase; 4] = [
        // Clubs hold two aces and diamonds two tens: with the ace wrapping, a run holds a
        // rank once, so clubs need two runs, diamonds two and spades one: five, of three.
        (
            "contract",
            &[
                ("ace", "wrap"),
                ("all_wild_melds", "true"),
                ("exact_minimum", "false"),
                ("jokers", "true"),
                ("same_suit_runs", "any"),
                ("wilds_per_meld", "half"),
            ],
            7,
            "3C 10D KC 10C 3D 9C 5C JK JK JK JK JK AD 2S JC 8C JK 2D 10D JK 7C AC JK JK AC",
            false,
            2_000,
        ),
        // Three 6C need three club runs, and the hearts and diamonds a run each: five, of three.
        (
            "shanghai",
            &[("ace", "wrap"), ("same_suit_runs", "gap-2")],
            7,
            "8C 7C JK 2C 9C 6C 6C 2C JC JK JK 5C AC KC JK 8C 9C KC 2H 6C AC JK 3C 8C 4C 3C QC KD JK",
            false,
            2_000,
        ),
        (
            "shanghai-kolsov",
            &[
                ("ace", "wrap"),
                ("same_suit_runs", "not-touching"),
                ("wilds_per_meld", "any"),
            ],
            10,
            "QC 9C AC 6C 9C 5C 2C 4C JK 10C JK 2D AH 8C JK KH 5H KC JK JK",
            false,
            2_000,
        ),
        // One wild card per meld and three runs: seven jokers cannot all be placed.
        (
            "shanghai-kolsov",
            &[
                ("ace", "wrap"),
                ("same_suit_runs", "not-touching"),
                ("wilds_per_meld", "one"),
            ],
            10,
            "6C JK JK JK JK KC JC 8C 3C JC 4C JK JK 7C 5C 10C QC 10C JK 9C",
            false,
            2_000,
        ),
    ];
    for (id, options, round, cards, expected, most) in cases {
        assert_answered_within(id, options, Some(round), cards, expected, most);
    }
}

/// (rule set, options, round if any, hand, expected answer, most search nodes)
type RoundlessCase = (
    &'static str,
    &'static [(&'static str, &'static str)],
    Option<usize>,
    &'static str,
    bool,
    u64,
);

/// A re-run of the adversarial search (benches/kept/hands.rs keeps the same hands
/// for timing): the slowest hand per rule set, 9-420 ms before, each answered as found then
/// (a yes passes the checker; a no agreed with the solver before these changes) in few
/// search nodes, so a slow corner that opens again fails here whatever the machine's load.
#[test]
fn adversarial_hands_of_the_first_search_are_answered_in_few_nodes() {
    let cases: [RoundlessCase; 25] = [
        (
            "contract",
            &[
                ("ace", "wrap"),
                ("all_wild_melds", "true"),
                ("same_suit_runs", "gap-2"),
            ],
            Some(7),
            "3C 5C JC KC JK JC 2C 10C 9C JK 10C QC QC JK 6C 8C 2C 8C JK",
            true,
            15_000,
        ),
        (
            "liverpool",
            &[
                ("ace", "wrap"),
                ("all_wild_melds", "false"),
                ("same_suit_runs", "never"),
            ],
            Some(6),
            "7C 4H 7C QC 8C 3C 6C JK 6C 10C 7C JK QC 7C 4C 9C QC JK 9H AC 2D 8C JC 4C 4S JC",
            true,
            2_000,
        ),
        (
            "shanghai-powe",
            &[
                ("ace", "wrap"),
                ("jokers", "true"),
                ("same_suit_runs", "not-touching"),
            ],
            Some(8),
            "KC 8C 5C 5C 9C 10C 9C QC KC 2C JC 8C 3C 7C JK 10C JK 4C 4C 6C",
            true,
            15_000,
        ),
        // Three runs of twenty cards hold at most six wild cards under "a third" (6+6+8 or
        // 6+7+7: two each): seven jokers cannot go out, before any search.
        (
            "shanghai-kolsov",
            &[
                ("ace", "wrap"),
                ("same_suit_runs", "not-touching"),
                ("wilds_per_meld", "third"),
            ],
            Some(10),
            "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK JK JK JK JK JK JK",
            false,
            0,
        ),
        (
            "progressive",
            &[
                ("ace", "low-or-high"),
                ("all_wild_melds", "false"),
                ("same_suit_runs", "gap-2"),
                ("wilds_per_meld", "third"),
            ],
            Some(8),
            // Yes: A-5♦ with the joker as 3♦, and 2-7♦ with two 2s as 4♦ and 5♦ (a third of
            // six cards), the longer run a third allows where no run of five takes both 2s.
            "4D 2H 2C 3C 3C AD 2D 2H 5D 2C 2D 2D JK 2C 10C QD 7D 2D 3D 6D",
            true,
            1_500,
        ),
        (
            "progressive",
            &[("ace", "high-only"), ("same_suit_runs", "not-touching")],
            Some(12),
            "JK JK 2H 2D JK 6C JK JK 3H 2D AD KH 6C 10C AD JK JK 3C 2D 10C 4D 5H KH 2H 7H",
            true,
            5_000,
        ),
        (
            "continental",
            &[
                ("ace", "wrap"),
                ("hands", "1"),
                ("same_suit_runs", "not-touching"),
            ],
            Some(1),
            "AC 4C JK 3C JK JK 6C AC JK 7C 5C 7C 10C JK 3C",
            true,
            20_000,
        ),
        // Six wild cards (five jokers and the wild 2): under "a third" five runs of three
        // hold five, the other shapes four.
        (
            "continental",
            &[
                ("ace", "wrap"),
                ("all_wild_melds", "false"),
                ("hands", "1"),
                ("same_suit_runs", "any"),
                ("twos_wild", "true"),
                ("wilds_per_meld", "third"),
            ],
            Some(1),
            "7C AC JK JK 4C 8C 6C 2C 9C 5C JK JK JK JC QC",
            false,
            0,
        ),
        (
            "rommee",
            &[
                ("joker_count", "6"),
                ("opening_points", "40"),
                ("twos_wild", "false"),
            ],
            None,
            "2D 8C 3D 3C JK KH 4H 7H 2H 3C 2C 6D 6D 3C KD 7C 3C JH 2S 5C",
            false,
            500,
        ),
        (
            "rommee",
            &[("twos_wild", "true"), ("wilds_per_meld", "half")],
            None,
            "4D AC JS 2D AC 6C 2D 7D 6C 6C QC 9D 7D AC 8C 2D 2S 2D AC 6D 5C KD AC 4D 5C 9H AS 3H",
            true,
            500,
        ),
        (
            "hollywood",
            &[
                ("ace", "wrap"),
                ("all_wild_melds", "false"),
                ("jokers_per_deck", "2"),
                ("twos_wild", "false"),
                ("wilds_per_meld", "any"),
            ],
            Some(6),
            "3D JC 2D 2H 2C JK JK 3C 3C 5D 4C 5C 9C KC 2D QC 5C 2C 6C 7D",
            false,
            1_500,
        ),
        (
            "hollywood",
            &[
                ("ace", "wrap"),
                ("twos_wild", "true"),
                ("wilds_per_meld", "any"),
            ],
            Some(6),
            "4C AC JK 6C 3C 2C 3C 9C 9C 5C 3C JK 5C 2D JK JC 4D 8C 6D 7C KC 10C 10H JC 8H",
            true,
            1_200,
        ),
        (
            "progressive",
            &[],
            Some(12),
            "3H 4H 6S 7S 9D 10D JC QC 8H 9H KS AD JK JK JK JK 2H 2S 2D 2C",
            true,
            100,
        ),
        (
            "may-i",
            &[
                ("all_wild_melds", "false"),
                ("exact_minimum", "true"),
                ("jokers", "true"),
                ("same_suit_runs", "gap-2"),
            ],
            Some(7),
            "JC QC 5C KC 9C 5C 10C 5C 10C KC JK 9C AC 10C 6C JK JK 2C",
            false,
            600,
        ),
        (
            "shanghai-kolsov",
            &[("jokers", "false"), ("wilds_per_meld", "two-naturals")],
            Some(9),
            "2S JK 2C 3D 10C 9C 2C KC QD JC 8D 8D 10C JD 7C JK 9D 2H 2H AC 10D JK 9H 2D 9C AD JD 8H 9D",
            false,
            // Two naturals per meld: runs longer than the contract's are tried too.
            2_000,
        ),
        // A lone 2H cannot be in a run under "two naturals": no search at all.
        (
            "shanghai",
            &[
                ("ace", "wrap"),
                ("jokers", "true"),
                ("wilds_per_meld", "two-naturals"),
            ],
            Some(7),
            "7C AC 6C 3C 10C 2C JK 2H JK JK QC 4C JK 8C JC JK KC 5C 9C JK JK JC QC KC 10C JK JK",
            false,
            0,
        ),
        // Three runs of clubs, each holding 5, 10 and Q (three of each): 5-Q (8 cards) or
        // 10-5 round the corner (9, with the ace). Two hold the aces and two the 8s, so one
        // holds both (5-A, 10 cards): at least 10 + 9 + 8 = 27 cards, more than 26.
        (
            "liverpool",
            &[("ace", "wrap")],
            Some(7),
            "JK JK 5C 8C 10C QC 10C 5C 9C QC 8C 5C JK JK 7C JC AC 3C KC AC 10C 6C JK QC JK JK",
            false,
            90_000,
        ),
        (
            "shanghai-kolsov",
            &[("ace", "wrap"), ("wilds_per_meld", "any")],
            Some(10),
            "9C 5C JK 7C 2C AC QC 5C JK 4C 2C JC 8C JK 10C 3C 9C QC 6C 7C",
            false,
            32_000,
        ),
        (
            "contract",
            &[
                ("ace", "wrap"),
                ("exact_minimum", "false"),
                ("same_suit_runs", "any"),
                ("wilds_per_meld", "half"),
            ],
            Some(7),
            "7C 4C JK 2C JC 8C 6C 4C 8C AC 6C JC JK 5C JK 3C JK",
            false,
            26_000,
        ),
        (
            "contract",
            &[("ace", "wrap"), ("exact_minimum", "true")],
            Some(7),
            "JK JK 9C 8C 10C 10C 5C 4C 5C 6C JK 8C QC 7C JK 7C 9C JK 8C JK 7C JC JK JC 6C 4C",
            true,
            60_000,
        ),
        (
            "rommee",
            &[
                ("cards_dealt", "13"),
                ("joker_count", "6"),
                ("opening_points", "40"),
                ("twos_wild", "true"),
                ("wilds_per_meld", "one"),
            ],
            None,
            "2H JK 2D QS 6D JK 2D 3C 4H 2D 4C 2H JK 6D 2S 3D JK 6D",
            false,
            800,
        ),
        (
            "progressive",
            &[
                ("ace", "wrap"),
                ("all_wild_melds", "false"),
                ("same_suit_runs", "not-touching"),
            ],
            Some(12),
            "JK 5C KC 2C 8C 2C 10C QC 6C 5C 2C 2D 2D 2H 5C 7C AC AD 9D",
            true,
            100,
        ),
        (
            "hollywood",
            &[
                ("ace", "low-or-high"),
                ("all_wild_melds", "true"),
                ("contracts", "7"),
            ],
            Some(6),
            "KC JC KC 3C JK JK 9C 2D 2S JH 10C 6C 10S 2C 6C AC 6C JK 2C 8C 2S 10C 10C 6C 2H AC 2D 6S JC 2C",
            true,
            6_000,
        ),
        // Over the 10 ms target once (28,000 nodes): the runs' cover of
        // each suit (`solver::cover`) answers it in a dozen, as four A♠ fill four runs of
        // three with one ace each, not two naturals each.
        (
            "progressive",
            &[
                ("ace", "wrap"),
                ("all_wild_melds", "false"),
                ("same_suit_runs", "gap-2"),
            ],
            Some(12),
            "8H 8S 3C AS 2C 2D JK KS 2S JK 3D 2C JK KD AS JK AS KD AS AH",
            false,
            100,
        ),
        // Still near the 10 ms target once: kept so the next pass starts
        // from its node count.
        (
            "continental",
            &[("ace", "wrap"), ("hands", "1"), ("same_suit_runs", "gap-2")],
            Some(1),
            "3C JK 5C 8C JK AC JK JK 2C JC JK JK JK KC 2C",
            false,
            32_000,
        ),
    ];
    for (id, options, round, cards, expected, most) in cases {
        assert_answered_within(id, options, round, cards, expected, most);
    }
}

/// A later run of the adversarial search (the same hands are kept in benches/kept/hands.rs):
/// the first seven took 9-153 ms (runs longer than the minimum counted every natural of a
/// suit, or were all built before the first was tried); the last two are still over the
/// 10 ms target and kept so the next pass starts from their node counts.
#[test]
fn adversarial_hands_of_the_second_search_are_answered_in_few_nodes() {
    let cases: &[(&str, &str, usize, &str, bool, u64)] = &[
        (
            "shanghai",
            "ace=wrap same_suit_runs=never wilds_per_meld=half",
            6,
            "10C AC JK 3C 2C 6C JC 2C 2D 2H 9C KC 8C 4C JK JC 6C 2S JK 2S JK 5C 7C JK 3C JK 6C JK",
            false,
            50,
        ),
        (
            "hollywood",
            "all_wild_melds=true contracts=7 jokers_per_deck=2 twos_wild=true wilds_per_meld=third",
            6,
            "10C 8C JC 9C 2C 2C 5C 7C KC QC 3C JK 8S 8C 6C 10C 7D 7C 8D 7S 8C 5C 2D 2D 2D 7H 3D JK JK 2C",
            false,
            200,
        ),
        (
            "shanghai-powe",
            "ace=low-or-high wilds_per_meld=half",
            6,
            "2C 2C KC 4C JK JK 6C 5C AC 4C JK 2H JK QC 2D 7C 8C AC AS 9C 7C JK JK 4C JK JK 10C QC JC KD",
            false,
            50,
        ),
        (
            "liverpool",
            "all_wild_melds=true exact_minimum=false same_suit_runs=never wilds_per_meld=half",
            6,
            "4C 2C JK JK 2H 7D 8C KC JK 7C 5C QC AC JK JK KC 3C JK JC 9C 2S 9C JK 10C 6C JC 2C JK JK AD",
            false,
            50,
        ),
        (
            "shanghai-kolsov",
            "ace=wrap wilds_per_meld=two-naturals",
            7,
            "2C JC AC 6C 8C AC JK 2C 2C JK 4C JK 2H AC 4C 5C 9C JK 3C 2H KC KC QC JK JK JK 3C 7C 10C JK",
            true,
            50,
        ),
        (
            "progressive",
            "ace=wrap all_wild_melds=false same_suit_runs=gap-2 wilds_per_meld=any",
            12,
            "4C AC 10C JK 6C JK QC 6C 8C 2H 2S 2C 7C 7C 10S JK JK QC 7C JK 9C 7C JC 5C 6C JK 3C KC 8C 8S",
            true,
            50,
        ),
        (
            "progressive",
            "ace=wrap all_wild_melds=true same_suit_runs=gap-2 wilds_per_meld=third",
            10,
            "JC AC QS 2S JK JK 2S 2C KC KC KC JK QC 4C 2C 2C JC 2D 2S",
            false,
            4_000,
        ),
        (
            "progressive",
            "same_suit_runs=gap-2 wilds_per_meld=two-naturals",
            12,
            "2S AC QC AC 10C KC 10C JK 2C 9C 6C 8C 2D JK 5S 2S 2C 4C",
            false,
            20_000,
        ),
        (
            "liverpool",
            "ace=wrap exact_minimum=false same_suit_runs=gap-2 wilds_per_meld=third",
            7,
            // A yes (2-7, 4-Q, Q-2): kept as a no until a fix of the sweep's
            // hand-out of naturals (`Sweep::place_at`).
            "4C 6C 8C AC JK JK 4C 2C 5C 7C JK JK 6C 2C 3C JK 7C QC QC",
            true,
            45_000,
        ),
    ];
    assert_each_answered_within(cases);
}

/// A kept hard hand: solved with the expected answer (a yes passing the checker as laid) in
/// at most `most` search nodes, so a slow corner that opens again fails whatever the load.
fn assert_answered_within(
    id: &str,
    options: &[(&str, &str)],
    round: Option<usize>,
    cards: &str,
    expected: bool,
    most: u64,
) {
    let rs = with(id, options);
    let spec = rs.round_for_check(round).unwrap();
    let h = hand(cards);
    let (found, nodes) = crate::rules::solver::solve_nodes(&rs, &spec, &h);
    let found = found.unwrap();
    if let Some(s) = &found {
        assert_valid(&rs, &spec, &h, s);
    }
    assert_eq!(found.is_some(), expected, "{id} {round:?}: {cards}");
    eprintln!("{id} {round:?}: {nodes} nodes");
    assert!(nodes <= most, "{id} {round:?}: {nodes} nodes for {cards}");
}

/// A later search's adversarial finds (benches/kept/hands.rs), each within a node limit about
/// twice what it takes now. Five runs of three that may not touch in a suit, from thirteen
/// naturals of four suits and up to seven wild cards (four jokers, three 2s), is a no: it
/// took 11.5 ms for its 7.7k nodes, 8.0k before the suits' shares, and 1.1k since the check
/// of the suits' shares (`suits`) refuses its splits. The second, 10.7 ms, searched 4.9k
/// nodes, a fifth of them in splits keeping the 2 of spades natural, where no run window
/// over it holds the two naturals a run needs (the 10 of spades is the only other spade);
/// now 3.0k. The third, 115 ms, and the fourth are below.
#[test]
fn adversarial_hands_of_the_fourth_search_are_answered_in_few_nodes() {
    assert_each_answered_within(&[
        (
            "progressive",
            "ace=wrap same_suit_runs=not-touching wilds_per_meld=any",
            12,
            "QS JK 10D JK KS 9S 6C 2C AS JC 5D JK 2S 6C 6S JS 2D JK AD 6H",
            false,
            2_500,
        ),
        (
            "progressive",
            "ace=wrap all_wild_melds=true same_suit_runs=gap-2 wilds_per_meld=half",
            12,
            "JK 4C JK 3C 3C 2C JK 8C 3C AC 2C 2C 10S 2S 5C QC KC 2C 3H",
            false,
            8_000,
        ),
        // 115 ms and 50k nodes: its sixteen splits of wild 2s each solved the clubs again.
        (
            "progressive",
            "ace=wrap all_wild_melds=false same_suit_runs=gap-2 wilds_per_meld=two-naturals",
            12,
            "2C 8C AC 7C JK KC JK 10D 2H JC 6C 9C 2D 5C QC 10H 2H 2H 3C JK",
            false,
            11_000,
        ),
        // 12-15 ms and 20.6k nodes, 15.7k of them in the split with every 2 wild: hearts
        // (A, 4, 4, 6, 7, 9) make two runs that keep two ranks apart with three wild cards, and
        // each other suit one with two, so five runs need nine and the hand holds eight. The
        // check of the suits' shares finds that at the root of each split: 1.2k nodes.
        (
            "progressive",
            "ace=wrap same_suit_runs=gap-2 wilds_per_meld=any",
            12,
            "JK AH 2D 2S 7H KD 6H 2H 5D JK 2D 4H 9H 2H 3C JK 4H 9S KS 9C",
            false,
            2_500,
        ),
    ]);
}

/// The adversarial finds after the sweep's fix (benches/kept/hands.rs), each within a node limit about
/// twice what it takes now. The Shanghai r7 hand is the search's slowest at 20 cards after
/// the fixes (19.9k nodes). The Contract r7 hand took 72 ms and 171k nodes for a "no" that
/// was wrong, now a yes in 1.9k
/// nodes: 9-3, 10-3 and Q-10 of clubs, around the corner, lay it (a third of each run wild,
/// at most). The sweep handed each natural card to the covering run ending first, which can
/// leave a run that goes on short of naturals while the other makes up its own further on,
/// where both runs get one.
#[test]
fn adversarial_hands_of_the_fifth_search_are_answered_in_few_nodes() {
    assert_each_answered_within(&[
        (
            "contract",
            "ace=wrap all_wild_melds=true exact_minimum=true same_suit_runs=gap-2 wilds_per_meld=third",
            7,
            "AC JK 7C 10C 3C 9C 8C 10C 6C 4C 5C 3C QC JK 2C KC 9C 3C JK JK JK JK 2C JC JK JK 10C",
            true,
            4_000,
        ),
        (
            "shanghai",
            "ace=wrap wilds_per_meld=half",
            7,
            "JK 9C 9C 7C 4C JK 3C JC QC 6C AC 5C AC KC 7C 2C JK 3C JC JK",
            true,
            40_000,
        ),
    ]);
}

/// Found by the house-rule property test: a set and a run with two natural cards each, three
/// jokers to share between them (`3D 3D JK` and `AH JK JK 4H`), in Progressive Rummy with
/// "at least 2 naturals" per meld; the brute force lays it, the solver answered no.
#[test]
fn a_set_and_a_run_of_two_naturals_each_share_three_jokers() {
    let rs = with(
        "progressive",
        &[
            ("same_suit_runs", "any"),
            ("wilds_per_meld", "two-naturals"),
            ("all_wild_melds", "false"),
        ],
    );
    let mut spec = small_round("1s3 1r3", false, true, false);
    (
        spec.no_contiguous_runs,
        spec.runs_apart,
        spec.runs_different_suits,
    ) = (false, 0, false);
    let hand = crate::rules::cards::parse_cards("3D JK JK JK 3D 4H AH").unwrap();
    assert!(brute_force(&rs, &spec, &hand, 2));
    let solved = solve(&rs, &spec, &hand).unwrap();
    let s = solved.expect("a set and a run");
    assert_valid(&rs, &spec, &hand, &s);
}

/// An adversarial search's finds (benches/kept/hands.rs), each answered within a node limit
/// about twice what it takes now. The first took 97k nodes: it searched 24 splits of wild 2s
/// with the 2 of clubs wild, each in vain, before the split that needs it natural; the second
/// is that split on its own (23k nodes before the loose-end rule and the per-candidate count).
/// The last two are the same session's misses after that work (Liverpool's sweep, 16 ms and
/// 33k nodes, now 11k since the sweep stops lengthening a run that forces too many wild
/// cards; a Rommé opening, 12 ms), kept for the next pass.
#[test]
fn adversarial_hands_of_the_third_search_are_answered_in_few_nodes() {
    let cases: &[(&str, &str, usize, &str, bool, u64)] = &[
        (
            "progressive",
            "ace=wrap same_suit_runs=gap-2 wilds_per_meld=two-naturals",
            12,
            "2D 3C 10C 8C 6C QC AC 2S 2C 2H 3C 2S JK JK 2H 5C KC 2H AC JK",
            true,
            12_000,
        ),
        (
            "progressive",
            "ace=wrap same_suit_runs=gap-2 wilds_per_meld=two-naturals",
            12,
            "2D 3C 10C 8C 6C QC AC 2S JK 2H 3C 2S JK JK 2H 5C KC 2H AC JK",
            false,
            11_000,
        ),
        (
            "liverpool",
            "ace=wrap all_wild_melds=true wilds_per_meld=any",
            7,
            "JK 6C JK 9C 5C 6C 2C 8C 4C JC 9C JK 2C QC 7C JK KC 10C 4C JC",
            true,
            50_000,
        ),
        (
            "shanghai-powe",
            "ace=wrap same_suit_runs=any wilds_per_meld=half",
            8,
            "4C JK 7C AC JK 2C JC 5C JK 2C JK 3C QC JK 6C 9C QC 3C 5C JK 9C KC 6C 3C 8C JK 6C QC",
            false,
            160_000,
        ),
        (
            "contract",
            "ace=wrap all_wild_melds=true exact_minimum=false wilds_per_meld=any",
            7,
            "4C 3C 9C JK 2C 8C 2C 10C 8C 10C 4C JK 2C JC JC 6C 6C JK 3C 9C 7C JK 3C 10C 5C JK KC JK KC",
            true,
            90_000,
        ),
        (
            "liverpool",
            "ace=wrap all_wild_melds=false exact_minimum=true jokers=true",
            7,
            "8C 6C JK 10C 8C QC 5C 10C KC JK 8C KC 7C JK AC 3C 4C 2C 4C JK",
            false,
            21_000,
        ),
    ];
    assert_each_answered_within(cases);
    assert_answered_within(
        "rommee",
        &[
            ("ace", "wrap"),
            ("joker_count", "6"),
            ("twos_wild", "true"),
            ("wilds_per_meld", "third"),
        ],
        None,
        "7D JK 4C 2S 2C 2D 2C JK 3C JK 2S 2H 8C 2C JK 2D 2C 3C JK JK",
        true,
        2_500,
    );
}

/// [`assert_answered_within`] for each (rule set, options as `name=value` words, round,
/// hand, answer, most nodes).
fn assert_each_answered_within(cases: &[(&str, &str, usize, &str, bool, u64)]) {
    for &(id, options, round, cards, expected, most) in cases {
        let pairs: Vec<(&str, &str)> = options
            .split_whitespace()
            .map(|p| p.split_once('=').expect("name=value"))
            .collect();
        assert_answered_within(id, &pairs, Some(round), cards, expected, most);
    }
}

// ---- random rule sets: definitions as a table would write them, read by the loader ----

/// Contracts a random rule set picks from (every meld at least as long as its kind allows).
const RANDOM_CONTRACTS: [&str; 10] = [
    "2s3",
    "1s3 1r4",
    "2r4",
    "3s3",
    "1s3 1r3",
    "2r3",
    "1s4 1r5",
    "1s3 1r3 1p2",
    "3s3 / 3r4",
    "1r3 1r3 1r3",
];

/// A round of a random rule set: (contract, deal, goes out all at once, exact minimum,
/// restrictions, buys allowed).
type RandomRound = (usize, u8, bool, bool, [bool; 4], bool);

fn random_round() -> impl Strategy<Value = RandomRound> {
    (
        0..RANDOM_CONTRACTS.len(),
        7u8..=12,
        any::<bool>(),
        any::<bool>(),
        any::<[bool; 4]>(),
        any::<bool>(),
    )
}

/// A random rule set as data: a preset's definition with random meld rules, card values and
/// rounds, kept only where it passes every check ([`Definition::check`]).
fn random_definition() -> impl Strategy<Value = crate::rules::definition::Definition> {
    use crate::rules::definition::{Restriction, RoundDef};
    use crate::rules::meld::{AceMode, WildShare};
    (
        (
            0usize..10,
            0usize..3,
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            prop::option::of(1u8..=2),
            0u8..=2,
            0usize..3,
            any::<bool>(),
        ),
        prop::collection::vec(0i64..=60, 14),
        prop::collection::vec(random_round(), 1..=4),
    )
        .prop_map(
            |(
                (preset, ace, jokers, twos_wild, twos_natural, max_wilds, naturals, share, suits),
                points,
                rounds,
            )| {
                let mut def = crate::rules::presets::Preset::ALL[preset]
                    .definition()
                    .clone();
                def.id = "rs-random".into();
                def.base = Some(crate::rules::presets::Preset::ALL[preset].id().into());
                def.name = "Random".into();
                let m = &mut def.melds;
                m.ace = [AceMode::LowOrHigh, AceMode::HighOnly, AceMode::Wrap][ace];
                m.jokers = jokers;
                m.twos_wild = twos_wild;
                m.twos_natural = twos_natural;
                m.max_wilds_per_meld = max_wilds;
                m.min_naturals_per_meld = naturals;
                m.max_wild_share = [None, Some(WildShare::Half), Some(WildShare::Third)][share];
                m.set_suits_differ = suits;
                m.set_max = suits.then_some(4);
                m.set_min = 3;
                m.run_min = 3;
                let keys = [
                    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK",
                ];
                def.penalty = Some(keys.iter().map(|k| k.to_string()).zip(points).collect());
                def.rounds_per_player = false;
                def.opening_points = None;
                def.rounds = rounds
                    .into_iter()
                    .map(|(c, deal, all, exact, restrict, buys)| RoundDef {
                        number: None,
                        contract: None,
                        contract_de: None,
                        requirements: Some(contract(RANDOM_CONTRACTS[c]).alternatives),
                        deal,
                        go_out_all: all,
                        exact_minimum: exact && !all,
                        restrictions: [
                            Restriction::NoContiguousRuns,
                            Restriction::RunsTwoRanksApart,
                            Restriction::RunsDifferentSuits,
                            Restriction::NoTwoSetsSameRank,
                        ]
                        .into_iter()
                        .zip(restrict)
                        .filter_map(|(r, on)| on.then_some(r))
                        .collect(),
                        total_cards: None,
                        buys: crate::rules::ruleset::Buys {
                            allowed: buys,
                            limit: None,
                            extra_cards: 1,
                        },
                        needs_more_than_dealt: None,
                    })
                    .collect();
                def
            },
        )
        .prop_filter("passes every check", |def| def.check().is_ok())
}

/// The points a definition's table gives a card.
fn table_points(def: &crate::rules::definition::Definition, card: Card) -> i64 {
    let key = match card {
        Card::Joker => "JK",
        Card::Natural { rank, .. } => rank.symbol(),
    };
    def.penalty.as_ref().unwrap()[key]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn with_a_random_rule_set_every_solver_answer_passes_the_checker(
        def in random_definition(),
        round in 0usize..4,
        cards in prop::collection::vec(small_card(), 6..16),
    ) {
        let rs = def.check().unwrap();
        let spec = rs.rounds[round % rs.rounds.len()].clone();
        if let Some(s) = solve(&rs, &spec, &cards).unwrap() {
            assert_valid(&rs, &spec, &cards, &s);
        }
    }

    #[test]
    fn with_a_random_rule_set_a_solver_no_agrees_with_brute_force_on_small_hands(
        def in random_definition(),
        shape in 0usize..5,
        cards in prop::collection::vec(small_card(), 5..9),
    ) {
        let rs = def.check().unwrap();
        let (spec, k) = match shape {
            0 => (small_round("2s3", false, true, true), 2),
            1 => (small_round("1s3 1r3", false, true, false), 2),
            2 => (small_round("2r3", false, true, false), 2),
            3 => (small_round("2r3", true, true, false), 2),
            _ => (small_round("1r4 1r3", true, false, false), 2),
        };
        let solved = solve(&rs, &spec, &cards).unwrap();
        if let Some(s) = &solved {
            assert_valid(&rs, &spec, &cards, s);
        }
        let brute = brute_force(&rs, &spec, &cards, k);
        prop_assert_eq!(
            solved.is_some(),
            brute,
            "{:?} hand {:?}",
            rs.meld,
            crate::rules::cards::format_cards(&cards)
        );
    }

    #[test]
    fn with_a_random_rule_set_a_hands_score_is_the_sum_of_its_card_values(
        def in random_definition(),
        cards in prop::collection::vec(small_card(), 0..12),
    ) {
        let rs = def.check().unwrap();
        let jokers = cards.iter().filter(|&&c| c == Card::Joker).count();
        let scored = rs.score_hand(&cards);
        if jokers > 0 && !def.melds.jokers {
            prop_assert_eq!(scored, Err(crate::rules::ruleset::ScoreError::JokersNotInPlay { jokers }));
        } else {
            let sum: i64 = cards.iter().map(|&c| table_points(&def, c)).sum();
            prop_assert_eq!(scored, Ok(sum));
        }
    }
}

// ---- going out with points left in hand (`go_out_left_max`, Wiener Rommé) ----

/// A random rule set without contracts (as Rommé), its meld rules and card values random,
/// letting a player who goes out keep up to 0 to 25 points in hand.
fn random_going_out_definition() -> impl Strategy<Value = crate::rules::definition::Definition> {
    (random_definition(), 0u32..=25)
        .prop_map(|(mut def, left)| {
            for r in &mut def.rounds {
                r.requirements = None;
                r.go_out_all = false;
                r.exact_minimum = false;
                r.restrictions.clear();
            }
            def.go_out_left_max = left;
            def
        })
        .prop_filter("passes every check", |def| def.check().is_ok())
}

/// Every way to put each card of a small hand (at most 8 cards: two melds of 3 or more) in
/// one of two melds or keep it: does one of them pass the going-out check?
fn brute_going_out(rs: &RuleSet, spec: &RoundSpec, hand: &[Card]) -> bool {
    let mut assign = vec![0usize; hand.len()];
    loop {
        let mut melds = vec![Vec::new(), Vec::new()];
        let mut kept = Vec::new();
        for (i, &a) in assign.iter().enumerate() {
            match a {
                0 | 1 => melds[a].push(hand[i]),
                _ => kept.push(hand[i]),
            }
        }
        melds.retain(|m| !m.is_empty());
        if crate::rules::check::check_going_out(rs, spec, &melds, &[], &kept).ok {
            return true;
        }
        let mut i = 0;
        loop {
            if i == assign.len() {
                return false;
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

/// A going-out answer uses exactly the hand's cards and passes the going-out check.
fn assert_goes_out(rs: &RuleSet, spec: &RoundSpec, hand: &[Card], s: &Solution) {
    let mut used: Vec<Card> = s.melds.iter().flatten().copied().collect();
    used.extend(&s.leftover);
    used.sort();
    let mut held = hand.to_vec();
    held.sort();
    assert_eq!(used, held, "the answer uses the hand's cards, each once");
    let verdict = crate::rules::check::check_going_out(rs, spec, &s.melds, &s.pins, &s.leftover);
    assert!(
        verdict.ok,
        "{:?} {:?} keeping {:?}: {:?}",
        rs.meld, s.melds, s.leftover, verdict.problems
    );
    assert!(rs.left_points(&s.leftover) <= rs.go_out_left_max);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn with_a_random_rule_set_every_going_out_answer_passes_the_checker(
        def in random_going_out_definition(),
        cards in prop::collection::vec(small_card(), 6..15),
    ) {
        let rs = def.check().unwrap();
        let spec = rs.rounds[0].clone();
        if let Some(s) = solve_going_out(&rs, &spec, &cards, &SolveOptions::default()).unwrap() {
            assert_goes_out(&rs, &spec, &cards, &s);
        }
    }

    #[test]
    fn with_a_random_rule_set_going_out_agrees_with_brute_force_on_small_hands(
        def in random_going_out_definition(),
        cards in prop::collection::vec(small_card(), 3..9),
    ) {
        let rs = def.check().unwrap();
        let spec = rs.rounds[0].clone();
        let solved = solve_going_out(&rs, &spec, &cards, &SolveOptions::default()).unwrap();
        if let Some(s) = &solved {
            assert_goes_out(&rs, &spec, &cards, s);
        }
        prop_assert_eq!(
            solved.is_some(),
            brute_going_out(&rs, &spec, &cards),
            "{:?} keeping at most {} hand {:?}",
            rs.meld,
            rs.go_out_left_max,
            crate::rules::cards::format_cards(&cards)
        );
    }
}

/// Hard going-out hands (many jokers, long runs, two decks' doubles, nothing that melds):
/// each answered exactly in few search nodes (BENCHMARKS.md, "Going out").
#[test]
fn going_out_hands_full_of_jokers_and_runs_take_few_nodes() {
    let mut rs = RuleSet::preset("rommee").unwrap();
    rs.go_out_left_max = 9;
    for (h, goes_out) in [
        ("JK JK JK JK 2C 3C 4C 5D 6D 7H 8H 9S 10S JS", true),
        ("JK JK JK JK JK JK 2C 2D 2H 2S 3C 3D 3H 3S", true),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK", true),
        ("AC AC 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C JK JK", true),
        ("AC 3D 5H 7S 9C JD KH 2S 4C 6D 8H 10S QC JK", false),
        (
            "JK JK JK JK JK JK AC 3D 5H 7S 9C JD KH 2S 4C 6D 8H 10S QC",
            false,
        ),
    ] {
        let cards = hand(h);
        let mut budget = Budget::new(Stop::default());
        let started = std::time::Instant::now();
        let found = going_out::solve_going_out(&rs, &cards, &mut budget).unwrap();
        eprintln!(
            "{h}: {} in {} nodes, {:?}",
            found.is_some(),
            budget.nodes,
            started.elapsed()
        );
        assert_eq!(found.is_some(), goes_out, "{h}");
        assert!(budget.nodes < 5_000, "{h}: {} nodes", budget.nodes);
    }
}
