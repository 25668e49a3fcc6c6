//! The JSON API of `docs/API.md`: the referee (check, solve, score and settle, plus the
//! rule sets as data) here, and the stored games in [`games`].
//!
//! Thin: each handler extracts a raw body, parses it into domain types (`input`, by
//! `TryFrom`), asks `rules`, and answers in the shapes of `output`. Bad input is an
//! [`AppError`] with a sentence (400 or 422); a well-formed question whose answer is "no" is
//! 200 with `"ok": false`. The checker and the solver run on the blocking pool, at most one
//! per core, so hard hands never stall the server's other requests nor take every core.

mod catalog;
pub mod games;
mod input;
mod output;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};

use super::compute::Client;
use super::{AppError, AppState, Json};
use crate::rules::check::check;
use crate::rules::money::settle;
use crate::rules::ruleset::ScoreError;
use crate::rules::solver::solve;
use crate::text::Say;
use input::{
    CheckBody, CheckRequest, ScoreBody, ScoreRequest, SettleBody, SettleRequest, SolveBody,
    SolveRequest,
};
use output::{CheckAnswer, ScoreAnswer, SettleAnswer, SolveAnswer};

/// Routes of the API.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/check", post(check_melds))
        .route("/api/v1/solve", post(solve_hand))
        .route("/api/v1/score", post(score_cards))
        .route("/api/v1/settle", post(settle_money))
        .route("/api/v1/rules", get(rule_sets))
        .route("/api/v1/rules/{id}", get(rule_set))
        .merge(games::routes())
}

/// `POST /api/v1/check`: is this a legal contract meld (or Rommé opening)?
async fn check_melds(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(body): Json<CheckBody>,
) -> Result<Json<CheckAnswer>, AppError> {
    let request = CheckRequest::try_from((body, &headers))?;
    let lang = request.lang;
    let result = state
        .compute
        .run(client, move || {
            check(&request.rules, &request.round, &request.melds)
        })
        .await?;
    Ok(Json(CheckAnswer::new(result, lang)))
}

/// `POST /api/v1/solve`: can this hand make the round's contract, and how?
async fn solve_hand(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(body): Json<SolveBody>,
) -> Result<Json<SolveAnswer>, AppError> {
    let request = SolveRequest::try_from((body, &headers))?;
    state
        .compute
        .run(client, move || {
            let SolveRequest {
                lang,
                rules,
                round,
                hand,
            } = request;
            let contract = round
                .contract
                .as_ref()
                .map(|c| crate::text::rules::describe_contract(c, Default::default()));
            let solution = solve(&rules, &round, &hand)
                .map_err(|error| AppError::Unprocessable(error.say(lang)))?;
            // Rommé: the opening value of the melds found, as the checker counts it.
            let points = solution
                .as_ref()
                .and_then(|s| check(&rules, &round, &s.melds).points);
            Ok(Json(SolveAnswer::new(contract, solution, points)))
        })
        .await?
}

/// `POST /api/v1/score`: penalty points of cards left in hand.
async fn score_cards(
    headers: HeaderMap,
    Json(body): Json<ScoreBody>,
) -> Result<Json<ScoreAnswer>, AppError> {
    let request = ScoreRequest::try_from((body, &headers))?;
    let lang = request.lang;
    let points = request.rules.score_hand(&request.cards).map_err(|error| {
        let clause = crate::text::rules::score_error(&error, &request.rules.info, lang);
        AppError::Unprocessable(match error {
            ScoreError::NoCardPoints => {
                crate::text::api::ApiMsg::NoCardPoints.fill(lang, &[("error", &clause)])
            }
            ScoreError::JokersNotInPlay { .. } => clause,
        })
    })?;
    Ok(Json(ScoreAnswer { points }))
}

/// `POST /api/v1/settle`: money at the end of a game.
async fn settle_money(
    headers: HeaderMap,
    Json(body): Json<SettleBody>,
) -> Result<Json<SettleAnswer>, AppError> {
    let request = SettleRequest::try_from((body, &headers))?;
    let settlement = settle(&request.rules, request.players.len(), &request.input)
        .map_err(|error| AppError::Unprocessable(error.say(request.lang)))?;
    Ok(Json(SettleAnswer::new(
        request.rules.scheme.id(),
        &request.players,
        settlement,
    )))
}

/// `GET /api/v1/rules`: every rule set.
async fn rule_sets() -> Json<catalog::RuleSetList> {
    Json(catalog::list())
}

/// `GET /api/v1/rules/{id}`: one rule set in full; 404 for an unknown id.
async fn rule_set(Path(id): Path<String>) -> Result<Json<catalog::Detail>, AppError> {
    catalog::detail(&id).map(Json).ok_or_else(|| {
        AppError::NotFound(
            crate::rules::ruleset::OptionError::UnknownRuleSet(id).clause(crate::text::Lang::En),
        )
    })
}
