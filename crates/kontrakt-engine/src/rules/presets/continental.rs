//! Continental Rummy (docs/RULES.md 4 `continental`): runs only, fifteen cards, one hand; the
//! winner collects units from everyone.
//!
//! Builds the shared types of `ruleset` and `play`; must not depend on other family files.

use super::{ace_option, info_row};
use crate::rules::meld::AceMode;
use crate::rules::play::{GoingOut, JokerSwap, LayOff, Play};
use crate::rules::ruleset::{
    DeckRule, NO_BUYS, OptionSpec, Options, PresetInfo, RoundSpec, RuleSet, Scheme, contract,
    get_bool, get_int, opt_bool, opt_int,
};

pub(super) fn info() -> PresetInfo {
    info_row(
        "continental",
        "Continental Rummy",
        "rummy.ch, Continental Rummy",
        2,
        12,
    )
}

pub(super) fn options() -> Vec<OptionSpec> {
    vec![
        ace_option(AceMode::LowOrHigh),
        opt_bool("twos_wild", false),
        opt_bool("turn_bonuses", false),
        opt_bool("one_suit_bonus", false),
        opt_int("hands", 1, 50, 1),
    ]
}

pub(super) fn play() -> Play {
    Play {
        lay_off: LayOff::NotAtAll,
        joker_swap: JokerSwap::Never,
        going_out: GoingOut::FaceDownDiscard,
    }
}

pub(super) fn build(rs: &mut RuleSet, o: &Options) {
    let hands = get_int(o, "hands").max(1) as u8;
    let c = contract("5r3 / 3r4 1r3 / 1r5 1r4 2r3");
    rs.rounds = (1..=hands)
        .map(|number| RoundSpec {
            number,
            contract: Some(c.clone()),
            deal: 15,
            go_out_all: true,
            exact_minimum: false,
            no_contiguous_runs: false,
            runs_apart: 0,
            runs_different_suits: false,
            no_two_sets_same_rank: false,
            total_cards: Some(15),
            buys: NO_BUYS,
        })
        .collect();
    // Where 2s are wild the rank order skips 2 (a wild 2 never stands for itself); where
    // they are not, this changes nothing.
    rs.meld.twos_natural = false;
    rs.meld.twos_wild = get_bool(o, "twos_wild");
    rs.deck_rule = DeckRule::Continental;
    rs.no_winner_allowed = false;
    rs.scheme = Scheme::Units;
    rs.schemes = vec![Scheme::Units];
    rs.higher_is_better = true;
}
