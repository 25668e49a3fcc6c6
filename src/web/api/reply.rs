//! The answers the stored games' and groups' handlers share: 201 for what a write made, 422
//! for a set-up or an entry that is wrong, a body read strictly, a stored answer replayed,
//! the idempotency key as stored, and a change to a game answered with its state (or 409).
//!
//! Part of `web::api`, below its handlers (`games`, `players`, `groups`), which use it; it
//! uses none of them. No SQL, no scoring, nothing from `pages` or `cli`.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::db::games::{self, Once};
use crate::rules::game::FieldErrors;
use crate::store::{GameChange, LoadedGame, OnceChange};
use crate::text::api::ApiMsg;
use crate::text::{self, Lang};
use crate::web::Result;
use crate::web::game_json::GameView;
use crate::web::idempotency::{canonical_json, request_hash};
use crate::web::json::Access;
use crate::web::links::{GameLinks, ViewLinks};
use crate::web::{AppError, AppState, IdempotencyKey, Json, refuse_unknown_fields};

/// An `Idempotency-Key` as stored, with the hash of the request it came with.
pub(super) type StoredKey = (String, String);

/// The request's `Idempotency-Key` as stored, with the hash of the request it came with:
/// `route` and its JSON `body` in canonical form (read after `lang` was taken out of the
/// body, so that a retry in another language is the same request). The one reading of the
/// key for the game and group writes that take a JSON object.
pub(super) fn keyed_json(
    headers: &HeaderMap,
    route: &str,
    body: &serde_json::Value,
) -> Result<Option<StoredKey>> {
    Ok(IdempotencyKey::from_headers(headers)?
        .map(|key| (key.stored(), request_hash(route, &canonical_json(body)))))
}

/// The 201 answer for something a write made (or a replay of it): `body`, with `Location`
/// its state's address in the API.
pub(super) fn created_at(location: String, body: impl serde::Serialize) -> Result<Response> {
    let location = HeaderValue::try_from(location).map_err(AppError::internal)?;
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(body),
    )
        .into_response())
}

/// The 201 answer for a created (or replayed) game: `{"id", "url", "view_url", "api_url",
/// "view_api_url"}` with `Location`.
pub(super) fn created(ids: &games::GameIds) -> Result<Response> {
    let api_url = GameLinks::new(&ids.id).api();
    let body = json!({
        "id": ids.id,
        "url": GameLinks::new(&ids.id).page(),
        "view_url": ViewLinks::new(&ids.view_token).page(),
        "api_url": api_url,
        "view_api_url": format!("/api/v1/view/{}", ids.view_token),
    });
    created_at(api_url, body)
}

/// A JSON body read into a raw type `F` shares with the HTML forms, refusing (400) top-level
/// fields that neither `F` nor `extra` names: the forms ignore what they do not know, a JSON
/// client's misspelt field must not be dropped silently.
pub(super) fn strict<F: DeserializeOwned, T: DeserializeOwned>(
    body: Value,
    extra: &[&str],
    lang: Lang,
) -> Result<T> {
    refuse_unknown_fields::<F>(&body, extra)?;
    serde_json::from_value(body)
        .map_err(|e| AppError::Unprocessable(ApiMsg::WrongField.fill(lang, &[("detail", &e)])))
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

/// A change to a game answered: its state, 409 with it if the game changed since the
/// version sent, the stored answer again for a repeated key, 422 for a refusal.
pub(super) async fn game_change(
    state: &AppState,
    id: &str,
    change: OnceChange,
    lang: Lang,
) -> Result<Response> {
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

/// 409 with the game's current state and an `"error"` sentence.
pub(super) fn conflict(game: &LoadedGame, lang: Lang) -> Result<Response> {
    let mut body = serde_json::to_value(GameView::new(game, Access::Edit))?;
    if let Value::Object(map) = &mut body {
        map.insert("error".into(), text::Msg::ErrConflict.text(lang).into());
    }
    Ok((StatusCode::CONFLICT, axum::Json(body)).into_response())
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
