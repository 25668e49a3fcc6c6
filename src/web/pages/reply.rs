//! How a page answers beyond its HTML: never from a cache ([`no_store`]: a game's and a
//! group's pages change with every round), a standalone SVG chart as its own file
//! ([`svg_file`]), and the 404 of a link that is no game's ([`no_game`]).
//!
//! A piece the pages share: axum's answer types and the web layer's [`AppError`] only;
//! nothing from another page, `api`, `store`, `db` or `cli`.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::web::AppError;

/// A game's pages change with every round: never answer them from a cache, so a reload (or
/// the back button) always shows the truth.
pub fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The Content-Security-Policy of the standalone SVG: nothing loads, nothing runs; only its
/// own `<style>` (dark mode, print) applies.
pub const SVG_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'";

/// A standalone chart (a game's race, a group's money) as its own file: `image/svg+xml`
/// under [`SVG_POLICY`], never from a cache (it changes with every round).
pub fn svg_file(svg: String) -> Response {
    no_store(
        (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("image/svg+xml"),
                ),
                (
                    header::HeaderName::from_static("content-security-policy"),
                    HeaderValue::from_static(SVG_POLICY),
                ),
            ],
            svg,
        )
            .into_response(),
    )
}

/// The 404 of a read-only link that is no game's.
pub fn no_game() -> AppError {
    AppError::NotFound("There is no game at this address. Check the link you were given.".into())
}
