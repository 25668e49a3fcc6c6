//! The home page.

use askama::Template;
use axum::Router;
use axum::response::Html;
use axum::routing::get;

use super::{AppError, AppState};

/// Routes of this page.
pub fn routes() -> Router<AppState> {
    Router::new().route("/", get(home))
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    lang: &'static str,
}

async fn home() -> Result<Html<String>, AppError> {
    Ok(Html(HomePage { lang: "en" }.render()?))
}
