//! The games part of the JSON API (docs/API.md "Games"): create a game, enter and correct rounds,
//! undo and redo, end early, read the state, the history and the read-only twin.
//!
//! Thin: handlers parse the body into `rules::game` raw types, call [`crate::store`] (which
//! calls `db::` and `rules::`), and render. The JSON shapes live here; no scoring does.
//! Bad input answers 422 `{"error": sentence, "fields": {field: sentence}}`; a stale
//! `version` answers 409 with the game's current state plus `"error"`.
//!
//! Part of `web::api`: games through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::input::{answer_lang, take_lang};
use super::{StoredKey, created_at};
use crate::db::games::{self, Keyed, Once};
use crate::rules::game::{FieldErrors, GameSetup, RawRound, RawSetup, RoundInfo};
use crate::rules::ruleset::{Buys, OptionValue};
use crate::store::{self, GameChange, LoadedGame, OnceChange, RoundWrite, WholeGame};
use crate::text::api::ApiMsg;
use crate::text::{self, Lang, Say};
use crate::web::links::{GameLinks, GroupLinks, ViewLinks};
use crate::web::{
    AppError, AppState, IdempotencyKey, Json,
    idempotency::{canonical_json, create_game, request_hash},
    refusal_lang, refuse_unknown_fields, require_json_body,
};

use super::doc::{Conflict, GameChanged, GameReadErrors, GameWriteErrors, RefereeErrors};
use super::schema;

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

/// The HTML page of a game (edit link).
pub(super) fn game_url(id: &str) -> String {
    GameLinks::new(id).page()
}

/// The read-only HTML page of a game.
pub(super) fn view_url(token: &str) -> String {
    ViewLinks::new(token).page()
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
) -> Result<Response, AppError> {
    let lang = take_lang(&headers, &mut body)?;
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

/// The 201 answer for a created (or replayed) game: `{"id", "url", "view_url", "api_url",
/// "view_api_url"}` with `Location`.
pub(super) fn created(ids: &games::GameIds) -> Result<Response, AppError> {
    let api_url = GameLinks::new(&ids.id).api();
    let body = json!({
        "id": ids.id,
        "url": game_url(&ids.id),
        "view_url": view_url(&ids.view_token),
        "api_url": api_url,
        "view_api_url": format!("/api/v1/view/{}", ids.view_token),
    });
    created_at(api_url, body)
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
) -> Result<Response, AppError> {
    let route = format!("POST /api/v1/games/{id}/rematch");
    let (_, key, lang) = whole_game_change(&headers, &body, &route)?;
    let game = state.load_edit(&id).await?;
    let keyed = key.as_ref().map(|(key, request)| Keyed { key, request });
    created(&crate::web::idempotency::create_rematch(&state.db, &game, keyed, lang).await?)
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
async fn show(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
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
async fn view(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, AppError> {
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
) -> Result<Response, AppError> {
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
    let respond = |game: &LoadedGame| -> Result<String, AppError> {
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

/// A JSON body read into a raw type `F` shares with the HTML forms, refusing (400) top-level
/// fields that neither `F` nor `extra` names: the forms ignore what they do not know, a JSON
/// client's misspelt field must not be dropped silently.
pub(super) fn strict<F: DeserializeOwned, T: DeserializeOwned>(
    body: Value,
    extra: &[&str],
    lang: Lang,
) -> Result<T, AppError> {
    refuse_unknown_fields::<F>(&body, extra)?;
    serde_json::from_value(body)
        .map_err(|e| AppError::Unprocessable(ApiMsg::WrongField.fill(lang, &[("detail", &e)])))
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
) -> Result<Response, AppError> {
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
) -> Result<Response, AppError> {
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
) -> Result<Response, AppError> {
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
) -> Result<Response, AppError> {
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
) -> Result<Response, AppError> {
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
) -> Result<(Option<i64>, Option<StoredKey>, Lang), AppError> {
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

/// What an undo, end or resume keeps under its `Idempotency-Key`: not the state it answered
/// with (only known after the write), but a mark. A repeat changes nothing and answers with
/// the game's state as it is then, marked `Idempotent-Replayed`.
pub(super) fn once(key: Option<&(String, String)>) -> Option<Once<'_>> {
    key.map(|(key, request)| Once {
        key,
        request,
        response: "api: game state",
    })
}

/// The answer to a used idempotency key sent with a different request: 422.
pub(super) fn key_reused() -> AppError {
    AppError::Said(
        StatusCode::UNPROCESSABLE_ENTITY,
        crate::text::Msg::ErrKeyReused,
    )
}

pub(super) async fn game_change(
    state: &AppState,
    id: &str,
    change: OnceChange,
    lang: Lang,
) -> Result<Response, AppError> {
    let change = match change {
        OnceChange::Now(change) => change,
        OnceChange::KeyReused => return Err(key_reused()),
        OnceChange::Replayed(_) => {
            let game = state.load_edit(id).await?;
            let state = serde_json::to_string(&GameView::new(&game, Access::Edit))?;
            return Ok(json_text(state, true));
        }
    };
    match change {
        GameChange::Done(game) => Ok(Json(GameView::new(&game, Access::Edit)).into_response()),
        GameChange::Conflict(game) => conflict(&game, lang),
        GameChange::Refused(e) => Err(AppError::Unprocessable(e.message(lang))),
        GameChange::NotFound => Err(state.missing(id).await),
    }
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
async fn history(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
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
fn version_of(body: &[u8], lang: Lang) -> Result<(Option<i64>, Option<String>), AppError> {
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
    match serde_json::from_slice::<VersionBody>(body) {
        Ok(b) => Ok((b.version, b.lang)),
        Err(e) if e.is_data() => Err(AppError::Unprocessable(
            ApiMsg::WrongVersionBody.fill(lang, &[("detail", &e)]),
        )),
        Err(e) => Err(AppError::BadRequest(
            ApiMsg::NotJson.fill(lang, &[("detail", &e)]),
        )),
    }
}

/// 422 with every problem: `{"error": all sentences, "fields": {field: sentence}, "problems": [...]}`.
pub(super) fn invalid(errors: &FieldErrors, lang: Lang) -> Response {
    let problems: Vec<Value> = errors
        .iter()
        .map(|e| json!({"field": e.field.key(), "code": e.error.code(), "message": e.error.message(lang)}))
        .collect();
    let body = json!({
        "error": errors.summary(lang),
        "fields": errors.by_field(lang),
        "problems": problems,
    });
    (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(body)).into_response()
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

/// 409 with the game's current state and an `"error"` sentence.
fn conflict(game: &LoadedGame, lang: Lang) -> Result<Response, AppError> {
    let mut body = serde_json::to_value(GameView::new(game, Access::Edit))?;
    if let Value::Object(map) = &mut body {
        map.insert("error".into(), text::Msg::ErrConflict.text(lang).into());
    }
    Ok((StatusCode::CONFLICT, axum::Json(body)).into_response())
}

/// The state of `GET /api/v1/games/{id}` (`edit`), or of its read-only twin, as JSON text: the
/// JSON export of the game pages.
pub(crate) fn state_json(game: &LoadedGame, edit: bool) -> Result<String, AppError> {
    let access = if edit { Access::Edit } else { Access::View };
    Ok(serde_json::to_string_pretty(&GameView::new(game, access))?)
}

/// A stored JSON answer.
pub(super) fn json_text(json: String, replayed: bool) -> Response {
    let mut response = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        json,
    )
        .into_response();
    if replayed {
        response
            .headers_mut()
            .insert("idempotent-replayed", HeaderValue::from_static("true"));
    }
    response
}

pub(super) fn rfc3339(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------
// The state as JSON
// ---------------------------------------------------------------------------------------------

/// Through which link the game is seen.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    /// The edit link: everything, with the edit id and URLs.
    Edit,
    /// The read-only link: no edit id or URLs.
    View,
}

/// Per player, as a JSON object in seating order.
struct ByName<'a, T>(Vec<(&'a str, T)>);

impl<T: Serialize> Serialize for ByName<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

fn by_name<'a, T: Copy>(setup: &'a GameSetup, values: &[T]) -> ByName<'a, T> {
    ByName(
        setup
            .players()
            .iter()
            .map(String::as_str)
            .zip(values.iter().copied())
            .collect(),
    )
}

/// A game's state: `GET /api/v1/games/{id}` (docs/API.md), and the answer of every write.
#[derive(Serialize, ToSchema)]
#[schema(as = GameState)]
struct GameView<'a> {
    /// The edit id (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    id: Option<&'a str>,
    /// The game's page (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// `/api/v1/games/{id}/history` (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    history_url: Option<String>,
    /// The read-only page.
    view_url: String,
    /// Rule-set id.
    #[schema(value_type = String)]
    rules: &'a str,
    #[schema(value_type = String)]
    rules_name: &'a str,
    /// Every option, defaults filled in.
    #[schema(value_type = schema::Options)]
    options: &'a BTreeMap<String, OptionValue>,
    /// Names in seating order (late joiners after the set-up's players).
    #[schema(value_type = Vec<String>)]
    players: &'a [String],
    /// Each player at the table: seat, sitting out next, left, joined late (Added 2026-11-24).
    table: Vec<super::players::TableSeat<'a>>,
    #[schema(value_type = String)]
    first_dealer: &'a str,
    /// Bumped by every change; send it back with a change to guard it (409 if stale).
    version: i64,
    /// Rounds in the game.
    of_rounds: usize,
    rounds: Vec<RoundView<'a>>,
    /// Total per player by name.
    #[schema(value_type = BTreeMap<String, i64>)]
    totals: ByName<'a, i64>,
    /// Names with the best total; empty before the first round.
    #[schema(value_type = Vec<String>)]
    leaders: Vec<&'a str>,
    /// Place per player by name, 1 = best.
    #[schema(value_type = BTreeMap<String, u32>)]
    standings: ByName<'a, u32>,
    /// Buys per player over the game.
    #[schema(value_type = BTreeMap<String, i64>)]
    buys: ByName<'a, i64>,
    /// Null once the game is over (or ended early).
    next_round: Option<NextRoundView<'a>>,
    finished: bool,
    ended_early: bool,
    /// The money once the game is finished; null before (or where it cannot be settled).
    settlement: Option<SettlementView<'a>>,
    /// Why a finished game cannot be settled.
    #[serde(skip_serializing_if = "Option::is_none")]
    settlement_error: Option<String>,
    #[schema(value_type = schema::Scheme)]
    scheme: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cents_per_point: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cents_per_unit: Option<i64>,
    /// Points that `cents_per_point` buys (10: a tenth of a cent a point).
    points_per_cent: i64,
    #[schema(value_type = String)]
    currency: &'a str,
    #[schema(format = DateTime)]
    created_at: String,
    #[schema(format = DateTime)]
    updated_at: String,
    /// The group the game belongs to (Added 2026-11-24); absent for a standalone game.
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<GameGroupView<'a>>,
    /// The name of the group's house rules the game is played with (Added 2026-11-24).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    house_rules: Option<&'a str>,
}

/// The group of a game: its name and read-only links, through the game's edit link and its
/// read-only link alike. Never the group's edit id: a game's link is shared with whoever sits
/// at the table, a group's edit link can rename and retire players in all of its games
/// (docs/decisions.md 2026-11-24).
#[derive(Serialize, ToSchema)]
#[schema(as = GameGroup)]
struct GameGroupView<'a> {
    /// Never sent (docs/decisions.md 2026-11-24): kept in the document, as fields are only
    /// ever added; the group's edit id is not a game link's to give.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    id: Option<&'a str>,
    #[schema(value_type = String)]
    name: &'a str,
    /// Never sent, like `id`.
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// Never sent, like `id`.
    #[serde(skip_serializing_if = "Option::is_none")]
    api_url: Option<String>,
    /// The group's read-only page.
    view_url: String,
    /// `/api/v1/groups/view/{token}` (Added 2026-11-24).
    view_api_url: String,
}

/// A round played.
#[derive(Serialize, ToSchema)]
#[schema(as = PlayedRound)]
struct RoundView<'a> {
    round: usize,
    #[schema(value_type = String)]
    dealer: &'a str,
    #[schema(value_type = Option<String>)]
    cutter: Option<&'a str>,
    /// The contract in words; null for `rommee`.
    contract: Option<String>,
    /// Null: nobody went out.
    #[schema(value_type = Option<String>)]
    went_out: Option<&'a str>,
    /// The points that count (bonuses and doubling applied) by name.
    #[schema(value_type = BTreeMap<String, i64>)]
    points: ByName<'a, i64>,
    /// What was entered, as stored (names as in the game, cards in the notation).
    #[schema(value_type = schema::RoundEntry)]
    entry: RawRound,
    /// The table's note on the round; null where there is none (Added 2026-11-24).
    #[schema(value_type = Option<String>)]
    note: Option<&'a str>,
}

/// The round to play next.
#[derive(Serialize, ToSchema)]
#[schema(as = NextRound)]
struct NextRoundView<'a> {
    round: usize,
    of: usize,
    #[schema(value_type = String)]
    dealer: &'a str,
    #[schema(value_type = Option<String>)]
    cutter: Option<&'a str>,
    /// The contract in words; null for `rommee`.
    contract: Option<String>,
    contract_de: Option<String>,
    /// Cards dealt to each player.
    deal: u8,
    /// `liverpool`: the cut that earns the bonus.
    cut_target: Option<u32>,
    decks: String,
    decks_de: String,
    #[schema(value_type = schema::Buys)]
    buys: Buys,
    buys_text: String,
    /// `buys_text` in German (added 2026-11-27).
    buys_text_de: String,
    go_out_all: bool,
    needs_more_than_dealt: bool,
    no_winner_allowed: bool,
    restrictions: Vec<String>,
    restrictions_de: Vec<String>,
}

/// The money of a finished game.
#[derive(Serialize, ToSchema)]
#[schema(as = GameSettlement)]
struct SettlementView<'a> {
    /// Net cents per player in seating order.
    #[schema(value_type = Vec<i64>)]
    net_cents: &'a [i64],
    transfers: Vec<TransferView<'a>>,
    /// Place per player in seating order, 1 = best.
    #[schema(value_type = Vec<u32>)]
    places: &'a [u32],
    /// Net cents by name.
    #[schema(value_type = BTreeMap<String, i64>)]
    net: ByName<'a, i64>,
}

/// One payment.
#[derive(Serialize, ToSchema)]
#[schema(as = GameTransfer)]
struct TransferView<'a> {
    #[schema(value_type = String)]
    from: &'a str,
    #[schema(value_type = String)]
    to: &'a str,
    cents: i64,
}

impl<'a> NextRoundView<'a> {
    fn new(setup: &'a GameSetup, info: &'a RoundInfo) -> Self {
        NextRoundView {
            round: info.round,
            of: info.of,
            dealer: setup.name(info.dealer),
            cutter: info.cutter.map(|c| setup.name(c)),
            contract: info.contract.as_ref().map(|c| c.describe(Lang::En)),
            contract_de: info.contract.as_ref().map(|c| c.describe(Lang::De)),
            deal: info.deal,
            cut_target: info.cut_target,
            decks: info.decks.describe(Lang::En),
            decks_de: info.decks.describe(Lang::De),
            buys: info.buys,
            buys_text: text::round::buys_rule(&info.buys, Lang::En),
            buys_text_de: text::round::buys_rule(&info.buys, Lang::De),
            go_out_all: info.go_out_all,
            needs_more_than_dealt: info.needs_more_than_dealt,
            no_winner_allowed: info.no_winner_allowed,
            restrictions: info.restrictions.iter().map(|t| t.say(Lang::En)).collect(),
            restrictions_de: info.restrictions.iter().map(|t| t.say(Lang::De)).collect(),
        }
    }
}

impl<'a> GameView<'a> {
    fn new(game: &'a LoadedGame, access: Access) -> Self {
        let (setup, state, stored) = (&game.setup, &game.state, &game.record.game);
        let edit = access == Access::Edit;
        let rounds = state
            .rounds
            .iter()
            .map(|r| RoundView {
                round: r.info.round,
                dealer: setup.name(r.info.dealer),
                cutter: r.info.cutter.map(|c| setup.name(c)),
                contract: r.info.contract.as_ref().map(|c| c.describe(Lang::En)),
                went_out: r.entry.went_out().map(|w| setup.name(w)),
                points: by_name(setup, r.entry.points()),
                entry: r.entry.to_raw(setup),
                note: r.entry.note(),
            })
            .collect();
        let (settlement, settlement_error) = match &state.settlement {
            None => (None, None),
            Some(Ok(s)) => (
                Some(SettlementView {
                    net_cents: &s.net_cents,
                    transfers: s
                        .transfers
                        .iter()
                        .map(|t| TransferView {
                            from: setup.name(t.from),
                            to: setup.name(t.to),
                            cents: t.cents,
                        })
                        .collect(),
                    places: &s.places,
                    net: by_name(setup, &s.net_cents),
                }),
                None,
            ),
            Some(Err(e)) => (None, Some(e.message(Lang::En))),
        };
        let units = setup.cents_field() == "cents_per_unit";
        GameView {
            id: edit.then_some(stored.id.as_str()),
            url: edit.then(|| game_url(&stored.id)),
            history_url: edit.then(|| GameLinks::new(&stored.id).api_history()),
            view_url: view_url(&stored.view_token),
            rules: setup.rules().id(),
            rules_name: setup.rules().info.name,
            options: &setup.rules().options,
            players: setup.players(),
            table: super::players::table_view(game),
            first_dealer: setup.name(setup.first_dealer()),
            version: stored.version,
            of_rounds: setup.round_count(),
            rounds,
            totals: by_name(setup, &state.totals),
            leaders: state.leaders.iter().map(|&i| setup.name(i)).collect(),
            standings: by_name(setup, &state.places),
            buys: by_name(setup, &state.buys),
            next_round: state
                .next_round
                .as_ref()
                .map(|info| NextRoundView::new(setup, info)),
            finished: state.finished,
            ended_early: state.ended_early,
            settlement,
            settlement_error,
            scheme: setup.scheme().id(),
            cents_per_point: (!units).then_some(setup.cents()),
            cents_per_unit: units.then_some(setup.cents()),
            points_per_cent: setup.points_per_cent(),
            currency: setup.currency(),
            created_at: rfc3339(stored.created_at),
            updated_at: rfc3339(stored.updated_at),
            group: stored.group.as_ref().map(|group| {
                let view = GroupLinks::new(&group.view_token);
                GameGroupView {
                    id: None,
                    url: None,
                    api_url: None,
                    name: &group.name,
                    view_url: view.view_page(),
                    view_api_url: view.view_api(),
                }
            }),
            house_rules: stored.house_rules.as_deref(),
        }
    }
}
