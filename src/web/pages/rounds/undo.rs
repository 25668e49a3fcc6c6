//! Undo with a confirm step, and redo (so an evening at the table goes without friction).
//!
//! - `GET /games/{id}/undo`: the confirm page. It names the last round and its points and
//!   carries the form that posts the undo (the game's version as shown, a fresh key). Without
//!   JavaScript this page is the confirm step; the game page's button leads here.
//! - After an undo the game page is opened with `?undone={n}`: [`undone_notice`] reads the
//!   game's latest change and, while it is still that undo, says what was undone and offers
//!   the redo form (`POST /games/{id}/redo`, handled with the other whole-game changes in
//!   `rounds.rs`). An undo that took back a change at the table, a rename or the stake
//!   (docs/RULES.md section 8) leads to `?undone=change`: [`undone_change_notice`] names the
//!   change and offers the same redo form. The confirm page names such a change too.
//!
//! A page of `web::pages`: games through `store`, the history through `db::games` (read
//! only); no scoring here, nothing from `cli`.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::Value;

use super::form::Brief;
use super::history::change_title;
use super::{game_url, load};
use crate::db::games::{self, HistoryAction};
use crate::store::{self, LoadedGame};
use crate::web::AppState;
use crate::web::Result;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::links::GameLinks;
use crate::web::page::render;

/// The confirm page of an undo.
#[derive(Template)]
#[template(path = "rounds_undo.html")]
struct ConfirmPage {
    ctx: PageCtx,
    /// "Undo round 3?"
    heading: String,
    /// What goes, with its points, and that it can be redone.
    text: String,
    brief: Brief,
    action: String,
    version: i64,
    key: String,
    /// "Undo round 3".
    button: String,
    /// "Keep it": back to the game.
    keep: String,
    game_url: String,
}

/// `GET /games/{id}/undo`: asks before the last round goes. A game without rounds has
/// nothing to undo: back to the game page.
pub(super) async fn confirm(
    mut ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = load(&state, &id).await?;
    let n = game.state.rounds.len();
    // The latest change to the game goes first: a change at the table, a rename or the stake
    // made after the last round is what an undo takes back (`store::changes::undo_once`).
    let change = store::changes::undoable(&game);
    if change.is_none() && (game.state.check_undo().is_err() || n == 0) {
        return Ok(Redirect::to(&game_url(&id)).into_response());
    }
    ctx.here = GameLinks::new(&id).action("undo");
    let (heading, text, button) = match &change {
        Some(item) => {
            let what = change_title(&ctx, Some(item));
            (
                ctx.f(Msg::UndoChangeConfirmTitle, &[("what", &what)]),
                ctx.f(Msg::UndoChangeConfirmText, &[("what", &what)]),
                ctx.t(Msg::UndoChangeConfirmYes).to_owned(),
            )
        }
        None => {
            let points = points_text(&game, game.state.rounds[n - 1].entry.points());
            (
                ctx.f(Msg::UndoConfirmTitle, &[("n", &n)]),
                ctx.f(Msg::UndoConfirmText, &[("n", &n), ("points", &points)]),
                ctx.f(Msg::UndoConfirmYes, &[("n", &n)]),
            )
        }
    };
    let page = ConfirmPage {
        heading,
        text,
        brief: Brief::new(&ctx, &game, (n > 0).then_some(n)),
        action: GameLinks::new(&id).action("undo"),
        version: game.record.game.version,
        key: ctx.form_key(&GameLinks::new(&id).action("undo")),
        button,
        keep: ctx.t(Msg::UndoConfirmNo).to_owned(),
        game_url: game_url(&id),
        ctx,
    };
    render(&page)
}

/// `GET /games/{id}/end`: asks before the game ends early, naming the rounds not played and
/// the totals it is settled on; the form posts `POST /games/{id}/end`. A game that cannot end
/// early (no round yet, or over): back to the game page.
pub(super) async fn confirm_end(
    mut ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = load(&state, &id).await?;
    let n = game.state.rounds.len();
    if game.state.finished || game.state.check_end_early().is_err() || n == 0 {
        return Ok(Redirect::to(&game_url(&id)).into_response());
    }
    let action = GameLinks::new(&id).action("end");
    ctx.here.clone_from(&action);
    let totals = points_text(&game, &game.state.totals);
    let page = ConfirmPage {
        heading: ctx.f(Msg::EndConfirmTitle, &[("n", &n)]),
        text: ctx.f(Msg::EndConfirmText, &[("n", &n), ("totals", &totals)]),
        brief: Brief::new(&ctx, &game, None),
        version: game.record.game.version,
        key: ctx.form_key(&action),
        action,
        button: ctx.t(Msg::GameEnd).to_owned(),
        keep: ctx.t(Msg::EndConfirmNo).to_owned(),
        game_url: game_url(&id),
        ctx,
    };
    render(&page)
}

/// "Ann 10, Ben 0, Cy 25": each player's points in seating order.
fn points_text(game: &LoadedGame, points: &[i64]) -> String {
    game.setup
        .players()
        .iter()
        .zip(points)
        .map(|(name, p)| format!("{name} {p}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the game page says right after an undo, with the redo form.
pub struct Undone {
    /// "Round 3 was undone (Ann 10, Ben 0, Cy 25)."
    pub message: String,
    /// Where the redo form posts.
    pub action: String,
    /// The game's version now.
    pub version: i64,
    /// A fresh idempotency key.
    pub key: String,
    /// "Redo round 3".
    pub button: String,
}

/// The notice for `?undone=change` on the game page, where the undo of a change at the table,
/// a rename or the stake leads: only while the game's latest change is that undo (its history
/// row has no round and keeps the change taken back), it names the change and offers the redo
/// form (the same `POST /games/{id}/redo` as a round's: `store::changes::redo_once` puts the
/// change back).
pub async fn undone_change_notice(
    ctx: &PageCtx,
    state: &AppState,
    game: &LoadedGame,
) -> Result<Option<Undone>> {
    let id = &game.record.game.id;
    let Some(last) = games::last_change(&state.db, id).await? else {
        return Ok(None);
    };
    let item = last.before.as_ref().filter(|b| b.get("change").is_some());
    if last.action != HistoryAction::Undo || last.round_no.is_some() || item.is_none() {
        return Ok(None);
    }
    let what = change_title(ctx, item);
    Ok(Some(Undone {
        message: ctx.f(Msg::GameUndoneChange, &[("what", &what)]),
        action: GameLinks::new(id).action("redo"),
        version: game.record.game.version,
        key: ctx.form_key(&GameLinks::new(id).action("redo")),
        button: ctx.t(Msg::GameRedoChange).to_owned(),
    }))
}

/// The notice for `?undone={n}` on the game page: only while the game's latest change is the
/// undo of round `n` (after any other change there is nothing to redo, and nothing is said).
pub async fn undone_notice(
    ctx: &PageCtx,
    state: &AppState,
    game: &LoadedGame,
    n: i64,
) -> Result<Option<Undone>> {
    let id = &game.record.game.id;
    let Some(last) = games::last_change(&state.db, id).await? else {
        return Ok(None);
    };
    if last.action != HistoryAction::Undo || last.round_no != Some(n) {
        return Ok(None);
    }
    let stored = last
        .before
        .as_ref()
        .and_then(|before| before.get("points"))
        .and_then(Value::as_object);
    let points: Vec<i64> = game
        .setup
        .players()
        .iter()
        .map(|name| {
            stored
                .and_then(|points| points.get(name))
                .and_then(Value::as_i64)
                .unwrap_or(0)
        })
        .collect();
    let points = points_text(game, &points);
    Ok(Some(Undone {
        message: ctx.f(Msg::GameUndone, &[("n", &n), ("points", &points)]),
        action: GameLinks::new(id).action("redo"),
        version: game.record.game.version,
        key: ctx.form_key(&GameLinks::new(id).action("redo")),
        button: ctx.f(Msg::GameRedo, &[("n", &n)]),
    }))
}
