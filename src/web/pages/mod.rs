//! The HTML pages, one module per page or group of pages, each with its `routes()`: the home
//! page, the meld checker, the game pages (new game, score sheet, settlement, export, QR) and
//! the round pages (entry and correction forms, history, undo/end/resume), and a group's
//! numbers (standings, head-to-head, ledger with settle-up, money chart).
//!
//! Pages use the shared web pieces at `web/` top level (errors, extractors, i18n, cookies,
//! rendering, a group's loading and sentences, the game's JSON) and `store` for games; never
//! SQL, never scoring, never the JSON API's handlers (`web::api`). What several pages say or
//! answer alike is in a piece of its own here (`csv`, `labels`, `money`, `origin`, `qr`, `reply`), which
//! uses no page. Nothing outside `web` uses them.

pub mod check;
pub mod connection;
pub mod csv;
pub mod games;
pub mod group_numbers;
pub mod groups;
pub mod home;
pub mod house_rules;
pub mod labels;
pub mod money;
pub mod origin;
pub mod players;
pub mod qr;
pub mod reply;
pub mod rounds;
pub mod rule_sharing;

use axum::Router;

use super::AppState;

/// Every page's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .merge(home::routes())
        .merge(check::routes())
        .merge(house_rules::routes())
        .merge(connection::routes())
        .merge(games::routes())
        .merge(groups::routes())
        .merge(group_numbers::routes())
        .merge(rounds::routes())
        .merge(players::routes())
        .merge(rule_sharing::routes())
}
