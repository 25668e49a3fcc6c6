//! The texts of the web pages: labels, hints, headings, form and status errors.
//!
//! One table, English and German side by side (see the module docs of `text`). Pages read
//! them through `web::i18n::PageCtx` (`ctx.t(Msg::X)`, `ctx.f(Msg::X, &[("n", &3)])`).
//!
//! Depends on `text` only.

use super::Lang;

messages! {
    /// A text of a page: every variant has an English and a German template.
    pub enum Msg {
        // Layout.
        /// The link to the other language, named in that language.
        LangSwitch => "Deutsch", "English";
        /// Its description for screen readers.
        LangSwitchHint => "Auf Deutsch anzeigen", "Show in English";
        FooterText => "Kontrakt keeps score and referees contract rummy at your table.",
            "Kontrakt schreibt an eurem Tisch die Punkte mit und achtet beim Kontrakt-Rommé auf die Regeln.";
        NavChecker => "Meld checker", "Meldeprüfer";
        Home => "Home", "Startseite";

        // Home page.
        HomeLead => "The score sheet, the contracts and a referee for your card table, on every phone at once.",
            "Spielblock, Kontrakte und Schiedsrichter für euren Kartentisch, auf allen Handys zugleich.";
        HomeStart => "Start a new game", "Neues Spiel beginnen";
        HomeStartHint => "Rule set, players, dealer and money: set up in a minute.",
            "Regeln, Spieler, Geber und Geld: in einer Minute eingerichtet.";
        HomeContinue => "Continue a game", "Spiel fortsetzen";
        // Where a recent game stands.
        HomeFinished => "finished", "beendet";
        /// A group of the home page's list: its counts, and its last game's day.
        HomeGroupCounts => "{games} {games|game|games} · {players} {players|player|players}",
            "{games} {games|Spiel|Spiele} · {players} Spieler";
        HomeGroupLast => "last game {date}", "letztes Spiel am {date}";
        /// The money chart on the group page, with a link to the ledger.
        GroupChartCaption => "Each player's money over the group's games. The numbers:",
            "Das Geld jedes Spielers über die Spiele der Gruppe. Die Zahlen:";
        HomeEndedEarly => "ended early after round {n} of {of}", "vorzeitig beendet nach Runde {n} von {of}";
        HomeLeader => "{names} leads with {total}", "{names} führt mit {total}";
        HomeLeaders => "{names} lead with {total}", "{names} führen mit {total}";
        HomeWinner => "{names} won with {total}", "{names} hat mit {total} gewonnen";
        HomeWinners => "{names} won with {total}", "{names} haben mit {total} gewonnen";
        HomeNoRecent => "Games you start or open on this phone appear here.",
            "Spiele, die ihr auf diesem Handy beginnt oder öffnet, erscheinen hier.";
        HomeCheckerHint => "Is this meld legal? Can I go down? Does this card fit?",
            "Ist diese Meldung gültig? Kann ich auslegen? Passt diese Karte?";
        HomeLanguage => "Language", "Sprache";
        HomeLanguageNow => "This page is in English.", "Diese Seite ist auf Deutsch.";

        // Meld checker: choosing rules and round.
        CheckTitle => "Meld checker", "Meldeprüfer";
        CheckLead => "Choose the rule set and round, then ask about melds, a hand or a card.",
            "Wählt Regeln und Runde, dann fragt nach Meldungen, einer Hand oder einer Karte.";
        FieldRules => "Rule set", "Regeln";
        FieldRound => "Round", "Runde";
        PlayersRange => "{min}–{max} {max|player|players}", "{min}–{max} Spieler";
        RoundOption => "Round {n}: {contract}", "Runde {n}: {contract}";
        RoundOpening => "First meld worth at least {points} {points|point|points}",
            "Erstes Auslegen mit mindestens {points} Punkten";
        ButtonApply => "Show this round", "Diese Runde zeigen";
        FactDeal => "{n} {n|card|cards} dealt.", "{n} {n|Karte wird|Karten werden} ausgeteilt.";
        FactAceLowOrHigh => "Ace low or high (A-2-3, Q-K-A), not round the corner.",
            "Ass tief oder hoch (A-2-3, D-K-A), nicht um die Ecke.";
        FactAceHighOnly => "Ace high only (Q-K-A).", "Ass nur hoch (D-K-A).";
        FactAceWrap => "Runs may turn the corner (Q-K-A-2-3).",
            "Folgen dürfen um die Ecke gehen (D-K-A-2-3).";
        FactWildJokers => "Jokers are wild.", "Joker sind wild.";
        FactWildJokersTwos => "Jokers and 2s are wild.", "Joker und Zweien sind wild.";
        FactWildTwos => "2s are wild.", "Zweien sind wild.";
        FactWildNone => "No wild cards.", "Keine wilden Karten.";
        FactWildShareHalf => "At most half of a meld's cards wild.",
            "Höchstens die Hälfte der Karten einer Meldung wild.";
        FactWildShareThird => "At most a third of a meld's cards wild.",
            "Höchstens ein Drittel der Karten einer Meldung wild.";
        FactMaxWilds => "At most {n} wild {n|card|cards} per meld.",
            "Höchstens {n} {n|wilde Karte|wilde Karten} je Meldung.";
        FactMinNaturals => "At least {n} natural {n|card|cards} per meld.",
            "Mindestens {n} {n|echte Karte|echte Karten} je Meldung.";
        FactAllWild => "All-wild melds are allowed (declare what they are).",
            "Meldungen nur aus wilden Karten sind erlaubt (ansagen, was sie sind).";
        CheckOptions => "Options in force", "Geltende Optionen";
        /// The checker's rules in one line, on the fold that opens them.
        CheckSummaryRound => "round {n}", "Runde {n}";
        CheckSummaryStandard => "standard options", "Optionen wie im Regelbuch";
        CheckSummaryChanged => "{n} {n|option|options} changed", "{n} {n|Option|Optionen} geändert";
        CheckSummaryGameOptions => "your game's options", "Optionen eurer Partie";
        CheckFromGame => "Set to your game: its rules, its options and the round now.",
            "Auf eure Partie eingestellt: ihre Regeln, ihre Optionen und die Runde von jetzt.";
        CheckOtherRules => "Check with other rules", "Mit anderen Regeln prüfen";
        CheckOptionsHint => "As the rule book has them unless changed here. The checker link of a game brings the game's options.",
            "Wie im Regelbuch, außer hier geändert. Der Link zum Meldeprüfer aus einem Spiel bringt dessen Optionen mit.";
        CheckOptionChanged => "Rule book: {value}", "Regelbuch: {value}";
        OptionOn => "on", "an";
        OptionOff => "off", "aus";
        FactShanghaiCalls => "A discard that fits a meld on the table can be claimed: \"Shanghai!\"",
            "Ein Abwurf, der an eine ausgelegte Meldung passt, kann mit „Shanghai!“ beansprucht werden.";

        // Meld checker: is this meld legal?
        SecMelds => "Is this meld legal?", "Ist diese Meldung gültig?";
        FieldMelds => "Melds", "Meldungen";
        FieldMeldsHint => "One meld per line, or | between melds. Cards like 10H QS A♦ JK; a wild card laid as one card: JK=JH.",
            "Eine Meldung je Zeile oder | dazwischen. Karten wie HK (Herz König), BP (Bube Pik), 10H, D♥ oder JK; eine wilde Karte als bestimmte Karte: JK=JH.";
        ButtonCheck => "Check melds", "Meldungen prüfen";
        ContractIs => "Contract: {contract}", "Kontrakt: {contract}";
        VerdictOk => "Legal: these melds make the contract.",
            "Gültig: diese Meldungen erfüllen den Kontrakt.";
        VerdictOkOpening => "Legal: these melds are a valid first meld.",
            "Gültig: diese Meldungen reichen zum ersten Auslegen.";
        VerdictBad => "Not legal.", "Nicht gültig.";
        VerdictPoints => "Worth {points} {points|point|points}.", "Wert: {points} {points|Punkt|Punkte}.";
        MeldN => "Meld {n}", "Meldung {n}";
        NotAMeld => "not a meld", "keine Meldung";
        /// A wild 2 (die Zwei) in a sentence of its own.
        WildAs => "{wild} stands for {card}", "Die {wild} steht für {card}";
        /// The joker (der Joker) in a sentence of its own.
        WildAsJoker => "{wild} stands for {card}", "Der Joker steht für {card}{wild||}";
        /// The other readings of a meld's undeclared wild cards.
        CouldAlsoBe => "It could also be: {readings}. Declare the wild card (like JK=JH) to choose.",
            "Sie könnte auch sein: {readings}. Sagt die wilde Karte an (z. B. JK=JH), um zu wählen.";
        /// A wild card the player declared (`JK=JH`).
        WildDeclared => "{wild} declared as {card}", "{wild} angesagt als {card}";

        // Meld checker: can I go down?
        SecSolve => "Can I go down?", "Kann ich auslegen?";
        FieldHand => "Your hand", "Die Hand";
        FieldHandHint => "All your cards, separated by spaces.", "Alle Karten der Hand, mit Leerzeichen getrennt.";
        /// Rommé: `/solve`'s `best` on the checker page.
        FieldBest => "Find the most valuable opening, not just one worth the minimum",
            "Das wertvollste Auslegen suchen, nicht nur eines mit den Mindestpunkten";
        ButtonSolve => "Find melds", "Meldungen suchen";
        SolveYes => "Yes, you can go down with:", "Ja, so lässt sich auslegen:";
        SolveNo => "No: {n|this|these} {n} {n|card does|cards do} not make {contract}.",
            "Nein: diese {n} {n|Karte ergibt|Karten ergeben} nicht {contract}.";
        SolveNoOpening => "No: these cards make no first meld worth {points} {points|point|points}.",
            "Nein: diese Karten ergeben kein erstes Auslegen mit {points} Punkten.";
        Leftover => "Left in hand: {cards}", "Bleibt auf der Hand: {cards}";
        LeftoverNone => "Nothing left in hand.", "Nichts bleibt auf der Hand.";

        // Meld checker: does this card fit?
        SecFit => "Does this card fit?", "Passt diese Karte?";
        FieldCard => "Card", "Karte";
        FieldTableMeld => "Meld on the table", "Ausgelegte Meldung";
        ButtonFit => "Check the card", "Karte prüfen";
        FitYes => "Yes: {card} fits, making a {reading}.", "Ja: {card} passt, ergibt: {reading}.";
        FitLayOff => "It can be laid off on this meld.", "Sie kann an diese Meldung angelegt werden.";
        /// [`Msg::FitLayOff`] for a joker: der Joker, so "er" in German.
        FitLayOffJoker => "It can be laid off on this meld.", "Er kann an diese Meldung angelegt werden.";
        /// A swap of the joker (der Joker): `wild` is "Joker" in English, left out in German.
        FitSwapYesJoker => "Yes: {card} can replace {wild}, which stands for it.",
            "Ja: {card} kann den Joker ersetzen, der für sie steht.{wild||}";
        /// A swap of a wild 2 (die Zwei).
        FitSwapYes => "Yes: {card} can replace {wild}, which stands for it.",
            "Ja: {card} kann die {wild} ersetzen, die für sie steht.";
        FitSwapJoker => "A joker swap: put {card} in and take {wild}.",
            "Joker tauschen: {card} einlegen und den Joker nehmen.{wild||}";
        FitSwap => "A joker swap: put {card} in and take {wild}.",
            "Wilde Karte tauschen: {card} einlegen und die {wild} nehmen.";
        FitShanghai => "As a discard it can be claimed with a Shanghai call.",
            "Als Abwurf kann sie mit „Shanghai!“ beansprucht werden.";
        FitNo => "No: {card} does not fit on {meld}.", "Nein: {card} passt nicht an {meld}.";

        // Form errors.
        FormHasErrors => "Please correct the marked field.", "Bitte korrigiert das markierte Feld.";
        /// Several fields are marked (see [`Msg::form_notice`]).
        FormHasErrorsMany => "Please correct the {n} marked {n|field|fields}.",
            "Bitte korrigiert die {n} {n|markierte|markierten} {n|Feld|Felder}.";
        /// Problems are listed, but no field is marked.
        FormHasProblems => "Please correct the problems listed below.",
            "Bitte behebt die unten genannten Probleme.";
        ErrNoMelds => "Type at least one meld.", "Gebt mindestens eine Meldung ein.";
        ErrNoHand => "Type the cards in your hand.", "Gebt die Karten der Hand ein.";
        ErrOneCard => "Type exactly one card.", "Gebt genau eine Karte ein.";
        ErrNoTableMeld => "Type the cards of the meld on the table.",
            "Gebt die Karten der ausgelegten Meldung ein.";
        ErrUnknownRules => "Choose a rule set from the list.", "Wählt Regeln aus der Liste.";
        ErrRoundRange => "{rules} has rounds 1 to {max}.", "{rules} hat die Runden 1 bis {max}.";

        // Card grid.
        GridSummary => "Tap cards", "Karten antippen";
        GridJoker => "Joker", "Joker";
        GridNewMeld => "New meld", "Neue Meldung";
        /// Declares the last wild card as the next card tapped (`JK=JH`).
        GridDeclare => "= stands for…", "= steht für…";
        GridBackspace => "Remove the last card", "Letzte Karte entfernen";
        GridCountOne => "1 card", "1 Karte";
        GridCountMany => "{n} cards", "{n} Karten";
        GridMeldsMany => "{n} melds", "{n} Meldungen";

        // --- round forms (enter, correct, undo, history) ---
        RoundsEnterTitle => "Round {n} of {of}", "Runde {n} von {of}";
        RoundsCorrectTitle => "Correct round {n}", "Runde {n} berichtigen";
        RoundsDealer => "{name} deals.", "{name} gibt.";
        RoundsWentOut => "Who went out?", "Wer ist ausgegangen?";
        RoundsWinner => "Who won the hand?", "Wer hat das Spiel gewonnen?";
        RoundsNobody => "Nobody: the stock ran out", "Niemand: der Stapel ist aufgebraucht";
        RoundsChooseWinner => "Choose who went out, or nobody if the stock ran out.",
            "Wählt, wer ausgegangen ist, oder niemand, wenn der Stapel aufgebraucht ist.";
        RoundsOneWinner => "Only one player can go out; choose one.",
            "Nur einer kann ausgehen; wählt einen.";
        RoundsPenaltyLead => "Everyone else: type the points, or the cards left in hand and the app counts them.",
            "Alle anderen: Punkte eintippen oder die Karten auf der Hand, die App zählt sie.";
        RoundsPoints => "Points", "Punkte";
        RoundsBadSum => "“{text}” is not a sum of whole numbers: type the points like 25+10+5.",
            "„{text}“ ist keine Summe ganzer Zahlen: Punkte so eintippen: 25+10+5.";
        RoundsCards => "or cards left in hand", "oder Karten auf der Hand";
        RoundsCardsHint => "Like AS JK 7H", "Etwa AS JK 7H";
        RoundsCount => "{cards} = {points} {points|point|points}", "{cards} = {points} {points|Punkt|Punkte}";
        RoundsIsWinner => "went out: 0 points", "ist ausgegangen: 0 Punkte";
        RoundsBuys => "Buys", "Käufe";
        RoundsMoreCards => "Cards in hand", "Karten auf der Hand";
        /// The visible word of the toggle that opens a row's card entry.
        RoundsCardsShort => "Cards", "Karten";
        RoundsBuysLimit => "at most {n}", "höchstens {n}";
        RoundsCutBonus => "{name} cut exactly {target} {target|card|cards}: −{bonus}",
            "{name} hat genau {target} {target|Karte|Karten} abgehoben: −{bonus}";
        RoundsWentDownFirst => "Who went down first? (−{bonus})", "Wer hat zuerst ausgelegt? (−{bonus})";
        RoundsNobodyDown => "Nobody", "Niemand";
        RoundsGoingOutBonus => "Going out: −{bonus}", "Ausgehen: −{bonus}";
        RoundsHandRommee => "Hand-Rommé: went out in one go without melding before; the others' points count double",
            "Hand-Rommé: auf einen Schlag ausgegangen, ohne vorher zu melden; die Punkte der anderen zählen doppelt";
        RoundsJokers => "Jokers in the winning hand", "Joker in der Gewinnerhand";
        RoundsFirstTurn => "Went out on the first turn (+10 from each player)",
            "Im ersten Zug ausgegangen (+10 von jedem)";
        RoundsSecondTurn => "Went out on the second turn (+7 from each player)",
            "Im zweiten Zug ausgegangen (+7 von jedem)";
        RoundsOneSuit => "All runs in one suit (+10 from each player)",
            "Alle Folgen in einer Farbe (+10 von jedem)";
        RoundsNoWilds => "Won without any wild card (+10 from each player)",
            "Ohne wilde Karte gewonnen (+10 von jedem)";
        RoundsSave => "Save round {n}", "Runde {n} speichern";
        RoundsSaveCorrection => "Save the correction of round {n}", "Berichtigung von Runde {n} speichern";
        RoundsBackToGame => "Back to the game", "Zurück zum Spiel";
        RoundsHistoryLink => "History", "Verlauf";
        RoundsFormDamaged => "This form is incomplete. Reload the page and enter it again.",
            "Dieses Formular ist unvollständig. Ladet die Seite neu und gebt es noch einmal ein.";
        RoundsNotEntered => "Round {n} has not been entered yet, so it cannot be corrected.",
            "Runde {n} ist noch nicht eingetragen und kann daher nicht berichtigt werden.";
        RoundsConflictTaken => "Round {n} was saved meanwhile, on another phone or on this one before going back. Both versions are below, differences marked ≠: keep the saved round, or save yours instead.",
            "Runde {n} wurde inzwischen gespeichert, auf einem anderen Handy oder auf diesem vor dem Zurückgehen. Unten stehen beide Fassungen, Unterschiede mit ≠ markiert: behaltet die gespeicherte Runde oder speichert stattdessen eure.";
        RoundsConflictSame => "Round {n} is already saved exactly as entered here, most likely from this phone before going back. Nothing more needs saving.",
            "Runde {n} ist schon genau so gespeichert, wie hier eingegeben, wahrscheinlich von diesem Handy vor dem Zurückgehen. Es muss nichts mehr gespeichert werden.";
        /// The conflict page when this form's own key already saved the round: the
        /// phone went back after saving and saved again.
        RoundsConflictMine => "This phone already saved round {n}, before going back, and nothing has changed since. Both versions are below, differences marked ≠: keep round {n} as saved, or save these entries over it.",
            "Dieses Handy hat Runde {n} schon gespeichert, vor dem Zurückgehen, und seitdem hat sich nichts geändert. Unten stehen beide Fassungen, Unterschiede mit ≠ markiert: behaltet Runde {n} so, wie sie gespeichert ist, oder speichert diese Eingaben darüber.";
        RoundsConflictMineSame => "This phone already saved round {n} exactly as entered here. Nothing more needs saving.",
            "Dieses Handy hat Runde {n} schon genau so gespeichert, wie hier eingegeben. Es muss nichts mehr gespeichert werden.";
        RoundsConflictMineChanged => "This phone already saved round {n}, and the game has been changed on another phone since. Both versions are below, differences marked ≠: keep the round as saved now, or save these entries over it.",
            "Dieses Handy hat Runde {n} schon gespeichert, und seitdem wurde das Spiel auf einem anderen Handy geändert. Unten stehen beide Fassungen, Unterschiede mit ≠ markiert: behaltet die Runde so, wie sie jetzt gespeichert ist, oder speichert diese Eingaben darüber.";
        RoundsCompareMine => "Saved from this phone", "Von diesem Handy gespeichert";
        RoundsCompareTheirs => "Saved now", "Jetzt gespeichert";
        RoundsCompareYours => "Your entries", "Eure Eingaben";
        RoundsCompareWentOut => "Went out", "Ausgegangen";
        RoundsCompareWentDownFirst => "Went down first", "Zuerst ausgelegt";
        RoundsCompareLegend => "≠ marks what differs.", "≠ markiert, was abweicht.";
        RoundsKeepTheirs => "Keep the saved round", "Gespeicherte Runde behalten";
        RoundsSaveMineInstead => "Save mine instead (replaces round {n} as saved)",
            "Stattdessen meine speichern (ersetzt die gespeicherte Runde {n})";
        RoundsConflictChanged => "The game was changed on another phone meanwhile. Check the scores; your entries are kept below to save again or discard.",
            "Das Spiel wurde inzwischen auf einem anderen Handy geändert. Prüft den Stand; eure Eingaben stehen unten, zum erneuten Speichern oder Verwerfen.";
        RoundsSavedNow => "Round {n} as saved now", "Runde {n}, wie sie jetzt steht";
        RoundsTotals => "Totals", "Summen";
        RoundsDiscard => "Discard my entries", "Meine Eingaben verwerfen";
        /// A note on a round (docs/RULES.md section 5, "A note per round").
        RoundsNote => "Note on this round (optional)", "Notiz zur Runde (freiwillig)";
        RoundsNoteHint => "For example: Oma's hand was misdealt. One line, at most {max} {max|character|characters}.",
            "Zum Beispiel: Omas Karten waren falsch gegeben. Eine Zeile, höchstens {max} Zeichen.";
        RoundsNoteShort => "Note", "Notiz";
        SheetNotes => "Notes", "Notizen";
        HistoryNote => "Note: {note}", "Notiz: {note}";
        SheetNoteRound => "Round {n}", "Runde {n}";
        /// The confirm step of an unlikely round (docs/RULES.md section 5, "Plausibility").
        RoundsUnlikelyLead => "Please check before this round is saved:",
            "Bitte prüft, bevor diese Runde gespeichert wird:";
        RoundsUnlikelyAsk => "Save anyway, or change the entries below?",
            "Trotzdem speichern oder die Eingaben unten ändern?";
        RoundsSaveAnyway => "Save anyway", "Trotzdem speichern";
        RoundsChange => "Change", "Ändern";
        RoundsActionConflict => "The game was changed on another phone meanwhile, so nothing was done. Check the scores, then try again.",
            "Das Spiel wurde inzwischen auf einem anderen Handy geändert, darum ist nichts passiert. Prüft den Stand und versucht es dann noch einmal.";
        RoundsActionRefused => "Nothing was done.", "Es ist nichts passiert.";
        RoundsUndoAgain => "Undo the last round", "Letzte Runde zurücknehmen";
        RoundsEndAgain => "End the game now", "Spiel jetzt beenden";
        RoundsResumeAgain => "Resume the game", "Spiel fortsetzen";
        RoundsRedoAgain => "Redo the undone round", "Zurückgenommene Runde wiederherstellen";
        UndoConfirmTitle => "Undo round {n}?", "Runde {n} zurücknehmen?";
        UndoConfirmText => "This removes round {n} and its points ({points}). Right after, it can be redone until the next change to the game.",
            "Das entfernt Runde {n} mit ihren Punkten ({points}). Gleich danach lässt sie sich wiederherstellen, bis zur nächsten Änderung an der Partie.";
        UndoConfirmYes => "Undo round {n}", "Runde {n} zurücknehmen";
        UndoConfirmNo => "Keep it", "Behalten";
        GameUndone => "Round {n} was undone ({points}).", "Runde {n} wurde zurückgenommen ({points}).";
        GameRedo => "Redo round {n}", "Runde {n} wiederherstellen";
        /// Undo and redo of a change at the table, a rename or the stake (`{what}`: the
        /// history's title of the change).
        UndoChangeConfirmTitle => "Take back “{what}”?", "„{what}“ zurücknehmen?";
        UndoChangeConfirmText => "This takes back the latest change to the game: {what}. The rounds stay. Right after, it can be redone until the next change to the game.",
            "Das nimmt die letzte Änderung an der Partie zurück: {what}. Die Runden bleiben. Gleich danach lässt sie sich wiederherstellen, bis zur nächsten Änderung an der Partie.";
        UndoChangeConfirmYes => "Take it back", "Zurücknehmen";
        GameUndoneChange => "Undone: {what}.", "Zurückgenommen: {what}.";
        GameRedoChange => "Redo this change", "Änderung wiederherstellen";
        OutboxPending => "Not sent yet (no connection): kept on this phone, will retry.",
            "Noch nicht gesendet (keine Verbindung): auf diesem Handy gespeichert, wird erneut versucht.";
        OutboxSending => "Sending…", "Wird gesendet…";
        OfflineNotice => "Offline: showing the last saved state of this page. It updates when the connection is back.",
            "Offline: Hier steht der zuletzt gespeicherte Stand dieser Seite. Er wird aktualisiert, sobald die Verbindung wieder da ist.";
        OutboxRetry => "Retry now", "Jetzt senden";
        OutboxDiscard => "Discard", "Verwerfen";
        OutboxRefused => "A kept entry was refused by the server; it was removed.",
            "Eine gespeicherte Eingabe wurde vom Server abgelehnt und entfernt.";
        HistoryTitle => "History", "Verlauf";
        HistoryLead => "Every change to this game, newest first.", "Jede Änderung an diesem Spiel, die neueste zuerst.";
        HistoryEmpty => "Nothing has been entered yet.", "Noch ist nichts eingetragen.";
        HistoryEnter => "Round {n} entered", "Runde {n} eingetragen";
        HistoryCorrect => "Round {n} corrected", "Runde {n} berichtigt";
        HistoryUndo => "Round {n} undone", "Runde {n} zurückgenommen";
        HistoryEnd => "Game ended early", "Spiel vorzeitig beendet";
        HistoryResume => "Game resumed", "Spiel fortgesetzt";
        /// The table's changes in the history (docs/RULES.md section 8).
        HistorySitOut => "{player} sits out round {n}", "{player} setzt in Runde {n} aus";
        HistoryLeave => "{player} left the table after round {k}", "{player} hat den Tisch nach Runde {k} verlassen";
        HistoryJoin => "{player} joined the table after round {k}", "{player} ist nach Runde {k} dazugekommen";
        HistoryRename => "{from} renamed {to}", "{from} heißt jetzt {to}";
        HistorySettings => "Stake or currency changed", "Einsatz oder Währung geändert";
        HistoryUndoChange => "Taken back: {what}", "Zurückgenommen: {what}";
        /// The before → after table of a change: its first column's heading and
        /// the values of its rows.
        HistoryWhat => "What", "Was";
        HistoryName => "Name", "Name";
        HistoryNotAtTable => "not at the table", "nicht am Tisch";
        HistoryJoinStart => "starts with {start}", "beginnt mit {start}";
        HistoryWentOut => "Went out: {name}", "Ausgegangen: {name}";
        HistoryWentOutChanged => "Went out: {old} → {new}", "Ausgegangen: {old} → {new}";
        HistoryNobody => "nobody", "niemand";
        HistoryPlayer => "Player", "Spieler";
        HistoryBefore => "Before", "Vorher";
        HistoryAfter => "After", "Nachher";
        HistoryCutBonus => "Cut bonus for {name}: −{bonus}", "Abhebe-Bonus für {name}: −{bonus}";
        HistoryWentDownFirst => "First down: {name} (−{bonus})", "Zuerst ausgelegt: {name} (−{bonus})";
        HistoryHandRommee => "Hand-Rommé: points doubled", "Hand-Rommé: Punkte verdoppelt";
        HistoryJokers => "Jokers in the winning hand: {n}", "Joker in der Gewinnerhand: {n}";
        HistoryBuys => "Buys: {list}", "Käufe: {list}";
        HistoryTime => "{date} UTC", "{date} UTC";

        // Error pages.
        ErrorTitle => "Error {status}", "Fehler {status}";
        ErrNoPage => "There is no page at this address. Check the link, or start again from the home page.",
            "Unter dieser Adresse gibt es keine Seite. Prüft den Link oder fangt auf der Startseite neu an.";
        ErrInternal => "Something went wrong on the server. Your last change may not have been saved; reload the page to check.",
            "Auf dem Server ist etwas schiefgegangen. Eure letzte Änderung ist vielleicht nicht gespeichert; ladet die Seite neu, um nachzusehen.";
        // Write faults and idempotency keys.
        ErrNotSaved => "The server could not save this change: its database refuses writes right now (for example, its disk is full). Nothing was saved; try again in a moment.",
            "Der Server konnte diese Änderung nicht speichern: Seine Datenbank nimmt gerade nichts an (zum Beispiel, weil die Festplatte voll ist). Es wurde nichts gespeichert; versucht es gleich noch einmal.";
        ErrNotConfirmed => "The server could not confirm that this change was saved: its disk reported an error while saving. Reload the page to see whether it was kept before you enter it again.",
            "Der Server konnte nicht bestätigen, dass diese Änderung gespeichert wurde: Seine Festplatte hat beim Speichern einen Fehler gemeldet. Ladet die Seite neu und seht nach, ob sie angekommen ist, bevor ihr sie noch einmal eingebt.";
        ErrDbUnreachable => "The server cannot reach its database right now (it may be down or restarting). Nothing could be read or saved; try again in a few seconds, and reload the page to see whether your last change was kept.",
            "Der Server erreicht seine Datenbank gerade nicht (sie ist vielleicht aus oder startet neu). Nichts konnte gelesen oder gespeichert werden; versucht es in ein paar Sekunden noch einmal und ladet die Seite neu, um zu sehen, ob eure letzte Änderung angekommen ist.";
        ErrNotReady => "The server cannot save changes right now: its database refuses writes (for example, its disk is full).",
            "Der Server kann gerade keine Änderungen speichern: Seine Datenbank nimmt nichts an (zum Beispiel, weil die Festplatte voll ist).";
        ErrKeyReused => "This idempotency key was already used for a different request. Send a new key for a new request.",
            "Dieser Idempotenz-Schlüssel wurde schon für eine andere Anfrage benutzt. Schickt für eine neue Anfrage einen neuen Schlüssel.";
        ErrFormStale => "This form is out of date; reload the page and send it again.",
            "Dieses Formular ist veraltet; ladet die Seite neu und schickt es noch einmal ab.";
        ErrTimeout => "The server took too long to answer. Please try again.",
            "Der Server hat zu lange gebraucht. Bitte versucht es noch einmal.";
        ErrCrossSite => "This request came from another site and was refused. Open Kontrakt directly and try again.",
            "Diese Anfrage kam von einer anderen Seite und wurde abgelehnt. Öffnet Kontrakt direkt und versucht es noch einmal.";
        ErrNothingHere => "There is nothing at this address.", "Unter dieser Adresse gibt es nichts.";
        ErrNoGame => "There is no game at this address. Check the link you were given.",
            "Unter dieser Adresse gibt es keine Partie. Prüft den Link, den ihr bekommen habt.";
        // Groups.
        ErrNoGroup => "There is no group at this address. Check the link you were given.",
            "Unter dieser Adresse gibt es keine Gruppe. Prüft den Link, den ihr bekommen habt.";
        ErrGroupReadOnly => "This link only shows the group; it cannot change it. Use the group's edit link.",
            "Dieser Link zeigt die Gruppe nur an und kann sie nicht ändern. Nehmt den Bearbeiten-Link der Gruppe.";
        ErrNoEndpoint => "There is no API endpoint at this address.",
            "Unter dieser Adresse gibt es keinen API-Endpunkt.";
        ErrTooLarge => "The request is too large; send at most 64 KiB.",
            "Die Anfrage ist zu groß; höchstens 64 KiB gehen.";
        ErrTooMany => "Too many requests from your network. Wait a moment and try again.",
            "Zu viele Anfragen aus eurem Netz. Wartet kurz und versucht es noch einmal.";
        ErrBadRequest => "The request could not be understood.", "Die Anfrage war nicht verständlich.";
        ErrForbiddenHere => "You may not do this here.", "Das ist hier nicht erlaubt.";
        ErrContentType => "This address does not accept a request body of this content type.",
            "Diese Adresse nimmt keine Anfrage in diesem Format an.";
        ErrUnavailable => "The server is not ready. Try again in a moment.",
            "Der Server ist noch nicht bereit. Versucht es gleich noch einmal.";
        ErrReadOnly => "This link only shows the game; it cannot change it. Use the game's edit link.",
            "Dieser Link zeigt das Spiel nur an und kann es nicht ändern. Nehmt den Bearbeiten-Link des Spiels.";
        ErrConflict => "The game was changed on another device in the meantime. Reload to see the latest scores, then make your change again.",
            "Das Spiel wurde inzwischen auf einem anderen Gerät geändert. Ladet neu, um den aktuellen Stand zu sehen, und macht eure Änderung dann noch einmal.";
        ErrMethod => "This address does not accept {method} requests.",
            "Diese Adresse nimmt keine {method}-Anfragen an.";
        ErrTooManyComputations => "Too many checks from your network at once. Wait for the answers already asked for, then try again.",
            "Zu viele Prüfungen aus eurem Netz auf einmal. Wartet auf die Antworten, die schon unterwegs sind, und versucht es dann noch einmal.";
        ErrTooManyChanges => "Too many changes from your network in a short time. Try again in {seconds} {seconds|second|seconds}.",
            "Zu viele Änderungen aus eurem Netz in kurzer Zeit. Versucht es in {seconds} {seconds|Sekunde|Sekunden} noch einmal.";
        ErrFormField => "The form has a wrong or missing field: {field}.",
            "Ein Feld des Formulars fehlt oder ist falsch: {field}.";
        ErrFormContentType => "Send the form as application/x-www-form-urlencoded.",
            "Schickt das Formular als application/x-www-form-urlencoded.";
        ErrBodyUnreadable => "The request body could not be read; please send it again.",
            "Der Inhalt der Anfrage war nicht lesbar; bitte schickt sie noch einmal.";
        ErrJsonContentType => "Send the request body as JSON, with the header Content-Type: application/json.",
            "Schickt den Inhalt der Anfrage als JSON, mit dem Header Content-Type: application/json.";
        ErrUnknownFields => "The JSON has fields this address does not know: {fields}. It takes: {known}.",
            "Das JSON hat Felder, die diese Adresse nicht kennt: {fields}. Sie nimmt: {known}.";
        ErrVersionRequired => "Round {round} is already entered: to change it, send the game's \"version\" with it, so that a change made meanwhile on another device is not overwritten.",
            "Runde {round} ist schon eingetragen: um sie zu ändern, schickt die \"version\" des Spiels mit, damit eine Änderung auf einem anderen Gerät nicht überschrieben wird.";

        // Error page titles: the English ones are the HTTP reason phrases.
        StatusBadRequest => "Bad Request", "Ungültige Anfrage";
        StatusForbidden => "Forbidden", "Nicht erlaubt";
        StatusNotFound => "Not Found", "Nicht gefunden";
        StatusMethod => "Method Not Allowed", "Methode nicht erlaubt";
        StatusTimeout => "Request Timeout", "Zeitüberschreitung";
        StatusConflict => "Conflict", "Konflikt";
        StatusTooLarge => "Payload Too Large", "Anfrage zu groß";
        StatusMediaType => "Unsupported Media Type", "Falsches Format";
        StatusUnprocessable => "Unprocessable Entity", "Ungültige Eingabe";
        StatusTooMany => "Too Many Requests", "Zu viele Anfragen";
        StatusInternal => "Internal Server Error", "Serverfehler";
        StatusUnavailable => "Service Unavailable", "Nicht verfügbar";

        // --- game pages (new game, sheet, settlement) ---
        // New game.
        NewTitle => "New game", "Neues Spiel";
        NewSource => "Source: {source}", "Quelle: {source}";
        NewChoose => "Choose these rules", "Diese Regeln wählen";
        NewOptions => "Options", "Optionen";
        NewOptionsHint => "Set as the rule book says; change only what your table plays differently.",
            "Eingestellt wie im Regelbuch; ändert nur, was ihr am Tisch anders spielt.";
        NewOptionsStale => "You chose other rules: check their options below, then start the game.",
            "Ihr habt andere Regeln gewählt: prüft unten ihre Optionen und beginnt dann das Spiel.";
        NewOptionRange => "{min} to {max}", "{min} bis {max}";
        NewOptionList => "Whole numbers separated by commas.", "Ganze Zahlen, durch Kommas getrennt.";
        NewPlayers => "Players", "Spieler";
        NewPlayersHint => "In seating order, clockwise: {min} to {max} {max|player|players}. Leave the other fields empty.",
            "In Sitzreihenfolge im Uhrzeigersinn: {min} bis {max} Spieler. Die übrigen Felder leer lassen.";
        NewPlayerN => "Player {n}", "Spieler {n}";
        NewDealer => "First dealer", "Erster Geber";
        NewDealerRandom => "Draw at random", "Zufällig auslosen";
        NewDealerSeatEmpty => "Seat {n} is empty; choose a player who plays, or draw at random.",
            "Platz {n} ist leer; wählt einen Mitspieler oder lost aus.";
        NewMoney => "Money", "Geld";
        NewCentsPoint => "Value of a point, in cents", "Wert eines Punkts in Cent";
        NewCentsUnit => "Value of a unit, in cents", "Wert einer Einheit in Cent";
        /// Other rules were chosen that count money on another scale (per point, per unit).
        NewStakeAgain => "These rules count money differently from the rules before: type the stake for them.",
            "Diese Regeln rechnen das Geld anders als die vorigen: gebt den Einsatz für sie neu ein.";
        NewCentsHint => "Whole cents of the currency below: 5 is 0.05.",
            "Ganze Cent der Währung unten: 5 sind 0,05.";
        NewPointsPerCent => "Points per cent", "Punkte je Cent";
        NewPointsPerCentHint => "How many points the value above is for: 1 means per point; 10 with 1 cent means a tenth of a cent per point.",
            "Für wie viele Punkte der Wert oben gilt: 1 heißt je Punkt; 10 mit 1 Cent heißt ein Zehntel Cent je Punkt.";
        NewPlacesHint => "Money by final places: the payouts and the price of a buy are among the options above.",
            "Geld nach Endplätzen: die Beträge und der Preis eines Kaufs stehen oben bei den Optionen.";
        NewCurrency => "Currency symbol", "Währungszeichen";
        NewScheme => "Settlement", "Abrechnung";
        NewCreate => "Start the game", "Spiel beginnen";
        SchemeLowestCollects => "Lowest collects", "Niedrigster kassiert";
        SchemeLowestCollectsHint => "The lowest total receives the difference from each other player.",
            "Die niedrigste Summe erhält von jedem anderen die Differenz.";
        SchemePairwise => "Pairwise", "Paarweise";
        SchemePairwiseHint => "Every pair of players settles the difference of their totals.",
            "Je zwei Spieler rechnen die Differenz ihrer Summen ab.";
        SchemePlaces => "By places", "Nach Plätzen";
        SchemePlacesHint => "Fixed payouts per final place, plus the kitty of buys.",
            "Feste Beträge je Endplatz, dazu der Topf der Käufe.";
        SchemeUnits => "In units", "In Einheiten";
        SchemeUnitsHint => "The winner of each hand collects units from every other player.",
            "Wer eine Hand gewinnt, kassiert Einheiten von jedem anderen.";
        AceLowOrHigh => "Low or high (A-2-3, Q-K-A)", "Tief oder hoch (A-2-3, D-K-A)";
        AceHighOnly => "High only (Q-K-A)", "Nur hoch (D-K-A)";
        AceWrap => "Round the corner (Q-K-A-2)", "Um die Ecke (D-K-A-2)";
        KittyWinner => "All to the winner", "Alles an den Sieger";
        KittyTwoThirds => "Two-thirds to the winner, one third to second place",
            "Zwei Drittel an den Sieger, ein Drittel an den Zweiten";
        JokerSwapAny => "In any meld", "In jeder Meldung";
        JokerSwapRuns => "Only in runs", "Nur in Folgen";
        JokerSwapNone => "Never", "Nie";
        SameSuitAny => "Any (they may join)", "Beliebig (sie dürfen anschließen)";
        SameSuitNotTouching => "Not end to end", "Nicht lückenlos aneinander";
        SameSuitGap2 => "At least two ranks apart", "Mindestens zwei Ränge Abstand";
        SameSuitNever => "Never two in one suit", "Nie zwei in einer Farbe";
        WildsAny => "No limit", "Keine Grenze";
        WildsOne => "At most one per meld", "Höchstens eine je Meldung";
        WildsTwoNaturals => "At least two natural cards", "Mindestens zwei echte Karten";
        WildsHalf => "At most half the meld (naturals at least as many)",
            "Höchstens die Hälfte der Meldung (mindestens so viele echte)";
        WildsThird => "At most a third of the meld", "Höchstens ein Drittel der Meldung";

        // The game page and its read-only twin.
        GameReadOnly => "read-only", "nur ansehen";
        GameViewNotice => "Read-only: this page follows the game live but cannot change it.",
            "Nur zum Ansehen: diese Seite folgt dem Spiel live, kann es aber nicht ändern.";
        GameRoundOf => "Round {n} of {of}", "Runde {n} von {of}";
        GameDeal => "Deal {n} {n|card|cards} to each player.", "Jeder bekommt {n} {n|Karte|Karten}.";
        GameDealer => "{name} deals.", "{name} gibt.";
        GameCutter => "{name} cuts: cut exactly {target} {target|card|cards} to take {bonus} {bonus|point|points} off.",
            "{name} hebt ab: genau {target} {target|Karte|Karten} abheben bringt {bonus} {bonus|Punkt|Punkte} Abzug.";
        GameDecks => "Cards: {decks}.", "Karten: {decks}.";
        GameRoundRules => "Rules of this round", "Regeln dieser Runde";
        GameRoundRulesChanged => "changed", "geändert";
        StandingsAfter => "Standings after round {n}", "Stand nach Runde {n}";
        /// The table display: one screen for the whole table (a laptop or a TV).
        TableTitle => "Table display", "Tischanzeige";
        TableLink => "Table display for a laptop or TV (read-only)", "Tischanzeige für Laptop oder Fernseher (nur ansehen)";
        TableLastRound => "Round {n}: the points", "Runde {n}: die Punkte";
        TableWentOut => "{name} went out", "{name} ist ausgegangen";
        TableNoRounds => "No round entered yet.", "Noch keine Runde eingetragen.";
        TableLive => "Updates by itself when a round is entered.", "Aktualisiert sich von selbst, wenn eine Runde eingetragen wird.";
        TableBack => "The game page", "Zur Spielseite";
        StandingsPlayer => "Player", "Spieler";
        StandingsBehind => "Behind", "Rückstand";
        GameEnterRound => "Enter round {n}", "Runde {n} eintragen";
        GameOver => "Game over", "Partie beendet";
        GameAllPlayed => "{n|The|All} {n} {n|round is|rounds are} played.",
            "{n|Die|Alle} {n} {n|Runde ist|Runden sind} gespielt.";
        GameEndedEarly => "The table ended the game early, after round {n} of {of}.",
            "Der Tisch hat die Partie vorzeitig beendet, nach Runde {n} von {of}.";
        // Game over, in words: "Ann wins with 35 (+€1.20) — Ben 2nd with 50 …".
        GameResultWinner => "{name} wins with {total}", "{name} gewinnt mit {total}";
        GameResultWinners => "{names} share first place with {total}", "{names} teilen sich Platz 1 mit {total}";
        GameResultPlace => "{names} {place} with {total}", "{names} auf Platz {place} mit {total}";
        GameResultMoney => "({money})", "({money})";
        GameResultMoneyEach => "({money} each)", "(je {money})";
        GameSeeSettlement => "See the settlement", "Zur Abrechnung";
        GameRematch => "Rematch", "Revanche";
        SheetTitle => "Score sheet", "Spielblock";
        SheetEmpty => "No round entered yet.", "Noch keine Runde eingetragen.";
        SheetRound => "Round", "Runde";
        SheetTotal => "Total", "Summe";
        SheetPlace => "Place", "Platz";
        SheetDealerMark => "D", "G";
        SheetLeader => "Leader", "Führt";
        SheetLegend => "D: dealer of the round. ★: in the lead. Small figures: running total.",
            "G: Geber der Runde. ★: in Führung. Kleine Zahlen: Zwischensumme.";
        SheetLegendEdit => "D: dealer of the round. ★: in the lead. Small figures: running total. Tap a round's number to correct it.",
            "G: Geber der Runde. ★: in Führung. Kleine Zahlen: Zwischensumme. Rundennummer antippen, um die Runde zu berichtigen.";
        // The score sheet's marks: a symbol for the eye, these words for screen
        // readers and the legend.
        SheetMarkOut => "went out", "ging raus";
        SheetMarkCut => "cut exactly: {bonus} {bonus|point|points} off",
            "genau abgehoben: {bonus} {bonus|Punkt|Punkte} Abzug";
        SheetMarkOutBonus => "went out: {bonus} {bonus|point|points} off", "ging raus: {bonus} {bonus|Punkt|Punkte} abgezogen";
        SheetMarkFirstDown => "went down first: {bonus} {bonus|point|points} off", "zuerst ausgelegt: {bonus} {bonus|Punkt|Punkte} abgezogen";
        SheetMarkDoubled => "doubled by Hand-Rommé", "verdoppelt durch Hand-Rommé";
        SheetMarkBuysSymbol => "B{n}", "K{n}";
        SheetMarkBuys => "{n} {n|buy|buys}", "{n} {n|Kauf|Käufe}";
        SheetMarkJokers => "{n} {n|joker|jokers} in the winning hand", "{n} Joker im Gewinnblatt";
        SheetMarkBonus => "bonus: {what}", "Bonus: {what}";
        SheetMarkSatOut => "sat out this round", "hat diese Runde ausgesetzt";
        SheetMarkLeft => "left the table after this round", "hat nach dieser Runde den Tisch verlassen";
        SheetMarkJoined => "joined the table this round", "ist in dieser Runde eingestiegen";
        SheetBonusFirstTurn => "out on the first turn", "im ersten Zug raus";
        SheetBonusSecondTurn => "out on the second turn", "im zweiten Zug raus";
        SheetBonusOneSuit => "all runs in one suit", "alle Folgen in einer Farbe";
        SheetBonusNoWilds => "no wild card", "ohne Wildkarte";
        SheetMarksTitle => "Marks on the sheet", "Zeichen im Spielblock";
        SheetLegendCut => "cut exactly: the cut bonus off", "genau abgehoben: Abhebe-Bonus abgezogen";
        SheetLegendFirstDown => "went down first: the first-down bonus off", "zuerst ausgelegt: Bonus fürs erste Auslegen abgezogen";
        SheetLegendBuys => "buys in the round (how many)", "Käufe in der Runde (wie viele)";
        SheetLegendJokers => "jokers in the winning hand (how many)", "Joker im Gewinnblatt (wie viele)";
        SheetLegendBonus => "bonuses of the winning hand (one + each)", "Boni des Gewinnblatts (je ein +)";
        GameActions => "Change the game", "Spiel ändern";
        ShareResultTitle => "Share the result", "Ergebnis teilen";
        ShareResultButton => "Share the result", "Ergebnis teilen";
        ShareResultCopy => "Copy the result", "Ergebnis kopieren";
        ShareResultCopied => "Copied: paste it into a message.", "Kopiert: fügt es in eine Nachricht ein.";
        ShareResultFailed => "Could not copy: select the text above and copy it.", "Kopieren ging nicht: markiere den Text oben und kopiere ihn.";
        ShareResultMail => "Send by e-mail", "Per E-Mail senden";
        ShareResultViewLink => "Read-only link to the game", "Nur-Lese-Link zur Partie";
        ShareReadOnly => "Scores: {url}", "Spielstand: {url}";
        /// The settlement's "Send via" row: plain links with the text filled in.
        ShareSendVia => "Send via", "Senden über";
        ShareSms => "SMS", "SMS";
        ShareEmail => "E-mail", "E-Mail";
        /// Above the text box: it selects all on a tap.
        ShareTextLabel => "The result as text (tap to select it all)", "Das Ergebnis als Text (Antippen markiert alles)";
        /// In the shared text, after the link, when its host is a LAN address or name.
        ShareWifiOnly => "This link works only on the table's Wi-Fi.", "Dieser Link funktioniert nur im WLAN am Spieltisch.";
        /// The game page's notice where it cannot keep the screen on (`wake.js`).
        WakeInsecure => "The screen may go dark during the game: a page can keep it on only over HTTPS.",
            "Der Bildschirm kann während des Spiels ausgehen: Nur über HTTPS darf eine Seite ihn anlassen.";
        WakeRefused => "The screen may go dark during the game: this browser does not let the page keep it on.",
            "Der Bildschirm kann während des Spiels ausgehen: Dieser Browser erlaubt der Seite nicht, ihn anzulassen.";
        WakeOpenHttps => "Open this game over HTTPS instead:", "Öffnet das Spiel stattdessen über HTTPS:";
        WakeTimeout => "Set a longer screen timeout on the phone: Settings, Display (“Screen timeout”; on an iPhone “Auto-Lock”).",
            "Stellt am Handy eine längere Zeit bis zur Bildschirmsperre ein: Einstellungen, Anzeige („Bildschirm-Zeitlimit“, am iPhone „Automatische Sperre“).";
        WakeHostHttps => "Or the host starts Kontrakt with --https.", "Oder der Gastgeber startet Kontrakt mit --https.";
        WakeDismiss => "Got it", "Verstanden";
        PrintButton => "Print", "Drucken";
        PrintHouseOptions => "House options: {list}.", "Hausregeln: {list}.";
        PrintNoHouseOptions => "House options: none, the rule book as written.", "Hausregeln: keine, das Regelbuch wie geschrieben.";
        PrintQrLabel => "QR code of the read-only link", "QR-Code des Links nur zum Ansehen";
        PrintQrCaption => "Scan for the scores (read only):", "Scannen für den Spielstand (nur ansehen):";
        GameUndo => "Undo the last round", "Letzte Runde zurücknehmen";
        GameEnd => "End the game now", "Partie jetzt beenden";
        GameResume => "Resume the game", "Partie fortsetzen";
        /// The confirm step of ending a game early.
        EndConfirmTitle => "End the game after round {n}?", "Partie nach Runde {n} beenden?";
        EndConfirmText => "The rounds after round {n} are not played: the game is settled on the totals now ({totals}). Right after, “Resume the game” on the game page takes it back until the next change.",
            "Die Runden nach Runde {n} werden nicht gespielt: abgerechnet wird mit den Summen von jetzt ({totals}). Gleich danach nimmt „Partie fortsetzen“ auf der Spielseite das zurück, bis zur nächsten Änderung.";
        EndConfirmNo => "Keep playing", "Weiterspielen";
        GameHistory => "History of changes", "Verlauf der Änderungen";
        /// The players page: changes after the start (docs/RULES.md section 8).
        GamePlayers => "Players: rename, sit out, leave, join, stake", "Spieler: umbenennen, aussetzen, gehen, einsteigen, Einsatz";
        PlayersTitle => "Players", "Spieler";
        PlayersLead => "Changes the table makes during the game. Each is kept in the history and undone like a round.",
            "Änderungen, die der Tisch während der Partie macht. Jede steht im Verlauf und lässt sich wie eine Runde zurücknehmen.";
        PlayersPlays => "plays", "spielt mit";
        PlayersSitsOut => "sits out round {n}", "setzt in Runde {n} aus";
        PlayersLeft => "left after round {k} with {total}", "nach Runde {k} gegangen, mit {total}";
        PlayersJoined => "joined after round {k}, started at {total}", "nach Runde {k} eingestiegen, begann mit {total}";
        PlayersNewName => "New name for {player}", "Neuer Name für {player}";
        PlayersRename => "Rename", "Umbenennen";
        PlayersRenameInGroup => "Players of a group's game are renamed on the group's page.", "Spieler einer Gruppenpartie werden auf der Seite der Gruppe umbenannt.";
        PlayersSitOut => "Sits out next round", "Setzt nächste Runde aus";
        PlayersLeave => "Leaves (keeps the total)", "Geht (Summe bleibt)";
        PlayersJoinTitle => "Join late", "Später einsteigen";
        PlayersName => "Name", "Name";
        PlayersAfter => "Sits after", "Sitzt nach";
        PlayersAfterLast => "the last seat", "dem letzten Platz";
        PlayersStart => "Starts with", "Beginnt mit";
        PlayersStartWorst => "the worst total at the table", "der schlechtesten Summe am Tisch";
        PlayersStartZero => "zero", "null";
        PlayersStartAverage => "the average of the table", "dem Durchschnitt des Tisches";
        PlayersJoin => "Join from the next round", "Ab der nächsten Runde einsteigen";
        PlayersMoneyTitle => "Stake and currency", "Einsatz und Währung";
        PlayersCents => "Cents per point (or unit)", "Cent je Punkt (oder Einheit)";
        PlayersCurrency => "Currency", "Währung";
        PlayersSave => "Save stake", "Einsatz speichern";
        GameChecker => "Meld checker for this round", "Meldeprüfer für diese Runde";
        GameSettlement => "Settlement", "Abrechnung";
        ExportCsv => "Download as CSV", "Als CSV herunterladen";
        ExportJson => "Download as JSON", "Als JSON herunterladen";
        ShareTitle => "Share this game", "Spiel teilen";
        ShareHint => "Other phones at the table scan the code or open the link to keep score together.",
            "Andere Handys am Tisch scannen den Code oder öffnen den Link, um gemeinsam mitzuschreiben.";
        ShareQrLabel => "QR code of the edit link", "QR-Code des Links zum Mitschreiben";
        ShareLoopback => "This address only works on this computer. For the other phones, start Kontrakt with --lan (kontrakt --lan), open it by the network address it prints (such as 192.168.1.20:8080) and share from there.",
            "Diese Adresse funktioniert nur auf diesem Computer. Für die anderen Handys startet Kontrakt mit --lan (kontrakt --lan), öffnet es über die Netzwerkadresse, die es dann anzeigt (etwa 192.168.1.20:8080), und teilt von dort.";
        ShareEditLink => "Edit link", "Link zum Mitschreiben";
        ShareViewLink => "Read-only link", "Link nur zum Ansehen";
        ShareViewHint => "For spectators and the printout: it shows the game but cannot change it.",
            "Für Zuschauer und den Ausdruck: zeigt das Spiel, ändert aber nichts.";

        // The connection page: how the phones at the table reach this server.
        ConnTitle => "Phones at the table", "Handys am Tisch";
        ConnLead => "How the phones at the table reach this Kontrakt, and what they see the first time.",
            "Wie die Handys am Tisch dieses Kontrakt erreichen und was sie beim ersten Mal sehen.";
        ConnOpen => "Open this address on the phones at the table (on the same Wi-Fi), or scan the code:",
            "Öffnet diese Adresse auf den Handys am Tisch (im selben WLAN) oder scannt den Code:";
        ConnQrLabel => "QR code of this Kontrakt's address", "QR-Code der Adresse dieses Kontrakt";
        ConnLoopback => "This Kontrakt answers only on this computer. To let the phones on the same Wi-Fi in, start it with kontrakt --lan --https.",
            "Dieses Kontrakt antwortet nur auf diesem Computer. Damit die Handys im selben WLAN hineinkommen, startet es mit kontrakt --lan --https.";
        ConnOwnCert => "The first time, each phone shows a warning about the certificate, because this computer made it itself: tap Advanced (or Show Details), then continue to the site. Each phone asks once; the certificate is kept beside the database and renewed before it runs out.",
            "Beim ersten Mal zeigt jedes Handy eine Warnung zum Zertifikat, weil dieser Rechner es selbst erstellt hat: Tippt auf Erweitert (oder Details einblenden) und dann auf Weiter zur Website. Jedes Handy fragt nur einmal; das Zertifikat liegt neben der Datenbank und wird erneuert, bevor es abläuft.";
        ConnFingerprint => "The certificate's SHA-256 fingerprint, to compare with the one the phone shows in the certificate's details:",
            "Der SHA-256-Fingerabdruck des Zertifikats, zum Vergleichen mit dem, den das Handy in den Details des Zertifikats zeigt:";
        ConnGivenCert => "This Kontrakt serves HTTPS with the certificate it was given: phones warn only if no authority they trust signed it.",
            "Dieses Kontrakt spricht HTTPS mit dem Zertifikat, das es bekommen hat: Die Handys warnen nur, wenn keine Stelle es unterschrieben hat, der sie vertrauen.";
        ConnPlain => "This Kontrakt speaks plain HTTP: the phones keep score all the same, but cannot keep their screens on or use the share sheet. Started with kontrakt --lan --https, it makes its own certificate and both work.",
            "Dieses Kontrakt spricht einfaches HTTP: Die Handys schreiben trotzdem mit, können aber den Bildschirm nicht anlassen und nicht über das Teilen-Menü teilen. Mit kontrakt --lan --https gestartet, erstellt es sein eigenes Zertifikat, und beides geht.";
        ConnLink => "Address and certificate", "Adresse und Zertifikat";

        // Settlement.
        SettleTitle => "Settlement", "Abrechnung";
        SettleNotYet => "The game is not over yet: the settlement comes after the last round, or when the table ends the game early.",
            "Die Partie läuft noch: abgerechnet wird nach der letzten Runde oder wenn der Tisch die Partie vorzeitig beendet.";
        SettleBack => "Back to the game", "Zurück zum Spiel";
        SettleStarted => "Started {date}", "Begonnen am {date}";
        SettlePlaces => "Final places", "Endstand";
        SettlePlayer => "Player", "Spieler";
        SettleMoney => "Money", "Geld";
        SettleScheme => "Settlement: {scheme}.", "Abrechnung: {scheme}.";
        SettleRatePoint => "{amount} per point.", "{amount} je Punkt.";
        SettleRatePoints => "{amount} per {n} {n|point|points}.", "{amount} je {n} {n|Punkt|Punkte}.";
        SettleRateUnit => "{amount} per unit.", "{amount} je Einheit.";
        SettlePlacePays => "place {n} pays {amount}", "Platz {n} zahlt {amount}";
        SettlePlacesRule => "Payouts: {list}; the winner receives the sum.",
            "Beträge: {list}; der Sieger erhält die Summe.";
        SettleKittyWinner => "Kitty: {amount} from {buys} {buys|buy|buys}, all to the winner.",
            "Topf: {amount} aus {buys} {buys|Kauf|Käufen}, alles an den Sieger.";
        SettleKittyTwoThirds => "Kitty: {amount} from {buys} {buys|buy|buys}, two-thirds to the winner and one third to second place.",
            "Topf: {amount} aus {buys} {buys|Kauf|Käufen}, zwei Drittel an den Sieger und ein Drittel an den Zweiten.";
        /// Above the payments of a game with buys: they hold the buys.
        SettleWithBuys => "These payments include the buys: each buyer pays for them here, and the kitty of {amount} is paid out here too.",
            "Diese Zahlungen enthalten die Käufe: Wer gekauft hat, zahlt sie hier mit, und der Topf von {amount} wird hier mit ausgezahlt.";
        /// The table's way: the buys went into a bowl during play.
        SettleBowlTitle => "We paid the buys into a bowl", "Wir haben die Käufe in einen Topf gezahlt";
        SettleBowlLead => "Then pay only this, without the buys:", "Dann zahlt nur das, ohne die Käufe:";
        SettleBowlHand => "Hand the kitty of {amount} to {name}.", "Gebt den Topf von {amount} an {name}.";
        SettleBowlHandPart => "From the kitty of {kitty}, hand {amount} to {name}.",
            "Aus dem Topf von {kitty} bekommt {name} {amount}.";
        SettleTransfers => "Who pays whom", "Wer zahlt wem";
        SettleTransfer => "{from} pays {to} {amount}", "{from} zahlt {to} {amount}";
        SettleNoTransfers => "Nobody owes anybody anything.", "Niemand schuldet jemandem etwas.";
        CsvRound => "Round", "Runde";
        CsvDealer => "Dealer", "Geber";
        CsvContract => "Contract", "Kontrakt";
        CsvNet => "Net ({currency})", "Saldo ({currency})";
        CsvFrom => "From", "Von";
        CsvTo => "To", "An";
        CsvAmount => "Amount ({currency})", "Betrag ({currency})";
    }
}

impl Msg {
    /// The notice above a form that comes back with problems: how many fields are marked,
    /// said with the right number ("the marked field", "the 5 marked fields").
    pub fn form_notice(marked: usize, lang: Lang) -> String {
        match marked {
            0 => Msg::FormHasProblems.text(lang).to_owned(),
            1 => Msg::FormHasErrors.text(lang).to_owned(),
            n => Msg::FormHasErrorsMany.fill(lang, &[("n", &n)]),
        }
    }

    /// The title of an error page for a status, if it has a translated one.
    pub fn for_status(status: u16) -> Option<Msg> {
        Some(match status {
            400 => Msg::StatusBadRequest,
            403 => Msg::StatusForbidden,
            404 => Msg::StatusNotFound,
            405 => Msg::StatusMethod,
            408 => Msg::StatusTimeout,
            409 => Msg::StatusConflict,
            413 => Msg::StatusTooLarge,
            415 => Msg::StatusMediaType,
            422 => Msg::StatusUnprocessable,
            429 => Msg::StatusTooMany,
            500 => Msg::StatusInternal,
            503 => Msg::StatusUnavailable,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{Lang, template};

    #[test]
    fn every_message_has_an_english_and_a_german_text_with_the_same_placeholders() {
        for &msg in Msg::ALL {
            let (en, de) = (msg.text(Lang::En), msg.text(Lang::De));
            assert!(!en.trim().is_empty(), "{msg:?} has no English text");
            assert!(!de.trim().is_empty(), "{msg:?} has no German text");
            assert_eq!(en.trim(), en, "{msg:?}: English has stray spaces");
            assert_eq!(de.trim(), de, "{msg:?}: German has stray spaces");
            let (mut en_names, mut de_names) = (template::names(en), template::names(de));
            en_names.sort_unstable();
            de_names.sort_unstable();
            assert_eq!(
                en_names, de_names,
                "{msg:?}: placeholders differ between English and German"
            );
        }
    }

    #[test]
    fn the_form_notice_counts_the_marked_fields_in_both_languages() {
        assert_eq!(
            Msg::form_notice(1, Lang::En),
            "Please correct the marked field."
        );
        assert_eq!(
            Msg::form_notice(1, Lang::De),
            "Bitte korrigiert das markierte Feld."
        );
        assert_eq!(
            Msg::form_notice(5, Lang::En),
            "Please correct the 5 marked fields."
        );
        assert_eq!(
            Msg::form_notice(5, Lang::De),
            "Bitte korrigiert die 5 markierten Felder."
        );
        assert_eq!(
            Msg::form_notice(0, Lang::En),
            "Please correct the problems listed below."
        );
        assert_eq!(
            Msg::form_notice(0, Lang::De),
            "Bitte behebt die unten genannten Probleme."
        );
    }

    #[test]
    fn sentences_are_translated_not_copied() {
        // Short labels may coincide ("Joker"); a sentence never should.
        for &msg in Msg::ALL {
            let (en, de) = (msg.text(Lang::En), msg.text(Lang::De));
            if en.split_whitespace().count() > 3 {
                assert_ne!(en, de, "{msg:?} is not translated");
            }
        }
    }
}
