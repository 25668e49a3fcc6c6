//! Hollywood Rummy (docs/RULES.md 4 `hollywood`): contract / Liverpool rummy as commonly played
//! in the US, 2-8 players, buys, the lowest collects.
//!
//! Builds the shared types of `ruleset` and `play`; must not depend on other family files.

use super::{
    ace_option, info_row, joker_points_option, joker_swap_of, joker_swap_option, may_i,
    settlement_option,
};
use crate::rules::meld::AceMode;
use crate::rules::play::{GoingOut, LayOff, Play};
use crate::rules::ruleset::{
    DeckRule, OptionSpec, OptionValue, Options, PresetInfo, RoundPlan, RuleSet, get_bool, get_int,
    opt_bool, opt_int, opt_int_of, plan_rounds, standard_penalty,
};

pub(super) fn info() -> PresetInfo {
    info_row(
        "hollywood",
        "Hollywood Rummy",
        "Contract / Liverpool / Hollywood Rummy, common rules",
        2,
        8,
    )
}

pub(super) fn options() -> Vec<OptionSpec> {
    vec![
        opt_int("jokers_per_deck", 0, 2, 2),
        opt_bool("twos_wild", false),
        // Seed 003: the first 4 or 5 contracts, or all 7.
        opt_int_of("contracts", &[4, 5, 7], 7),
        ace_option(AceMode::LowOrHigh),
        opt_bool("lay_off_before_contract", false),
        joker_swap_option("any"),
        joker_points_option(15),
        settlement_option(&["lowest-collects", "pairwise"], "lowest-collects"),
    ]
}

pub(super) fn play(o: &Options) -> Play {
    let lay_off = match o.get("lay_off_before_contract") {
        Some(OptionValue::Bool(true)) => LayOff::Anytime,
        _ => LayOff::AfterContract,
    };
    let joker_swap = joker_swap_of(o);
    Play {
        lay_off,
        joker_swap,
        going_out: GoingOut::EitherWay,
    }
}

pub(super) fn build(rs: &mut RuleSet, o: &Options) {
    let count = get_int(o, "contracts") as usize;
    let buys = may_i(1);
    let all = [
        "2s3",
        "1s3 1r4",
        "2r4",
        "3s3",
        "2s3 1r4",
        "2s3 2r4",
        "3s3 / 3r4",
    ];
    rs.rounds = plan_rounds(&RoundPlan {
        contracts: &all[..count],
        deals: &[10],
        exact_minimum_rounds: &[],
        no_contiguous_rounds: &[],
        different_suits_rounds: &[3, 6, 7],
        two_sets_same_rank_forbidden: false,
        go_out_all_last: false,
        buys: &buys,
    });
    let per_deck = get_int(o, "jokers_per_deck") as u8;
    rs.meld.jokers = per_deck > 0;
    rs.meld.twos_wild = get_bool(o, "twos_wild");
    rs.deck_rule = DeckRule::Hollywood {
        jokers_per_deck: per_deck,
    };
    let mut t = standard_penalty(15, get_int(o, "joker_points"), 15);
    if rs.meld.twos_wild {
        t.by_rank[1] = 15;
    }
    rs.penalty = Some(t);
    // Seed 003: when the stock runs out the discards are shuffled into a new stock, so every
    // round ends with someone going out.
    rs.no_winner_allowed = false;
}
