//! Shanghai Rummy and two house variants of it (docs/RULES.md 4 `shanghai`, `shanghai-powe`,
//! `shanghai-kolsov`): eleven or ten cards, ace high, one wild per meld, buys per round,
//! jokers swapped back from runs as in Contract Rommé (option `joker_swap`).
//!
//! Builds the shared types of `ruleset` and `play`; must not depend on other family files.

use super::{
    ALL_ROUNDS, CONTRACT_SEVEN, ace_option, info_row, joker_points_option, joker_swap_of,
    joker_swap_option, jokers_option, settlement_option,
};
use crate::rules::meld::AceMode;
use crate::rules::play::{GoingOut, LayOff, Play};
use crate::rules::ruleset::{
    Buys, DeckRule, OptionSpec, Options, PresetInfo, RoundPlan, RuleSet, get_bool, get_int,
    opt_int, opt_int_of, plan_rounds, standard_penalty,
};

/// The presets of this family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Variant {
    Shanghai,
    Powe,
    Kolsov,
}

pub(super) fn info(v: Variant) -> PresetInfo {
    match v {
        Variant::Shanghai => info_row(
            "shanghai",
            "Shanghai Rummy",
            "pagat.com, Contract Rummy: Shanghai",
            3,
            5,
        ),
        Variant::Powe => info_row(
            "shanghai-powe",
            "Shanghai (Tahelia Powe)",
            "pagat.com, Contract Rummy: Shanghai, Tahelia Powe's variant",
            3,
            5,
        ),
        Variant::Kolsov => info_row(
            "shanghai-kolsov",
            "Shanghai (Deb Kolsov)",
            "pagat.com, Contract Rummy: Shanghai, Deb Kolsov's contract order",
            3,
            5,
        ),
    }
}

pub(super) fn options() -> Vec<OptionSpec> {
    vec![
        jokers_option(),
        joker_points_option(50),
        ace_option(AceMode::HighOnly),
        opt_int("buy_limit", 0, 10, 2),
        // Seed 000 gives Shanghai "die gleichen Grundregeln wie bei Contract Rommé": a joker in
        // a run may be taken back by putting in its card, jokers in sets are dead.
        joker_swap_option("runs-only"),
        settlement_option(&["lowest-collects", "pairwise"], "lowest-collects"),
        opt_int_of("going_out_bonus", &BONUS_POINTS, 0),
        opt_int_of("first_down_bonus", &BONUS_POINTS, 0),
    ]
}

/// The amounts a table may choose for the optional going-out and first-down bonuses
/// (docs/RULES.md 4 `shanghai`): 0 is off, every other amount is taken off that player's
/// round score.
const BONUS_POINTS: [i64; 7] = [0, 5, 10, 20, 25, 50, 100];

pub(super) fn play(v: Variant, o: &Options) -> Play {
    let going_out = match v {
        Variant::Shanghai | Variant::Kolsov => GoingOut::WithDiscard,
        Variant::Powe => GoingOut::NoDiscard,
    };
    Play {
        lay_off: LayOff::AfterContract,
        joker_swap: joker_swap_of(o),
        going_out,
    }
}

pub(super) fn build(v: Variant, rs: &mut RuleSet, o: &Options) {
    let buy_limit = get_int(o, "buy_limit") as u8;
    let buys = move |_| Buys {
        allowed: buy_limit > 0,
        limit: Some(buy_limit),
        extra_cards: 2,
    };
    let (contracts, deal, different): (Vec<&str>, u8, &[u8]) = match v {
        Variant::Shanghai => (CONTRACT_SEVEN.to_vec(), 11, &[]),
        Variant::Powe => {
            let mut c = CONTRACT_SEVEN[..6].to_vec();
            c.extend(["4s3", "3r4"]);
            (c, 10, &ALL_ROUNDS)
        }
        Variant::Kolsov => (
            vec![
                "2s3", "1s3 1r4", "2r4", "3s3", "1s3 1r7", "2s3 1r5", "3r4", "1s3 1r10", "3s3 1r5",
                "3r5",
            ],
            11,
            &[],
        ),
    };
    rs.rounds = plan_rounds(&RoundPlan {
        contracts: &contracts,
        deals: &[deal],
        exact_minimum_rounds: &[],
        no_contiguous_rounds: &ALL_ROUNDS,
        different_suits_rounds: different,
        two_sets_same_rank_forbidden: true,
        go_out_all_last: true,
        buys: &buys,
    });
    rs.meld.jokers = get_bool(o, "jokers");
    rs.meld.max_wilds = Some(1);
    rs.shanghai_calls = v != Variant::Powe;
    rs.deck_rule = DeckRule::Fixed {
        decks: 2,
        jokers: 4,
    };
    let mut t = standard_penalty(20, get_int(o, "joker_points"), 5);
    for (i, v) in t.by_rank.iter_mut().enumerate().skip(1) {
        *v = if i < 7 { 5 } else { 10 };
    }
    rs.penalty = Some(t);
    let bonus = |name| Some(get_int(o, name)).filter(|&points| points != 0);
    rs.going_out_bonus = bonus("going_out_bonus");
    rs.first_down_bonus = bonus("first_down_bonus");
}
