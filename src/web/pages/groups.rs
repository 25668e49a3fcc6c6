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
mod import;
mod new_game;

use std::sync::{Arc, LazyLock};

use askama::Template;
use axum::Router;
use axum::extract::{Path, State};
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
use crate::web::cookies::CookieJar;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::kept::KeptPages;
use crate::web::links::{GameLinks, GroupLinks, ViewLinks};
use crate::web::metrics::PAGE_CACHE_LOOKUPS;
use crate::web::page::render_status;
use crate::web::{AppError, AppState, recent};

use crate::web::Result;
pub(crate) use add_game::AddToGroup;

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
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    let jar = recent::remember_group(jar, &GroupLinks::new(&id).page(), &group.group.name);
    let origin = origin(&headers, state.transport.https);
    let key = (ctx.here.clone(), ctx.lang, origin.clone());
    let page = KEPT.page(key, &group, PAGE_CACHE_LOOKUPS, || {
        GroupPage::new(ctx, &group, true, origin.as_deref()).render()
    })?;
    Ok(no_store((jar, page.respond(&headers)).into_response()))
}

/// `GET /groups/view/{token}`: the group through its read-only link: no forms, no edit links.
async fn view_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Result<Response> {
    let Some(group) = state.groups.load_view(&state.db, &token).await? else {
        return Err(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup));
    };
    let label = format!("{} ({})", group.group.name, ctx.t(Msg::GameReadOnly));
    let jar = recent::remember_group(jar, &GroupLinks::new(&token).view_page(), &label);
    let key = (ctx.here.clone(), ctx.lang, None);
    let page = KEPT.page(key, &group, PAGE_CACHE_LOOKUPS, || {
        GroupPage::new(ctx, &group, false, None).render()
    })?;
    Ok(no_store((jar, page.respond(&headers)).into_response()))
}

/// Group pages kept after rendering ([`crate::web::kept`]), by address, language and the
/// origin their links and QR codes are made for, while the store hands out the same loaded
/// group (any write to the group or its games gives it a new one). Their form keys are issued
/// once per rendering: every form of the page carries the group's version.
static KEPT: LazyLock<KeptPages<PageKey, LoadedGroup>> = LazyLock::new(KeptPages::default);

/// A kept group page's address, language and origin.
type PageKey = (String, Lang, Option<String>);

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
