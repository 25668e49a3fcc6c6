//! The home page: start a game, continue a recent one, this phone's groups with their counts
//! (games, players, the last game's day), open the meld checker, switch language.
//!
//! A page of `web::pages`: games through `store`, a group's counts through
//! `db::group_summary` (read only, one query); no SQL, no scoring, nothing from `cli`.

use std::sync::Arc;

use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use crate::db::group_summary;
use crate::store::{self, LoadedGame};
use crate::text::game::and_list;
use crate::text::groups::GroupMsg;
use crate::web::AppState;
use crate::web::Result;
use crate::web::cookies::CookieJar;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::links::GameLinks;
use crate::web::page::render_status;
use crate::web::recent::{self, RecentGame};
use axum::http::StatusCode;

/// Where the new-group form posts: what its keys are issued for.
pub(crate) const NEW_GROUP_ACTION: &str = "/groups";

/// Routes of this page.
pub fn routes() -> Router<AppState> {
    Router::new().route("/", get(home))
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    ctx: PageCtx,
    /// Games this browser started or opened, newest first.
    recent: Vec<HomeGame>,
    /// Groups this browser created or opened, newest first.
    groups: Vec<HomeGroup>,
    /// The new-group form as typed, with its sentence when it came back refused.
    new_group: NewGroupForm,
    /// The new-group form's key.
    group_key: String,
}

impl HomePage {
    fn g(&self, msg: GroupMsg) -> &'static str {
        msg.text(self.ctx.lang)
    }
}

/// The new-group form as typed (empty on a fresh page).
#[derive(Default)]
pub(crate) struct NewGroupForm {
    /// The group's name.
    pub(crate) name: String,
    /// The players, one per line.
    pub(crate) players: String,
    /// Why the group was not created.
    pub(crate) error: Option<String>,
}

/// A game of the recent list: its link and label, and where it stands (date, rule
/// set, state and leader, so two games of one table are told apart).
struct HomeGame {
    url: String,
    label: String,
    /// "2026-11-24 · Round 3 of 7 · Ann leads with 35"; `None` when the game is gone.
    about: Option<String>,
    /// A finished game of this phone's edit link offers a rematch: the form's action and key.
    rematch: Option<(String, String)>,
}

/// A group of the list: its link and label, and its counts.
struct HomeGroup {
    url: String,
    label: String,
    /// "12 games · 5 players · last game 24 Nov 2026"; `None` when the group is gone.
    about: Option<String>,
}

/// The counts of a remembered group (`/groups/{id}` or `/groups/view/{token}`) in words;
/// `None` when it is gone or cannot be read (the list then shows its label only).
async fn group_about(state: &AppState, ctx: &PageCtx, url: &str) -> Option<String> {
    let summary = if let Some(token) = url.strip_prefix("/groups/view/") {
        group_summary::by_view_token(&state.db, token).await
    } else if let Some(id) = url.strip_prefix("/groups/") {
        group_summary::by_id(&state.db, id).await
    } else {
        return None;
    };
    let summary = summary.ok().flatten()?;
    let mut about = ctx.f(
        Msg::HomeGroupCounts,
        &[("games", &summary.games), ("players", &summary.players)],
    );
    if let Some(at) = summary.last_game {
        let date = super::labels::date(at, ctx.lang);
        about = format!(
            "{about} · {}",
            ctx.f(Msg::HomeGroupLast, &[("date", &date)])
        );
    }
    Some(about)
}

/// `GET /`.
async fn home(State(state): State<AppState>, ctx: PageCtx, jar: CookieJar) -> Result<Response> {
    page(&state, ctx, &jar, NewGroupForm::default(), StatusCode::OK).await
}

/// The home page with the new-group form as typed, answered with `status`.
pub(crate) async fn page(
    state: &AppState,
    ctx: PageCtx,
    jar: &CookieJar,
    new_group: NewGroupForm,
    status: StatusCode,
) -> Result<Response> {
    let mut games = Vec::new();
    for RecentGame { url, label } in recent::list(jar) {
        let game = load(state, &url).await;
        let about = game.as_ref().map(|game| about(&ctx, game));
        let rematch = url
            .strip_prefix("/games/")
            .filter(|_| game.as_ref().is_some_and(|g| g.state.finished))
            .map(|id| {
                let action = GameLinks::new(id).action("rematch");
                let key = ctx.form_key(&action);
                (action, key)
            });
        games.push(HomeGame {
            url,
            label,
            about,
            rematch,
        });
    }
    let mut groups = Vec::new();
    for RecentGame { url, label } in recent::groups(jar) {
        let about = group_about(state, &ctx, &url).await;
        groups.push(HomeGroup { url, label, about });
    }
    render_status(
        status,
        &HomePage {
            group_key: ctx.form_key(NEW_GROUP_ACTION),
            ctx,
            recent: games,
            groups,
            new_group,
        },
    )
}

/// The game behind a remembered address (`/games/{id}` or `/view/{token}`); `None` when it
/// is gone or cannot be read (the list then shows its label only).
async fn load(state: &AppState, url: &str) -> Option<Arc<LoadedGame>> {
    if let Some(id) = url.strip_prefix("/games/") {
        store::load(&state.db, &state.games, id)
            .await
            .ok()
            .flatten()
    } else if let Some(token) = url.strip_prefix("/view/") {
        store::load_view(&state.db, &state.games, token)
            .await
            .ok()
            .flatten()
    } else {
        None
    }
}

/// Date, state and leader of a game, in one line.
pub(super) fn about(ctx: &PageCtx, game: &LoadedGame) -> String {
    let (setup, st) = (&game.setup, &game.state);
    let played = st.rounds.len();
    let of = setup.round_count();
    let date = super::labels::date(game.record.game.created_at, ctx.lang);
    let stands = if st.ended_early {
        ctx.f(Msg::HomeEndedEarly, &[("n", &played), ("of", &of)])
    } else if st.finished {
        ctx.t(Msg::HomeFinished).to_owned()
    } else {
        ctx.f(Msg::GameRoundOf, &[("n", &(played + 1)), ("of", &of)])
    };
    let mut parts = vec![date, stands];
    if let Some(&first) = st.leaders.first() {
        let names: Vec<String> = st
            .leaders
            .iter()
            .map(|&i| setup.name(i).to_owned())
            .collect();
        let (one, many) = if st.finished {
            (Msg::HomeWinner, Msg::HomeWinners)
        } else {
            (Msg::HomeLeader, Msg::HomeLeaders)
        };
        let msg = if names.len() == 1 { one } else { many };
        parts.push(ctx.f(
            msg,
            &[
                ("names", &and_list(&names, ctx.lang)),
                ("total", &st.totals[first]),
            ],
        ));
    }
    parts.join(" · ")
}
