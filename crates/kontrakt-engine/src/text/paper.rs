//! The paper score-sheet import's problems in words: each [`RowProblem`] as a
//! sentence naming its row, in English or German. `Display` is English.
//!
//! Depends on `text` and `rules` only.

use std::fmt;

use super::{Lang, Say};
use crate::rules::game::GameError;
use crate::rules::names::MAX_NAME_CHARS;
use crate::rules::paper::{
    Column, MAX_GAMES, MAX_PLAYERS, MAX_POINTS, MAX_ROUNDS, MAX_ROWS, MAX_SCORES, Problem,
    RowProblem,
};

messages! {
    /// The sentences of the paper score-sheet import.
    pub enum PaperMsg {
        /// `what` is one of the sentences below, `row` its row number.
        AtRow => "Row {row}: {what}", "Zeile {row}: {what}";
        Empty => "The sheet has no rows of scores under its header.",
            "Die Tabelle hat unter der Kopfzeile keine Zeilen mit Punkten.";
        TooManyRows => "The sheet has {rows} rows; at most {max} can be read at once.",
            "Die Tabelle hat {rows} Zeilen; höchstens {max} gehen auf einmal.";
        MissingColumn => "the column \"{column}\" is missing.", "die Spalte „{column}“ fehlt.";
        UnknownColumn => "the column \"{name}\" is not known (known: date, rules, game, player, r1, r2, …).",
            "die Spalte „{name}“ ist unbekannt (bekannt: Datum, Regeln, Spiel, Spieler, R1, R2, …).";
        DuplicateColumn => "the column \"{name}\" is there twice.", "die Spalte „{name}“ gibt es zweimal.";
        RoundColumns => "the round columns must be r1, r2, … in order, at most {max}; \"{name}\" breaks the order.",
            "die Rundenspalten müssen R1, R2, … der Reihe nach sein, höchstens {max}; „{name}“ passt nicht.";
        UnclosedQuote => "A quoted field is not closed (a \" is missing).",
            "Ein Feld in Anführungszeichen wird nicht geschlossen (ein \" fehlt).";
        FieldCount => "it has {found} {found|field|fields}, the header has {expected}.",
            "sie hat {found} {found|Feld|Felder}, die Kopfzeile hat {expected}.";
        BadDate => "\"{value}\" is not a date; write 2026-11-24 or 24.11.2026.",
            "„{value}“ ist kein Datum; schreibt 24.11.2026 oder 2026-11-24.";
        UnknownRules => "there is no rule set \"{value}\"; use an id such as liverpool or rommee.",
            "es gibt kein Regelwerk „{value}“; nehmt eine Kennung wie liverpool oder rommee.";
        BadGame => "the game number \"{value}\" is not a whole number from 1.",
            "die Spielnummer „{value}“ ist keine ganze Zahl ab 1.";
        NoPlayer => "the player's name is empty.", "der Name des Spielers fehlt.";
        LongName => "the player's name is longer than {max} {max|character|characters}.",
            "der Name des Spielers ist länger als {max} Zeichen.";
        BadPoints => "round {round}: \"{value}\" is not a whole number of points.",
            "Runde {round}: „{value}“ ist keine ganze Punktzahl.";
        PointsOutOfRange => "round {round}: {points} {points|point is|points are} beyond ±{max}.",
            "Runde {round}: {points} {points|Punkt liegt|Punkte liegen} außerhalb von ±{max}.";
        GapInRounds => "round {round} is blank but a later round is filled in.",
            "Runde {round} ist leer, aber eine spätere ist ausgefüllt.";
        NoRounds => "no round is filled in.", "keine Runde ist ausgefüllt.";
        SamePlayerTwice => "this player is in this game already (row {first_row}).",
            "dieser Spieler ist schon in diesem Spiel (Zeile {first_row}).";
        RoundCountDiffers => "{rounds} {rounds|round is|rounds are} filled in, but {expected} in the game's first row ({first_row}).",
            "{rounds} {rounds|Runde ist|Runden sind} ausgefüllt, in der ersten Zeile des Spiels ({first_row}) aber {expected}.";
        TooFewPlayers => "the game of this row has one player only; a game needs at least 2.",
            "das Spiel dieser Zeile hat nur einen Spieler; ein Spiel braucht mindestens 2.";
        TooManyGames => "The sheet holds {games} {games|game|games}; at most {max} can be imported at once. Split it into several sheets and import them one after the other.",
            "Die Tabelle enthält {games} {games|Spiel|Spiele}; höchstens {max} gehen auf einmal. Teilt sie in mehrere Tabellen auf und importiert sie nacheinander.";
        TooManyScores => "The sheet holds {scores} {scores|score|scores} (rounds times players, over all its games); at most {max} can be imported at once. Split it into several sheets and import them one after the other.",
            "Die Tabelle enthält {scores} {scores|Ergebnis|Ergebnisse} (Runden mal Spieler, über alle Spiele); höchstens {max} gehen auf einmal. Teilt sie in mehrere Tabellen auf und importiert sie nacheinander.";
        TooManyPlayers => "the game of this row has {players} {players|player|players}; at most {max} can play.",
            "das Spiel dieser Zeile hat {players} Spieler; höchstens {max} können spielen.";
        CutBonusNotCutter => "round {round}: a score below 0 is the cut bonus, which only the round's cutter earns; whoever deals first, this player does not cut in every round the sheet gives them one.",
            "Runde {round}: Punkte unter 0 sind der Abhebe-Bonus, den nur der Abheber der Runde bekommt; wer auch immer zuerst gibt, dieser Spieler hebt nicht in jeder Runde ab, in der das Blatt ihm einen gibt.";
        InRound => "round {round}: {what}", "Runde {round}: {what}";
        ProblemsLeft => "The sheet has {n} {n|problem|problems}; nothing is imported until every row is right.",
            "Die Tabelle hat {n} {n|Problem|Probleme}; nichts wird übernommen, bis jede Zeile stimmt.";
        ConfirmUnlikely => "{n} {n|round looks|rounds look} unlikely; check the rows named and import anyway to keep them.",
            "{n} {n|Runde sieht|Runden sehen} unwahrscheinlich aus; prüft die genannten Zeilen und übernehmt trotzdem, um sie zu behalten.";
        NoGames => "The sheet has no game to import.", "Die Tabelle hat kein Spiel zum Übernehmen.";
        PageTitle => "{group}: import paper score sheets", "{group}: Papierzettel einlesen";
        PageIntro => "Choose the sheet's CSV file or paste its text: one row per player per game, the columns date, rules, player, r1, r2, … (German headers and ; work too). Nothing is saved before you import.",
            "Wählt die CSV-Datei der Tabelle oder fügt ihren Text ein: eine Zeile je Spieler und Spiel, die Spalten Datum, Regeln, Spieler, R1, R2, … (englische Köpfe und , gehen auch). Gespeichert wird erst beim Übernehmen.";
        PageFile => "A CSV file", "Eine CSV-Datei";
        /// `kib`: the largest file, in KiB.
        PageFileHint => "At most {kib} KiB, saved as UTF-8 or as Excel saves CSV (Windows-1252). A file chosen here takes the place of pasted text.",
            "Höchstens {kib} KiB, gespeichert als UTF-8 oder wie Excel CSV speichert (Windows-1252). Eine hier gewählte Datei ersetzt eingefügten Text.";
        PagePaste => "Or paste the sheet's text", "Oder den Text der Tabelle einfügen";
        PageSheet => "The sheet (CSV)", "Die Tabelle (CSV)";
        PagePreview => "Preview", "Vorschau";
        PageProblems => "Rows to fix", "Zeilen zum Korrigieren";
        PageWarnings => "Unlikely rounds", "Unwahrscheinliche Runden";
        PageGames => "{n} {n|game|games} read", "{n} {n|Spiel|Spiele} gelesen";
        PageGame => "{date} · {rules} · game {number}, {rounds} {rounds|round|rounds}: {totals}",
            "{date} · {rules} · Spiel {number}, {rounds} {rounds|Runde|Runden}: {totals}";
        PageConfirm => "Import anyway: I checked the unlikely rounds", "Trotzdem übernehmen: Die unwahrscheinlichen Runden stimmen";
        PageImport => "Import {n} {n|game|games}", "{n} {n|Spiel|Spiele} übernehmen";
        ColumnDate => "date", "Datum";
        ColumnRules => "rules", "Regeln";
        ColumnPlayer => "player", "Spieler";
        ColumnRounds => "r1", "R1";
    }
}

/// A column's header in a language.
fn column(column: Column, lang: Lang) -> &'static str {
    match column {
        Column::Date => PaperMsg::ColumnDate,
        Column::Rules => PaperMsg::ColumnRules,
        Column::Player => PaperMsg::ColumnPlayer,
        Column::Rounds => PaperMsg::ColumnRounds,
    }
    .text(lang)
}

/// The problem's own clause or sentence, without its row.
fn clause(problem: &Problem, lang: Lang) -> String {
    use PaperMsg as M;
    match problem {
        Problem::Empty => M::Empty.text(lang).to_owned(),
        Problem::TooManyRows { rows } => {
            M::TooManyRows.fill(lang, &[("rows", rows), ("max", &MAX_ROWS)])
        }
        Problem::MissingColumn { column: c } => {
            M::MissingColumn.fill(lang, &[("column", &column(*c, lang))])
        }
        Problem::UnknownColumn { name } => M::UnknownColumn.fill(lang, &[("name", name)]),
        Problem::DuplicateColumn { name } => M::DuplicateColumn.fill(lang, &[("name", name)]),
        Problem::RoundColumns { name } => {
            M::RoundColumns.fill(lang, &[("name", name), ("max", &MAX_ROUNDS)])
        }
        Problem::UnclosedQuote => M::UnclosedQuote.text(lang).to_owned(),
        Problem::FieldCount { found, expected } => {
            M::FieldCount.fill(lang, &[("found", found), ("expected", expected)])
        }
        Problem::BadDate { value } => M::BadDate.fill(lang, &[("value", value)]),
        Problem::UnknownRules { value } => M::UnknownRules.fill(lang, &[("value", value)]),
        Problem::BadGame { value } => M::BadGame.fill(lang, &[("value", value)]),
        Problem::NoPlayer => M::NoPlayer.text(lang).to_owned(),
        Problem::LongName => M::LongName.fill(lang, &[("max", &MAX_NAME_CHARS)]),
        Problem::BadPoints { round, value } => {
            M::BadPoints.fill(lang, &[("round", round), ("value", value)])
        }
        Problem::PointsOutOfRange { round, points } => M::PointsOutOfRange.fill(
            lang,
            &[("round", round), ("points", points), ("max", &MAX_POINTS)],
        ),
        Problem::GapInRounds { round } => M::GapInRounds.fill(lang, &[("round", round)]),
        Problem::CutBonusNotCutter { round } => {
            M::CutBonusNotCutter.fill(lang, &[("round", round)])
        }
        Problem::NoRounds => M::NoRounds.text(lang).to_owned(),
        Problem::SamePlayerTwice { first_row } => {
            M::SamePlayerTwice.fill(lang, &[("first_row", first_row)])
        }
        Problem::RoundCountDiffers {
            rounds,
            expected,
            first_row,
        } => M::RoundCountDiffers.fill(
            lang,
            &[
                ("rounds", rounds),
                ("expected", expected),
                ("first_row", first_row),
            ],
        ),
        Problem::TooFewPlayers => M::TooFewPlayers.text(lang).to_owned(),
        Problem::TooManyGames { games } => {
            M::TooManyGames.fill(lang, &[("games", games), ("max", &MAX_GAMES)])
        }
        Problem::TooManyScores { scores } => {
            M::TooManyScores.fill(lang, &[("scores", scores), ("max", &MAX_SCORES)])
        }
        Problem::TooManyPlayers { players } => {
            M::TooManyPlayers.fill(lang, &[("players", players), ("max", &MAX_PLAYERS)])
        }
    }
}

/// A game's problem or warning the rules engine found in a sheet's row (`round`: the round,
/// `None` for the game's set-up), as a sentence naming the row.
pub fn game_issue(row: usize, round: Option<usize>, error: &GameError, lang: Lang) -> String {
    let mut what = error.message(lang);
    if let Some(round) = round {
        what = PaperMsg::InRound.fill(lang, &[("round", &round), ("what", &what)]);
    }
    PaperMsg::AtRow.fill(lang, &[("row", &row), ("what", &what)])
}

impl Say for RowProblem {
    fn say(&self, lang: Lang) -> String {
        let what = clause(&self.problem, lang);
        match self.row {
            Some(row) => PaperMsg::AtRow.fill(lang, &[("row", &row), ("what", &what)]),
            None => what,
        }
    }
}

impl fmt::Display for RowProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_problem_names_its_row_in_both_languages() {
        let p = RowProblem {
            row: Some(7),
            problem: Problem::BadPoints {
                round: 2,
                value: "x".into(),
            },
        };
        assert_eq!(
            p.say(Lang::En),
            "Row 7: round 2: \"x\" is not a whole number of points."
        );
        assert_eq!(
            p.say(Lang::De),
            "Zeile 7: Runde 2: „x“ ist keine ganze Punktzahl."
        );
        let p = RowProblem {
            row: Some(4),
            problem: Problem::RoundCountDiffers {
                rounds: 1,
                expected: 3,
                first_row: 2,
            },
        };
        assert_eq!(
            p.to_string(),
            "Row 4: 1 round is filled in, but 3 in the game's first row (2)."
        );
        let whole = RowProblem {
            row: None,
            problem: Problem::Empty,
        };
        assert_eq!(
            whole.say(Lang::De),
            "Die Tabelle hat unter der Kopfzeile keine Zeilen mit Punkten."
        );
    }
}
