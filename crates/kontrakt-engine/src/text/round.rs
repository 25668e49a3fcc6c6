//! A round's banner in words: the buying rule and the round's special rules, said the same
//! way on the game page, the round form, the meld checker and in the JSON state.
//!
//! `rules::game::RoundInfo` gives the facts ([`Buys`], [`Restriction`], the contract and the
//! decks); this module says them.
//!
//! Depends on `text` and `rules` only.

use super::{Lang, Say};
use crate::rules::game::Restriction;
use crate::rules::ruleset::Buys;

messages! {
    /// The sentences of a round's banner.
    pub enum RoundMsg {
        NoBuying => "No buying this round.", "In dieser Runde wird nicht gekauft.";
        BuysNoLimit => "Buying is allowed, with no count limit.",
            "Kaufen ist erlaubt, ohne Höchstzahl.";
        BuysNoLimitExtra => "Buying is allowed, with no count limit; a buyer also takes {n} {n|card|cards} from the stock.",
            "Kaufen ist erlaubt, ohne Höchstzahl; wer kauft, nimmt zusätzlich {n} {n|Karte|Karten} vom Stapel.";
        BuysLimit => "Buying is allowed: at most {limit} per player this round.",
            "Kaufen ist erlaubt: höchstens {limit} je Spieler in dieser Runde.";
        BuysLimitExtra => "Buying is allowed: at most {limit} per player this round; a buyer also takes {n} {n|card|cards} from the stock.",
            "Kaufen ist erlaubt: höchstens {limit} je Spieler in dieser Runde; wer kauft, nimmt zusätzlich {n} {n|Karte|Karten} vom Stapel.";
        OpeningPoints => "No contract: the first meld must be worth at least {points} {points|point|points}.",
            "Kein Kontrakt: die erste Meldung muss mindestens {points} {points|Punkt|Punkte} wert sein.";
        GoOutWithAll => "Go out with all {n} {n|card|cards} in runs at once.",
            "Mit allen {n} {n|Karte|Karten} auf einmal in Folgen ausgehen.";
        GoOutAll => "Go out all at once: every card melded, no discard.",
            "Alles auf einmal auslegen: alle Karten melden, kein Abwurf.";
        ExactMinimum => "The contract meld holds exactly the cards the contract asks for; more only from the next turn.",
            "Die Kontraktmeldung enthält genau die verlangten Karten; weitere erst ab dem nächsten Zug.";
        /// docs/RULES.md section 3 words it "may not join end to end"; the checker page said
        /// "must not" until both used this one.
        NoContiguousRuns => "Two runs of one suit may not join end to end.",
            "Zwei Folgen einer Farbe dürfen nicht lückenlos aneinander anschließen.";
        RunsDifferentSuits => "Every run in its own suit.", "Jede Folge in einer eigenen Farbe.";
        RunsTwoApart => "Two runs of one suit need at least two ranks between them (or an overlap).",
            "Zwei Folgen einer Farbe brauchen mindestens zwei Ränge Abstand (oder eine Überschneidung).";
        NoTwoSetsSameRank => "No two sets of the same rank.", "Keine zwei Sätze desselben Rangs.";
        NeedsMoreThanDealt => "The contract needs more cards than are dealt: only buying makes it possible.",
            "Der Kontrakt braucht mehr Karten als ausgeteilt: nur mit Käufen möglich.";
    }
}

/// The buying rule of a round as a sentence.
pub fn buys_rule(b: &Buys, lang: Lang) -> String {
    if !b.allowed {
        return RoundMsg::NoBuying.text(lang).to_owned();
    }
    let n = b.extra_cards;
    match (b.limit, n) {
        (None, 0) => RoundMsg::BuysNoLimit.text(lang).to_owned(),
        (None, n) => RoundMsg::BuysNoLimitExtra.fill(lang, &[("n", &n)]),
        (Some(limit), 0) => RoundMsg::BuysLimit.fill(lang, &[("limit", &limit)]),
        (Some(limit), n) => RoundMsg::BuysLimitExtra.fill(lang, &[("limit", &limit), ("n", &n)]),
    }
}

impl Say for Restriction {
    fn say(&self, lang: Lang) -> String {
        use RoundMsg as M;
        match *self {
            Restriction::OpeningPoints(points) => {
                M::OpeningPoints.fill(lang, &[("points", &points)])
            }
            Restriction::GoOutWithAll(n) => M::GoOutWithAll.fill(lang, &[("n", &n)]),
            Restriction::GoOutAll => M::GoOutAll.text(lang).to_owned(),
            Restriction::ExactMinimum => M::ExactMinimum.text(lang).to_owned(),
            Restriction::NoContiguousRuns => M::NoContiguousRuns.text(lang).to_owned(),
            Restriction::RunsDifferentSuits => M::RunsDifferentSuits.text(lang).to_owned(),
            Restriction::RunsTwoApart => M::RunsTwoApart.text(lang).to_owned(),
            Restriction::NoTwoSetsSameRank => M::NoTwoSetsSameRank.text(lang).to_owned(),
            Restriction::NeedsMoreThanDealt => M::NeedsMoreThanDealt.text(lang).to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::GameSetup;
    use crate::rules::ruleset::OptionValue;

    /// A game set up with options, a cent a point (the engine's own test helper).
    fn setup_with(rules: &str, players: &[&str], options: &[(&str, OptionValue)]) -> GameSetup {
        crate::rules::game::tests::setup_with(rules, players, options, 1)
    }

    // Moved from rules::game's tests with the words of the round's banner.
    #[test]
    fn liverpool_banners_say_the_contract_the_decks_and_the_special_rules() {
        let s = setup_with("liverpool", &["Ann", "Ben", "Cy", "Di"], &[]);
        let r1 = s.round_info(1).unwrap();
        assert_eq!(
            r1.contract.as_ref().unwrap().describe(Lang::En),
            "2 sets of 3"
        );
        assert_eq!(
            r1.contract.as_ref().unwrap().describe(Lang::De),
            "2 Sätze à 3"
        );
        assert_eq!(
            r1.decks.describe(Lang::En),
            "2 decks + 3 jokers (107 cards)"
        );
        let r2 = s.round_info(2).unwrap();
        assert_eq!(
            r2.contract.unwrap().describe(Lang::En),
            "1 set of 3 and 1 run of 4",
            "docs/API.md's next round"
        );
        let r7 = s.round_info(7).unwrap();
        assert!(
            r7.restrictions
                .iter()
                .any(|t| t.say(Lang::En) == "Go out all at once: every card melded, no discard.")
        );
    }

    #[test]
    fn shanghai_buying_rule_names_the_limit_and_the_extra_cards() {
        let s = setup_with("shanghai", &["A", "B", "C"], &[]);
        let info = s.round_info(1).unwrap();
        assert_eq!(
            buys_rule(&info.buys, Lang::En),
            "Buying is allowed: at most 2 per player this round; a buyer also takes 2 cards from the stock."
        );
    }

    #[test]
    fn hollywood_for_five_players_says_three_decks() {
        let s = setup_with(
            "hollywood",
            &["A", "B", "C", "D", "E"],
            &[("contracts", OptionValue::Int(4))],
        );
        assert_eq!(
            s.round_info(1).unwrap().decks.describe(Lang::En),
            "3 decks + 6 jokers (162 cards)"
        );
    }

    #[test]
    fn one_extra_card_is_one_card_in_both_languages() {
        let b = Buys {
            allowed: true,
            limit: Some(1),
            extra_cards: 1,
        };
        assert!(buys_rule(&b, Lang::En).ends_with("a buyer also takes 1 card from the stock."));
        assert!(buys_rule(&b, Lang::De).ends_with("nimmt zusätzlich 1 Karte vom Stapel."));
    }
}
