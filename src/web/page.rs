//! Rendering a page: the template to HTML, with the headers every page shares.
//!
//! A page is an askama template that extends `base.html` and has a `ctx: PageCtx` field
//! (language and address, see [`super::i18n`]). Render it with [`render`], or with
//! [`render_status`] for a form that comes back with errors (422) or a conflict (409).

use askama::Template;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use crate::web::Result;

/// A page's HTML with status 200.
pub fn render(page: &impl Template) -> Result<Response> {
    render_status(StatusCode::OK, page)
}

/// A page's HTML with a status of the caller's choice. The page depends on the language
/// cookie and Accept-Language, so caches are told so.
pub fn render_status(status: StatusCode, page: &impl Template) -> Result<Response> {
    Ok(html_status(status, page.render()?))
}

/// A page's HTML, already rendered, with status 200 and the headers of [`render`].
pub fn html_page(html: String) -> Response {
    html_status(StatusCode::OK, html)
}

fn html_status(status: StatusCode, html: String) -> Response {
    let mut response = (status, Html(html)).into_response();
    response.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("Cookie, Accept-Language"),
    );
    response
}
