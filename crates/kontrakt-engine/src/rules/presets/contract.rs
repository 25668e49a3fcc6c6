//! Contract Rummy and its close kin, Liverpool and May I? (docs/RULES.md 4 `contract`,
//! `liverpool`, `may-i`): seven contracts dealt 10-10-10-12-12-12-12.
//!
//! Builds the shared types of `ruleset` and `play`; must not depend on other family files.

use super::{
    ALL_ROUNDS, CONTRACT_SEVEN, ace_option, exact_minimum_option, info_row, joker_points_option,
    jokers_option, may_i, settlement_option,
};
use crate::rules::meld::AceMode;
use crate::rules::play::{GoingOut, JokerSwap, LayOff, Play};
use crate::rules::ruleset::{
    DeckRule, OptionSpec, Options, PresetInfo, RoundPlan, RuleSet, get_bool, get_int, opt_int,
    plan_rounds, standard_penalty,
};

/// The presets of this family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Variant {
    Contract,
    Liverpool,
    MayI,
}

pub(super) fn info(v: Variant) -> PresetInfo {
    match v {
        Variant::Contract => info_row(
            "contract",
            "Contract Rummy",
            "pagat.com, Contract Rummy",
            3,
            5,
        ),
        Variant::Liverpool => info_row(
            "liverpool",
            "Liverpool Rummy",
            "pagat.com, Contract Rummy: Liverpool",
            3,
            5,
        ),
        Variant::MayI => info_row("may-i", "May I?", "pagat.com, Contract Rummy: May I?", 3, 5),
    }
}

pub(super) fn options(v: Variant) -> Vec<OptionSpec> {
    let family = |exact: bool, joker_pts: i64| {
        vec![
            jokers_option(),
            joker_points_option(joker_pts),
            ace_option(AceMode::LowOrHigh),
            exact_minimum_option(exact),
            settlement_option(&["lowest-collects", "pairwise"], "lowest-collects"),
        ]
    };
    match v {
        Variant::Contract => family(true, 15),
        Variant::MayI => family(false, 25),
        Variant::Liverpool => {
            let mut v = family(true, 15);
            v.push(opt_int("cut_bonus", 0, 500, 50));
            v
        }
    }
}

pub(super) fn play(v: Variant) -> Play {
    let joker_swap = match v {
        Variant::Contract | Variant::Liverpool => JokerSwap::RunsOnly,
        Variant::MayI => JokerSwap::Never,
    };
    Play {
        lay_off: LayOff::NextTurnAfterContract,
        joker_swap,
        going_out: GoingOut::WithDiscard,
    }
}

pub(super) fn build(v: Variant, rs: &mut RuleSet, o: &Options) {
    let is_may_i = v == Variant::MayI;
    let exact: &[u8] = if get_bool(o, "exact_minimum") {
        &ALL_ROUNDS
    } else {
        &[]
    };
    let buys = may_i(1);
    rs.rounds = plan_rounds(&RoundPlan {
        contracts: &CONTRACT_SEVEN,
        deals: &[10, 10, 10, 12, 12, 12, 12],
        exact_minimum_rounds: exact,
        no_contiguous_rounds: if is_may_i { &[] } else { &[3, 6, 7] },
        different_suits_rounds: &[],
        two_sets_same_rank_forbidden: false,
        go_out_all_last: !is_may_i,
        buys: &buys,
    });
    rs.meld.jokers = get_bool(o, "jokers");
    rs.penalty = Some(standard_penalty(15, get_int(o, "joker_points"), 2));
    if is_may_i {
        rs.deck_rule = DeckRule::PerTwoPlayers { jokers_per_deck: 2 };
    }
    if v == Variant::Liverpool {
        rs.cut_bonus = Some(get_int(o, "cut_bonus"));
    }
}
