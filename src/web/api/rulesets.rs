//! `POST /api/v1/rulesets` and `GET /api/v1/rulesets/{id}`: a table's own rule set, written
//! as the catalogue entry of a rule set is read (docs/API.md, "Rule sets"): a full
//! definition, or `"base": "<preset id>"` and only what differs. Checked before it is stored
//! (every problem with its field, in the request's language); stored once and never changed,
//! so a game keeps the exact rules it started with. Once stored, its id is accepted wherever
//! a preset's is (`"rules": "<id>"`): the engine answers for it as for a preset
//! ([`crate::rules::definition::register`]).
//!
//! Thin: reads the body, asks `text::definition` to load it, stores it through `db`.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::catalog::{self, Detail};
use super::input::take_lang;
use super::reply::{created_at, key_reused, keyed_json};
use crate::db::games::Keyed;
use crate::rules::definition::{CHECKED_ID, registered};
use crate::rules::presets::Preset;
use crate::store::rule_sets::Created;
use crate::text::definition::DefinitionMsg;
use crate::text::{Lang, Say};
use crate::web::rule_definition::definition_of;
use crate::web::schema;
use crate::web::{AppError, AppState, Json, Result};

/// The routes of the rule sets.
pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(show))
        .routes(routes!(file))
}

/// The answer of `POST /api/v1/rulesets`.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewRuleSetAnswer {
    /// The rule set's id, for `"rules"` wherever a preset's id is taken.
    pub id: String,
    /// `/api/v1/rulesets/{id}`: the rule set in full.
    pub api_url: String,
    /// `/rulesets/{id}`: its read-only page to share (a QR code of the link, the file).
    /// Added 2026-11-27.
    pub page_url: String,
    /// Its family (`rf-<token>`): every version of this rule set. `?rules=<family>` filters a
    /// group's standings by all of them. Added 2026-11-27.
    pub family: String,
    /// Its version within the family, 1 first (`"replaces"` makes the next). Added
    /// 2026-11-27.
    pub version: i64,
}

/// A 422 with every problem: `{"error": all sentences, "problems": [{"field", "code",
/// "message"}]}`.
fn refused(problems: &[crate::rules::definition::Problem], lang: Lang) -> Response {
    let listed: Vec<Value> = problems
        .iter()
        .map(|p| json!({"field": p.path, "code": p.kind.code(), "message": p.say(lang)}))
        .collect();
    let error = problems
        .iter()
        .map(|p| format!("{}: {}", p.path, p.say(lang)))
        .collect::<Vec<_>>()
        .join(" ");
    let body = json!({"error": error, "problems": listed});
    (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(body)).into_response()
}

/// `POST /api/v1/rulesets`: 201 `{"id", "api_url"}`.
#[utoipa::path(
    post,
    path = "/api/v1/rulesets",
    tag = "rule sets",
    operation_id = "create_rule_set",
    summary = "Store a table's own rule set",
    description = "A definition in the format of `GET /api/v1/rules/{id}` (a full one, or \
        `\"base\": \"<preset id>\"` and only what differs; objects are laid over the base key \
        by key, lists replace it; `options` as an object sets the base's options, which become \
        the new defaults). Every problem is answered at once, each with its field. \
        Added 2026-11-27. Also added 2026-11-27: `\"group\"` (a group's edit id: the rule set \
        is the group's, listed in the group's reads; a read-only token is a 403, an unknown \
        one a 404) and `\"replaces\"` (an earlier version's id: the new rule set is that \
        family's next version; a game keeps the exact version it started with).",
    params(super::doc::IdempotencyKeyHeader, super::doc::AcceptLanguageHeader),
    request_body(content = Object, content_type = "application/json"),
    responses(
        super::doc::RefereeErrors,
        (status = 201, description = "The rule set was stored (or, for a repeated \
            `Idempotency-Key`, the rule set the first request stored).",
         body = NewRuleSetAnswer,
         headers(("Location" = String, description = "`api_url`: the rule set in full."))),
        (status = 422, description = "The definition cannot be read, or breaks a rule: every \
            sentence, and each problem by field; or `replaces` names no stored rule set.",
         body = schema::Invalid),
        (status = 403, description = "`group` is a group's read-only token.", body = schema::Error),
        (status = 404, description = "`group` is no group's edit id.", body = schema::Error),
    )
)]
async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response> {
    let lang = take_lang(&headers, &mut body)?;
    let key = keyed_json(&headers, "POST /api/v1/rulesets", &body)?;
    let Value::Object(mut body) = body else {
        return Err(AppError::Unprocessable(
            crate::text::api::ApiMsg::NotAnObject.text(lang).to_string(),
        ));
    };
    let group = text_field(&mut body, "group", lang)?;
    let replaces = text_field(&mut body, "replaces", lang)?;
    let def = definition_of(body, CHECKED_ID, lang)?;
    let keyed = key.as_ref().map(|(key, request)| Keyed { key, request });
    let created = crate::store::rule_sets::create(
        &state.db,
        def,
        group.as_deref(),
        replaces.as_deref(),
        keyed,
    )
    .await?;
    let row = match created {
        Created::Stored(row) => row,
        Created::Refused(problems) => return Ok(refused(&problems, lang)),
        Created::NoRoom => {
            let said = DefinitionMsg::NoRoom.text(lang);
            let body = json!({"error": crate::text::sentence(said)});
            return Ok((StatusCode::SERVICE_UNAVAILABLE, axum::Json(body)).into_response());
        }
        Created::NoSuchGroup => {
            let group = group.unwrap_or_default();
            return Err(crate::web::groups::missing_group(&state, &group).await);
        }
        Created::NoSuchRuleSet => {
            let earlier = replaces.unwrap_or_default();
            return Err(AppError::Unprocessable(crate::text::sentence(
                &crate::text::sharing::SharingMsg::NoSuchVersion.fill(lang, &[("id", &earlier)]),
            )));
        }
        Created::KeyReused => return Err(key_reused()),
    };
    let api_url = format!("/api/v1/rulesets/{}", row.id);
    created_at(
        api_url.clone(),
        NewRuleSetAnswer {
            page_url: format!("/rulesets/{}", row.id),
            id: row.id,
            api_url,
            family: row.family,
            version: row.version,
        },
    )
}

/// A text field taken out of the body (`"group"`, `"replaces"`): absent or null is none; any
/// other value than a string is a 422 naming the field.
fn text_field(body: &mut Map<String, Value>, field: &str, lang: Lang) -> Result<Option<String>> {
    match body.remove(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if !text.trim().is_empty() => Ok(Some(text.trim().to_owned())),
        Some(other) => Err(AppError::Unprocessable(crate::text::sentence(
            &crate::text::sharing::SharingMsg::NotAnId
                .fill(lang, &[("field", &field), ("value", &other)]),
        ))),
    }
}

/// Makes a stored rule set answer for its id in this program: the store's one resolver
/// ([`crate::store::rule_sets::resolve`]), which reads an id it does not know from the
/// database. Nothing for a preset's id or an id no rule set has: the caller's reading of the
/// id says what is wrong.
pub async fn ensure(state: &AppState, id: &str) -> Result<()> {
    crate::store::rule_sets::resolve(&state.db, id).await?;
    Ok(())
}

/// `GET /api/v1/rulesets/{id}`: a stored rule set in full, as `GET /api/v1/rules/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/rulesets/{id}",
    tag = "rule sets",
    operation_id = "get_stored_rule_set",
    summary = "A table's own rule set in full",
    description = "The same format as `GET /api/v1/rules/{id}`. Added 2026-11-27.",
    params(("id" = String, Path, description = "The id `POST /api/v1/rulesets` answered.")),
    responses(
        super::doc::ReadErrors,
        (status = 200, description = "The rule set.", body = catalog::Detail),
        (status = 404, description = "No stored rule set has this id.", body = schema::Error),
    )
)]
async fn show(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Detail>> {
    ensure(&state, &id).await?;
    let def = registered(&id).ok_or_else(|| {
        AppError::NotFound(crate::text::sentence(
            &DefinitionMsg::NotStored.fill(Lang::En, &[("id", &id)]),
        ))
    })?;
    let rs = def
        .rule_set()
        .map_err(|problems| AppError::internal(format!("stored rule set {id}: {problems:?}")))?;
    Ok(Json(catalog::detail_of(&rs, def.option_specs())))
}

/// The rule set of `id` in full: a preset's catalogue entry or a stored rule set's, both the
/// definition format, with the preset it starts from.
async fn detail_of_id(state: &AppState, id: &str) -> Result<(Detail, Preset)> {
    if let Some(preset) = Preset::from_id(id)
        && let Some(detail) = catalog::detail(id)
    {
        return Ok((detail, preset));
    }
    ensure(state, id).await?;
    let def = registered(id).ok_or_else(|| {
        AppError::NotFound(crate::text::sentence(
            &DefinitionMsg::NotStored.fill(Lang::En, &[("id", &id)]),
        ))
    })?;
    let rs = def
        .rule_set()
        .map_err(|problems| AppError::internal(format!("stored rule set {id}: {problems:?}")))?;
    let base = def
        .base()
        .ok_or_else(|| AppError::internal(format!("stored rule set {id} has no base")))?;
    Ok((catalog::detail_of(&rs, def.option_specs()), base))
}

/// `GET /api/v1/rulesets/{id}/file`: a preset or a stored rule set as a small JSON file to
/// keep or pass on (`Content-Disposition: attachment`), in the definition format: `POST
/// /api/v1/rulesets` takes it back as it is, checked the same way.
#[utoipa::path(
    get,
    path = "/api/v1/rulesets/{id}/file",
    tag = "rule sets",
    operation_id = "download_rule_set",
    summary = "A rule set as a file to share",
    description = "The rule set in the format of `GET /api/v1/rules/{id}` with its `base`, as a download \
        (`kontrakt-<id>.json`); posting the file to `POST /api/v1/rulesets` stores it again. \
        A preset's id or a stored rule set's. Added 2026-11-27.",
    params(("id" = String, Path, description = "A preset's id or a stored rule set's.")),
    responses(
        super::doc::ReadErrors,
        (status = 200, description = "The rule set, as an attachment.", body = catalog::Detail),
        (status = 404, description = "No rule set has this id.", body = schema::Error),
    )
)]
async fn file(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response> {
    let (detail, base) = detail_of_id(&state, &id).await?;
    // The file names the preset it starts from (`base`), so that it posts back as it is.
    let mut value = serde_json::to_value(&detail)?;
    if let Value::Object(map) = &mut value {
        map.insert("base".into(), Value::String(base.id().to_owned()));
    }
    let body = serde_json::to_string_pretty(&value)?;
    // Ids are letters, digits and hyphens (the detail was found by it), safe in a file name.
    let name: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    let disposition = format!("attachment; filename=\"kontrakt-{name}.json\"");
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "application/json".to_owned(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}
