//! The words of the rule sets: option descriptions, preset names and descriptions,
//! contracts and decks in words, play notes and the round errors of a meld check, in English
//! and German, as message tables.
//!
//! Depends on `rules` for the things it names; `rules` never imports this file. No web
//! vocabulary here either.

use super::Say;
use crate::rules::meld::MeldKind;
use crate::rules::play::{GoingOut, JokerSwap, LayOff, Play};
use crate::rules::presets::Preset;
use crate::rules::ruleset::{
    Contract, Decks, Expected, Got, OptionError, OptionTextError, OptionValue, PresetInfo,
    Requirement, RoundError,
};
use crate::text::Lang;
use crate::text::lists::or_list;

messages! {
    /// The presets' names (the English ones are also [`PresetInfo::name`]).
    pub enum PresetNameMsg {
        Contract => "Contract Rummy", "Kontrakt-Rommé";
        Liverpool => "Liverpool Rummy", "Liverpool-Rommé";
        MayI => "May I?", "May I?";
        Shanghai => "Shanghai Rummy", "Shanghai-Rommé";
        ShanghaiPowe => "Shanghai (Tahelia Powe)", "Shanghai (Tahelia Powe)";
        ShanghaiKolsov => "Shanghai (Deb Kolsov)", "Shanghai (Deb Kolsov)";
        Progressive => "Progressive Rummy", "Progressives Rommé";
        Continental => "Continental Rummy", "Continental Rommé";
        Rommee => "German Rommé", "Rommé";
        Hollywood => "Hollywood Rummy", "Hollywood-Rommé";
    }
}

messages! {
    /// The presets' one-line descriptions.
    pub enum PresetDescriptionMsg {
        Contract => "Seven rounds, each with its contract; the lowest total wins.",
            "Sieben Runden mit je einem Kontrakt; die niedrigste Summe gewinnt.";
        Liverpool => "Contract Rummy plus the cut bonus: cut exactly the deal plus one and take 50 off.",
            "Kontrakt-Rommé mit Abhebe-Bonus: genau die ausgeteilten Karten plus eine abheben bringt 50 Punkte Abzug.";
        MayI => "Contract Rummy with one deck per two players, longer contract melds and jokers worth 25.",
            "Kontrakt-Rommé mit einem Blatt je zwei Spieler, längeren Kontraktmeldungen und Jokern zu 25.";
        Shanghai => "Eleven cards every round, ace high only, one wild per meld, two buys per round.",
            "Elf Karten jede Runde, Ass nur hoch, ein Joker je Meldung, zwei Käufe je Runde.";
        ShanghaiPowe => "Shanghai with ten cards, eight rounds, and no discard when going out.",
            "Shanghai mit zehn Karten, acht Runden und Ausgehen ohne Abwurf.";
        ShanghaiKolsov => "Shanghai with ten contracts, some needing more cards than are dealt.",
            "Shanghai mit zehn Kontrakten, manche brauchen mehr Karten als ausgeteilt.";
        Progressive => "Fifteen contracts, jokers and 2s wild, buys from round 9, paid in places.",
            "Fünfzehn Kontrakte, Joker und 2er wild, Käufe ab Runde 9, Auszahlung nach Plätzen.";
        Continental => "Runs only, fifteen cards, one hand: the winner collects units from everyone.",
            "Nur Folgen, fünfzehn Karten, eine Hand: der Sieger kassiert Einheiten von allen.";
        Rommee => "Family Rommé: a 40-point opening, Hand-Rommé doubles, pairwise settlement.",
            "Familien-Rommé: 40 Punkte zum Auslegen, Hand-Rommé doppelt, paarweise Abrechnung.";
        Hollywood => "Contract / Liverpool rummy as commonly played in the US: 2-8 players, buys, the lowest collects.",
            "Kontrakt-/Liverpool-Rommé wie in den USA gespielt: 2-8 Spieler, Käufe, der Niedrigste kassiert.";
    }
}

messages! {
    /// Where each preset's rules come from, as the new-game page cites it (the English ones
    /// are also [`PresetInfo::source`]).
    pub enum PresetSourceMsg {
        Contract => "pagat.com, Contract Rummy", "pagat.com, Contract Rummy";
        Liverpool => "pagat.com, Contract Rummy: Liverpool", "pagat.com, Contract Rummy: Liverpool";
        MayI => "pagat.com, Contract Rummy: May I?", "pagat.com, Contract Rummy: May I?";
        Shanghai => "pagat.com, Contract Rummy: Shanghai", "pagat.com, Contract Rummy: Shanghai";
        ShanghaiPowe => "pagat.com, Contract Rummy: Shanghai, Tahelia Powe's variant",
            "pagat.com, Contract Rummy: Shanghai, in der Variante von Tahelia Powe";
        ShanghaiKolsov => "pagat.com, Contract Rummy: Shanghai, Deb Kolsov's contract order",
            "pagat.com, Contract Rummy: Shanghai, mit der Kontraktfolge von Deb Kolsov";
        Progressive => "pagat.com, Progressive Rummy by John Eveleigh",
            "pagat.com, Progressive Rummy von John Eveleigh";
        Continental => "rummy.ch, Continental Rummy", "rummy.ch, Continental Rummy";
        Rommee => "German Rommé basics", "die Grundregeln des deutschen Rommé";
        Hollywood => "Contract / Liverpool / Hollywood Rummy, common rules",
            "Kontrakt-, Liverpool- und Hollywood-Rommé, wie es üblich gespielt wird";
    }
}

/// Where the preset's rules come from, in the language (the English one is
/// [`PresetInfo::source`]).
pub fn preset_source(info: &PresetInfo, lang: Lang) -> &'static str {
    use PresetSourceMsg as S;
    match Preset::from_id(info.id) {
        Some(preset) => match preset {
            Preset::Contract => S::Contract,
            Preset::Liverpool => S::Liverpool,
            Preset::MayI => S::MayI,
            Preset::Shanghai => S::Shanghai,
            Preset::ShanghaiPowe => S::ShanghaiPowe,
            Preset::ShanghaiKolsov => S::ShanghaiKolsov,
            Preset::Progressive => S::Progressive,
            Preset::Continental => S::Continental,
            Preset::Rommee => S::Rommee,
            Preset::Hollywood => S::Hollywood,
        }
        .text(lang),
        None => info.source,
    }
}

messages! {
    /// What each option of a preset does: a form label and a line of the rule-set JSON.
    pub enum OptionMsg {
        Ace => "Where the ace may stand in a run: low or high (A-2-3, Q-K-A), high only, or round the corner (Q-K-A-2).",
            "Wo das Ass in einer Folge stehen darf: niedrig oder hoch (A-2-3, D-K-A), nur hoch oder um die Ecke (D-K-A-2).";
        Jokers => "Play with jokers (wild).",
            "Mit Jokern spielen (Joker sind wild).";
        JokerPoints => "Penalty points of a joker left in hand.",
            "Strafpunkte für einen Joker auf der Hand.";
        Settlement => "Money settlement: lowest-collects (the lowest total collects the difference from each player) or pairwise (every pair settles its difference).",
            "Abrechnung: der Niedrigste kassiert (die niedrigste Summe erhält von jedem die Differenz) oder paarweise (jedes Paar rechnet die Differenz ab).";
        ExactMinimum => "The contract meld holds only the minimum cards (sets of 3, runs of 4); extras wait for the next turn.",
            "Die Kontraktmeldung enthält nur die Mindestzahl Karten (Sätze à 3, Folgen à 4); weitere erst im nächsten Zug.";
        CutBonus => "Points taken off the cutter who cuts exactly the deal plus the up-card.",
            "Punkte, die dem Abheber abgezogen werden, der genau die ausgeteilten Karten plus die offene Karte abhebt.";
        GoingOutBonus => "Points taken off the player who goes out (0: no going-out bonus).",
            "Punkte, die dem Spieler abgezogen werden, der ausgeht (0: kein Bonus fürs Ausgehen).";
        FirstDownBonus => "Points taken off the player who lays their contract first in a round (0: no first-down bonus).",
            "Punkte, die dem Spieler abgezogen werden, der in einer Runde als Erster seinen Kontrakt auslegt (0: kein Bonus fürs erste Auslegen).";
        BuyLimit => "Most buys per player per round.",
            "Höchstens so viele Käufe je Spieler und Runde.";
        Payouts => "Cents each final place pays (first entry: the winner, who instead receives the sum).",
            "Cent, die jeder Platz zahlt (erster Eintrag: der Sieger, der stattdessen die Summe erhält).";
        KittySplit => "Who receives the kitty of buys: the winner, or two-thirds to the winner and one third to second place.",
            "Wer den Topf der Käufe erhält: der Sieger, oder zwei Drittel der Sieger und ein Drittel der Zweite.";
        BuyCents => "Cents each buy costs, paid into the kitty.",
            "Cent, die jeder Kauf kostet (in den Topf).";
        /// `twos_wild` in Continental, where it also has a bonus.
        TwosWildContinental => "All 2s are wild (runs then skip 2: A-3-4), and winning without any wild card earns 10 units from each player.",
            "Alle 2er sind wild (Folgen überspringen dann die 2: A-3-4); wer ohne wilde Karte gewinnt, erhält 10 Einheiten von jedem.";
        TwosWild => "All 2s are wild too.",
            "Auch alle 2er sind wild.";
        TurnBonuses => "Going out on the first turn earns 10 units from each player, on the second turn 7.",
            "Wer im 1. Zug ausgeht, erhält 10 Einheiten von jedem, im 2. Zug 7.";
        OneSuitBonus => "All runs in one suit earn 10 units from each player.",
            "Alle Folgen in einer Farbe bringen 10 Einheiten von jedem.";
        Hands => "Hands played in this game.",
            "Gespielte Hände in dieser Partie.";
        SameSuitRuns => "Two runs of one suit in a contract: any, not-touching (not end to end), gap-2 (at least two ranks between) or never (every run its own suit).",
            "Zwei Folgen einer Farbe im Kontrakt: beliebig, nicht lückenlos aneinander, mit mindestens zwei Rängen Abstand, oder nie (jede Folge eine eigene Farbe).";
        WildsPerMeld => "Wild cards per meld: no limit, at most one, at least two natural cards, at most half the meld (naturals at least as many as wilds) or at most a third.",
            "Wilde Karten je Meldung: keine Grenze, höchstens eine, mindestens zwei echte Karten, höchstens die Hälfte der Meldung (mindestens so viele echte wie wilde) oder höchstens ein Drittel.";
        AllWildMelds => "A meld may be all wild cards (declare what it stands for).",
            "Eine Meldung darf nur aus wilden Karten bestehen (sagt an, wofür sie steht).";
        JokerCount => "Jokers shuffled in with the two decks.",
            "Joker, die zu den zwei Blättern gemischt werden.";
        CardsDealt => "Cards dealt to each player (10, 13 or 15).",
            "Karten je Spieler (10, 13 oder 15).";
        OpeningPoints => "Points the first meld must be worth (30, 40 or 50).",
            "Punkte, die die erste Meldung wert sein muss (30, 40 oder 50).";
        DiscardToGoOut => "Going out ends with a discard (off: all cards melded, no discard).",
            "Zum Ausgehen wird die letzte Karte abgeworfen (aus: alle Karten auslegen, kein Abwurf).";
        Rounds => "Rounds in the game (0: one per player, so everyone deals once).",
            "Runden der Partie (0: eine je Spieler, jeder gibt einmal).";
        JokersPerDeck => "Jokers per deck.",
            "Joker je Blatt.";
        Contracts => "Play only the first 4 or 5 contracts, or all 7.",
            "Nur die ersten 4 oder 5 Kontrakte spielen, oder alle 7.";
        LayOffBeforeContract => "Laying off is allowed before one's own contract is made.",
            "Anlegen ist schon vor dem eigenen Kontrakt erlaubt.";
        JokerSwap => "Swapping a joker on the table for the card it stands for, after one's contract: in any meld, only in runs, or never.",
            "Einen ausgelegten Joker gegen die echte Karte tauschen (nach dem eigenen Kontrakt): überall, nur in Folgen oder nie.";
    }
}

messages! {
    /// The play rules as short sentences for the table.
    pub enum PlayMsg {
        LayOffNextTurnAfterContract => "Lay off only from the turn after your own contract meld.",
            "Anlegen erst ab dem Zug nach der eigenen Kontraktmeldung.";
        LayOffAfterContract => "Lay off once your contract is down, in the same turn too.",
            "Anlegen, sobald der eigene Kontrakt liegt, auch im selben Zug.";
        LayOffAnytime => "Laying off is allowed before your own contract is made.",
            "Anlegen ist schon vor dem eigenen Kontrakt erlaubt.";
        LayOffAfterOpening => "From your next turn after your opening: more melds and lay-offs on any meld.",
            "Ab dem nächsten Zug nach dem ersten Auslegen: weitere Meldungen und Anlegen an alle Meldungen.";
        LayOffNotAtAll => "No laying off: melds go down only when going out, all at once.",
            "Kein Anlegen: Ausgelegt wird erst beim Ausgehen, alles auf einmal.";
        JokerSwapRunsOnly => "A joker in a run may be swapped for the card it stands for (play the joker in the same turn); jokers in sets are dead.",
            "Ein Joker in einer Folge darf gegen die echte Karte getauscht werden (den Joker im selben Zug ausspielen); Joker in Sätzen sind tot.";
        JokerSwapAny => "After your contract, a joker on the table may be swapped for the card it stands for.",
            "Nach dem eigenen Kontrakt darf ein ausgelegter Joker gegen die echte Karte getauscht werden.";
        JokerSwapAfterOpening => "From your next turn after your opening: put the real card in and take the joker.",
            "Ab dem nächsten Zug nach dem ersten Auslegen: die echte Karte einlegen und den Joker nehmen.";
        JokerSwapNever => "Wild cards on the table are never swapped back.",
            "Ausgelegte wilde Karten werden nie zurückgetauscht.";
        GoingOutWithDiscard => "Go out by discarding your last card.",
            "Ausgehen: die letzte Karte wird abgeworfen.";
        GoingOutNoDiscard => "Go out with every card melded, never with a discard.",
            "Ausgehen: alle Karten ausgelegt, nie mit Abwurf.";
        GoingOutEitherWay => "Go out by melding everything or by discarding the last card.",
            "Ausgehen: alles auslegen oder die letzte Karte abwerfen.";
        GoingOutFaceDownDiscard => "Go out with every card in hand arranged, discarding one face down.",
            "Ausgehen: alle Karten der Hand kombiniert, eine Karte verdeckt abwerfen.";
        GoingOutKeeping => "Going out, lay all your melds down at once: cards worth at most {max} {max|point|points} may stay in your hand, and they do not count against you.",
            "Wer Rommé macht, legt alle Meldungen auf einmal aus: Karten mit höchstens {max} {max|Punkt|Punkten} dürfen auf der Hand bleiben und werden nicht angerechnet.";
    }
}

messages! {
    /// A contract and the decks in words.
    pub enum ContractMsg {
        /// A group of equal requirements: "2 sets of 3".
        Sets => "{n} {n|set|sets} of {min}", "{n} {n|Satz|Sätze} à {min}";
        Runs => "{n} {n|run|runs} of {min}", "{n} {n|Folge|Folgen} à {min}";
        Pairs => "{n} {n|pair|pairs}", "{n} {n|Paar|Paare}";
        /// Which requirement of the contract a reading of a meld fills (docs/RULES.md
        /// section 2): "fills the contract's run of 7".
        FillsSet => "fills the contract's set of {min}", "erfüllt den Satz à {min} des Kontrakts";
        FillsRun => "fills the contract's run of {min}", "erfüllt die Folge à {min} des Kontrakts";
        FillsPair => "fills the contract's pair", "erfüllt das Paar des Kontrakts";
        /// Between the groups of one alternative.
        And => " and ", " und ";
        /// Between the alternatives.
        Or => " or ", " oder ";
        /// Before the shapes of a contract whose alternatives have several parts each:
        /// "one of: 5 runs of 3 · 3 runs of 4 + 1 run of 3".
        OneOf => "one of: ", "eine der Formen: ";
        /// Between the parts of one shape, where the shapes are listed after [`ContractMsg::OneOf`].
        Plus => " + ", " + ";
        /// Between the shapes listed after [`ContractMsg::OneOf`].
        Dot => " · ", " · ";
        /// German has one word for one joker and many (`{jokers}` is said in both).
        Decks => "{decks} {decks|deck|decks} + {jokers} {jokers|joker|jokers} ({cards} {cards|card|cards})",
            "{decks} {decks|Blatt|Blätter} + {jokers} Joker ({cards} {cards|Karte|Karten})";
    }
}

messages! {
    /// Why cards left in hand have no score.
    pub enum ScoreMsg {
        NoCardPoints => "{rules} has no card points: it is scored in units per hand won",
            "{rules} hat keine Kartenpunkte: gezählt werden Einheiten je gewonnener Hand";
        JokersNotInPlay => "{rules} is played without jokers here, so no joker can be left in hand",
            "{rules} wird hier ohne Joker gespielt, also kann kein Joker auf der Hand bleiben";
    }
}

messages! {
    /// Why a meld check outside a game has no round.
    pub enum RoundErrorMsg {
        Missing => "\"round\" is missing: {rules} has rounds 1 to {count}",
            "„round“ fehlt: {rules} hat die Runden 1 bis {count}";
        OutOfRange => "round {round} is out of range: {rules} has rounds 1 to {count}",
            "Runde {round} gibt es nicht: {rules} hat die Runden 1 bis {count}";
        /// [`RoundErrorMsg::OutOfRange`] for a rule set of one round (Continental).
        OutOfRangeOne => "round {round} is out of range: {rules} has one round only",
            "Runde {round} gibt es nicht: {rules} hat nur eine Runde";
        NoRounds => "\"round\" is not used by {rules}: it has no contracts, every first meld needs the same points; leave it out",
            "„round“ gilt nicht für {rules}: es hat keine Kontrakte, jede erste Meldung braucht dieselben Punkte; lasst es weg";
        /// A round number below 1 (the JSON API and the command line take any integer).
        BelowOne => "round {n} is out of range: rounds are numbered from 1",
            "Runde {n} gibt es nicht: Runden werden ab 1 gezählt";
    }
}

messages! {
    /// Options that cannot be applied: clauses (lower case, no full stop), made sentences by
    /// [`Say`]. The JSON API and the command line answer with the English clause.
    pub enum OptionErrorMsg {
        UnknownRuleSet => "unknown rule set \"{id}\"; known ones are: contract, liverpool, may-i, shanghai, shanghai-powe, shanghai-kolsov, progressive, continental, rommee, hollywood",
            "unbekanntes Regelwerk „{id}“; bekannt sind: contract, liverpool, may-i, shanghai, shanghai-powe, shanghai-kolsov, progressive, continental, rommee, hollywood";
        Unknown => "unknown option \"{name}\" for {rules}; its options are: {known}",
            "unbekannte Option „{name}“ für {rules}; seine Optionen sind: {known}";
        /// Both languages say what the option takes: "ist 30, 40 oder 50, nicht 35".
        BadValue => "option \"{name}\" {expected}, not {got}",
            "Option „{name}“ {expected}, nicht {got}";
        /// Form text an option cannot read.
        BadText => "option \"{name}\" {expected}, not \"{given}\"",
            "Option „{name}“ {expected}, nicht „{given}“";
        /// A value as an error shows it.
        GotText => "\"{text}\"", "„{text}“";
        GotList => "a list", "eine Liste";
    }
}

messages! {
    /// What an option takes, as the end of a sentence: "is on or off".
    pub enum ExpectedMsg {
        OnOff => "is on or off", "ist on oder off";
        WholeNumber => "is a whole number", "ist eine ganze Zahl";
        NumberList => "is a list of whole numbers separated by commas",
            "ist eine Liste ganzer Zahlen, durch Kommas getrennt";
        TrueFalse => "is true or false", "ist true oder false";
        Range => "is a whole number from {min} to {max}", "ist eine ganze Zahl von {min} bis {max}";
        /// `values` are the words, separated by ", ".
        OneOf => "is one of {values}", "ist eins von {values}";
        /// `list` is an [`or_list`].
        AnyOf => "is {list}", "ist {list}";
        List => "is a list of 1 to {max_len} whole numbers from 0 to {max}",
            "ist eine Liste von 1 bis {max_len} ganzen Zahlen von 0 bis {max}";
    }
}

/// What an option takes, as the end of a sentence: "is on or off" / "ist on oder off".
pub fn expected_words(e: &Expected, lang: Lang) -> String {
    use ExpectedMsg as M;
    match e {
        Expected::OnOff => M::OnOff.text(lang).to_owned(),
        Expected::WholeNumber => M::WholeNumber.text(lang).to_owned(),
        Expected::NumberList => M::NumberList.text(lang).to_owned(),
        Expected::TrueFalse => M::TrueFalse.text(lang).to_owned(),
        Expected::Range { min, max } => M::Range.fill(lang, &[("min", min), ("max", max)]),
        Expected::OneOf(values) => M::OneOf.fill(lang, &[("values", &values.join(", "))]),
        Expected::AnyOf(numbers) => {
            let numbers: Vec<String> = numbers.iter().map(i64::to_string).collect();
            M::AnyOf.fill(lang, &[("list", &or_list(&numbers, lang))])
        }
        Expected::List { max_len, max } => {
            M::List.fill(lang, &[("max_len", max_len), ("max", max)])
        }
    }
}

/// A given value as an error shows it: a word in quotes, "a list", a number as it is.
fn got_words(got: &Got, lang: Lang) -> String {
    match got {
        Got::Value(OptionValue::Text(text)) => {
            OptionErrorMsg::GotText.fill(lang, &[("text", text)])
        }
        Got::Value(OptionValue::List(_)) => OptionErrorMsg::GotList.text(lang).to_owned(),
        Got::Value(other) => other.to_string(),
        Got::Written(text) => text.clone(),
    }
}

impl OptionError {
    /// The problem as a clause (lower case, no full stop): the JSON API's and the command
    /// line's English answer.
    pub fn clause(&self, lang: Lang) -> String {
        use OptionErrorMsg as M;
        match self {
            OptionError::UnknownRuleSet(id) => M::UnknownRuleSet.fill(lang, &[("id", id)]),
            OptionError::Unknown { name, rules, known } => M::Unknown.fill(
                lang,
                &[
                    ("name", name),
                    ("rules", &rules_name_in(rules, lang)),
                    ("known", known),
                ],
            ),
            OptionError::BadValue {
                name,
                expected,
                got,
            } => M::BadValue.fill(
                lang,
                &[
                    ("name", name),
                    ("expected", &expected_words(expected, lang)),
                    ("got", &got_words(got, lang)),
                ],
            ),
        }
    }
}

/// The problem as a sentence, for the pages.
impl Say for OptionError {
    fn say(&self, lang: Lang) -> String {
        super::sentence(&self.clause(lang))
    }
}

impl OptionTextError {
    /// The problem as a clause (lower case, no full stop).
    pub fn clause(&self, lang: Lang) -> String {
        OptionErrorMsg::BadText.fill(
            lang,
            &[
                ("name", &self.name),
                ("given", &self.given),
                ("expected", &expected_words(&self.expected, lang)),
            ],
        )
    }
}

/// The problem as a sentence, for the pages.
impl Say for OptionTextError {
    fn say(&self, lang: Lang) -> String {
        super::sentence(&self.clause(lang))
    }
}

/// The table row of a preset.
fn preset_row(preset: Preset) -> (PresetNameMsg, PresetDescriptionMsg) {
    use PresetDescriptionMsg as D;
    use PresetNameMsg as N;
    match preset {
        Preset::Contract => (N::Contract, D::Contract),
        Preset::Liverpool => (N::Liverpool, D::Liverpool),
        Preset::MayI => (N::MayI, D::MayI),
        Preset::Shanghai => (N::Shanghai, D::Shanghai),
        Preset::ShanghaiPowe => (N::ShanghaiPowe, D::ShanghaiPowe),
        Preset::ShanghaiKolsov => (N::ShanghaiKolsov, D::ShanghaiKolsov),
        Preset::Progressive => (N::Progressive, D::Progressive),
        Preset::Continental => (N::Continental, D::Continental),
        Preset::Rommee => (N::Rommee, D::Rommee),
        Preset::Hollywood => (N::Hollywood, D::Hollywood),
    }
}

/// The preset's name in the language (the English one is [`PresetInfo::name`]).
pub fn preset_name(info: &PresetInfo, lang: Lang) -> &'static str {
    match Preset::from_id(info.id) {
        Some(preset) => preset_row(preset).0.text(lang),
        None => info.name,
    }
}

/// A rule set named in a sentence in the language: an error carries the English name
/// (`PresetInfo::name`) or the id; German says the German name, as the German rule books
/// call it ("Rommé" for "German Rommé" and `rommee`, "Kontrakt-Rommé" for `contract`). Anything that names no preset is said as given.
pub fn rules_name_in(name: &str, lang: Lang) -> &str {
    if lang == Lang::En {
        return name;
    }
    Preset::ALL
        .into_iter()
        .find(|&p| p.id() == name || preset_row(p).0.text(Lang::En) == name)
        .map_or(name, |p| preset_row(p).0.text(lang))
}

/// The preset's one-line description in the language (empty for an id that is not a
/// preset).
pub fn preset_description(info: &PresetInfo, lang: Lang) -> &'static str {
    match Preset::from_id(info.id) {
        Some(preset) => preset_row(preset).1.text(lang),
        None => "",
    }
}

/// What an option of a preset does, as a form label and in the rule-set JSON. An option name
/// the preset does not have has no words (empty).
pub fn option_description(preset: Preset, option: &str, lang: Lang) -> &'static str {
    use OptionMsg as M;
    let msg = match option {
        "ace" => M::Ace,
        "jokers" => M::Jokers,
        "joker_points" => M::JokerPoints,
        "settlement" => M::Settlement,
        "exact_minimum" => M::ExactMinimum,
        "cut_bonus" => M::CutBonus,
        "buy_limit" => M::BuyLimit,
        "going_out_bonus" => M::GoingOutBonus,
        "first_down_bonus" => M::FirstDownBonus,
        "payouts" => M::Payouts,
        "kitty_split" => M::KittySplit,
        "buy_cents" => M::BuyCents,
        "twos_wild" if preset == Preset::Continental => M::TwosWildContinental,
        "twos_wild" => M::TwosWild,
        "turn_bonuses" => M::TurnBonuses,
        "one_suit_bonus" => M::OneSuitBonus,
        "hands" => M::Hands,
        "joker_count" => M::JokerCount,
        "cards_dealt" => M::CardsDealt,
        "opening_points" => M::OpeningPoints,
        "discard_to_go_out" => M::DiscardToGoOut,
        "rounds" => M::Rounds,
        "jokers_per_deck" => M::JokersPerDeck,
        "contracts" => M::Contracts,
        "lay_off_before_contract" => M::LayOffBeforeContract,
        "joker_swap" => M::JokerSwap,
        "same_suit_runs" => M::SameSuitRuns,
        "wilds_per_meld" => M::WildsPerMeld,
        "all_wild_melds" => M::AllWildMelds,
        _ => return "",
    };
    msg.text(lang)
}

/// The contract in words: "1 set of 3 and 1 run of 4", "3 sets of 3 or 3 runs of 4".
///
/// Alternatives of one part each read "3 sets of 3 or 3 runs of 4"; where a shape has
/// several parts, "or" and "and" would run together, so the shapes are listed: "one of:
/// 5 runs of 3 · 3 runs of 4 + 1 run of 3 · 1 run of 5 + 1 run of 4 + 2 runs of 3".
pub fn describe_contract(contract: &Contract, lang: Lang) -> String {
    let alternatives = &contract.alternatives;
    let several_parts = |alt: &Vec<Requirement>| alt.windows(2).any(|w| w[0] != w[1]);
    if alternatives.len() > 1 && alternatives.iter().any(several_parts) {
        let shapes: Vec<String> = alternatives
            .iter()
            .map(|alt| describe_alternative(alt, ContractMsg::Plus.text(lang), lang))
            .collect();
        return format!(
            "{}{}",
            ContractMsg::OneOf.text(lang),
            shapes.join(ContractMsg::Dot.text(lang))
        );
    }
    alternatives
        .iter()
        .map(|alt| describe_alternative(alt, ContractMsg::And.text(lang), lang))
        .collect::<Vec<_>>()
        .join(ContractMsg::Or.text(lang))
}

/// Which requirement of the contract a reading fills, as a clause: "fills the contract's
/// run of 7" / "erfüllt die Folge à 7 des Kontrakts".
pub fn fills_text(req: Requirement, lang: Lang) -> String {
    let msg = match req.kind {
        MeldKind::Set => ContractMsg::FillsSet,
        MeldKind::Run => ContractMsg::FillsRun,
        MeldKind::Pair => ContractMsg::FillsPair,
    };
    msg.fill(lang, &[("min", &req.min)])
}

/// One shape of a contract, its groups joined by `and` (" and " or " + ").
fn describe_alternative(alt: &[Requirement], and: &str, lang: Lang) -> String {
    let mut groups: Vec<(Requirement, usize)> = Vec::new();
    for r in alt {
        match groups.last_mut() {
            Some((g, n)) if g == r => *n += 1,
            _ => groups.push((*r, 1)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(r, n)| {
            let msg = match r.kind {
                MeldKind::Set => ContractMsg::Sets,
                MeldKind::Run => ContractMsg::Runs,
                MeldKind::Pair => ContractMsg::Pairs,
            };
            msg.fill(lang, &[("n", n), ("min", &r.min)])
        })
        .collect();
    parts.join(and)
}

/// "2 decks + 3 jokers (107 cards)" / "2 Blätter + 3 Joker (107 Karten)".
pub fn describe_decks(d: &Decks, lang: Lang) -> String {
    ContractMsg::Decks.fill(
        lang,
        &[
            ("decks", &d.decks),
            ("jokers", &d.jokers),
            ("cards", &d.cards()),
        ],
    )
}

/// Why cards left in hand have no score, naming the rule set in the language.
pub fn score_error(
    e: &crate::rules::ruleset::ScoreError,
    info: &crate::rules::ruleset::PresetInfo,
    lang: Lang,
) -> String {
    use crate::rules::ruleset::ScoreError;
    let rules = preset_name(info, lang);
    match e {
        ScoreError::NoCardPoints => ScoreMsg::NoCardPoints.fill(lang, &[("rules", &rules)]),
        ScoreError::JokersNotInPlay { .. } => {
            ScoreMsg::JokersNotInPlay.fill(lang, &[("rules", &rules)])
        }
    }
}

/// Why a meld check outside a game has no round: the English sentence of the API and the
/// command line.
pub fn round_error(e: &RoundError) -> String {
    e.say(Lang::En)
}

impl Say for RoundError {
    fn say(&self, lang: Lang) -> String {
        match *self {
            RoundError::Missing { rules, count } => RoundErrorMsg::Missing.fill(
                lang,
                &[("rules", &rules_name_in(rules, lang)), ("count", &count)],
            ),
            RoundError::NoRounds { rules } => {
                RoundErrorMsg::NoRounds.fill(lang, &[("rules", &rules_name_in(rules, lang))])
            }
            RoundError::OutOfRange {
                round,
                rules,
                count,
            } => if count == 1 {
                RoundErrorMsg::OutOfRangeOne
            } else {
                RoundErrorMsg::OutOfRange
            }
            .fill(
                lang,
                &[
                    ("round", &round),
                    ("rules", &rules_name_in(rules, lang)),
                    ("count", &count),
                ],
            ),
        }
    }
}

/// The play rules as short sentences for the table, in English or German.
pub fn play_notes(play: &Play, lang: Lang) -> Vec<&'static str> {
    use PlayMsg as M;
    let lay_off = match play.lay_off {
        LayOff::NextTurnAfterContract => M::LayOffNextTurnAfterContract,
        LayOff::AfterContract => M::LayOffAfterContract,
        LayOff::Anytime => M::LayOffAnytime,
        LayOff::AfterOpening => M::LayOffAfterOpening,
        LayOff::NotAtAll => M::LayOffNotAtAll,
    };
    let swap = match play.joker_swap {
        JokerSwap::RunsOnly => M::JokerSwapRunsOnly,
        JokerSwap::Any => M::JokerSwapAny,
        JokerSwap::AfterOpening => M::JokerSwapAfterOpening,
        JokerSwap::Never => M::JokerSwapNever,
    };
    let going_out = match play.going_out {
        GoingOut::WithDiscard => M::GoingOutWithDiscard,
        GoingOut::NoDiscard => M::GoingOutNoDiscard,
        GoingOut::EitherWay => M::GoingOutEitherWay,
        GoingOut::FaceDownDiscard => M::GoingOutFaceDownDiscard,
    };
    vec![lay_off.text(lang), swap.text(lang), going_out.text(lang)]
}

/// The rule book's sentence for `go_out_left_max` (Wiener Rommé: 9), or none where every
/// card must be melded to go out (0, every preset).
pub fn going_out_keeping_note(max: u32, lang: Lang) -> Option<String> {
    (max > 0).then(|| PlayMsg::GoingOutKeeping.fill(lang, &[("max", &max)]))
}

impl Contract {
    /// The contract in words: "2 sets of 3 and 1 run of 4" ([`describe_contract`]).
    pub fn describe(&self, lang: Lang) -> String {
        describe_contract(self, lang)
    }
}

impl Decks {
    /// The decks in words: "2 decks + 3 jokers (107 cards)" ([`describe_decks`]).
    pub fn describe(&self, lang: Lang) -> String {
        describe_decks(self, lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{OptionValue, RuleSet, test_preset as with};

    #[test]
    fn contract_notes_say_jokers_in_sets_are_dead_and_rommee_in_german_has_no_discard() {
        let p = RuleSet::preset("contract").unwrap().play;
        assert!(play_notes(&p, Lang::En)[1].contains("jokers in sets are dead"));
        let no = with("rommee", &[("discard_to_go_out", OptionValue::Bool(false))]).play;
        assert_eq!(
            play_notes(&no, Lang::De)[2],
            "Ausgehen: alle Karten ausgelegt, nie mit Abwurf."
        );
    }

    #[test]
    fn rommee_notes_say_more_melds_and_joker_swaps_wait_for_the_next_turn() {
        let p = RuleSet::preset("rommee").unwrap().play;
        assert_eq!(
            play_notes(&p, Lang::En)[..2],
            [
                "From your next turn after your opening: more melds and lay-offs on any meld.",
                "From your next turn after your opening: put the real card in and take the joker."
            ]
        );
        assert_eq!(
            play_notes(&p, Lang::De)[..2],
            [
                "Ab dem nächsten Zug nach dem ersten Auslegen: weitere Meldungen und Anlegen an alle Meldungen.",
                "Ab dem nächsten Zug nach dem ersten Auslegen: die echte Karte einlegen und den Joker nehmen."
            ]
        );
    }

    #[test]
    fn every_option_of_every_preset_has_words_in_both_languages() {
        for p in Preset::ALL {
            for spec in p.option_specs() {
                for lang in [Lang::En, Lang::De] {
                    assert!(
                        !option_description(p, spec.name, lang).is_empty(),
                        "{p:?} {}",
                        spec.name
                    );
                }
            }
            assert!(!preset_name(&p.info(), Lang::De).is_empty());
        }
        assert_eq!(
            option_description(Preset::Rommee, "twos_wild", Lang::De),
            "Auch alle 2er sind wild."
        );
        assert!(
            option_description(Preset::Continental, "twos_wild", Lang::En).contains("10 units")
        );
    }

    #[test]
    fn the_english_preset_words_are_the_presets_own() {
        for p in Preset::ALL {
            let info = p.info();
            assert_eq!(preset_name(&info, Lang::En), info.name);
            assert!(!preset_description(&info, Lang::En).is_empty());
            assert!(!preset_description(&info, Lang::De).is_empty());
        }
        assert_eq!(preset_name(&Preset::Rommee.info(), Lang::De), "Rommé");
    }

    #[test]
    fn one_deck_is_one_deck_in_both_languages() {
        let one = Decks {
            decks: 1,
            jokers: 1,
        };
        assert_eq!(
            describe_decks(&one, Lang::En),
            "1 deck + 1 joker (53 cards)"
        );
        assert_eq!(
            describe_decks(&one, Lang::De),
            "1 Blatt + 1 Joker (53 Karten)"
        );
        let two = Decks {
            decks: 2,
            jokers: 0,
        };
        assert_eq!(
            describe_decks(&two, Lang::En),
            "2 decks + 0 jokers (104 cards)"
        );
        assert_eq!(
            describe_decks(&two, Lang::De),
            "2 Blätter + 0 Joker (104 Karten)"
        );
    }

    #[test]
    fn contract_groups_are_counted_in_both_languages() {
        let req = |kind, min| Requirement { kind, min };
        let c = Contract {
            alternatives: vec![
                vec![
                    req(MeldKind::Set, 3),
                    req(MeldKind::Run, 4),
                    req(MeldKind::Run, 4),
                ],
                vec![req(MeldKind::Pair, 2)],
            ],
        };
        assert_eq!(
            describe_contract(&c, Lang::En),
            "one of: 1 set of 3 + 2 runs of 4 · 1 pair"
        );
        assert_eq!(
            describe_contract(&c, Lang::De),
            "eine der Formen: 1 Satz à 3 + 2 Folgen à 4 · 1 Paar"
        );
    }

    #[test]
    fn a_german_sentence_names_the_rule_set_in_german_and_one_round_is_no_range() {
        let continental = crate::rules::ruleset::RuleSet::preset("continental").unwrap();
        let e = continental.round_for_check(Some(2)).unwrap_err();
        assert_eq!(
            e.say(Lang::En),
            "round 2 is out of range: Continental Rummy has one round only"
        );
        assert_eq!(
            e.say(Lang::De),
            "Runde 2 gibt es nicht: Continental Rommé hat nur eine Runde"
        );
        let contract = crate::rules::ruleset::RuleSet::preset("contract").unwrap();
        assert_eq!(
            contract.round_for_check(Some(8)).unwrap_err().say(Lang::De),
            "Runde 8 gibt es nicht: Kontrakt-Rommé hat die Runden 1 bis 7"
        );
        assert_eq!(rules_name_in("German Rommé", Lang::De), "Rommé");
        assert_eq!(rules_name_in("German Rommé", Lang::En), "German Rommé");
        assert_eq!(rules_name_in("not a preset", Lang::De), "not a preset");
    }

    #[test]
    fn the_german_settlement_option_names_its_schemes_in_german() {
        let german = option_description(Preset::Rommee, "settlement", Lang::De);
        assert!(
            !german.contains("pairwise") && !german.contains("lowest-collects"),
            "{german}"
        );
        assert!(german.contains("paarweise"), "{german}");
    }

    #[test]
    fn round_errors_are_said_in_both_languages() {
        let e = RoundError::OutOfRange {
            round: 9,
            rules: "contract",
            count: 7,
        };
        assert_eq!(
            round_error(&e),
            "round 9 is out of range: contract has rounds 1 to 7"
        );
        assert_eq!(
            e.say(Lang::De),
            "Runde 9 gibt es nicht: Kontrakt-Rommé hat die Runden 1 bis 7"
        );
        let rommee = crate::rules::ruleset::RuleSet::preset("rommee").unwrap();
        let e = rommee.round_for_check(Some(2)).unwrap_err();
        assert_eq!(
            e.say(Lang::En),
            "\"round\" is not used by German Rommé: it has no contracts, every first meld needs the same points; leave it out"
        );
        assert_eq!(
            e.say(Lang::De),
            "„round“ gilt nicht für Rommé: es hat keine Kontrakte, jede erste Meldung braucht dieselben Punkte; lasst es weg"
        );
    }

    #[test]
    fn option_errors_of_a_rule_set_say_what_is_allowed() {
        let opts = |name: &str, v: OptionValue| [(name.to_string(), v)].into_iter().collect();
        let e = RuleSet::with_options("contract", &opts("jokerz", OptionValue::Bool(false)))
            .unwrap_err();
        assert!(
            e.clause(Lang::En)
                .starts_with("unknown option \"jokerz\" for contract")
        );
        let e =
            RuleSet::with_options("contract", &opts("jokers", OptionValue::Int(3))).unwrap_err();
        assert_eq!(
            e.clause(Lang::En),
            "option \"jokers\" is true or false, not 3"
        );
        let e = RuleSet::with_options(
            "shanghai",
            &opts("ace", OptionValue::Text("sideways".into())),
        )
        .unwrap_err();
        assert_eq!(
            e.clause(Lang::En),
            "option \"ace\" is one of low-or-high, high-only, wrap, not \"sideways\""
        );
    }

    #[test]
    fn option_errors_read_as_before_in_english_and_have_german() {
        let e = OptionError::BadValue {
            name: "joker_points".into(),
            expected: Expected::Range { min: 0, max: 500 },
            got: Got::Written("2.5".into()),
        };
        assert_eq!(
            e.clause(Lang::En),
            "option \"joker_points\" is a whole number from 0 to 500, not 2.5"
        );
        assert_eq!(
            e.say(Lang::De),
            "Option „joker_points“ ist eine ganze Zahl von 0 bis 500, nicht 2.5."
        );
        let e = OptionError::BadValue {
            name: "contracts".into(),
            expected: Expected::AnyOf(vec![4, 5, 7]),
            got: Got::Value(OptionValue::List(vec![])),
        };
        assert_eq!(
            e.clause(Lang::En),
            "option \"contracts\" is 4, 5 or 7, not a list"
        );
        assert_eq!(
            expected_words(&Expected::AnyOf(vec![4, 5, 7]), Lang::De),
            "ist 4, 5 oder 7"
        );
        // German keeps the allowed values too.
        let e = OptionError::BadValue {
            name: "opening_points".into(),
            expected: Expected::AnyOf(vec![30, 40, 50]),
            got: Got::Value(OptionValue::Int(35)),
        };
        assert_eq!(
            e.say(Lang::De),
            "Option „opening_points“ ist 30, 40 oder 50, nicht 35."
        );
        let e = OptionTextError {
            name: "x",
            given: "maybe".into(),
            expected: Expected::OnOff,
        };
        assert_eq!(
            e.clause(Lang::En),
            "option \"x\" is on or off, not \"maybe\""
        );
        assert_eq!(
            e.say(Lang::De),
            "Option „x“ ist on oder off, nicht „maybe“."
        );
    }
}
