//! A rule set shared as a link and a file: its read-only page (`GET /rulesets/{id}`: name,
//! version, a summary of its rounds, a QR code of the link, the JSON file, and "play with
//! it": start a game, add it to a group) and the import form (`GET /rulesets/import`, `POST
//! /rulesets/import`: a file upload, or a paste box for the JSON, a link or an id, and
//! optionally the group it is for). The import checks the definition as `POST
//! /api/v1/rulesets` does (every problem's sentence with its field), stores it through
//! `store::rule_sets::create` once per form key and goes to its page (or, for a group, to the
//! group page). No JavaScript.
//!
//! The page never shows the owning group's edit link: a rule set's link is read-only and is
//! passed on freely.
//!
//! A page of `web::pages`: rule sets through `store`; no SQL, nothing from `api` or `cli`.

use std::sync::Arc;

use askama::Template;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use serde_json::Value;

use super::groups::group_id_of;
use super::groups::import::form_fields_with_file;
use super::origin::{is_loopback, origin};
use super::qr;
use super::reply::no_store;
use crate::db::games::Keyed;
use crate::rules::definition::{CHECKED_ID, Definition, registered};
use crate::rules::presets::{Preset, preset_info};
use crate::store::rule_sets::{self, Created};
use crate::text::definition::DefinitionMsg;
use crate::text::groups::GroupMsg;
use crate::text::rules::{describe_contract, preset_name};
use crate::text::sharing::SharingMsg as S;
use crate::text::{Lang, Say};
use crate::web::cookies::CookieJar;
use crate::web::groups::missing_group;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::GroupLinks;
use crate::web::page::render_status;
use crate::web::recent::{self, RecentGame};
use crate::web::rule_definition::{definition_of, rule_set_id_of};
use crate::web::{AppError, AppState, Result, last_field};

/// The import form's action.
const IMPORT: &str = "/rulesets/import";

/// A query's pairs; an unreadable query reads as none.
type Pairs = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// Routes of the rule set pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/rulesets/import", get(import_form).post(import))
        .route("/rulesets/{id}", get(show))
}

/// A rule set's read-only page.
#[derive(Template)]
#[template(path = "rule_set.html")]
struct RuleSetPage {
    ctx: PageCtx,
    title: String,
    id: String,
    /// "version 2", for a stored rule set.
    version: Option<String>,
    /// Shown after an import.
    notice: Option<String>,
    facts: Vec<String>,
    rounds: Vec<String>,
    /// A newer version: the sentence and its page.
    newer: Option<(String, String)>,
    /// Earlier versions: (label, page).
    older: Vec<(String, String)>,
    qr: Option<Arc<str>>,
    loopback: bool,
    link: String,
    file: String,
    rule_book: String,
    new_game: String,
    /// The "add to a group" form: its key and this phone's groups (edit id, name).
    key: String,
    groups: Vec<(String, String)>,
}

impl RuleSetPage {
    fn s(&self, msg: S) -> &'static str {
        msg.text(self.ctx.lang)
    }
}

/// The import form.
#[derive(Template)]
#[template(path = "rule_set_import.html")]
struct ImportPage {
    ctx: PageCtx,
    key: String,
    json: String,
    group_link: String,
    groups: Vec<(String, String)>,
    /// The group chosen (its edit id).
    chosen: String,
    notice: Option<String>,
    /// The definition's problems, each "field: sentence".
    problems: Vec<String>,
    file_hint: String,
}

impl ImportPage {
    fn s(&self, msg: S) -> &'static str {
        msg.text(self.ctx.lang)
    }
}

/// This phone's groups through their edit links: (edit id, name).
fn phone_groups(jar: &CookieJar) -> Vec<(String, String)> {
    recent::groups(jar)
        .into_iter()
        .filter_map(|RecentGame { url, label }| {
            let id = url.strip_prefix("/groups/")?;
            (!id.starts_with("view/") && !id.contains('/')).then(|| (id.to_owned(), label))
        })
        .collect()
}

/// The definition of a preset's or a stored rule set's id (a stored one read from the
/// database when this program has not met it yet); `None` when no rule set has it.
async fn definition(state: &AppState, id: &str) -> Result<Option<Arc<Definition>>> {
    if let Some(preset) = Preset::from_id(id) {
        return Ok(Some(Arc::new(preset.definition().clone())));
    }
    rule_sets::resolve(&state.db, id).await?;
    Ok(registered(id).filter(|_| id != CHECKED_ID))
}

/// The 404 of an id no rule set has.
fn not_stored(id: &str, lang: Lang) -> AppError {
    AppError::NotFound(crate::text::sentence(
        &DefinitionMsg::NotStored.fill(lang, &[("id", &id)]),
    ))
}

/// `GET /rulesets/{id}`: the rule set's read-only page.
async fn show(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    headers: HeaderMap,
    Path(id): Path<String>,
    query: Pairs,
) -> Result<Response> {
    let lang = ctx.lang;
    let def = definition(&state, &id)
        .await?
        .ok_or_else(|| not_stored(&id, lang))?;
    let rs = def
        .rule_set()
        .map_err(|problems| AppError::internal(format!("stored rule set {id}: {problems:?}")))?;
    let row = rule_sets::row(&state.db, &id).await?;
    let (mut newer, mut older) = (None, Vec::new());
    if let Some(row) = &row {
        let versions = rule_sets::family(&state.db, &row.family).await?;
        if let Some(latest) = versions.last().filter(|l| l.version > row.version) {
            newer = Some((
                S::Newer.fill(lang, &[("n", &latest.version)]),
                format!("/rulesets/{}", latest.id),
            ));
        }
        older = versions
            .iter()
            .filter(|v| v.version < row.version)
            .map(|v| {
                let label = format!(
                    "{} ({})",
                    v.name,
                    S::Version.fill(lang, &[("n", &v.version)])
                );
                (label, format!("/rulesets/{}", v.id))
            })
            .collect();
    }
    let mut facts = Vec::new();
    if let Some(base) = def.base().filter(|b| b.id() != id) {
        let name = preset_info(base.id()).map_or(base.id(), |info| preset_name(&info, lang));
        facts.push(S::StartsFrom.fill(lang, &[("base", &name)]));
    }
    facts.push(if def.min_players == def.max_players {
        S::PlayersExactly.fill(lang, &[("n", &def.min_players)])
    } else {
        S::PlayersRange.fill(
            lang,
            &[("min", &def.min_players), ("max", &def.max_players)],
        )
    });
    if rs.rounds_per_player {
        facts.push(S::OneRoundPerPlayer.text(lang).to_owned());
    } else {
        facts.push(S::RoundsCount.fill(lang, &[("n", &rs.rounds.len())]));
    }
    let rounds = rs
        .rounds
        .iter()
        .filter_map(|round| {
            let contract = describe_contract(round.contract.as_ref()?, lang);
            Some(S::RoundLine.fill(lang, &[("n", &round.number), ("contract", &contract)]))
        })
        .collect();
    let link = format!(
        "{}/rulesets/{id}",
        origin(&headers, state.transport.https).unwrap_or_default()
    );
    let query = query.map(|Query(q)| q).unwrap_or_default();
    let stored = query.iter().any(|(k, v)| k == "stored" && v == "1");
    let page = RuleSetPage {
        title: S::PageTitle.fill(lang, &[("name", &def.name)]),
        version: row
            .as_ref()
            .map(|r| S::Version.fill(lang, &[("n", &r.version)])),
        notice: stored.then(|| S::Imported.text(lang).to_owned()),
        facts,
        rounds,
        newer,
        older,
        qr: link
            .starts_with("http")
            .then(|| qr::svg(&link, S::QrLabel.text(lang)))
            .flatten(),
        loopback: origin(&headers, state.transport.https).is_some_and(|o| is_loopback(&o)),
        file: format!("/api/v1/rulesets/{id}/file"),
        rule_book: format!("/rules/{id}"),
        new_game: format!("/games/new?rules={id}"),
        key: ctx.form_key(IMPORT),
        groups: phone_groups(&jar),
        id,
        link,
        ctx,
    };
    render_status(StatusCode::OK, &page)
}

/// `GET /rulesets/import` (`?group=<edit id>` chooses the group): the empty form.
async fn import_form(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    query: Pairs,
) -> Result<Response> {
    let query = query.map(|Query(q)| q).unwrap_or_default();
    let mut groups = phone_groups(&jar);
    let chosen = last_field(&query, "group").unwrap_or_default().to_owned();
    if !chosen.is_empty()
        && !groups.iter().any(|(id, _)| *id == chosen)
        && let Some(group) = state.groups.load(&state.db, &chosen).await?
    {
        groups.push((chosen.clone(), group.group.name.clone()));
    }
    let page = import_page(ctx, groups, chosen);
    Ok(no_store(render_status(StatusCode::OK, &page)?))
}

fn import_page(ctx: PageCtx, groups: Vec<(String, String)>, chosen: String) -> ImportPage {
    ImportPage {
        key: ctx.form_key(IMPORT),
        json: String::new(),
        group_link: String::new(),
        file_hint: crate::text::paper::PaperMsg::PageFileHint
            .fill(ctx.lang, &[("kib", &(crate::web::BODY_LIMIT / 1024 - 1))]),
        groups,
        chosen,
        notice: None,
        problems: Vec::new(),
        ctx,
    }
}

/// `POST /rulesets/import` (`json` or a `file`, `group` or `group_link`, `key`; `for_group`
/// from a rule set's "Add it to a group", which then needs a group): stores the
/// rule set, then 303 to its page (for a group, to the group page's rule sets).
async fn import(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    request: Request,
) -> Result<Response> {
    let pairs = form_fields_with_file(request, &state, "json").await?;
    let field = |name: &str| {
        last_field(&pairs, name)
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let key = state.form_keys.check(IMPORT, &field("key"))?;
    let lang = ctx.lang;
    let group = match (field("group_link"), field("group")) {
        (link, group) if link.is_empty() && group.is_empty() => None,
        (link, group) if link.is_empty() => Some(group_id_of(&group).to_owned()),
        (link, _) => Some(match link.rsplit_once("/groups/view/") {
            // A group's read-only link pasted: refused like every write through it.
            Some((_, rest)) => group_id_of(&format!("/groups/{rest}")).to_owned(),
            None => group_id_of(&link).to_owned(),
        }),
    };
    let json = field("json");
    let for_group = field("for_group") == "1";
    let refuse = |ctx: PageCtx, notice: String, problems: Vec<String>| {
        let chosen = field("group");
        let mut page = import_page(ctx, phone_groups(&jar), chosen);
        page.json = field("json");
        page.group_link = field("group_link");
        page.notice = Some(notice);
        page.problems = problems;
        render_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
    };
    if for_group && group.is_none() {
        // "Add it to a group" with no group chosen or pasted.
        return refuse(ctx, S::ChooseGroup.text(lang).to_owned(), Vec::new());
    }
    let def = if json.is_empty() {
        return refuse(ctx, S::NothingGiven.text(lang).to_owned(), Vec::new());
    } else if json.starts_with('{') {
        let body = match serde_json::from_str::<Value>(&json) {
            Ok(Value::Object(body)) => body,
            Ok(_) | Err(_) => {
                let detail = serde_json::from_str::<Value>(&json)
                    .err()
                    .map_or_else(|| "not an object".to_owned(), |e| e.to_string());
                let said = DefinitionMsg::Unreadable.fill(lang, &[("detail", &detail)]);
                return refuse(ctx, crate::text::sentence(&said), Vec::new());
            }
        };
        let mut body = body;
        body.remove("group");
        body.remove("replaces");
        body.remove("lang");
        match definition_of(body, CHECKED_ID, lang) {
            Ok(def) => def,
            Err(AppError::Unprocessable(sentence)) => return refuse(ctx, sentence, Vec::new()),
            Err(other) => return Err(other),
        }
    } else {
        let found = match rule_set_id_of(&json) {
            Some(id) => definition(&state, id)
                .await?
                .map(|def| (id.to_owned(), def)),
            None => None,
        };
        let Some((id, def)) = found else {
            return refuse(
                ctx,
                S::NoSuchLink.fill(lang, &[("value", &json)]),
                Vec::new(),
            );
        };
        if group.is_none() && id.starts_with("rs-") {
            // A stored rule set linked and no group: nothing to store, it is already here.
            return Ok(Redirect::to(&format!("/rulesets/{id}")).into_response());
        }
        let mut def = (*def).clone();
        if def.base.is_none() {
            def.base = def.base().map(|b| b.id().to_owned());
        }
        def
    };
    let request = request_hash(&format!("POST {IMPORT}"), &canonical_form(&pairs));
    let stored = key.map(|k| k.stored());
    let keyed = stored.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let created = rule_sets::create(&state.db, def, group.as_deref(), None, keyed).await?;
    match created {
        Created::Stored(row) => Ok(match &row.owner {
            Some(owner) => {
                let to = format!("{}#rule-sets", GroupLinks::new(owner).page());
                Redirect::to(&to).into_response()
            }
            None => Redirect::to(&format!("/rulesets/{}?stored=1", row.id)).into_response(),
        }),
        Created::Refused(problems) => {
            let listed = problems
                .iter()
                .map(|p| format!("{}: {}", p.path, p.say(lang)))
                .collect();
            refuse(ctx, S::NotStoredProblems.text(lang).to_owned(), listed)
        }
        Created::NoRoom => {
            let said = crate::text::sentence(DefinitionMsg::NoRoom.text(lang));
            refuse(ctx, said, Vec::new())
        }
        Created::NoSuchGroup => {
            let group = group.unwrap_or_default();
            match missing_group(&state, &group).await {
                AppError::Said(StatusCode::NOT_FOUND, _) => refuse(
                    ctx,
                    GroupMsg::PageNoSuchGroup.text(lang).to_owned(),
                    Vec::new(),
                ),
                other => Err(other),
            }
        }
        Created::NoSuchRuleSet => Err(AppError::internal("an import replaces nothing")),
        Created::KeyReused => Err(AppError::Said(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::ErrKeyReused,
        )),
    }
}
