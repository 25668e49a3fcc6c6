//! The games part of the JSON API (docs/API.md "Games"): create a game, enter and correct rounds,
//! undo and redo, end early, read the state, the history and the read-only twin.
//!
//! Thin: handlers parse the body into `rules::game` raw types, call [`crate::store`] (which
//! calls `db::` and `rules::`), and render. The JSON shapes live here; no scoring does.
//! Bad input answers 422 `{"error": sentence, "fields": {field: sentence}}`; a stale
//! `version` answers 409 with the game's current state plus `"error"`.
//!
//! Part of `web::api`: games through `store`; no SQL, no scoring, nothing from `cli`.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tower_http::set_header::SetResponseHeaderLayer;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::input::{answer_lang, take_lang};
use super::reply::{
    StoredKey, conflict, created, game_change, invalid, json_text, key_reused, once, strict,
};
use crate::db::games::{self, Keyed};
use crate::rules::game::{FieldErrors, GameSetup, RawRound, RawSetup};
use crate::store::{self, LoadedGame, RoundWrite, WholeGame};
use crate::text::api::ApiMsg;
use crate::text::{self, Lang};
use crate::web::game_json::GameView;
use crate::web::json::{Access, rfc3339};
use crate::web::{
    AppError, AppState, IdempotencyKey, Json,
    game_creation::{create_game, create_rematch},
    idempotency::{canonical_json, request_hash},
    refusal_lang, require_json_body,
};

use super::doc::{Conflict, GameChanged, GameReadErrors, GameWriteErrors, RefereeErrors};
use crate::web::Result;
use crate::web::schema;

/// Routes of the games API. Every answer through the edit id (which carries the id or the
/// edit URLs: the capability to change the game) says `Cache-Control: no-store`, so no cache
/// on the way or on the device keeps it. Registered with their descriptions for the OpenAPI
/// document (`super::doc`).
pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(show))
        .routes(routes!(enter_round))
        .routes(routes!(undo))
        .routes(routes!(redo))
        .routes(routes!(end))
        .routes(routes!(resume))
        .routes(routes!(rematch))
        .routes(routes!(history))
        .routes(routes!(super::players::join_late))
        .routes(routes!(super::players::change_player))
        .routes(routes!(super::players::change_settings))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .routes(routes!(view))
}

/// `POST /api/v1/games`: 201 `{"id", "url", "view_url", …}`.
#[utoipa::path(
    post,
    path = "/api/v1/games",
    tag = "games",
    operation_id = "create_game",
    summary = "Create a game",
    params(super::doc::IdempotencyKeyHeader, super::doc::AcceptLanguageHeader),
    request_body(content = schema::NewGame, content_type = "application/json"),
    responses(
        RefereeErrors,
        (status = 201, description = "The game was created (or, for a repeated \
            `Idempotency-Key`, the game the first request created).",
         body = schema::NewGameAnswer,
         headers(
             ("Location" = String, description = "`api_url`: the game's state."),
             ("Cache-Control" = String, description = "`no-store`: the answer carries the edit id."),
         )),
        (status = 422, description = "The set-up is wrong: every sentence, and each problem \
            by field (`player_count`, `duplicate_name`, `unknown_rules`, …).",
         body = schema::Invalid),
    )
)]
async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response> {
    let lang = take_lang(&headers, &mut body)?;
    if let Some(rules) = body.get("rules").and_then(Value::as_str) {
        super::rulesets::ensure(&state, rules.trim()).await?;
    }
    // The language of the answer is not part of what is asked: a retry in another language
    // is the same request.
    let request = request_hash("POST /api/v1/games", &canonical_json(&body));
    let raw = strict::<RawSetup, RawSetup>(body, &[], lang)?;
    let setup = match GameSetup::try_from(raw) {
        Ok(setup) => setup,
        Err(errors) => return Ok(invalid(&errors, lang)),
    };
    let game = store::new_game(&setup)?;
    // With an Idempotency-Key a repeat of the same request answers with the game the first
    // one created; another request with the key is refused.
    let key = IdempotencyKey::from_headers(&headers)?.map(|key| key.stored());
    let keyed = key.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    created(&create_game(&state.db, &game, keyed).await?)
}

/// `POST /api/v1/games/{id}/rematch` (no body, or `{}`): a new game with the table as this
/// game ended (docs/RULES.md section 8), the first dealer one seat on (Added 2026-11-24).
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/rematch",
    tag = "games",
    operation_id = "rematch_game",
    summary = "Start a rematch",
    description = "A new game with the table as this game ended: the players still at the \
        table in their seats (a player who left is not seated, a late joiner is; names as \
        renamed), the same rule set and options, the money as last changed; the first dealer \
        moves one seat on, skipping who left. A table too small for the rule set is a 422. \
        Allowed at any time. Added 2026-11-24.",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = schema::VersionBody, content_type = "application/json",
        description = "Nothing, or `{}` (a `version` is accepted and not needed: a rematch \
        changes no game)."),
    responses(
        GameWriteErrors,
        (status = 201, description = "The rematch was created (or, for a repeated \
            `Idempotency-Key`, the game the first request created).",
         body = schema::NewGameAnswer,
         headers(
             ("Location" = String, description = "`api_url`: the new game's state."),
             ("Cache-Control" = String, description = "`no-store`: the answer carries the edit id."),
         )),
    )
)]
async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response> {
    let route = format!("POST /api/v1/games/{id}/rematch");
    let (_, key, lang) = whole_game_change(&headers, &body, &route)?;
    let game = state.load_edit(&id).await?;
    let keyed = key.as_ref().map(|(key, request)| Keyed { key, request });
    created(&create_rematch(&state.db, &game, keyed, lang).await?)
}

/// `GET /api/v1/games/{id}`: the game's state.
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}",
    tag = "games",
    operation_id = "get_game",
    summary = "A game's state",
    params(("id" = String, Path, description = "The game's edit id.")),
    responses(
        GameReadErrors,
        (status = 200, description = "The game's state.", body = GameView,
         headers(("Cache-Control" = String, description = "`no-store`."))),
    )
)]
async fn show(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    Ok(Json(GameView::new(&game, Access::Edit)).into_response())
}

/// `GET /api/v1/view/{token}`: the state through the read-only link (no edit id or URLs).
#[utoipa::path(
    get,
    path = "/api/v1/view/{token}",
    tag = "games",
    operation_id = "view_game",
    summary = "A game's state through its read-only link",
    description = "The state without `id`, `url` and `history_url`.",
    params(("token" = String, Path, description = "The game's read-only token.")),
    responses(
        super::doc::ReadErrors,
        (status = 200, description = "The game's state.", body = GameView),
        (status = 404, description = "No game has this read-only token.", body = schema::Error),
    )
)]
async fn view(State(state): State<AppState>, Path(token): Path<String>) -> Result<Response> {
    match state.load_view(&token).await? {
        Some(game) => Ok(Json(GameView::new(&game, Access::View)).into_response()),
        None => Err(AppError::Said(StatusCode::NOT_FOUND, text::Msg::ErrNoGame)),
    }
}

/// The body of `POST …/rounds`: a round entry plus the optional version.
#[derive(Debug, Deserialize)]
struct RoundBody {
    #[serde(flatten)]
    raw: RawRound,
    version: Option<i64>,
}

/// `POST /api/v1/games/{id}/rounds`: enter the next round or correct one; 200 with the state.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/rounds",
    tag = "games",
    operation_id = "enter_round",
    summary = "Enter the next round, or correct an entered one",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = schema::RoundBody, content_type = "application/json"),
    responses(
        GameWriteErrors,
        Conflict,
        (status = 200, description = "Written (or replayed): the game's state.", body = GameView,
         headers(
             ("Idempotent-Replayed" = String, description = "`true` when this answers a repeat of an earlier request with the same `Idempotency-Key`."),
             ("Cache-Control" = String, description = "`no-store`."),
         )),
        (status = 428, description = "The round is already entered: changing it needs the \
            `version` it is changed against. Nothing was written.", body = schema::Error),
    )
)]
async fn enter_round(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response> {
    let lang = take_lang(&headers, &mut body)?;
    let request = request_hash(
        &format!("POST /api/v1/games/{id}/rounds"),
        &canonical_json(&body),
    );
    let body = strict::<RawRound, RoundBody>(body, &["version"], lang)?;
    let key = IdempotencyKey::from_headers(&headers)?.map(|key| key.stored());
    let key = key.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let respond = |game: &LoadedGame| -> Result<String> {
        Ok(serde_json::to_string(&GameView::new(game, Access::Edit))?)
    };
    let outcome = store::write_round(
        &state.db,
        &state.games,
        &id,
        &body.raw,
        body.version,
        key,
        respond,
    )
    .await?;
    Ok(match outcome {
        RoundWrite::Written(json) => json_text(json, false),
        RoundWrite::Replayed(json) => json_text(json, true),
        RoundWrite::KeyReused => return Err(key_reused()),
        RoundWrite::Conflict(game) => conflict(&game, lang)?,
        RoundWrite::Invalid(errors) => invalid(&errors, lang),
        RoundWrite::Unlikely(errors) => unlikely(&errors, lang),
        RoundWrite::NotFound => return Err(state.missing(&id).await),
        RoundWrite::NeedsVersion(round) => return Err(AppError::VersionRequired { round }),
    })
}

/// `POST /api/v1/games/{id}/undo` (body `{"version": N}` optional): removes the last round.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/undo",
    tag = "games",
    operation_id = "undo_round",
    summary = "Remove the last round",
    description = "The round stays in the history. 422 if there is nothing to undo.",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = schema::VersionBody, content_type = "application/json",
        description = "`{\"version\": N}`, or nothing (then no content type is needed)."),
    responses(
        GameWriteErrors,
        Conflict,
        GameChanged,
    )
)]
async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response> {
    whole_game(&state, &id, &headers, &body, WholeGame::Undo).await
}

/// `POST /api/v1/games/{id}/redo` (body `{"version": N}` optional): puts back the round the
/// game's latest change undid, exactly as it was; 422 once anything else changed since.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/redo",
    tag = "games",
    operation_id = "redo_round",
    summary = "Put back the round the last undo removed",
    description = "Only while the game's latest change is that undo: the round comes back exactly as it was, with a new version. 422 once anything else changed since.",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = schema::VersionBody, content_type = "application/json",
        description = "`{\"version\": N}`, or nothing (then no content type is needed)."),
    responses(
        GameWriteErrors,
        Conflict,
        GameChanged,
    )
)]
async fn redo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response> {
    whole_game(&state, &id, &headers, &body, WholeGame::Redo).await
}

/// `POST /api/v1/games/{id}/end` (body `{"version": N}` optional): the table stops early; the
/// rounds played are settled.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/end",
    tag = "games",
    operation_id = "end_game",
    summary = "End the game early",
    description = "The rounds played are settled.",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = schema::VersionBody, content_type = "application/json",
        description = "`{\"version\": N}`, or nothing (then no content type is needed)."),
    responses(
        GameWriteErrors,
        Conflict,
        GameChanged,
    )
)]
async fn end(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response> {
    whole_game(&state, &id, &headers, &body, WholeGame::End).await
}

/// `POST /api/v1/games/{id}/resume` (body `{"version": N}` optional): takes back an early end.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/resume",
    tag = "games",
    operation_id = "resume_game",
    summary = "Take back an early end",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = schema::VersionBody, content_type = "application/json",
        description = "`{\"version\": N}`, or nothing (then no content type is needed)."),
    responses(
        GameWriteErrors,
        Conflict,
        GameChanged,
    )
)]
async fn resume(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response> {
    whole_game(&state, &id, &headers, &body, WholeGame::Resume).await
}

/// The steps of an undo, redo, end or resume: read what it asks ([`whole_game_change`]), make
/// it at most once per key, answer with the game.
async fn whole_game(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
    body: &[u8],
    change: WholeGame,
) -> Result<Response> {
    let route = format!("POST /api/v1/games/{id}/{}", change.name());
    let (version, key, lang) = whole_game_change(headers, body, &route)?;
    let once = once(key.as_ref());
    let made = store::whole_game_once(&state.db, &state.games, id, change, version, once).await?;
    game_change(state, id, made, lang).await
}

/// What an undo, end or resume asks: the `version` of its JSON body (nothing for an empty
/// body; a body that is not JSON is a 415) and its `Idempotency-Key` as stored, with the
/// hash of the request (`route` and canonical body) it is for.
fn whole_game_change(
    headers: &HeaderMap,
    body: &[u8],
    route: &str,
) -> Result<(Option<i64>, Option<StoredKey>, Lang)> {
    require_json_body(headers, body)?;
    let (version, lang) = version_of(body, refusal_lang(headers, body))?;
    let lang = answer_lang(headers, lang.as_deref())?;
    // What the body asks is only the version: `{}` and no body are the same request, and the
    // language of the answer is not part of it.
    let canonical = version.map(|v| v.to_string()).unwrap_or_default();
    let key = IdempotencyKey::from_headers(headers)?
        .map(|key| (key.stored(), request_hash(route, &canonical)));
    Ok((version, key, lang))
}

/// `GET /api/v1/games/{id}/history`: every change, oldest first.
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}/history",
    tag = "games",
    operation_id = "get_history",
    summary = "Every change of a game, oldest first",
    params(("id" = String, Path, description = "The game's edit id.")),
    responses(
        GameReadErrors,
        (status = 200, description = "The history.", body = schema::History,
         headers(("Cache-Control" = String, description = "`no-store`."))),
    )
)]
async fn history(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response> {
    if games::load_game(&state.db, &id).await?.is_none() {
        return Err(state.missing(&id).await);
    }
    let entries: Vec<Value> = games::history(&state.db, &id)
        .await?
        .into_iter()
        .map(|h| {
            json!({
                "id": h.id,
                "round": h.round_no,
                "action": h.action.as_str(),
                "before": h.before,
                "after": h.after,
                "at": rfc3339(h.at),
            })
        })
        .collect();
    Ok(Json(json!({ "count": entries.len(), "history": entries })).into_response())
}

/// `{"version": N}` from an optional body. Any other field is refused: a misspelt
/// `version` must not turn a guarded change into an unguarded one.
fn version_of(body: &[u8], lang: Lang) -> Result<(Option<i64>, Option<String>)> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct VersionBody {
        version: Option<i64>,
        /// The answer's language (Added 2026-11-24).
        lang: Option<String>,
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok((None, None));
    }
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| AppError::BadRequest(ApiMsg::NotJson.fill(lang, &[("detail", &e)])))?;
    // Only an object: serde reads a struct from an array too, and `[null, null]` would be a
    // change with no version check.
    if !value.is_object() {
        return Err(AppError::Unprocessable(
            ApiMsg::NotAnObject.text(lang).to_string(),
        ));
    }
    match serde_json::from_value::<VersionBody>(value) {
        Ok(b) => Ok((b.version, b.lang)),
        Err(e) => Err(AppError::Unprocessable(
            ApiMsg::WrongVersionBody.fill(lang, &[("detail", &e)]),
        )),
    }
}

/// 422 of a possible but unlikely entry sent without `"confirm": true`: as [`invalid`], with
/// `"code": "unlikely"` and the sentence that says how to save it anyway.
fn unlikely(errors: &FieldErrors, lang: Lang) -> Response {
    let body = json!({
        "error": format!("{} {}", errors.summary(lang), ApiMsg::ConfirmUnlikely.text(lang)),
        "code": "unlikely",
        "fields": errors.by_field(lang),
        "problems": errors
            .iter()
            .map(|e| json!({"field": e.field.key(), "code": e.error.code(), "message": e.error.message(lang)}))
            .collect::<Vec<_>>(),
    });
    (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(body)).into_response()
}
