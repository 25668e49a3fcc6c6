//! The words of sharing a table's own rule set: its versions, the group page's list of a
//! group's rule sets, the read-only link page (`/rulesets/{id}`) and the import form
//! (`/rulesets/import`), the same in the API's sentences. German addresses the table as
//! "ihr".
//!
//! Words only; no web, no database.

messages! {
    /// A word or sentence of sharing a rule set.
    pub enum SharingMsg {
        NoSuchVersion => "no stored rule set has the id \"{id}\", so there is no version to follow; \"replaces\" takes the id of an earlier version of your rule set",
            "kein gespeichertes Regelwerk hat die ID „{id}“, also gibt es keine Version, der ein neues folgen kann; „replaces“ nimmt die ID einer früheren Version eures Regelwerks";
        NotAnId => "\"{field}\" is {value}; it takes an id as text",
            "„{field}“ ist {value}; das Feld nimmt eine ID als Text";
        GroupRuleSets => "Your rule sets", "Eure Regelwerke";
        GroupNoRuleSets => "No rule set of your own yet. Make one with the house rules editor, or import one from a file or a link.",
            "Noch kein eigenes Regelwerk. Legt eines mit dem Hausregel-Editor an oder importiert eines aus einer Datei oder über einen Link.";
        Version => "version {n}", "Version {n}";
        UsedIn => "played in {n} {n|game|games}", "in {n} {n|Spiel|Spielen} gespielt";
        RuleBook => "Rule book", "Regelbuch";
        Share => "Share", "Teilen";
        File => "File (JSON)", "Datei (JSON)";
        Standings => "Standings with it", "Tabelle damit";
        ImportOne => "Import a rule set", "Regelwerk importieren";
        GamesFilterLegend => "Show the games of", "Spiele zeigen von";
        GamesFiltered => "{n} {n|game|games} with {name}", "{n} {n|Spiel|Spiele} mit {name}";
        AllRules => "All rule sets", "Alle Regelwerke";
        ShowGames => "Show", "Zeigen";
        ShowAll => "Show all games", "Alle Spiele zeigen";
        PageTitle => "Rule set: {name}", "Regelwerk: {name}";
        PageIntro => "A table's own rule set, read-only. Share this page's link or QR code: whoever opens it can download the rule set, start a game with it or add it to their group.",
            "Ein eigenes Regelwerk einer Runde, nur zum Lesen. Teilt den Link oder den QR-Code dieser Seite: Wer sie öffnet, kann das Regelwerk herunterladen, damit ein Spiel beginnen oder es zu seiner Gruppe hinzufügen.";
        StartsFrom => "Starts from {base}", "Geht aus von {base}";
        PlayersRange => "{min} to {max} {max|player|players}", "{min} bis {max} {max|Spieler|Spieler}";
        PlayersExactly => "{n} {n|player|players}", "{n} {n|Spieler|Spieler}";
        RoundsCount => "{n} {n|round|rounds}", "{n} {n|Runde|Runden}";
        OneRoundPerPlayer => "One round per player", "Eine Runde pro Spieler";
        RoundLine => "Round {n}: {contract}", "Runde {n}: {contract}";
        Newer => "A newer version of this rule set exists: version {n}.", "Es gibt eine neuere Version dieses Regelwerks: Version {n}.";
        OpenNewer => "Open the newest version", "Neueste Version öffnen";
        Older => "Earlier versions", "Frühere Versionen";
        QrLabel => "QR code of this rule set's link", "QR-Code des Links zu diesem Regelwerk";
        LinkLabel => "Link to this rule set", "Link zu diesem Regelwerk";
        Download => "Download the file (JSON)", "Datei herunterladen (JSON)";
        UseIt => "Play with it", "Damit spielen";
        StartGame => "Start a game with it", "Ein Spiel damit beginnen";
        AddToGroup => "Add it to a group", "Zu einer Gruppe hinzufügen";
        AddToGroupHint => "Pick one of this phone's groups or paste a group's edit link: the group gets its own copy, listed on its page.",
            "Wählt eine Gruppe dieses Handys oder fügt den Bearbeitungslink einer Gruppe ein: Die Gruppe bekommt eine eigene Kopie, die auf ihrer Seite steht.";
        PhoneGroups => "This phone's groups", "Gruppen auf diesem Handy";
        GroupLink => "A group's edit link", "Bearbeitungslink einer Gruppe";
        ChooseGroup => "Choose one of this phone's groups or paste a group's edit link.",
            "Wählt eine Gruppe dieses Handys oder fügt den Bearbeitungslink einer Gruppe ein.";
        NoGroup => "no group", "keine Gruppe";
        Add => "Add to the group", "Zur Gruppe hinzufügen";
        ImportTitle => "Import a rule set", "Regelwerk importieren";
        ImportIntro => "A rule set someone shared with you: choose its file, or paste its JSON, its link or its id. It is checked like every rule set and stored as it is.",
            "Ein Regelwerk, das jemand mit euch geteilt hat: Wählt seine Datei oder fügt sein JSON, seinen Link oder seine ID ein. Es wird wie jedes Regelwerk geprüft und so gespeichert, wie es ist.";
        FileLabel => "The rule set's file (.json)", "Die Datei des Regelwerks (.json)";
        PasteLabel => "…or paste its JSON, its link or its id", "…oder fügt sein JSON, seinen Link oder seine ID ein";
        ForGroup => "For a group (optional)", "Für eine Gruppe (freiwillig)";
        ImportButton => "Import", "Importieren";
        NothingGiven => "Choose a file or paste a rule set's JSON, link or id.",
            "Wählt eine Datei oder fügt das JSON, den Link oder die ID eines Regelwerks ein.";
        NoSuchLink => "No rule set on this server has the link or id \"{value}\". A rule set from another server travels as its file: download it there and choose it here.",
            "Kein Regelwerk auf diesem Server hat den Link oder die ID „{value}“. Ein Regelwerk von einem anderen Server kommt als Datei: Ladet sie dort herunter und wählt sie hier aus.";
        NotStoredProblems => "The rule set was not stored. Fix these and try again:", "Das Regelwerk wurde nicht gespeichert. Behebt das und versucht es noch einmal:";
        Imported => "Stored. Its link and file are below; it is yours to share.", "Gespeichert. Link und Datei stehen unten; ihr könnt es weitergeben.";
        ImportedFor => "Stored for the group {group}.", "Für die Gruppe {group} gespeichert.";
        BackToGroup => "Back to the group", "Zurück zur Gruppe";
    }
}
