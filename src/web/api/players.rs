//! The JSON API of the changes to a game after its start (docs/RULES.md section 8):
//! a late joiner (`POST /api/v1/games/{id}/players`), a player renamed, sitting out the next
//! round or leaving (`POST /api/v1/games/{id}/players/{seat}`), and the stake and currency
//! (`POST /api/v1/games/{id}/settings`). Each is versioned (`version`, 409 when stale),
//! idempotent (`Idempotency-Key`), kept in the history and taken back by undo; each answers
//! with the game's state like undo does.
//!
//! Part of `web::api`; uses `store` and `rules`, never `db` directly.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::doc::{Conflict, GameChanged, GameWriteErrors};
use super::input::take_lang;
use super::reply::{StoredKey, game_change, keyed_json, once};
use crate::rules::game::{JoinStart, RawNumber, TableChange};
use crate::store::changes::{Edit, edit_once};
use crate::text::Lang;
use crate::text::api::ApiMsg;
use crate::web::Result;
use crate::web::{AppError, AppState, Json};

/// `POST /api/v1/games/{id}/players`: a player joins late.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinBody {
    /// The new player's name (a name no player of the game has or had).
    pub name: String,
    /// Sits clockwise after this player (deals after them); missing: after the last seat.
    #[serde(default)]
    pub after: Option<String>,
    /// `worst` (default; Continental: `zero`), `zero` or `average`: what their total starts at.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub start: Option<String>,
    /// The game's `version` the change was made against: a stale one is a 409.
    #[serde(default)]
    pub version: Option<i64>,
}

/// `POST /api/v1/games/{id}/players/{seat}`: exactly one of `name`, `sits_out_next`,
/// `leaves`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerBody {
    /// The player's new name (refused in a group's game: rename on the group's page).
    #[serde(default)]
    pub name: Option<String>,
    /// `true`: the player sits out the next round.
    #[serde(default)]
    pub sits_out_next: Option<bool>,
    /// `true`: the player leaves the table, keeping their total.
    #[serde(default)]
    pub leaves: Option<bool>,
    /// The game's `version` the change was made against: a stale one is a 409.
    #[serde(default)]
    pub version: Option<i64>,
}

/// `POST /api/v1/games/{id}/settings`: the stake and currency; what is missing stays.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SettingsBody {
    /// Cents per point (points schemes).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub cents_per_point: Option<RawNumber>,
    /// Cents per unit (Continental).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub cents_per_unit: Option<RawNumber>,
    /// Points one cent stands for (1 to 1000; points schemes).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub points_per_cent: Option<RawNumber>,
    /// Currency symbol.
    #[serde(default)]
    pub currency: Option<String>,
    /// The game's `version` the change was made against: a stale one is a 409.
    #[serde(default)]
    pub version: Option<i64>,
}

/// Reads a body into `T`, the answer's language and the request's idempotency key.
fn read<T: serde::de::DeserializeOwned>(
    headers: &HeaderMap,
    mut body: Value,
    route: &str,
) -> Result<(T, Lang, Option<StoredKey>)> {
    let lang = take_lang(headers, &mut body)?;
    if !body.is_object() {
        return Err(AppError::Unprocessable(
            ApiMsg::WrongField.fill(lang, &[("detail", &"the body must be a JSON object")]),
        ));
    }
    let key = keyed_json(headers, route, &body);
    let parsed = serde_json::from_value(body)
        .map_err(|e| AppError::Unprocessable(ApiMsg::WrongField.fill(lang, &[("detail", &e)])))?;
    Ok((parsed, lang, key?))
}

async fn run(
    state: &AppState,
    id: &str,
    edit: Edit,
    version: Option<i64>,
    key: Option<StoredKey>,
    lang: Lang,
) -> Result<Response> {
    let change = edit_once(
        &state.db,
        &state.games,
        id,
        &edit,
        version,
        once(key.as_ref()),
    )
    .await?;
    game_change(state, id, change, lang).await
}

/// `POST /api/v1/games/{id}/players`: a player joins late.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/players",
    tag = "games",
    operation_id = "join_late",
    summary = "A player joins late",
    description = "From the next round, seated after `after`, starting at the worst total at the table (or `zero`, or the `average`). Kept in the history; undo takes it back. 422 with a sentence when the table cannot take them (name taken, table full, game over). Added 2026-11-24.",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = JoinBody, content_type = "application/json"),
    responses(GameWriteErrors, Conflict, GameChanged)
)]
pub(super) async fn join_late(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let route = format!("POST /api/v1/games/{id}/players");
    let (body, lang, key) = read::<JoinBody>(&headers, body, &route)?;
    let start = match body.start.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(given) => Some(JoinStart::from_id(given).ok_or_else(|| {
            AppError::Unprocessable(ApiMsg::WrongField.fill(
                lang,
                &[(
                    "detail",
                    &format!("start: {given:?} is not worst, zero or average"),
                )],
            ))
        })?),
    };
    let edit = Edit::Table(TableChange::Join {
        player: body.name,
        after: body.after,
        start,
    });
    run(&state, &id, edit, body.version, key, lang).await
}

/// `POST /api/v1/games/{id}/players/{seat}`: rename, sit out the next round, or leave.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/players/{seat}",
    tag = "games",
    operation_id = "change_player",
    summary = "Rename a player, or they sit out the next round, or leave",
    description = "Exactly one of `name`, `sits_out_next: true`, `leaves: true`. Kept in the history; undo takes it back. A rename in a group's game is refused (422): rename on the group's page. Added 2026-11-24.",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        ("seat" = usize, Path, description = "The player's seat: 1 for the first player, late joiners after the set-up's players (`table[].seat`)."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = PlayerBody, content_type = "application/json"),
    responses(GameWriteErrors, Conflict, GameChanged)
)]
pub(super) async fn change_player(
    State(state): State<AppState>,
    Path((id, seat)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let route = format!("POST /api/v1/games/{id}/players/{seat}");
    let (body, lang, key) = read::<PlayerBody>(&headers, body, &route)?;
    let game = state.load_edit(&id).await?;
    let wrong = |detail: &str| {
        AppError::Unprocessable(ApiMsg::WrongField.fill(lang, &[("detail", &detail)]))
    };
    let player = seat
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|s| (1..=game.setup.player_count()).contains(s))
        .map(|s| s - 1)
        .ok_or_else(|| {
            wrong(&format!(
                "seat: {seat:?} is not a seat of this game (1 to {})",
                game.setup.player_count()
            ))
        })?;
    let name = game.setup.name(player).to_string();
    let edit = match (body.name, body.sits_out_next, body.leaves) {
        (Some(new), None | Some(false), None | Some(false)) => Edit::Rename { player, name: new },
        (None, Some(true), None | Some(false)) => Edit::Table(TableChange::SitOut { player: name }),
        (None, None | Some(false), Some(true)) => Edit::Table(TableChange::Leave { player: name }),
        _ => {
            return Err(wrong(
                "give exactly one of name, sits_out_next: true, leaves: true",
            ));
        }
    };
    run(&state, &id, edit, body.version, key, lang).await
}

/// `POST /api/v1/games/{id}/settings`: the stake and currency after the start.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/settings",
    tag = "games",
    operation_id = "change_settings",
    summary = "Change the stake or currency",
    description = "What is missing stays. Checked like a new game's money. Kept in the history; undo takes it back. Added 2026-11-24.",
    params(
        ("id" = String, Path, description = "The game's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = SettingsBody, content_type = "application/json"),
    responses(GameWriteErrors, Conflict, GameChanged)
)]
pub(super) async fn change_settings(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let route = format!("POST /api/v1/games/{id}/settings");
    let (body, lang, key) = read::<SettingsBody>(&headers, body, &route)?;
    let edit = Edit::Settings {
        cents: body.cents_per_point.or(body.cents_per_unit),
        points_per_cent: body.points_per_cent,
        currency: body.currency,
    };
    run(&state, &id, edit, body.version, key, lang).await
}
