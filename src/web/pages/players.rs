//! The players page of a game (edit link only): the changes a table makes after the start
//! (docs/RULES.md section 8): rename a player, a player sits out the next round or leaves, a
//! late joiner, the stake and currency. Every form carries the game's version and a form key
//! (a repeat changes nothing); each change is kept in the history and undone like a round.
//! Works without JavaScript.
//!
//! Routes: `GET /games/{id}/players`, `POST /games/{id}/players` (join late),
//! `POST /games/{id}/players/{seat}` (`do` = `rename`, `sit_out` or `leave`),
//! `POST /games/{id}/settings` (stake and currency).

use askama::Template;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};

use super::rounds::{Fields, form_request, hidden, made_now};
use crate::db::games::Once;
use crate::rules::game::{JoinStart, RawNumber, TableChange};
use crate::store::changes::{Edit, edit_once};
use crate::store::{GameChange, LoadedGame};
use crate::web::Result;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::links::GameLinks;
use crate::web::page::render_status;
use crate::web::{AppError, AppState, Form, IdempotencyKey};

/// Routes of the players page.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/players", get(show).post(join))
        .route("/games/{id}/players/{seat}", post(change_player))
        .route("/games/{id}/settings", post(settings))
}

/// One player's row.
struct PlayerRow {
    name: String,
    status: String,
    rename_label: String,
    /// Forms offered: at the table.
    at_table: bool,
    /// The game goes on: a player can still leave it (a finished game has no table to leave).
    can_leave: bool,
    /// The sit-out button (not while they already sit out the next round, nor when the game
    /// is over).
    can_sit_out: bool,
    action: String,
    key: String,
}

/// A choice of a select.
struct Choice {
    value: String,
    label: String,
}

#[derive(Template)]
#[template(path = "players.html")]
struct PlayersPage {
    ctx: PageCtx,
    game_url: String,
    message: Option<String>,
    version: i64,
    rows: Vec<PlayerRow>,
    in_group: bool,
    join: Option<(String, String)>,
    after: Vec<Choice>,
    starts: Vec<Choice>,
    settings: (String, String),
    cents: i64,
    /// Asked where the settlement goes by points (as on the new-game form).
    points_per_cent: Option<i64>,
    currency: String,
}

fn page(ctx: &PageCtx, id: &str, game: &LoadedGame, message: Option<String>) -> PlayersPage {
    let (setup, state) = (&game.setup, &game.state);
    let played = state.rounds.len();
    let over = state.finished || state.ended_early;
    let links = GameLinks::new(id);
    let rows = (0..setup.player_count())
        .map(|i| {
            let total = state.totals.get(i).copied().unwrap_or(0);
            let status = if let Some(k) = setup.left_after(i) {
                ctx.f(Msg::PlayersLeft, &[("k", &k), ("total", &total)])
            } else if setup.sits_out(i, played + 1) {
                ctx.f(Msg::PlayersSitsOut, &[("n", &(played + 1))])
            } else if let Some((k, _)) = setup.joined_after(i) {
                let start = state.starts.get(i).copied().unwrap_or(0);
                ctx.f(Msg::PlayersJoined, &[("k", &k), ("total", &start)])
            } else {
                ctx.t(Msg::PlayersPlays).to_owned()
            };
            let action = links.action(&format!("players/{}", i + 1));
            PlayerRow {
                rename_label: ctx.f(Msg::PlayersNewName, &[("player", &setup.name(i))]),
                name: setup.name(i).to_string(),
                status,
                at_table: setup.left_after(i).is_none(),
                can_sit_out: !over && !setup.sits_out(i, played + 1),
                can_leave: !over,
                key: ctx.form_key(&action),
                action,
            }
        })
        .collect();
    let join_action = links.action("players");
    let mut after: Vec<Choice> = setup
        .seating()
        .iter()
        .filter(|&&i| setup.left_after(i).is_none())
        .map(|&i| Choice {
            value: setup.name(i).to_string(),
            label: setup.name(i).to_string(),
        })
        .collect();
    after.push(Choice {
        value: String::new(),
        label: ctx.t(Msg::PlayersAfterLast).to_owned(),
    });
    let starts = JoinStart::ALL
        .iter()
        .map(|s| Choice {
            value: s.id().to_string(),
            label: ctx
                .t(match s {
                    JoinStart::Worst => Msg::PlayersStartWorst,
                    JoinStart::Zero => Msg::PlayersStartZero,
                    JoinStart::Average => Msg::PlayersStartAverage,
                })
                .to_owned(),
        })
        .collect();
    let settings_action = links.action("settings");
    PlayersPage {
        game_url: links.page(),
        message,
        version: game.record.game.version,
        rows,
        in_group: game.record.game.group.is_some(),
        join: (!over).then(|| (ctx.form_key(&join_action), join_action)),
        after,
        starts,
        settings: (ctx.form_key(&settings_action), settings_action),
        cents: setup.cents(),
        points_per_cent: matches!(
            setup.scheme(),
            crate::rules::ruleset::Scheme::LowestCollects | crate::rules::ruleset::Scheme::Pairwise
        )
        .then(|| setup.points_per_cent()),
        currency: setup.currency().to_string(),
        ctx: ctx.clone(),
    }
}

/// `GET /games/{id}/players`.
async fn show(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    render_status(StatusCode::OK, &page(&ctx, &id, &game, None))
}

/// A posted field (the last one of that name), trimmed.
fn field<'a>(fields: &'a Fields, name: &str) -> Option<&'a str> {
    crate::web::last_field(fields, name)
}

/// `POST /games/{id}/players`: a player joins late.
async fn join(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    let edit = Edit::Table(TableChange::Join {
        player: field(&fields, "name").unwrap_or_default().to_string(),
        after: field(&fields, "after")
            .filter(|a| !a.is_empty())
            .map(str::to_string),
        start: field(&fields, "start").and_then(JoinStart::from_id),
    });
    apply(ctx, &state, &id, "players", edit, &fields).await
}

/// `POST /games/{id}/players/{seat}`: `do` = `rename` (with `name`), `sit_out` or `leave`.
async fn change_player(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path((id, seat)): Path<(String, String)>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    let player = seat
        .parse::<usize>()
        .ok()
        .filter(|s| (1..=game.setup.player_count()).contains(s))
        .map(|s| s - 1)
        .ok_or_else(|| AppError::Said(StatusCode::NOT_FOUND, Msg::RoundsFormDamaged))?;
    let name = game.setup.name(player).to_string();
    let edit = match field(&fields, "do") {
        Some("rename") => Edit::Rename {
            player,
            name: field(&fields, "name").unwrap_or_default().to_string(),
        },
        Some("sit_out") => Edit::Table(TableChange::SitOut { player: name }),
        Some("leave") => Edit::Table(TableChange::Leave { player: name }),
        _ => {
            return Err(AppError::Said(
                StatusCode::BAD_REQUEST,
                Msg::RoundsFormDamaged,
            ));
        }
    };
    apply(ctx, &state, &id, &format!("players/{seat}"), edit, &fields).await
}

/// `POST /games/{id}/settings`: the stake and currency.
async fn settings(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response> {
    let edit = Edit::Settings {
        cents: field(&fields, "cents").map(RawNumber::from),
        points_per_cent: field(&fields, "points_per_cent").map(RawNumber::from),
        currency: field(&fields, "currency").map(str::to_string),
    };
    apply(ctx, &state, &id, "settings", edit, &fields).await
}

/// Makes `edit` from the form posted to `/games/{id}/{path}`: back to the players page when
/// done, else the page again with the sentence (409 when the game changed, 422 when the rules
/// refuse).
async fn apply(
    mut ctx: PageCtx,
    state: &AppState,
    id: &str,
    path: &str,
    edit: Edit,
    fields: &Fields,
) -> Result<Response> {
    // A read-only token is refused (403) before its form is looked at.
    state.load_edit(id).await?;
    let links = GameLinks::new(id);
    let action = links.action(path);
    let hidden = hidden(state, fields, &action)?;
    let location = links.action("players");
    let stored_key = hidden.key.as_ref().map(IdempotencyKey::stored);
    let request = form_request(&action, fields);
    let once = stored_key.as_deref().map(|key| Once {
        key,
        request: &request,
        response: &location,
    });
    let outcome = edit_once(
        &state.db,
        &state.games,
        id,
        &edit,
        Some(hidden.version),
        once,
    )
    .await?;
    let change = match made_now(outcome, id)? {
        Ok(change) => change,
        Err(replayed) => return Ok(replayed),
    };
    ctx.here = location.clone();
    let (status, game, message) = match change {
        GameChange::Done(_) => return Ok(Redirect::to(&location).into_response()),
        GameChange::NotFound => return Err(state.missing(id).await),
        GameChange::Conflict(game) => (
            StatusCode::CONFLICT,
            game,
            ctx.t(Msg::RoundsActionConflict).to_owned(),
        ),
        GameChange::Refused(error) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            state.load_edit(id).await?,
            error.message(ctx.lang),
        ),
    };
    render_status(status, &page(&ctx, id, &game, Some(message)))
}
