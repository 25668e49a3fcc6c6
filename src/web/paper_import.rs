//! A paper score sheet's import preview as JSON (docs/paper-import.md): every game read, and
//! every problem and unlikely round named by its row, in the request's language; and why a
//! sheet cannot be imported as asked. The JSON API answers with it, and the import page
//! shows it and embeds it for its script.
//!
//! A shared web piece: the checks are `store::import`'s, the sentences `text::paper`'s;
//! nothing from `pages` or `api`, which both use it, no SQL, nothing from `cli`.

use serde::Serialize;
use utoipa::ToSchema;

use crate::store::import::{Issue, Preview};
use crate::text::paper::{PaperMsg, game_issue};
use crate::text::{Lang, Say};
use crate::web::numbers::iso_day;

/// One game of a sheet's preview.
#[derive(Serialize, ToSchema)]
pub struct PreviewGameJson {
    /// The day it was played, `YYYY-MM-DD`.
    pub date: String,
    /// The rule set id.
    pub rules: String,
    /// Its number within the day and rule set (the sheet's `game` column, else 1).
    pub game: u32,
    /// The players in seating order.
    pub players: Vec<String>,
    /// The sheet rows of its players, in seating order.
    pub rows: Vec<usize>,
    /// `rounds[r][seat]`: the points of round `r + 1` as on the sheet.
    pub rounds: Vec<Vec<i64>>,
    /// Each player's total as the game scores it (empty while the game has a problem).
    pub totals: Vec<i64>,
}

/// A problem or an unlikely round of a sheet, named by its row.
#[derive(Serialize, ToSchema)]
pub struct ImportIssueJson {
    /// Always `csv`: the body's field the issue is in, so that each problem of a refused
    /// import is a `FieldProblem` like every other 422's (Added 2026-11-27).
    pub field: &'static str,
    /// The sheet row (the header is row 1); missing for the sheet as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    /// The round (1-based) where the issue is one round's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<usize>,
    /// A stable code: the reader's (`bad_points`, `bad_date`, …) or the game engine's
    /// (`player_count`, `points_unreachable`, `zero_not_out`, …).
    pub code: String,
    /// The sentence naming the row, in the request's language.
    pub message: String,
}

/// The preview of a sheet (`dry_run`), and the body of a refused import.
#[derive(Serialize, ToSchema)]
pub struct ImportPreviewJson {
    /// The games read, in sheet order.
    pub games: Vec<PreviewGameJson>,
    /// Every problem; nothing can be imported while any is left.
    pub problems: Vec<ImportIssueJson>,
    /// Every unlikely round; imported only with `"confirm": true`.
    pub warnings: Vec<ImportIssueJson>,
    /// Whether an import of this sheet would be made (with `confirm` where there are warnings).
    pub can_import: bool,
    /// Why nothing was imported (not in a dry run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// An issue as JSON in `lang`.
fn issue_json(issue: &Issue, lang: Lang) -> ImportIssueJson {
    match issue {
        Issue::Sheet(problem) => ImportIssueJson {
            field: "csv",
            row: problem.row,
            round: None,
            code: problem.problem.code().to_string(),
            message: problem.say(lang),
        },
        Issue::Game { row, round, error } => ImportIssueJson {
            field: "csv",
            row: Some(*row),
            round: *round,
            code: error.code().to_string(),
            message: game_issue(*row, *round, error, lang),
        },
    }
}

/// The preview as JSON in `lang`.
pub fn preview_json(preview: &Preview, lang: Lang) -> ImportPreviewJson {
    ImportPreviewJson {
        games: preview
            .games
            .iter()
            .map(|g| PreviewGameJson {
                date: iso_day(g.sheet.day),
                rules: g.sheet.rules.clone(),
                game: g.sheet.number,
                players: g.sheet.players.clone(),
                rows: g.sheet.rows.clone(),
                rounds: g.sheet.rounds.clone(),
                totals: g.totals.clone(),
            })
            .collect(),
        problems: preview
            .problems
            .iter()
            .map(|i| issue_json(i, lang))
            .collect(),
        warnings: preview
            .warnings
            .iter()
            .map(|i| issue_json(i, lang))
            .collect(),
        can_import: preview.problems.is_empty() && !preview.games.is_empty(),
        error: None,
    }
}

/// Why a sheet cannot be imported as asked, if it cannot.
pub fn refusal(preview: &Preview, confirm: bool, lang: Lang) -> Option<String> {
    if !preview.problems.is_empty() {
        let n = preview.problems.len();
        return Some(PaperMsg::ProblemsLeft.fill(lang, &[("n", &n)]));
    }
    if preview.games.is_empty() {
        return Some(PaperMsg::NoGames.text(lang).to_string());
    }
    if !confirm && !preview.warnings.is_empty() {
        let n = preview.warnings.len();
        return Some(PaperMsg::ConfirmUnlikely.fill(lang, &[("n", &n)]));
    }
    None
}

/// The refusal of an import of `games` games that the client's write budget cannot pay for
/// yet ([`super::rate_limit::WorkCharge`]): a 429 saying why and when to try again.
pub fn too_much_work(games: usize, seconds: u64, lang: Lang) -> super::AppError {
    let sentence = crate::text::groups::GroupMsg::TooMuchWork
        .fill(lang, &[("games", &games), ("seconds", &seconds)])
        .to_string();
    super::AppError::LimitReached { sentence, seconds }
}
