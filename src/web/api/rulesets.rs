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
use super::input::{RawOptions, rule_set, take_lang};
use super::reply::{created_at, key_reused, keyed_json};
use crate::db::games::{Keyed, new_token};
use crate::db::guard::Outcome;
use crate::db::rule_sets::{RuleSetId, create_rule_set};
use crate::rules::definition::{CHECKED_ID, Definition, has_room, register, registered};
use crate::rules::presets::Preset;
use crate::text::definition::{DefinitionMsg, load};
use crate::text::{Lang, Say};
use crate::web::definitions::{merge, strip_derived_rounds};
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
}

/// The definition a body asks for, with the new id: the body itself, or its `base` preset's
/// definition with the body laid over it.
fn definition_of(body: Map<String, Value>, id: &str, lang: Lang) -> Result<Definition> {
    let unreadable = |detail: &dyn std::fmt::Display| {
        AppError::Unprocessable(crate::text::sentence(
            &DefinitionMsg::Unreadable.fill(lang, &[("detail", detail)]),
        ))
    };
    let base = match body.get("base") {
        Some(Value::String(base)) => Some(base.clone()),
        Some(other) => return Err(unreadable(&format!("\"base\" is {other}, not a preset id"))),
        None => None,
    };
    let mut body = body;
    let mut value = match base.as_deref().and_then(Preset::from_id) {
        Some(preset) => {
            // `"options": {"jokers": false}`: the base with those options, which become the
            // new rule set's defaults.
            let given = match body.get("options") {
                Some(Value::Object(_)) => body.remove("options"),
                _ => None,
            };
            let mut value = match given {
                Some(given) => {
                    let given: RawOptions = serde_json::from_value(given)?;
                    let rs = rule_set(preset.id(), &given, lang)?;
                    serde_json::to_value(Definition::of(&rs, &preset.option_specs()))?
                }
                None => serde_json::to_value(preset.definition())?,
            };
            strip_derived_rounds(&mut value);
            merge(&mut value, Value::Object(body));
            value
        }
        None => Value::Object(body),
    };
    if let Value::Object(map) = &mut value {
        // A preset's catalogue entry posted back names its preset by its id.
        let posted = map.get("id").and_then(Value::as_str).map(str::to_owned);
        if !map.contains_key("base")
            && let Some(posted) = posted.filter(|p| Preset::from_id(p).is_some())
        {
            map.insert("base".into(), Value::String(posted));
        }
        map.insert("id".into(), Value::String(id.to_owned()));
    }
    serde_json::from_value(value).map_err(|e| unreadable(&e))
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
        Added 2026-11-27.",
    params(super::doc::IdempotencyKeyHeader, super::doc::AcceptLanguageHeader),
    request_body(content = Object, content_type = "application/json"),
    responses(
        super::doc::RefereeErrors,
        (status = 201, description = "The rule set was stored (or, for a repeated \
            `Idempotency-Key`, the rule set the first request stored).",
         body = NewRuleSetAnswer,
         headers(("Location" = String, description = "`api_url`: the rule set in full."))),
        (status = 422, description = "The definition cannot be read, or breaks a rule: every \
            sentence, and each problem by field.", body = schema::Invalid),
    )
)]
async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(mut body): Json<Value>,
) -> Result<Response> {
    let lang = take_lang(&headers, &mut body)?;
    let key = keyed_json(&headers, "POST /api/v1/rulesets", &body)?;
    let Value::Object(body) = body else {
        return Err(AppError::Unprocessable(
            crate::text::api::ApiMsg::NotAnObject.text(lang).to_string(),
        ));
    };
    // Checked under one id for every check, so a refused definition keeps nothing in this
    // program; the new id is given once it passed.
    let mut def = definition_of(body, CHECKED_ID, lang)?;
    if let Err(problems) = load(&def) {
        return Ok(refused(&problems, lang));
    }
    if !has_room() {
        let said = DefinitionMsg::NoRoom.text(lang);
        let body = json!({"error": crate::text::sentence(said)});
        return Ok((StatusCode::SERVICE_UNAVAILABLE, axum::Json(body)).into_response());
    }
    let id = format!("rs-{}", new_token());
    def.id.clone_from(&id);
    let stored = serde_json::to_string(&def)?;
    let keyed = key.as_ref().map(|(key, request)| Keyed { key, request });
    let made = match create_rule_set(&state.db, &id, &def.name, &stored, keyed).await? {
        Outcome::Done(made) => {
            register(def);
            made
        }
        Outcome::Replayed(made) => {
            ensure(&state, &made.0).await?;
            made
        }
        Outcome::KeyReused => return Err(key_reused()),
        other => {
            return Err(AppError::internal(format!(
                "a rule set's creation: {other:?}"
            )));
        }
    };
    let RuleSetId(id) = made;
    let api_url = format!("/api/v1/rulesets/{id}");
    created_at(api_url.clone(), NewRuleSetAnswer { id, api_url })
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
