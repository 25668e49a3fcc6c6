//! What a group's numbers say, in English and German: the standings, head-to-head
//! and ledger pages, the settle-up form, and the problems of a period or rule-set filter
//! (the same sentences in the JSON API and on the pages).
//!
//! Depends on `text` only; the numbers come from the callers.

messages! {
    /// The words of a group's numbers.
    pub enum NumbersMsg {
        /// A `from`/`to` that is no date.
        BadDate => "\"{value}\" is not a date; write it as 2026-11-24.",
            "„{value}“ ist kein Datum; schreibt es als 2026-11-24.";
        FromAfterTo => "The period starts after it ends; swap the two dates.",
            "Der Zeitraum beginnt nach seinem Ende; tauscht die beiden Daten.";
        BadPeriod => "The period is \"year\" (this year), \"all\" (all time) or \"custom\" (from and to), not \"{value}\".",
            "Der Zeitraum ist „year“ (dieses Jahr), „all“ (gesamt) oder „custom“ (von, bis), nicht „{value}“.";
        UnknownRules => "There is no rule set \"{value}\".", "Es gibt kein Regelwerk „{value}“.";
        StandingsTitle => "Standings", "Tabelle";
        PeriodLegend => "Period", "Zeitraum";
        PeriodYear => "This year", "Dieses Jahr";
        PeriodAll => "All time", "Gesamt";
        PeriodCustom => "From – to", "Von – bis";
        From => "From", "Von";
        To => "To", "Bis";
        RulesLabel => "Rule set", "Regelwerk";
        RulesAll => "All rule sets", "Alle Regelwerke";
        Show => "Show", "Anzeigen";
        Player => "Player", "Spieler";
        Games => "Games", "Spiele";
        Wins => "Wins", "Siege";
        AveragePlace => "Average place", "Ø Platz";
        RoundsWon => "Rounds won", "Runden gewonnen";
        AveragePenalty => "Average penalty per round", "Ø Strafpunkte je Runde";
        Money => "Money", "Geld";
        BestGame => "Best game", "Bestes Spiel";
        WorstGame => "Worst game", "Schlechtestes Spiel";
        BiggestHand => "Biggest hand", "Höchste Hand";
        /// A best or worst game.
        /// `place`: an ordinal in English ("1st"), the bare number in German.
        GameMark => "{place} place, {total} ({date})", "Platz {place}, {total} ({date})";
        /// A player's card in the standings on a phone: the place as a heading.
        CardPlace => "{place}", "Platz {place}";
        CardPlaceShared => "{place}, tied", "Platz {place}, geteilt";
        FiltersFold => "Period and rule sets", "Zeitraum und Regeln";
        /// The biggest hand.
        HandMark => "{points} in round {round} ({date})", "{points} in Runde {round} ({date})";
        SharedWinsNote => "(+n): first places shared by a tie. Only finished games count; money in {currency} only.",
            "(+n): geteilte erste Plätze. Nur beendete Spiele zählen; Geld nur in {currency}.";
        Unfinished => "{n} {n|game is|games are} still being played and not counted yet.",
            "{n} {n|Spiel läuft|Spiele laufen} noch und {n|zählt|zählen} noch nicht.";
        NoGames => "No finished game in this period yet.",
            "In diesem Zeitraum gibt es noch kein beendetes Spiel.";
        PeriodShown => "Shown: {period}.", "Gezeigt: {period}.";
        PeriodFromTo => "{from} to {to}", "{from} bis {to}";
        PeriodOpenFrom => "from {from}", "ab {from}";
        PeriodOpenTo => "up to {to}", "bis {to}";
        HeadToHead => "Head-to-head", "Direkter Vergleich";
        Against => "against", "gegen";
        Compare => "Compare", "Vergleichen";
        TwoPlayers => "Choose two different players of the group.",
            "Wählt zwei verschiedene Spieler der Gruppe.";
        HeadToHeadGames => "{n} finished {n|game|games} together.",
            "{n} {n|beendetes Spiel|beendete Spiele} gemeinsam.";
        AheadCount => "{name} placed ahead {n} {n|time|times}.",
            "{name} lag {n}-mal vorn.";
        LevelCount => "Level {n} {n|time|times}.", "{n}-mal gleichauf.";
        BetweenThem => "Between them, {name} came out {money} ahead.",
            "Untereinander lag {name} mit {money} vorn.";
        BetweenEven => "Between them, the money is even.", "Untereinander ist das Geld ausgeglichen.";
        LedgerTitle => "Kasse (ledger)", "Kasse";
        LedgerSince => "Since the settle-up of {date}.", "Seit der Abrechnung vom {date}.";
        LedgerSinceStart => "Since the group's first game.", "Seit dem ersten Spiel der Gruppe.";
        LedgerGames => "{n} finished {n|game|games} not settled yet.",
            "{n} {n|beendetes Spiel|beendete Spiele} noch nicht abgerechnet.";
        Balances => "Balances", "Salden";
        ToSettle => "To settle everything", "So wird alles ausgeglichen";
        Pays => "{from} pays {to} {money}", "{from} zahlt {to} {money}";
        NothingOpen => "Nothing to settle: every balance is zero.",
            "Nichts abzurechnen: jeder Saldo ist null.";
        OtherCurrency => "Games played in {currency}", "Spiele in {currency}";
        SettleButton => "Settled up", "Abgerechnet";
        SettleHint => "Press when the money above has been paid: the ledger starts again at zero and this settle-up is kept below.",
            "Drückt, wenn das Geld oben bezahlt ist: die Kasse beginnt wieder bei null, und diese Abrechnung bleibt unten erhalten.";
        Settled => "Settled up. The ledger starts again at zero.",
            "Abgerechnet. Die Kasse beginnt wieder bei null.";
        SettleConfirmTitle => "Settled up?", "Abgerechnet?";
        SettleConfirmText => "This records the payments below as made: the ledger starts again at zero, and this settle-up is kept in the list of settle-ups. Right after, it can be undone until the group changes again.",
            "Damit gelten die Zahlungen unten als geleistet: die Kasse beginnt wieder bei null, und die Abrechnung bleibt in der Liste der Abrechnungen. Gleich danach lässt sie sich zurücknehmen, bis sich an der Gruppe etwas ändert.";
        SettleConfirmYes => "Yes, settled up", "Ja, abgerechnet";
        SettleConfirmNo => "Not yet", "Noch nicht";
        SettleUndo => "Undo the settle-up", "Abrechnung zurücknehmen";
        SettleUndoHint => "Pressed by mistake? Nothing has changed since: the balances come back as they were.",
            "Versehentlich gedrückt? Seitdem hat sich nichts geändert: die Salden kommen zurück, wie sie waren.";
        SettleUndone => "The settle-up was undone: the balances are open again.",
            "Die Abrechnung ist zurückgenommen: die Salden sind wieder offen.";
        SettleUndoTooLate => "This settle-up can no longer be undone: the group has changed since.",
            "Diese Abrechnung lässt sich nicht mehr zurücknehmen: an der Gruppe hat sich seitdem etwas geändert.";
        ChartCaptionSince => "The chart and the balances above count from zero since the settle-up of {date}: the games it settled are paid.",
            "Das Diagramm und die Salden oben zählen ab null seit der Abrechnung vom {date}: die Spiele davor sind bezahlt.";
        ChartAfterSettleUp => "Everything is settled up (on {date}): the chart starts again at zero with the next finished game.",
            "Alles ist abgerechnet (am {date}): Das Diagramm beginnt mit dem nächsten beendeten Spiel wieder bei null.";
        SettleUps => "Settle-ups", "Abrechnungen";
        NoSettleUps => "No settle-up yet.", "Noch keine Abrechnung.";
        ReadOnly => "This is the group's read-only link: only its edit link can settle up.",
            "Das ist der Nur-Lesen-Link der Gruppe: abrechnen kann nur ihr Bearbeiten-Link.";
        ChartCaption => "The balances above hold the last numbers as a table.",
            "Die Salden oben zeigen die letzten Zahlen als Tabelle.";
        NoChart => "No finished game with money yet, so there is no chart to draw.",
            "Noch kein beendetes Spiel mit Geld, also gibt es noch kein Diagramm.";
        BackToGroup => "Back to the group", "Zurück zur Gruppe";
        ToStandings => "Standings", "Tabelle";
        ToLedger => "Kasse (ledger)", "Kasse";
    }
}
