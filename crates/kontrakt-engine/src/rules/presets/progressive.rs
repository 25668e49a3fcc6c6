//! Progressive Rummy (docs/RULES.md 4 `progressive`): fifteen contracts, jokers and 2s wild, buys
//! from round 9, paid in places.
//!
//! Builds the shared types of `ruleset` and `play`; must not depend on other family files.

use super::{ace_option, info_row};
use crate::rules::meld::AceMode;
use crate::rules::play::{GoingOut, JokerSwap, LayOff, Play};
use crate::rules::ruleset::{
    Buys, DeckRule, NO_BUYS, OptionKind, OptionSpec, OptionValue, PresetInfo, RoundPlan, RuleSet,
    Scheme, opt_choice, opt_int, plan_rounds, standard_penalty,
};

pub(super) fn info() -> PresetInfo {
    info_row(
        "progressive",
        "Progressive Rummy",
        "pagat.com, Progressive Rummy by John Eveleigh",
        // Seed 000: "Falls nicht anders angegeben, gelten hier die gleichen Regeln wie bei
        // Contract Rommé", which "kann von drei bis fünf Spielern gespielt werden".
        3,
        5,
    )
}

pub(super) fn options() -> Vec<OptionSpec> {
    vec![
        ace_option(AceMode::LowOrHigh),
        OptionSpec {
            name: "payouts",
            kind: OptionKind::List {
                max_len: 6,
                max: 100_000,
            },
            default: OptionValue::List(vec![0, 2, 4, 6, 8, 10]),
        },
        opt_choice("kitty_split", &["winner", "two-thirds"], "winner"),
        opt_int("buy_cents", 0, 10_000, 1),
    ]
}

pub(super) fn play() -> Play {
    Play {
        lay_off: LayOff::AfterContract,
        joker_swap: JokerSwap::Never,
        going_out: GoingOut::EitherWay,
    }
}

pub(super) fn build(rs: &mut RuleSet) {
    let buy_rounds: [(u8, u8, u8); 6] = [
        (9, 1, 0),
        (10, 1, 0),
        (11, 1, 0),
        (12, 2, 1),
        (13, 2, 1),
        (14, 1, 0),
    ];
    let buys = move |n: u8| {
        buy_rounds
            .iter()
            .find(|(r, _, _)| *r == n)
            .map(|&(_, limit, extra)| Buys {
                allowed: true,
                limit: Some(limit),
                extra_cards: extra,
            })
            .unwrap_or(NO_BUYS)
    };
    rs.rounds = plan_rounds(&RoundPlan {
        contracts: &[
            "2s3",
            "1s3 1r4",
            "2s4",
            "2r4",
            "2s3 1r4",
            "1s4 1r5",
            "2s5",
            "2r5",
            "4s3",
            "3r4",
            "3s4",
            "5r3",
            "5s3",
            "1s5 1r5 1p2",
            "2s3 1r5",
        ],
        deals: &[11],
        exact_minimum_rounds: &[],
        no_contiguous_rounds: &[],
        different_suits_rounds: &[],
        two_sets_same_rank_forbidden: false,
        go_out_all_last: false,
        buys: &buys,
    });
    rs.meld.twos_wild = true;
    rs.meld.min_naturals = 0;
    rs.deck_rule = DeckRule::Fixed {
        decks: 2,
        jokers: 4,
    };
    let mut t = standard_penalty(15, 20, 5);
    // 3-10 count 5 (the 2 is wild and counts 20).
    t.by_rank[2..10].fill(5);
    t.by_rank[1] = 20;
    rs.penalty = Some(t);
    rs.scheme = Scheme::Places;
    rs.schemes = vec![Scheme::Places];
}
