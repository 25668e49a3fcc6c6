//! The games part of the JSON API (docs/API.md "Games"): create a game, enter and correct rounds,
//! undo, end early, read the state, the history and the read-only twin.
//!
//! Thin: handlers parse the body into `rules::game` raw types, call [`crate::web::record`] (which
//! calls `db::` and `rules::`), and render. The JSON shapes live here; no scoring does.
//! Bad input answers 422 `{"error": sentence, "fields": {field: sentence}}`; a stale
//! `version` answers 409 with the game's current state plus `"error"`.
//!
//! Part of `web::api`: games through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::BTreeMap;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use tower_http::set_header::SetResponseHeaderLayer;

use super::input::{answer_lang, take_lang};
use crate::db::games::{self, HistoryAction, Once};
use crate::rules::game::{FieldErrors, GameSetup, RawRound, RawSetup, RoundInfo};
use crate::rules::ruleset::{Buys, OptionValue};
use crate::store::{self, GameChange, LoadedGame, OnceChange, RoundWrite};
use crate::text::api::ApiMsg;
use crate::text::{self, Lang, Say};
use crate::web::links::{GameLinks, ViewLinks};
use crate::web::{
    AppError, AppState, IdempotencyKey, Json, refuse_unknown_fields, require_json_body,
};

/// Routes of the games API. Every answer through the edit id (which carries the id or the
/// edit URLs: the capability to change the game) says `Cache-Control: no-store`, so no cache
/// on the way or on the device keeps it.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/games", post(create))
        .route("/api/v1/games/{id}", get(show))
        .route("/api/v1/games/{id}/rounds", post(enter_round))
        .route("/api/v1/games/{id}/undo", post(undo))
        .route("/api/v1/games/{id}/end", post(end))
        .route("/api/v1/games/{id}/resume", post(resume))
        .route("/api/v1/games/{id}/history", get(history))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .route("/api/v1/view/{token}", get(view))
}

/// The HTML page of a game (edit link).
fn game_url(id: &str) -> String {
    GameLinks::new(id).page()
}

/// The read-only HTML page of a game.
fn view_url(token: &str) -> String {
    ViewLinks::new(token).page()
}

/// `POST /api/v1/games`: 201 `{"id", "url", "view_url", …}`.
async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response, AppError> {
    let lang = take_lang(&headers, &mut body)?;
    let raw = strict::<RawSetup, RawSetup>(body, &[], lang)?;
    let setup = match GameSetup::try_from(raw) {
        Ok(setup) => setup,
        Err(errors) => return Ok(invalid(&errors, lang)),
    };
    let game = store::new_game(&setup)?;
    // With an Idempotency-Key a repeat answers with the game the first request created.
    let ids = match IdempotencyKey::from_headers(&headers)? {
        Some(key) => games::create_game_once(&state.db, &game, &key.stored()).await?,
        None => games::create_game(&state.db, &game).await?,
    };
    let api_url = GameLinks::new(&ids.id).api();
    let body = json!({
        "id": ids.id,
        "url": game_url(&ids.id),
        "view_url": view_url(&ids.view_token),
        "api_url": api_url,
        "view_api_url": format!("/api/v1/view/{}", ids.view_token),
    });
    let location = HeaderValue::try_from(api_url).map_err(AppError::internal)?;
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        axum::Json(body),
    )
        .into_response())
}

/// `GET /api/v1/games/{id}`: the game's state.
async fn show(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let game = state.load_edit(&id).await?;
    Ok(Json(GameView::new(&game, Access::Edit)).into_response())
}

/// `GET /api/v1/view/{token}`: the state through the read-only link (no edit id or URLs).
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
async fn enter_round(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response, AppError> {
    let lang = take_lang(&headers, &mut body)?;
    let body = strict::<RawRound, RoundBody>(body, &["version"], lang)?;
    let key = IdempotencyKey::from_headers(&headers)?.map(|key| key.stored());
    let key = key.as_deref();
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
        RoundWrite::Conflict(game) => conflict(&game, lang)?,
        RoundWrite::Invalid(errors) => invalid(&errors, lang),
        RoundWrite::NotFound => return Err(state.missing(&id).await),
        RoundWrite::NeedsVersion(round) => return Err(AppError::VersionRequired { round }),
    })
}

/// A JSON body read into a raw type `F` shares with the HTML forms, refusing (400) top-level
/// fields that neither `F` nor `extra` names: the forms ignore what they do not know, a JSON
/// client's misspelt field must not be dropped silently.
fn strict<F: DeserializeOwned, T: DeserializeOwned>(
    body: Value,
    extra: &[&str],
    lang: Lang,
) -> Result<T, AppError> {
    refuse_unknown_fields::<F>(&body, extra)?;
    serde_json::from_value(body)
        .map_err(|e| AppError::Unprocessable(ApiMsg::WrongField.fill(lang, &[("detail", &e)])))
}

/// `POST /api/v1/games/{id}/undo` (body `{"version": N}` optional): removes the last round.
async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let (version, key, lang) = whole_game_change(&headers, &body)?;
    let once = once(key.as_deref());
    let change = store::undo_once(&state.db, &state.games, &id, version, once).await?;
    game_change(&state, &id, change, lang).await
}

/// `POST /api/v1/games/{id}/end` (body `{"version": N}` optional): the table stops early; the
/// rounds played are settled.
async fn end(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let (version, key, lang) = whole_game_change(&headers, &body)?;
    let once = once(key.as_deref());
    let change = store::end_early_once(&state.db, &state.games, &id, true, version, once).await?;
    game_change(&state, &id, change, lang).await
}

/// `POST /api/v1/games/{id}/resume` (body `{"version": N}` optional): takes back an early end.
async fn resume(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let (version, key, lang) = whole_game_change(&headers, &body)?;
    let once = once(key.as_deref());
    let change = store::end_early_once(&state.db, &state.games, &id, false, version, once).await?;
    game_change(&state, &id, change, lang).await
}

/// What an undo, end or resume asks: the `version` of its JSON body (nothing for an empty
/// body; a body that is not JSON is a 415) and its `Idempotency-Key` as stored.
fn whole_game_change(
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(Option<i64>, Option<String>, Lang), AppError> {
    require_json_body(headers, body)?;
    let (version, lang) = version_of(body)?;
    let lang = answer_lang(headers, lang.as_deref())?;
    let key = IdempotencyKey::from_headers(headers)?.map(|key| key.stored());
    Ok((version, key, lang))
}

/// What an undo, end or resume keeps under its `Idempotency-Key`: not the state it answered
/// with (only known after the write), but a mark. A repeat changes nothing and answers with
/// the game's state as it is then, marked `Idempotent-Replayed`.
fn once(key: Option<&str>) -> Option<Once<'_>> {
    key.map(|key| Once {
        key,
        response: "api: game state",
    })
}

async fn game_change(
    state: &AppState,
    id: &str,
    change: OnceChange,
    lang: Lang,
) -> Result<Response, AppError> {
    let change = match change {
        OnceChange::Now(change) => change,
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
                "action": match h.action {
                    HistoryAction::Enter => "enter",
                    HistoryAction::Correct => "correct",
                    HistoryAction::Undo => "undo",
                    HistoryAction::End => "end",
                },
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
fn version_of(body: &[u8]) -> Result<(Option<i64>, Option<String>), AppError> {
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
        Err(e) if e.is_data() => Err(AppError::Unprocessable(format!(
            "The JSON has a wrong field: {e}; send {{\"version\": N}} or nothing."
        ))),
        Err(e) => Err(AppError::BadRequest(format!(
            "The request body is not valid JSON: {e}."
        ))),
    }
}

/// 422 with every problem: `{"error": all sentences, "fields": {field: sentence}, "problems": [...]}`.
fn invalid(errors: &FieldErrors, lang: Lang) -> Response {
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
fn json_text(json: String, replayed: bool) -> Response {
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

fn rfc3339(at: OffsetDateTime) -> String {
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

/// `GET /api/v1/games/{id}` (docs/API.md), with additions.
#[derive(Serialize)]
struct GameView<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    history_url: Option<String>,
    view_url: String,
    rules: &'a str,
    rules_name: &'a str,
    options: &'a BTreeMap<String, OptionValue>,
    players: &'a [String],
    first_dealer: &'a str,
    version: i64,
    of_rounds: usize,
    rounds: Vec<RoundView<'a>>,
    totals: ByName<'a, i64>,
    leaders: Vec<&'a str>,
    standings: ByName<'a, u32>,
    buys: ByName<'a, i64>,
    next_round: Option<NextRoundView<'a>>,
    finished: bool,
    ended_early: bool,
    settlement: Option<SettlementView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    settlement_error: Option<String>,
    scheme: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cents_per_point: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cents_per_unit: Option<i64>,
    /// Points that `cents_per_point` buys (10: a tenth of a cent a point).
    points_per_cent: i64,
    currency: &'a str,
    created_at: String,
    updated_at: String,
}

#[derive(Serialize)]
struct RoundView<'a> {
    round: usize,
    dealer: &'a str,
    cutter: Option<&'a str>,
    contract: Option<String>,
    went_out: Option<&'a str>,
    points: ByName<'a, i64>,
    /// What was entered, as stored (names as in the game, cards in the notation).
    entry: RawRound,
}

#[derive(Serialize)]
struct NextRoundView<'a> {
    round: usize,
    of: usize,
    dealer: &'a str,
    cutter: Option<&'a str>,
    contract: Option<String>,
    contract_de: Option<String>,
    deal: u8,
    cut_target: Option<u32>,
    decks: String,
    decks_de: String,
    buys: Buys,
    buys_text: String,
    go_out_all: bool,
    needs_more_than_dealt: bool,
    no_winner_allowed: bool,
    restrictions: Vec<String>,
    restrictions_de: Vec<String>,
}

#[derive(Serialize)]
struct SettlementView<'a> {
    net_cents: &'a [i64],
    transfers: Vec<TransferView<'a>>,
    places: &'a [u32],
    net: ByName<'a, i64>,
}

#[derive(Serialize)]
struct TransferView<'a> {
    from: &'a str,
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
        }
    }
}
