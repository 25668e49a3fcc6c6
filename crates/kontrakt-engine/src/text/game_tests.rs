//! Tests of a game's error sentences, moved from `rules::game` with the words they assert:
//! each checks which field a problem is keyed by and what it says, in English or German.

use crate::rules::cards;
use crate::rules::game::*;
use crate::rules::ruleset::{OptionValue, Scheme};
use crate::text::Lang;

use crate::rules::game::tests::{play, raw, setup};

fn errors(setup: &GameSetup, round: usize, raw: &RawRound) -> FieldErrors {
    setup
        .parse_round(round, raw)
        .expect_err("the entry is refused")
}

const LIVERPOOL: [&str; 4] = ["Ann", "Ben", "Cy", "Di"];

#[test]
fn api_example_round_gives_di_40_in_cards_minus_the_50_cut_bonus() {
    let s = setup("liverpool", &LIVERPOOL);
    let mut r = raw(Some("Ann"), &[("Ben", 35), ("Cy", 12)]);
    r.cards
        .insert("Di".into(), RawCards::Text("AS JK 10H".into()));
    r.cut_bonus = Some(true);
    r.buys.insert("Ben".into(), RawNumber::Int(1));
    let e = s.parse_round(1, &r).unwrap();
    assert_eq!(e.points(), [0, 35, 12, -10]);
    assert_eq!(
        e.penalty(3),
        Some(&Penalty::Cards {
            cards: cards::parse_cards("AS JK 10H").unwrap(),
            points: 40
        })
    );
    assert_eq!(e.penalty(0), None);
    assert_eq!(e.buys(), [0, 1, 0, 0]);
    // The cut bonus goes to that round's cutter: in round 2 Ann, who went out.
    assert_eq!(s.parse_round(2, &r).unwrap().points(), [-50, 35, 12, 40]);
    // An entry that names its round must be parsed as that round.
    let mut r1 = r.clone();
    r1.round = Some(1);
    assert_eq!(
        errors(&s, 2, &r1).summary(Lang::En),
        "This entry says round 1, but round 2 is being entered."
    );
}

#[test]
fn hand_rommee_and_the_cut_bonus_are_refused_where_the_rules_do_not_have_them() {
    let s = setup("contract", &["A", "B", "C"]);
    let mut r = raw(Some("A"), &[("B", 20), ("C", 5)]);
    r.hand_rommee = Some(true);
    r.cut_bonus = Some(true);
    let e = errors(&s, 1, &r);
    assert_eq!(
        e.message(&Field::HandRommee, Lang::En).unwrap(),
        "Hand-Rommé is not played in Contract Rummy; only in German Rommé."
    );
    assert_eq!(
        e.message(&Field::CutBonus, Lang::En).unwrap(),
        "There is no cut bonus in Contract Rummy; only Liverpool has one."
    );
    // `false` is harmless anywhere.
    r.hand_rommee = Some(false);
    r.cut_bonus = Some(false);
    assert!(s.parse_round(1, &r).is_ok());
}

#[test]
fn progressive_buys_are_allowed_only_in_rounds_9_to_14_within_their_limits() {
    let s = setup("progressive", &["A", "B", "C"]);
    let mut r = raw(Some("A"), &[("B", 10), ("C", 10)]);
    r.buys.insert("B".into(), RawNumber::Int(1));
    let e = errors(&s, 3, &r);
    assert_eq!(
        e.message(&Field::PlayerBuys("B".into()), Lang::En).unwrap(),
        "B cannot buy: buying is not allowed in round 3, only in rounds 9 to 14."
    );
    assert!(
        e.message(&Field::PlayerBuys("B".into()), Lang::De)
            .unwrap()
            .contains("Runden 9 bis 14")
    );
    assert_eq!(s.parse_round(9, &r).unwrap().buys(), [0, 1, 0]);
    r.buys.insert("B".into(), RawNumber::Int(2));
    let e = errors(&s, 9, &r);
    assert_eq!(
        e.message(&Field::PlayerBuys("B".into()), Lang::En).unwrap(),
        "B has 2 buys, but round 9 allows at most 1 buy per player."
    );
    assert_eq!(s.parse_round(12, &r).unwrap().buys(), [0, 2, 0]);
    assert!(s.parse_round(15, &r).is_err(), "round 15 has no buys");
}

#[test]
fn the_winner_may_not_have_points_and_every_other_player_needs_points_or_cards() {
    let s = setup("liverpool", &LIVERPOOL);
    let mut r = raw(Some("Ann"), &[("Ann", 5), ("Ben", 35)]);
    r.cards.insert("Cy".into(), RawCards::Text("".into()));
    let e = errors(&s, 1, &r);
    assert_eq!(
        e.message(&Field::Player("Ann".into()), Lang::En).unwrap(),
        "Ann went out and scores 0; leave Ann's points and cards empty."
    );
    assert_eq!(
        e.message(&Field::Player("Cy".into()), Lang::En).unwrap(),
        "Enter Cy's points or the cards left in Cy's hand."
    );
    assert_eq!(
        e.get(&Field::Player("Di".into())).unwrap().code(),
        "missing_penalty"
    );
    assert!(e.get(&Field::Player("Ben".into())).is_none());
    let mut both = raw(Some("Ann"), &[("Ben", 1), ("Cy", 2), ("Di", 3)]);
    both.cards.insert("Di".into(), RawCards::Text("5H".into()));
    assert_eq!(
        errors(&s, 1, &both)
            .get(&Field::Player("Di".into()))
            .unwrap()
            .code(),
        "points_and_cards"
    );
    let twice = raw(Some("Ann"), &[("Ben", 1), ("ben", 1), ("Cy", 2), ("Di", 3)]);
    assert_eq!(
        errors(&s, 1, &twice)
            .get(&Field::Player("Ben".into()))
            .unwrap()
            .code(),
        "given_twice"
    );
    let negative = raw(Some("Ann"), &[("Ben", -1), ("Cy", 2), ("Di", 3)]);
    assert_eq!(
        errors(&s, 1, &negative)
            .message(&Field::Player("Ben".into()), Lang::En)
            .unwrap(),
        "Ben's points must be 0 to 10000, not -1."
    );
    let mut text = raw(Some("Ann"), &[("Cy", 2), ("Di", 3)]);
    text.points
        .insert("Ben".into(), RawNumber::Text("lots".into()));
    assert_eq!(
        errors(&s, 1, &text)
            .message(&Field::Player("Ben".into()), Lang::En)
            .unwrap(),
        "Points must be a whole number, not \"lots\"."
    );
    let mut bad_card = raw(Some("Ann"), &[("Ben", 1), ("Cy", 2)]);
    bad_card
        .cards
        .insert("Di".into(), RawCards::Text("AS 11H".into()));
    assert_eq!(
        errors(&s, 1, &bad_card)
            .message(&Field::Player("Di".into()), Lang::En)
            .unwrap(),
        "Di's cards: unknown card \"11H\". Write rank then suit, like 10H, QS, A♦ or JK: ranks A, 2–10, J, Q, K; suits C, D, H, S."
    );
    // German letters are cards; a token that is none names the German letters in German.
    bad_card
        .cards
        .insert("Di".into(), RawCards::Text("BP HK T2 XY".into()));
    assert_eq!(
        errors(&s, 1, &bad_card)
            .message(&Field::Player("Di".into()), Lang::De)
            .unwrap(),
        "Karten von Di: unbekannte Karte „XY“. Schreibt Farbe und Wert, z. B. HK (Herz König), T2 (Treff 2), BP (Bube Pik), D♠ oder JK: Farben T oder Kr (Kreuz), Ka (Karo, vorn auch K), H (Herz), P (Pik); Werte A, 2–10, B, D, K."
    );
}

#[test]
fn unknown_players_are_named_with_the_players_of_the_game() {
    let s = setup("liverpool", &LIVERPOOL);
    let mut r = raw(Some("Eve"), &[("Zed", 3)]);
    r.buys.insert("Max".into(), RawNumber::Int(1));
    let e = errors(&s, 1, &r);
    assert_eq!(
        e.message(&Field::WentOut, Lang::En).unwrap(),
        "There is no player \"Eve\" in this game; the players are Ann, Ben, Cy and Di."
    );
    assert_eq!(e.get(&Field::Points).unwrap().code(), "unknown_player");
    assert_eq!(e.get(&Field::Buys).unwrap().code(), "unknown_player");
    assert!(
        e.get(&Field::Player("Ben".into())).is_none(),
        "no missing-points noise while the winner is unknown"
    );
    assert_eq!(
        e.message(&Field::WentOut, Lang::De).unwrap(),
        "„Eve“ spielt in dieser Partie nicht mit; es spielen Ann, Ben, Cy und Di."
    );
}

#[test]
fn continental_bonuses_are_checked_against_the_options_and_keyed_by_their_field() {
    let s = setup("continental", &["A", "B", "C"]);
    let r = RawRound {
        winner: Some("B".into()),
        one_suit: Some(true),
        ..RawRound::default()
    };
    let e = errors(&s, 1, &r);
    assert_eq!(
        e.message(&Field::OneSuit, Lang::En).unwrap(),
        "All runs in one suit is marked, but the one-suit bonus is not played."
    );
    let r = RawRound {
        winner: Some("B".into()),
        jokers: Some(RawNumber::Int(16)),
        ..RawRound::default()
    };
    assert_eq!(
        errors(&s, 1, &r).get(&Field::Jokers).unwrap().code(),
        "invalid_hand"
    );
    let points = raw(Some("B"), &[("A", 5)]);
    assert_eq!(
        errors(&s, 1, &points).get(&Field::Points),
        Some(&GameError::UnitsOnly)
    );
    // And Continental fields are refused elsewhere.
    let c = setup("contract", &["A", "B", "C"]);
    let mut r = raw(Some("A"), &[("B", 1), ("C", 2)]);
    r.jokers = Some(RawNumber::Int(2));
    assert_eq!(
        errors(&c, 1, &r).get(&Field::Jokers),
        Some(&GameError::ContinentalOnly {
            field: Field::Jokers
        })
    );
}

#[test]
fn set_up_errors_are_keyed_by_field_with_a_sentence_each() {
    let bad = RawSetup {
        rules: "liverpool".into(),
        players: vec![
            "Ann".into(),
            " ".into(),
            "ann".into(),
            "x".repeat(41),
            "E".into(),
            "F".into(),
        ],
        first_dealer: Some("Zed".into()),
        cents_per_point: Some(RawNumber::Int(-1)),
        currency: Some("dollars!!".into()),
        ..RawSetup::default()
    };
    let e = GameSetup::try_from(bad).unwrap_err();
    let fields = e.by_field(Lang::En);
    assert_eq!(
        fields["players"],
        "Player 2 has no name. The name of player 4 is longer than 40 characters. \
         Two players are called \"ann\"; give each player a different name. \
         Liverpool Rummy is played by 3 to 5 players, not 6."
    );
    assert_eq!(
        fields["first_dealer"],
        "The first dealer \"Zed\" is not one of the players."
    );
    assert_eq!(
        fields["cents_per_point"],
        "The value of a point must be 0 to 100000 cents, not -1."
    );
    assert!(fields.contains_key("currency"));
    let one = RawSetup {
        rules: "rommee".into(),
        players: vec!["Solo".into()],
        ..RawSetup::default()
    };
    assert_eq!(
        GameSetup::try_from(one).unwrap_err().summary(Lang::De),
        "Rommé wird von 2 bis 6 Personen gespielt, nicht von 1."
    );
    let unknown = RawSetup {
        rules: "canasta".into(),
        players: vec!["A".into(), "B".into()],
        ..RawSetup::default()
    };
    assert!(
        GameSetup::try_from(unknown)
            .unwrap_err()
            .message(&Field::Rules, Lang::En)
            .unwrap()
            .starts_with("Unknown rule set \"canasta\"")
    );
    let option = RawSetup {
        rules: "contract".into(),
        options: [("jokerz".to_string(), OptionValue::Bool(false))].into(),
        players: vec!["A".into(), "B".into(), "C".into()],
        ..RawSetup::default()
    };
    assert!(
        GameSetup::try_from(option)
            .unwrap_err()
            .message(&Field::Options, Lang::En)
            .unwrap()
            .starts_with("Unknown option \"jokerz\" for contract")
    );
}

#[test]
fn absurd_input_gets_a_bounded_list_of_errors() {
    let many = RawSetup {
        rules: "contract".into(),
        players: vec!["same".to_string(); 5000],
        ..RawSetup::default()
    };
    let e = GameSetup::try_from(many).unwrap_err();
    assert_eq!(
        e.summary(Lang::En),
        "Contract Rummy is played by 3 to 5 players, not 5000."
    );
    let s = setup("contract", &["A", "B", "C"]);
    let mut r = raw(Some("A"), &[("B", 1), ("C", 2)]);
    for i in 0..1000 {
        r.points.insert(format!("nobody {i}"), RawNumber::Int(1));
    }
    assert_eq!(errors(&s, 1, &r).len(), MAX_ERRORS);
}

#[test]
fn the_settlement_scheme_is_chosen_where_offered_and_refused_where_not() {
    let mut raw_setup = RawSetup {
        rules: "hollywood".into(),
        players: vec!["A".into(), "B".into()],
        settlement: Some("pairwise".into()),
        ..RawSetup::default()
    };
    let s = GameSetup::try_from(&raw_setup).unwrap();
    assert_eq!(s.scheme(), Scheme::Pairwise);
    assert_eq!(GameSetup::try_from(s.to_raw()).unwrap(), s, "round trip");
    raw_setup.settlement = Some("places".into());
    let e = GameSetup::try_from(&raw_setup).unwrap_err();
    assert_eq!(
        e.message(&Field::Settlement, Lang::En).unwrap(),
        "Settlement \"places\" is not offered here; choose lowest-collects or pairwise."
    );
    raw_setup.rules = "progressive".into();
    // Progressive is for 3 to 5 players, as Contract Rommé (seed 000).
    raw_setup.players.push("C".into());
    assert!(GameSetup::try_from(&raw_setup).is_ok(), "its only scheme");
    raw_setup.settlement = Some("pairwise".into());
    assert!(GameSetup::try_from(&raw_setup).is_err());
}

#[test]
fn rounds_are_entered_in_order_and_corrected_by_number() {
    let s = setup("hollywood", &["A", "B"]);
    let r = raw(Some("A"), &[("B", 10)]);
    let state = play(&s, std::slice::from_ref(&r));
    assert_eq!(state.target_round(&s, None).unwrap(), 2);
    assert_eq!(state.target_round(&s, Some(1)).unwrap(), 1);
    assert_eq!(state.target_round(&s, Some(2)).unwrap(), 2);
    assert_eq!(
        state
            .target_round(&s, Some(3))
            .unwrap_err()
            .summary(Lang::En),
        "Round 3 cannot be entered yet: round 2 is next."
    );
    assert_eq!(
        state
            .target_round(&s, Some(8))
            .unwrap_err()
            .summary(Lang::En),
        "Round 8 does not exist: this game has rounds 1 to 7."
    );
    let ended = GameState::from_raw(&s, &[r], true).unwrap();
    assert!(ended.finished && ended.next_round.is_none());
    assert_eq!(
        ended.target_round(&s, None).unwrap_err().get(&Field::Round),
        Some(&GameError::EndedEarly)
    );
    assert_eq!(ended.target_round(&s, Some(1)).unwrap(), 1);
    let empty = play(&s, &[]);
    assert_eq!(empty.check_end_early(), Err(GameError::NothingToEnd));
    assert_eq!(empty.check_undo(), Err(GameError::NothingToUndo));
    assert!(empty.leaders.is_empty());
}

#[test]
fn points_per_cent_default_to_one_and_must_be_1_to_1000() {
    let mut raw_setup = RawSetup {
        rules: "liverpool".into(),
        players: vec!["A".into(), "B".into(), "C".into()],
        ..RawSetup::default()
    };
    let s = GameSetup::try_from(&raw_setup).unwrap();
    assert_eq!(s.points_per_cent(), DEFAULT_POINTS_PER_CENT);
    assert_eq!(
        s.to_raw().points_per_cent,
        None,
        "the default is not stored"
    );
    for (given, code) in [
        (RawNumber::Int(0), "points_per_cent_out_of_range"),
        (RawNumber::Int(1001), "points_per_cent_out_of_range"),
        (RawNumber::Text("ten".into()), "not_a_number"),
    ] {
        raw_setup.points_per_cent = Some(given);
        let errors = GameSetup::try_from(&raw_setup).unwrap_err();
        let e = errors
            .get(&Field::PointsPerCent)
            .expect("keyed points_per_cent");
        assert_eq!(e.code(), code);
    }
    raw_setup.points_per_cent = Some(RawNumber::Int(0));
    let errors = GameSetup::try_from(&raw_setup).unwrap_err();
    assert_eq!(
        errors.message(&Field::PointsPerCent, Lang::De).unwrap(),
        "Ein Cent kann für 1 bis 1000 Punkte stehen, nicht für 0."
    );
    raw_setup.points_per_cent = Some(RawNumber::Int(1000));
    assert_eq!(
        GameSetup::try_from(&raw_setup).unwrap().points_per_cent(),
        1000
    );
}

#[test]
fn a_wrong_option_does_not_hide_a_wrong_player_count() {
    let raw_setup = RawSetup {
        rules: "liverpool".into(),
        options: [("cut_bonus".to_string(), OptionValue::Int(999))].into(),
        players: vec!["A".into(), "B".into()],
        ..RawSetup::default()
    };
    let errors = GameSetup::try_from(&raw_setup).unwrap_err();
    assert_eq!(
        errors.get(&Field::Options).map(GameError::code),
        Some("bad_option_value")
    );
    assert_eq!(
        errors.message(&Field::Players, Lang::En).unwrap(),
        "Liverpool Rummy is played by 3 to 5 players, not 2."
    );
}
