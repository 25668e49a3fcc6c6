//! How play goes at the table beyond melds and scores: when a player may lay off, whether a
//! joker on the table may be swapped for the card it stands for, how a player goes out
//! (RULES.md section 4, each preset). The app does not deal or track turns; it shows these
//! rules to the table as notes. Pure: std and serde only.

use super::ruleset::OptionValue;
use crate::text::Lang;
use serde::Serialize;
use std::collections::BTreeMap;

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

fn opt<'a>(o: &'a BTreeMap<String, OptionValue>, name: &str) -> Option<&'a OptionValue> {
    o.get(name)
}

/// The play rules of a preset with its options (RULES.md section 4).
pub fn for_preset(id: &str, o: &BTreeMap<String, OptionValue>) -> Play {
    let (lay_off, joker_swap, going_out) = match id {
        "contract" | "liverpool" => (
            LayOff::NextTurnAfterContract,
            JokerSwap::RunsOnly,
            GoingOut::WithDiscard,
        ),
        "may-i" => (
            LayOff::NextTurnAfterContract,
            JokerSwap::Never,
            GoingOut::WithDiscard,
        ),
        "shanghai" | "shanghai-kolsov" => (
            LayOff::AfterContract,
            JokerSwap::Never,
            GoingOut::WithDiscard,
        ),
        "shanghai-powe" => (LayOff::AfterContract, JokerSwap::Never, GoingOut::NoDiscard),
        "progressive" => (LayOff::AfterContract, JokerSwap::Never, GoingOut::EitherWay),
        "continental" => (
            LayOff::NotAtAll,
            JokerSwap::Never,
            GoingOut::FaceDownDiscard,
        ),
        "rommee" => {
            let discard = !matches!(opt(o, "discard_to_go_out"), Some(OptionValue::Bool(false)));
            let going_out = if discard {
                GoingOut::WithDiscard
            } else {
                GoingOut::NoDiscard
            };
            (LayOff::AfterOpening, JokerSwap::AfterOpening, going_out)
        }
        _ => {
            // hollywood
            let lay_off = match opt(o, "lay_off_before_contract") {
                Some(OptionValue::Bool(true)) => LayOff::Anytime,
                _ => LayOff::AfterContract,
            };
            let swap = match opt(o, "joker_swap") {
                Some(OptionValue::Text(s)) if s == "runs-only" => JokerSwap::RunsOnly,
                Some(OptionValue::Text(s)) if s == "none" => JokerSwap::Never,
                _ => JokerSwap::Any,
            };
            (lay_off, swap, GoingOut::EitherWay)
        }
    };
    Play {
        lay_off,
        joker_swap,
        going_out,
    }
}

impl Play {
    /// The rules as short sentences for the table, in English or German.
    pub fn notes(&self, lang: Lang) -> Vec<&'static str> {
        let de = lang == Lang::De;
        let pick = |en: &'static str, de_text: &'static str| if de { de_text } else { en };
        let lay_off = match self.lay_off {
            LayOff::NextTurnAfterContract => pick(
                "Lay off only from the turn after your own contract meld.",
                "Anlegen erst ab dem Zug nach der eigenen Kontraktmeldung.",
            ),
            LayOff::AfterContract => pick(
                "Lay off once your contract is down, in the same turn too.",
                "Anlegen, sobald der eigene Kontrakt liegt, auch im selben Zug.",
            ),
            LayOff::Anytime => pick(
                "Laying off is allowed before your own contract is made.",
                "Anlegen ist schon vor dem eigenen Kontrakt erlaubt.",
            ),
            LayOff::AfterOpening => pick(
                "After your opening: more melds and lay-offs on any meld.",
                "Nach dem ersten Auslegen: weitere Meldungen und Anlegen an alle Meldungen.",
            ),
            LayOff::NotAtAll => pick(
                "No laying off: all fifteen cards go down at once.",
                "Kein Anlegen: alle fünfzehn Karten werden auf einmal ausgelegt.",
            ),
        };
        let swap = match self.joker_swap {
            JokerSwap::RunsOnly => pick(
                "A joker in a run may be swapped for the card it stands for (play the joker in the same turn); jokers in sets are dead.",
                "Ein Joker in einer Folge darf gegen die echte Karte getauscht werden (den Joker im selben Zug ausspielen); Joker in Sätzen sind tot.",
            ),
            JokerSwap::Any => pick(
                "After your contract, a joker on the table may be swapped for the card it stands for.",
                "Nach dem eigenen Kontrakt darf ein ausgelegter Joker gegen die echte Karte getauscht werden.",
            ),
            JokerSwap::AfterOpening => pick(
                "After your opening, put the real card in and take the joker.",
                "Nach dem ersten Auslegen: die echte Karte einlegen und den Joker nehmen.",
            ),
            JokerSwap::Never => pick(
                "Wild cards on the table are never swapped back.",
                "Ausgelegte wilde Karten werden nie zurückgetauscht.",
            ),
        };
        let going_out = match self.going_out {
            GoingOut::WithDiscard => pick(
                "Go out by discarding your last card.",
                "Ausgehen: die letzte Karte wird abgeworfen.",
            ),
            GoingOut::NoDiscard => pick(
                "Go out with every card melded, never with a discard.",
                "Ausgehen: alle Karten ausgelegt, nie mit Abwurf.",
            ),
            GoingOut::EitherWay => pick(
                "Go out by melding everything or by discarding the last card.",
                "Ausgehen: alles auslegen oder die letzte Karte abwerfen.",
            ),
            GoingOut::FaceDownDiscard => pick(
                "Go out with all fifteen cards arranged, discarding one face down.",
                "Ausgehen: alle fünfzehn Karten kombiniert, eine Karte verdeckt abwerfen.",
            ),
        };
        vec![lay_off, swap, going_out]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::RuleSet;

    use crate::rules::ruleset::test_preset as with;

    #[test]
    fn contract_lays_off_from_the_next_turn_and_swaps_jokers_only_in_runs() {
        let p = RuleSet::preset("contract").unwrap().play;
        assert_eq!(p.lay_off, LayOff::NextTurnAfterContract);
        assert_eq!(p.joker_swap, JokerSwap::RunsOnly);
        assert!(p.notes(Lang::En)[1].contains("jokers in sets are dead"));
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
        assert_eq!(
            no.notes(Lang::De)[2],
            "Ausgehen: alle Karten ausgelegt, nie mit Abwurf."
        );
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
