//! `POST /games/{id}/rematch`: a new game with this game's set-up, the first dealer one seat on
//! offered where the game is over (game-over header, settlement page,
//! home page), allowed at any time (docs/decisions.md, 2026-11-24). With the form's signed
//! key, a repeat of the same post goes to the game the first one created.
//!
//! Part of `web::pages::games`: games through `store`; no SQL, no scoring, nothing from `cli`.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};

use crate::db::games::Keyed;
use crate::web::Result;
use crate::web::cookies::CookieJar;
use crate::web::game_creation::create_rematch;
use crate::web::i18n::PageCtx;
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::GameLinks;
use crate::web::{AppState, Form, last_field, recent};

/// The action a rematch form posts to, which its key is signed for.
pub(super) fn action(id: &str) -> String {
    GameLinks::new(id).action("rematch")
}

/// `POST /games/{id}/rematch`: creates the rematch and goes to its page (303). A read-only
/// token is refused (403) like every write.
pub(super) async fn create(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    let action = action(&id);
    let request = request_hash(&format!("POST {action}"), &canonical_form(&pairs));
    let key = last_field(&pairs, "key").unwrap_or_default();
    let key = state.form_keys.check(&action, key)?;
    let key = key.map(|key| key.stored());
    let keyed = key.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let ids = create_rematch(&state.db, &game, keyed, ctx.lang).await?;
    let url = GameLinks::new(&ids.id).page();
    let jar = recent::remember(
        jar,
        &url,
        &crate::web::pages::labels::game_title(&game, ctx.lang),
    );
    Ok((jar, Redirect::to(&url)).into_response())
}
