//! A game's race chart: each player's running total after every round as an SVG
//! line chart ([`crate::web::charts`]), inline on the game page and the settlement page
//! (`_race_chart.html`) and as a file of its own, `GET /games/{id}/chart.svg` and
//! `GET /view/{token}/chart.svg` (`image/svg+xml`, `no-store` like the game's other reads).
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use axum::extract::{Path, State};
use axum::response::Response;

use crate::store::LoadedGame;
use crate::text::Lang;
use crate::text::charts::ChartMsg;
use crate::web::Result;
use crate::web::charts::{LineChart, Series};
use crate::web::i18n::PageCtx;
use crate::web::pages::reply::{no_game, svg_file};
use crate::web::{AppError, AppState};

/// The race chart of a game with at least one round; `standalone`: as a file of its own.
pub(super) fn race_svg(game: &LoadedGame, lang: Lang, standalone: bool) -> Option<String> {
    let (setup, state) = (&game.setup, &game.state);
    if state.rounds.is_empty() {
        return None;
    }
    let running = state.running_totals();
    let series: Vec<Series> = (0..setup.player_count())
        .map(|i| Series {
            name: setup.name(i).to_owned(),
            values: std::iter::once(0)
                .chain(
                    running
                        .iter()
                        .map(|after| after.get(i).copied().unwrap_or(0)),
                )
                .collect(),
        })
        .collect();
    let list = series
        .iter()
        .map(|s| format!("{} {}", s.name, s.values.last().copied().unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(", ");
    let played = state.rounds.len();
    let format = |v: i64| v.to_string();
    LineChart {
        id: "race",
        title: ChartMsg::RaceTitle.text(lang).to_owned(),
        desc: ChartMsg::RaceDesc.fill(
            lang,
            &[
                ("n", &played),
                ("of", &setup.round_count()),
                ("list", &list),
            ],
        ),
        x_title: ChartMsg::RoundAxis.text(lang).to_owned(),
        y_title: if setup.lower_is_better() {
            ChartMsg::PointsAxis
        } else {
            ChartMsg::UnitsAxis
        }
        .text(lang)
        .to_owned(),
        x_ticks: (0..=played).map(|k| k.to_string()).collect(),
        series,
        y_format: &format,
        standalone,
    }
    .svg()
}

/// `GET /games/{id}/chart.svg`.
pub(super) async fn game_svg(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    svg_answer(&game, ctx.lang)
}

/// `GET /view/{token}/chart.svg`.
pub(super) async fn view_svg(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(token): Path<String>,
) -> Result<Response> {
    let game = state.load_view(&token).await?.ok_or_else(no_game)?;
    svg_answer(&game, ctx.lang)
}

/// The chart as `image/svg+xml`, or 404 with a sentence before the first round.
fn svg_answer(game: &LoadedGame, lang: Lang) -> Result<Response> {
    let Some(svg) = race_svg(game, lang, true) else {
        return Err(AppError::NotFound(
            ChartMsg::NoRoundsYet.text(lang).to_owned(),
        ));
    };
    Ok(svg_file(svg))
}

/// The race chart as a page shows it (`_race_chart.html`): an image of `chart.svg`, so the
/// page stays small (a 15-round game's chart inline would push the page past its budget).
pub(super) struct RaceChart {
    /// The chart's address, `{page}/chart.svg`.
    pub src: String,
    /// The description for screen readers: the last totals in words.
    pub alt: String,
    /// The caption pointing to the score sheet, the same numbers as a table.
    pub caption: &'static str,
}

impl RaceChart {
    /// The chart for a page at `base` (`/games/{id}` or `/view/{token}`); `None` before the
    /// first round.
    pub(super) fn new(game: &LoadedGame, base: &str, lang: Lang) -> Option<RaceChart> {
        let (setup, state) = (&game.setup, &game.state);
        let played = state.rounds.len();
        if played == 0 {
            return None;
        }
        let list = (0..setup.player_count())
            .map(|i| format!("{} {}", setup.name(i), state.totals[i]))
            .collect::<Vec<_>>()
            .join(", ");
        Some(RaceChart {
            src: format!("{base}/chart.svg"),
            alt: format!(
                "{} {}",
                ChartMsg::RaceTitle.text(lang),
                ChartMsg::RaceDesc.fill(
                    lang,
                    &[
                        ("n", &played),
                        ("of", &setup.round_count()),
                        ("list", &list)
                    ]
                )
            ),
            caption: ChartMsg::RaceCaption.text(lang),
        })
    }
}
