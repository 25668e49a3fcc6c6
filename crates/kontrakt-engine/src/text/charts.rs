//! The words of the charts: titles, axis titles and the descriptions screen readers
//! read, in English and German. The numbers come from the callers; `web::charts` draws.
//!
//! Depends on `text` only.

messages! {
    /// The charts' words.
    pub enum ChartMsg {
        RaceTitle => "Race: each player's running total after every round",
            "Verlauf: Zwischenstand jedes Spielers nach jeder Runde";
        /// `list` is "Ann 35, Ben 50, …".
        RaceDesc => "Running totals after round {n} of {of}: {list}.",
            "Zwischenstände nach Runde {n} von {of}: {list}.";
        RoundAxis => "Round", "Runde";
        PointsAxis => "Points", "Punkte";
        UnitsAxis => "Units", "Einheiten";
        /// Under the chart on a page.
        RaceCaption => "The score sheet holds the same numbers as a table.",
            "Der Spielblock zeigt dieselben Zahlen als Tabelle.";
        /// The race chart's file before the first round.
        NoRoundsYet => "No round is entered yet, so there is no chart to draw.",
            "Noch ist keine Runde eingetragen, also gibt es noch kein Diagramm.";
        MoneyTitle => "Money over time: each player's net after every game",
            "Geld im Verlauf: Saldo jedes Spielers nach jedem Spiel";
        /// `list` is "Ann +€ 3.30, Ben -€ 1.10, …".
        MoneyDesc => "Net after {n} {n|game|games}: {list}.",
            "Saldo nach {n} {n|Spiel|Spielen}: {list}.";
        GameAxis => "Game", "Spiel";
        MoneyAxis => "Net", "Saldo";
    }
}
