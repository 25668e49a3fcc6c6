//! Tests of `rules::game`: set-up, seating, round entry, scoring and settlement of whole games.

use super::*;

/// A test helper, shared with the tests of the game's sentences in `text`.
pub(crate) fn setup_with(
    rules: &str,
    players: &[&str],
    options: &[(&str, OptionValue)],
    cents: i64,
) -> GameSetup {
    GameSetup::try_from(RawSetup {
        rules: rules.into(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        players: players.iter().map(|p| p.to_string()).collect(),
        cents_per_point: Some(RawNumber::Int(cents)),
        ..RawSetup::default()
    })
    .unwrap_or_else(|e| panic!("set-up of {rules} is valid: {e}"))
}

/// A test helper, shared with the tests of the game's sentences in `text`.
pub(crate) fn setup(rules: &str, players: &[&str]) -> GameSetup {
    setup_with(rules, players, &[], 1)
}

/// A test helper, shared with the tests of the game's sentences in `text`.
pub(crate) fn raw(went_out: Option<&str>, points: &[(&str, i64)]) -> RawRound {
    RawRound {
        went_out: went_out.map(str::to_string),
        points: points
            .iter()
            .map(|(k, v)| (k.to_string(), RawNumber::Int(*v)))
            .collect(),
        ..RawRound::default()
    }
}

/// A test helper, shared with the tests of the game's sentences in `text`.
pub(crate) fn play(setup: &GameSetup, rounds: &[RawRound]) -> GameState {
    GameState::from_raw(setup, rounds, false)
        .unwrap_or_else(|(n, e)| panic!("round {n} is valid: {e}"))
}

fn settled(state: &GameState) -> &Settlement {
    state
        .settlement
        .as_ref()
        .expect("the game is finished")
        .as_ref()
        .expect("the game settles")
}

fn errors(setup: &GameSetup, round: usize, raw: &RawRound) -> FieldErrors {
    setup
        .parse_round(round, raw)
        .expect_err("the entry is refused")
}

const LIVERPOOL: [&str; 4] = ["Ann", "Ben", "Cy", "Di"];

#[test]
fn the_dealer_rotates_clockwise_from_the_first_dealer() {
    let mut raw = RawSetup {
        rules: "contract".into(),
        players: vec!["Ann".into(), "Ben".into(), "Cy".into()],
        first_dealer: Some(" cy ".into()),
        ..RawSetup::default()
    };
    let s = GameSetup::try_from(&raw).unwrap();
    assert_eq!(s.first_dealer(), 2);
    let dealers: Vec<usize> = (1..=7).map(|r| s.dealer(r)).collect();
    assert_eq!(dealers, [2, 0, 1, 2, 0, 1, 2]);
    raw.first_dealer = None;
    let s = GameSetup::try_from(&raw).unwrap();
    assert_eq!(s.dealer(1), 0, "the first player deals first by default");
    assert_eq!(s.cutter(1), None, "contract rummy has no cutter");
    assert_eq!(s.round_info(1).unwrap().cut_target, None);
}

#[test]
fn liverpool_cutter_is_the_player_before_the_dealer_and_the_target_is_players_times_deal_plus_one()
{
    let s = setup("liverpool", &LIVERPOOL);
    let r1 = s.round_info(1).unwrap();
    assert_eq!((r1.dealer, r1.cutter), (0, Some(3)), "Ann deals, Di cuts");
    assert_eq!(r1.cut_target, Some(41));
    assert_eq!(r1.deal, 10);
    let r2 = s.round_info(2).unwrap();
    assert_eq!((r2.dealer, r2.cutter), (1, Some(0)), "Ben deals, Ann cuts");
    let r4 = s.round_info(4).unwrap();
    assert_eq!(r4.cut_target, Some(49), "4 x 12 + 1");
    let r7 = s.round_info(7).unwrap();
    assert_eq!((r7.dealer, r7.cutter), (2, Some(1)));
    assert!(r7.go_out_all);
    assert!(r7.restrictions.contains(&Restriction::GoOutAll));
    assert_eq!(r7.of, 7);
    assert!(s.round_info(8).is_none());
}

#[test]
fn cards_are_counted_with_the_rule_sets_penalty_table() {
    let s = setup("shanghai", &["A", "B", "C"]);
    let mut r = raw(Some("C"), &[("B", 10)]);
    r.cards.insert(
        "a".into(),
        RawCards::List(vec!["AS".into(), "JK".into(), "7H".into()]),
    );
    let e = s.parse_round(1, &r).unwrap();
    assert_eq!(e.points(), [75, 10, 0], "A 20 + joker 50 + 7 counts 5");
    // Progressive is for 3 to 5 players, as Contract Rommé (seed 000).
    let p = setup("progressive", &["A", "B", "C"]);
    let mut r = raw(Some("B"), &[("C", 0)]);
    r.cards
        .insert("A".into(), RawCards::Text("2H JK AS KD 3C".into()));
    assert_eq!(
        p.parse_round(1, &r).unwrap().points(),
        [20 + 20 + 15 + 10 + 5, 0, 0]
    );
}

#[test]
fn a_declared_wild_card_left_in_hand_counts_as_the_wild_card_it_is() {
    // docs/RULES.md section 1: a joker laid as 7♥ is still a joker; so is one typed so.
    let p = setup("progressive", &["A", "B", "C"]);
    let mut r = raw(Some("B"), &[("C", 0)]);
    r.cards
        .insert("A".into(), RawCards::Text("2H=5H JK=7C AS".into()));
    assert_eq!(p.parse_round(1, &r).unwrap().points(), [20 + 20 + 15, 0, 0]);
    // A 2 declared where 2s are not wild is refused with the field's sentence.
    let s = setup("shanghai", &["A", "B", "C"]);
    let mut r = raw(Some("B"), &[("C", 5)]);
    r.cards
        .insert("A".into(), RawCards::Text("2H=5H AS".into()));
    let e = errors(&s, 1, &r);
    let text = format!("{e:?}");
    assert!(
        text.contains("PinNotWild") && text.contains("2H=5H"),
        "{text}"
    );
}

#[test]
fn hand_rommee_doubles_the_others_penalties() {
    let s = setup("rommee", &["A", "B", "C"]);
    let mut r = raw(Some("A"), &[("B", 20)]);
    r.cards
        .insert("C".into(), RawCards::Text("AS KH 7D JK".into()));
    assert_eq!(s.parse_round(1, &r).unwrap().points(), [0, 20, 48]);
    r.hand_rommee = Some(true);
    assert_eq!(s.parse_round(1, &r).unwrap().points(), [0, 40, 96]);
}

#[test]
fn shanghai_allows_at_most_two_buys_per_player_and_round() {
    let s = setup("shanghai", &["A", "B", "C"]);
    let mut r = raw(Some("A"), &[("B", 10), ("C", 10)]);
    r.buys.insert("C".into(), RawNumber::Text("2".into()));
    assert!(s.parse_round(1, &r).is_ok());
    r.buys.insert("C".into(), RawNumber::Int(3));
    let e = errors(&s, 1, &r);
    assert_eq!(
        e.get(&Field::PlayerBuys("C".into())).unwrap().code(),
        "too_many_buys"
    );
    // Contract rummy's May I has no count limit.
    let c = setup("contract", &["A", "B", "C"]);
    assert_eq!(c.parse_round(1, &r).unwrap().buys(), [0, 0, 3]);
}

#[test]
fn a_round_without_a_winner_is_allowed_in_the_contract_family_only() {
    let r = raw(None, &[("A", 5), ("B", 10), ("C", 15)]);
    for id in ["contract", "liverpool", "may-i", "shanghai", "progressive"] {
        let s = setup(id, &["A", "B", "C"]);
        assert_eq!(s.parse_round(1, &r).unwrap().points(), [5, 10, 15], "{id}");
        assert_eq!(s.parse_round(1, &r).unwrap().went_out(), None);
    }
    // Hollywood reshuffles the discards when the stock runs out (seed 003): every round has
    // a winner. A round stored without one by an earlier version still reads.
    let s = setup("hollywood", &["A", "B", "C"]);
    let e = errors(&s, 1, &r);
    assert_eq!(e.get(&Field::WentOut), Some(&GameError::WinnerRequired));
    let stored = GameState::from_raw(&s, std::slice::from_ref(&r), false).unwrap();
    assert_eq!(stored.totals, [5, 10, 15]);
    let s = setup("rommee", &["A", "B", "C"]);
    let e = errors(&s, 1, &r);
    assert_eq!(e.get(&Field::WentOut), Some(&GameError::WinnerRequired));
    let s = setup("continental", &["A", "B", "C"]);
    let e = errors(&s, 1, &RawRound::default());
    assert_eq!(e.get(&Field::Winner), Some(&GameError::WinnerRequired));
    // Blank text counts as nobody.
    let s = setup("contract", &["A", "B", "C"]);
    let mut blank = r.clone();
    blank.went_out = Some("  ".into());
    assert_eq!(s.parse_round(1, &blank).unwrap().went_out(), None);
}

#[test]
fn a_continental_hand_gives_the_winner_its_units_from_every_other_player() {
    let s = setup_with(
        "continental",
        &["A", "B", "C"],
        &[("turn_bonuses", OptionValue::Bool(true))],
        10,
    );
    let r = RawRound {
        winner: Some("A".into()),
        jokers: Some(RawNumber::Int(2)),
        first_turn: Some(true),
        ..RawRound::default()
    };
    let e = s.parse_round(1, &r).unwrap();
    // 1 + 2 x 2 jokers + 10 for the first turn = 15 units from each of 2 players.
    assert_eq!(e.points(), [30, -15, -15]);
    assert_eq!(e.hand().unwrap().jokers, 2);
    assert_eq!(e.went_out(), Some(0));
    // `went_out` is accepted for the winner too.
    let same = RawRound {
        went_out: Some("a".into()),
        winner: None,
        ..r.clone()
    };
    assert_eq!(s.parse_round(1, &same).unwrap(), e);
}

#[test]
fn entries_survive_a_round_trip_through_their_raw_form() {
    let s = setup("liverpool", &LIVERPOOL);
    let mut r = raw(Some("ann"), &[("Ben", 35), ("Cy", 12)]);
    r.cards
        .insert("di".into(), RawCards::Text("as jk 10h".into()));
    r.cut_bonus = Some(true);
    r.buys.insert("BEN".into(), RawNumber::Text(" 2 ".into()));
    let e = s.parse_round(1, &r).unwrap();
    let canonical = e.to_raw(&s);
    assert_eq!(canonical.went_out.as_deref(), Some("Ann"));
    assert_eq!(canonical.cards["Di"], RawCards::Text("AS JK 10H".into()));
    assert_eq!(canonical.buys["Ben"], RawNumber::Int(2));
    assert_eq!(s.parse_round(1, &canonical).unwrap(), e);
    let c = setup_with(
        "continental",
        &["A", "B"],
        &[("twos_wild", OptionValue::Bool(true))],
        1,
    );
    let hand = RawRound {
        winner: Some("B".into()),
        no_wilds: Some(true),
        ..RawRound::default()
    };
    let e = c.parse_round(1, &hand).unwrap();
    assert_eq!(e.points(), [-11, 11]);
    assert_eq!(c.parse_round(1, &e.to_raw(&c)).unwrap(), e);
}

// ----- Finished games of every rule set, worked by hand -----

#[test]
fn contract_game_settles_lowest_collects() {
    let s = setup("contract", &["A", "B", "C"]);
    let mut rounds = vec![raw(Some("A"), &[("B", 10), ("C", 25)]); 6];
    rounds.push(raw(Some("B"), &[("A", 30), ("C", 5)]));
    let state = play(&s, &rounds);
    // A 30, B 6 x 10 = 60, C 6 x 25 + 5 = 155; A collects 30 from B and 125 from C.
    assert_eq!(state.totals, [30, 60, 155]);
    assert!(state.finished && state.next_round.is_none());
    assert_eq!(state.leaders, [0]);
    let m = settled(&state);
    assert_eq!(m.net_cents, [155, -30, -125]);
    assert_eq!(m.places, [1, 2, 3]);
}

#[test]
fn liverpool_game_with_two_cut_bonuses_settles_lowest_collects() {
    let s = setup("liverpool", &LIVERPOOL);
    let mut rounds = Vec::new();
    for n in 1..=7 {
        let mut r = raw(Some("Ann"), &[("Ben", 35), ("Cy", 12)]);
        r.cards
            .insert("Di".into(), RawCards::Text("AS JK 10H".into()));
        // Round 1 Di cuts, round 2 Ann cuts (she went out: 0 - 50).
        r.cut_bonus = Some(n <= 2);
        rounds.push(r);
    }
    let state = play(&s, &rounds);
    assert_eq!(state.rounds[0].entry.points(), [0, 35, 12, -10]);
    assert_eq!(state.rounds[1].entry.points(), [-50, 35, 12, 40]);
    // Ann -50, Ben 245, Cy 84, Di 7 x 40 - 50 = 230.
    assert_eq!(state.totals, [-50, 245, 84, 230]);
    let m = settled(&state);
    assert_eq!(m.net_cents, [295 + 134 + 280, -295, -134, -280]);
    assert_eq!(m.places, [1, 4, 2, 3]);
}

#[test]
fn may_i_game_with_a_round_nobody_won_settles_at_two_cents() {
    let s = setup_with("may-i", &["A", "B", "C"], &[], 2);
    let mut rounds = vec![raw(Some("B"), &[("A", 20), ("C", 8)]); 6];
    rounds.push(raw(None, &[("A", 5), ("B", 10), ("C", 15)]));
    let state = play(&s, &rounds);
    // A 125, B 10, C 63: B collects 115 and 53 points, 2 cents each.
    assert_eq!(state.totals, [125, 10, 63]);
    assert_eq!(settled(&state).net_cents, [-230, 336, -106]);
}

#[test]
fn shanghai_game_counts_cards_and_settles() {
    let s = setup("shanghai", &["A", "B", "C"]);
    let mut r = raw(Some("C"), &[("B", 10)]);
    r.cards
        .insert("A".into(), RawCards::Text("AS JK 7H".into()));
    r.buys.insert("A".into(), RawNumber::Int(2));
    let state = play(&s, &vec![r; 7]);
    assert_eq!(state.totals, [525, 70, 0]);
    assert_eq!(state.buys, [14, 0, 0]);
    assert_eq!(settled(&state).net_cents, [-525, -70, 595]);
}

#[test]
fn shanghai_powe_game_has_eight_rounds_and_tied_places_share() {
    let s = setup("shanghai-powe", &["A", "B", "C"]);
    let seven = play(&s, &vec![raw(Some("A"), &[("B", 5), ("C", 5)]); 7]);
    assert!(!seven.finished);
    assert_eq!(seven.next_round.as_ref().unwrap().round, 8);
    let state = play(&s, &vec![raw(Some("A"), &[("B", 5), ("C", 5)]); 8]);
    assert_eq!(state.totals, [0, 40, 40]);
    let m = settled(&state);
    assert_eq!(m.net_cents, [80, -40, -40]);
    assert_eq!(m.places, [1, 2, 2]);
    assert_eq!(state.places, [1, 2, 2]);
}

#[test]
fn shanghai_kolsov_game_of_ten_rounds_splits_payments_between_tied_lowest() {
    let s = setup("shanghai-kolsov", &["A", "B", "C", "D"]);
    let mut rounds = vec![raw(Some("A"), &[("B", 10), ("C", 20), ("D", 30)]); 5];
    rounds.extend(vec![raw(Some("B"), &[("A", 10), ("C", 20), ("D", 30)]); 5]);
    let state = play(&s, &rounds);
    assert_eq!(state.totals, [50, 50, 200, 300]);
    assert_eq!(state.leaders, [0, 1]);
    // C pays 150 and D 250, each split between A and B.
    let m = settled(&state);
    assert_eq!(m.net_cents, [200, 200, -150, -250]);
    assert_eq!(m.places, [1, 1, 3, 4]);
    assert!(s.round_info(8).unwrap().needs_more_than_dealt);
}

#[test]
fn progressive_game_pays_places_and_the_kitty_of_buys() {
    let s = setup("progressive", &["A", "B", "C", "D"]);
    let mut rounds = vec![raw(Some("B"), &[("A", 10), ("C", 30), ("D", 20)]); 15];
    rounds[8].buys.insert("A".into(), RawNumber::Int(1));
    rounds[11].buys.insert("C".into(), RawNumber::Int(2));
    let state = play(&s, &rounds);
    assert_eq!(state.totals, [150, 0, 450, 300]);
    assert_eq!(state.buys, [1, 0, 2, 0]);
    // B first +12, A second -2, D third -4, C fourth -6; the kitty of 3 to B.
    let m = settled(&state);
    assert_eq!(m.net_cents, [-3, 15, -8, -4]);
    assert_eq!(m.places, [2, 1, 4, 3]);
}

#[test]
fn continental_game_of_two_hands_settles_units_and_the_highest_total_wins() {
    let s = setup_with(
        "continental",
        &["A", "B", "C"],
        &[
            ("turn_bonuses", OptionValue::Bool(true)),
            ("hands", OptionValue::Int(2)),
        ],
        10,
    );
    let hands = [
        RawRound {
            winner: Some("A".into()),
            jokers: Some(RawNumber::Int(2)),
            first_turn: Some(true),
            ..RawRound::default()
        },
        RawRound {
            winner: Some("B".into()),
            ..RawRound::default()
        },
    ];
    let state = play(&s, &hands);
    // Hand 1: 15 units from each: A +30, B -15, C -15. Hand 2: 1 unit: B +2, A -1, C -1.
    assert_eq!(state.totals, [29, -13, -16]);
    assert_eq!(state.leaders, [0]);
    let m = settled(&state);
    assert_eq!(m.net_cents, [290, -130, -160]);
    assert_eq!(m.places, [1, 2, 3]);
    assert_eq!(s.cents_field(), "cents_per_unit");
}

#[test]
fn rommee_game_with_hand_rommee_settles_pairwise() {
    let s = setup_with(
        "rommee",
        &["A", "B", "C", "D"],
        &[("rounds", OptionValue::Int(2))],
        1,
    );
    let mut first = raw(Some("A"), &[("B", 20), ("C", 10)]);
    first
        .cards
        .insert("D".into(), RawCards::Text("AS KH 7D JK".into()));
    first.hand_rommee = Some(true);
    let second = raw(Some("C"), &[("A", 30), ("B", 15), ("D", 5)]);
    let state = play(&s, &[first, second]);
    assert_eq!(state.rounds[0].entry.points(), [0, 40, 20, 96]);
    assert_eq!(state.totals, [30, 55, 20, 101]);
    // Sum 206; net = 206 - 4 x total.
    let m = settled(&state);
    assert_eq!(m.net_cents, [86, -14, 126, -198]);
    assert_eq!(m.places, [2, 3, 1, 4]);
    // By default a Rommé game has one round per player.
    assert_eq!(setup("rommee", &["A", "B", "C"]).round_count(), 3);
}

#[test]
fn hollywood_game_of_four_contracts_for_five_players_uses_three_decks() {
    let s = setup_with(
        "hollywood",
        &["A", "B", "C", "D", "E"],
        &[("contracts", OptionValue::Int(4))],
        1,
    );
    assert_eq!(s.round_info(1).unwrap().decks.decks, 3);
    let r = raw(Some("E"), &[("A", 10), ("B", 20), ("C", 30), ("D", 40)]);
    let state = play(&s, &vec![r; 4]);
    assert_eq!(state.totals, [40, 80, 120, 160, 0]);
    assert_eq!(settled(&state).net_cents, [-40, -80, -120, -160, 400]);
}

#[test]
fn a_game_ended_early_settles_the_rounds_played() {
    let s = setup("contract", &["A", "B", "C"]);
    let state = GameState::from_raw(&s, &[raw(Some("A"), &[("B", 10), ("C", 20)])], true).unwrap();
    assert!(state.finished);
    assert_eq!(settled(&state).net_cents, [30, -10, -20]);
    assert_eq!(state.check_end_early(), Ok(()));
    let done = play(&s, &vec![raw(Some("A"), &[("B", 10), ("C", 20)]); 7]);
    assert_eq!(done.check_end_early(), Err(GameError::AlreadyFinished));
}

#[test]
fn rommee_at_a_tenth_of_a_cent_a_point_pays_a_tenth_of_the_pairwise_difference() {
    let raw_setup = RawSetup {
        rules: "rommee".into(),
        players: vec!["A".into(), "B".into(), "C".into(), "D".into()],
        options: [("rounds".to_string(), OptionValue::Int(1))].into(),
        cents_per_point: Some(RawNumber::Int(1)),
        points_per_cent: Some(RawNumber::Text(" 10 ".into())),
        ..RawSetup::default()
    };
    let s = GameSetup::try_from(&raw_setup).unwrap();
    assert_eq!(s.points_per_cent(), 10);
    assert_eq!(GameSetup::try_from(s.to_raw()).unwrap(), s, "round trip");
    // docs/RULES.md 4 `rommee`: money at a tenth of a cent a point.
    let state = play(&s, &[raw(Some("A"), &[("B", 140), ("C", 0), ("D", 270)])]);
    assert_eq!(state.totals, [0, 140, 0, 270]);
    // Sum 410: nets (410 - 4 x total) / 10 = 41, -15, 41, -67.
    assert_eq!(settled(&state).net_cents, [41, -15, 41, -67]);
}

#[test]
fn points_per_cent_other_than_one_are_refused_where_money_is_not_by_points() {
    for rules in ["progressive", "continental"] {
        let raw_setup = RawSetup {
            rules: rules.into(),
            players: vec!["A".into(), "B".into()],
            points_per_cent: Some(RawNumber::Int(10)),
            ..RawSetup::default()
        };
        let errors = GameSetup::try_from(&raw_setup).unwrap_err();
        assert_eq!(
            errors.get(&Field::PointsPerCent).map(GameError::code),
            Some("points_per_cent_not_used"),
            "{rules}"
        );
    }
}

#[test]
fn running_totals_add_up_round_by_round_to_the_totals() {
    let s = setup("contract", &["A", "B", "C"]);
    let state = play(
        &s,
        &[
            raw(Some("A"), &[("B", 10), ("C", 20)]),
            raw(Some("B"), &[("A", 5), ("C", 1)]),
        ],
    );
    assert_eq!(state.running_totals(), [[0, 10, 20], [5, 10, 21]]);
    assert_eq!(state.running_totals().last().unwrap(), &state.totals);
}

// ----- Shanghai's optional going-out and first-down bonuses (docs/RULES.md 4 `shanghai`) -----

fn shanghai_with_bonuses(going_out: i64, first_down: i64) -> GameSetup {
    setup_with(
        "shanghai",
        &["A", "B", "C"],
        &[
            ("going_out_bonus", OptionValue::Int(going_out)),
            ("first_down_bonus", OptionValue::Int(first_down)),
        ],
        1,
    )
}

#[test]
fn shanghai_bonuses_are_off_by_default_and_take_only_the_listed_amounts() {
    let plain = setup("shanghai", &["A", "B", "C"]);
    assert_eq!(plain.rules.going_out_bonus, None);
    assert_eq!(plain.rules.first_down_bonus, None);
    let both = shanghai_with_bonuses(20, 10);
    assert_eq!(both.rules.going_out_bonus, Some(20));
    assert_eq!(both.rules.first_down_bonus, Some(10));
    for id in ["shanghai-powe", "shanghai-kolsov"] {
        let rs = RuleSet::with_options(
            id,
            &[("first_down_bonus".to_string(), OptionValue::Int(25))].into(),
        )
        .unwrap();
        assert_eq!(rs.first_down_bonus, Some(25), "{id}");
    }
    // Only amounts of the choice list; other rule sets do not have the options at all.
    for bad in [7, -20, 1000] {
        let given = [("going_out_bonus".to_string(), OptionValue::Int(bad))].into();
        assert!(RuleSet::with_options("shanghai", &given).is_err(), "{bad}");
    }
    let given = [("first_down_bonus".to_string(), OptionValue::Int(10))].into();
    assert!(RuleSet::with_options("contract", &given).is_err());
}

#[test]
fn shanghai_bonuses_come_off_the_round_score_of_who_went_out_and_who_went_down_first() {
    let s = shanghai_with_bonuses(20, 10);
    // A went out (0 - 20), B went down first (35 - 10), C holds 15.
    let mut r = raw(Some("A"), &[("B", 35), ("C", 15)]);
    r.went_down_first = Some(" b ".into());
    let e = s.parse_round(1, &r).unwrap();
    assert_eq!(e.points(), [-20, 25, 15]);
    assert_eq!(e.went_down_first(), Some(1));
    // The one who went out also went down first: both bonuses.
    r.went_down_first = Some("A".into());
    assert_eq!(s.parse_round(1, &r).unwrap().points(), [-30, 35, 15]);
    // Nobody entered as first down (blank): only the going-out bonus.
    r.went_down_first = Some("  ".into());
    let e = s.parse_round(1, &r).unwrap();
    assert_eq!(
        (e.points(), e.went_down_first()),
        ([-20, 35, 15].as_slice(), None)
    );
}

#[test]
fn a_shanghai_game_with_both_bonuses_totals_and_settles_with_them() {
    let s = shanghai_with_bonuses(25, 5);
    let rounds: Vec<RawRound> = (0..7)
        .map(|n| {
            let mut r = raw(Some("A"), &[("B", 40), ("C", 10)]);
            // B goes down first in rounds 1-3, C in 4-7.
            r.went_down_first = Some(if n < 3 { "B" } else { "C" }.into());
            r
        })
        .collect();
    let state = play(&s, &rounds);
    // A 7 x -25 = -175; B 7 x 40 - 3 x 5 = 265; C 7 x 10 - 4 x 5 = 50.
    assert_eq!(state.totals, [-175, 265, 50]);
    let m = settled(&state);
    // Lowest collects: A gets 440 from B and 225 from C.
    assert_eq!(m.net_cents, [440 + 225, -440, -225]);
}

#[test]
fn went_down_first_is_refused_without_the_bonus_and_for_a_stranger() {
    let mut r = raw(Some("A"), &[("B", 35), ("C", 15)]);
    r.went_down_first = Some("B".into());
    let e = errors(&setup("shanghai", &["A", "B", "C"]), 1, &r);
    assert_eq!(e.len(), 1);
    assert_eq!(e.iter().next().unwrap().field, Field::WentDownFirst);
    assert_eq!(
        e.iter().next().unwrap().error,
        GameError::FirstDownNotPlayed
    );
    assert_eq!(
        GameError::FirstDownNotPlayed.code(),
        "first_down_not_played"
    );
    r.went_down_first = Some("Zed".into());
    let e = errors(&shanghai_with_bonuses(0, 10), 1, &r);
    assert!(matches!(
        e.iter().next().unwrap().error,
        GameError::UnknownPlayer { .. }
    ));
    assert_eq!(e.iter().next().unwrap().field, Field::WentDownFirst);
}

#[test]
fn went_down_first_survives_the_round_trip_through_the_raw_form() {
    let s = shanghai_with_bonuses(0, 50);
    let mut r = raw(Some("a"), &[("b", 35), ("C", 15)]);
    r.went_down_first = Some("c".into());
    let e = s.parse_round(2, &r).unwrap();
    assert_eq!(e.points(), [0, 35, -35]);
    let canonical = e.to_raw(&s);
    assert_eq!(canonical.went_down_first.as_deref(), Some("C"));
    assert_eq!(s.parse_round(2, &canonical).unwrap(), e);
}
