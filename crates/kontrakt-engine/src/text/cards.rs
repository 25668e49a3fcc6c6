//! Cards, card-input errors, meld kinds and meld readings in words.
//!
//! The engine's [`Card`], [`Rank`], [`Suit`] and [`MeldKind`] know only their notation; their
//! names in English and German are the inherent methods written here (`card.display(lang)`,
//! `rank.name(lang)`, `kind.noun_in(lang, plural)`), and a [`Reading`] is said the same way
//! by the pages and the command line ([`reading`]). A [`CardError`] is a clause in either
//! language ([`CardError::clause`]); its `Display` is the English clause the JSON API and the
//! command line answer with.
//!
//! Depends on `text` and `rules` only.

use std::fmt;

use super::{Lang, Say};
use crate::rules::cards::{Card, CardError, Rank, Suit};
use crate::rules::meld::{MeldKind, Reading};

messages! {
    /// Words of cards, card-input errors and meld readings.
    pub enum CardMsg {
        /// A card token that is not a card.
        Unknown => "unknown card \"{token}\"", "unbekannte Karte „{token}“";
        /// The same, in a numbered meld.
        UnknownIn => "unknown card \"{token}\" in meld {n}", "unbekannte Karte „{token}“ in Meldung {n}";
        /// A rank and a lone K in German letters ("DK"): Kreuz or Karo.
        Ambiguous => "\"{token}\" could be Kreuz (clubs) or Karo (diamonds): a K after the rank is both in German",
            "„{token}“ kann Kreuz oder Karo sein: ein K nach dem Wert heißt beides";
        /// The same, in a numbered meld.
        AmbiguousIn => "\"{token}\" in meld {n} could be Kreuz (clubs) or Karo (diamonds): a K after the rank is both in German",
            "„{token}“ in Meldung {n} kann Kreuz oder Karo sein: ein K nach dem Wert heißt beides";
        /// How to write Kreuz and Karo, after an ambiguous K.
        WriteKreuzKaro => "Write Kr or T for Kreuz and Ka for Karo (DKr, DKa), or the English letters (QC, QD).",
            "Schreibt Kr oder T für Kreuz und Ka für Karo (DKr oder DT, DKa), oder die Farbe vorn (KrD, KaD).";
        TooMany => "too many cards: {count} given, at most {max} are accepted",
            "zu viele Karten: {count} angegeben, höchstens {max} möglich";
        EmptyMeld => "meld {n} is empty", "Meldung {n} ist leer";
        TooManyMelds => "too many melds: {count} given, at most {max} are accepted",
            "zu viele Meldungen: {count} angegeben, höchstens {max} möglich";
        /// A declaration on a card that is never wild (`5H=JH`).
        PinOnNatural => "\"{token}\" declares a natural card as another one; only a joker or a 2 can be declared (like JK=JH or 2C=5H)",
            "„{token}“ erklärt eine echte Karte zu einer anderen; nur ein Joker oder eine 2 kann erklärt werden (z. B. JK=JH oder 2C=5H)";
        /// The same, in a numbered meld.
        PinOnNaturalIn => "\"{token}\" in meld {n} declares a natural card as another one; only a joker or a 2 can be declared (like JK=JH or 2C=5H)",
            "„{token}“ in Meldung {n} erklärt eine echte Karte zu einer anderen; nur ein Joker oder eine 2 kann erklärt werden (z. B. JK=JH oder 2C=5H)";
        /// A wild card declared as a joker (`2C=JK`).
        PinToJoker => "\"{token}\" declares a card as a joker; a wild card stands for a natural card (like JK=JH)",
            "„{token}“ erklärt eine Karte zum Joker; eine wilde Karte steht für eine echte Karte (z. B. JK=JH)";
        /// The same, in a numbered meld.
        PinToJokerIn => "\"{token}\" in meld {n} declares a card as a joker; a wild card stands for a natural card (like JK=JH)",
            "„{token}“ in Meldung {n} erklärt eine Karte zum Joker; eine wilde Karte steht für eine echte Karte (z. B. JK=JH)";
        /// A declaration in a hand for the solver (`JK=7H`).
        PinInHand => "\"{token}\" declares a card in a hand, but a card in hand is not laid and stands for nothing yet: write it without \"=\" (the answer says what each wild card stands for)",
            "„{token}“ erklärt eine Karte auf der Hand, aber eine Karte auf der Hand liegt noch nicht aus und steht für nichts: schreibt sie ohne „=“ (die Antwort sagt, wofür jede wilde Karte steht)";
        /// A 2 declared where 2s are not wild, in cards that are scored.
        PinNotWild => "\"{token}\" declares a 2 as another card, but 2s are not wild in this game",
            "„{token}“ erklärt eine 2 zu einer anderen Karte, aber 2en sind in dieser Partie nicht wild";
        /// How to write a card, after an unknown one.
        HowToWrite => "Write rank then suit, like 10H, QS, A♦ or JK: ranks A, 2–10, J, Q, K; suits C, D, H, S.",
            "Schreibt Farbe und Wert, z. B. HK (Herz König), T2 (Treff 2), BP (Bube Pik), D♠ oder JK: Farben T oder Kr (Kreuz), Ka (Karo, vorn auch K), H (Herz), P (Pik); Werte A, 2–10, B, D, K.";
        /// After an empty meld.
        RemoveSeparator => "Remove the extra separator.", "Entfernt das überzählige Trennzeichen.";
        /// Meld readings.
        ReadSet => "set of {rank}", "Satz aus {rank}";
        ReadRun => "run {suit}{from}–{to}", "Folge {suit}{from}–{to}";
        ReadPair => "pair of {rank}", "Paar aus {rank}";
        NoMeld => "no meld", "keine Meldung";
        /// A wild card in a reading, short: "Joker as 9♥".
        WildAsShort => "{wild} as {card}", "{wild} als {card}";
        Joker => "Joker", "Joker";
    }
}

impl Suit {
    /// Suit name in a language (`de`: Kreuz, Karo, Herz, Pik).
    pub fn name(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => ["clubs", "diamonds", "hearts", "spades"][self.index()],
            Lang::De => ["Kreuz", "Karo", "Herz", "Pik"][self.index()],
        }
    }
}

impl Rank {
    /// Display symbol in a language (`de`: B D K A for Bube, Dame, König, Ass).
    pub fn display(self, lang: Lang) -> &'static str {
        match (lang, self.number()) {
            (Lang::De, 1) => "A",
            (Lang::De, 11) => "B",
            (Lang::De, 12) => "D",
            (Lang::De, 13) => "K",
            _ => self.symbol(),
        }
    }

    /// Full name in a language, e.g. "queen" / "Dame", "7".
    pub fn name(self, lang: Lang) -> &'static str {
        match (lang, self.number()) {
            (Lang::En, 1) => "ace",
            (Lang::En, 11) => "jack",
            (Lang::En, 12) => "queen",
            (Lang::En, 13) => "king",
            (Lang::De, 1) => "Ass",
            (Lang::De, 11) => "Bube",
            (Lang::De, 12) => "Dame",
            (Lang::De, 13) => "König",
            _ => self.symbol(),
        }
    }

    /// The rank in the plural, as in "set of queens" / "Satz aus Damen", "set of 7s" /
    /// "Satz aus 7ern".
    pub fn plural(self, lang: Lang) -> String {
        match (lang, self.number()) {
            (Lang::En, 1) => "aces".into(),
            (Lang::En, 11) => "jacks".into(),
            (Lang::En, 12) => "queens".into(),
            (Lang::En, 13) => "kings".into(),
            (Lang::En, _) => format!("{}s", self.symbol()),
            (Lang::De, 1) => "Assen".into(),
            (Lang::De, 11) => "Buben".into(),
            (Lang::De, 12) => "Damen".into(),
            (Lang::De, 13) => "Königen".into(),
            (Lang::De, _) => format!("{}ern", self.symbol()),
        }
    }
}

impl Card {
    /// Display with suit symbol in a language: `10♥`, `D♠` (German queen), `Joker`.
    pub fn display(self, lang: Lang) -> String {
        match self {
            Card::Natural { rank, suit } => format!("{}{}", rank.display(lang), suit.symbol()),
            Card::Joker => CardMsg::Joker.text(lang).to_owned(),
        }
    }

    /// Spoken name: "queen of spades" / "Pik Dame".
    pub fn name(self, lang: Lang) -> String {
        match (self, lang) {
            (Card::Natural { rank, suit }, Lang::En) => {
                format!("{} of {}", rank.name(lang), suit.name(lang))
            }
            (Card::Natural { rank, suit }, Lang::De) => {
                format!("{} {}", suit.name(lang), rank.name(lang))
            }
            (Card::Joker, _) => CardMsg::Joker.text(lang).to_owned(),
        }
    }
}

/// The ranks as the card grid labels them: `A 2 … 10 J Q K`, in German `A 2 … 10 B D K`.
pub fn rank_labels(lang: Lang) -> String {
    Rank::all()
        .map(|r| r.display(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cards for display, separated by spaces: `3♥ 4♥ Joker`.
pub fn cards_text(cards: &[Card], lang: Lang) -> String {
    cards
        .iter()
        .map(|c| c.display(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cards for display with their declared wild cards: `Joker=B♥ D♥ K♥` (docs/RULES.md
/// section 1; `pins[i]` is what card `i` is declared as).
pub fn pinned_cards_text(cards: &[Card], pins: &[Option<Card>], lang: Lang) -> String {
    cards
        .iter()
        .enumerate()
        .map(|(i, c)| match pins.get(i).copied().flatten() {
            Some(declared) => format!("{}={}", c.display(lang), declared.display(lang)),
            None => c.display(lang),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl MeldKind {
    /// The noun in a language, singular or plural: "set" / "Satz", "runs" / "Folgen".
    pub fn noun_in(self, lang: Lang, plural: bool) -> &'static str {
        match lang {
            Lang::En => self.noun(plural),
            Lang::De => match (self, plural) {
                (MeldKind::Set, false) => "Satz",
                (MeldKind::Set, true) => "Sätze",
                (MeldKind::Run, false) => "Folge",
                (MeldKind::Run, true) => "Folgen",
                (MeldKind::Pair, false) => "Paar",
                (MeldKind::Pair, true) => "Paare",
            },
        }
    }

    /// The noun with its indefinite article, as the case needs it: "a set" / "ein Satz",
    /// "eine Folge", "ein Paar" (nominative); "einen Satz" (accusative). German picks the
    /// article from the noun's gender: der Satz, die Folge, das Paar.
    pub fn with_article(self, lang: Lang, accusative: bool) -> String {
        let article = match (lang, self, accusative) {
            (Lang::En, _, _) => "a",
            (Lang::De, MeldKind::Set, false) | (Lang::De, MeldKind::Pair, _) => "ein",
            (Lang::De, MeldKind::Set, true) => "einen",
            (Lang::De, MeldKind::Run, _) => "eine",
        };
        format!("{article} {}", self.noun_in(lang, false))
    }

    /// English noun, singular or plural.
    pub fn noun(self, plural: bool) -> &'static str {
        match (self, plural) {
            (MeldKind::Set, false) => "set",
            (MeldKind::Set, true) => "sets",
            (MeldKind::Run, false) => "run",
            (MeldKind::Run, true) => "runs",
            (MeldKind::Pair, false) => "pair",
            (MeldKind::Pair, true) => "pairs",
        }
    }
}

/// A meld reading in words: "set of 7s", "set of queens", "run ♥3–6" / "Satz aus 7ern",
/// "Folge ♥3–6"; the pages and the command line say it alike.
pub fn reading(reading: &Reading, lang: Lang) -> String {
    match *reading {
        Reading::Set { rank, .. } => CardMsg::ReadSet.fill(lang, &[("rank", &rank.plural(lang))]),
        Reading::Pair { rank, .. } => CardMsg::ReadPair.fill(lang, &[("rank", &rank.plural(lang))]),
        Reading::Run { suit, from, to, .. } => CardMsg::ReadRun.fill(
            lang,
            &[
                ("suit", &suit.symbol()),
                ("from", &from.display(lang)),
                ("to", &to.display(lang)),
            ],
        ),
    }
}

/// A reading with what each wild card stands for, on one line: "run ♥8–J, Joker as 9♥";
/// "no meld" where there is none.
pub fn reading_line(found: Option<&Reading>, lang: Lang) -> String {
    let Some(found) = found else {
        return CardMsg::NoMeld.text(lang).to_owned();
    };
    let mut text = reading(found, lang);
    for (wild, stands_for) in found.wilds() {
        text.push_str(", ");
        text.push_str(&CardMsg::WildAsShort.fill(
            lang,
            &[
                ("wild", &wild.display(lang)),
                ("card", &stands_for.display(lang)),
            ],
        ));
    }
    text
}

impl CardError {
    /// The problem as a clause (no capital, no full stop), to be put into a sentence:
    /// `unknown card "11H" in meld 2`.
    pub fn clause(&self, lang: Lang) -> String {
        match self {
            CardError::Unknown { token, meld: None } => {
                CardMsg::Unknown.fill(lang, &[("token", token)])
            }
            CardError::Unknown {
                token,
                meld: Some(n),
            } => CardMsg::UnknownIn.fill(lang, &[("token", token), ("n", n)]),
            CardError::Ambiguous { token, meld: None } => {
                CardMsg::Ambiguous.fill(lang, &[("token", token)])
            }
            CardError::Ambiguous {
                token,
                meld: Some(n),
            } => CardMsg::AmbiguousIn.fill(lang, &[("token", token), ("n", n)]),
            CardError::TooMany { count, max } => {
                CardMsg::TooMany.fill(lang, &[("count", count), ("max", max)])
            }
            CardError::EmptyMeld { meld } => CardMsg::EmptyMeld.fill(lang, &[("n", meld)]),
            CardError::PinOnNatural { token, meld: None } => {
                CardMsg::PinOnNatural.fill(lang, &[("token", token)])
            }
            CardError::PinOnNatural {
                token,
                meld: Some(n),
            } => CardMsg::PinOnNaturalIn.fill(lang, &[("token", token), ("n", n)]),
            CardError::PinToJoker { token, meld: None } => {
                CardMsg::PinToJoker.fill(lang, &[("token", token)])
            }
            CardError::PinToJoker {
                token,
                meld: Some(n),
            } => CardMsg::PinToJokerIn.fill(lang, &[("token", token), ("n", n)]),
            CardError::PinInHand { token } => CardMsg::PinInHand.fill(lang, &[("token", token)]),
            CardError::PinNotWild { token } => CardMsg::PinNotWild.fill(lang, &[("token", token)]),
            CardError::TooManyMelds { count, max } => {
                CardMsg::TooManyMelds.fill(lang, &[("count", count), ("max", max)])
            }
        }
    }
}

/// The problem as a sentence with what to do: `Unknown card "11H" in meld 2. Write rank then
/// suit, like 10H, QS, A♦ or JK.`
impl Say for CardError {
    fn say(&self, lang: Lang) -> String {
        let mut text = super::sentence(&self.clause(lang));
        if let Some(advice) = self.advice(lang) {
            text.push(' ');
            text.push_str(advice);
        }
        text
    }
}

impl CardError {
    /// What to do about the problem, as a sentence, where there is something to say: the
    /// letters that make a card (in the reader's language) after a token that is none.
    pub fn advice(&self, lang: Lang) -> Option<&'static str> {
        let advice = match self {
            CardError::Unknown { .. } => CardMsg::HowToWrite,
            CardError::Ambiguous { .. } => CardMsg::WriteKreuzKaro,
            CardError::EmptyMeld { .. } => CardMsg::RemoveSeparator,
            _ => return None,
        };
        Some(advice.text(lang))
    }
}

/// The English clause: what the JSON API and the command line say.
impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.clause(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_melds;
    use proptest::prelude::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn card_errors_are_one_clause_in_each_language_and_a_sentence_with_advice() {
        let e = parse_melds("3H 4H 5H | 8H 11H").unwrap_err();
        assert_eq!(e.to_string(), "unknown card \"11H\" in meld 2");
        assert_eq!(e.clause(Lang::De), "unbekannte Karte „11H“ in Meldung 2");
        assert_eq!(
            e.say(Lang::De),
            "Unbekannte Karte „11H“ in Meldung 2. Schreibt Farbe und Wert, z. B. HK (Herz König), T2 (Treff 2), BP (Bube Pik), D♠ oder JK: Farben T oder Kr (Kreuz), Ka (Karo, vorn auch K), H (Herz), P (Pik); Werte A, 2–10, B, D, K."
        );
        assert_eq!(
            e.say(Lang::En),
            "Unknown card \"11H\" in meld 2. Write rank then suit, like 10H, QS, A♦ or JK: ranks A, 2–10, J, Q, K; suits C, D, H, S."
        );
        let k = "DK".parse::<Card>().unwrap_err();
        assert_eq!(
            k.say(Lang::De),
            "„DK“ kann Kreuz oder Karo sein: ein K nach dem Wert heißt beides. Schreibt Kr oder T für Kreuz und Ka für Karo (DKr oder DT, DKa), oder die Farbe vorn (KrD, KaD)."
        );
        assert_eq!(
            k.say(Lang::En),
            "\"DK\" could be Kreuz (clubs) or Karo (diamonds): a K after the rank is both in German. Write Kr or T for Kreuz and Ka for Karo (DKr, DKa), or the English letters (QC, QD)."
        );
        // Each piece of advice names cards that read as it says.
        for (token, card) in [
            ("HK", "KH"),
            ("T2", "2C"),
            ("BP", "JS"),
            ("D♠", "QS"),
            ("DKr", "QC"),
            ("DT", "QC"),
            ("DKa", "QD"),
            ("KrD", "QC"),
            ("KaD", "QD"),
        ] {
            assert_eq!(c(token), c(card), "{token}");
        }
        let empty = parse_melds("3H || 4H").unwrap_err();
        assert_eq!(
            empty.say(Lang::En),
            "Meld 2 is empty. Remove the extra separator."
        );
    }

    #[test]
    fn a_set_of_queens_is_said_the_same_everywhere() {
        let rs = crate::rules::ruleset::RuleSet::preset("contract").unwrap();
        let round = rs.round_for_check(Some(1)).unwrap();
        let result =
            crate::rules::check::check(&rs, &round, &[vec![c("QS"), c("QH"), Card::Joker]]);
        let found = result.melds[0].1.as_ref().unwrap();
        assert_eq!(reading(found, Lang::En), "set of queens");
        assert_eq!(reading(found, Lang::De), "Satz aus Damen");
        assert!(reading_line(Some(found), Lang::En).starts_with("set of queens, Joker as Q"));
        assert_eq!(reading_line(None, Lang::De), "keine Meldung");
    }

    #[test]
    fn german_display_names_use_kreuz_pik_herz_karo_and_bube_dame_koenig_ass() {
        assert_eq!(c("QS").name(Lang::De), "Pik Dame");
        assert_eq!(c("JH").name(Lang::De), "Herz Bube");
        assert_eq!(c("KD").name(Lang::De), "Karo König");
        assert_eq!(c("AC").name(Lang::De), "Kreuz Ass");
        assert_eq!(c("QS").name(Lang::En), "queen of spades");
        assert_eq!(c("10H").display(Lang::En), "10♥");
        assert_eq!(c("QS").display(Lang::De), "D♠");
    }

    #[test]
    fn a_fitting_card_reads_as_the_run_it_makes() {
        // Was `Reading::describe` in rules ("run ♥4-8"); now the one reading text.
        let rs = crate::rules::ruleset::RuleSet::preset("contract").unwrap();
        let cards = crate::rules::cards::parse_cards("4H 5H 6H 7H").unwrap();
        let r = crate::rules::layoff::fits(&rs, &cards, c("8H")).expect("fits");
        assert_eq!(reading(&r, Lang::En), "run ♥4–8");
    }

    proptest! {
        #[test]
        fn a_displayed_card_reads_back_as_itself(i in 0usize..53) {
            let card = Card::from_index(i);
            prop_assert_eq!(card.display(Lang::En).parse::<Card>().ok().filter(|_| card != Card::Joker).unwrap_or(card), card);
        }
    }
}
