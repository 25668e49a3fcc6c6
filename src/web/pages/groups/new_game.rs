//! A group's new-game form: `GET /groups/{id}/games/new` shows the new-game form
//! with the seats picked from the group's players (not retired), its saved house rules to
//! pick, and everything else defaulting to the group's last game (rule set, options, money,
//! the same seats with the first dealer one seat on); `POST /groups/{id}/games` creates the
//! game in the group through `store::groups::create_group_game`, once per form key.
//!
//! The form itself is the new-game form's (`games::new_game`): the same fields, checks and
//! sentences.
//!
//! Part of `web::pages::groups`: groups through `store`; no SQL, no scoring, nothing from `cli`.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};

use super::load_edit;
use crate::db::games::Keyed;
use crate::store::groups::{self, GroupOutcome, LoadedGroup};
use crate::text::groups::GroupMsg;
use crate::web::Result;
use crate::web::cookies::CookieJar;
use crate::web::groups::problem_sentence;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::{GameLinks, GroupLinks};
use crate::web::page::render_status;
use crate::web::pages::games::new_game::{
    Choice, GroupChoices, NewGamePage, PageErrors, SetupForm, build, parse,
};
use crate::web::rule_options::option_text;
use crate::web::{AppError, AppState, Form, recent};

/// `GET /groups/{id}/games/new`: the form, from the query string if it has one (the
/// "Choose" buttons), else from the group's last game.
pub(super) async fn show(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    let pairs = query.map(|Query(pairs)| pairs).unwrap_or_default();
    let mut form = if pairs.is_empty() {
        defaults(&group)
    } else {
        SetupForm::from_pairs(pairs)
    };
    if form.use_house_rules
        && let Some(rules) = groups::house_rules_named(&group.house_rules, &form.house_rules)
    {
        form.rules.clone_from(&rules.rules);
        form.shown.clone_from(&rules.rules);
        form.options = rules
            .options
            .as_object()
            .into_iter()
            .flatten()
            .filter_map(|(name, value)| {
                let value = serde_json::from_value(value.clone()).ok()?;
                Some((name.clone(), option_text(&value)))
            })
            .collect();
    }
    let page = page(ctx, &group, &form, PageErrors::default());
    render_status(StatusCode::OK, &page)
}

/// `POST /groups/{id}/games`: creates the game in the group and goes to its page (303); or
/// 422 with the form as typed and the problem next to its field.
pub(super) async fn create(
    State(state): State<AppState>,
    mut ctx: PageCtx,
    jar: CookieJar,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    let links = GroupLinks::new(&id);
    let action = links.action("games");
    ctx.here = links.games_new();
    let request = request_hash(&format!("POST {action}"), &canonical_form(&pairs));
    let form = SetupForm::from_pairs(pairs);
    let key = state.form_keys.check(&action, &form.key)?;
    let setup = match parse(&form, ctx.lang) {
        Ok(setup) => setup,
        Err(errors) => {
            let page = page(ctx, &group, &form, errors);
            return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    // The house rules picked name the game only when it is played with their rule set.
    let house_rules = groups::house_rules_named(&group.house_rules, &form.house_rules)
        .filter(|h| h.rules == setup.rules().id())
        .map(|h| h.name.clone());
    let key = key.map(|key| key.stored());
    let keyed = key.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let outcome = groups::create_group_game(
        &state.db,
        &id,
        (setup.to_raw(), &[]),
        house_rules.as_deref(),
        keyed,
    )
    .await?;
    let lang = ctx.lang;
    let mut errors = PageErrors::default();
    match outcome {
        GroupOutcome::Done(_, ids) => {
            let url = GameLinks::new(&ids.id).page();
            let title = crate::web::pages::labels::setup_title(&setup, lang);
            let jar = recent::remember(jar, &url, &title);
            return Ok((jar, Redirect::to(&url)).into_response());
        }
        GroupOutcome::KeyReused => {
            return Err(AppError::Said(
                StatusCode::UNPROCESSABLE_ENTITY,
                Msg::ErrKeyReused,
            ));
        }
        GroupOutcome::NotFound => {
            return Err(load_edit(&state, &id)
                .await
                .err()
                .unwrap_or(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup)));
        }
        GroupOutcome::Problem(problem) => errors.add("players", problem_sentence(&problem, lang)),
        GroupOutcome::Invalid(invalid) => errors.absorb(&invalid, &form, lang),
        // A new game is made against no version, so the group cannot be stale: said all the
        // same rather than lost.
        GroupOutcome::Conflict(version) => errors.add(
            "players",
            GroupMsg::Conflict.fill(lang, &[("version", &version)]),
        ),
        GroupOutcome::Replayed(_) => errors.add("players", Msg::ErrFormStale.text(lang).to_owned()),
    }
    let page = page(ctx, &group, &form, errors);
    render_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
}

/// The new-game page of the group for `form`.
fn page(ctx: PageCtx, group: &LoadedGroup, form: &SetupForm, errors: PageErrors) -> NewGamePage {
    let lang = ctx.lang;
    let links = GroupLinks::new(&group.group.id);
    let mut house_rules = vec![Choice {
        value: String::new(),
        label: GroupMsg::PageNoHouseRulesPick.text(lang).to_owned(),
        selected: form.house_rules.trim().is_empty(),
    }];
    house_rules.extend(group.house_rules.iter().map(|h| Choice {
        value: h.name.clone(),
        label: h.name.clone(),
        selected: h.name == form.house_rules,
    }));
    let mut page = build(ctx, form, errors, &links.action("games"));
    page.own_rules = format!(
        "{}&group={}",
        page.own_rules,
        crate::web::i18n::percent_encode(&group.group.id)
    );
    page.group = Some(GroupChoices {
        players: group.active_players().map(|p| p.name.clone()).collect(),
        house_rules,
        name: group.group.name.clone(),
        url: links.page(),
    });
    page
}

/// The form as the group's last game leaves it: the same rule set, options, money and seats,
/// the first dealer one seat on; a group without games seats its players in the order they
/// joined.
fn defaults(group: &LoadedGroup) -> SetupForm {
    let mut form = SetupForm::default();
    let Some(last) = group.games.last() else {
        form.players = group.active_players().map(|p| p.name.clone()).collect();
        return form;
    };
    let raw = crate::store::rematch_setup(last);
    form.rules.clone_from(&raw.rules);
    form.shown.clone_from(&raw.rules);
    form.options = raw
        .options
        .iter()
        .map(|(name, value)| (name.clone(), option_text(value)))
        .collect();
    // Retired players since: their seat is left empty.
    form.players = raw
        .players
        .iter()
        .map(|name| {
            let key = crate::rules::names::group_key(name);
            group
                .active_players()
                .find(|p| p.key == key)
                .map_or_else(String::new, |p| p.name.clone())
        })
        .collect();
    form.first_dealer = raw
        .first_dealer
        .as_ref()
        .and_then(|dealer| raw.players.iter().position(|p| p == dealer))
        .map_or_else(String::new, |seat| (seat + 1).to_string());
    let text = |n: &Option<crate::rules::game::RawNumber>| {
        n.as_ref().map_or_else(String::new, raw_number_text)
    };
    form.cents = text(&raw.cents_per_point);
    if form.cents.is_empty() {
        form.cents = text(&raw.cents_per_unit);
    }
    form.points_per_cent = text(&raw.points_per_cent);
    form.currency = raw.currency.clone().unwrap_or_default();
    form.settlement = raw.settlement.clone().unwrap_or_default();
    form.house_rules = last.record.game.house_rules.clone().unwrap_or_default();
    form
}

/// A stored money number as the form writes it.
fn raw_number_text(n: &crate::rules::game::RawNumber) -> String {
    match serde_json::to_value(n) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}
