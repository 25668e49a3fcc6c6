//! The home page: start a game, continue a recent one, open the meld checker, switch language.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use askama::Template;
use axum::Router;
use axum::response::Response;
use axum::routing::get;

use crate::web::cookies::CookieJar;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::page::render;
use crate::web::recent::{self, RecentGame};
use crate::web::{AppError, AppState};

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
