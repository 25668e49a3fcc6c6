//! The JSON API of `docs/API.md`: the referee (check, solve, fit, score and settle, plus the
//! rule sets as data) here, and the stored games in [`games`].
//!
//! Thin: each handler extracts a raw body, parses it into domain types (`input`, by
//! `TryFrom`), asks `rules`, and answers in the shapes of `output`. Bad input is an
//! [`AppError`] with a sentence (400 or 422); a well-formed question whose answer is "no" is
//! 200 with `"ok": false`. Sentences are in the answer's language (`lang` in the body, else
//! `Accept-Language`, else English). The checker, the solver and the fit question run in the per-client compute
//! queue ([`super::compute`]) on the blocking pool, at most one per core, so hard hands never
//! stall the server's other requests nor take every core.
//!
//! What the stored games' and groups' handlers answer alike is in `reply`, below them; the
//! game's state as JSON is the web layer's ([`crate::web::game_json`]), shared with the
//! game pages' export.
//!
//! Every route is registered through `utoipa_axum`'s [`OpenApiRouter`] from the handler's
//! `#[utoipa::path]` attribute, so the router and the OpenAPI document (`doc`, served at
//! `/api/v1/openapi.json`) come from the same calls.

mod catalog;
mod doc;
pub mod games;
pub(crate) mod groups;
mod input;
mod output;
mod players;
mod reply;
pub mod rulesets;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use utoipa::OpenApi as _;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::compute::Client;
use super::schema;
use super::{AppError, AppState, Json};
use crate::rules::check::{check_going_out, check_pinned};
use crate::rules::layoff::fit_declared;
use crate::rules::money::settle;
use crate::rules::ruleset::ScoreError;
use crate::rules::solver::{SolveError, SolveOptions, solve_going_out, solve_with};
use crate::text::Say;
use crate::web::Result;
use doc::{ComputeErrors, QuestionErrors, ReadErrors};
use input::{
    CheckBody, CheckRequest, FitBody, FitRequest, ScoreBody, ScoreRequest, SettleBody,
    SettleRequest, SolveBody, SolveRequest,
};
use output::{CheckAnswer, FitAnswer, ScoreAnswer, SettleAnswer, SolveAnswer};

/// Routes of the API.
pub fn routes() -> Router<AppState> {
    router().split_for_parts().0
}

/// The OpenAPI document of the API: the same calls as [`routes()`], their description.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut document = router().into_openapi();
    doc::finish(&mut document);
    document
}

/// Every route of the API with its description. A route added with a plain `.route(…)`
/// would be served but missing from the document: the integration test `openapi::` fails.
fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(doc::ApiDoc::openapi())
        .routes(routes!(check_melds))
        .routes(routes!(solve_hand))
        .routes(routes!(fit_card))
        .routes(routes!(score_cards))
        .routes(routes!(settle_money))
        .routes(routes!(rule_sets))
        .routes(routes!(rule_set))
        .routes(routes!(doc::openapi_json))
        .merge(rulesets::routes())
        .merge(games::routes())
        .merge(groups::routes())
}

/// `POST /api/v1/check`: is this a legal contract meld (or Rommé opening)?
#[utoipa::path(
    post,
    path = "/api/v1/check",
    tag = "referee",
    operation_id = "check",
    summary = "Is this a legal contract meld (Rommé: opening) for the round?",
    description = "Every reason is reported, each as a `code` with its parameters and a \
        `message` in the answer's language (`lang`, else `Accept-Language`, else English). A \
        legal question whose answer is no is 200 with `\"ok\": false`.",
    params(doc::AcceptLanguageHeader),
    request_body(content = CheckBody, content_type = "application/json"),
    responses(
        ComputeErrors,
        (status = 200, description = "The verdict, how each meld was read, every problem.",
         body = CheckAnswer),
    )
)]
async fn check_melds(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(body): Json<CheckBody>,
) -> Result<Json<CheckAnswer>> {
    rulesets::ensure(&state, body.rules.trim()).await?;
    let request = CheckRequest::try_from((body, &headers))?;
    let lang = request.lang;
    let answer = state
        .compute
        .run(client, move |_| {
            let result = match &request.left {
                Some(left) => check_going_out(
                    &request.rules,
                    &request.round,
                    &request.melds.melds,
                    &request.melds.pins,
                    left,
                ),
                None => check_pinned(
                    &request.rules,
                    &request.round,
                    &request.melds.melds,
                    &request.melds.pins,
                ),
            };
            CheckAnswer::new(result, (&request.rules, &request.round), lang)
        })
        .await?;
    Ok(Json(answer))
}

/// `POST /api/v1/solve`: can this hand make the round's contract, and how?
#[utoipa::path(
    post,
    path = "/api/v1/solve",
    tag = "referee",
    operation_id = "solve",
    summary = "Can this hand make the round's contract, and how?",
    description = "Errors are in the answer's language (`lang`, else `Accept-Language`, else \
        English).",
    params(doc::AcceptLanguageHeader),
    request_body(content = SolveBody, content_type = "application/json"),
    responses(
        ComputeErrors,
        (status = 200, description = "`{\"ok\": false}`, or the melds found and the cards \
            left over.", body = SolveAnswer),
    )
)]
async fn solve_hand(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(body): Json<SolveBody>,
) -> Result<Json<SolveAnswer>> {
    rulesets::ensure(&state, body.rules.trim()).await?;
    let request = SolveRequest::try_from((body, &headers))?;
    state
        .compute
        .run(client, move |cancel| {
            let SolveRequest {
                lang,
                rules,
                round,
                hand,
                best,
                go_out,
            } = request;
            let contract = round
                .contract
                .as_ref()
                .map(|c| crate::text::rules::describe_contract(c, Default::default()));
            let started = std::time::Instant::now();
            let options = SolveOptions {
                stop: cancel.stop(),
                best_opening: best,
            };
            let solution = if go_out {
                solve_going_out(&rules, &round, &hand, &options)
            } else {
                solve_with(&rules, &round, &hand, &options)
            };
            let solution = solution.map_err(|error| {
                if error == SolveError::Cancelled {
                    // Its deadline is the request timeout's: answered as the timeout is.
                    AppError::Said(
                        axum::http::StatusCode::REQUEST_TIMEOUT,
                        crate::text::Msg::ErrTimeout,
                    )
                } else {
                    AppError::Unprocessable(error.say(lang))
                }
            })?;
            metrics::histogram!(super::metrics::SOLVE_SECONDS)
                .record(started.elapsed().as_secs_f64());
            // Rommé: the opening value of the melds found, as the checker counts it.
            let points = solution
                .as_ref()
                .and_then(|s| check_pinned(&rules, &round, &s.melds, &s.pins).points);
            Ok(Json(SolveAnswer::new(contract, solution, points)))
        })
        .await?
}

/// `POST /api/v1/fit`: does this card fit on this meld on the table (laid off, or swapped for
/// a wild card that stands for it), and if not, why not? The checker page's "Does this card
/// fit?" as JSON.
#[utoipa::path(
    post,
    path = "/api/v1/fit",
    tag = "referee",
    operation_id = "fit",
    summary = "Does this card fit on this meld on the table?",
    description = "A yes says how (`lay_off`, or `joker_swap` with the wild card the card \
        replaces, where the rule set swaps wild cards back) and the meld as it reads after; \
        a no gives its reason as a `code` with its parameters. Both have a `message` in the \
        answer's language (`lang`, else `Accept-Language`, else English), the words of the \
        checker page. A legal question whose answer is no is 200 with `\"fits\": false` \
        (Added 2026-11-24).",
    params(doc::AcceptLanguageHeader),
    request_body(content = FitBody, content_type = "application/json"),
    responses(
        ComputeErrors,
        (status = 200, description = "Whether the card fits, how, or why not.",
         body = FitAnswer),
    )
)]
async fn fit_card(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    Json(body): Json<FitBody>,
) -> Result<Json<FitAnswer>> {
    rulesets::ensure(&state, body.rules.trim()).await?;
    let request = FitRequest::try_from((body, &headers))?;
    let answer = state
        .compute
        .run(client, move |_| {
            let FitRequest {
                lang,
                rules,
                meld,
                pins,
                card,
                declared,
            } = request;
            let answer = fit_declared(&rules, (&meld, &pins), (card, declared));
            FitAnswer::new(&rules, (&meld, &pins), (card, declared), &answer, lang)
        })
        .await?;
    Ok(Json(answer))
}

/// `POST /api/v1/score`: penalty points of cards left in hand.
#[utoipa::path(
    post,
    path = "/api/v1/score",
    tag = "referee",
    operation_id = "score",
    summary = "Penalty points of cards left in hand",
    description = "`continental` has no card points (422 pointing to `/settle`). Errors are in \
        the answer's language (`lang`, else `Accept-Language`, else English).",
    params(doc::AcceptLanguageHeader),
    request_body(content = ScoreBody, content_type = "application/json"),
    responses(
        QuestionErrors,
        (status = 200, description = "The points.", body = ScoreAnswer),
    )
)]
async fn score_cards(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<ScoreBody>,
) -> Result<Json<ScoreAnswer>> {
    rulesets::ensure(&state, body.rules.trim()).await?;
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
#[utoipa::path(
    post,
    path = "/api/v1/settle",
    tag = "referee",
    operation_id = "settle",
    summary = "Money at the end of a game",
    description = "Points schemes take `totals` and `cents_per_point` (and `points_per_cent`); \
        `progressive` `totals` and `buys`; `continental` `hands` and `cents_per_unit`. A field \
        the rule set's scheme does not use is a 422 naming it. Errors are in the answer's \
        language (`lang`, else `Accept-Language`, else English).",
    params(doc::AcceptLanguageHeader),
    request_body(content = SettleBody, content_type = "application/json"),
    responses(
        QuestionErrors,
        (status = 200, description = "Net cents per player, the payments, the places.",
         body = SettleAnswer),
    )
)]
async fn settle_money(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<SettleBody>,
) -> Result<Json<SettleAnswer>> {
    rulesets::ensure(&state, body.rules.trim()).await?;
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
#[utoipa::path(
    get,
    path = "/api/v1/rules",
    tag = "rule sets",
    operation_id = "list_rule_sets",
    summary = "Every rule set, in display order",
    responses(
        ReadErrors,
        (status = 200, description = "The rule sets.", body = catalog::RuleSetList),
    )
)]
async fn rule_sets() -> Json<catalog::RuleSetList> {
    Json(catalog::list())
}

/// `GET /api/v1/rules/{id}`: one rule set in full; 404 for an unknown id.
#[utoipa::path(
    get,
    path = "/api/v1/rules/{id}",
    tag = "rule sets",
    operation_id = "get_rule_set",
    summary = "One rule set in full, with its default options",
    params(("id" = String, Path, description = "Rule-set id, e.g. `contract`.")),
    responses(
        ReadErrors,
        (status = 200, description = "The rule set.", body = catalog::Detail),
        (status = 404, description = "No rule set has this id; the sentence names the known ones.",
         body = schema::Error),
    )
)]
async fn rule_set(Path(id): Path<String>) -> Result<Json<catalog::Detail>> {
    catalog::detail(&id).map(Json).ok_or_else(|| {
        AppError::NotFound(
            crate::rules::ruleset::OptionError::UnknownRuleSet(id).clause(crate::text::Lang::En),
        )
    })
}
