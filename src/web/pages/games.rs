//! The HTML pages of a game: set-up (`/games/new`, `POST /games`), the game page with its
//! banner for the next round and the score sheet (`/games/{id}`), its read-only twin
//! (`/view/{token}`), the settlement with its print view, the race chart (`chart.svg`), and the
//! CSV and JSON exports.
//!
//! Thin: handlers read the form or the path, call [`crate::store`] (which calls `db::` and
//! `rules::`), and render. Scores, places and money come from `rules::game`; this module only
//! words and formats them. Every page works without JavaScript; `live.js` reloads a game's
//! page when its JSON twin reports a new `version`.
//!
//! The round forms, undo, end and resume (`/games/{id}/rounds/…`, `POST /games/{id}/undo` …)
//! and the history page belong to the round pages; the game page links and posts to them.
//!
//! Two ways in: the edit link (`/games/{id}`, shared by QR code at the table) and the
//! read-only link (`/view/{token}`, for spectators and the printout), which never shows a
//! form, an edit link or the edit id.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

mod chart;
pub(crate) use chart::svg_file;
pub(super) mod export;
mod marks;
pub(crate) mod money;
pub(super) mod new_game;
pub(super) mod qr;
mod rematch;
mod rendered;
mod result;
mod settle;
mod sheet;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Redirect, Response};
use axum::routing::{get, post};

use crate::rules::game::GameSetup;
use crate::store::LoadedGame;
use crate::web::AppState;
use crate::web::i18n::{Lang, Msg};
use crate::web::links::{GameLinks, ViewLinks};

/// Routes of the game pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/new", get(new_game::show))
        .route(
            "/games",
            get(|| async { Redirect::to("/games/new") }).post(new_game::create),
        )
        .route("/games/{id}", get(sheet::game_page))
        .route("/games/{id}/rematch", post(rematch::create))
        .route("/games/{id}/settlement", get(settle::game_settlement))
        .route("/games/{id}/chart.svg", get(chart::game_svg))
        .route("/games/{id}/export.csv", get(export::game_csv))
        .route("/games/{id}/export.json", get(export::game_json))
        .route("/view/{token}", get(sheet::view_page))
        .route("/view/{token}/settlement", get(settle::view_settlement))
        .route("/view/{token}/chart.svg", get(chart::view_svg))
        .route("/view/{token}/export.csv", get(export::view_csv))
        .route("/view/{token}/export.json", get(export::view_json))
}

/// Through which link a game is seen.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Link {
    /// The edit link: `/games/{id}`.
    Edit(String),
    /// The read-only link: `/view/{token}`.
    View(String),
}

impl Link {
    /// The game page of this link: `/games/{id}` or `/view/{token}`.
    fn base(&self) -> String {
        match self {
            Link::Edit(id) => GameLinks::new(id).page(),
            Link::View(token) => ViewLinks::new(token).page(),
        }
    }

    /// The JSON twin of the game page.
    fn api(&self) -> String {
        match self {
            Link::Edit(id) => GameLinks::new(id).api(),
            Link::View(token) => ViewLinks::new(token).api(),
        }
    }

    fn is_edit(&self) -> bool {
        matches!(self, Link::Edit(_))
    }
}

/// The rule set's name in a language.
fn rules_name(setup: &GameSetup, lang: Lang) -> &'static str {
    let info = &setup.rules().info;
    crate::text::rules::preset_name(info, lang)
}

/// "Liverpool Rummy · Ann, Ben, Cy, Di": a game's title and its label in the recent list.
pub(super) fn setup_title(setup: &GameSetup, lang: Lang) -> String {
    format!(
        "{} · {}",
        rules_name(setup, lang),
        setup.players().join(", ")
    )
}

/// [`setup_title`] of a stored game.
pub(super) fn game_title(game: &LoadedGame, lang: Lang) -> String {
    setup_title(&game.setup, lang)
}

/// A day as each language writes it (`2025-01-31` / `31.01.2025`), for other pages.
pub(crate) fn date(at: time::OffsetDateTime, lang: Lang) -> String {
    settle::date(at, lang)
}

/// A message in a language with its placeholders filled.
fn fill(msg: Msg, lang: Lang, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    crate::web::i18n::fill(msg.text(lang), args)
}

/// A game's pages change with every round: never answer them from a cache, so a reload (or
/// the back button) always shows the truth.
pub(crate) fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `http://host:port` of this request, from the Host header (and `X-Forwarded-Proto` behind a
/// TLS proxy), for links another phone can open. `None` when the host is missing or odd.
pub(super) fn origin(headers: &HeaderMap) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?.trim();
    let plain = !host.is_empty()
        && host.len() <= 255
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']' | '_'));
    if !plain {
        return None;
    }
    let https = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"));
    Some(format!("{}://{host}", if https { "https" } else { "http" }))
}

/// The origin names this computer only (`localhost`, `127.0.0.1`, `[::1]`): other phones
/// cannot open links made with it.
pub(super) fn is_loopback(origin: &str) -> bool {
    let host = origin.split_once("://").map_or(origin, |(_, host)| host);
    host.starts_with("localhost") || host.starts_with("127.") || host.starts_with("[::1]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_origin_comes_from_a_plain_host_header_only() {
        let mut headers = HeaderMap::new();
        assert_eq!(origin(&headers), None);
        headers.insert(header::HOST, HeaderValue::from_static("192.168.1.20:8080"));
        assert_eq!(
            origin(&headers).as_deref(),
            Some("http://192.168.1.20:8080")
        );
        headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert_eq!(
            origin(&headers).as_deref(),
            Some("https://192.168.1.20:8080")
        );
        headers.insert(header::HOST, HeaderValue::from_static("evil.example/x?"));
        assert_eq!(origin(&headers), None);
    }

    #[test]
    fn loopback_origins_are_recognised() {
        assert!(is_loopback("http://localhost:8080"));
        assert!(is_loopback("http://127.0.0.1:8080"));
        assert!(is_loopback("http://[::1]:8080"));
        assert!(!is_loopback("http://192.168.1.5:8080"));
        assert!(!is_loopback("https://kontrakt.example"));
    }
}
