//! The groups part of the JSON API (docs/API.md "Groups"): create a group, read it
//! (edit link or read-only link), add, rename and retire players, start a game in the group,
//! add a standalone game to it, save and delete house rules, settle up, read its history.
//!
//! Thin: handlers read the body (`lang` taken out first, unknown fields refused), call
//! `store::groups`, and answer with the group's state ([`GroupView`]) or, for a new game, like
//! `POST /api/v1/games`. A group's read-only token where its edit id belongs is a 403 with a
//! sentence; a stale `version` a 409 with the group's state and the sentence. Every write
//! takes an `Idempotency-Key`.
//!
//! Part of `web::api`: groups through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::BTreeMap;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub(crate) mod import;
mod view;
use super::input::take_lang;
use super::reply::{
    StoredKey, created, created_at, invalid, json_text, key_reused, keyed_json, strict,
};
use crate::db::games::{Keyed, Once};
use crate::db::groups as db_groups;
use crate::rules::game::RawSetup;
use crate::rules::ruleset::{OptionValue, RuleSet};
use crate::store::groups::{self, GroupOutcome, GroupProblem, LoadedGroup};
use crate::text::groups::GroupMsg;
use crate::text::{Lang, Msg};
use crate::web::Result;
use crate::web::groups::{load_edit_group, missing_group, problem_sentence};
use crate::web::json::{Access, rfc3339};
use crate::web::links::GroupLinks;
use crate::web::numbers::{AskedFilter, asked_filter};
use crate::web::schema;
use crate::web::{AppError, AppState, Json};
use view::GroupView;

/// Routes of the groups API. Answers through the edit id say `Cache-Control: no-store`.
pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(show))
        .routes(routes!(add_player))
        .routes(routes!(change_player))
        .routes(routes!(new_game))
        .routes(routes!(add_game))
        .routes(routes!(save_house_rules))
        .routes(routes!(delete_house_rules))
        .routes(routes!(settle_up))
        .routes(routes!(undo_settle_up))
        .routes(routes!(history))
        .routes(routes!(import::import))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .routes(routes!(view))
}

/// A JSON body into `T` (which refuses fields it does not know), after `lang` was taken out.
fn body_of<T: DeserializeOwned>(body: Value, lang: Lang) -> Result<T> {
    // Only an object: serde reads a struct from an array too (`[null]` would be a change
    // without its version).
    if !body.is_object() {
        return Err(AppError::Unprocessable(
            crate::text::api::ApiMsg::NotAnObject.text(lang).to_string(),
        ));
    }
    serde_json::from_value(body)
        .map_err(|e| AppError::Unprocessable(GroupMsg::WrongBody.fill(lang, &[("detail", &e)])))
}

/// A group write's request, read in the one right order: its language (taken out of the body
/// first, so that a retry in another language is the same request), its idempotency key with
/// the hash of the request on `route`, and its body as `T`.
fn asked<T: DeserializeOwned>(
    headers: &HeaderMap,
    route: &str,
    mut body: Value,
) -> Result<(Lang, Option<StoredKey>, T)> {
    let lang = take_lang(headers, &mut body)?;
    let key = keyed_json(headers, route, &body)?;
    let body = body_of(body, lang)?;
    Ok((lang, key, body))
}

/// What [`asked`] reads for a write that needs the group's `version` (settling up and
/// taking it back): nobody changes a ledger they have not seen, so a body without it is a 422.
fn asked_with_version(
    headers: &HeaderMap,
    route: &str,
    body: Value,
) -> Result<(Lang, Option<StoredKey>, i64)> {
    let (lang, key, body) = asked::<GroupVersionBody>(headers, route, body)?;
    let Some(version) = body.version else {
        return Err(AppError::Unprocessable(
            GroupMsg::VersionNeeded.text(lang).to_string(),
        ));
    };
    Ok((lang, key, version))
}

/// What a group write keeps under its key: a mark; a repeat answers with the group's state
/// as it is then, marked `Idempotent-Replayed`.
fn once(key: Option<&(String, String)>) -> Option<Once<'_>> {
    key.map(|(key, request)| Once {
        key,
        request,
        response: "api: group state",
    })
}

/// The answer to a group write: the group's state (`status` when done), or why not.
async fn answer<T>(
    state: &AppState,
    id: &str,
    outcome: GroupOutcome<T>,
    lang: Lang,
    status: StatusCode,
) -> Result<Response> {
    match outcome {
        GroupOutcome::Done(..) => {
            let group = load_edit_group(state, id).await?;
            Ok((status, Json(GroupView::new(&group, Access::Edit))).into_response())
        }
        GroupOutcome::Replayed(_) => {
            let group = load_edit_group(state, id).await?;
            let body = serde_json::to_string(&GroupView::new(&group, Access::Edit))?;
            // A repeat answers with the first answer's status (201 for a new player).
            Ok((status, json_text(body, true)).into_response())
        }
        GroupOutcome::KeyReused => Err(key_reused()),
        GroupOutcome::Conflict(version) => {
            let group = load_edit_group(state, id).await?;
            let mut body = serde_json::to_value(GroupView::new(&group, Access::Edit))?;
            if let Value::Object(map) = &mut body {
                let sentence = GroupMsg::Conflict.fill(lang, &[("version", &version)]);
                map.insert("error".into(), sentence.into());
            }
            Ok((StatusCode::CONFLICT, axum::Json(body)).into_response())
        }
        GroupOutcome::Problem(problem) => {
            Err(AppError::Unprocessable(problem_sentence(&problem, lang)))
        }
        GroupOutcome::Invalid(errors) => Ok(invalid(&errors, lang)),
        GroupOutcome::NotFound => Err(missing_group(state, id).await),
    }
}

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

/// The body of `POST /api/v1/groups`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewGroupBody {
    /// The group's name, 1 to 40 characters ("Freitagsrunde").
    name: String,
    /// Its first players (names compared as people read them: they must differ).
    #[serde(default)]
    players: Vec<String>,
    /// The language of the answer's sentences.
    #[schema(value_type = Option<schema::Lang>)]
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "in the document only: `take_lang` takes it out first"
    )]
    lang: Option<String>,
}

/// The body of `POST /api/v1/groups/{id}/players`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewPlayerBody {
    /// The new player's name.
    name: String,
    /// The group's `version` the change was made against: a stale one is a 409.
    version: Option<i64>,
    #[schema(value_type = Option<schema::Lang>)]
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "in the document only: `take_lang` takes it out first"
    )]
    lang: Option<String>,
}

/// The body of `POST /api/v1/groups/{id}/players/{player_id}`: `name` (rename) or
/// `retired` (retire, or bring back with `false`).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PlayerChangeBody {
    /// The player's new name: shown everywhere from now on, old games included.
    name: Option<String>,
    /// `true`: hidden from new games, kept in every game; `false`: back again.
    retired: Option<bool>,
    /// The group's `version` the change was made against: a stale one is a 409.
    version: Option<i64>,
    #[schema(value_type = Option<schema::Lang>)]
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "in the document only: `take_lang` takes it out first"
    )]
    lang: Option<String>,
}

/// The body of `POST /api/v1/groups/{id}/add-game`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct AddGameBody {
    /// The standalone game's edit id, or its edit link (`…/games/{id}`).
    game: String,
    /// The group's `version` the change was made against: a stale one is a 409.
    version: Option<i64>,
    #[schema(value_type = Option<schema::Lang>)]
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "in the document only: `take_lang` takes it out first"
    )]
    lang: Option<String>,
}

/// The body of `POST /api/v1/groups/{id}/house-rules`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct HouseRulesBody {
    /// The house rules' name ("Oma's Liverpool"); saving under a name the group has replaces
    /// those house rules.
    name: String,
    /// Rule-set id (`GET /api/v1/rules`).
    rules: String,
    /// Option overrides.
    #[schema(value_type = schema::Options)]
    #[serde(default)]
    options: BTreeMap<String, OptionValue>,
    /// The group's `version` the change was made against: a stale one is a 409.
    version: Option<i64>,
    #[schema(value_type = Option<schema::Lang>)]
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "in the document only: `take_lang` takes it out first"
    )]
    lang: Option<String>,
}

/// The body of a change that needs only the group's version (delete house rules, settle up).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct GroupVersionBody {
    /// The group's `version` the change was made against: a stale one is a 409. Settling up
    /// needs it.
    version: Option<i64>,
    #[schema(value_type = Option<schema::Lang>)]
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "in the document only: `take_lang` takes it out first"
    )]
    lang: Option<String>,
}

/// The answer of `POST /api/v1/groups` (201).
#[derive(Serialize, ToSchema)]
struct NewGroupAnswer {
    /// The group's edit id (128 random bits): whoever has it can change the group.
    id: String,
    /// The group's page.
    url: String,
    /// The read-only page.
    view_url: String,
    /// `/api/v1/groups/{id}`.
    api_url: String,
    /// `/api/v1/groups/view/{token}`.
    view_api_url: String,
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

/// `POST /api/v1/groups`: 201 with the group's links.
#[utoipa::path(
    post,
    path = "/api/v1/groups",
    tag = "groups",
    operation_id = "create_group",
    summary = "Create a group",
    params(super::doc::IdempotencyKeyHeader, super::doc::AcceptLanguageHeader),
    request_body(content = NewGroupBody, content_type = "application/json"),
    responses(
        super::doc::RefereeErrors,
        (status = 201, description = "The group was created (or, for a repeated \
            `Idempotency-Key`, the group the first request created).", body = NewGroupAnswer,
         headers(
             ("Location" = String, description = "`api_url`: the group's state."),
             ("Cache-Control" = String, description = "`no-store`: the answer carries the edit id."),
         )),
    )
)]
async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, body) = asked::<NewGroupBody>(&headers, "POST /api/v1/groups", body)?;
    let keyed = key.as_ref().map(|(key, request)| Keyed { key, request });
    let created = groups::create_group(&state.db, &body.name, &body.players, keyed).await?;
    let ids = match created {
        Ok(outcome) => match outcome.created() {
            Some(ids) => ids,
            None => return Err(key_reused()),
        },
        Err(problem) => return Err(AppError::Unprocessable(problem_sentence(&problem, lang))),
    };
    let links = GroupLinks::new(&ids.id);
    let view = GroupLinks::new(&ids.view_token);
    let answer = NewGroupAnswer {
        id: ids.id.clone(),
        url: links.page(),
        view_url: view.view_page(),
        api_url: links.api(),
        view_api_url: view.view_api(),
    };
    created_at(links.api(), answer)
}

/// `GET /api/v1/groups/{id}`: the group's state.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}",
    tag = "groups",
    operation_id = "get_group",
    summary = "A group: its players, games, house rules, settle-ups, standings and ledger",
    params(("id" = String, Path, description = "The group's edit id."), StandingsParams),
    responses(
        super::doc::ReadErrors,
        (status = 200, description = "The group.", body = GroupView,
         headers(("Cache-Control" = String, description = "`no-store`."))),
        (status = 403, description = "The group's read-only token was used where its edit id \
            belongs.", body = schema::Error),
        (status = 404, description = "There is no group with this id.", body = schema::Error),
        (status = 422, description = "A bad standings filter.", body = schema::Error),
    )
)]
async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let asked = standings_query(&state, &headers, query).await?;
    // From the group cache: the standings and ledger read every game of the group.
    let Some(group) = state.groups.load(&state.db, &id).await? else {
        return Err(missing_group(&state, &id).await);
    };
    let owned = crate::web::groups::owned_rule_sets(&state, &group).await?;
    let view = GroupView::with_filter(&group, Access::Edit, &asked).with_rule_sets(owned);
    Ok(Json(view).into_response())
}

/// The standings filter of a group read's query (docs/API.md): a bad one is a 422 with a
/// sentence in the request's language.
/// A table's own rule set may be named by one version's id (`rs-…`) or by its family (`rf-…`,
/// every version).
async fn standings_query(
    state: &AppState,
    headers: &HeaderMap,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<AskedFilter> {
    let lang = crate::web::i18n::request_lang(headers);
    let pairs = query.map(|Query(q)| q).unwrap_or_default();
    let mut asked = asked_filter(&pairs, time::OffsetDateTime::now_utc(), lang)
        .map_err(AppError::Unprocessable)?;
    crate::web::groups::stored_rules(state, &mut asked, lang)
        .await?
        .map_err(AppError::Unprocessable)?;
    Ok(asked)
}

/// The standings filter's query parameters (for the document).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[expect(
    dead_code,
    reason = "in the document only: the handlers read the query as pairs"
)]
struct StandingsParams {
    /// `year` (this calendar year), `all` (the default) or `custom` (`from`/`to`; the
    /// default when either is given).
    period: Option<String>,
    /// First day counted, `2026-01-01` (or `01.01.2026`).
    from: Option<String>,
    /// Last day counted.
    to: Option<String>,
    /// Only games of this rule set: a preset's id, a table's own rule set's id (`rs-…`, that
    /// version) or its family (`rf-…`, every version; added 2026-11-27).
    rules: Option<String>,
}

/// `GET /api/v1/groups/view/{token}`: the group through its read-only link.
#[utoipa::path(
    get,
    path = "/api/v1/groups/view/{token}",
    tag = "groups",
    operation_id = "view_group",
    summary = "A group through its read-only link",
    description = "The state without the edit id and edit URLs; games by their read-only links.",
    params(("token" = String, Path, description = "The group's read-only token."), StandingsParams),
    responses(
        super::doc::ReadErrors,
        (status = 200, description = "The group.", body = GroupView),
        (status = 422, description = "A bad standings filter.", body = schema::Error),
        (status = 404, description = "No group has this read-only token.", body = schema::Error),
    )
)]
async fn view(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let asked = standings_query(&state, &headers, query).await?;
    match state.groups.load_view(&state.db, &token).await? {
        Some(group) => {
            let owned = crate::web::groups::owned_rule_sets(&state, &group).await?;
            let view = GroupView::with_filter(&group, Access::View, &asked).with_rule_sets(owned);
            Ok(Json(view).into_response())
        }
        None => Err(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup)),
    }
}

/// `POST /api/v1/groups/{id}/players`: a new player; 201 with the group's state.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/players",
    tag = "groups",
    operation_id = "add_group_player",
    summary = "Add a player to the group",
    description = "Refused (422) when the name reads the same as a player's of the group \
        (capitals, Unicode forms, invisible characters and spacing do not make a new name).",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = NewPlayerBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 201, description = "Added (or replayed): the group's state.", body = GroupView),
    )
)]
async fn add_player(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, body) =
        asked::<NewPlayerBody>(&headers, &format!("POST /api/v1/groups/{id}/players"), body)?;
    let outcome =
        groups::add_player(&state.db, &id, body.version, once(key.as_ref()), &body.name).await?;
    answer(&state, &id, outcome, lang, StatusCode::CREATED).await
}

/// `POST /api/v1/groups/{id}/players/{player_id}`: rename (`name`) or retire (`retired`).
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/players/{player_id}",
    tag = "groups",
    operation_id = "change_group_player",
    summary = "Rename a player (everywhere, old games included) or retire one",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        ("player_id" = i64, Path, description = "The player's `id` in the group."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = PlayerChangeBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 200, description = "Done (or replayed): the group's state.", body = GroupView),
    )
)]
async fn change_player(
    State(state): State<AppState>,
    Path((id, player_id)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, body) = asked::<PlayerChangeBody>(
        &headers,
        &format!("POST /api/v1/groups/{id}/players/{player_id}"),
        body,
    )?;
    let Ok(player_id) = player_id.parse::<i64>() else {
        return Err(AppError::Unprocessable(
            GroupMsg::NoSuchPlayer.text(lang).to_string(),
        ));
    };
    let once = once(key.as_ref());
    let outcome = match (&body.name, body.retired) {
        (Some(name), None) => {
            groups::rename_player(&state.db, &id, body.version, once, player_id, name).await?
        }
        (None, Some(retired)) => {
            groups::set_retired(&state.db, &id, body.version, once, player_id, retired).await?
        }
        _ => {
            return Err(AppError::Unprocessable(
                GroupMsg::PlayerOrRetired.text(lang).to_string(),
            ));
        }
    };
    answer(&state, &id, outcome, lang, StatusCode::OK).await
}

/// `POST /api/v1/groups/{id}/games`: a game in the group; 201 like `POST /api/v1/games`.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/games",
    tag = "groups",
    operation_id = "create_group_game",
    summary = "Start a game in the group",
    description = "The body of `POST /api/v1/games` with the players by name from the group \
        (any spelling read the same; retired players are refused), plus `house_rules`: the \
        name of the group's house rules to play (their rule set and options, unless the body \
        gives them). Without `rules` and `house_rules`, the rule set, options and money of the \
        group's last game.",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = GroupGameBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 201, description = "The game was created (or, for a repeated \
            `Idempotency-Key`, the game the first request created).",
         body = schema::NewGameAnswer,
         headers(("Location" = String, description = "`api_url`: the game's state."))),
    )
)]
async fn new_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response> {
    let lang = take_lang(&headers, &mut body)?;
    let key = keyed_json(&headers, &format!("POST /api/v1/groups/{id}/games"), &body)?;
    let group = load_edit_group(&state, &id).await?;
    let house_rules = match body.as_object_mut().and_then(|o| o.remove("house_rules")) {
        None | Some(Value::Null) => None,
        Some(Value::String(name)) => Some(name),
        Some(other) => {
            return Err(AppError::Unprocessable(GroupMsg::WrongBody.fill(
                lang,
                &[("detail", &format!("\"house_rules\" is a name, not {other}"))],
            )));
        }
    };
    let house_rules = match house_rules {
        Some(name) => match groups::house_rules_named(&group.house_rules, &name) {
            Some(rules) => Some(rules.clone()),
            None => {
                return Err(AppError::Unprocessable(problem_sentence(
                    &GroupProblem::UnknownHouseRules(name.trim().to_string()),
                    lang,
                )));
            }
        },
        None => None,
    };
    fill_defaults(&mut body, &group, house_rules.as_ref());
    let raw = strict::<RawSetup, RawSetup>(body, &[], lang)?;
    let keyed = key.as_ref().map(|(key, request)| Keyed { key, request });
    let outcome = groups::create_group_game(
        &state.db,
        &id,
        (raw, &[]),
        house_rules.as_ref().map(|h| h.name.as_str()),
        keyed,
    )
    .await?;
    let ids = match outcome {
        GroupOutcome::Done(_, ids) => ids,
        GroupOutcome::KeyReused => return Err(key_reused()),
        other => return answer(&state, &id, other, lang, StatusCode::OK).await,
    };
    created(&ids)
}

/// A group game's set-up with what it leaves out filled in: the house rules' rule set and
/// options, else (without `rules`) the rule set, options and money of the group's last game.
fn fill_defaults(
    body: &mut Value,
    group: &LoadedGroup,
    house_rules: Option<&db_groups::HouseRules>,
) {
    let Value::Object(map) = body else { return };
    if let Some(rules) = house_rules {
        map.entry("rules")
            .or_insert_with(|| Value::String(rules.rules.clone()));
        map.entry("options")
            .or_insert_with(|| rules.options.clone());
    }
    if map.contains_key("rules") {
        return;
    }
    let Some(last) = groups::last_setup(group) else {
        return;
    };
    let Ok(Value::Object(last)) = serde_json::to_value(last) else {
        return;
    };
    for field in [
        "rules",
        "options",
        "cents_per_point",
        "cents_per_unit",
        "points_per_cent",
        "currency",
        "settlement",
    ] {
        if let Some(value) = last.get(field) {
            map.entry(field).or_insert_with(|| value.clone());
        }
    }
}

/// The body of `POST /api/v1/groups/{id}/games` (for the document): `POST /api/v1/games`'s,
/// with the players named from the group and the rule set optional.
#[derive(ToSchema, Serialize)]
struct GroupGameBody {
    /// Rule-set id; missing: the house rules' (`house_rules`), else the group's last game's.
    rules: Option<String>,
    /// Option overrides; missing: the house rules', else (without `rules`) the last game's.
    #[schema(value_type = Option<schema::Options>)]
    options: Option<Value>,
    /// Players of the group by name (any spelling read the same), in seating order.
    players: Vec<String>,
    /// The first dealer's name; missing: the first player.
    first_dealer: Option<String>,
    /// Money per point; missing without `rules`: the last game's.
    #[schema(value_type = Option<schema::Number>)]
    cents_per_point: Option<Value>,
    /// Money per unit (`continental`).
    #[schema(value_type = Option<schema::Number>)]
    cents_per_unit: Option<Value>,
    /// A cent per so many points.
    #[schema(value_type = Option<schema::Number>)]
    points_per_cent: Option<Value>,
    /// Currency symbol.
    currency: Option<String>,
    /// The settlement, where the rule set offers several.
    settlement: Option<String>,
    /// The name of the group's house rules to play.
    house_rules: Option<String>,
    /// The language of the answer's sentences.
    #[schema(value_type = Option<schema::Lang>)]
    lang: Option<String>,
}

/// `POST /api/v1/groups/{id}/add-game`: a standalone game joins the group.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/add-game",
    tag = "groups",
    operation_id = "add_game_to_group",
    summary = "Add a standalone game to the group",
    description = "Its players are matched to the group's by the way people read their names \
        (the group's spelling is written into the game); players the group does not know join \
        it. A game belongs to one group only.",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = AddGameBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 200, description = "Added (or replayed): the group's state.", body = GroupView),
    )
)]
async fn add_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, body) = asked::<AddGameBody>(
        &headers,
        &format!("POST /api/v1/groups/{id}/add-game"),
        body,
    )?;
    let game = game_id_of(&body.game);
    let outcome = groups::add_game(&state.db, &id, body.version, once(key.as_ref()), game).await?;
    answer(&state, &id, outcome, lang, StatusCode::OK).await
}

/// A game's edit id from what was pasted: the id itself or its edit link.
pub(crate) fn game_id_of(given: &str) -> &str {
    let given = given.trim().trim_end_matches('/');
    given
        .rsplit_once("/games/")
        .map_or(given, |(_, id)| id)
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
}

/// `POST /api/v1/groups/{id}/house-rules`: save named house rules.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/house-rules",
    tag = "groups",
    operation_id = "save_house_rules",
    summary = "Save house rules (a rule set with its options, under a name)",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = HouseRulesBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 200, description = "Saved (or replayed): the group's state.", body = GroupView),
    )
)]
async fn save_house_rules(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, body) = asked::<HouseRulesBody>(
        &headers,
        &format!("POST /api/v1/groups/{id}/house-rules"),
        body,
    )?;
    let rules = RuleSet::with_options(body.rules.trim(), &body.options)
        .map_err(|e| AppError::Unprocessable(crate::text::sentence(&e.clause(lang))))?;
    let outcome = groups::save_house_rules(
        &state.db,
        &id,
        body.version,
        once(key.as_ref()),
        &body.name,
        &rules,
    )
    .await?;
    answer(&state, &id, outcome, lang, StatusCode::OK).await
}

/// `POST /api/v1/groups/{id}/house-rules/{rules_id}/delete`: delete house rules.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/house-rules/{rules_id}/delete",
    tag = "groups",
    operation_id = "delete_house_rules",
    summary = "Delete house rules (games played with them keep their name)",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        ("rules_id" = i64, Path, description = "The house rules' `id`."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = GroupVersionBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 200, description = "Deleted (or replayed): the group's state.", body = GroupView),
    )
)]
async fn delete_house_rules(
    State(state): State<AppState>,
    Path((id, rules_id)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, body) = asked::<GroupVersionBody>(
        &headers,
        &format!("POST /api/v1/groups/{id}/house-rules/{rules_id}/delete"),
        body,
    )?;
    let Ok(rules_id) = rules_id.parse::<i64>() else {
        return Err(AppError::Unprocessable(
            GroupMsg::NoSuchHouseRules.text(lang).to_string(),
        ));
    };
    let outcome =
        groups::delete_house_rules(&state.db, &id, body.version, once(key.as_ref()), rules_id)
            .await?;
    answer(&state, &id, outcome, lang, StatusCode::OK).await
}

/// `POST /api/v1/groups/{id}/settle-up` `{"version"}`: the ledger starts again at zero.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/settle-up",
    tag = "groups",
    operation_id = "settle_up_group",
    summary = "Settle up: record the ledger's balances as paid; the ledger starts at zero",
    description = "Needs the group's `version` (422 without): nobody settles a ledger they \
        have not seen; a stale one is a 409 with the group's state.",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = GroupVersionBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 200, description = "Settled (or replayed): the group's state.", body = GroupView),
    )
)]
async fn settle_up(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, version) = asked_with_version(
        &headers,
        &format!("POST /api/v1/groups/{id}/settle-up"),
        body,
    )?;
    let outcome =
        groups::settle_up(&state.db, &state.groups, &id, version, once(key.as_ref())).await?;
    answer(&state, &id, outcome, lang, StatusCode::OK).await
}

/// `POST /api/v1/groups/{id}/settle-up/undo` `{"version"}`: takes back the latest settle-up
/// while it is still the group's latest change.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/settle-up/undo",
    tag = "groups",
    operation_id = "undo_settle_up_group",
    summary = "Undo the latest settle-up while nothing newer happened to the group",
    description = "Needs the group's `version` (422 without), which must be the version the \
        latest settle-up brought the group to: anything newer (another change, a stale \
        version) is a 409 or a 422 with the sentence. The settled games are open again.",
    params(
        ("id" = String, Path, description = "The group's edit id."),
        super::doc::IdempotencyKeyHeader,
        super::doc::AcceptLanguageHeader,
    ),
    request_body(content = GroupVersionBody, content_type = "application/json"),
    responses(
        super::doc::GroupWriteErrors,
        (status = 200, description = "Undone (or replayed): the group's state.", body = GroupView),
    )
)]
async fn undo_settle_up(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response> {
    let (lang, key, version) = asked_with_version(
        &headers,
        &format!("POST /api/v1/groups/{id}/settle-up/undo"),
        body,
    )?;
    let outcome = groups::undo_settle_up(&state.db, &id, version, once(key.as_ref())).await?;
    answer(&state, &id, outcome, lang, StatusCode::OK).await
}

/// `GET /api/v1/groups/{id}/history`: every change of the group, oldest first.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}/history",
    tag = "groups",
    operation_id = "get_group_history",
    summary = "Every change of a group, oldest first",
    params(("id" = String, Path, description = "The group's edit id.")),
    responses(
        super::doc::ReadErrors,
        (status = 200, description = "`{\"count\", \"history\": [{\"id\", \"action\", \
            \"before\", \"after\", \"at\"}]}`.", body = Object),
        (status = 403, description = "The group's read-only token was used where its edit id \
            belongs.", body = schema::Error),
        (status = 404, description = "There is no group with this id.", body = schema::Error),
    )
)]
async fn history(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response> {
    if db_groups::group(&state.db, &id).await?.is_none() {
        return Err(missing_group(&state, &id).await);
    }
    let entries: Vec<Value> = db_groups::history(&state.db, &id)
        .await?
        .into_iter()
        .map(|h| {
            json!({
                "id": h.id,
                "action": h.action,
                "before": h.before,
                "after": h.after,
                "at": rfc3339(h.at),
            })
        })
        .collect();
    Ok(Json(json!({ "count": entries.len(), "history": entries })).into_response())
}

#[cfg(test)]
mod tests {
    use super::game_id_of;

    #[test]
    fn a_pasted_edit_link_gives_the_game_s_id() {
        let id = "0123456789abcdef0123456789abcdef";
        assert_eq!(game_id_of(id), id);
        assert_eq!(
            game_id_of(&format!(" http://192.168.1.20:3000/games/{id} ")),
            id
        );
        assert_eq!(game_id_of(&format!("/games/{id}/")), id);
        assert_eq!(
            game_id_of(&format!("https://k.example/games/{id}?lang=de")),
            id
        );
    }
}
