//! The forms of the group page: a new group (`POST /groups`, from the home page), add a
//! player, rename / retire / bring back a player, save house rules (the rule set first, then
//! its options on their own page) and delete them.
//!
//! Each form posts the group's `version` and a `key` this server signed for the form's
//! action: a stale version is refused with the group page as it is now and a sentence (409;
//! a player form refused, 409 or 422, keeps the name typed in it),
//! a repeat of a post goes where the first one went, a key this server did not issue is a
//! stale form (422). A group's read-only token is refused (403) before the form is read.
//!
//! Part of `web::pages::groups`: groups through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::BTreeMap;
use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};

use super::{Typed, load_edit, page_with_notice, page_with_typed};
use crate::db::games::{Keyed, Once};
use crate::rules::presets::{option_specs, preset_info};
use crate::rules::ruleset::{OptionSpec, RuleSet};
use crate::store::groups::{self, GroupOutcome, GroupProblem, LoadedGroup};
use crate::text::groups::GroupMsg;
use crate::web::Result;
use crate::web::cookies::CookieJar;
use crate::web::groups::problem_sentence;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::GroupLinks;
use crate::web::page::render_status;
use crate::web::pages::home::NEW_GROUP_ACTION;
use crate::web::rule_options::{OPTION_PREFIX, OptionField, option_text, options_from_form};
use crate::web::{AppError, AppState, Form, IdempotencyKey, last_field, recent};

/// Most players a new group's form is read for (a sanity bound for a tampered form).
const MAX_NEW_PLAYERS: usize = 64;

/// A posted group form: the group, the form's action, its fields, the group version it was
/// made against, its key (stored form), the hash of the request, and where the page goes
/// when it is done.
struct Posted {
    group: Arc<LoadedGroup>,
    action: String,
    pairs: Vec<(String, String)>,
    version: i64,
    key: Option<String>,
    request: String,
    location: String,
}

impl Posted {
    /// The last value of a field, as sent (a name typed is shown again as typed).
    fn field(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// What the write keeps under the key: where the page went.
    fn once(&self) -> Option<Once<'_>> {
        self.key.as_deref().map(|key| Once {
            key,
            request: &self.request,
            response: &self.location,
        })
    }
}

/// The form's key, checked: none, or one this server issued for `action`.
fn form_key(
    state: &AppState,
    action: &str,
    pairs: &[(String, String)],
) -> Result<Option<IdempotencyKey>> {
    Ok(state
        .form_keys
        .check(action, last_field(pairs, "key").unwrap_or_default())?)
}

/// Opens a form of the group page, as each of them starts: the group loaded (its read-only
/// token refused before the form is read), then the form posted to `/groups/{id}/{action}`
/// read, its key checked and its version read (a form without one is damaged: every form of
/// the group page sends it). Done, the page goes to the group page's `anchor`.
async fn posted(
    state: &AppState,
    id: &str,
    action: &str,
    anchor: &str,
    pairs: Vec<(String, String)>,
) -> Result<Posted> {
    let group = load_edit(state, id).await?;
    let links = GroupLinks::new(id);
    let action = links.action(action);
    let key = form_key(state, &action, &pairs)?;
    let version = last_field(&pairs, "version")
        .and_then(|v| v.parse::<i64>().ok())
        .ok_or(AppError::Said(
            StatusCode::BAD_REQUEST,
            Msg::RoundsFormDamaged,
        ))?;
    let request = request_hash(&format!("POST {action}"), &canonical_form(&pairs));
    Ok(Posted {
        group,
        action,
        pairs,
        version,
        key: key.map(|k| k.stored()),
        request,
        location: format!("{}#{anchor}", links.page()),
    })
}

/// The answer to a group form: to `location` when done (or replayed), else the group page
/// with the sentence.
async fn finish<T>(
    state: &AppState,
    ctx: PageCtx,
    id: &str,
    outcome: GroupOutcome<T>,
    location: &str,
) -> Result<Response> {
    finish_typed(state, ctx, id, outcome, location, Typed::Nothing).await
}

/// [`finish`] for a player form: a refused one shows `typed` again in its form.
async fn finish_typed<T>(
    state: &AppState,
    ctx: PageCtx,
    id: &str,
    outcome: GroupOutcome<T>,
    location: &str,
    typed: Typed,
) -> Result<Response> {
    let lang = ctx.lang;
    let (status, sentence) = match outcome {
        GroupOutcome::Done(..) => return Ok(Redirect::to(location).into_response()),
        GroupOutcome::Replayed(to) => {
            // Only a page's own answer is followed (a key used by the API answers there).
            let to = if to.starts_with("/groups/") {
                to
            } else {
                location.to_owned()
            };
            return Ok(Redirect::to(&to).into_response());
        }
        GroupOutcome::KeyReused => {
            // The group page is kept and shared (`web::kept`): every phone that read the same
            // state has the same keys, and a key is used by the first change from that
            // state. Another change with it comes from a page the group has moved on from:
            // the conflict it is, with what was typed kept.
            let current = load_edit(state, id).await?.group.version;
            (
                StatusCode::CONFLICT,
                GroupMsg::Conflict.fill(lang, &[("version", &current)]),
            )
        }
        GroupOutcome::NotFound => {
            return Err(load_edit(state, id)
                .await
                .err()
                .unwrap_or(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup)));
        }
        GroupOutcome::Conflict(version) => (
            StatusCode::CONFLICT,
            GroupMsg::Conflict.fill(lang, &[("version", &version)]),
        ),
        GroupOutcome::Problem(problem) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            problem_sentence(&problem, lang),
        ),
        GroupOutcome::Invalid(errors) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            errors
                .iter()
                .map(|e| e.error.message(lang))
                .collect::<Vec<_>>()
                .join(" "),
        ),
    };
    page_with_typed(state, ctx, id, status, sentence, typed).await
}

/// `POST /groups` (`name`, `players` one per line and/or `player` fields, `key`): creates the
/// group, remembers it on this phone and goes to its page; or the home page again with the
/// sentence and what was typed (422).
pub(super) async fn create(
    State(state): State<AppState>,
    mut ctx: PageCtx,
    jar: CookieJar,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let key = form_key(&state, NEW_GROUP_ACTION, &pairs)?;
    let request = request_hash("POST /groups", &canonical_form(&pairs));
    let mut name = String::new();
    let mut lines = String::new();
    let mut players: Vec<String> = Vec::new();
    for (field, value) in &pairs {
        match field.as_str() {
            "name" => name.clone_from(value),
            "players" => {
                lines.clone_from(value);
                players.extend(value.lines().map(str::to_owned));
            }
            "player" => players.push(value.clone()),
            _ => {}
        }
    }
    players.retain(|p| !p.trim().is_empty());
    players.truncate(MAX_NEW_PLAYERS);
    let stored = key.map(|k| k.stored());
    let keyed = stored.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let ids = match groups::create_group(&state.db, &name, &players, keyed).await? {
        Ok(outcome) => match outcome.created() {
            Some(ids) => ids,
            None => {
                return Err(AppError::Said(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    Msg::ErrKeyReused,
                ));
            }
        },
        Err(problem) => {
            ctx.here = "/".to_owned();
            let form = crate::web::pages::home::NewGroupForm {
                name,
                players: lines,
                error: Some(problem_sentence(&problem, ctx.lang)),
            };
            return crate::web::pages::home::page(
                &state,
                ctx,
                &jar,
                form,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
        }
    };
    let url = GroupLinks::new(&ids.id).page();
    let jar = recent::remember_group(jar, &url, name.trim());
    Ok((jar, Redirect::to(&url)).into_response())
}

/// `POST /groups/{id}/players` (`name`, `version`, `key`): a new player.
pub(super) async fn add_player(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let form = posted(&state, &id, "players", "players", pairs).await?;
    let name = form.field("name").unwrap_or_default();
    let outcome = groups::add_player(&state.db, &id, Some(form.version), form.once(), name).await?;
    let typed = Typed::NewPlayer(name.to_owned());
    finish_typed(&state, ctx, &id, outcome, &form.location, typed).await
}

/// `POST /groups/{id}/players/{player_id}` (`name` to rename, or `retired` `true` / `false`;
/// `version`, `key`).
pub(super) async fn change_player(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path((id, player_id)): Path<(String, String)>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let action = format!("players/{player_id}");
    let form = posted(&state, &id, &action, "players", pairs).await?;
    let Ok(player_id) = player_id.parse::<i64>() else {
        let sentence = problem_sentence(&GroupProblem::NoSuchPlayer, ctx.lang);
        return page_with_notice(&state, ctx, &id, StatusCode::UNPROCESSABLE_ENTITY, sentence)
            .await;
    };
    let (db, version, once) = (&state.db, Some(form.version), form.once());
    let typed = form.field("name").map_or(Typed::Nothing, |name| {
        Typed::Rename(player_id, name.to_owned())
    });
    let outcome = match (form.field("name"), form.field("retired").map(str::trim)) {
        (Some(name), None) => {
            groups::rename_player(db, &id, version, once, player_id, name).await?
        }
        (None, Some("true")) => {
            groups::set_retired(db, &id, version, once, player_id, true).await?
        }
        (None, Some("false")) => {
            groups::set_retired(db, &id, version, once, player_id, false).await?
        }
        _ => {
            return Err(AppError::Said(
                StatusCode::BAD_REQUEST,
                Msg::RoundsFormDamaged,
            ));
        }
    };
    finish_typed(&state, ctx, &id, outcome, &form.location, typed).await
}

/// The options page of new house rules: the name, the rule set, and its options to set.
#[derive(Template)]
#[template(path = "group_house_rules.html")]
struct HouseRulesPage {
    ctx: PageCtx,
    title: String,
    group_url: String,
    action: String,
    key: String,
    version: i64,
    name: String,
    rules: &'static str,
    rules_name: &'static str,
    options: Vec<OptionField>,
    notice: Option<String>,
    /// The House rules editor from this rule set, for this group: where a table whose game
    /// differs in more than the options writes its own.
    own_rules: String,
}

impl HouseRulesPage {
    fn g(&self, msg: GroupMsg) -> &'static str {
        msg.text(self.ctx.lang)
    }
}

/// `POST /groups/{id}/house-rules` (`name`, `rules`, `version`, `key`; with `shown` equal to
/// `rules`, the options `opt.<name>`): without the options of the rule set shown, the page
/// that shows them; with them, saves the house rules.
pub(super) async fn save_house_rules(
    State(state): State<AppState>,
    mut ctx: PageCtx,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let form = posted(&state, &id, "house-rules", "house-rules", pairs).await?;
    let links = GroupLinks::new(&id);
    ctx.here = links.page();
    let rules_id = form.field("rules").unwrap_or_default().trim().to_owned();
    let Some(info) = preset_info(&rules_id) else {
        let sentence = Msg::ErrUnknownRules.text(ctx.lang).to_owned();
        return page_with_notice(&state, ctx, &id, StatusCode::UNPROCESSABLE_ENTITY, sentence)
            .await;
    };
    let name = form.field("name").unwrap_or_default().to_owned();
    let typed: BTreeMap<String, String> = form
        .pairs
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix(OPTION_PREFIX)?.to_owned(), v.clone())))
        .collect();
    let shown = form.field("shown").is_some_and(|s| s.trim() == info.id);
    let specs: Vec<OptionSpec> = option_specs(info.id)
        .unwrap_or_default()
        .into_iter()
        .filter(|spec| spec.name != "settlement")
        .collect();
    let page = |ctx: PageCtx, notice: Option<String>, errors: &BTreeMap<String, String>| {
        let rs = RuleSet::preset(info.id).expect("a preset that has info exists");
        let options = specs
            .iter()
            .map(|spec| {
                let text = if shown {
                    typed.get(spec.name).cloned().unwrap_or_default()
                } else {
                    option_text(&spec.default)
                };
                OptionField {
                    error: errors.get(spec.name).cloned(),
                    ..OptionField::new(&ctx, rs.preset, spec, text, &spec.default)
                }
            })
            .collect();
        HouseRulesPage {
            title: GroupMsg::PageHouseRulesTitle
                .fill(ctx.lang, &[("group", &form.group.group.name)]),
            group_url: links.page(),
            key: ctx.form_key(&form.action),
            action: form.action.clone(),
            version: form.version,
            name: name.clone(),
            rules: info.id,
            rules_name: crate::text::rules::preset_name(&info, ctx.lang),
            options,
            notice,
            own_rules: format!(
                "/rules/new?from={}&group={}",
                crate::web::i18n::percent_encode(info.id),
                crate::web::i18n::percent_encode(&form.group.group.id)
            ),
            ctx,
        }
    };
    if !shown {
        return render_status(StatusCode::OK, &page(ctx, None, &BTreeMap::new()));
    }
    let lang = ctx.lang;
    let options = match options_from_form(info.id, &typed) {
        Ok(options) => options,
        Err(errors) => {
            let sentence = errors
                .iter()
                .map(|e| e.error.message(lang))
                .collect::<Vec<_>>()
                .join(" ");
            let page = page(ctx, Some(sentence), &BTreeMap::new());
            return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let rules = match RuleSet::with_options(info.id, &options) {
        Ok(rules) => rules,
        Err(e) => {
            let sentence = crate::text::sentence(&e.clause(lang));
            let page = page(ctx, Some(sentence), &BTreeMap::new());
            return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let outcome = groups::save_house_rules(
        &state.db,
        &id,
        Some(form.version),
        form.once(),
        &name,
        &rules,
    )
    .await?;
    if let GroupOutcome::Problem(problem) = &outcome {
        // A name refused: the options typed stay on their page.
        let sentence = problem_sentence(problem, lang);
        let page = page(ctx, Some(sentence), &BTreeMap::new());
        return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    finish(&state, ctx, &id, outcome, &form.location).await
}

/// `POST /groups/{id}/house-rules/{rules_id}/delete` (`version`, `key`).
pub(super) async fn delete_house_rules(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path((id, rules_id)): Path<(String, String)>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let action = format!("house-rules/{rules_id}/delete");
    let form = posted(&state, &id, &action, "house-rules", pairs).await?;
    let Ok(rules_id) = rules_id.parse::<i64>() else {
        let sentence = GroupMsg::NoSuchHouseRules.text(ctx.lang).to_owned();
        return page_with_notice(&state, ctx, &id, StatusCode::UNPROCESSABLE_ENTITY, sentence)
            .await;
    };
    let outcome =
        groups::delete_house_rules(&state.db, &id, Some(form.version), form.once(), rules_id)
            .await?;
    finish(&state, ctx, &id, outcome, &form.location).await
}
