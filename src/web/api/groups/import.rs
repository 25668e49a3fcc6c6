//! `POST /api/v1/groups/{id}/import` (docs/paper-import.md): old paper score sheets
//! as CSV. With `dry_run` the preview (every game read, scored, and every problem and unlikely
//! round named with its row); without, the games made in the group once the sheet has no
//! problem (and `confirm` where a round is unlikely), once per `Idempotency-Key`.
//!
//! A child of [`super`]: the checks and the write are `store::import`'s, the sentences
//! `text::paper`'s; no SQL, nothing from `cli`.

use axum::extract::{Extension, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::super::input::take_lang;
use super::super::reply::{json_text, keyed_json, strict};
use super::answer;
use crate::db::games::{Keyed, new_token};
use crate::store::groups::{GroupOutcome, GroupProblem};
use crate::store::import::{self};
use crate::web::AppError;
use crate::web::Result;
use crate::web::groups::{load_edit_group, problem_sentence};
use crate::web::links::{GameLinks, ViewLinks};
use crate::web::paper_import::too_much_work;
use crate::web::paper_import::{ImportPreviewJson, preview_json, refusal};
use crate::web::rate_limit::WorkCharge;
use crate::web::schema;
use crate::web::{AppState, Json};

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

/// The made games' links.
pub(crate) fn imported_json(ids: &[crate::db::games::GameIds]) -> ImportedJson {
    ImportedJson {
        games: ids
            .iter()
            .map(|ids| ImportedGameJson {
                id: ids.id.clone(),
                url: GameLinks::new(&ids.id).page(),
                view_url: ViewLinks::new(&ids.view_token).page(),
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
    charge: Option<Extension<WorkCharge>>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response> {
    let lang = take_lang(&headers, &mut body)?;
    let key = keyed_json(&headers, &format!("POST /api/v1/groups/{id}/import"), &body)?;
    load_edit_group(&state, &id).await?;
    let body: ImportBody = strict::<ImportBody, ImportBody>(body, &[], lang)?;
    let preview = import::preview_stored(&state.db, &body.csv).await?;
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
    let games = preview.games.len();
    if let Some(Extension(charge)) = &charge {
        charge
            .spend(games)
            .map_err(|seconds| too_much_work(games, seconds, lang))?;
    }
    let outcome = import::import(&state.db, &id, &preview, keyed, respond).await?;
    if let (Some(Extension(charge)), GroupOutcome::Replayed(_) | GroupOutcome::Problem(_)) =
        (&charge, &outcome)
    {
        charge.refund(games);
    }
    let (answer_body, replayed) = match outcome {
        GroupOutcome::Done(_, ids) => (serde_json::to_string(&imported_json(&ids))?, false),
        GroupOutcome::Replayed(stored) => (stored, true),
        GroupOutcome::Problem(problem @ GroupProblem::TooManyImports { seconds, .. }) => {
            return Err(AppError::LimitReached {
                sentence: problem_sentence(&problem, lang),
                seconds,
            });
        }
        other => return answer(&state, &id, other, lang, StatusCode::CREATED).await,
    };
    Ok((StatusCode::CREATED, json_text(answer_body, replayed)).into_response())
}
