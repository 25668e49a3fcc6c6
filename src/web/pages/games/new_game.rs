//! Setting up a game: `GET /games/new` shows the form (`?rules=liverpool` preselects a rule
//! set; any field of the form may be in the query, so "Choose" re-renders it with everything
//! typed kept), `POST /games` creates the game and redirects to its page (303), or comes back
//! with status 422, every problem next to its field and nothing typed lost.
//!
//! The form is read as a list of name/value pairs: `rules`, `shown` (the rule set whose options
//! the page showed), `opt.<name>` per option, `player` once per seat in seating order (blanks
//! ignored), `first_dealer` (`random` or a seat number), `cents`, `points_per_cent`,
//! `currency` and `settlement`. `rules::game` parses it into a [`GameSetup`].
//!
//! The form as sent and what it makes are in `setup`, the page that shows it in `page`;
//! this module holds the two handlers.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

mod page;
mod setup;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};

pub(in crate::web::pages) use self::page::{Choice, GroupChoices, NewGamePage, build};
pub(in crate::web::pages) use self::setup::{PageErrors, SetupForm, parse};
use crate::db::games::Keyed;
use crate::store;
use crate::web::Result;
use crate::web::cookies::CookieJar;
use crate::web::game_creation::create_game;
use crate::web::i18n::PageCtx;
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::GameLinks;
use crate::web::page::render_status;
use crate::web::{AppState, Form, recent};

/// Where the new-game form posts: what its keys are issued for.
const NEW_GAME_ACTION: &str = "/games";

/// `GET /games/new`: the form, filled from the query string; nothing is checked.
pub(super) async fn show(
    State(state): State<AppState>,
    ctx: PageCtx,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let form = query
        .map(|Query(pairs)| SetupForm::from_pairs(pairs))
        .unwrap_or_default();
    // A table's own rule set, maybe stored by another server on this database.
    store::rule_sets::resolve(&state.db, &form.rules).await?;
    render_status(
        StatusCode::OK,
        &build(ctx, &form, PageErrors::default(), NEW_GAME_ACTION),
    )
}

/// `POST /games`: creates the game, remembers it in the recent list and goes to its page;
/// or 422 with the form as typed and every problem next to its field.
pub(super) async fn create(
    State(state): State<AppState>,
    mut ctx: PageCtx,
    jar: CookieJar,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    ctx.here = "/games/new".to_owned();
    let request = request_hash("POST /games", &canonical_form(&pairs));
    let form = SetupForm::from_pairs(pairs);
    // A key the form cannot have sent is a damaged form, like on the round forms; one this
    // server did not issue for this form is a stale (or forged) one.
    let key = state.form_keys.check(NEW_GAME_ACTION, &form.key)?;
    store::rule_sets::resolve(&state.db, &form.rules).await?;
    let setup = match parse(&form, ctx.lang) {
        Ok(setup) => setup,
        Err(errors) => {
            let page = build(ctx, &form, errors, NEW_GAME_ACTION);
            return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let game = store::new_game(&setup)?;
    let key = key.map(|key| key.stored());
    let keyed = key.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let ids = create_game(&state.db, &game, keyed).await?;
    let url = GameLinks::new(&ids.id).page();
    let jar = recent::remember(
        jar,
        &url,
        &crate::web::pages::labels::setup_title(&setup, ctx.lang),
    );
    Ok((jar, Redirect::to(&url)).into_response())
}
