//! The web layer: application state, the router with its middleware, and one module per page.
//!
//! Thin: handlers extract, parse, call `db::` and `rules::`, and render. No SQL and no scoring
//! here. A page or API module exposes `pub fn routes() -> Router<AppState>` and is merged in
//! [`routes`]; the middleware of [`app`] then applies to it.

mod api;
pub mod cards;
mod check;
pub mod cookies;
pub mod error;
pub mod extract;
mod game_cache;
mod game_pages;
mod games_api;
mod home;
pub mod i18n;
pub mod page;
pub mod rate_limit;
pub mod recent;
pub mod record;
pub mod round_pages;
pub mod rule_options;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, Uri, header};
use axum::routing::get;
use axum::{Router, middleware};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::csrf::CsrfLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::db::Db;
use crate::text::Msg;
pub use error::AppError;
pub use extract::{Form, Json};
use game_cache::GameCache;
pub use rate_limit::WriteLimit;
use rate_limit::WriteLimiter;

/// Largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Longest a request may take before it is answered with 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The Content-Security-Policy of every response: no inline script or style, nothing from
/// other origins, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; \
    form-action 'self'";

/// Where the files served at `/static` live.
const STATIC_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/static");
/// Cache lifetime of static files (not fingerprinted, so kept short).
const STATIC_CACHE_CONTROL: &str = "public, max-age=3600";

/// What every handler can reach.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database.
    pub db: Db,
    /// The per-client write rate limit ([`rate_limit`]).
    pub write_limit: WriteLimit,
    /// Games loaded since the last write ([`game_cache`]).
    pub games: GameCache,
}

impl AppState {
    /// The state for a database, with the default write rate limit.
    pub fn new(db: Db) -> Self {
        Self {
            db,
            write_limit: WriteLimit::default(),
            games: GameCache::default(),
        }
    }

    /// The same state with another write rate limit (tests set a tiny or a huge one).
    #[must_use]
    pub fn with_write_limit(self, write_limit: WriteLimit) -> Self {
        Self {
            write_limit,
            ..self
        }
    }
}

/// The whole application: routes plus middleware. Tests call this and send requests with
/// `tower::ServiceExt::oneshot`. The write rate limit keys clients by the connection's peer
/// address: serve with `into_make_service_with_connect_info::<SocketAddr>()`.
pub fn app(state: AppState) -> Router {
    let limiter = Arc::new(WriteLimiter::new(state.write_limit));
    // Inside the middleware of `with_middleware`: a 429 gets the security headers and a
    // rendered sentence; the body limit and the CSRF check come first.
    let routes = routes()
        .with_state(state)
        .layer(middleware::from_fn_with_state(
            limiter,
            rate_limit::limit_writes,
        ));
    with_middleware(routes)
}

/// Every route of the app. Add a module's routes here with `.merge(module::routes())`.
fn routes() -> Router<AppState> {
    let static_files = ServiceBuilder::new()
        // Only successful answers are cached: a 404 must not outlive the file's creation.
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            |response: &axum::response::Response<_>| {
                response
                    .status()
                    .is_success()
                    .then_some(HeaderValue::from_static(STATIC_CACHE_CONTROL))
            },
        ))
        .service(ServeDir::new(STATIC_DIR));
    Router::new()
        .route("/healthz", get(healthz))
        .merge(home::routes())
        .merge(i18n::routes())
        .merge(check::routes())
        .merge(api::routes())
        .merge(games_api::routes())
        .merge(game_pages::routes())
        .merge(round_pages::routes())
        .nest_service("/static", static_files)
        .fallback(not_found)
}

/// The middleware stack, outermost first. Applied after all routes and the fallback exist,
/// so it covers them all.
pub(crate) fn with_middleware(router: Router) -> Router {
    router.layer(
        ServiceBuilder::new()
            // Logs method and route pattern, never the path itself: paths carry capability
            // tokens.
            .layer(
                TraceLayer::new_for_http().make_span_with(|request: &Request| {
                    let route = request
                        .extensions()
                        .get::<MatchedPath>()
                        .map_or("(no route)", MatchedPath::as_str);
                    tracing::info_span!("request", method = %request.method(), route)
                }),
            )
            .layer(security_header(
                header::CONTENT_SECURITY_POLICY,
                CONTENT_SECURITY_POLICY,
            ))
            .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .layer(security_header(header::REFERRER_POLICY, "no-referrer"))
            .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
            .layer(middleware::from_fn(error::render_errors))
            .layer(CatchPanicLayer::custom(on_panic))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                REQUEST_TIMEOUT,
            ))
            // Rejects POST/PUT/PATCH/DELETE whose Sec-Fetch-Site says cross-site, or whose
            // Origin differs from Host; requests with neither header (curl, tests) pass.
            .layer(CsrfLayer::new())
            .layer(RequestBodyLimitLayer::new(BODY_LIMIT)),
    )
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

/// A panic in a handler is a bug: log it, answer 500 (rendered by `render_errors`).
fn on_panic(panic: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!(panic = detail, "a handler panicked");
    axum::response::IntoResponse::into_response(AppError::internal("handler panicked"))
}

/// `GET /healthz`: 200 "ok" once the server is up and can read its database.
async fn healthz(State(state): State<AppState>) -> Result<&'static str, AppError> {
    state.db.ping().await?;
    Ok("ok")
}

/// Any address without a route: 404 (an HTML page, or JSON under `/api/`).
async fn not_found(uri: Uri) -> AppError {
    if error::is_api_path(uri.path()) {
        AppError::NotFound("There is no API endpoint at this address.".into())
    } else {
        AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoPage)
    }
}

#[cfg(test)]
mod tests;
