//! The guard over every message table: a count is never followed by a noun whose form
//! depends on it unless the template chooses the form (`{n|card|cards}`), so no sentence
//! can read "1 rounds" or "1 echte Karten".

use super::Lang;

/// Every template of every table, with the message's name, in both languages.
pub(super) fn all_templates() -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    macro_rules! add {
        ($($t:path),* $(,)?) => {$(
            for &m in <$t>::ALL {
                for lang in [Lang::En, Lang::De] {
                    out.push((format!("{m:?} ({lang:?})"), m.text(lang)));
                }
            }
        )*};
    }
    add!(
        super::api::ApiMsg,
        super::cards::CardMsg,
        super::charts::ChartMsg,
        super::check::ProblemMsg,
        super::check::NoFitMsg,
        super::cli::CliMsg,
        super::game::GameMsg,
        super::game::HandMsg,
        super::house_rules::HouseRulesMsg,
        super::Msg,
        super::numbers::NumbersMsg,
        super::sharing::SharingMsg,
        super::paper::PaperMsg,
        super::round::RoundMsg,
        super::rules::PresetNameMsg,
        super::rules::PresetDescriptionMsg,
        super::rules::OptionMsg,
        super::rules::PlayMsg,
        super::rules::ContractMsg,
        super::rules::ScoreMsg,
        super::rules::RoundErrorMsg,
        super::rules::OptionErrorMsg,
        super::rules::ExpectedMsg,
        super::serve::ServeMsg,
        super::settlement::SettleMsg,
        super::transfer::TransferMsg,
    );
    out
}

/// Nouns whose singular and plural differ, in their plural form: after a bare count they
/// would be wrong for 1. German nouns alike in both numbers ("Spieler", "Zeichen", "Joker")
/// are not listed.
const PLURALS: &[&str] = &[
    "cards",
    "rounds",
    "points",
    "players",
    "melds",
    "fields",
    "characters",
    "sets",
    "runs",
    "hands",
    "games",
    "jokers",
    "buys",
    "turns",
    "seats",
    "decks",
    "people",
    "units",
    "Karten",
    "Runden",
    "Punkte",
    "Meldungen",
    "Felder",
    "Sätze",
    "Folgen",
    "Hände",
    "Spiele",
    "Käufe",
    "Züge",
    "Personen",
    "Blätter",
    "Plätze",
];

/// Adjectives that may stand between a count and its noun; the German ones change with the
/// number themselves ("1 echte Karte", "2 echte Karten").
const ADJECTIVES: &[&str] = &["wild", "natural", "marked", "echte", "wilde", "markierten"];
const GERMAN_PLURAL_ADJECTIVES: &[&str] = &["wilde", "echte", "markierten"];

/// Is the count before `words` followed by a plural form that no choice made?
fn plural_without_choice(words: &[String]) -> bool {
    let noun = |w: &String| !w.starts_with('{') && PLURALS.contains(&clean(w).as_str());
    match words {
        [first, ..] if GERMAN_PLURAL_ADJECTIVES.contains(&clean(first).as_str()) => true,
        [first, second, ..] if ADJECTIVES.contains(&clean(first).as_str()) => noun(second),
        [first, ..] => noun(first),
        [] => false,
    }
}

/// A word without the punctuation around it.
fn clean(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned()
}

/// Messages where a bare count stands before such a word on purpose, with the reason.
const EXEMPT: &[(&str, &str)] = &[
    // The card grid's script fills these with a plain `{n}` and only for 2 or more (one
    // card has its own message, `GridCountOne`; melds are counted from 2).
    (
        "GridCountMany ",
        "only for 2 or more, filled by the card grid's script",
    ),
    (
        "GridMeldsMany ",
        "only for 2 or more, filled by the card grid's script",
    ),
];

/// The bare placeholders (`{name}`, not a plural choice) of `t`, each with the two words
/// after it.
fn bare_counts(t: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = t;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let inner = &after[..close];
        let tail = &after[close + 1..];
        if !inner.is_empty()
            && inner
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            && tail.starts_with(' ')
        {
            let words = tail.split_whitespace().take(2).map(str::to_owned).collect();
            out.push((inner.to_owned(), words));
        }
        rest = &after[close + 1..];
    }
    out
}

#[test]
fn every_count_before_a_noun_chooses_its_plural_form() {
    let mut bad = Vec::new();
    for (name, t) in all_templates() {
        if EXEMPT.iter().any(|(key, _)| name.starts_with(key)) {
            continue;
        }
        for (placeholder, words) in bare_counts(t) {
            if plural_without_choice(&words) {
                bad.push(format!(
                    "{name}: {{{placeholder}}} {}  in  {t}",
                    words.join(" ")
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "counts without a plural choice:\n{}",
        bad.join("\n")
    );
}

/// "All 1 rounds": "All" / "Alle" before a bare count is a plural for 1 too.
#[test]
fn no_all_before_a_bare_count() {
    for (name, t) in all_templates() {
        assert!(
            !t.contains("All {") && !t.contains("Alle {"),
            "{name}: \"All\" before a count that may be 1 in {t}"
        );
    }
}

/// The sentences of the issue, for a count of 1 and of more, in both languages.
#[test]
fn counts_of_one_read_right_in_both_languages() {
    use super::Msg;
    let say = |m: Msg, lang, n: &dyn std::fmt::Display| m.fill(lang, &[("n", n)]);
    assert_eq!(
        say(Msg::GameAllPlayed, Lang::En, &1),
        "The 1 round is played."
    );
    assert_eq!(
        say(Msg::GameAllPlayed, Lang::En, &7),
        "All 7 rounds are played."
    );
    assert_eq!(
        say(Msg::GameAllPlayed, Lang::De, &1),
        "Die 1 Runde ist gespielt."
    );
    assert_eq!(
        say(Msg::GameAllPlayed, Lang::De, &7),
        "Alle 7 Runden sind gespielt."
    );
    assert_eq!(
        say(Msg::FactMinNaturals, Lang::De, &1),
        "Mindestens 1 echte Karte je Meldung."
    );
    assert_eq!(
        say(Msg::FactMinNaturals, Lang::De, &2),
        "Mindestens 2 echte Karten je Meldung."
    );
    assert_eq!(say(Msg::FactDeal, Lang::En, &1), "1 card dealt.");
    assert_eq!(say(Msg::FactDeal, Lang::De, &1), "1 Karte wird ausgeteilt.");
    assert_eq!(
        say(Msg::FactDeal, Lang::De, &11),
        "11 Karten werden ausgeteilt."
    );
    let rate = |lang, n: &dyn std::fmt::Display| {
        Msg::SettleRatePoints.fill(lang, &[("amount", &"0.01 €"), ("n", n)])
    };
    assert_eq!(rate(Lang::En, &1), "0.01 € per 1 point.");
    assert_eq!(rate(Lang::De, &1), "0.01 € je 1 Punkt.");
    assert_eq!(rate(Lang::De, &10), "0.01 € je 10 Punkte.");
}

#[test]
fn the_guard_sees_a_bare_count() {
    assert_eq!(
        bare_counts("All {n} rounds are played; {n} {n|card|cards}."),
        vec![
            ("n".to_owned(), vec!["rounds".to_owned(), "are".to_owned()]),
            ("n".to_owned(), vec!["{n|card|cards}.".to_owned()]),
        ]
    );
    let words = |t: &str| bare_counts(t).remove(0).1;
    assert!(plural_without_choice(&words("All {n} rounds are played.")));
    assert!(plural_without_choice(&words("{n} echte Karten")));
    assert!(plural_without_choice(&words("{n} wild cards")));
    assert!(!plural_without_choice(&words("{n} wild {n|card|cards}")));
    assert!(!plural_without_choice(&words("{n} {n|round|rounds}")));
    assert!(!plural_without_choice(&words("{name} deals.")));
}

/// The sentences readers once flagged ("has only 0 wild cards", "1 per player are
/// allowed", "holds 1 jokers", "fehlen 1 Karten"), each with a count of 0 or 1 in both
/// languages.
#[test]
fn the_sentences_readers_flagged_read_right_with_counts_of_zero_and_one() {
    use super::Say as _;
    use super::game::{GameMsg, HandMsg};
    use crate::rules::check::Problem;
    let gaps = Problem::RunGaps {
        meld: 1,
        missing: 1,
        wilds: 0,
    };
    assert_eq!(
        gaps.say(Lang::En),
        "Meld 1: the run is missing 1 card and has no wild card to fill the gaps."
    );
    assert_eq!(
        gaps.say(Lang::De),
        "Meldung 1: der Folge fehlt 1 Karte, und es gibt keine wilde Karte, um die Lücken zu füllen."
    );
    let wilds = Problem::TooManyWilds {
        meld: 2,
        max: 1,
        wilds: 2,
    };
    assert_eq!(
        wilds.say(Lang::En),
        "Meld 2 has 2 wild cards; at most 1 per meld is allowed."
    );
    assert_eq!(
        wilds.say(Lang::De),
        "Meldung 2 hat 2 wilde Karten; erlaubt ist höchstens 1 je Meldung."
    );
    let held = |lang| HandMsg::NoWildsWithJokers.fill(lang, &[("jokers", &1)]);
    assert_eq!(
        held(Lang::En),
        "winning without wild cards is marked, but the winning hand holds 1 joker."
    );
    assert_eq!(
        held(Lang::De),
        "Ohne wilde Karten ist angekreuzt, aber die Gewinnerhand hat 1 Joker."
    );
    let decks = |lang| GameMsg::JokersNotInDecks.fill(lang, &[("given", &1), ("decks_hold", &0)]);
    assert_eq!(
        decks(Lang::En),
        "The winning hand cannot hold 1 joker: the cards in play hold only 0."
    );
    let buys = |lang| {
        GameMsg::TooManyBuys.fill(
            lang,
            &[
                ("player", &"Ann"),
                ("given", &2),
                ("round", &3),
                ("limit", &1),
            ],
        )
    };
    assert_eq!(
        buys(Lang::En),
        "Ann has 2 buys, but round 3 allows at most 1 buy per player."
    );
    assert_eq!(
        buys(Lang::De),
        "Ann hat 2 Käufe, in Runde 3 ist aber höchstens 1 Kauf je Spieler erlaubt."
    );
}
