//! The round pages of a game ("Enter a round", "Correct a round"): the form for the
//! next round and the correction form of an entered one, the undo / end early / resume
//! buttons' handlers, and the game's history.
//!
//! - `GET /games/{id}/rounds/new`, `POST /games/{id}/rounds`: enter the next round.
//! - `GET /games/{id}/rounds/{n}/edit`, `POST /games/{id}/rounds/{n}`: correct round n.
//! - `POST /games/{id}/undo`, `/end`, `/resume`: the last round removed, the table stops
//!   early, or plays on.
//! - `GET /games/{id}/history`: what changed, when.
//!
//! Every form carries the game's `version` and an idempotency `key` made when it was rendered,
//! signed for the action it posts to (`PageCtx::form_key`). POST, then 303 to `/games/{id}`;
//! the same key again (a double tap, the back button, a retry) changes nothing and answers the same 303; a stale version answers a
//! 409 page that keeps what was typed; bad input answers 422 with each sentence next to its
//! field and everything as typed.
//!
//! Thin: the form's text goes into `rules::game::RawRound` unchanged and is parsed and scored
//! by the rules engine through [`crate::store`] (shared with the JSON API); nothing here
//! computes a score. Without JavaScript every form posts as plain HTML; `rounds.js` adds live
//! card counts and hides the winner's fields, `outbox.js` keeps a submission that could not
//! reach the server and retries it with the same key (the round forms and the game page's
//! undo, end and resume forms: a retry of a change that did land is answered from the
//! stored answer and changes nothing more).
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

mod compare;
mod form;
mod history;
mod input;
mod mine;
mod mode;
mod undo;
mod unlikely;

pub use undo::{Undone, undone_change_notice, undone_notice};

use std::sync::Arc;

use askama::Template;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};

use self::form::{FormPage, FormSpec};
use self::input::RoundInput;
use self::mode::Mode;
use crate::db::games::{Keyed, Once};
use crate::store::{self, GameChange, LoadedGame, OnceChange, RoundWrite, WholeGame};
use crate::web::Result;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::GameLinks;
use crate::web::page::{render, render_status};
use crate::web::{AppError, AppState, Form, IdempotencyKey};

/// Routes of the round pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/rounds/new", get(new_round))
        .route("/games/{id}/rounds", post(enter_round))
        .route("/games/{id}/rounds/{n}/edit", get(edit_round))
        .route("/games/{id}/rounds/{n}", post(correct_round))
        .route("/games/{id}/undo", get(undo::confirm).post(undo))
        .route("/games/{id}/redo", post(redo))
        .route("/games/{id}/end", get(undo::confirm_end).post(end))
        .route("/games/{id}/resume", post(resume))
        .route("/games/{id}/history", get(history::show))
}

/// The game page, where every successful form goes.
fn game_url(id: &str) -> String {
    GameLinks::new(id).page()
}

/// The fields of a posted form in order, as sent.
pub(super) type Fields = Vec<(String, String)>;

/// The hidden fields every form here carries.
pub(super) struct Hidden {
    /// The game's version when the form was rendered.
    pub(super) version: i64,
    /// The idempotency key, if the form had one.
    pub(super) key: Option<IdempotencyKey>,
}

/// The sentence for a form without its hidden fields (a 400; shown in the page's language).
fn damaged() -> AppError {
    AppError::Said(StatusCode::BAD_REQUEST, Msg::RoundsFormDamaged)
}

/// `version` (required: no change is made without knowing what the user saw) and `key`
/// (optional; an [`IdempotencyKey`] that this server issued for a form posting to `action`:
/// any other is refused, 422 "This form is out of date").
pub(super) fn hidden(state: &AppState, fields: &Fields, action: &str) -> Result<Hidden> {
    let get = |name: &str| crate::web::last_field(fields, name);
    let version = get("version")
        .and_then(|v| v.parse::<i64>().ok())
        .ok_or_else(damaged)?;
    let key = state
        .form_keys
        .check(action, get("key").unwrap_or_default())?;
    Ok(Hidden { version, key })
}

/// What identifies a posted form's request for its key: the action and the fields.
pub(super) fn form_request(action: &str, fields: &Fields) -> String {
    request_hash(&format!("POST {action}"), &canonical_form(fields))
}

/// The hidden `round` of a form: the round it showed.
fn form_round(fields: &Fields) -> Option<usize> {
    fields
        .iter()
        .find(|(k, _)| k == "round")
        .and_then(|(_, v)| v.trim().parse().ok())
        .filter(|&n| n >= 1)
}

/// The game with edit id `id`, or the 403 (read-only token) / 404 answer.
async fn load(state: &AppState, id: &str) -> Result<Arc<LoadedGame>> {
    state.load_edit(id).await
}

/// A round number from the path; anything else is no round of this game (404).
fn round_number(text: &str, game: &LoadedGame, ctx: &PageCtx) -> Result<usize> {
    let entered = game.state.rounds.len();
    match text.parse::<usize>() {
        Ok(n) if (1..=entered).contains(&n) => Ok(n),
        _ => Err(AppError::NotFound(ctx.f(
            Msg::RoundsNotEntered,
            &[("n", &text.chars().take(12).collect::<String>())],
        ))),
    }
}

/// What a once-only form post did: the change it made now, or (`Err`) the answer for a repeat
/// of its key (back to where the first post went); a key used for another post is a 422.
pub(super) fn made_now(outcome: OnceChange, id: &str) -> Result<Result<GameChange, Response>> {
    match outcome {
        OnceChange::Replayed(to) => Ok(Err(
            Redirect::to(&replayed_location(&to, id)).into_response()
        )),
        OnceChange::KeyReused => Err(AppError::Said(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::ErrKeyReused,
        )),
        OnceChange::Now(change) => Ok(Ok(change)),
    }
}

/// A stored answer for a replayed key: the place to go, if it is one of ours.
pub(super) fn replayed_location(response: &str, id: &str) -> String {
    // A round form's answer names the round it saved, beside the place to go.
    let saved = mine::Saved::read(response);
    let response = saved.as_ref().map_or(response, |s| s.location.as_str());
    if response.starts_with("/games/") && crate::web::i18n::is_local_path(response) {
        response.to_owned()
    } else {
        game_url(id)
    }
}

/// `GET /games/{id}/rounds/new`: the form for the next round. A finished (or early ended)
/// game has none: back to the game page.
async fn new_round(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = load(&state, &id).await?;
    let Some(info) = &game.state.next_round else {
        return Ok(Redirect::to(&game_url(&id)).into_response());
    };
    let input = RoundInput::default();
    let spec = FormSpec::new(&game, info.round, Mode::Enter, &input);
    render(&FormPage::new(ctx, spec))
}

/// `GET /games/{id}/rounds/{n}/edit`: the correction form of round n, filled with what is
/// stored.
async fn edit_round(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path((id, n)): Path<(String, String)>,
) -> Result<Response> {
    let game = load(&state, &id).await?;
    let n = round_number(&n, &game, &ctx)?;
    let stored = &game.state.rounds[n - 1].entry;
    let input = RoundInput::from_raw(&stored.to_raw(&game.setup));
    let spec = FormSpec::new(&game, n, Mode::Correct, &input);
    render(&FormPage::new(ctx, spec))
}

/// `POST /games/{id}/rounds`: enter the next round.
async fn enter_round(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    let game = load(&state, &id).await?;
    let round = game
        .state
        .next_round
        .as_ref()
        .map_or(game.state.rounds.len().max(1), |info| info.round);
    save(ctx, &state, &game, round, Mode::Enter, &fields).await
}

/// `POST /games/{id}/rounds/{n}`: correct round n.
async fn correct_round(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path((id, n)): Path<(String, String)>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    let game = load(&state, &id).await?;
    let hidden = hidden(
        &state,
        &fields,
        &format!("{}/{n}", GameLinks::new(&id).rounds()),
    )?;
    let n = match round_number(&n, &game, &ctx) {
        Ok(n) => n,
        // A round undone since the form was rendered: the version tells, and the conflict
        // page keeps the entries.
        Err(_) if hidden.version != game.record.game.version => {
            let n = n.parse::<usize>().unwrap_or(1).max(1);
            let input = RoundInput::from_form(&fields);
            return conflict(ctx, &game, n, Mode::Correct, &input);
        }
        Err(e) => return Err(e),
    };
    save(ctx, &state, &game, n, Mode::Correct, &fields).await
}

/// Writes round `round` from a posted form (a new round or a correction, by `mode`) and
/// answers: 303 to the game, 409 with the entries kept, or 422 with the sentences.
async fn save(
    mut ctx: PageCtx,
    state: &AppState,
    game: &LoadedGame,
    round: usize,
    mode: Mode,
    fields: &Fields,
) -> Result<Response> {
    let id = game.record.game.id.clone();
    let action = mode.action(&id, round);
    let hidden = hidden(state, fields, &action)?;
    ctx.here = mode.form_url(&id, round);
    let input = RoundInput::from_form(fields);
    let key = hidden.key.as_ref().map(ToString::to_string);

    // What the form itself can tell before the rules engine looks: a choice of who went out.
    let own = input.form_errors(&game.setup, ctx.lang);
    if !own.is_empty() && hidden.version == game.record.game.version {
        let mut errors = own;
        let raw = input.to_raw(mode.round_field(round));
        if let Err(engine) = game.setup.parse_round(round, &raw) {
            input::merge(&mut errors, engine.by_field(ctx.lang));
        }
        let spec = FormSpec {
            errors,
            key,
            ..FormSpec::new(game, round, mode, &input)
        };
        return render_status(StatusCode::UNPROCESSABLE_ENTITY, &FormPage::new(ctx, spec));
    }

    let mut raw = input.to_raw(mode.round_field(round));
    raw.confirm = unlikely::confirmed(fields).then_some(true);
    let location = game_url(&id);
    let stored_key = hidden.key.as_ref().map(IdempotencyKey::stored);
    let request = form_request(&action, fields);
    let outcome = store::write_round(
        &state.db,
        &state.games,
        &id,
        &raw,
        Some(hidden.version),
        stored_key.as_deref().map(|key| Keyed {
            key,
            request: &request,
        }),
        // Kept under the key: the round this form saved, to know this phone again.
        |written| {
            Ok::<_, AppError>(mine::Saved::new(written, mode, round, location.clone()).answer())
        },
    )
    .await?;
    match outcome {
        RoundWrite::Written(to) | RoundWrite::Replayed(to) => {
            Ok(Redirect::to(&replayed_location(&to, &id)).into_response())
        }
        // This very form saved before, with other entries: the phone went back after saving.
        RoundWrite::KeyReused => {
            let saved = match stored_key.as_deref() {
                Some(key) => store::answer_for_key(&state.db, &id, key)
                    .await?
                    .as_deref()
                    .and_then(mine::Saved::read),
                None => None,
            };
            let now = load(state, &id).await?;
            match saved {
                Some(saved) if (1..=now.state.rounds.len()).contains(&saved.round) => {
                    conflict_with(ctx, &now, saved.round, Mode::Correct, &input, Some(&saved))
                }
                _ => Err(AppError::Said(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    Msg::ErrKeyReused,
                )),
            }
        }
        // The form always sends its version.
        RoundWrite::NeedsVersion(round) => Err(AppError::VersionRequired { round }),
        RoundWrite::Conflict(now) => {
            // The round the user was entering: the form says which.
            let intended = match mode {
                Mode::Enter => form_round(fields).unwrap_or(round),
                Mode::Correct => round,
            };
            conflict(ctx, &now, intended, mode, &input)
        }
        RoundWrite::Invalid(errors) => {
            let now = load(state, &id).await?;
            let spec = FormSpec {
                errors: errors.by_field(ctx.lang),
                key,
                ..FormSpec::new(&now, round, mode, &input)
            };
            render_status(StatusCode::UNPROCESSABLE_ENTITY, &FormPage::new(ctx, spec))
        }
        RoundWrite::Unlikely(oddities) => {
            let now = load(state, &id).await?;
            let notice =
                unlikely::Unlikely::new(&ctx, now.setup.players(), &oddities, action, fields);
            let spec = FormSpec {
                key,
                unlikely: Some(notice),
                ..FormSpec::new(&now, round, mode, &input)
            };
            render_status(StatusCode::UNPROCESSABLE_ENTITY, &FormPage::new(ctx, spec))
        }
        RoundWrite::NotFound => Err(state.missing(&id).await),
    }
}

/// The 409 page: the game changed since the form was rendered. Says what happened, shows
/// the round as it is now and the totals, and offers the entries again (as a correction if
/// the round was saved meanwhile) with the current version and a new key.
fn conflict(
    ctx: PageCtx,
    game: &LoadedGame,
    round: usize,
    mode: Mode,
    input: &RoundInput,
) -> Result<Response> {
    conflict_with(ctx, game, round, mode, input, None)
}

/// [`conflict`], knowing whether this form's own key saved the round (`mine`): then the page
/// says this phone saved it, and whether the game changed since.
fn conflict_with(
    ctx: PageCtx,
    game: &LoadedGame,
    round: usize,
    mode: Mode,
    input: &RoundInput,
    mine: Option<&mine::Saved>,
) -> Result<Response> {
    let entered = game.state.rounds.len();
    let mut compare = compare::Compare::new(&ctx, game, round, input);
    let unchanged = mine.is_some_and(|saved| saved.version == game.record.game.version);
    if let (Some(c), true) = (compare.as_mut(), unchanged) {
        c.theirs_title = ctx.t(Msg::RoundsCompareMine).to_owned();
    }
    let (target, mode_now, message) = if round <= entered {
        // Without this form's key the saver is not known: this phone before its Back button
        // (from another form) as likely as another phone.
        let message = match (&compare, mode) {
            (Some(c), _) if c.same && mine.is_some() => {
                ctx.f(Msg::RoundsConflictMineSame, &[("n", &round)])
            }
            _ if unchanged => ctx.f(Msg::RoundsConflictMine, &[("n", &round)]),
            _ if mine.is_some() => ctx.f(Msg::RoundsConflictMineChanged, &[("n", &round)]),
            (Some(c), _) if c.same => ctx.f(Msg::RoundsConflictSame, &[("n", &round)]),
            (_, Mode::Enter) => ctx.f(Msg::RoundsConflictTaken, &[("n", &round)]),
            (_, Mode::Correct) => ctx.t(Msg::RoundsConflictChanged).to_owned(),
        };
        (round, Mode::Correct, message)
    } else {
        let next = game
            .state
            .next_round
            .as_ref()
            .map_or(entered.max(1), |info| info.round);
        (
            next,
            Mode::Enter,
            ctx.t(Msg::RoundsConflictChanged).to_owned(),
        )
    };
    let brief = form::Brief::new(&ctx, game, Some(target));
    let spec = FormSpec {
        conflict: Some(form::Conflict {
            message,
            brief,
            compare,
        }),
        ..FormSpec::new(game, target, mode_now, input)
    };
    render_status(StatusCode::CONFLICT, &FormPage::new(ctx, spec))
}

/// The label of the button that asks for `action` again.
fn button(action: WholeGame) -> Msg {
    match action {
        WholeGame::Undo => Msg::RoundsUndoAgain,
        WholeGame::Redo => Msg::RoundsRedoAgain,
        WholeGame::End => Msg::RoundsEndAgain,
        WholeGame::Resume => Msg::RoundsResumeAgain,
    }
}

/// `POST /games/{id}/undo`: removes the last round.
async fn undo(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    change(ctx, &state, &id, WholeGame::Undo, &fields).await
}

/// `POST /games/{id}/redo`: puts back the round the game's latest change undid.
async fn redo(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    change(ctx, &state, &id, WholeGame::Redo, &fields).await
}

/// `POST /games/{id}/end`: the table stops early; the rounds played are settled.
async fn end(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    change(ctx, &state, &id, WholeGame::End, &fields).await
}

/// `POST /games/{id}/resume`: takes back an early end.
async fn resume(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    change(ctx, &state, &id, WholeGame::Resume, &fields).await
}

/// The page of an undo, end or resume that was not done: why, the scores as they are, and
/// the button to try again with the current version.
#[derive(Template)]
#[template(path = "rounds_notice.html")]
struct NoticePage {
    ctx: PageCtx,
    game_url: String,
    message: String,
    brief: form::Brief,
    retry: Option<Retry>,
}

/// A button that posts an action again.
struct Retry {
    action: String,
    version: i64,
    key: String,
    label: &'static str,
}

async fn change(
    mut ctx: PageCtx,
    state: &AppState,
    id: &str,
    action: WholeGame,
    fields: &Fields,
) -> Result<Response> {
    // A read-only token is refused (403) before its form is looked at.
    let game = load(state, id).await?;
    let action_path = GameLinks::new(id).action(action.name());
    let hidden = hidden(state, fields, &action_path)?;
    let mut location = game_url(id);
    // After an undo the game page says which round (or which change) went and offers to
    // redo it.
    if let WholeGame::Undo = action
        && game.record.game.version == hidden.version
    {
        if store::changes::undoable(&game).is_some() {
            location = format!("{location}?undone=change");
        } else if !game.state.rounds.is_empty() {
            location = format!("{location}?undone={}", game.state.rounds.len());
        }
    }
    let stored_key = hidden.key.as_ref().map(IdempotencyKey::stored);
    let request = form_request(&action_path, fields);
    let once = stored_key.as_deref().map(|key| Once {
        key,
        request: &request,
        response: &location,
    });
    let version = Some(hidden.version);
    let outcome =
        store::whole_game_once(&state.db, &state.games, id, action, version, once).await?;
    let change = match made_now(outcome, id)? {
        Ok(change) => change,
        Err(replayed) => return Ok(replayed),
    };
    ctx.here = game_url(id);
    let (status, game, message, retry) = match change {
        GameChange::Done(_) => return Ok(Redirect::to(&location).into_response()),
        GameChange::NotFound => return Err(state.missing(id).await),
        GameChange::Conflict(game) => {
            let retry = Retry {
                key: ctx.form_key(&action_path),
                action: action_path,
                version: game.record.game.version,
                label: ctx.t(button(action)),
            };
            let message = ctx.t(Msg::RoundsActionConflict).to_owned();
            (StatusCode::CONFLICT, game, message, Some(retry))
        }
        GameChange::Refused(error) => {
            let game = load(state, id).await?;
            let message = format!(
                "{} {}",
                error.message(ctx.lang),
                ctx.t(Msg::RoundsActionRefused)
            );
            (StatusCode::UNPROCESSABLE_ENTITY, game, message, None)
        }
    };
    let page = NoticePage {
        game_url: game_url(id),
        message,
        brief: form::Brief::new(&ctx, &game, None),
        retry,
        ctx,
    };
    render_status(status, &page)
}
