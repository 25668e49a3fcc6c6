//! The home page: start a game, continue a recent one, open the meld checker, switch language.

use askama::Template;
use axum::Router;
use axum::response::Response;
use axum::routing::get;

use super::cookies::CookieJar;
use super::i18n::{Msg, PageCtx};
use super::page::render;
use super::recent::{self, RecentGame};
use super::{AppError, AppState};

/// Routes of this page.
pub fn routes() -> Router<AppState> {
    Router::new().route("/", get(home))
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    ctx: PageCtx,
    /// Games this browser started or opened, newest first.
    recent: Vec<RecentGame>,
}

/// `GET /`.
async fn home(ctx: PageCtx, jar: CookieJar) -> Result<Response, AppError> {
    render(&HomePage {
        ctx,
        recent: recent::list(&jar),
    })
}
