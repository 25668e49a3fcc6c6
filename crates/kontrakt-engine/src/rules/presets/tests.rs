//! Tests of the presets: each preset loads, builds its rounds, decks and penalties, and
//! every option has its effect (moved here from `ruleset` with the code they test).

mod enum_ids {
    use super::super::*;

    #[test]
    fn ids_round_trip_and_are_in_display_order() {
        for p in Preset::ALL {
            assert_eq!(Preset::from_id(p.id()), Some(p));
            assert_eq!(p.info().id, p.id());
        }
        assert_eq!(PRESET_IDS[0], "contract");
        assert_eq!(PRESET_IDS[9], "hollywood");
        assert_eq!(Preset::from_id("rummy"), None);
    }

    /// A preset's source is shown to players (new-game page, catalog, CLI): it names the
    /// rules' published source only, never an internal reference such as "(seed 000)".
    #[test]
    fn sources_carry_no_internal_seed_labels() {
        for p in Preset::ALL {
            let source = p.info().source;
            assert!(
                !source.to_lowercase().contains("seed"),
                "{}: {source}",
                p.id()
            );
            assert!(!source.trim().is_empty(), "{}", p.id());
        }
    }
}

mod presets_build {
    use crate::rules::cards::Card;
    use crate::rules::cards::parse_cards;
    // The words of a contract or deck, in the default language (English).
    use crate::rules::meld::AceMode;
    use crate::rules::presets::{PRESET_IDS, meld_option_specs, option_specs};
    use crate::rules::ruleset::*;
    use crate::text::rules::{describe_contract, describe_decks};
    use std::collections::BTreeMap;

    fn opts(pairs: &[(&str, OptionValue)]) -> BTreeMap<String, OptionValue> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    fn contracts(rs: &RuleSet) -> Vec<String> {
        rs.rounds
            .iter()
            .map(|r| describe_contract(r.contract.as_ref().unwrap(), Default::default()))
            .collect()
    }

    /// What the meld checker reads of a rule set: the meld rules, a first meld's minimum,
    /// Shanghai calls and the rounds it checks (their buys aside).
    fn checker_view(rs: &RuleSet) -> impl PartialEq + std::fmt::Debug + use<> {
        let mut rounds = if rs.opening_points.is_some() {
            vec![rs.round_for_check(None).unwrap()]
        } else {
            rs.rounds.clone()
        };
        for round in &mut rounds {
            round.buys = NO_BUYS;
        }
        (
            rs.meld.clone(),
            rs.opening_points,
            rs.shanghai_calls,
            rounds,
        )
    }

    #[test]
    fn the_meld_options_are_exactly_those_that_change_what_the_checker_reads() {
        for id in PRESET_IDS {
            let base = checker_view(&RuleSet::preset(id).unwrap());
            for spec in option_specs(id).unwrap() {
                let others: Vec<OptionValue> = match &spec.kind {
                    OptionKind::Bool => {
                        vec![OptionValue::Bool(spec.default != OptionValue::Bool(true))]
                    }
                    OptionKind::Int {
                        values: Some(values),
                        ..
                    } => values.iter().copied().map(OptionValue::Int).collect(),
                    OptionKind::Int { min, max, .. } => (*min..=*max)
                        .take(60)
                        .chain([*max])
                        .map(OptionValue::Int)
                        .collect(),
                    OptionKind::Choice { values } => {
                        values.iter().cloned().map(OptionValue::Text).collect()
                    }
                    OptionKind::List { .. } => vec![OptionValue::List(vec![0, 1, 2])],
                };
                let changes = others.into_iter().any(|value| {
                    let rs = RuleSet::with_options(id, &opts(&[(spec.name, value)]))
                        .expect("a valid value");
                    checker_view(&rs) != base
                });
                assert_eq!(
                    changes,
                    MELD_OPTIONS.contains(&spec.name),
                    "{id}: option {} {} the checker",
                    spec.name,
                    if changes {
                        "changes"
                    } else {
                        "does not change"
                    }
                );
            }
        }
        assert_eq!(
            meld_option_specs("contract")
                .unwrap()
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>(),
            [
                "jokers",
                "ace",
                "exact_minimum",
                "same_suit_runs",
                "wilds_per_meld",
                "all_wild_melds"
            ]
        );
    }

    #[test]
    fn every_preset_loads_with_its_defaults() {
        for id in PRESET_IDS {
            let rs = RuleSet::preset(id).unwrap();
            assert_eq!(rs.id(), id);
            for spec in option_specs(id).unwrap() {
                assert_eq!(rs.options[spec.name], spec.default);
            }
        }
    }

    #[test]
    fn contract_rummy_has_seven_contracts_dealt_10_10_10_12_12_12_12() {
        let rs = RuleSet::preset("contract").unwrap();
        assert_eq!(
            contracts(&rs),
            [
                "2 sets of 3",
                "1 set of 3 and 1 run of 4",
                "2 runs of 4",
                "3 sets of 3",
                "2 sets of 3 and 1 run of 4",
                "1 set of 3 and 2 runs of 4",
                "3 runs of 4"
            ]
        );
        let deals: Vec<u8> = rs.rounds.iter().map(|r| r.deal).collect();
        assert_eq!(deals, [10, 10, 10, 12, 12, 12, 12]);
        let no_contig: Vec<u8> = rs
            .rounds
            .iter()
            .filter(|r| r.no_contiguous_runs)
            .map(|r| r.number)
            .collect();
        assert_eq!(no_contig, [3, 6, 7]);
        assert!(rs.rounds[6].go_out_all && !rs.rounds[6].exact_minimum);
        assert!(
            rs.rounds[..6]
                .iter()
                .all(|r| r.exact_minimum && !r.go_out_all)
        );
        assert_eq!(rs.rounds[0].buys.limit, None);
    }

    #[test]
    fn contract_decks_are_two_plus_players_minus_one_jokers() {
        let rs = RuleSet::preset("contract").unwrap();
        assert_eq!(rs.decks(3).cards(), 106);
        assert_eq!(rs.decks(4).cards(), 107);
        assert_eq!(rs.decks(5).cards(), 108);
        assert_eq!(
            describe_decks(&rs.decks(4), Default::default()),
            "2 decks + 3 jokers (107 cards)"
        );
        let no_jokers =
            RuleSet::with_options("contract", &opts(&[("jokers", OptionValue::Bool(false))]))
                .unwrap();
        assert_eq!(no_jokers.decks(4).cards(), 104);
        assert!(!no_jokers.meld.jokers);
    }

    #[test]
    fn contract_penalties_are_face_value_ten_for_courts_fifteen_for_ace_and_joker() {
        let rs = RuleSet::preset("contract").unwrap();
        assert_eq!(
            rs.penalty_points(&parse_cards("2H 9S 10D JC QH KS AS JK").unwrap()),
            Some(2 + 9 + 10 + 30 + 15 + 15)
        );
    }

    #[test]
    fn liverpool_cut_target_is_players_times_deal_plus_one() {
        let rs = RuleSet::preset("liverpool").unwrap();
        assert_eq!(rs.cut_target(4, &rs.rounds[0]), Some(41));
        assert_eq!(rs.cut_target(4, &rs.rounds[3]), Some(49));
        assert_eq!(rs.cut_bonus, Some(50));
        assert_eq!(
            RuleSet::preset("contract")
                .unwrap()
                .cut_target(4, &rs.rounds[0]),
            None
        );
    }

    #[test]
    fn may_i_uses_a_deck_per_two_players_longer_melds_and_25_point_jokers() {
        let rs = RuleSet::preset("may-i").unwrap();
        assert_eq!(
            rs.decks(3),
            Decks {
                decks: 2,
                jokers: 4
            }
        );
        assert_eq!(
            rs.decks(5),
            Decks {
                decks: 3,
                jokers: 6
            }
        );
        assert!(
            rs.rounds
                .iter()
                .all(|r| !r.exact_minimum && !r.no_contiguous_runs)
        );
        assert!(!rs.rounds[6].go_out_all);
        assert_eq!(rs.penalty_points(&[Card::Joker]), Some(25));
    }

    #[test]
    fn shanghai_deals_eleven_ace_high_one_wild_and_scores_5_10_20_50() {
        let rs = RuleSet::preset("shanghai").unwrap();
        assert!(
            rs.rounds
                .iter()
                .all(|r| r.deal == 11 && r.no_two_sets_same_rank && r.no_contiguous_runs)
        );
        assert_eq!(rs.meld.ace, AceMode::HighOnly);
        assert_eq!(rs.meld.max_wilds, Some(1));
        assert!(rs.rounds[6].go_out_all);
        assert_eq!(rs.rounds[0].buys.limit, Some(2));
        assert_eq!(rs.rounds[0].buys.extra_cards, 2);
        assert_eq!(
            rs.penalty_points(&parse_cards("AS JK 7H").unwrap()),
            Some(75)
        );
        assert_eq!(
            rs.penalty_points(&parse_cards("2C 8D KD").unwrap()),
            Some(25)
        );
        assert_eq!(rs.decks(3).cards(), 108);
    }

    #[test]
    fn powe_variant_has_eight_rounds_of_ten_cards_with_runs_in_their_own_suits() {
        let rs = RuleSet::preset("shanghai-powe").unwrap();
        assert_eq!(rs.rounds.len(), 8);
        assert_eq!(contracts(&rs)[6], "4 sets of 3");
        assert_eq!(contracts(&rs)[7], "3 runs of 4");
        assert!(rs.rounds[7].go_out_all && !rs.rounds[6].go_out_all);
        assert!(
            rs.rounds
                .iter()
                .all(|r| r.deal == 10 && r.runs_different_suits)
        );
    }

    #[test]
    fn kolsov_order_has_ten_contracts_and_shows_those_needing_more_cards_than_dealt() {
        let rs = RuleSet::preset("shanghai-kolsov").unwrap();
        assert_eq!(rs.rounds.len(), 10);
        assert_eq!(contracts(&rs)[7], "1 set of 3 and 1 run of 10");
        assert_eq!(contracts(&rs)[8], "3 sets of 3 and 1 run of 5");
        let short: Vec<u8> = rs
            .rounds
            .iter()
            .filter(|r| r.needs_more_than_dealt(rs.play.going_out))
            .map(|r| r.number)
            .collect();
        assert_eq!(short, [7, 8, 9, 10]);
        assert!(rs.rounds[9].go_out_all);
    }

    #[test]
    fn powe_round_6_is_not_short_of_cards_as_it_goes_out_without_a_discard() {
        // Powe deals 10 and goes out "never with a discard": round 6's 1 set of 3 + 2 runs of
        // 4 are 11 cards, the 10 dealt and the one drawn. Shanghai's round 7 of that shape
        // (3 runs of 4 with 11 dealt + 1 drawn) is not short either.
        let short = |id: &str| -> Vec<u8> {
            let rs = RuleSet::preset(id).unwrap();
            rs.rounds
                .iter()
                .filter(|r| r.needs_more_than_dealt(rs.play.going_out))
                .map(|r| r.number)
                .collect()
        };
        let powe = RuleSet::preset("shanghai-powe").unwrap();
        assert_eq!(contracts(&powe)[5], "1 set of 3 and 2 runs of 4");
        assert_eq!(powe.rounds[5].cards_to_lay(powe.play.going_out), 11);
        assert_eq!(short("shanghai-powe"), [7, 8]);
        assert_eq!(short("shanghai"), Vec::<u8>::new());
    }

    #[test]
    fn progressive_is_for_three_to_five_players_as_contract_rummy() {
        // Seed 000: "Falls nicht anders angegeben, gelten hier die gleichen Regeln wie bei
        // Contract Rommé"; Contract Rommé "kann von drei bis fünf Spielern gespielt werden".
        let rs = RuleSet::preset("progressive").unwrap();
        assert_eq!((rs.info.min_players, rs.info.max_players), (3, 5));
        let contract = RuleSet::preset("contract").unwrap();
        assert_eq!(
            (rs.info.min_players, rs.info.max_players),
            (contract.info.min_players, contract.info.max_players)
        );
    }

    #[test]
    fn progressive_has_fifteen_contracts_with_buys_only_in_rounds_9_to_14() {
        let rs = RuleSet::preset("progressive").unwrap();
        assert_eq!(rs.rounds.len(), 15);
        assert_eq!(contracts(&rs)[11], "5 runs of 3");
        assert_eq!(contracts(&rs)[13], "1 set of 5 and 1 run of 5 and 1 pair");
        let limits: Vec<Option<u8>> = rs
            .rounds
            .iter()
            .map(|r| r.buys.allowed.then(|| r.buys.limit.unwrap()))
            .collect();
        assert_eq!(
            limits,
            [
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                Some(1),
                Some(1),
                Some(1),
                Some(2),
                Some(2),
                Some(1),
                None
            ]
        );
        assert_eq!(rs.rounds[11].buys.extra_cards, 1);
        assert_eq!(rs.rounds[8].buys.extra_cards, 0);
        assert!(rs.meld.twos_wild && rs.meld.min_naturals == 0);
        assert_eq!(
            rs.penalty_points(&parse_cards("JK 2H AS KD 3C 10H").unwrap()),
            Some(20 + 20 + 15 + 10 + 5 + 5)
        );
        assert_eq!(rs.scheme, Scheme::Places);
    }

    #[test]
    fn continental_deck_grows_with_players_and_the_hand_is_fifteen_cards_of_runs() {
        let rs = RuleSet::preset("continental").unwrap();
        assert_eq!(rs.decks(5).cards(), 106);
        assert_eq!(rs.decks(6).cards(), 159);
        assert_eq!(rs.decks(12).cards(), 212);
        assert_eq!(rs.rounds.len(), 1);
        assert_eq!(
            contracts(&rs)[0],
            "one of: 5 runs of 3 · 3 runs of 4 + 1 run of 3 · 1 run of 5 + 1 run of 4 + 2 runs of 3"
        );
        assert_eq!(rs.rounds[0].total_cards, Some(15));
        assert_eq!(rs.penalty_points(&[Card::Joker]), None);
        assert!(rs.higher_is_better);
    }

    #[test]
    fn rommee_defaults_are_thirteen_cards_forty_points_wrap_and_six_jokers() {
        let rs = RuleSet::preset("rommee").unwrap();
        assert_eq!(rs.opening_points, Some(40));
        assert_eq!(rs.meld.ace, AceMode::Wrap);
        assert_eq!(rs.decks(4).cards(), 110);
        assert_eq!(rs.round_count(4), 4);
        assert_eq!(rs.round(1, 4).unwrap().deal, 13);
        assert_eq!(
            rs.penalty_points(&parse_cards("AS KH 7D JK").unwrap()),
            Some(11 + 10 + 7 + 20)
        );
        let fifty = RuleSet::with_options(
            "rommee",
            &opts(&[
                ("joker_points", OptionValue::Int(50)),
                ("cards_dealt", OptionValue::Int(15)),
            ]),
        )
        .unwrap();
        assert_eq!(fifty.penalty_points(&[Card::Joker]), Some(50));
        assert_eq!(fifty.round(2, 3).unwrap().deal, 15);
        assert!(
            RuleSet::with_options("rommee", &opts(&[("cards_dealt", OptionValue::Int(11))]))
                .is_err()
        );
    }

    #[test]
    fn hollywood_plays_four_five_or_seven_contracts_with_runs_in_different_suits() {
        let rs = RuleSet::preset("hollywood").unwrap();
        assert_eq!(contracts(&rs)[6], "3 sets of 3 or 3 runs of 4");
        assert_eq!(contracts(&rs)[5], "2 sets of 3 and 2 runs of 4");
        assert!(rs.rounds[2].runs_different_suits && !rs.rounds[1].runs_different_suits);
        assert_eq!(rs.decks(4).cards(), 108);
        assert_eq!(rs.decks(5).cards(), 162);
        assert_eq!(
            rs.penalty_points(&parse_cards("AS 2H JK 7D").unwrap()),
            Some(52)
        );
        let four = RuleSet::with_options("hollywood", &opts(&[("contracts", OptionValue::Int(4))]))
            .unwrap();
        assert_eq!(four.rounds.len(), 4);
    }

    #[test]
    fn unknown_options_and_bad_values_are_errors_that_say_what_is_allowed() {
        let e = RuleSet::with_options("contract", &opts(&[("jokerz", OptionValue::Bool(false))]))
            .unwrap_err();
        assert!(matches!(
            e,
            OptionError::Unknown { ref name, rules: "contract", ref known }
                if name == "jokerz" && known.starts_with("jokers, ")
        ));
        let e = RuleSet::with_options("contract", &opts(&[("jokers", OptionValue::Int(3))]))
            .unwrap_err();
        assert_eq!(
            e,
            OptionError::BadValue {
                name: "jokers".into(),
                expected: Expected::TrueFalse,
                got: Got::Value(OptionValue::Int(3)),
            }
        );
        let e = RuleSet::with_options(
            "shanghai",
            &opts(&[("ace", OptionValue::Text("sideways".into()))]),
        )
        .unwrap_err();
        let OptionError::BadValue { expected, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!(
            expected,
            Expected::OneOf(vec![
                "low-or-high".into(),
                "high-only".into(),
                "wrap".into()
            ])
        );
        assert!(matches!(
            RuleSet::preset("canasta"),
            Err(OptionError::UnknownRuleSet(_))
        ));
    }
}

/// Every option docs/RULES.md names, with the effect it has ("an option that docs/RULES.md
/// mentions is a real option").
mod option_effects {
    use crate::rules::cards::Card;
    use crate::rules::cards::{parse_cards, parse_melds};
    use crate::rules::check::check;
    use crate::rules::money::{MoneyInput, places_config, settle};
    use crate::rules::ruleset::*;
    use crate::rules::settlement::KittySplit;

    use crate::rules::ruleset::test_preset as with;

    fn legal(rs: &RuleSet, round: usize, melds: &str) -> bool {
        let round = rs.opening_points.is_none().then_some(round);
        let spec = rs.round_for_check(round).unwrap();
        check(rs, &spec, &parse_melds(melds).unwrap()).ok
    }

    #[test]
    fn ace_option_lets_shanghai_play_the_ace_low() {
        let melds = "AH 2H 3H 4H | 9C 9D 9S";
        assert!(!legal(&RuleSet::preset("shanghai").unwrap(), 2, melds));
        let low = with(
            "shanghai",
            &[("ace", OptionValue::Text("low-or-high".into()))],
        );
        assert!(legal(&low, 2, melds));
    }

    #[test]
    fn exact_minimum_off_lets_contract_lay_a_longer_first_meld() {
        let melds = "5H 5S 5D 5C | 9C 9D 9S";
        assert!(!legal(&RuleSet::preset("contract").unwrap(), 1, melds));
        assert!(legal(
            &with("contract", &[("exact_minimum", OptionValue::Bool(false))]),
            1,
            melds
        ));
        // And on for May I makes it exact.
        assert!(!legal(
            &with("may-i", &[("exact_minimum", OptionValue::Bool(true))]),
            1,
            melds
        ));
    }

    #[test]
    fn cut_bonus_and_joker_points_change_the_numbers() {
        let rs = with(
            "liverpool",
            &[
                ("cut_bonus", OptionValue::Int(25)),
                ("joker_points", OptionValue::Int(30)),
            ],
        );
        assert_eq!(rs.cut_bonus, Some(25));
        assert_eq!(rs.penalty_points(&[Card::Joker]), Some(30));
    }

    #[test]
    fn buy_limit_sets_shanghai_may_i_per_round() {
        let rs = with("shanghai", &[("buy_limit", OptionValue::Int(3))]);
        assert!(rs.rounds.iter().all(|r| r.buys.limit == Some(3)));
        let none = with("shanghai", &[("buy_limit", OptionValue::Int(0))]);
        assert!(none.rounds.iter().all(|r| !r.buys.allowed));
    }

    #[test]
    fn progressive_payouts_kitty_split_and_buy_cents_reach_the_settlement() {
        let rs = with(
            "progressive",
            &[
                ("payouts", OptionValue::List(vec![0, 5, 10, 20])),
                ("kitty_split", OptionValue::Text("two-thirds".into())),
                ("buy_cents", OptionValue::Int(3)),
            ],
        );
        let cfg = places_config(&rs, 4);
        assert_eq!(cfg.payouts, [0, 5, 10, 20]);
        assert_eq!(cfg.kitty_split, KittySplit::TwoThirds);
        assert_eq!(cfg.cents_per_buy, 3);
        // Totals: B first, A second, D third, C fourth. Buys A 1, C 2: kitty 9 cents,
        // second (A) floor(9/3) = 3, winner (B) 6.
        let s = settle(
            &rs,
            4,
            &MoneyInput {
                totals: vec![50, 20, 90, 70],
                buys: vec![1, 0, 2, 0],
                ..MoneyInput::default()
            },
        )
        .unwrap();
        assert_eq!(s.net_cents, [-5 - 3 + 3, 35 + 6, -20 - 6, -10]);
    }

    #[test]
    fn continental_hands_option_sets_the_game_length() {
        assert_eq!(
            with("continental", &[("hands", OptionValue::Int(5))])
                .rounds
                .len(),
            5
        );
    }

    #[test]
    fn rommee_joker_count_twos_wild_and_rounds_options() {
        let rs = with(
            "rommee",
            &[
                ("joker_count", OptionValue::Int(0)),
                ("twos_wild", OptionValue::Bool(true)),
                ("rounds", OptionValue::Int(3)),
            ],
        );
        assert_eq!(rs.decks(4).cards(), 104);
        assert!(!rs.meld.jokers && rs.meld.twos_wild);
        // A wild 2 counts as a joker in hand.
        assert_eq!(rs.penalty_points(&parse_cards("2H").unwrap()), Some(20));
        assert_eq!(rs.round_count(6), 3);
        let spec = rs.round_for_check(None).unwrap();
        let melds = parse_melds("10S 10D 2C | JH QH KH").unwrap();
        assert!(check(&rs, &spec, &melds).ok);
    }

    #[test]
    fn hollywood_jokers_per_deck_and_wild_twos() {
        let rs = with(
            "hollywood",
            &[
                ("jokers_per_deck", OptionValue::Int(1)),
                ("twos_wild", OptionValue::Bool(true)),
            ],
        );
        assert_eq!(rs.decks(4).cards(), 106);
        assert_eq!(rs.decks(6).cards(), 159);
        assert!(legal(&rs, 1, "5H 5S 2C | 9C 9D 9S"));
        let no_jokers = with("hollywood", &[("jokers_per_deck", OptionValue::Int(0))]);
        assert_eq!(no_jokers.decks(4).cards(), 104);
        assert!(!legal(&no_jokers, 1, "5H 5S JK | 9C 9D 9S"));
    }

    #[test]
    fn settlement_option_switches_the_scheme() {
        let rs = with(
            "hollywood",
            &[("settlement", OptionValue::Text("pairwise".into()))],
        );
        assert_eq!(rs.scheme, Scheme::Pairwise);
        let rs = with(
            "rommee",
            &[("settlement", OptionValue::Text("lowest-collects".into()))],
        );
        assert_eq!(rs.scheme, Scheme::LowestCollects);
    }
}

/// The play rules each preset builds (moved here from `play` with `for_preset`).
mod play_rules {
    use crate::rules::play::*;
    use crate::rules::ruleset::{OptionValue, RuleSet};

    use crate::rules::ruleset::test_preset as with;

    #[test]
    fn contract_lays_off_from_the_next_turn_and_swaps_jokers_only_in_runs() {
        let p = RuleSet::preset("contract").unwrap().play;
        assert_eq!(p.lay_off, LayOff::NextTurnAfterContract);
        assert_eq!(p.joker_swap, JokerSwap::RunsOnly);
    }

    #[test]
    fn may_i_and_progressive_never_swap_wilds_back_and_shanghai_lays_off_in_the_same_turn() {
        assert_eq!(
            RuleSet::preset("may-i").unwrap().play.joker_swap,
            JokerSwap::Never
        );
        assert_eq!(
            RuleSet::preset("progressive").unwrap().play.joker_swap,
            JokerSwap::Never
        );
        assert_eq!(
            RuleSet::preset("shanghai").unwrap().play.lay_off,
            LayOff::AfterContract
        );
        assert_eq!(
            RuleSet::preset("shanghai-powe").unwrap().play.going_out,
            GoingOut::NoDiscard
        );
        assert_eq!(
            RuleSet::preset("progressive").unwrap().play.going_out,
            GoingOut::EitherWay
        );
    }

    #[test]
    fn shanghai_and_its_house_variants_swap_a_joker_out_of_a_run_as_contract_rummy_does() {
        // Seed 000: Shanghai has "die gleichen Grundregeln wie bei Contract Rommé" and does not
        // list the joker swap among its differences.
        for id in ["shanghai", "shanghai-powe", "shanghai-kolsov"] {
            assert_eq!(
                RuleSet::preset(id).unwrap().play.joker_swap,
                JokerSwap::RunsOnly,
                "{id}"
            );
            let none = with(id, &[("joker_swap", OptionValue::Text("none".into()))]).play;
            assert_eq!(none.joker_swap, JokerSwap::Never, "{id}");
            let any = with(id, &[("joker_swap", OptionValue::Text("any".into()))]).play;
            assert_eq!(any.joker_swap, JokerSwap::Any, "{id}");
        }
    }

    #[test]
    fn hollywood_options_change_lay_off_timing_and_joker_swaps() {
        let plain = RuleSet::preset("hollywood").unwrap().play;
        assert_eq!(
            (plain.lay_off, plain.joker_swap),
            (LayOff::AfterContract, JokerSwap::Any)
        );
        let early = with(
            "hollywood",
            &[("lay_off_before_contract", OptionValue::Bool(true))],
        )
        .play;
        assert_eq!(early.lay_off, LayOff::Anytime);
        let runs = with(
            "hollywood",
            &[("joker_swap", OptionValue::Text("runs-only".into()))],
        )
        .play;
        assert_eq!(runs.joker_swap, JokerSwap::RunsOnly);
        let none = with(
            "hollywood",
            &[("joker_swap", OptionValue::Text("none".into()))],
        )
        .play;
        assert_eq!(none.joker_swap, JokerSwap::Never);
    }

    #[test]
    fn rommee_goes_out_with_a_discard_unless_the_option_is_off() {
        assert_eq!(
            RuleSet::preset("rommee").unwrap().play.going_out,
            GoingOut::WithDiscard
        );
        let no = with("rommee", &[("discard_to_go_out", OptionValue::Bool(false))]).play;
        assert_eq!(no.going_out, GoingOut::NoDiscard);
    }

    #[test]
    fn continental_has_no_lay_offs_and_discards_face_down() {
        let p = RuleSet::preset("continental").unwrap().play;
        assert_eq!(
            (p.lay_off, p.going_out),
            (LayOff::NotAtAll, GoingOut::FaceDownDiscard)
        );
    }
}
