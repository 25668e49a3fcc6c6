//! The pages of a group's numbers, each through the edit link and its read-only
//! twin: the standings (`/groups/{id}/standings`, filtered by period and rule set with a GET
//! form), head-to-head of two players (`/groups/{id}/head-to-head`), the ledger (Kasse,
//! `/groups/{id}/ledger`) with its "Settled up" form (`POST /groups/{id}/ledger/settle-up`,
//! edit link only) and the settle-up history, and the group's money chart
//! (`/groups/{id}/chart.svg`). The group page itself (another module) links here; every
//! address is built by [`GroupLinks`].
//!
//! Thin: the numbers come from `store::numbers` (the stored games, every read); this module
//! words and formats them. Every page works without JavaScript and prints on one sheet.
//!
//! A page of `web::pages`: groups through `store`; no SQL, no scoring, nothing from `cli`.

mod ledger;
mod standings;

pub(crate) use ledger::{ChartImage, chart_image};

use std::sync::Arc;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post};

use crate::store::groups::LoadedGroup;
use crate::text::Lang;
use crate::web::Result;
use crate::web::i18n::Msg;
use crate::web::links::GroupLinks;
use crate::web::{AppError, AppState};

/// Routes of the group-number pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/groups/{id}/standings", get(standings::edit_page))
        .route("/groups/view/{token}/standings", get(standings::view_page))
        .route("/groups/{id}/head-to-head", get(standings::edit_h2h))
        .route(
            "/groups/view/{token}/head-to-head",
            get(standings::view_h2h),
        )
        .route("/groups/{id}/ledger", get(ledger::edit_page))
        .route("/groups/view/{token}/ledger", get(ledger::view_page))
        .route(
            "/groups/{id}/ledger/settle-up",
            get(ledger::confirm_page).post(ledger::settle_up),
        )
        .route(
            "/groups/{id}/ledger/settle-up/undo",
            post(ledger::undo_settle_up),
        )
        .route("/groups/{id}/chart.svg", get(ledger::edit_chart))
        .route("/groups/view/{token}/chart.svg", get(ledger::view_chart))
}

/// Through which link the group is seen: its edit id or its read-only token.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Via {
    Edit(String),
    View(String),
}

impl Via {
    fn links(&self) -> GroupLinks<'_> {
        match self {
            Via::Edit(id) | Via::View(id) => GroupLinks::new(id),
        }
    }

    fn is_view(&self) -> bool {
        matches!(self, Via::View(_))
    }

    /// The group page of this link.
    fn group_page(&self) -> String {
        match self {
            Via::Edit(id) => GroupLinks::new(id).page(),
            Via::View(token) => GroupLinks::new(token).view_page(),
        }
    }
}

/// The links between the number pages.
struct Nav {
    group: String,
    standings: String,
    head_to_head: String,
    ledger: String,
}

impl Nav {
    fn new(via: &Via) -> Nav {
        let (links, view) = (via.links(), via.is_view());
        Nav {
            group: via.group_page(),
            standings: links.standings(view),
            head_to_head: links.head_to_head(view),
            ledger: links.ledger(view),
        }
    }
}

/// The group of the link (from the group cache): a read-only token where an edit id belongs is a 403 with a
/// sentence, an unknown one a 404.
async fn load(state: &AppState, via: &Via) -> Result<Arc<LoadedGroup>> {
    match via {
        Via::Edit(id) => match state.groups.load(&state.db, id).await? {
            Some(group) => Ok(group),
            None => Err(crate::web::groups::missing_group(state, id).await),
        },
        Via::View(token) => state
            .groups
            .load_view(&state.db, token)
            .await?
            .ok_or(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup)),
    }
}

/// A player's name as the group names them now.
fn name(group: &LoadedGroup, id: i64) -> String {
    group
        .player(id)
        .map_or_else(|| id.to_string(), |p| p.name.clone())
}

/// A number with one decimal, as each language writes it (`1.5` / `1,5`).
fn one_decimal(x: f64, lang: Lang) -> String {
    let text = format!("{x:.1}");
    match lang {
        Lang::En => text,
        Lang::De => text.replace('.', ","),
    }
}

/// `gain`, `loss` or `even`: the class of a money cell.
fn money_class(cents: i64) -> &'static str {
    match cents {
        c if c > 0 => "gain",
        c if c < 0 => "loss",
        _ => "even",
    }
}

/// The page of a game of the group through this link (its read-only page through the
/// group's read-only link).
fn game_page(
    group: &LoadedGroup,
    index: usize,
    via: &Via,
) -> Option<(String, time::OffsetDateTime)> {
    let game = &group.games.get(index)?.record.game;
    let url = match via {
        Via::Edit(_) => crate::web::links::GameLinks::new(&game.id).page(),
        Via::View(_) => crate::web::links::ViewLinks::new(&game.view_token).page(),
    };
    Some((url, game.created_at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_follow_the_language() {
        assert_eq!(one_decimal(1.5, Lang::En), "1.5");
        assert_eq!(one_decimal(1.5, Lang::De), "1,5");
        assert_eq!(one_decimal(2.0, Lang::De), "2,0");
        assert_eq!(money_class(-1), "loss");
    }
}
