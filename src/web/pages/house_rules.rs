//! The "House rules" page, where a table writes down its own rule set, and the rule book page
//! generated from a rule set's data.
//!
//! - `GET /rules/new?from=<preset, stored rule set or example>&group=<id>`: the editor,
//!   starting from a preset, a stored rule set (edit a copy) or a shipped example
//!   (`docs/rulesets/`).
//! - `POST /rules/new`: one change (a button's `op`: add, remove or move a round; a meld chip,
//!   an "or", a meld removed) with the fields typed; the page again with the draft. The draft
//!   is the definition as JSON in a hidden field (bounded, [`draft::MAX_DRAFT_BYTES`]), so
//!   nothing is kept on the server and no JavaScript is needed. Every problem of the draft is
//!   shown beside its field, in the rules engine's own sentences (`text::definition`).
//! - `POST /rules`: saves the draft as a stored rule set (the same check and the same guarded
//!   write as `POST /api/v1/rulesets`, once per form key) and goes to its rule book.
//! - `GET /rules/{id}`: the rule book of a preset or a stored rule set, generated from its
//!   data, with "edit a copy" and "new game with these rules".
//!
//! A `group=<id>` is carried through every step (the back link, the new game in the group).
//!
//! Part of `web::pages`: rule sets through `store::rule_sets` and the one write in `db`; no
//! SQL here, nothing from `cli` or `web::api`.

mod book;
mod draft;
mod editor;

use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};

use crate::db::games::Keyed;
use crate::rules::definition::{Definition, registered};
use crate::rules::presets::Preset;
use crate::store::rule_sets::Created;
use crate::text::Say;
use crate::text::house_rules::HouseRulesMsg as H;
use crate::web::i18n::PageCtx;
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::page::render_status;
use crate::web::{AppError, AppState, Form, Result, last_field};

pub use draft::{EXAMPLES, MAX_DRAFT_BYTES};

/// Where the editor posts its changes.
const STEP_ACTION: &str = "/rules/new";
/// Where the editor saves: what its form keys are issued for.
const SAVE_ACTION: &str = "/rules";

/// Routes of these pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/rules/new", get(start).post(step))
        .route("/rules", post(save))
        .route("/rules/{id}", get(book::show))
}

/// The group a page is for (`group=<id>`), loaded: its id, page and name.
#[derive(Clone)]
pub(super) struct ForGroup {
    pub id: String,
    pub url: String,
    pub name: String,
}

/// The group a `group` field names: none where it is empty; a group that is not there is
/// its own clear 404.
async fn for_group(state: &AppState, id: Option<&str>) -> Result<Option<ForGroup>> {
    let Some(id) = id.map(str::trim).filter(|id| !id.is_empty()) else {
        return Ok(None);
    };
    let group = crate::web::groups::load_edit_group(state, id).await?;
    Ok(Some(ForGroup {
        id: id.to_owned(),
        url: crate::web::links::GroupLinks::new(id).page(),
        name: group.group.name.clone(),
    }))
}

/// The draft a start (`from`) names: a preset, a stored rule set (a copy of it), or a
/// shipped example; `None` where it names none of them.
async fn start_draft(
    state: &AppState,
    from: &str,
    lang: crate::text::Lang,
) -> Result<Option<Definition>> {
    let from = from.trim();
    if let Some(preset) = Preset::from_id(from) {
        let mut def = draft::drafted(preset.definition().clone(), preset);
        let name = crate::text::rules::preset_name(&preset.info(), lang);
        def.name = H::DefaultName.fill(lang, &[("name", &name)]);
        return Ok(Some(def));
    }
    if let Some((_, text)) = EXAMPLES.iter().find(|(name, _)| *name == from) {
        return Ok(draft::example(text));
    }
    crate::store::rule_sets::resolve(&state.db, from).await?;
    Ok(registered(from).and_then(|def| {
        let base = def.base()?;
        Some(draft::drafted((*def).clone(), base))
    }))
}

/// `GET /rules/new`: the editor from `from` (the contract rule set where none is named).
async fn start(
    State(state): State<AppState>,
    ctx: PageCtx,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let pairs = query.map(|Query(p)| p).unwrap_or_default();
    let from = last_field(&pairs, "from")
        .unwrap_or_default()
        .trim()
        .to_owned();
    let group = for_group(&state, last_field(&pairs, "group")).await?;
    let (def, notice, status) = match start_draft(
        &state,
        if from.is_empty() { "contract" } else { &from },
        ctx.lang,
    )
    .await?
    {
        Some(def) => (def, None, StatusCode::OK),
        None => {
            let def = start_draft(&state, "contract", ctx.lang)
                .await?
                .ok_or_else(|| AppError::internal("the contract preset is no draft"))?;
            let notice = H::UnknownStart.fill(ctx.lang, &[("from", &from)]);
            (def, Some(notice), StatusCode::NOT_FOUND)
        }
    };
    let page = editor::page(ctx, &def, &[], notice, group, &from);
    render_status(status, &page)
}

/// The draft a post carries with its fields laid over it, and the fields that could not be
/// read; a draft that cannot be read starts again from its `from` (or the contract rule
/// set), with a sentence.
async fn posted_draft(
    state: &AppState,
    ctx: &PageCtx,
    pairs: &[(String, String)],
) -> Result<(Definition, Vec<draft::Typed>, Option<String>)> {
    let from = last_field(pairs, "from").unwrap_or_default();
    if let Some(mut def) = draft::read(last_field(pairs, "draft").unwrap_or_default()) {
        let mut fields = draft::Fields::new(pairs);
        fields.apply(&mut def);
        return Ok((def, fields.bad, None));
    }
    let def = match start_draft(state, from, ctx.lang).await? {
        Some(def) => def,
        None => start_draft(state, "contract", ctx.lang)
            .await?
            .ok_or_else(|| AppError::internal("the contract preset is no draft"))?,
    };
    let name = def
        .base()
        .map(|p| crate::text::rules::preset_name(&p.info(), ctx.lang))
        .unwrap_or_default();
    let notice = H::DraftUnreadable.fill(ctx.lang, &[("name", &name)]);
    Ok((def, Vec::new(), Some(notice)))
}

/// `POST /rules/new`: the fields and the button's change laid over the draft; the page
/// again (200), every problem beside its field.
async fn step(
    State(state): State<AppState>,
    mut ctx: PageCtx,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    ctx.here = STEP_ACTION.to_owned();
    let group = for_group(&state, last_field(&pairs, "group")).await?;
    let (mut def, bad, mut notice) = posted_draft(&state, &ctx, &pairs).await?;
    if notice.is_none() {
        let before = def.clone();
        draft::Op::parse(last_field(&pairs, "op").unwrap_or_default()).apply(&mut def);
        // A draft the page could not carry back is not made: the change is left undone.
        if draft::write(&def).len() > MAX_DRAFT_BYTES {
            def = before;
            notice = Some(H::DraftTooLarge.text(ctx.lang).to_owned());
        }
    }
    let from = last_field(&pairs, "from").unwrap_or_default().to_owned();
    let status = if notice.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let page = editor::page(ctx, &def, &bad, notice, group, &from);
    render_status(status, &page)
}

/// `POST /rules`: the draft saved as a stored rule set, once per form key, then its rule book
/// (303); a draft with problems comes back with each beside its field (422).
async fn save(
    State(state): State<AppState>,
    mut ctx: PageCtx,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    ctx.here = STEP_ACTION.to_owned();
    let key = state
        .form_keys
        .check(SAVE_ACTION, last_field(&pairs, "key").unwrap_or_default())?;
    let request = request_hash(&format!("POST {SAVE_ACTION}"), &canonical_form(&pairs));
    let group = for_group(&state, last_field(&pairs, "group")).await?;
    let from = last_field(&pairs, "from").unwrap_or_default().to_owned();
    let (mut def, bad, notice) = posted_draft(&state, &ctx, &pairs).await?;
    if notice.is_some() || !bad.is_empty() || !editor::problems(&def).is_empty() {
        let page = editor::page(ctx, &def, &bad, notice, group, &from);
        return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    def.name = def.name.trim().to_owned();
    let stored = key.map(|k| k.stored());
    let keyed = stored.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let group_id = group.as_ref().map(|g| g.id.as_str());
    let id = match store_rule_set(&state, def.clone(), group_id, &from, keyed).await? {
        Created::Stored(row) => row.id,
        Created::KeyReused => {
            let notice = H::KeyUsed.text(ctx.lang).to_owned();
            let page = editor::page(ctx, &def, &[], Some(notice), group, &from);
            return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
        // The one creation checks the room the server keeps for rule sets; a group removed
        // since the page loaded is said too, never a server error.
        Created::NoRoom => {
            let notice = crate::text::definition::DefinitionMsg::NoRoom.text(ctx.lang);
            let notice = Some(crate::text::sentence(notice));
            let page = editor::page(ctx, &def, &[], notice, group, &from);
            return render_status(StatusCode::SERVICE_UNAVAILABLE, &page);
        }
        Created::Refused(problems) => {
            return Err(AppError::Unprocessable(
                problems
                    .iter()
                    .map(|p| crate::text::sentence(&p.say(ctx.lang)))
                    .collect::<Vec<_>>()
                    .join(" "),
            ));
        }
        Created::NoSuchGroup | Created::NoSuchRuleSet => {
            return Err(AppError::NotFound(group_id.unwrap_or_default().to_owned()));
        }
    };
    let url = book::url(&id, group_id);
    Ok(Redirect::to(&url).into_response())
}

/// Stores a checked draft as a table's own rule set through the one creation of a rule set
/// (`store::rule_sets::create`, the same check and guarded write as `POST /api/v1/rulesets`):
/// owned by `group` (its edit id) when the page was opened for one, and, when the draft
/// started from a rule set that group already owns, stored as that rule set's next version,
/// so the group keeps one family per rule set and its games keep the version they began with.
async fn store_rule_set(
    state: &AppState,
    def: Definition,
    group: Option<&str>,
    from: &str,
    keyed: Option<Keyed<'_>>,
) -> Result<Created> {
    let replaces = match group {
        Some(group) => crate::store::rule_sets::row(&state.db, from)
            .await?
            .filter(|row| row.owner.as_deref() == Some(group))
            .map(|row| row.id),
        None => None,
    };
    Ok(crate::store::rule_sets::create(&state.db, def, group, replaces.as_deref(), keyed).await?)
}
