//! Going out with points left in hand, from the rule text (seed 002, "c) Wiener-Romme (ohne
//! Auslegen)": "Restpunktezahl, die bei Romme auf der Hand bleiben dürfen, sind maximal 9"):
//! the definition field `go_out_left_max`, its checks, the going-out checker and solver.
//! Test-only.

use super::cards::{Card, parse_cards, parse_melds};
use super::check::{Problem, check_going_out};
use super::definition::{Definition, MAX_GO_OUT_LEFT};
use super::presets::Preset;
use super::ruleset::{RoundSpec, RuleSet};
use super::solver::{SolveOptions, solve_going_out};
use crate::text::Lang;

/// Wiener Rommé as `docs/rulesets/wiener-rommee.json` writes it: Rommé with 4 jokers, no
/// laying off, and at most `left` points kept in hand when going out, read by the loader.
fn wiener(left: u32) -> (RuleSet, RoundSpec) {
    let mut def = Preset::from_id("rommee").unwrap().definition().clone();
    def.id = "rs-wiener".into();
    def.base = Some("rommee".into());
    def.name = "Wiener Rommé".into();
    def.go_out_left_max = left;
    let rs = def.check().expect("Wiener Rommé passes every check");
    let round = rs.round_for_check(None).unwrap();
    (rs, round)
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// The going-out check of `melds` keeping `left`.
fn going_out(rs: &RuleSet, round: &RoundSpec, melds: &str, left: &str) -> Vec<Problem> {
    check_going_out(rs, round, &parse_melds(melds).unwrap(), &[], &cards(left)).problems
}

/// Can `hand` go out? On yes, the answer passes the going-out check and keeps at most the
/// allowance.
fn can_go_out(rs: &RuleSet, round: &RoundSpec, hand: &str) -> Option<Vec<Card>> {
    let hand = cards(hand);
    let found = solve_going_out(rs, round, &hand, &SolveOptions::default()).unwrap()?;
    let verdict = check_going_out(rs, round, &found.melds, &found.pins, &found.leftover);
    assert!(verdict.ok, "{:?}: {:?}", found.melds, verdict.problems);
    let mut used: Vec<Card> = found.melds.concat();
    used.extend(&found.leftover);
    used.sort();
    let mut held = hand;
    held.sort();
    assert_eq!(used, held);
    Some(found.leftover)
}

const MELDS: &str = "3H 4H 5H 6H | KS KD KC | 7C 8C 9C";

#[test]
fn a_hand_with_nine_points_left_goes_out() {
    let (rs, round) = wiener(9);
    assert_eq!(going_out(&rs, &round, MELDS, "4D 5S"), vec![]);
    let kept = can_go_out(&rs, &round, "3H 4H 5H 6H KS KD KC 7C 8C 9C 4D 5S").unwrap();
    assert_eq!(rs.left_points(&kept), 9);
}

#[test]
fn a_hand_with_ten_points_left_does_not_go_out() {
    let (rs, round) = wiener(9);
    let problems = going_out(&rs, &round, MELDS, "4D 6S");
    assert_eq!(problems, vec![Problem::TooManyLeft { points: 10, max: 9 }]);
    assert_eq!(problems[0].code(), "too_many_left");
    assert_eq!(
        problems[0].message(Lang::En),
        "The cards left in hand count 10 points; going out, at most 9 points may stay in hand."
    );
    assert_eq!(
        problems[0].message(Lang::De),
        "Die Karten, die auf der Hand bleiben, zählen 10 Punkte; wer Rommé macht, darf höchstens 9 Punkte auf der Hand behalten."
    );
    assert_eq!(
        can_go_out(&rs, &round, "3H 4H 5H 6H KS KD KC 7C 8C 9C 4D 6S"),
        None
    );
}

#[test]
fn a_joker_left_in_hand_counts_its_value() {
    let (rs, round) = wiener(9);
    assert_eq!(
        going_out(&rs, &round, MELDS, "JK"),
        vec![Problem::TooManyLeft { points: 20, max: 9 }]
    );
    // Where the joker can be melded, the solver melds it and keeps the low cards.
    let kept = can_go_out(&rs, &round, "3H 4H JK KS KD KC 7C 8C 9C 4D 5S").unwrap();
    assert_eq!(kept, cards("4D 5S"));
    // A table that lets 20 points stay keeps the joker.
    let (rs, round) = wiener(20);
    assert_eq!(going_out(&rs, &round, MELDS, "JK"), vec![]);
}

#[test]
fn a_wild_two_left_in_hand_counts_as_a_joker() {
    let options = std::collections::BTreeMap::from([(
        "twos_wild".to_owned(),
        super::ruleset::OptionValue::Bool(true),
    )]);
    let mut rs = RuleSet::with_options("rommee", &options).unwrap();
    rs.go_out_left_max = 9;
    let round = rs.round_for_check(None).unwrap();
    assert_eq!(
        going_out(&rs, &round, MELDS, "2C"),
        vec![Problem::TooManyLeft { points: 20, max: 9 }]
    );
}

#[test]
fn going_out_lays_every_meld_at_once_without_an_opening_minimum_but_each_meld_legal() {
    let (rs, round) = wiener(9);
    // Three melds worth 18 + 30 + 24: an opening would need 40, going out needs none.
    assert_eq!(going_out(&rs, &round, "3H 4H 5H 6H", "4D 5S"), vec![]);
    let problems = going_out(&rs, &round, "3H 4H | KS KD KC", "");
    assert!(
        problems
            .iter()
            .any(|p| matches!(p, Problem::TooShort { meld: 1, .. })),
        "{problems:?}"
    );
    // A meld the cards do not make is found by the solver in no way.
    assert_eq!(can_go_out(&rs, &round, "3H 4H KS KD QC 7C 8C 9C"), None);
}

#[test]
fn german_rommee_without_the_field_keeps_every_card_to_go_out() {
    let rs = RuleSet::preset("rommee").unwrap();
    assert_eq!(rs.go_out_left_max, 0);
    let round = rs.round_for_check(None).unwrap();
    let problems = going_out(&rs, &round, MELDS, "4D 5S");
    assert_eq!(problems, vec![Problem::TooManyLeft { points: 9, max: 0 }]);
    assert_eq!(
        problems[0].message(Lang::En),
        "The cards left in hand count 9 points; going out, every card must be melded."
    );
    assert_eq!(
        problems[0].message(Lang::De),
        "Die Karten, die auf der Hand bleiben, zählen 9 Punkte; wer Rommé macht, muss alle Karten auslegen."
    );
    assert_eq!(going_out(&rs, &round, MELDS, ""), vec![]);
    assert_eq!(
        can_go_out(&rs, &round, "3H 4H 5H 6H KS KD KC 7C 8C 9C 4D 5S"),
        None
    );
    assert_eq!(
        can_go_out(&rs, &round, "3H 4H 5H 6H KS KD KC 7C 8C 9C").unwrap(),
        vec![]
    );
}

#[test]
fn no_preset_lets_cards_stay_and_none_writes_the_field() {
    for preset in Preset::ALL {
        let def = preset.definition();
        assert_eq!(def.go_out_left_max, 0, "{}", preset.id());
        let json = serde_json::to_value(def).unwrap();
        assert!(json.get("go_out_left_max").is_none(), "{}", preset.id());
        assert_eq!(def.rule_set().unwrap().go_out_left_max, 0);
    }
}

#[test]
fn the_field_is_read_back_as_written() {
    let (rs, _) = wiener(9);
    let def = Definition::of(&rs, &Preset::from_id("rommee").unwrap().option_specs());
    assert_eq!(def.go_out_left_max, 9);
    let json = serde_json::to_value(&def).unwrap();
    assert_eq!(json["go_out_left_max"], 9);
    let back: Definition = serde_json::from_value(json).unwrap();
    assert_eq!(back.rule_set().unwrap(), rs);
}

#[test]
fn too_many_points_or_a_rule_set_with_contracts_is_refused_with_a_sentence() {
    let mut def = Preset::from_id("rommee").unwrap().definition().clone();
    def.go_out_left_max = MAX_GO_OUT_LEFT + 1;
    let problems = def.check().unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].path, "go_out_left_max");
    assert_eq!(problems[0].kind.code(), "go_out_left");
    assert_eq!(
        problems[0].clause(Lang::En),
        "at most 50 points may be left in hand when going out, not 51"
    );
    assert_eq!(
        problems[0].clause(Lang::De),
        "beim Rommé dürfen höchstens 50 Punkte auf der Hand bleiben, nicht 51"
    );
    def.go_out_left_max = MAX_GO_OUT_LEFT;
    assert!(def.check().is_ok());

    let mut def = Preset::from_id("contract").unwrap().definition().clone();
    def.go_out_left_max = 9;
    let problems = def.check().unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].path, "go_out_left_max");
    assert_eq!(problems[0].kind.code(), "go_out_left_with_contracts");
    assert!(problems[0].clause(Lang::De).contains("ohne Kontrakte"));
}

#[test]
fn the_player_who_goes_out_scores_zero_and_the_cards_kept_do_not_count() {
    use super::game::tests::{play, raw, setup_with};
    let mut def = Preset::from_id("rommee").unwrap().definition().clone();
    def.id = "rs-wiener-scoring-test".into();
    def.base = Some("rommee".into());
    def.name = "Wiener Rommé".into();
    def.go_out_left_max = 9;
    def.check().unwrap();
    super::definition::register(def);
    let s = setup_with(
        "rs-wiener-scoring-test",
        &["Ann", "Ben", "Cy"],
        &[("rounds", super::ruleset::OptionValue::Int(1))],
        1,
    );
    // Ann went out keeping 4♦ 5♠ (9 points): she scores 0, the others their hands.
    let state = play(&s, &[raw(Some("Ann"), &[("Ben", 35), ("Cy", 12)])]);
    assert_eq!(state.rounds[0].entry.points(), [0, 35, 12]);
    // Her kept points are not entered: a winner with points is refused with a sentence.
    let kept = raw(Some("Ann"), &[("Ann", 9), ("Ben", 35), ("Cy", 12)]);
    let (_, error) = super::game::GameState::from_raw(&s, &[kept], false).unwrap_err();
    assert!(
        error.iter().any(|e| e.error.code() == "winner_has_points"),
        "{error:?}"
    );
}

#[test]
fn the_rule_book_says_how_many_points_may_stay_in_both_languages() {
    use crate::text::rules::going_out_keeping_note;
    assert_eq!(
        going_out_keeping_note(9, Lang::En).unwrap(),
        "Going out, lay all your melds down at once: cards worth at most 9 points may stay in your hand, and they do not count against you."
    );
    assert_eq!(
        going_out_keeping_note(1, Lang::De).unwrap(),
        "Wer Rommé macht, legt alle Meldungen auf einmal aus: Karten mit höchstens 1 Punkt dürfen auf der Hand bleiben und werden nicht angerechnet."
    );
    assert_eq!(going_out_keeping_note(0, Lang::En), None);
}
