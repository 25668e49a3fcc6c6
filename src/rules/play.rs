//! How play goes at the table beyond melds and scores: when a player may lay off, whether a
//! joker on the table may be swapped for the card it stands for, how a player goes out
//! (RULES.md section 4, each preset). The app does not deal or track turns; it shows these
//! rules to the table (the notes' words are in `text::rules`); which preset plays how is in `presets`. Pure: std and serde
//! only; never imports `presets`.

use serde::Serialize;

/// When a player may lay cards off on melds on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LayOff {
    /// From the turn after one's own contract meld.
    NextTurnAfterContract,
    /// In the same turn as one's contract meld, and after.
    AfterContract,
    /// Even before one's own contract is made.
    Anytime,
    /// After one's opening meld (Rommé), own and others' melds.
    AfterOpening,
    /// Not at all: one hand, all cards at once (Continental).
    NotAtAll,
}

/// Whether a joker on the table may be taken back by putting in the card it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum JokerSwap {
    /// In runs only, by a player who has melded; jokers in sets are dead; the joker must be
    /// played in the same turn.
    RunsOnly,
    /// In any meld, after one's contract.
    Any,
    /// After one's opening, from own and others' melds (Rommé).
    AfterOpening,
    /// Wilds on the table are never swapped back.
    Never,
}

/// How a player goes out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GoingOut {
    /// Meld or lay off the last cards and discard the final one.
    WithDiscard,
    /// Meld everything; no discard at the end.
    NoDiscard,
    /// Either way.
    EitherWay,
    /// Arrange all fifteen cards and discard one face down (Continental).
    FaceDownDiscard,
}

/// The play rules of a rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Play {
    pub lay_off: LayOff,
    pub joker_swap: JokerSwap,
    pub going_out: GoingOut,
}

#[cfg(test)]
mod tests {
    use super::*;
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
