//! The money's and the solver's errors in words: a [`SettleError`] or a [`SolveError`] as a
//! sentence. `Display` is the English one, which the JSON API answers with.
//!
//! Depends on `text` and `rules` only.

use std::fmt;

use super::{Lang, Say};
use crate::rules::ruleset::Scheme;
use crate::rules::settlement::{
    MAX_BUYS, MAX_PLAYERS, MAX_TOTAL, MoneyValue, PlayerList, SettleError,
};
use crate::rules::solver::{MAX_HAND, SolveError};

/// A settlement scheme named in a sentence: its id in English (`pairwise`, the value the
/// API takes), its German name in German ("Paarweise", "Nach Plätzen").
pub fn scheme_in_sentence(scheme: Scheme, lang: Lang) -> String {
    use super::pages::Msg;
    match lang {
        Lang::En => scheme.id().to_owned(),
        Lang::De => match scheme {
            Scheme::LowestCollects => Msg::SchemeLowestCollects,
            Scheme::Pairwise => Msg::SchemePairwise,
            Scheme::Places => Msg::SchemePlaces,
            Scheme::Units => Msg::SchemeUnits,
        }
        .text(lang)
        .to_owned(),
    }
}

/// JSON fields in a sentence, quoted and joined with the language's "and":
/// `"totals" and "buys"` / `„totals“ und „buys“`.
pub fn fields_in_sentence(fields: &[&str], lang: Lang) -> String {
    let (open, close, and) = match lang {
        Lang::En => ("\"", "\"", " and "),
        Lang::De => ("„", "“", " und "),
    };
    let quoted: Vec<String> = fields.iter().map(|f| format!("{open}{f}{close}")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}{and}{last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

messages! {
    /// The sentences of settlement and solver errors.
    pub enum SettleMsg {
        TooFewPlayers => "A settlement needs at least 2 players, not {players}.",
            "Eine Abrechnung braucht mindestens 2 Spieler, nicht {players}.";
        TooManyPlayers => "At most {max} {max|player|players} can be settled, not {players}.",
            "Höchstens {max} Spieler können abgerechnet werden, nicht {players}.";
        /// `what` is a list's name below.
        LengthMismatch => "{players} {players|player|players} but {given} {what} were given.",
            "{players} Spieler, aber {given} Werte angegeben ({what}).";
        /// The per-player lists.
        Totals => "totals", "Summen";
        BuyCounts => "buy counts", "Käufe";
        PlacePayouts => "place payouts", "Beträge der Plätze";
        TotalOutOfRange => "Player {player} has a total of {total}, outside the range that can be settled (-{max} to {max}).",
            "Spieler {player} hat {total} {total|Punkt|Punkte}, außerhalb des abrechenbaren Bereichs (-{max} bis {max}).";
        BuysOutOfRange => "Player {player} has {buys} {buys|buy|buys}; buys must be between 0 and {max}.",
            "Spieler {player} hat {buys} {buys|Kauf|Käufe}; erlaubt sind 0 bis {max}.";
        /// `what` is a money value's name below.
        NegativeValue => "The {what} cannot be negative, but {cents} cents was given.",
            "Der Geldwert ({what}) kann nicht negativ sein, angegeben sind {cents} Cent.";
        /// The money values.
        PerPoint => "value per point", "Wert je Punkt";
        PerUnit => "value per unit", "Wert je Einheit";
        PerBuy => "price of a buy", "Preis eines Kaufs";
        NegativePayout => "The payout for place {place} cannot be negative, but {cents} cents was given.",
            "Der Betrag für Platz {place} kann nicht negativ sein, angegeben sind {cents} Cent.";
        WinnerPayoutNotZero => "The winner pays nothing (they receive what the others pay), so the payout for place 1 must be 0, not {cents} cents.",
            "Der Sieger zahlt nichts (er erhält, was die anderen zahlen), also muss der Betrag für Platz 1 0 sein, nicht {cents} Cent.";
        /// `problem` is the hand error's clause in the same language.
        InvalidHand => "Hand {hand}: {problem}", "Hand {hand}: {problem}";
        Overflow => "The amounts are too large to settle; check the totals and the money values.",
            "Die Beträge sind zu groß zum Abrechnen; prüft die Summen und die Geldwerte.";
        PointsPerCent => "One cent can stand for 1 to 1000 points, not {per_points}.",
            "Ein Cent kann für 1 bis 1000 Punkte stehen, nicht für {per_points}.";
        SolveTooManyCards => "a hand of {n} {n|card|cards} is too large to solve; at most {max} are accepted",
            "eine Hand mit {n} {n|Karte|Karten} ist zu groß für die Suche; höchstens {max} gehen";
        SolveTooComplex => "this hand is too complex to search in reasonable time",
            "diese Hand ist zu verzwickt für eine Suche in vernünftiger Zeit";
        SolveCancelled => "the search was stopped because the answer was no longer wanted or took too long",
            "die Suche wurde abgebrochen, weil die Antwort nicht mehr gebraucht wurde oder zu lange dauerte";
        /// Advice after a hand too complex to search.
        SolveFewerWilds => "Try fewer wild cards.", "Versucht es mit weniger wilden Karten.";
    }
}

/// A per-player list's name: "buy counts" / "Käufe".
fn list_name(list: PlayerList, lang: Lang) -> &'static str {
    match list {
        PlayerList::Totals => SettleMsg::Totals,
        PlayerList::BuyCounts => SettleMsg::BuyCounts,
        PlayerList::PlacePayouts => SettleMsg::PlacePayouts,
    }
    .text(lang)
}

/// A money value's name: "value per point" / "Wert je Punkt".
fn value_name(value: MoneyValue, lang: Lang) -> &'static str {
    match value {
        MoneyValue::PerPoint => SettleMsg::PerPoint,
        MoneyValue::PerUnit => SettleMsg::PerUnit,
        MoneyValue::PerBuy => SettleMsg::PerBuy,
    }
    .text(lang)
}

impl Say for SettleError {
    fn say(&self, lang: Lang) -> String {
        use SettleMsg as M;
        match self {
            SettleError::TooFewPlayers { players } => {
                M::TooFewPlayers.fill(lang, &[("players", players)])
            }
            SettleError::TooManyPlayers { players } => {
                M::TooManyPlayers.fill(lang, &[("max", &MAX_PLAYERS), ("players", players)])
            }
            SettleError::LengthMismatch {
                players,
                given,
                what,
            } => M::LengthMismatch.fill(
                lang,
                &[
                    ("players", players),
                    ("given", given),
                    ("what", &list_name(*what, lang)),
                ],
            ),
            SettleError::TotalOutOfRange { player, total } => M::TotalOutOfRange.fill(
                lang,
                &[("player", player), ("total", total), ("max", &MAX_TOTAL)],
            ),
            SettleError::BuysOutOfRange { player, buys } => M::BuysOutOfRange.fill(
                lang,
                &[("player", player), ("buys", buys), ("max", &MAX_BUYS)],
            ),
            SettleError::NegativeValue { what, cents } => M::NegativeValue.fill(
                lang,
                &[("what", &value_name(*what, lang)), ("cents", cents)],
            ),
            SettleError::NegativePayout { place, cents } => {
                M::NegativePayout.fill(lang, &[("place", place), ("cents", cents)])
            }
            SettleError::WinnerPayoutNotZero { cents } => {
                M::WinnerPayoutNotZero.fill(lang, &[("cents", cents)])
            }
            SettleError::InvalidHand { hand, problem } => {
                M::InvalidHand.fill(lang, &[("hand", hand), ("problem", &problem.clause(lang))])
            }
            SettleError::Overflow => M::Overflow.text(lang).to_owned(),
            SettleError::PointsPerCent { per_points } => {
                M::PointsPerCent.fill(lang, &[("per_points", per_points)])
            }
        }
    }
}

/// The English sentence.
impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl Say for SolveError {
    fn say(&self, lang: Lang) -> String {
        match self {
            SolveError::TooManyCards(n) => {
                SettleMsg::SolveTooManyCards.fill(lang, &[("n", n), ("max", &MAX_HAND)])
            }
            SolveError::TooComplex => SettleMsg::SolveTooComplex.text(lang).to_owned(),
            SolveError::Cancelled => SettleMsg::SolveCancelled.text(lang).to_owned(),
        }
    }
}

impl SolveError {
    /// The problem as a sentence with advice, for a form: "This hand is too complex to search
    /// in reasonable time. Try fewer wild cards."
    pub fn sentence(&self, lang: Lang) -> String {
        let mut text = super::sentence(&self.say(lang));
        if *self == SolveError::TooComplex {
            text.push(' ');
            text.push_str(SettleMsg::SolveFewerWilds.text(lang));
        }
        text
    }
}

/// The English clause, as the JSON API answers it.
impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::settlement::HandError;

    #[test]
    fn settlement_errors_read_the_same_in_english_and_have_german() {
        let e = SettleError::InvalidHand {
            hand: 2,
            problem: HandError::BothTurns,
        };
        assert_eq!(
            e.to_string(),
            "Hand 2: going out on the first and on the second turn are both marked; choose one."
        );
        assert!(e.say(Lang::De).starts_with("Hand 2: Ausgehen im ersten"));
        let buys = SettleError::BuysOutOfRange {
            player: 1,
            buys: -1,
        };
        assert_eq!(
            buys.to_string(),
            "Player 1 has -1 buys; buys must be between 0 and 1000000."
        );
        assert_eq!(
            SolveError::TooComplex.sentence(Lang::De),
            "Diese Hand ist zu verzwickt für eine Suche in vernünftiger Zeit. Versucht es mit weniger wilden Karten."
        );
        assert_eq!(
            SolveError::TooManyCards(31).to_string(),
            "a hand of 31 cards is too large to solve; at most 30 are accepted"
        );
    }

    #[test]
    fn lists_and_money_values_are_named_in_each_language() {
        let e = SettleError::LengthMismatch {
            players: 3,
            given: 4,
            what: PlayerList::BuyCounts,
        };
        assert_eq!(e.to_string(), "3 players but 4 buy counts were given.");
        assert_eq!(
            e.say(Lang::De),
            "3 Spieler, aber 4 Werte angegeben (Käufe)."
        );
        let e = SettleError::NegativeValue {
            what: MoneyValue::PerBuy,
            cents: -1,
        };
        assert_eq!(
            e.to_string(),
            "The price of a buy cannot be negative, but -1 cents was given."
        );
        assert_eq!(
            e.say(Lang::De),
            "Der Geldwert (Preis eines Kaufs) kann nicht negativ sein, angegeben sind -1 Cent."
        );
    }

    // The English sentences the engine's tests pinned before they compared codes.
    #[test]
    fn settlement_sentences_in_english_read_as_before() {
        for (e, english) in [
            (
                SettleError::LengthMismatch {
                    players: 3,
                    given: 4,
                    what: PlayerList::PlacePayouts,
                },
                "3 players but 4 place payouts were given.",
            ),
            (
                SettleError::NegativePayout {
                    place: 3,
                    cents: -4,
                },
                "The payout for place 3 cannot be negative, but -4 cents was given.",
            ),
            (
                SettleError::TooFewPlayers { players: 1 },
                "A settlement needs at least 2 players, not 1.",
            ),
            (
                SettleError::TooManyPlayers { players: 65 },
                "At most 64 players can be settled, not 65.",
            ),
            (
                SettleError::NegativeValue {
                    what: MoneyValue::PerPoint,
                    cents: -5,
                },
                "The value per point cannot be negative, but -5 cents was given.",
            ),
            (
                SettleError::NegativeValue {
                    what: MoneyValue::PerUnit,
                    cents: -1,
                },
                "The value per unit cannot be negative, but -1 cents was given.",
            ),
            (
                SettleError::InvalidHand {
                    hand: 2,
                    problem: HandError::WinnerOutOfRange {
                        winner: 4,
                        players: 3,
                    },
                },
                "Hand 2: the winner is player 4, but there are only 3 players.",
            ),
            (
                SettleError::InvalidHand {
                    hand: 3,
                    problem: HandError::OneSuitNotPlayed,
                },
                "Hand 3: all runs in one suit is marked, but the one-suit bonus is not played.",
            ),
        ] {
            assert_eq!(e.to_string(), english);
        }
    }
}
