//! The words of a table's own rule set on the pages: the "House rules" editor
//! (`/rules/new`), where a table writes its game starting from a rule set, and the rule book
//! page generated from a rule set's data (`/rules/{id}`). The problems of a draft are the
//! definition's own sentences (`text::definition`); what is here is the page's words.
//!
//! Depends on `text` only; `rules` never imports this file.

messages! {
    /// The House rules editor and the generated rule book.
    pub enum HouseRulesMsg {
        Title => "House rules", "Hausregeln";
        Intro => "Write down your table's own game: start from a rule set, change what you play differently, and save it. Every change is checked at once.",
            "Schreibt euer eigenes Spiel auf: geht von einem Regelwerk aus, ändert, was ihr anders spielt, und speichert es. Jede Änderung wird sofort geprüft.";
        StartFrom => "Start from", "Ausgehen von";
        StartPresets => "Rule sets", "Regelwerke";
        StartExamples => "Examples of house rules", "Beispiele für Hausregeln";
        StartLoad => "Start from this", "Davon ausgehen";
        StartHint => "Starting again replaces the changes below.",
            "Neu anfangen ersetzt die Änderungen unten.";
        BasedOn => "Based on {name}.", "Beruht auf {name}.";
        DefaultName => "{name} – our house rules", "{name} – unsere Hausregeln";
        Name => "Name of your rule set", "Name eures Regelwerks";
        Rounds => "Rounds", "Runden";
        RoundsCount => "{n} {n|round|rounds}", "{n} {n|Runde|Runden}";
        RoundN => "Round {n}", "Runde {n}";
        PerPlayer => "One round per player: everyone deals once. The cards dealt are set when a game starts.",
            "Eine Runde je Spieler: jeder gibt einmal. Wie viele Karten es gibt, wird beim Start einer Partie eingestellt.";
        Contract => "Contract", "Kontrakt";
        NoContract => "No contract: tap a meld below to ask for one.",
            "Kein Kontrakt: tippt unten eine Meldung an, um einen zu verlangen.";
        ContractHint => "Tap a meld to add it; \"or\" starts another way to make the contract.",
            "Tippt eine Meldung an, um sie hinzuzufügen; „oder“ beginnt eine weitere Möglichkeit, den Kontrakt zu erfüllen.";
        Or => "or", "oder";
        OrButton => "+ or …", "+ oder …";
        AddSet => "+ set of {min}", "+ Satz à {min}";
        AddRun => "+ run of {min}", "+ Folge à {min}";
        AddPair => "+ pair", "+ Paar";
        ChipSet => "Set of", "Satz à";
        ChipRun => "Run of", "Folge à";
        ChipPair => "Pair", "Paar";
        ChipCards => "cards", "Karten";
        RemoveMeld => "Remove {meld}", "{meld} entfernen";
        Deal => "Cards dealt", "Karten je Spieler";
        Buys => "Buying allowed", "Kaufen erlaubt";
        BuyLimit => "Most buys per player (empty: no limit)", "Höchstens so viele Käufe je Spieler (leer: unbegrenzt)";
        GoOutAll => "Go out all at once (no melding before)", "Auf einen Schlag ausgehen (vorher nicht auslegen)";
        ExactMinimum => "Exact minimum: the contract melds hold only the cards asked for",
            "Genaues Minimum: die Kontraktmeldungen haben nur die verlangten Karten";
        MoreRules => "Runs of one suit", "Folgen einer Farbe";
        NoContiguousRuns => "Two runs of one suit may not join end to end",
            "Zwei Folgen einer Farbe dürfen nicht lückenlos aneinanderstoßen";
        RunsTwoApart => "Two runs of one suit need two ranks between them",
            "Zwei Folgen einer Farbe brauchen zwei Ränge Abstand";
        RunsDifferentSuits => "Every run in its own suit", "Jede Folge in einer eigenen Farbe";
        NoTwoSetsSameRank => "No two sets of one rank", "Keine zwei Sätze desselben Rangs";
        MoveUp => "Move round {n} up", "Runde {n} nach oben";
        MoveDown => "Move round {n} down", "Runde {n} nach unten";
        Remove => "Remove round {n}", "Runde {n} entfernen";
        AddRound => "+ Add a round", "+ Runde hinzufügen";
        Melds => "Meld rules", "Melderegeln";
        Ace => "The ace in runs", "Das Ass in Folgen";
        Jokers => "Play with jokers", "Mit Jokern spielen";
        TwosWild => "2s are wild", "Zweien sind wild";
        WildsPerMeld => "Wild cards per meld", "Wilde Karten je Meldung";
        AllWild => "A meld may be all wild cards", "Eine Meldung darf nur aus wilden Karten bestehen";
        DeckJokers => "Jokers shuffled in", "Joker im Spiel";
        DeckJokersPerDeck => "Jokers per deck", "Joker je Blatt";
        OutOfRange => "{text} is out of range: 0 to {max}.", "{text} liegt außerhalb von 0 bis {max}.";
        SetMin => "Shortest set", "Kürzester Satz";
        RunMin => "Shortest run", "Kürzeste Folge";
        SetsDiffer => "The cards of a set are all of different suits", "Die Karten eines Satzes haben alle verschiedene Farben";
        CardValues => "Card values", "Kartenwerte";
        CardValuesHint => "Penalty points for each card left in hand when a round ends.",
            "Strafpunkte für jede Karte, die am Ende einer Runde auf der Hand bleibt.";
        NoCardValues => "This rule set scores in units per hand won, not in card points.",
            "Dieses Regelwerk zählt Einheiten je gewonnener Hand, keine Kartenpunkte.";
        Joker => "Joker", "Joker";
        GoOutLeft => "Points a player may keep in hand when going out (0: every card melded)",
            "Punkte, die beim Ausgehen auf der Hand bleiben dürfen (0: alle Karten gemeldet)";
        Money => "Money", "Geld";
        Scheme => "How money is settled", "Wie abgerechnet wird";
        Check => "Check", "Prüfen";
        Save => "Save the rule set", "Regelwerk speichern";
        SaveHint => "Saved, the rule set never changes: a game keeps the rules it started with. To change it later, edit a copy.",
            "Gespeichert ändert sich das Regelwerk nie mehr: eine Partie behält die Regeln, mit denen sie begann. Für Änderungen bearbeitet eine Kopie.";
        Problems => "{n} {n|thing|things} to fix before saving; each is marked where it is.",
            "Vor dem Speichern {n|ist|sind} noch {n} {n|Sache|Sachen} zu berichtigen; jede steht an ihrer Stelle.";
        AllGood => "Everything checks out: the rule set can be saved.",
            "Alles stimmt: das Regelwerk kann gespeichert werden.";
        NotANumber => "\"{text}\" is not a whole number; write one such as {example}.",
            "„{text}“ ist keine ganze Zahl; schreibt eine wie {example}.";
        DraftUnreadable => "Your changes could not be read back (the page was damaged or too large), so the page starts again from {name}.",
            "Eure Änderungen ließen sich nicht zurücklesen (die Seite war beschädigt oder zu groß), daher beginnt die Seite wieder bei {name}.";
        DraftTooLarge => "That would make the rule set too large to carry on the page, so it was not done; remove something first.",
            "Damit würde das Regelwerk zu groß für die Seite, deshalb ist es nicht geschehen; entfernt zuerst etwas.";
        UnknownStart => "There is no rule set or example \"{from}\" to start from; choose one from the list.",
            "Es gibt kein Regelwerk und kein Beispiel „{from}“, von dem man ausgehen könnte; wählt eines aus der Liste.";
        KeyUsed => "This form was already used to save another rule set. Check the rules below and save again.",
            "Mit diesem Formular wurde schon ein anderes Regelwerk gespeichert. Prüft die Regeln unten und speichert noch einmal.";
        BackToGroup => "Back to {group}", "Zurück zu {group}";
        MakeOwn => "Write your own rule set", "Ein eigenes Regelwerk schreiben";
        MakeOwnHint => "Your own rounds, contracts, meld rules, card values and money.",
            "Eigene Runden, Kontrakte, Melderegeln, Kartenwerte und Abrechnung.";
        // The rule book.
        BookTitle => "Rule book: {name}", "Regelbuch: {name}";
        BookOwn => "A table's own rule set, based on {name}.", "Das eigene Regelwerk einer Runde, beruhend auf {name}.";
        BookSource => "Source: {source}", "Quelle: {source}";
        BookPlayers => "For {min} to {max} {max|player|players}.", "Für {min} bis {max} Spieler.";
        BookDecks => "Cards: {decks} for {players} {players|player|players}.", "Karten: {decks} bei {players} {players|Spieler|Spielern}.";
        BookDecksAll => "Cards: {decks}.", "Karten: {decks}.";
        BookRoundsHint => "A game has {n} {n|round|rounds}; each asks for its contract before a player may meld.",
            "Eine Partie hat {n} {n|Runde|Runden}; jede verlangt ihren Kontrakt, bevor man auslegen darf.";
        BookNoContract => "No contract.", "Kein Kontrakt.";
        BookBuys => "Buying allowed.", "Kaufen erlaubt.";
        BookBuysLimit => "Buying allowed, at most {n} {n|time|times} per player.",
            "Kaufen erlaubt, höchstens {n}-mal je Spieler.";
        BookNoBuys => "No buying.", "Kein Kaufen.";
        BookHigherBetter => "The highest total wins.", "Die höchste Summe gewinnt.";
        BookLowerBetter => "The lowest total wins.", "Die niedrigste Summe gewinnt.";
        BookCardValue => "{card}: {points} {points|point|points}", "{card}: {points} {points|Punkt|Punkte}";
        BookSetMin => "Sets hold at least {n} {n|card|cards}, runs at least {m}.", "Sätze haben mindestens {n} {n|Karte|Karten}, Folgen mindestens {m}.";
        BookOpening => "The first meld is worth at least {points} {points|point|points}.", "Das erste Auslegen ist mindestens {points} {points|Punkt|Punkte} wert.";
        BookEditCopy => "Edit a copy", "Eine Kopie bearbeiten";
        BookNewGame => "New game with these rules", "Neue Partie mit diesen Regeln";
        BookFile => "Download as a file (JSON)", "Als Datei herunterladen (JSON)";
        BookCheck => "Check melds with these rules", "Meldungen mit diesen Regeln prüfen";
        BookOptions => "Options a game may change", "Optionen, die eine Partie ändern kann";
    }
}
