//! `POST /api/v1/groups/{id}/import` (docs/paper-import.md): old paper score sheets
//! as CSV. With `dry_run` the preview (every game read, scored, and every problem and unlikely
//! round named with its row); without, the games made in the group once the sheet has no
//! problem (and `confirm` where a round is unlikely), once per `Idempotency-Key`.
//!
//! A child of [`super`]: the checks and the write are `store::import`'s, the sentences
//! `text::paper`'s; no SQL, nothing from `cli`.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::super::games::{game_url, json_text, strict, view_url};
use super::super::input::take_lang;
use super::super::schema;
use super::{answer, keyed_json, load_edit_group};
use crate::db::games::{Keyed, new_token};
use crate::store::groups::GroupOutcome;
use crate::store::import::{self, Issue, Preview};
use crate::text::paper::{PaperMsg, game_issue};
use crate::text::{Lang, Say};
use crate::web::links::GameLinks;
use crate::web::numbers::iso_day;
use crate::web::{AppError, AppState, Json};

/// The body of `POST /api/v1/groups/{id}/import`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ImportBody {
    /// The sheet as CSV text (docs/paper-import.md).
    pub csv: String,
    /// Only read and check the sheet: answer its preview, make nothing.
    #[serde(default)]
    pub dry_run: bool,
    /// Import even though some rounds are unlikely (the preview's `warnings`).
    #[serde(default)]
    pub confirm: bool,
    /// The language of the answer's sentences.
    #[schema(value_type = Option<schema::Lang>)]
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "in the document only: `take_lang` takes it out first"
    )]
    lang: Option<String>,
}

/// One game of a sheet's preview.
#[derive(Serialize, ToSchema)]
pub(crate) struct PreviewGameJson {
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
pub(crate) struct ImportIssueJson {
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
pub(crate) struct ImportPreviewJson {
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

/// One game an import made.
#[derive(Serialize, Deserialize, ToSchema)]
pub(crate) struct ImportedGameJson {
    /// The game's edit id.
    pub id: String,
    /// Its page.
    pub url: String,
    /// Its read-only page.
    pub view_url: String,
    /// Its state in the API.
    pub api_url: String,
    /// Its read-only state in the API.
    pub view_api_url: String,
}

/// The answer of an import: the games made, in sheet order.
#[derive(Serialize, Deserialize, ToSchema)]
pub(crate) struct ImportedJson {
    /// The games made.
    pub games: Vec<ImportedGameJson>,
}

/// An issue as JSON in `lang`.
fn issue_json(issue: &Issue, lang: Lang) -> ImportIssueJson {
    match issue {
        Issue::Sheet(problem) => ImportIssueJson {
            row: problem.row,
            round: None,
            code: problem.problem.code().to_string(),
            message: problem.say(lang),
        },
        Issue::Game { row, round, error } => ImportIssueJson {
            row: Some(*row),
            round: *round,
            code: error.code().to_string(),
            message: game_issue(*row, *round, error, lang),
        },
    }
}

/// The preview as JSON in `lang`.
pub(crate) fn preview_json(preview: &Preview, lang: Lang) -> ImportPreviewJson {
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
pub(crate) fn refusal(preview: &Preview, confirm: bool, lang: Lang) -> Option<String> {
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

/// The made games' links.
pub(crate) fn imported_json(ids: &[crate::db::games::GameIds]) -> ImportedJson {
    ImportedJson {
        games: ids
            .iter()
            .map(|ids| ImportedGameJson {
                id: ids.id.clone(),
                url: game_url(&ids.id),
                view_url: view_url(&ids.view_token),
                api_url: GameLinks::new(&ids.id).api(),
                view_api_url: format!("/api/v1/view/{}", ids.view_token),
            })
            .collect(),
    }
}

/// `POST /api/v1/groups/{id}/import`: preview or import a paper score sheet.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/import",
    tag = "groups",
    operation_id = "import_group_games",
    summary = "Import old paper score sheets (CSV)",
    description = "The sheet's format is in docs/paper-import.md. Each game is checked against \
        its rule set (players allowed, rounds, points the cards allow). With `dry_run`: 200 and \
        the preview, problems and warnings each named by their row. Without: 201 with the \
        games made in the group (players matched by name as people read it; new names join \
        the group), once per `Idempotency-Key`; 422 with the preview and `error` while any \
        problem is left, or any round is unlikely and `confirm` is not given.",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        super::super::doc::IdempotencyKeyHeader,
        super::super::doc::AcceptLanguageHeader,
    ),
    request_body(content = ImportBody, content_type = "application/json"),
    responses(
        super::super::doc::GroupWriteErrors,
        (status = 200, description = "The preview (`dry_run`).", body = ImportPreviewJson),
        (status = 201, description = "The games were made (or, for a repeated \
            `Idempotency-Key`, the games the first request made).", body = ImportedJson),
    )
)]
pub(super) async fn import(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response, AppError> {
    let lang = take_lang(&headers, &mut body)?;
    let key = keyed_json(&headers, &format!("POST /api/v1/groups/{id}/import"), &body)?;
    load_edit_group(&state, &id).await?;
    let body: ImportBody = strict::<ImportBody, ImportBody>(body, &[], lang)?;
    let preview = import::preview(&body.csv)?;
    if body.dry_run {
        return Ok((StatusCode::OK, axum::Json(preview_json(&preview, lang))).into_response());
    }
    if let Some(error) = refusal(&preview, body.confirm, lang) {
        let mut json = preview_json(&preview, lang);
        json.error = Some(error);
        return Ok((StatusCode::UNPROCESSABLE_ENTITY, axum::Json(json)).into_response());
    }
    // Without a key the import is made once as asked; a fresh key stands for this request.
    let (key, request) = key.unwrap_or_else(|| (new_token(), new_token()));
    let keyed = Keyed {
        key: &key,
        request: &request,
    };
    let respond = |ids: &[crate::db::games::GameIds]| {
        serde_json::to_string(&imported_json(ids)).unwrap_or_default()
    };
    let outcome = import::import(&state.db, &id, &preview, keyed, respond).await?;
    let (answer_body, replayed) = match outcome {
        GroupOutcome::Done(_, ids) => (serde_json::to_string(&imported_json(&ids))?, false),
        GroupOutcome::Replayed(stored) => (stored, true),
        other => return answer(&state, &id, other, lang, StatusCode::CREATED).await,
    };
    Ok((StatusCode::CREATED, json_text(answer_body, replayed)).into_response())
}
