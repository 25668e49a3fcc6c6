//! The table display (`/view/{token}/table`): one read-only screen for the whole table, on a
//! laptop or a TV in landscape. The standings in large type, the next round's banner
//! (contract, dealer, cutter and cut target), the last round's points; dark by default. It
//! follows the game live as the game page does (`live.js` polls the JSON twin and reloads
//! when the version moves); without JavaScript a meta refresh reloads it every 20 seconds.
//! Through the read-only link only: nothing on it can change the game, and it has no form.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;

use super::sheet::{Banner, Link, Standings, banner};
use crate::store::LoadedGame;
use crate::web::AppState;
use crate::web::Result;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::page::render;
use crate::web::pages::labels::game_title;
use crate::web::pages::reply::{no_game, no_store};

/// One player's points in the last round entered.
struct LastPoints {
    name: String,
    points: i64,
    /// This player went out.
    out: bool,
}

/// The last round entered, as the display shows it.
struct LastRound {
    /// "Round 3: the points".
    heading: String,
    /// "Ann went out", where someone did.
    went_out: Option<String>,
    rows: Vec<LastPoints>,
}

#[derive(Template)]
#[template(path = "table_display.html")]
struct TablePage {
    ctx: PageCtx,
    /// The rule set and the players.
    title: String,
    /// The read-only game page.
    base: String,
    /// The JSON twin that `live.js` polls, and the version shown.
    live_url: String,
    version: i64,
    standings: Option<Standings>,
    banner: Option<Banner>,
    last: Option<LastRound>,
    /// Who won, once the game is over.
    over: Option<String>,
}

/// `GET /view/{token}/table`.
pub(super) async fn view_table(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(token): Path<String>,
) -> Result<Response> {
    let Some(game) = state.load_view(&token).await? else {
        return Err(no_game());
    };
    let page = TablePage::new(ctx, &game, &Link::View(token));
    Ok(no_store(render(&page)?))
}

impl TablePage {
    fn new(ctx: PageCtx, game: &LoadedGame, link: &Link) -> TablePage {
        let (setup, state) = (&game.setup, &game.state);
        let banner = state
            .next_round
            .as_ref()
            .map(|info| banner(&ctx, game, info, link));
        let last = state.rounds.last().map(|round| {
            let out = round.entry.went_out();
            LastRound {
                heading: ctx.f(Msg::TableLastRound, &[("n", &state.rounds.len())]),
                went_out: out.map(|i| ctx.f(Msg::TableWentOut, &[("name", &setup.name(i))])),
                rows: round
                    .entry
                    .points()
                    .iter()
                    .enumerate()
                    .map(|(i, &points)| LastPoints {
                        name: setup.name(i).to_owned(),
                        points,
                        out: out == Some(i),
                    })
                    .collect(),
            }
        });
        TablePage {
            title: game_title(game, ctx.lang),
            base: link.base(),
            live_url: link.api(),
            version: game.record.game.version,
            standings: Standings::new(&ctx, game),
            banner,
            last,
            over: super::result::sentence(game, ctx.lang),
            ctx,
        }
    }
}
