//! The JSON API's own sentences, in English and German: what a request body got wrong
//! beyond the engine's errors (which `text::check`, `text::rules`, `text::cards` and
//! `text::settlement` say). The API answers in the request's `lang` (body, else the
//! Accept-Language header, else English); its codes and parameters never change with it.
//!
//! Depends on `text` only.

messages! {
    /// Sentences of the JSON API's request checks (clauses: lower case, no full stop, as the
    /// API's `error` has always read).
    pub enum ApiMsg {
        /// After the sentences of an unlikely round entry (a whole sentence).
        ConfirmUnlikely => "Check it; to save it anyway, send the same entry with \"confirm\": true.",
            "Prüft das; um es trotzdem zu speichern, schickt denselben Eintrag mit „confirm“: true.";
        BadLang => "\"lang\" is \"en\" or \"de\", not \"{given}\"",
            "„lang“ ist „en“ oder „de“, nicht „{given}“";
        /// `rules` is the rule-set id.
        BestWithoutOpening => "\"best\" asks for the most valuable opening, but {rules} has contracts, not an opening with minimum points; leave it out",
            "„best“ fragt nach dem wertvollsten Auslegen, aber {rules} hat Kontrakte, kein Auslegen mit Mindestpunkten; lasst es weg";
        BestWhileGoingOut => "\"best\" asks for the most valuable opening, and \"go_out\" for melds to go out with; ask one at a time",
            "„best“ fragt nach dem wertvollsten Auslegen und „go_out“ nach Meldungen zum Ausgehen; fragt eins nach dem anderen";
        /// `error` is the engine's clause ([`super::rules::score_error`]).
        NoCardPoints => "{error}; use /api/v1/settle with \"hands\"",
            "{error}; nutzt /api/v1/settle mit „hands“";
        /// `scheme` and `instead` are said by [`super::settlement::scheme_in_sentence`] and
        /// [`super::settlement::fields_in_sentence`].
        NotUsed => "\"{field}\" is not used by {rules} ({scheme} settlement); send {instead}",
            "„{field}“ gilt nicht für {rules} (Abrechnung: {scheme}); sendet {instead}";
        Missing => "\"{field}\" is missing: {rules} ({scheme} settlement) needs it",
            "„{field}“ fehlt: {rules} (Abrechnung: {scheme}) braucht es";
        TooManyHands => "too many hands: {given} given, at most {max} are accepted",
            "zu viele Hände: {given} angegeben, höchstens {max} möglich";
        PlayerCount => "{rules} is played by {min} to {max} {max|player|players}, not {given}",
            "{rules} wird von {min} bis {max} {max|Person|Personen} gespielt, nicht von {given}";
        /// `POST /api/v1/fit` (Added 2026-11-24).
        FitNoMeld => "\"meld\" holds no card: send the cards of the meld on the table, like \"5H 6H 7H JK=8H\"",
            "„meld“ enthält keine Karte: sendet die Karten der ausgelegten Meldung, etwa „5H 6H 7H JK=8H“";
        FitOneCard => "\"card\" is the one card to lay off, like \"8H\" or \"JK=9H\", not {given} {given|card|cards}",
            "„card“ ist die eine Karte zum Anlegen, etwa „8H“ oder „JK=9H“, nicht {given} {given|Karte|Karten}";
        NoName => "player {seat} has no name", "Spieler {seat} hat keinen Namen";
        NameTooLong => "the name of player {seat} is longer than {max} {max|character|characters}",
            "der Name von Spieler {seat} ist länger als {max} Zeichen";
        NameHasControl => "the name of player {seat} holds a tab or line break; use plain text",
            "der Name von Spieler {seat} enthält einen Tabulator oder Zeilenumbruch; nur einfacher Text";
        NameTwice => "the name \"{name}\" is given twice; every player needs a different name",
            "der Name „{name}“ ist doppelt angegeben; jeder Spieler braucht einen eigenen Namen";
        UnknownWinner => "hand {number}: the winner \"{winner}\" is not one of the players",
            "Hand {number}: „{winner}“ spielt nicht mit";
        WrongField => "The JSON has a wrong or missing field: {detail}.",
            "Im JSON fehlt ein Feld oder eines ist falsch: {detail}.";
        /// A body that is no JSON at all (Added 2026-11-24: in the client's language).
        NotJson => "The request body is not valid JSON: {detail}.",
            "Der Inhalt der Anfrage ist kein gültiges JSON: {detail}.";
        /// The body of undo, end, resume: `{"version": N}` or nothing.
        WrongVersionBody => "The JSON has a wrong field: {detail}; send {\"version\": N} or nothing.",
            "Im JSON ist ein Feld falsch: {detail}; sendet {\"version\": N} oder nichts.";
        /// A body that is JSON but no object (an array, a number, …).
        NotAnObject => "The body is JSON but not an object: send an object such as {\"version\": N}, or nothing.",
            "Der Inhalt ist JSON, aber kein Objekt: Sendet ein Objekt wie {\"version\": N} oder nichts.";
    }
}
