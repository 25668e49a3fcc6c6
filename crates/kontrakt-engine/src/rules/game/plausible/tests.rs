//! Tests of `rules::game::plausible`: the limits per preset family (the numbers in
//! docs/RULES.md section 5, "Plausibility"), each check, and a property: no result the engine
//! scores from a hand the decks can deal is ever refused as impossible.

use proptest::prelude::*;

use super::*;
use crate::rules::game::tests::{raw, setup, setup_with};
use crate::rules::presets::PRESET_IDS;

const FOUR: [&str; 4] = ["Ann", "Ben", "Cy", "Di"];

fn codes(errors: &FieldErrors) -> Vec<&'static str> {
    errors.iter().map(|e| e.error.code()).collect()
}

fn checked(s: &GameSetup, round: usize, r: &RawRound) -> Plausibility {
    let entry = s
        .parse_round(round, r)
        .unwrap_or_else(|e| panic!("the entry parses: {e}"));
    check(s, &entry)
}

fn lim(id: &str, round: usize, buys: i64) -> HandLimits {
    limits(&setup(id, &FOUR), round, buys).expect("a points rule set")
}

#[test]
fn the_limits_per_preset_family_are_those_in_the_rule_book() {
    // contract / liverpool: 2 decks + 3 jokers; A and joker 15; deal 10 + the drawn card.
    let c = lim("contract", 1, 0);
    assert_eq!((c.cards, c.max_points, c.unlikely_above), (11, 165, 123));
    assert_eq!((c.lowest, c.step), (2, 1));
    assert_eq!(lim("liverpool", 4, 0).cards, 13, "deal 12 in round 4");
    // Each May I takes the discard and a penalty card.
    assert_eq!(lim("contract", 1, 1).cards, 13);
    assert_eq!(lim("contract", 1, 1).max_points, 185, "11 at 15, 2 tens");
    // shanghai: 4 jokers at 50, 8 aces at 20; all values multiples of 5.
    let s = lim("shanghai", 1, 0);
    assert_eq!((s.cards, s.max_points, s.unlikely_above), (12, 360, 270));
    assert_eq!((s.lowest, s.step), (5, 5));
    assert_eq!(
        lim("shanghai", 1, 2).cards,
        18,
        "each buy takes 2 stock cards too"
    );
    // progressive: 12 wilds (jokers and 2s) at 20.
    let p = lim("progressive", 1, 0);
    assert_eq!((p.cards, p.max_points, p.lowest, p.step), (12, 240, 5, 5));
    // rommee: 6 jokers at 20, 8 aces at 11; 13 cards dealt.
    let r = limits(&setup("rommee", &FOUR), 1, 0).unwrap();
    assert_eq!((r.cards, r.max_points, r.unlikely_above), (14, 208, 156));
    assert_eq!((r.lowest, r.step), (2, 1));
    // hollywood: 4 jokers, 8 aces, 8 twos at 15.
    let h = lim("hollywood", 1, 0);
    assert_eq!((h.cards, h.max_points, h.lowest), (11, 165, 3));
    // continental scores units: no card limits.
    assert_eq!(limits(&setup("continental", &FOUR), 1, 0), None);
}

#[test]
fn points_no_hand_can_reach_are_impossible() {
    let s = setup("contract", &FOUR);
    let p = checked(
        &s,
        1,
        &raw(Some("Ann"), &[("Ben", 166), ("Cy", 5), ("Di", 10)]),
    );
    assert_eq!(codes(&p.impossible), ["points_unreachable"]);
    assert_eq!(
        p.impossible.get(&Field::Player("Ben".into())),
        Some(&GameError::PointsUnreachable {
            player: "Ben".into(),
            given: 166,
            max: 165,
            cards: 11
        })
    );
    // A buy adds cards: the same 166 is possible (and unlikely) with one.
    let mut r = raw(Some("Ann"), &[("Ben", 166), ("Cy", 5), ("Di", 10)]);
    r.buys.insert("Ben".into(), 1.into());
    let p = checked(&s, 1, &r);
    assert!(p.impossible.is_empty(), "{:?}", p.impossible);
    assert_eq!(codes(&p.unlikely), ["points_very_high"]);
}

#[test]
fn points_below_the_lowest_card_or_off_the_step_are_impossible() {
    let s = setup("contract", &FOUR);
    let p = checked(
        &s,
        1,
        &raw(Some("Ann"), &[("Ben", 1), ("Cy", 2), ("Di", 3)]),
    );
    assert_eq!(codes(&p.impossible), ["points_below_lowest_card"]);
    let s = setup("shanghai", &FOUR);
    let p = checked(
        &s,
        1,
        &raw(Some("Ann"), &[("Ben", 5), ("Cy", 12), ("Di", 3)]),
    );
    assert_eq!(
        codes(&p.impossible),
        ["points_not_a_multiple", "points_below_lowest_card"]
    );
    let s = setup("progressive", &FOUR);
    let p = checked(
        &s,
        1,
        &raw(Some("Ann"), &[("Ben", 5), ("Cy", 27), ("Di", 240)]),
    );
    assert_eq!(codes(&p.impossible), ["points_not_a_multiple"]);
    assert_eq!(
        codes(&p.unlikely),
        ["points_very_high"],
        "240 is every wild"
    );
}

#[test]
fn a_non_winner_with_zero_is_unlikely_not_impossible() {
    for id in ["contract", "shanghai", "progressive", "rommee", "hollywood"] {
        let s = setup(id, &FOUR);
        let p = checked(
            &s,
            1,
            &raw(Some("Ann"), &[("Ben", 0), ("Cy", 10), ("Di", 20)]),
        );
        assert!(p.impossible.is_empty(), "{id}: {:?}", p.impossible);
        assert_eq!(
            p.unlikely.get(&Field::Player("Ben".into())),
            Some(&GameError::ZeroNotOut {
                player: "Ben".into()
            }),
            "{id}"
        );
    }
    // A round nobody won (contract family): 0 is as odd.
    let s = setup("contract", &FOUR);
    let p = checked(
        &s,
        1,
        &raw(None, &[("Ann", 0), ("Ben", 5), ("Cy", 10), ("Di", 20)]),
    );
    assert_eq!(codes(&p.unlikely), ["zero_not_out"]);
}

#[test]
fn high_but_possible_points_are_unlikely_at_three_quarters_of_the_most() {
    let s = setup("rommee", &FOUR);
    let p = checked(
        &s,
        1,
        &raw(Some("Ann"), &[("Ben", 156), ("Cy", 157), ("Di", 208)]),
    );
    assert!(p.impossible.is_empty());
    assert_eq!(
        p.unlikely
            .iter()
            .map(|e| e.field.clone())
            .collect::<Vec<_>>(),
        [Field::Player("Cy".into()), Field::Player("Di".into())]
    );
    // Hand-Rommé doubles after the check: 150 typed counts 300, and is not odd.
    let mut r = raw(Some("Ann"), &[("Ben", 150), ("Cy", 10), ("Di", 20)]);
    r.hand_rommee = Some(true);
    assert!(checked(&s, 1, &r).is_clean());
}

#[test]
fn cards_the_decks_do_not_hold_are_impossible() {
    let s = setup("contract", &FOUR);
    let mut r = raw(Some("Ann"), &[("Cy", 5), ("Di", 10)]);
    r.cards
        .insert("Ben".into(), RawCards::Text("AH AH AH 5C".into()));
    let p = checked(&s, 1, &r);
    assert_eq!(
        p.impossible.get(&Field::Player("Ben".into())),
        Some(&GameError::CardNotInDecks {
            player: "Ben".into(),
            card: cards::parse_cards("AH").unwrap()[0],
            given: 3,
            decks_hold: 2,
        })
    );
    // Four jokers with 4 players: 3 are in play.
    r.cards
        .insert("Ben".into(), RawCards::Text("JK JK JK JK".into()));
    assert_eq!(codes(&checked(&s, 1, &r).impossible), ["card_not_in_decks"]);
    // Without jokers any joker is impossible.
    let s = setup_with(
        "contract",
        &FOUR,
        &[("jokers", OptionValue::Bool(false))],
        1,
    );
    r.cards.insert("Ben".into(), RawCards::Text("JK 5C".into()));
    assert_eq!(codes(&checked(&s, 1, &r).impossible), ["card_not_in_decks"]);
}

#[test]
fn more_cards_than_a_hand_holds_are_impossible() {
    let s = setup("contract", &FOUR);
    let mut r = raw(Some("Ann"), &[("Cy", 5), ("Di", 10)]);
    r.cards.insert(
        "Ben".into(),
        RawCards::Text("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC".into()),
    );
    let p = checked(&s, 1, &r);
    assert_eq!(codes(&p.impossible), ["too_many_cards_held"]);
    r.buys.insert("Ben".into(), 1.into());
    assert!(
        checked(&s, 1, &r).impossible.is_empty(),
        "a buy adds 2 cards"
    );
}

#[test]
fn more_jokers_in_a_continental_hand_than_the_decks_hold_are_impossible() {
    let s = setup("continental", &FOUR);
    let hand = |jokers: i64| RawRound {
        winner: Some("Ann".into()),
        jokers: Some(jokers.into()),
        ..RawRound::default()
    };
    assert!(checked(&s, 1, &hand(2)).is_clean(), "2 decks, 2 jokers");
    let p = checked(&s, 1, &hand(3));
    assert_eq!(
        p.impossible.get(&Field::Jokers),
        Some(&GameError::JokersNotInDecks {
            given: 3,
            decks_hold: 2
        })
    );
    let nine: Vec<&str> = vec!["Ann", "B", "C", "D", "E", "F", "G", "H", "I"];
    let s = setup("continental", &nine);
    assert!(checked(&s, 1, &hand(4)).is_clean(), "9 players: 4 decks");
}

/// A legal hand of round `round` of `id` for every player but the first, who went out:
/// up to the cards a hand can hold, drawn from the decks in play without putting back.
/// Per player: buys, the picks into the remaining decks, and whether typed as points.
type Hands = Vec<(i64, Vec<usize>, bool)>;

/// A rule set, a player count, a round and every player's hand ([`Hands`]).
fn legal_round() -> impl Strategy<Value = (String, usize, usize, Hands)> {
    let ids: Vec<&'static str> = PRESET_IDS
        .iter()
        .copied()
        .filter(|id| *id != "continental")
        .collect();
    (
        prop::sample::select(ids),
        2usize..=6,
        1usize..=15,
        prop::collection::vec(
            (
                0i64..=3,
                prop::collection::vec(any::<usize>(), 1..40),
                any::<bool>(),
            ),
            6,
        ),
    )
        .prop_map(|(id, n, round, hands)| (id.to_string(), n, round, hands))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_result_of_a_legal_hand_is_impossible((id, n, round, hands) in legal_round()) {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let Ok(s) = GameSetup::try_from(RawSetup {
            rules: id.clone(),
            players: names.clone(),
            ..RawSetup::default()
        }) else {
            return Ok(()); // a player count the rule set does not take
        };
        let round = (round - 1) % s.round_count() + 1;
        let spec = s.rules().round(round, n).unwrap();
        let decks = s.rules().decks(n);
        let mut pool: Vec<Card> = Vec::new();
        for rank in cards::Rank::all() {
            for suit in cards::Suit::ALL {
                pool.extend(std::iter::repeat_n(Card::new(rank, suit), usize::from(decks.decks)));
            }
        }
        pool.extend(std::iter::repeat_n(Card::Joker, usize::from(decks.jokers)));
        let mut r = RawRound { went_out: Some(names[0].clone()), ..RawRound::default() };
        for (i, (buys, picks, as_points)) in hands.into_iter().enumerate().take(n).skip(1) {
            let buys = if spec.buys.allowed {
                buys.min(spec.buys.limit.map_or(3, i64::from))
            } else {
                0
            };
            let holds = usize::from(spec.deal) + 1
                + usize::try_from(buys).unwrap() * (1 + usize::from(spec.buys.extra_cards));
            let mut hand = Vec::new();
            for pick in picks.into_iter().take(holds) {
                if pool.is_empty() { break; }
                hand.push(pool.swap_remove(pick % pool.len()));
            }
            prop_assume!(!hand.is_empty());
            let name = names[i].clone();
            if buys > 0 {
                r.buys.insert(name.clone(), buys.into());
            }
            if as_points {
                let points = s.rules().penalty_points(&hand).unwrap();
                r.points.insert(name, points.into());
            } else {
                r.cards.insert(name, RawCards::Text(cards::format_cards(&hand)));
            }
        }
        let entry = s.parse_round(round, &r).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let p = check(&s, &entry);
        prop_assert!(p.impossible.is_empty(), "{id} {n} players round {round}: {:?}", p.impossible);
        prop_assert!(p.unlikely.iter().all(|e| e.error.code() == "points_very_high"));
    }
}
