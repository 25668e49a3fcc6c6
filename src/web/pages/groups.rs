//! The group pages: "New group" (`POST /groups`, from the home page), the group
//! page through its edit link (`/groups/{id}`: players with add, rename, retire and bring back
//! forms; the games newest first; the money chart; house rules; QR codes of both links; links
//! to standings, ledger, import and the exports) and its read-only twin (`/groups/view/{token}`: the same,
//! with no form and no edit link). The forms' handlers are in `forms`, the group's new-game
//! form in `new_game`, the exports in `export`, "add to group" of a game page in
//! `add_game`.
//!
//! Every form posts the group's `version` (a change made meanwhile on another phone is
//! refused with the page and a sentence, not overwritten) and a signed idempotency `key` (a
//! repeat does nothing twice). A group's read-only token is refused (403) on every write.
//!
//! A page of `web::pages`: groups through `store`; no SQL, no scoring, nothing from `cli`.

mod add_game;
mod export;
mod forms;
pub(super) mod import;
mod new_game;

use std::sync::{Arc, LazyLock};

use askama::Template;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use super::labels::game_title;
use super::origin::{is_loopback, origin};
use super::qr;
use super::reply::no_store;
use crate::store::groups::LoadedGroup;
use crate::text::Lang;
use crate::text::groups::GroupMsg;
use crate::text::sharing::SharingMsg;
use crate::web::cookies::CookieJar;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::kept::KeptPages;
use crate::web::links::{GameLinks, GroupLinks, ViewLinks};
use crate::web::metrics::PAGE_CACHE_LOOKUPS;
use crate::web::page::render_status;
use crate::web::{AppError, AppState, recent};

use crate::web::Result;
pub(crate) use add_game::{AddToGroup, group_id_of};

/// A query's pairs; an unreadable query reads as none.
type Pairs = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// Routes of the group pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/groups", post(forms::create))
        .route("/groups/{id}", get(edit_page))
        .route("/groups/{id}/players", post(forms::add_player))
        .route(
            "/groups/{id}/players/{player_id}",
            post(forms::change_player),
        )
        .route("/groups/{id}/house-rules", post(forms::save_house_rules))
        .route(
            "/groups/{id}/house-rules/{rules_id}/delete",
            post(forms::delete_house_rules),
        )
        .route("/groups/{id}/games/new", get(new_game::show))
        .route("/groups/{id}/games", post(new_game::create))
        .route("/groups/{id}/import", get(import::show).post(import::post))
        .route("/groups/{id}/export.json", get(export::group_json))
        .route("/groups/{id}/export.csv", get(export::group_csv))
        .route("/groups/view/{token}", get(view_page))
        .route("/groups/view/{token}/export.json", get(export::view_json))
        .route("/groups/view/{token}/export.csv", get(export::view_csv))
        .route("/games/{game}/group", post(add_game::add))
}

/// What a refused player form had typed, shown again in that form (a 409 or 422
/// keeps the typed name).
#[derive(Clone, Debug, Default)]
pub(super) enum Typed {
    /// Nothing to show again.
    #[default]
    Nothing,
    /// The add-player form's name.
    NewPlayer(String),
    /// The rename form of the player with this id, and the name typed.
    Rename(i64, String),
}

/// A player of the page, with its forms through the edit link.
struct PlayerRow {
    name: String,
    retired: bool,
    /// The rename form's value: the name typed in a refused rename, else the name.
    rename_value: String,
    /// A refused rename of this player: its form is open, with what was typed.
    rename_open: bool,
    /// The rename and retire form's action, its keys (rename, retire or bring back).
    forms: Option<PlayerForms>,
}

struct PlayerForms {
    action: String,
    rename_key: String,
    retire_key: String,
    rename_label: String,
}

/// A game of the group, newest first.
struct GameRow {
    /// The id of its rule set (for the games filter).
    rules: String,
    url: String,
    label: String,
    about: String,
    house_rules: Option<String>,
}

/// Saved house rules.
struct RulesRow {
    name: String,
    rules_name: &'static str,
    /// The delete form: action and key.
    delete: Option<(String, String)>,
}

/// A family of the group's own rule sets: its newest version with its links.
struct OwnedRow {
    name: String,
    /// "version 2".
    version: String,
    /// "played in 3 games".
    used: String,
    rule_book: String,
    share: String,
    file: String,
    standings: String,
}

/// The games list's filter by rule set (a GET form).
struct GamesFilter {
    action: String,
    /// (value, label) of each rule set the games were played with.
    choices: Vec<(String, String)>,
    chosen: String,
    /// "2 games with …" while filtered.
    shown: Option<String>,
}

/// A rule set to pick for house rules.
struct RuleChoice {
    id: &'static str,
    name: &'static str,
}

/// Both links of the group, as QR codes and text.
struct Share {
    qr: Option<Arc<str>>,
    view_qr: Option<Arc<str>>,
    loopback: bool,
    edit_url: String,
    view_url: String,
}

/// The forms of the edit link that are not a player's or a house rule's.
struct EditForms {
    add_player: (String, String),
    save_rules: (String, String),
    rule_choices: Vec<RuleChoice>,
    new_game: String,
    import: String,
    /// The House rules editor for this group.
    own_rules: String,
}

#[derive(Template)]
#[template(path = "group.html")]
struct GroupPage {
    ctx: PageCtx,
    name: String,
    version: i64,
    /// A write was refused: the sentence (the forms below carry the group as it is now).
    notice: Option<String>,
    /// The add-player form's value: the name typed in a refused add, else empty.
    new_player: String,
    players: Vec<PlayerRow>,
    games: Vec<GameRow>,
    /// The games filter, once the games were played with more than one rule set (or one
    /// is chosen).
    games_filter: Option<GamesFilter>,
    /// The group's own rule sets (newest version of each) and, through the edit link, the
    /// import page for the group.
    rule_sets: Vec<OwnedRow>,
    import_rule_set: Option<String>,
    house_rules: Vec<RulesRow>,
    edit: Option<EditForms>,
    standings: String,
    ledger: String,
    /// The group's money chart, once a finished game has money.
    chart: Option<super::group_numbers::ChartImage>,
    /// The exports, through the link the page was opened by.
    export_csv: String,
    export_json: String,
    share: Option<Share>,
}

impl GroupPage {
    /// The page of `group`; through the edit link (`edit`) with its forms.
    fn new(ctx: PageCtx, group: &LoadedGroup, edit: bool, origin: Option<&str>) -> GroupPage {
        let lang = ctx.lang;
        let stored = &group.group;
        let links = GroupLinks::new(&stored.id);
        let view = GroupLinks::new(&stored.view_token);
        let players = group
            .players
            .iter()
            .map(|p| PlayerRow {
                name: p.name.clone(),
                retired: p.retired,
                rename_value: p.name.clone(),
                rename_open: false,
                forms: edit.then(|| {
                    let action = links.action(&format!("players/{}", p.id));
                    PlayerForms {
                        rename_key: ctx.form_key(&action),
                        retire_key: ctx.form_key(&action),
                        rename_label: GroupMsg::PageNewNameFor.fill(lang, &[("name", &p.name)]),
                        action,
                    }
                }),
            })
            .collect();
        let games = group
            .newest_first()
            .map(|game| {
                let record = &game.record.game;
                GameRow {
                    rules: record.rules.clone(),
                    url: if edit {
                        GameLinks::new(&record.id).page()
                    } else {
                        ViewLinks::new(&record.view_token).page()
                    },
                    label: game_title(game, lang),
                    about: super::home::about(&ctx, game),
                    house_rules: record.house_rules.clone(),
                }
            })
            .collect();
        let house_rules = group
            .house_rules
            .iter()
            .map(|h| RulesRow {
                name: h.name.clone(),
                rules_name: crate::rules::presets::preset_info(&h.rules)
                    .map_or("", |info| crate::text::rules::preset_name(&info, lang)),
                delete: edit.then(|| {
                    let action = links.action(&format!("house-rules/{}/delete", h.id));
                    let key = ctx.form_key(&action);
                    (action, key)
                }),
            })
            .collect();
        let edit_forms = edit.then(|| {
            let add = links.action("players");
            let save = links.action("house-rules");
            EditForms {
                add_player: (add.clone(), ctx.form_key(&add)),
                save_rules: (save.clone(), ctx.form_key(&save)),
                rule_choices: crate::rules::presets::PRESET_IDS
                    .iter()
                    .filter_map(|id| crate::rules::presets::preset_info(id))
                    .map(|info| RuleChoice {
                        id: info.id,
                        name: crate::text::rules::preset_name(&info, lang),
                    })
                    .collect(),
                new_game: links.games_new(),
                import: links.import(),
                own_rules: format!(
                    "/rules/new?group={}",
                    crate::web::i18n::percent_encode(&group.group.id)
                ),
            }
        });
        let share = edit.then(|| {
            let absolute = |path: &str| format!("{}{path}", origin.unwrap_or(""));
            let edit_url = absolute(&links.page());
            let view_url = absolute(&view.view_page());
            Share {
                qr: origin.and_then(|_| qr::svg(&edit_url, GroupMsg::PageQrLabel.text(lang))),
                view_qr: origin
                    .and_then(|_| qr::svg(&view_url, GroupMsg::PageViewQrLabel.text(lang))),
                loopback: origin.is_some_and(is_loopback),
                edit_url,
                view_url,
            }
        });
        GroupPage {
            name: stored.name.clone(),
            version: stored.version,
            notice: None,
            new_player: String::new(),
            players,
            games,
            games_filter: None,
            rule_sets: Vec::new(),
            import_rule_set: edit.then(|| format!("/rulesets/import?group={}", stored.id)),
            house_rules,
            standings: if edit {
                links.standings(false)
            } else {
                view.standings(true)
            },
            ledger: if edit {
                links.ledger(false)
            } else {
                view.ledger(true)
            },
            export_csv: if edit {
                links.export("csv")
            } else {
                view.view_export("csv")
            },
            export_json: if edit {
                links.export("json")
            } else {
                view.view_export("json")
            },
            edit: edit_forms,
            chart: super::group_numbers::chart_image(group, !edit, lang),
            share,
            ctx,
        }
    }

    /// A group word in the page's language.
    fn g(&self, msg: GroupMsg) -> &'static str {
        msg.text(self.ctx.lang)
    }

    fn game_count(&self) -> String {
        GroupMsg::PageGroupCount.fill(self.ctx.lang, &[("n", &self.games.len())])
    }

    /// A word of the rule sets' list in the page's language.
    fn s(&self, msg: SharingMsg) -> &'static str {
        msg.text(self.ctx.lang)
    }

    /// Fills the group's own rule sets and the games filter (`rules=` of the query: a
    /// preset's id, a family `rf-…` or a version `rs-…`); a value none of the games' rule
    /// sets has is a sentence at the top, with every game listed.
    async fn with_rule_sets(
        &mut self,
        state: &AppState,
        group: &LoadedGroup,
        query: &[(String, String)],
    ) -> Result<StatusCode> {
        let lang = self.ctx.lang;
        let edit = self.edit.is_some();
        let links = if edit {
            GroupLinks::new(&group.group.id)
        } else {
            GroupLinks::new(&group.group.view_token)
        };
        let standings = links.standings(!edit);
        let owned = crate::web::groups::owned_rule_sets(state, group).await?;
        self.rule_sets = owned
            .into_iter()
            .map(|o| OwnedRow {
                version: SharingMsg::Version.fill(lang, &[("n", &o.latest.version)]),
                used: SharingMsg::UsedIn.fill(lang, &[("n", &o.games)]),
                rule_book: format!("/rules/{}", o.latest.id),
                share: format!("/rulesets/{}", o.latest.id),
                file: format!("/api/v1/rulesets/{}/file", o.latest.id),
                standings: format!("{standings}?rules={}", o.latest.family),
                name: o.latest.name,
            })
            .collect();
        let choices = crate::web::groups::rule_choices(state, group, lang).await?;
        let chosen = crate::web::last_field(query, "rules")
            .unwrap_or_default()
            .trim()
            .to_owned();
        let mut status = StatusCode::OK;
        let mut shown = None;
        if !chosen.is_empty() {
            match choices.iter().find(|c| c.value == chosen) {
                Some(choice) => {
                    self.games.retain(|g| choice.ids.contains(&g.rules));
                    shown = Some(
                        SharingMsg::GamesFiltered
                            .fill(lang, &[("n", &self.games.len()), ("name", &choice.label)]),
                    );
                }
                None => {
                    self.notice = Some(
                        crate::text::numbers::NumbersMsg::UnknownRules
                            .fill(lang, &[("value", &chosen)]),
                    );
                    status = StatusCode::UNPROCESSABLE_ENTITY;
                }
            }
        }
        let families = choices
            .iter()
            .filter(|c| !c.value.starts_with("rs-"))
            .count();
        if families > 1 || shown.is_some() {
            self.games_filter = Some(GamesFilter {
                action: if edit {
                    links.page()
                } else {
                    links.view_page()
                },
                choices: choices.into_iter().map(|c| (c.value, c.label)).collect(),
                chosen: if shown.is_some() {
                    chosen
                } else {
                    String::new()
                },
                shown,
            });
        }
        Ok(status)
    }

    fn house_rules_of(&self, name: &str) -> String {
        GroupMsg::PageHouseRulesOfGame.fill(self.ctx.lang, &[("name", &name)])
    }
}

/// `GET /groups/{id}`: the group through its edit link; this phone remembers it.
async fn edit_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    headers: HeaderMap,
    Path(id): Path<String>,
    query: Pairs,
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    let jar = recent::remember_group(jar, &GroupLinks::new(&id).page(), &group.group.name);
    let origin = origin(&headers, state.transport.https);
    let key = kept_key(&state, &ctx, origin.clone(), &group).await?;
    if let Some(kept) = KEPT.get(&key, &group, PAGE_CACHE_LOOKUPS) {
        return Ok(no_store((jar, kept.respond(&headers)).into_response()));
    }
    let query = query.map(|Query(q)| q).unwrap_or_default();
    let mut page = GroupPage::new(ctx, &group, true, origin.as_deref());
    let status = page.with_rule_sets(&state, &group, &query).await?;
    kept_or_rendered(page, status, key, &group, &headers, jar)
}

/// `GET /groups/view/{token}`: the group through its read-only link: no forms, no edit links.
async fn view_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    headers: HeaderMap,
    Path(token): Path<String>,
    query: Pairs,
) -> Result<Response> {
    let Some(group) = state.groups.load_view(&state.db, &token).await? else {
        return Err(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup));
    };
    let label = format!("{} ({})", group.group.name, ctx.t(Msg::GameReadOnly));
    let jar = recent::remember_group(jar, &GroupLinks::new(&token).view_page(), &label);
    let key = kept_key(&state, &ctx, None, &group).await?;
    if let Some(kept) = KEPT.get(&key, &group, PAGE_CACHE_LOOKUPS) {
        return Ok(no_store((jar, kept.respond(&headers)).into_response()));
    }
    let query = query.map(|Query(q)| q).unwrap_or_default();
    let mut page = GroupPage::new(ctx, &group, false, None);
    let status = page.with_rule_sets(&state, &group, &query).await?;
    kept_or_rendered(page, status, key, &group, &headers, jar)
}

/// Group pages kept after rendering ([`crate::web::kept`]), by address, language and the
/// origin their links and QR codes are made for, while the store hands out the same loaded
/// group (any write to the group or its games gives it a new one). Their form keys are issued
/// once per rendering: every form of the page carries the group's version.
static KEPT: LazyLock<KeptPages<PageKey, LoadedGroup>> = LazyLock::new(KeptPages::default);

/// A kept group page's address (its query included), language, origin, and the ids of the
/// group's own rule sets (stored beside the group, so a new one changes the page without
/// changing the loaded group).
type PageKey = (String, Lang, Option<String>, String);

/// A kept group page's key: its address (query included), language, origin, and the ids of
/// the rule sets the group owns (one read; a new one changes the page).
async fn kept_key(
    state: &AppState,
    ctx: &PageCtx,
    origin: Option<String>,
    group: &LoadedGroup,
) -> Result<PageKey> {
    let owned: String = crate::store::rule_sets::of_group(&state.db, &group.group.id)
        .await?
        .iter()
        .map(|row| format!("{} ", row.id))
        .collect();
    Ok((ctx.here.clone(), ctx.lang, origin, owned))
}

/// The group page as answered: kept and compressed once while the group and its own rule
/// sets are unchanged; a refused filter (422) is rendered as it is, never kept.
fn kept_or_rendered(
    page: GroupPage,
    status: StatusCode,
    key: PageKey,
    group: &Arc<LoadedGroup>,
    headers: &HeaderMap,
    jar: CookieJar,
) -> Result<Response> {
    if status != StatusCode::OK {
        return Ok(no_store(
            (jar, render_status(status, &page)?).into_response(),
        ));
    }
    let kept = KEPT.keep(key, group, page.render()?);
    Ok(no_store((jar, kept.respond(headers)).into_response()))
}

/// The group with edit id `id`, or the answer for an id that is none (403 for the group's
/// read-only token, else 404).
async fn load_edit(state: &AppState, id: &str) -> Result<Arc<LoadedGroup>> {
    crate::web::groups::load_edit_group(state, id).await
}

/// The group page with a sentence at the top and `status`: how a refused form answers (the
/// page's forms carry the group as it is now, so the change can be made again).
async fn page_with_notice(
    state: &AppState,
    ctx: PageCtx,
    id: &str,
    status: StatusCode,
    notice: String,
) -> Result<Response> {
    page_with_typed(state, ctx, id, status, notice, Typed::Nothing).await
}

/// [`page_with_notice`], with what the refused player form had typed shown again in it.
async fn page_with_typed(
    state: &AppState,
    mut ctx: PageCtx,
    id: &str,
    status: StatusCode,
    notice: String,
    typed: Typed,
) -> Result<Response> {
    let group = load_edit(state, id).await?;
    ctx.here = GroupLinks::new(id).page();
    let mut page = GroupPage::new(ctx, &group, true, None);
    page.with_rule_sets(state, &group, &[]).await?;
    page.notice = Some(notice);
    match typed {
        Typed::Nothing => {}
        Typed::NewPlayer(name) => page.new_player = name,
        Typed::Rename(player, name) => {
            let at = group.players.iter().position(|p| p.id == player);
            if let Some(row) = at.and_then(|i| page.players.get_mut(i)) {
                row.rename_value = name;
                row.rename_open = true;
            }
        }
    }
    Ok(no_store(render_status(status, &page)?))
}
