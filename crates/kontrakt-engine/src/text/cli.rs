//! The command line's answers in words: the verdicts and headings of `kontrakt check`,
//! `solve`, `fit` and `score`, in English or German. The melds, cards and reasons inside them are
//! said by `text::cards` and `text::check`, as on the pages.
//!
//! Depends on `text` only.

messages! {
    /// The words of the engine commands' reports.
    pub enum CliMsg {
        Legal => "Legal", "Gültig";
        NotLegal => "Not legal", "Nicht gültig";
        Solvable => "Solvable", "Lösbar";
        /// The first line of a report: "Legal: 2 runs of 4 (Contract Rummy, round 3)".
        Verdict => "{verdict}: {heading}", "{verdict}: {heading}";
        Reasons => "Reasons:", "Gründe:";
        NotSolvable => "Not solvable: this hand cannot make {what}.",
            "Nicht lösbar: diese Hand ergibt nicht {what}.";
        /// Rommé has no contract: no opening worth the minimum.
        NoOpening => "Not solvable: this hand makes no opening meld worth {points} {points|point|points} ({name}).",
            "Nicht lösbar: diese Hand ergibt keine erste Meldung mit {points} Punkten ({name}).";
        /// One meld of a report: "Meld 1: 3♥ 4♥ 5♥ 6♥ = run ♥3–6".
        MeldLine => "Meld {n}: {cards} = {reading}", "Meldung {n}: {cards} = {reading}";
        LeftOver => "Left over: {cards}", "Übrig: {cards}";
        /// Below a meld: the other readings of its undeclared wild cards.
        CouldAlsoBe => "could also be: {readings} (declare the wild card, like JK=JH, to choose)",
            "könnte auch sein: {readings} (sagt die wilde Karte an, z. B. JK=JH, um zu wählen)";
        LeftOverNone => "Left over: none", "Übrig: keine";
        /// `score`: "25 points (Shanghai)".
        Points => "{total} {total|point|points} ({name})", "{total} {total|Punkt|Punkte} ({name})";
        OpeningWorth => "opening meld worth {points} {points|point|points}, at least {needed} needed ({name})",
            "erste Meldung mit {points} Punkten, mindestens {needed} nötig ({name})";
        ContractOfRound => "{contract} ({name}, round {n})", "{contract} ({name}, Runde {n})";
        /// `fit`: the meld as it lies after the card, every wild card declared.
        FitAfter => "Then the meld reads: {cards}", "Dann liegt die Meldung so: {cards}";
        FitNoMeld => "--meld holds no card: give the cards of the meld on the table, like \"5H 6H 7H JK=8H\"",
            "--meld enthält keine Karte: gebt die Karten der ausgelegten Meldung an, etwa „5H 6H 7H JK=8H“";
        FitOneCard => "give the one card to lay off, like 8H or JK=9H, not {given} {given|card|cards}",
            "gebt die eine Karte zum Anlegen an, etwa 8H oder JK=9H, nicht {given} {given|Karte|Karten}";
        /// `solve --best` where the rule set has contracts, not an opening minimum.
        BestWithoutOpening => "--best asks for the most valuable opening, but {rules} has contracts, not an opening with minimum points; leave it out",
            "--best fragt nach dem wertvollsten Auslegen, aber {rules} hat Kontrakte, kein Auslegen mit Mindestpunkten; lasst es weg";
        AnOpeningMeld => "an opening meld worth {points} {points|point|points} ({name})",
            "eine erste Meldung mit {points} Punkten ({name})";
    }
}
