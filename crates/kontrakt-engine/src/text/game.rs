//! A game's errors in words: every [`GameError`] (set-up, round entry, a change to a game), a
//! Continental [`HandError`], and the [`FieldErrors`] of a form or a JSON body, in English and
//! German, keyed by each [`Field`]'s name in a form or a JSON body ([`Field::key`]).
//!
//! `rules::game` reports what is wrong as a variant with its parameters and the field it
//! belongs to; this module writes the sentence and spells the field's key, which is the
//! same in the JSON API (`"field"`, `"fields"`), the forms' field names and the sentences
//! that quote a key. The JSON API answers in English
//! (`error.message(Lang::En)`, the same as `Display`), the pages in the request's language.
//!
//! Depends on `text` and `rules` only.

use std::collections::BTreeMap;
use std::fmt;

pub use super::lists::{and_list, or_list};
use super::{Lang, Say, capitalize};
use crate::rules::game::{
    Field, FieldErrors, GameError, MAX_CENTS, MAX_CURRENCY_CHARS, MAX_NAME_CHARS, MAX_POINTS,
    MAX_POINTS_PER_CENT, Quantity,
};
use crate::rules::settlement::HandError;

messages! {
    /// The sentences of a game's errors.
    pub enum GameMsg {
        NoRules => "Choose a rule set.", "Wählt ein Regelwerk.";
        SettlementNotOffered => "Settlement \"{given}\" is not offered here; choose {list}.",
            "Die Abrechnung „{given}“ gibt es hier nicht; wählt {list}.";
        SettlementTwice => "The settlement is given twice, as \"{given}\" and as option \"{option}\"; give it once.",
            "Die Abrechnung ist zweimal angegeben, als „{given}“ und als Option „{option}“; gebt sie nur einmal an.";
        PlayerCount => "{rules} is played by {min} to {max} {max|player|players}, not {given}.",
            "{rules} wird von {min} bis {max} {max|Person|Personen} gespielt, nicht von {given}.";
        EmptyName => "Player {seat} has no name.", "Spieler {seat} hat keinen Namen.";
        NameTooLong => "The name of player {seat} is longer than {max} {max|character|characters}.",
            "Der Name von Spieler {seat} ist länger als {max} Zeichen.";
        NameHasControl => "The name of player {seat} holds a tab or line break; use plain text.",
            "Der Name von Spieler {seat} enthält einen Tabulator oder Zeilenumbruch; nur einfacher Text.";
        NameHasInvisible => "The name of player {seat} holds an invisible character (such as a zero-width space or a direction mark); type the name again as plain text.",
            "Der Name von Spieler {seat} enthält ein unsichtbares Zeichen (etwa ein Leerzeichen ohne Breite oder eine Richtungsmarke); tippt den Namen noch einmal als einfachen Text.";
        DuplicateName => "Two players are called \"{name}\"; give each player a different name.",
            "Zwei Spieler heißen „{name}“; jeder braucht einen eigenen Namen.";
        UnknownFirstDealer => "The first dealer \"{given}\" is not one of the players.",
            "Der erste Geber „{given}“ spielt nicht mit.";
        /// A number field that holds something else, by what it holds.
        NotANumberPointValue => "The value of a point must be a whole number, not \"{given}\".",
            "Der Wert eines Punkts muss eine ganze Zahl sein, nicht „{given}“.";
        NotANumberPointsPerCent => "Points per cent must be a whole number, not \"{given}\".",
            "Die Zahl der Punkte je Cent muss eine ganze Zahl sein, nicht „{given}“.";
        NotANumberPoints => "Points must be a whole number, not \"{given}\".",
            "Die Punktzahl muss eine ganze Zahl sein, nicht „{given}“.";
        NotANumberBuys => "Buys must be a whole number, not \"{given}\".",
            "Die Zahl der Käufe muss eine ganze Zahl sein, nicht „{given}“.";
        NotANumberJokers => "Jokers must be a whole number, not \"{given}\".",
            "Die Zahl der Joker muss eine ganze Zahl sein, nicht „{given}“.";
        CentsOutOfRange => "The value of a point must be 0 to {max} cents, not {given}.",
            "Der Wert eines Punkts muss 0 bis {max} Cent sein, nicht {given}.";
        CentsTwice => "Give cents_per_point or cents_per_unit, not both.",
            "Gebt cents_per_point oder cents_per_unit an, nicht beides.";
        PointsPerCentOutOfRange => "One cent can stand for 1 to {max} {max|point|points}, not {given}.",
            "Ein Cent kann für 1 bis {max} {max|Punkt|Punkte} stehen, nicht für {given}.";
        PointsPerCentNotUsed => "{rules} is not settled by points, so points per cent do not apply; leave them at 1.",
            "{rules} wird nicht nach Punkten abgerechnet, Punkte je Cent gelten hier nicht; lasst sie bei 1.";
        BadCurrency => "The currency is a short symbol of plain text, at most {max} {max|character|characters}, such as € or $.",
            "Die Währung ist ein kurzes Zeichen aus einfachem Text mit höchstens {max} Zeichen, etwa € oder $.";
        RoundOutOfRange => "Round {round} does not exist: this game has rounds 1 to {of}.",
            "Runde {round} gibt es nicht: diese Partie hat die Runden 1 bis {of}.";
        RoundNotYet => "Round {round} cannot be entered yet: round {next} is next.",
            "Runde {round} kann noch nicht eingetragen werden: Runde {next} ist die nächste.";
        GameFinished => "{of|The|All} {of} {of|round is|rounds are} entered and the game is over; to correct a round, give its number.",
            "{of|Die|Alle} {of} {of|Runde ist|Runden sind} eingetragen, die Partie ist vorbei; um eine Runde zu berichtigen, gebt ihre Nummer an.";
        EndedEarly => "The table ended this game early; resume it to enter more rounds.",
            "Die Partie wurde vorzeitig beendet; setzt sie fort, um weitere Runden einzutragen.";
        RoundMismatch => "This entry says round {given}, but round {round} is being entered.",
            "Der Eintrag nennt Runde {given}, eingetragen wird aber Runde {round}.";
        UnknownPlayer => "There is no player \"{name}\" in this game; the players are {players}.",
            "„{name}“ spielt in dieser Partie nicht mit; es spielen {players}.";
        WinnerRequired => "Say who went out: in this game every round has a winner.",
            "Gebt an, wer ausgegangen ist: in diesem Spiel hat jede Runde einen Gewinner.";
        WinnerTwice => "went_out and winner name different players; give one of them.",
            "went_out und winner nennen verschiedene Spieler; gebt nur eins an.";
        WinnerHasPoints => "{player} went out and scores 0; leave {player}'s points and cards empty.",
            "{player} ist ausgegangen und bekommt 0; lasst Punkte und Karten von {player} leer.";
        MissingPenalty => "Enter {player}'s points or the cards left in {player}'s hand.",
            "Tragt die Punkte von {player} ein oder die Karten, die {player} noch auf der Hand hat.";
        PointsAndCards => "Give either points or cards for {player}, not both.",
            "Gebt für {player} entweder Punkte oder Karten an, nicht beides.";
        GivenTwice => "{player} is given twice (under two spellings); give each player once.",
            "{player} ist doppelt angegeben (in zwei Schreibweisen); jeden Spieler nur einmal.";
        PointsOutOfRange => "{player}'s points must be 0 to {max}, not {given}.",
            "Die Punkte von {player} müssen 0 bis {max} sein, nicht {given}.";
        /// `error` is the card error's clause (`text::cards`).
        BadCards => "{player}'s cards: {error}.", "Karten von {player}: {error}.";
        CutBonusNotPlayed => "There is no cut bonus in {rules}; only Liverpool has one.",
            "In {rules} gibt es keinen Abhebe-Bonus; nur Liverpool hat einen.";
        HandRommeeNotPlayed => "Hand-Rommé is not played in {rules}; only in German Rommé.",
            "Hand-Rommé gibt es in {rules} nicht, nur im Rommé.";
        FirstDownNotPlayed => "This game has no first-down bonus (the Shanghai option first_down_bonus), so nobody is entered as going down first.",
            "Dieses Spiel hat keinen Bonus fürs erste Auslegen (die Shanghai-Option first_down_bonus); niemand wird als Erster eingetragen.";
        HandRommeeNeedsWinner => "Hand-Rommé needs the player who went out.",
            "Hand-Rommé braucht den Spieler, der ausgegangen ist.";
        BuysNotAllowedInGame => "{player} cannot buy: buying is not allowed in this game.",
            "{player} kann nicht kaufen: Kaufen ist nicht erlaubt in diesem Spiel.";
        /// `rounds` is a [`round_list`].
        BuysNotAllowedInRound => "{player} cannot buy: buying is not allowed in round {round}, only in {rounds}.",
            "{player} kann nicht kaufen: Kaufen ist nicht erlaubt in Runde {round}, nur in {rounds}.";
        TooManyBuys => "{player} has {given} {given|buy|buys}, but round {round} allows at most {limit} {limit|buy|buys} per player.",
            "{player} hat {given} {given|Kauf|Käufe}, in Runde {round} {limit|ist|sind} aber höchstens {limit} {limit|Kauf|Käufe} je Spieler erlaubt.";
        NegativeBuys => "{player}'s buys cannot be negative.",
            "Die Käufe von {player} können nicht negativ sein.";
        UnitsOnly => "Continental is scored in units from the winning hand: give the winner, jokers and bonuses instead of points or cards.",
            "Continental wird in Einheiten aus der Gewinnerhand gezählt: gebt Gewinner, Joker und Boni an statt Punkten oder Karten.";
        ContinentalOnly => "\"{field}\" belongs to a Continental hand; this game is not Continental.",
            "„{field}“ gehört zu einer Continental-Hand; dies ist kein Continental.";
        /// `error` is the settlement error's sentence in the same language.
        Settlement => "{error}", "Die Abrechnung ist nicht möglich: {error}";
        NothingToEnd => "No round has been entered yet, so there is nothing to settle; enter a round first.",
            "Es ist noch keine Runde eingetragen, also gibt es nichts abzurechnen; tragt zuerst eine Runde ein.";
        AlreadyFinished => "Every round is entered; the game is already over.",
            "Alle Runden sind eingetragen; die Partie ist schon vorbei.";
        NothingToUndo => "There is no round to undo.", "Es gibt keine Runde zum Zurücknehmen.";
        NothingToRedo => "There is nothing to redo: an undo can be taken back only until the next change to the game.",
            "Es gibt nichts wiederherzustellen: eine Rücknahme lässt sich nur bis zur nächsten Änderung an der Partie wieder aufheben.";
        /// Plausibility (docs/RULES.md section 5): impossible results.
        PointsUnreachable => "{player} cannot have {given} {given|point|points}: at most {cards} {cards|card is|cards are} left in a hand this round, worth at most {max} {max|point|points}.",
            "{player} kann nicht {given} {given|Punkt|Punkte} haben: in dieser Runde {cards|bleibt|bleiben} höchstens {cards} {cards|Karte|Karten} auf der Hand, zusammen höchstens {max} {max|Punkt|Punkte} wert.";
        PointsBelowLowestCard => "{player} cannot have {given} {given|point|points}: a card left in hand counts at least {lowest}.",
            "{player} kann nicht {given} {given|Punkt|Punkte} haben: jede Karte auf der Hand zählt mindestens {lowest}.";
        PointsNotAMultiple => "{player} cannot have {given} {given|point|points}: every card counts a multiple of {step}.",
            "{player} kann nicht {given} {given|Punkt|Punkte} haben: jede Karte zählt ein Vielfaches von {step}.";
        TooManyCardsHeld => "{player} cannot hold {given} {given|card|cards}: at most {max} {max|card is|cards are} left in a hand this round.",
            "{player} kann nicht {given} {given|Karte|Karten} haben: in dieser Runde {max|bleibt|bleiben} höchstens {max} {max|Karte|Karten} auf der Hand.";
        CardNotInDecks => "{player} has {card} {given} times, but the cards in play hold only {decks_hold}.",
            "{player} hat {given}-mal {card}, im Spiel {decks_hold|ist|sind} aber nur {decks_hold}.";
        CardNotInGame => "{player} has {card}, but this game is played without it.",
            "{player} hat {card}, aber dieses Spiel wird ohne gespielt.";
        JokersNotInDecks => "The winning hand cannot hold {given} {given|joker|jokers}: the cards in play hold only {decks_hold}.",
            "Die Gewinnerhand kann nicht {given} Joker enthalten: im Spiel {decks_hold|ist|sind} nur {decks_hold}.";
        NoteTooLong => "A round's note is at most {max} {max|character|characters}; shorten it.",
            "Eine Notiz zur Runde hat höchstens {max} Zeichen; kürzt sie.";
        NoteHasControl => "The note holds a control or invisible character (such as a direction mark); use plain text.",
            "Die Notiz enthält ein Steuerzeichen oder ein unsichtbares Zeichen (etwa eine Richtungsmarke); nur einfacher Text.";
        /// Plausibility: unlikely results, saved once confirmed.
        ZeroNotOut => "{player} has 0 points but did not go out.",
            "{player} hat 0 Punkte, ist aber nicht ausgegangen.";
        PointsVeryHigh => "{player} has {given} {given|point|points}, near the most a hand can count this round ({max}).",
            "{player} hat {given} {given|Punkt|Punkte}, fast so viel, wie eine Hand in dieser Runde höchstens zählen kann ({max}).";
        /// Mid-game changes (docs/RULES.md section 8).
        NotPlaying => "{player} does not play round {round} (sitting out, gone or not yet joined); leave their row empty.",
            "{player} spielt Runde {round} nicht mit (setzt aus, ist gegangen oder noch nicht dabei); lasst die Zeile leer.";
        PlayerGone => "{player} has left the table; their total is kept, but nothing more changes for them.",
            "{player} hat den Tisch verlassen; die Summe bleibt, aber für {player} ändert sich nichts mehr.";
        AlreadySittingOut => "{player} already sits out round {round}.",
            "{player} setzt in Runde {round} schon aus.";
        TooFewToPlay => "At least {min} {min|player|players} must play round {round}; nobody else can sit out or leave now.",
            "Mindestens {min} {min|Spieler muss|Spieler müssen} Runde {round} spielen; niemand sonst kann jetzt aussetzen oder gehen.";
        TableFull => "The table is full: this rule set is played by at most {max} {max|player|players}.",
            "Der Tisch ist voll: dieses Regelwerk spielen höchstens {max} Spieler.";
        JoinStartNotZero => "In Continental a late joiner starts at 0 units: units are money between players, so no other start is fair.",
            "Bei Continental beginnt, wer später einsteigt, mit 0 Einheiten: Einheiten sind Geld zwischen den Spielern, ein anderer Start wäre nicht fair.";
        ChangeOutOfOrder => "This change comes before one the table already made; reload the game.",
            "Diese Änderung liegt vor einer, die der Tisch schon gemacht hat; ladet die Partie neu.";
        NameUnchanged => "{player} already has this name.", "{player} heißt schon so.";
        RenameInGroup => "This game belongs to the group \"{group}\": rename players on the group's page, which renames them in every game of the group.",
            "Diese Partie gehört zur Gruppe „{group}“: benennt Spieler auf der Seite der Gruppe um, dann heißen sie in jeder Partie der Gruppe so.";
        /// Lists: "A, B and C", "A or B".
        /// A list of rounds: "round 3", "rounds 9 to 14", "rounds 1, 4 and 7".
        RoundOne => "round {n}", "Runde {n}";
        RoundSpan => "rounds {first} to {last}", "Runden {first} bis {last}";
        RoundList => "rounds {list}", "Runden {list}";
    }
}

messages! {
    /// A Continental hand's problems: an English clause (its `Display`, inside a settlement
    /// error) and a German sentence.
    pub enum HandMsg {
        WinnerOutOfRange => "the winner is player {winner}, but there {players|is|are} only {players} {players|player|players}.",
            "Gewinner ist Spieler {winner}, es spielen aber nur {players}.";
        TooManyJokers => "the winning hand has 15 cards, so it cannot hold {jokers} {jokers|joker|jokers}.",
            "Die Gewinnerhand hat 15 Karten, also nicht {jokers} Joker.";
        BothTurns => "going out on the first and on the second turn are both marked; choose one.",
            "Ausgehen im ersten und im zweiten Zug sind beide angekreuzt; wählt eins.";
        FirstTurnNotPlayed => "going out on the first turn is marked, but turn bonuses are not played.",
            "Ausgehen im ersten Zug ist angekreuzt, aber Zug-Boni werden nicht gespielt.";
        SecondTurnNotPlayed => "going out on the second turn is marked, but turn bonuses are not played.",
            "Ausgehen im zweiten Zug ist angekreuzt, aber Zug-Boni werden nicht gespielt.";
        OneSuitNotPlayed => "all runs in one suit is marked, but the one-suit bonus is not played.",
            "Alle Folgen in einer Farbe ist angekreuzt, aber dieser Bonus wird nicht gespielt.";
        NoWildsNotPlayed => "winning without wild cards is marked, but 2s are not wild in this game.",
            "Ohne wilde Karten ist angekreuzt, aber 2er sind in dieser Partie nicht wild.";
        NoWildsWithJokers => "winning without wild cards is marked, but the winning hand holds {jokers} {jokers|joker|jokers}.",
            "Ohne wilde Karten ist angekreuzt, aber die Gewinnerhand hat {jokers} Joker.";
    }
}

/// A place as a word goes with it: `1st`, `2nd`, `3rd`, `11th`, `22nd` in English; the bare
/// number in German, whose sentence says "Platz {place}".
pub fn place_ordinal(n: u32, lang: Lang) -> String {
    match lang {
        Lang::De => n.to_string(),
        Lang::En => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// "rounds 9 to 14" / "round 3" / "rounds 1, 4 and 7".
pub fn round_list(rounds: &[usize], lang: Lang) -> String {
    match rounds {
        [] => String::new(),
        [r] => GameMsg::RoundOne.fill(lang, &[("n", r)]),
        [first, .., last] if last - first + 1 == rounds.len() => {
            GameMsg::RoundSpan.fill(lang, &[("first", first), ("last", last)])
        }
        _ => {
            let numbers: Vec<String> = rounds.iter().map(usize::to_string).collect();
            GameMsg::RoundList.fill(lang, &[("list", &and_list(&numbers, lang))])
        }
    }
}

impl HandError {
    /// The problem in a language: the English clause (as `Display`), or a German sentence.
    pub fn clause(&self, lang: Lang) -> String {
        use HandMsg as M;
        match *self {
            HandError::WinnerOutOfRange { winner, players } => {
                M::WinnerOutOfRange.fill(lang, &[("winner", &winner), ("players", &players)])
            }
            HandError::TooManyJokers { jokers } => {
                M::TooManyJokers.fill(lang, &[("jokers", &jokers)])
            }
            HandError::BothTurns => M::BothTurns.text(lang).to_owned(),
            HandError::FirstTurnNotPlayed => M::FirstTurnNotPlayed.text(lang).to_owned(),
            HandError::SecondTurnNotPlayed => M::SecondTurnNotPlayed.text(lang).to_owned(),
            HandError::OneSuitNotPlayed => M::OneSuitNotPlayed.text(lang).to_owned(),
            HandError::NoWildsNotPlayed => M::NoWildsNotPlayed.text(lang).to_owned(),
            HandError::NoWildsWithJokers { jokers } => {
                M::NoWildsWithJokers.fill(lang, &[("jokers", &jokers)])
            }
            // The games' sentence for the same check.
            HandError::JokersNotInDecks { given, decks_hold } => GameMsg::JokersNotInDecks
                .fill(lang, &[("given", &given), ("decks_hold", &decks_hold)]),
        }
    }
}

/// The English clause, as a settlement error shows it after "Hand 2: ".
impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.clause(Lang::En))
    }
}

impl GameError {
    /// A sentence a player at the table understands.
    pub fn message(&self, lang: Lang) -> String {
        use GameError::*;
        use GameMsg as M;
        match self {
            NoRules => M::NoRules.text(lang).to_owned(),
            Options(e) => e.say(lang),
            SettlementNotOffered { given, offered } => {
                let ids: Vec<String> = offered.iter().map(|s| s.id().to_string()).collect();
                M::SettlementNotOffered
                    .fill(lang, &[("given", given), ("list", &or_list(&ids, lang))])
            }
            SettlementTwice { given, option } => {
                M::SettlementTwice.fill(lang, &[("given", given), ("option", option)])
            }
            PlayerCount {
                given,
                min,
                max,
                rules,
            } => M::PlayerCount.fill(
                lang,
                &[
                    ("rules", &super::rules::rules_name_in(rules, lang)),
                    ("min", min),
                    ("max", max),
                    ("given", given),
                ],
            ),
            EmptyName { seat } => M::EmptyName.fill(lang, &[("seat", seat)]),
            NameTooLong { seat } => {
                M::NameTooLong.fill(lang, &[("seat", seat), ("max", &MAX_NAME_CHARS)])
            }
            NameHasControl { seat } => M::NameHasControl.fill(lang, &[("seat", seat)]),
            NameHasInvisible { seat } => M::NameHasInvisible.fill(lang, &[("seat", seat)]),
            DuplicateName { name } => M::DuplicateName.fill(lang, &[("name", name)]),
            UnknownFirstDealer { given } => M::UnknownFirstDealer.fill(lang, &[("given", given)]),
            NotANumber { what, given } => match what {
                Quantity::PointValue => M::NotANumberPointValue,
                Quantity::PointsPerCent => M::NotANumberPointsPerCent,
                Quantity::Points => M::NotANumberPoints,
                Quantity::Buys => M::NotANumberBuys,
                Quantity::Jokers => M::NotANumberJokers,
            }
            .fill(lang, &[("given", given)]),
            CentsOutOfRange { given } => {
                M::CentsOutOfRange.fill(lang, &[("max", &MAX_CENTS), ("given", given)])
            }
            CentsTwice => M::CentsTwice.text(lang).to_owned(),
            PointsPerCentOutOfRange { given } => M::PointsPerCentOutOfRange
                .fill(lang, &[("max", &MAX_POINTS_PER_CENT), ("given", given)]),
            PointsPerCentNotUsed { rules } => M::PointsPerCentNotUsed.fill(
                lang,
                &[("rules", &super::rules::rules_name_in(rules, lang))],
            ),
            BadCurrency => M::BadCurrency.fill(lang, &[("max", &MAX_CURRENCY_CHARS)]),
            RoundOutOfRange { round, of } => {
                M::RoundOutOfRange.fill(lang, &[("round", round), ("of", of)])
            }
            RoundNotYet { round, next } => {
                M::RoundNotYet.fill(lang, &[("round", round), ("next", next)])
            }
            GameFinished { of } => M::GameFinished.fill(lang, &[("of", of)]),
            EndedEarly => M::EndedEarly.text(lang).to_owned(),
            RoundMismatch { given, round } => {
                M::RoundMismatch.fill(lang, &[("given", given), ("round", round)])
            }
            UnknownPlayer { name, players } => M::UnknownPlayer.fill(
                lang,
                &[("name", name), ("players", &and_list(players, lang))],
            ),
            WinnerRequired => M::WinnerRequired.text(lang).to_owned(),
            WinnerTwice => M::WinnerTwice.text(lang).to_owned(),
            WinnerHasPoints { player } => M::WinnerHasPoints.fill(lang, &[("player", player)]),
            MissingPenalty { player } => M::MissingPenalty.fill(lang, &[("player", player)]),
            PointsAndCards { player } => M::PointsAndCards.fill(lang, &[("player", player)]),
            GivenTwice { player } => M::GivenTwice.fill(lang, &[("player", player)]),
            PointsOutOfRange { player, given } => M::PointsOutOfRange.fill(
                lang,
                &[("player", player), ("max", &MAX_POINTS), ("given", given)],
            ),
            BadCards { player, error } => {
                let mut text =
                    M::BadCards.fill(lang, &[("player", player), ("error", &error.clause(lang))]);
                if let Some(advice) = error.advice(lang) {
                    text.push(' ');
                    text.push_str(advice);
                }
                text
            }
            CutBonusNotPlayed { rules } => M::CutBonusNotPlayed.fill(
                lang,
                &[("rules", &super::rules::rules_name_in(rules, lang))],
            ),
            HandRommeeNotPlayed { rules } => M::HandRommeeNotPlayed.fill(
                lang,
                &[("rules", &super::rules::rules_name_in(rules, lang))],
            ),
            HandRommeeNeedsWinner => M::HandRommeeNeedsWinner.text(lang).to_owned(),
            FirstDownNotPlayed => M::FirstDownNotPlayed.text(lang).to_owned(),
            BuysNotAllowed {
                player,
                round,
                rounds,
            } => {
                if rounds.is_empty() {
                    M::BuysNotAllowedInGame.fill(lang, &[("player", player)])
                } else {
                    M::BuysNotAllowedInRound.fill(
                        lang,
                        &[
                            ("player", player),
                            ("round", round),
                            ("rounds", &round_list(rounds, lang)),
                        ],
                    )
                }
            }
            TooManyBuys {
                player,
                given,
                limit,
                round,
            } => M::TooManyBuys.fill(
                lang,
                &[
                    ("player", player),
                    ("given", given),
                    ("limit", limit),
                    ("round", round),
                ],
            ),
            NegativeBuys { player } => M::NegativeBuys.fill(lang, &[("player", player)]),
            UnitsOnly => M::UnitsOnly.text(lang).to_owned(),
            ContinentalOnly { field } => M::ContinentalOnly.fill(lang, &[("field", &field.key())]),
            Hand(e) => capitalize(&e.clause(lang)),
            Settlement(e) => M::Settlement.fill(lang, &[("error", &e.say(lang))]),
            NothingToEnd => M::NothingToEnd.text(lang).to_owned(),
            AlreadyFinished => M::AlreadyFinished.text(lang).to_owned(),
            NothingToUndo => M::NothingToUndo.text(lang).to_owned(),
            NothingToRedo => M::NothingToRedo.text(lang).to_owned(),
            BadOptionText(e) => e.say(lang),
            PointsUnreachable {
                player,
                given,
                max,
                cards,
            } => M::PointsUnreachable.fill(
                lang,
                &[
                    ("player", player),
                    ("given", given),
                    ("cards", cards),
                    ("max", max),
                ],
            ),
            PointsBelowLowestCard {
                player,
                given,
                lowest,
            } => M::PointsBelowLowestCard.fill(
                lang,
                &[("player", player), ("given", given), ("lowest", lowest)],
            ),
            PointsNotAMultiple {
                player,
                given,
                step,
            } => M::PointsNotAMultiple.fill(
                lang,
                &[("player", player), ("given", given), ("step", step)],
            ),
            TooManyCardsHeld { player, given, max } => M::TooManyCardsHeld
                .fill(lang, &[("player", player), ("given", given), ("max", max)]),
            CardNotInDecks {
                player,
                card,
                given,
                decks_hold,
            } => {
                let card = card.display(lang);
                if *decks_hold == 0 {
                    M::CardNotInGame.fill(lang, &[("player", player), ("card", &card)])
                } else {
                    M::CardNotInDecks.fill(
                        lang,
                        &[
                            ("player", player),
                            ("card", &card),
                            ("given", given),
                            ("decks_hold", decks_hold),
                        ],
                    )
                }
            }
            JokersNotInDecks { given, decks_hold } => {
                M::JokersNotInDecks.fill(lang, &[("given", given), ("decks_hold", decks_hold)])
            }
            NoteTooLong { max } => M::NoteTooLong.fill(lang, &[("max", max)]),
            NoteHasControl => M::NoteHasControl.text(lang).to_owned(),
            ZeroNotOut { player } => M::ZeroNotOut.fill(lang, &[("player", player)]),
            NotPlaying { player, round } => {
                M::NotPlaying.fill(lang, &[("player", player), ("round", round)])
            }
            PlayerGone { player } => M::PlayerGone.fill(lang, &[("player", player)]),
            AlreadySittingOut { player, round } => {
                M::AlreadySittingOut.fill(lang, &[("player", player), ("round", round)])
            }
            TooFewToPlay { round, min } => {
                M::TooFewToPlay.fill(lang, &[("round", round), ("min", min)])
            }
            TableFull { max } => M::TableFull.fill(lang, &[("max", max)]),
            JoinStartNotZero => M::JoinStartNotZero.text(lang).to_owned(),
            ChangeOutOfOrder => M::ChangeOutOfOrder.text(lang).to_owned(),
            NameUnchanged { player } => M::NameUnchanged.fill(lang, &[("player", player)]),
            RenameInGroup { group } => M::RenameInGroup.fill(lang, &[("group", group)]),
            PointsVeryHigh { player, given, max } => {
                M::PointsVeryHigh.fill(lang, &[("player", player), ("given", given), ("max", max)])
            }
        }
    }
}

impl Say for GameError {
    fn say(&self, lang: Lang) -> String {
        self.message(lang)
    }
}

/// The English sentence: what the JSON API answers.
impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl Field {
    /// The field's key in a form or a JSON body: `rules`, `options`, `players`,
    /// `first_dealer`, `cents_per_point`, `cents_per_unit`, `points_per_cent`, `currency`,
    /// `settlement` for a set-up; `round`, `went_out`, `winner`, `points`, `cards`, `buys`,
    /// `cut_bonus`, `hand_rommee`, `went_down_first`, `jokers`, `first_turn`, `second_turn`, `one_suit`,
    /// `no_wilds`, a player's name (their points or cards) or `buys.<name>` (their buys) for a
    /// round. The one place these are spelt: the JSON API's `"field"` and `"fields"`, the
    /// pages' error lookups and the round form's buys fields all use it.
    pub fn key(&self) -> String {
        let key = match self {
            Field::Rules => "rules",
            Field::Options => "options",
            Field::Players => "players",
            Field::FirstDealer => "first_dealer",
            Field::CentsPerPoint => "cents_per_point",
            Field::CentsPerUnit => "cents_per_unit",
            Field::PointsPerCent => "points_per_cent",
            Field::Currency => "currency",
            Field::Settlement => "settlement",
            Field::Round => "round",
            Field::WentOut => "went_out",
            Field::Winner => "winner",
            Field::Points => "points",
            Field::Cards => "cards",
            Field::Buys => "buys",
            Field::CutBonus => "cut_bonus",
            Field::HandRommee => "hand_rommee",
            Field::WentDownFirst => "went_down_first",
            Field::Jokers => "jokers",
            Field::FirstTurn => "first_turn",
            Field::SecondTurn => "second_turn",
            Field::OneSuit => "one_suit",
            Field::NoWilds => "no_wilds",
            Field::Note => "note",
            Field::Player(name) => return name.clone(),
            Field::PlayerBuys(name) => return format!("buys.{name}"),
        };
        key.to_owned()
    }
}

impl FieldErrors {
    /// Every problem of `field` as one text (sentences joined by spaces), for showing next to
    /// the field.
    pub fn message(&self, field: &Field, lang: Lang) -> Option<String> {
        let parts: Vec<String> = self
            .iter()
            .filter(|e| e.field == *field)
            .map(|e| e.error.message(lang))
            .collect();
        (!parts.is_empty()).then(|| parts.join(" "))
    }

    /// Each field's key ([`Field::key`]) → its problems as one text.
    pub fn by_field(&self, lang: Lang) -> BTreeMap<String, String> {
        let mut out: BTreeMap<String, String> = BTreeMap::new();
        for e in self.iter() {
            let message = e.error.message(lang);
            out.entry(e.field.key())
                .and_modify(|m| {
                    m.push(' ');
                    m.push_str(&message);
                })
                .or_insert(message);
        }
        out
    }

    /// Every problem, one sentence after the other.
    pub fn summary(&self, lang: Lang) -> String {
        self.iter()
            .map(|e| e.error.message(lang))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Say for FieldErrors {
    fn say(&self, lang: Lang) -> String {
        self.summary(lang)
    }
}

/// Every problem in English, one sentence after the other.
impl fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_ordinals_in_english_and_numbers_in_german() {
        let en: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]
            .iter()
            .map(|&n| place_ordinal(n, Lang::En))
            .collect();
        assert_eq!(
            en,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th"
            ]
        );
        assert_eq!(place_ordinal(2, Lang::De), "2");
    }

    #[test]
    fn lists_of_names_and_rounds_are_joined_in_each_language() {
        let names = ["Ann".to_string(), "Ben".to_string(), "Cy".to_string()];
        assert_eq!(and_list(&names, Lang::En), "Ann, Ben and Cy");
        assert_eq!(and_list(&names, Lang::De), "Ann, Ben und Cy");
        assert_eq!(or_list(&names[..2], Lang::De), "Ann oder Ben");
        assert_eq!(round_list(&[3], Lang::En), "round 3");
        assert_eq!(round_list(&[9, 10, 11], Lang::De), "Runden 9 bis 11");
        assert_eq!(round_list(&[1, 4, 7], Lang::En), "rounds 1, 4 and 7");
    }

    #[test]
    fn buy_counts_are_pluralised_in_both_languages() {
        let one = GameError::TooManyBuys {
            player: "Ann".into(),
            given: 1,
            limit: 1,
            round: 3,
        };
        assert_eq!(
            one.message(Lang::En),
            "Ann has 1 buy, but round 3 allows at most 1 buy per player."
        );
        assert_eq!(
            one.message(Lang::De),
            "Ann hat 1 Kauf, in Runde 3 ist aber höchstens 1 Kauf je Spieler erlaubt."
        );
    }

    #[test]
    fn a_number_field_is_named_in_german_too() {
        let e = GameError::NotANumber {
            what: Quantity::Points,
            given: "x".into(),
        };
        assert_eq!(
            e.message(Lang::En),
            "Points must be a whole number, not \"x\"."
        );
        assert_eq!(
            e.message(Lang::De),
            "Die Punktzahl muss eine ganze Zahl sein, nicht „x“."
        );
    }
    #[test]
    fn every_field_has_its_documented_key() {
        let ann = || "Ann".to_string();
        let keys = [
            (Field::Rules, "rules"),
            (Field::Options, "options"),
            (Field::Players, "players"),
            (Field::FirstDealer, "first_dealer"),
            (Field::CentsPerPoint, "cents_per_point"),
            (Field::CentsPerUnit, "cents_per_unit"),
            (Field::PointsPerCent, "points_per_cent"),
            (Field::Currency, "currency"),
            (Field::Settlement, "settlement"),
            (Field::Round, "round"),
            (Field::WentOut, "went_out"),
            (Field::Winner, "winner"),
            (Field::Points, "points"),
            (Field::Cards, "cards"),
            (Field::Buys, "buys"),
            (Field::CutBonus, "cut_bonus"),
            (Field::HandRommee, "hand_rommee"),
            (Field::WentDownFirst, "went_down_first"),
            (Field::Jokers, "jokers"),
            (Field::FirstTurn, "first_turn"),
            (Field::SecondTurn, "second_turn"),
            (Field::OneSuit, "one_suit"),
            (Field::NoWilds, "no_wilds"),
            (Field::Note, "note"),
            (Field::Player(ann()), "Ann"),
            (Field::PlayerBuys(ann()), "buys.Ann"),
        ];
        for (field, key) in &keys {
            // No wildcard: a new variant fails to compile until it is listed above.
            match field {
                Field::Rules
                | Field::Options
                | Field::Players
                | Field::FirstDealer
                | Field::CentsPerPoint
                | Field::CentsPerUnit
                | Field::PointsPerCent
                | Field::Currency
                | Field::Settlement
                | Field::Round
                | Field::WentOut
                | Field::Winner
                | Field::Points
                | Field::Cards
                | Field::Buys
                | Field::CutBonus
                | Field::HandRommee
                | Field::WentDownFirst
                | Field::Jokers
                | Field::FirstTurn
                | Field::SecondTurn
                | Field::OneSuit
                | Field::NoWilds
                | Field::Note
                | Field::Player(_)
                | Field::PlayerBuys(_) => {}
            }
            assert_eq!(field.key(), *key, "{field:?}");
        }
        let distinct: std::collections::BTreeSet<String> =
            keys.iter().map(|(f, _)| f.key()).collect();
        assert_eq!(distinct.len(), keys.len(), "two fields share a key");
        // A name is its own key, spelt as given; buys prefix it.
        assert_eq!(Field::Player("Zoë B.".into()).key(), "Zoë B.");
        assert_eq!(Field::PlayerBuys("Zoë B.".into()).key(), "buys.Zoë B.");
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod moved_tests;
