//! German Rommé (docs/RULES.md 4 `rommee`): no contracts, a first meld worth 40 points,
//! Hand-Rommé doubles, pairwise settlement.
//!
//! Builds the shared types of `ruleset` and `play`; must not depend on other family files.

use super::{ace_option, info_row, joker_points_option, settlement_option};
use crate::rules::meld::AceMode;
use crate::rules::play::{GoingOut, JokerSwap, LayOff, Play};
use crate::rules::ruleset::{
    DeckRule, OptionSpec, OptionValue, Options, PresetInfo, RoundSpec, RuleSet, Scheme, get_bool,
    get_int, opt_bool, opt_int, opt_int_of, standard_penalty,
};

pub(super) fn info() -> PresetInfo {
    info_row("rommee", "German Rommé", "German Rommé basics", 2, 6)
}

pub(super) fn options() -> Vec<OptionSpec> {
    vec![
        opt_int("joker_count", 0, 8, 6),
        opt_bool("twos_wild", false),
        // Seed 002: 13 cards (10 or 15 by agreement); a first meld of 40 (30 or 50).
        opt_int_of("cards_dealt", &[10, 13, 15], 13),
        opt_int_of("opening_points", &[30, 40, 50], 40),
        ace_option(AceMode::Wrap),
        joker_points_option(20),
        opt_bool("discard_to_go_out", true),
        opt_int("rounds", 0, 50, 0),
        settlement_option(&["pairwise", "lowest-collects"], "pairwise"),
    ]
}

pub(super) fn play(o: &Options) -> Play {
    let discard = !matches!(o.get("discard_to_go_out"), Some(OptionValue::Bool(false)));
    let going_out = if discard {
        GoingOut::WithDiscard
    } else {
        GoingOut::NoDiscard
    };
    Play {
        lay_off: LayOff::AfterOpening,
        joker_swap: JokerSwap::AfterOpening,
        going_out,
    }
}

pub(super) fn build(rs: &mut RuleSet, o: &Options, scheme: Option<Scheme>) {
    let n = get_int(o, "rounds");
    rs.rounds_per_player = n == 0;
    let deal = get_int(o, "cards_dealt") as u8;
    rs.rounds = (1..=n.max(0) as u8)
        .map(|number| RoundSpec::without_contract(number, deal))
        .collect();
    rs.meld.set_distinct_suits = true;
    rs.meld.set_max = Some(4);
    rs.meld.min_naturals = 2;
    rs.meld.jokers = get_int(o, "joker_count") > 0;
    rs.meld.twos_wild = get_bool(o, "twos_wild");
    rs.opening_points = Some(get_int(o, "opening_points") as u32);
    rs.hand_rommee = true;
    rs.no_winner_allowed = false;
    rs.deck_rule = DeckRule::Fixed {
        decks: 2,
        jokers: get_int(o, "joker_count") as u8,
    };
    let mut t = standard_penalty(11, get_int(o, "joker_points"), 2);
    rs.wild_twos_score_as_jokers = true;
    if rs.meld.twos_wild {
        t.by_rank[1] = t.joker;
    }
    rs.penalty = Some(t);
    rs.scheme = scheme.unwrap_or(Scheme::Pairwise);
}
