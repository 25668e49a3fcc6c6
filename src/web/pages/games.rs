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
mod export;
mod marks;
pub(super) mod new_game;
mod rematch;
mod rendered;
mod result;
mod settle;
mod sheet;
mod table;

use axum::Router;
use axum::extract::Path;
use axum::response::Redirect;
use axum::routing::{get, post};

use crate::web::AppState;

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
        .route("/view/{token}/table", get(table::view_table))
        .route(
            "/games/view/{token}/table",
            get(|Path(token): Path<String>| async move {
                Redirect::permanent(&format!("/view/{token}/table"))
            }),
        )
}
