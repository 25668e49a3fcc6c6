//! Old paper score sheets as CSV (the format is in docs/paper-import.md): one row
//! per player per game, `date`, `rules`, optional `game` (to tell two games of a day apart),
//! `player`, then the round points as columns `r1`, `r2`, …, with English or German headers,
//! `;` or `,` (or tab) as separator, a byte-order mark and decimal commas tolerated.
//!
//! [`parse`] reads the whole sheet and names every bad row (its row number as a spreadsheet
//! shows it, the header being row 1, and what is wrong as a [`Problem`] code; `text::paper`
//! words it in English or German). Rows of one game are gathered into a [`SheetGame`]. No
//! game is made here; the caller shows the games as a preview and makes them only when the
//! sheet has no problem.
//!
//! Pure: `std` only (and `rules::presets` to know the rule set ids). No words, no I/O; must
//! not depend on `text`, `web`, `db` or `cli`.

use super::names::MAX_NAME_CHARS;
use super::standings::Day;

/// Most rows a sheet may have (the header included).
pub const MAX_ROWS: usize = 5_000;
/// Most round columns.
pub const MAX_ROUNDS: usize = 60;
/// Largest magnitude of one round's points.
pub const MAX_POINTS: i64 = 100_000;
/// Most players in one game.
pub const MAX_PLAYERS: usize = 12;
/// Most games one sheet may import: an import is one write of the group, and a client
/// importing the biggest sheets back to back must not grow the database by gigabytes an hour.
pub const MAX_GAMES: usize = 200;
/// Most scores one sheet may import: a player's points in a round, over all its games (the
/// work an import makes: rows written, games scored). 200 games of 7 rounds at 5 players.
pub const MAX_SCORES: usize = 7_000;

/// A column the sheet must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// `date` / `Datum`.
    Date,
    /// `rules` / `Regeln`.
    Rules,
    /// `player` / `Spieler`.
    Player,
    /// At least one round: `r1` / `R1`.
    Rounds,
}

/// What is wrong with a sheet or one of its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The sheet has no rows under its header (or nothing at all).
    Empty,
    /// More than [`MAX_ROWS`] rows.
    TooManyRows {
        /// Rows found.
        rows: usize,
    },
    /// A column the sheet needs is missing from the header.
    MissingColumn {
        /// Which.
        column: Column,
    },
    /// A header cell that is none of the known columns.
    UnknownColumn {
        /// The header cell.
        name: String,
    },
    /// A header names a column twice.
    DuplicateColumn {
        /// The header cell.
        name: String,
    },
    /// Round columns are not `r1`, `r2`, … in order, or more than [`MAX_ROUNDS`].
    RoundColumns {
        /// The header cell where the order breaks.
        name: String,
    },
    /// A quoted field is not closed before the end of the sheet.
    UnclosedQuote,
    /// A row has another number of fields than the header.
    FieldCount {
        /// Fields in the row.
        found: usize,
        /// Fields in the header.
        expected: usize,
    },
    /// The date is not `2026-11-24` or `24.11.2026`, or no such day.
    BadDate {
        /// The cell.
        value: String,
    },
    /// No rule set has this id.
    UnknownRules {
        /// The cell.
        value: String,
    },
    /// The game number is not a whole number from 1.
    BadGame {
        /// The cell.
        value: String,
    },
    /// The player cell is empty.
    NoPlayer,
    /// The player's name is longer than [`MAX_NAME_CHARS`] characters.
    LongName,
    /// A round's cell is not a whole number (decimals like `25,0` are fine).
    BadPoints {
        /// Round number, 1-based.
        round: usize,
        /// The cell.
        value: String,
    },
    /// A round's points are beyond ±[`MAX_POINTS`].
    PointsOutOfRange {
        /// Round number, 1-based.
        round: usize,
        /// The points.
        points: i64,
    },
    /// A round is blank but a later one is filled.
    GapInRounds {
        /// The blank round, 1-based.
        round: usize,
    },
    /// No round is filled in.
    NoRounds,
    /// The player is in this game already.
    SamePlayerTwice {
        /// The row where the player is first.
        first_row: usize,
    },
    /// The row fills another number of rounds than the game's first row.
    RoundCountDiffers {
        /// Rounds in this row.
        rounds: usize,
        /// Rounds in the game's first row.
        expected: usize,
        /// The game's first row.
        first_row: usize,
    },
    /// The game has one player only (its first row named).
    TooFewPlayers,
    /// The game has more than [`MAX_PLAYERS`] players (its first row named).
    TooManyPlayers {
        /// Players found.
        players: usize,
    },
    /// The sheet holds more than [`MAX_GAMES`] games.
    TooManyGames {
        /// Games found.
        games: usize,
    },
    /// The sheet holds more than [`MAX_SCORES`] scores (rounds × players, over its games).
    TooManyScores {
        /// Scores found.
        scores: usize,
    },
    /// A negative score in a rule set with a cut bonus is that bonus, which only the round's
    /// cutter earns; no first dealer makes this row's player the cutter of this round and of
    /// the game's other rounds with a negative score (added by `store::import`).
    CutBonusNotCutter {
        /// Round number, 1-based.
        round: usize,
    },
}

impl Problem {
    /// The problem's stable code in the JSON API (docs/API.md, "Import").
    pub fn code(&self) -> &'static str {
        match self {
            Problem::Empty => "empty",
            Problem::TooManyRows { .. } => "too_many_rows",
            Problem::MissingColumn { .. } => "missing_column",
            Problem::UnknownColumn { .. } => "unknown_column",
            Problem::DuplicateColumn { .. } => "duplicate_column",
            Problem::RoundColumns { .. } => "round_columns",
            Problem::UnclosedQuote => "unclosed_quote",
            Problem::FieldCount { .. } => "field_count",
            Problem::BadDate { .. } => "bad_date",
            Problem::UnknownRules { .. } => "unknown_rules",
            Problem::BadGame { .. } => "bad_game",
            Problem::NoPlayer => "no_player",
            Problem::LongName => "long_name",
            Problem::BadPoints { .. } => "bad_points",
            Problem::PointsOutOfRange { .. } => "points_out_of_range",
            Problem::GapInRounds { .. } => "gap_in_rounds",
            Problem::NoRounds => "no_rounds",
            Problem::SamePlayerTwice { .. } => "same_player_twice",
            Problem::RoundCountDiffers { .. } => "round_count_differs",
            Problem::TooFewPlayers => "too_few_players",
            Problem::TooManyPlayers { .. } => "too_many_players",
            Problem::TooManyGames { .. } => "too_many_games",
            Problem::TooManyScores { .. } => "too_many_scores",
            Problem::CutBonusNotCutter { .. } => "cut_bonus_not_cutter",
        }
    }
}

/// A problem and where: `row` is the row number as a spreadsheet shows it (header = 1), `None`
/// for the sheet as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowProblem {
    /// The row, 1-based with the header as row 1.
    pub row: Option<usize>,
    /// What is wrong.
    pub problem: Problem,
}

/// One game from the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetGame {
    /// The day.
    pub day: Day,
    /// The rule set id.
    pub rules: String,
    /// The game number within its day and rule set (1 when the sheet has no `game` column).
    pub number: u32,
    /// The players in the order of their rows (their seating order).
    pub players: Vec<String>,
    /// `rounds[r][seat]`: the points of round `r + 1`.
    pub rounds: Vec<Vec<i64>>,
    /// Per round, the seat that went out: the one player with 0 in a penalty-point game, if
    /// exactly one has 0 (paper sheets do not say more).
    pub went_out: Vec<Option<usize>>,
    /// The sheet rows of the game, in order.
    pub rows: Vec<usize>,
}

/// The sheet read: its games and every problem found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sheet {
    /// The games, in the order of their first rows.
    pub games: Vec<SheetGame>,
    /// Every problem, in row order; the games may be made only when this is empty.
    pub problems: Vec<RowProblem>,
}

/// The separator: `;` or tab if the header line has one (German spreadsheets write `;`),
/// else `,`.
fn separator(text: &str) -> char {
    let header = text.lines().next().unwrap_or("");
    if header.contains(';') {
        ';'
    } else if header.contains('\t') {
        '\t'
    } else {
        ','
    }
}

/// The records of a CSV text (RFC 4180 quoting; CRLF, LF or CR line ends); `Err` on an
/// unclosed quote. Blank lines are kept as records with one empty field.
fn records(text: &str, sep: char) -> Result<Vec<Vec<String>>, ()> {
    let mut out = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' && field.trim().is_empty() {
            field.clear();
            quoted = true;
        } else if c == sep {
            record.push(std::mem::take(&mut field));
        } else if c == '\r' || c == '\n' {
            if c == '\r' && chars.peek() == Some(&'\n') {
                chars.next();
            }
            record.push(std::mem::take(&mut field));
            out.push(std::mem::take(&mut record));
        } else {
            field.push(c);
        }
    }
    if quoted {
        return Err(());
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        out.push(record);
    }
    Ok(out)
}

/// What a header cell names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Head {
    Date,
    Rules,
    Game,
    Player,
    Round(usize),
}

/// A header cell, English or German, any case.
fn head(cell: &str) -> Option<Head> {
    let name = cell.trim().to_lowercase();
    let fixed = match name.as_str() {
        "date" | "datum" => Some(Head::Date),
        "rules" | "rule set" | "ruleset" | "regeln" | "regelwerk" => Some(Head::Rules),
        "game" | "spiel" => Some(Head::Game),
        "player" | "name" | "spieler" | "spielerin" => Some(Head::Player),
        _ => None,
    };
    if fixed.is_some() {
        return fixed;
    }
    let number = ["round ", "runde ", "round", "runde", "r"]
        .iter()
        .find_map(|p| name.strip_prefix(p))
        .unwrap_or(&name)
        .trim();
    number
        .parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .map(Head::Round)
}

/// A day from `2026-11-24` or `24.11.2026` (also `24.11.26` for 2026).
pub fn parse_day(cell: &str) -> Option<Day> {
    let cell = cell.trim();
    let parts: Vec<&str> = if cell.contains('-') {
        cell.split('-').collect()
    } else {
        let mut p: Vec<&str> = cell.split('.').collect();
        p.reverse();
        p
    };
    let [y, m, d] = parts.as_slice() else {
        return None;
    };
    let all_digits =
        |s: &str| !s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit());
    if !(all_digits(y) && all_digits(m) && all_digits(d)) {
        return None;
    }
    let mut year: i32 = y.parse().ok()?;
    if y.len() == 2 {
        year += 2000;
    } else if y.len() != 4 {
        return None;
    }
    let month: u8 = m.parse().ok()?;
    let day: u8 = d.parse().ok()?;
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days)
        .contains(&day)
        .then_some(Day::new(year, month, day))
}

/// A cell that is not a whole number of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotPoints;

/// Points from a cell: a whole number, with `.0` or `,0` tolerated (spreadsheets write them),
/// a leading `+`, and spaces around. `Ok(None)` for a blank cell.
pub fn parse_points(cell: &str) -> Result<Option<i64>, NotPoints> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(None);
    }
    let whole = match cell.split_once(['.', ',']) {
        Some((whole, fraction)) if !fraction.is_empty() && fraction.bytes().all(|b| b == b'0') => {
            whole
        }
        Some(_) => return Err(NotPoints),
        None => cell,
    };
    let digits = whole.strip_prefix('+').unwrap_or(whole);
    if digits.is_empty() || digits.starts_with(['+']) {
        return Err(NotPoints);
    }
    digits.parse::<i64>().map(Some).map_err(|_| NotPoints)
}

/// A sheet file's bytes as text: UTF-8 with or without a byte-order mark, UTF-16 with one
/// (Excel's "Unicode text"), anything else as Windows-1252, which is how German Excel saves
/// "CSV (Trennzeichen-getrennt)": Latin-1 with `€` and typographic quotes, so `Jürgen` and
/// `Größe` come through. Every byte sequence is text in Windows-1252, so this never fails;
/// a file that is neither would show its odd names in the preview.
pub fn sheet_text(bytes: &[u8]) -> String {
    if let Some((encoding, mark)) = encoding_rs::Encoding::for_bom(bytes) {
        let rest = bytes.get(mark..).unwrap_or_default();
        return encoding.decode_without_bom_handling(rest).0.into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    }
}

/// Reads a sheet (see the module docs). `known_rules` says whether a rule set id exists.
pub fn parse(text: &str, known_rules: &dyn Fn(&str) -> bool) -> Sheet {
    let mut sheet = Sheet::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let sheet_problem = |problem| RowProblem { row: None, problem };
    let Ok(records) = records(text, separator(text)) else {
        sheet.problems.push(sheet_problem(Problem::UnclosedQuote));
        return sheet;
    };
    // Blank lines (one empty field) are skipped but keep their row numbers.
    let rows: Vec<(usize, Vec<String>)> = records
        .into_iter()
        .enumerate()
        .map(|(i, r)| (i + 1, r))
        .filter(|(_, r)| !(r.iter().all(|f| f.trim().is_empty())))
        .collect();
    if rows.len() > MAX_ROWS {
        sheet
            .problems
            .push(sheet_problem(Problem::TooManyRows { rows: rows.len() }));
        return sheet;
    }
    let Some(((header_row, header), body)) = rows.split_first() else {
        sheet.problems.push(sheet_problem(Problem::Empty));
        return sheet;
    };
    let header_problem = |problem| RowProblem {
        row: Some(*header_row),
        problem,
    };
    // The header: which column is what.
    let mut heads = Vec::with_capacity(header.len());
    let mut rounds = 0usize;
    for cell in header {
        match head(cell) {
            None => sheet.problems.push(header_problem(Problem::UnknownColumn {
                name: cell.trim().to_owned(),
            })),
            Some(h) if heads.contains(&Some(h)) => {
                sheet
                    .problems
                    .push(header_problem(Problem::DuplicateColumn {
                        name: cell.trim().to_owned(),
                    }))
            }
            Some(Head::Round(n)) if n != rounds + 1 || n > MAX_ROUNDS => {
                sheet.problems.push(header_problem(Problem::RoundColumns {
                    name: cell.trim().to_owned(),
                }))
            }
            Some(Head::Round(n)) => rounds = n,
            Some(_) => {}
        }
        heads.push(head(cell));
    }
    let find = |h: Head| heads.iter().position(|x| *x == Some(h));
    let (date_col, rules_col, game_col, player_col) = (
        find(Head::Date),
        find(Head::Rules),
        find(Head::Game),
        find(Head::Player),
    );
    for (col, column) in [
        (date_col, Column::Date),
        (rules_col, Column::Rules),
        (player_col, Column::Player),
        ((rounds > 0).then_some(0), Column::Rounds),
    ] {
        if col.is_none() {
            sheet
                .problems
                .push(header_problem(Problem::MissingColumn { column }));
        }
    }
    if !sheet.problems.is_empty() {
        return sheet;
    }
    let (Some(date_col), Some(rules_col), Some(player_col)) = (date_col, rules_col, player_col)
    else {
        return sheet;
    };
    let round_cols: Vec<usize> = (1..=rounds).filter_map(|n| find(Head::Round(n))).collect();
    if body.is_empty() {
        sheet.problems.push(sheet_problem(Problem::Empty));
        return sheet;
    }
    // game key -> index in sheet.games, and each game's player rows.
    let mut keys: Vec<(Day, String, u32)> = Vec::new();
    let mut first_rounds: Vec<usize> = Vec::new();
    let mut player_rows: Vec<Vec<(String, usize)>> = Vec::new();
    for (row, fields) in body {
        let row = *row;
        let mut problems = Vec::new();
        if fields.len() != header.len() {
            sheet.problems.push(RowProblem {
                row: Some(row),
                problem: Problem::FieldCount {
                    found: fields.len(),
                    expected: header.len(),
                },
            });
            continue;
        }
        let day = parse_day(&fields[date_col]);
        if day.is_none() {
            problems.push(Problem::BadDate {
                value: fields[date_col].trim().to_owned(),
            });
        }
        let rules = fields[rules_col].trim().to_lowercase();
        if !known_rules(&rules) {
            problems.push(Problem::UnknownRules {
                value: fields[rules_col].trim().to_owned(),
            });
        }
        let number = match game_col.map(|c| fields[c].trim()) {
            None | Some("") => Some(1),
            Some(cell) => cell.parse::<u32>().ok().filter(|&n| n >= 1),
        };
        if number.is_none() {
            problems.push(Problem::BadGame {
                value: game_col
                    .map(|c| fields[c].trim().to_owned())
                    .unwrap_or_default(),
            });
        }
        let player = fields[player_col].trim().to_owned();
        if player.is_empty() {
            problems.push(Problem::NoPlayer);
        } else if player.chars().count() > MAX_NAME_CHARS {
            problems.push(Problem::LongName);
        }
        let mut points = Vec::with_capacity(round_cols.len());
        let mut blank: Option<usize> = None;
        for (r, &col) in round_cols.iter().enumerate() {
            match parse_points(&fields[col]) {
                Ok(None) => {
                    blank.get_or_insert(r + 1);
                }
                Ok(Some(p)) => {
                    if let Some(round) = blank {
                        problems.push(Problem::GapInRounds { round });
                        blank = None;
                    }
                    if p.abs() > MAX_POINTS {
                        problems.push(Problem::PointsOutOfRange {
                            round: r + 1,
                            points: p,
                        });
                    }
                    points.push(p);
                }
                Err(NotPoints) => problems.push(Problem::BadPoints {
                    round: r + 1,
                    value: fields[col].trim().to_owned(),
                }),
            }
        }
        if points.is_empty()
            && !problems
                .iter()
                .any(|p| matches!(p, Problem::BadPoints { .. }))
        {
            problems.push(Problem::NoRounds);
        }
        let (Some(day), Some(number), true) = (day, number, problems.is_empty()) else {
            sheet
                .problems
                .extend(problems.into_iter().map(|problem| RowProblem {
                    row: Some(row),
                    problem,
                }));
            continue;
        };
        let key = (day, rules.clone(), number);
        let index = match keys.iter().position(|k| *k == key) {
            Some(i) => i,
            None => {
                keys.push(key);
                first_rounds.push(points.len());
                player_rows.push(Vec::new());
                sheet.games.push(SheetGame {
                    day,
                    rules,
                    number,
                    players: Vec::new(),
                    rounds: vec![Vec::new(); points.len()],
                    went_out: Vec::new(),
                    rows: Vec::new(),
                });
                keys.len() - 1
            }
        };
        let folded = player.to_lowercase();
        if let Some(&(_, first_row)) = player_rows[index].iter().find(|(n, _)| *n == folded) {
            sheet.problems.push(RowProblem {
                row: Some(row),
                problem: Problem::SamePlayerTwice { first_row },
            });
            continue;
        }
        let game = &mut sheet.games[index];
        if points.len() != first_rounds[index] {
            sheet.problems.push(RowProblem {
                row: Some(row),
                problem: Problem::RoundCountDiffers {
                    rounds: points.len(),
                    expected: first_rounds[index],
                    first_row: game.rows[0],
                },
            });
            continue;
        }
        player_rows[index].push((folded, row));
        game.players.push(player);
        game.rows.push(row);
        for (round, p) in game.rounds.iter_mut().zip(points) {
            round.push(p);
        }
    }
    for game in &mut sheet.games {
        let players = game.players.len();
        if !(2..=MAX_PLAYERS).contains(&players) {
            sheet.problems.push(RowProblem {
                row: game.rows.first().copied(),
                problem: if players < 2 {
                    Problem::TooFewPlayers
                } else {
                    Problem::TooManyPlayers { players }
                },
            });
        }
        game.went_out = game
            .rounds
            .iter()
            .map(|points| {
                let mut zeros = points.iter().enumerate().filter(|(_, p)| **p == 0);
                match (zeros.next(), zeros.next()) {
                    (Some((seat, _)), None) => Some(seat),
                    _ => None,
                }
            })
            .collect();
    }
    // Bounded work: the whole sheet is refused before any game of it is checked or scored.
    let scores: usize = sheet
        .games
        .iter()
        .map(|game| game.players.len() * game.rounds.len())
        .sum();
    if sheet.games.len() > MAX_GAMES {
        let games = sheet.games.len();
        sheet
            .problems
            .push(sheet_problem(Problem::TooManyGames { games }));
    } else if scores > MAX_SCORES {
        sheet
            .problems
            .push(sheet_problem(Problem::TooManyScores { scores }));
    }
    sheet.problems.sort_by_key(|p| p.row);
    sheet
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn known(id: &str) -> bool {
        ["liverpool", "contract", "rommee"].contains(&id)
    }

    fn problems(sheet: &Sheet) -> Vec<(Option<usize>, Problem)> {
        sheet
            .problems
            .iter()
            .map(|p| (p.row, p.problem.clone()))
            .collect()
    }

    #[test]
    fn an_english_sheet_with_commas_makes_two_games() {
        let sheet = parse(
            "date,rules,game,player,r1,r2,r3\n\
             2026-11-20,liverpool,1,Ann,0,15,30\n\
             2026-11-20,liverpool,1,Ben,20,0,5\n\
             2026-11-20,Liverpool,2,Ann,5,,\n\
             2026-11-20,liverpool,2,Ben,0,,\n",
            &known,
        );
        assert_eq!(sheet.problems, []);
        assert_eq!(sheet.games.len(), 2);
        let first = &sheet.games[0];
        assert_eq!(first.day, Day::new(2026, 11, 20));
        assert_eq!(first.rules, "liverpool");
        assert_eq!(first.players, ["Ann", "Ben"]);
        assert_eq!(first.rounds, [vec![0, 20], vec![15, 0], vec![30, 5]]);
        assert_eq!(first.went_out, [Some(0), Some(1), None]);
        assert_eq!(first.rows, [2, 3]);
        // The second game ended after one round.
        assert_eq!(sheet.games[1].number, 2);
        assert_eq!(sheet.games[1].rounds, [vec![5, 0]]);
    }

    #[test]
    fn a_german_excel_sheet_with_semicolons_bom_and_decimal_commas() {
        let sheet = parse(
            "\u{feff}Datum;Regeln;Spieler;Runde 1;Runde 2\r\n\
             20.11.2026;rommee;Jörg;\"12,0\";0\r\n\
             20.11.2026;rommee;\"Anne; Kathrin\";0;+7\r\n\
             \r\n",
            &known,
        );
        assert_eq!(sheet.problems, []);
        let game = &sheet.games[0];
        assert_eq!(game.players, ["Jörg", "Anne; Kathrin"]);
        assert_eq!(game.rounds, [vec![12, 0], vec![0, 7]]);
    }

    #[test]
    fn every_bad_row_is_named_with_what_is_wrong() {
        let sheet = parse(
            "date;rules;player;r1;r2\n\
             2026-02-30;liverpool;Ann;0;5\n\
             2026-11-20;skat;Ben;0;5\n\
             2026-11-20;liverpool;;0;5\n\
             2026-11-20;liverpool;Cy;x;2,5\n\
             2026-11-20;liverpool;Di;;5\n\
             2026-11-20;liverpool;Ed;1\n\
             2026-11-20;liverpool;Fe;0;5\n\
             2026-11-20;liverpool;fe;3;5\n\
             2026-11-20;liverpool;Gus;3;\n\
             2026-11-20;liverpool;Hal;;\n",
            &known,
        );
        assert_eq!(
            problems(&sheet),
            [
                (
                    Some(2),
                    Problem::BadDate {
                        value: "2026-02-30".into()
                    }
                ),
                (
                    Some(3),
                    Problem::UnknownRules {
                        value: "skat".into()
                    }
                ),
                (Some(4), Problem::NoPlayer),
                (
                    Some(5),
                    Problem::BadPoints {
                        round: 1,
                        value: "x".into()
                    }
                ),
                (
                    Some(5),
                    Problem::BadPoints {
                        round: 2,
                        value: "2,5".into()
                    }
                ),
                (Some(6), Problem::GapInRounds { round: 1 }),
                (
                    Some(7),
                    Problem::FieldCount {
                        found: 4,
                        expected: 5
                    }
                ),
                (Some(8), Problem::TooFewPlayers),
                (Some(9), Problem::SamePlayerTwice { first_row: 8 }),
                (
                    Some(10),
                    Problem::RoundCountDiffers {
                        rounds: 1,
                        expected: 2,
                        first_row: 8
                    }
                ),
                (Some(11), Problem::NoRounds),
            ]
        );
        // The good rows still form their game for the preview: Fe alone is too few.
        assert_eq!(sheet.games[0].players, ["Fe"]);
    }

    #[test]
    fn a_game_of_one_is_named_by_its_first_row() {
        let sheet = parse("date,rules,player,r1\n2026-01-01,contract,Ann,5\n", &known);
        assert_eq!(problems(&sheet), [(Some(2), Problem::TooFewPlayers)]);
    }

    #[test]
    fn header_problems_are_named_on_row_one() {
        let sheet = parse("date,player,r1,r3,colour\n2026-01-01,Ann,5,5,red\n", &known);
        assert_eq!(
            problems(&sheet),
            [
                (Some(1), Problem::RoundColumns { name: "r3".into() }),
                (
                    Some(1),
                    Problem::UnknownColumn {
                        name: "colour".into()
                    }
                ),
                (
                    Some(1),
                    Problem::MissingColumn {
                        column: Column::Rules
                    }
                ),
            ]
        );
        assert_eq!(problems(&parse("", &known)), [(None, Problem::Empty)]);
        assert_eq!(
            problems(&parse("date,rules,player,r1\n", &known)),
            [(None, Problem::Empty)]
        );
        assert_eq!(
            problems(&parse("date,rules,player,r1\n\"x,1", &known)),
            [(None, Problem::UnclosedQuote)]
        );
    }

    #[test]
    fn a_sheet_file_is_read_as_utf_8_with_or_without_a_mark_utf_16_or_windows_1252() {
        let text = "Spieler;R1\nJürgen;5 €\n";
        assert_eq!(sheet_text(text.as_bytes()), text);
        let marked = [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat();
        assert_eq!(sheet_text(&marked), text);
        // German Excel's CSV: ü is 0xFC, € is 0x80 in Windows-1252.
        assert_eq!(sheet_text(b"Spieler;R1\nJ\xFCrgen;5 \x80\n"), text);
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(sheet_text(&utf16), text);
        assert_eq!(sheet_text(b""), "");
    }

    #[test]
    fn days_and_points_as_people_write_them() {
        assert_eq!(parse_day("2024-02-29"), Some(Day::new(2024, 2, 29)));
        assert_eq!(parse_day("1.3.2026"), Some(Day::new(2026, 3, 1)));
        assert_eq!(parse_day("01.03.26"), Some(Day::new(2026, 3, 1)));
        assert_eq!(parse_day("2025-02-29"), None);
        assert_eq!(parse_day("3/1/2026"), None);
        assert_eq!(parse_day("2026-1-"), None);
        assert_eq!(parse_points(" 25 "), Ok(Some(25)));
        assert_eq!(parse_points("25.00"), Ok(Some(25)));
        assert_eq!(parse_points("-50"), Ok(Some(-50)));
        assert_eq!(parse_points("+7"), Ok(Some(7)));
        assert_eq!(parse_points(""), Ok(None));
        assert_eq!(parse_points("2,5"), Err(NotPoints));
        assert_eq!(parse_points("25+10"), Err(NotPoints));
        assert_eq!(parse_points("++1"), Err(NotPoints));
    }

    proptest! {
        /// Any text: no panic, and every row named is a row of the sheet.
        #[test]
        fn any_text_is_read_without_a_panic(text in "[a-z0-9,;\"\\n.-]{0,200}") {
            let sheet = parse(&text, &known);
            let rows = text.split('\n').count() + 1;
            for p in &sheet.problems {
                prop_assert!(p.row.is_none_or(|r| r >= 1 && r <= rows));
            }
        }

        /// A sheet written from games reads back as the same games.
        #[test]
        fn written_games_read_back(
            games in proptest::collection::vec(
                (2usize..=5, 1usize..=4, proptest::collection::vec(-60i64..200, 20)),
                1..4,
            ),
            semicolon in any::<bool>(),
        ) {
            let sep = if semicolon { ';' } else { ',' };
            let most = games.iter().map(|g| g.1).max().unwrap_or(1);
            let mut text = format!("date{sep}rules{sep}game{sep}player");
            for r in 1..=most {
                text.push_str(&format!("{sep}r{r}"));
            }
            text.push('\n');
            for (g, (players, rounds, points)) in games.iter().enumerate() {
                for p in 0..*players {
                    text.push_str(&format!("2026-05-01{sep}liverpool{sep}{}{sep}P{p}", g + 1));
                    for r in 0..most {
                        text.push(sep);
                        if r < *rounds {
                            text.push_str(&points[(r * 5 + p) % 20].to_string());
                        }
                    }
                    text.push('\n');
                }
            }
            let sheet = parse(&text, &known);
            prop_assert_eq!(&sheet.problems, &Vec::new());
            prop_assert_eq!(sheet.games.len(), games.len());
            for (game, (players, rounds, points)) in sheet.games.iter().zip(&games) {
                prop_assert_eq!(game.players.len(), *players);
                prop_assert_eq!(game.rounds.len(), *rounds);
                for (r, round) in game.rounds.iter().enumerate() {
                    for (p, &v) in round.iter().enumerate() {
                        prop_assert_eq!(v, points[(r * 5 + p) % 20]);
                    }
                }
            }
        }
    }
}
