//! The web layer: application state, the router with its middleware, the HTML pages in
//! [`pages`] (one module per page), the JSON API in `api` (the referee and the games), and
//! the pieces they share at this level (errors and the [`Result`] they make, extractors,
//! i18n, cookies, rate limit, recent games, static files and the service worker, request
//! ids, metrics; a group's loading and sentences in [`groups`], a game's state as JSON in
//! [`game_json`] and [`json`], every game's creation in [`game_creation`], the paper
//! import's preview in [`paper_import`]).
//!
//! The pages never use the API's modules, nor the API the pages': what both need is one of
//! the shared pieces, which use neither. No two files of the layer import each other, not
//! even round a circle (the layout test holds the whole source tree to it).
//!
//! Thin: handlers extract, parse, call `store::` (games: reads, writes, the cache), `db::` (for
//! what is not a game's state, e.g. its history) and `rules::`, and render. No SQL and no
//! scoring here. `store`, `db` and `rules` never use `web`. A page or API module exposes
//! `pub fn routes() -> Router<AppState>`, merged in `pages::routes` or `api::routes`, then in
//! `routes`; the middleware of [`app`] then applies to it.

pub mod api;
pub mod assets;
pub mod bidi;
pub mod cards;
pub mod charts;
pub mod compute;
pub mod cookies;
pub mod definitions;
pub mod device;
pub mod error;
pub mod extract;
pub mod game_creation;
pub mod game_json;
pub mod groups;
pub mod https;
pub mod i18n;
pub mod idempotency;
pub mod json;
pub mod kept;
pub mod links;
pub mod metrics;
pub mod numbers;
pub mod page;
pub mod pages;
pub mod paper_import;
pub mod rate_limit;
pub mod recent;
pub mod request_id;
pub mod rule_definition;
pub mod rule_options;
pub(crate) mod schema;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, Uri, header};
use axum::routing::get;
use axum::{Router, middleware};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::csrf::CsrfLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::db::Db;
use crate::store::{self, GameCache, LoadedGame};
use crate::text::Msg;
pub use error::{AppError, Result};
pub(crate) use extract::refusal_lang;
pub use extract::{Form, Json, last_field, refuse_unknown_fields, require_json_body};
pub use idempotency::{FormKeys, IdempotencyKey};
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

/// The security headers of every answer, as (name, value): the middleware of [`app`] sets
/// them, and the connection loop (`crate::serve`) puts them on the answers it writes itself.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

/// What every handler can reach.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database.
    pub db: Db,
    /// The per-client write rate limit ([`rate_limit`]).
    pub write_limit: WriteLimit,
    /// Games loaded since the last write ([`store::cache`]).
    pub games: GameCache,
    /// Groups loaded since the last write ([`store::group_cache`]): a group's numbers come
    /// from all its games.
    pub groups: crate::store::group_cache::GroupCache,
    /// Issues and checks the idempotency keys of the HTML forms ([`idempotency::FormKeys`]).
    pub form_keys: FormKeys,
    /// The referee's computations, queued per client ([`compute`]).
    pub compute: Arc<compute::ComputeQueue>,
    /// Served over HTTPS, with HSTS or not ([`https`]).
    pub transport: https::Transport,
    /// How the phones reach this server, for the connection page ([`Connection`]).
    pub connection: Connection,
}

/// What the connection page (`/connection`) says besides the request's own address: the
/// address `--lan` found for the phones, and the fingerprint of the certificate the server
/// made itself, read when the page is drawn (a renewal while running changes it).
#[derive(Clone, Default)]
pub struct Connection {
    /// `scheme://address:port/` the phones at the table open (`--lan` with a network
    /// address).
    pub lan_url: Option<String>,
    /// The SHA-256 fingerprint of the certificate served now, when the server made it.
    pub own_fingerprint: Option<Arc<dyn Fn() -> String + Send + Sync>>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("lan_url", &self.lan_url)
            .field(
                "own_fingerprint",
                &self.own_fingerprint.as_ref().map(|read| read()),
            )
            .finish()
    }
}

impl AppState {
    /// The state for a database, with the default write rate limit.
    pub fn new(db: Db) -> Self {
        Self {
            form_keys: FormKeys::new(db.form_secret()),
            db,
            write_limit: WriteLimit::default(),
            games: GameCache::default(),
            groups: crate::store::group_cache::GroupCache::default(),
            compute: Arc::default(),
            transport: https::Transport::default(),
            connection: Connection::default(),
        }
    }

    /// The same state telling the connection page how the phones reach this server.
    #[must_use]
    pub fn with_connection(self, connection: Connection) -> Self {
        Self { connection, ..self }
    }

    /// The same state served over HTTPS: cookies get `Secure`; `hsts` adds
    /// `Strict-Transport-Security` to every answer.
    #[must_use]
    pub fn with_https(self, hsts: bool) -> Self {
        Self {
            transport: https::Transport { https: true, hsts },
            ..self
        }
    }

    /// The same state with caches that keep at most `budget` ([`store::budget`]).
    #[must_use]
    pub fn with_cache_budget(self, budget: store::budget::CacheBudget) -> Self {
        Self {
            games: GameCache::with_budget(budget.games()),
            groups: crate::store::group_cache::GroupCache::with_budget(budget.groups()),
            ..self
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

    /// A game by its edit id, or the answer for an id that is none: see [`Self::missing`].
    pub async fn load_edit(&self, id: &str) -> Result<Arc<LoadedGame>> {
        match store::load(&self.db, &self.games, id).await? {
            Some(game) => Ok(game),
            None => Err(self.missing(id).await),
        }
    }

    /// A game by its read-only token, if it is one.
    pub async fn load_view(&self, token: &str) -> Result<Option<Arc<LoadedGame>>> {
        Ok(store::load_view(&self.db, &self.games, token).await?)
    }

    /// The answer for an id that is not a game's edit id: 403 if it is a game's read-only
    /// token (that link can never change or reveal the edit link), else 404.
    pub async fn missing(&self, id: &str) -> AppError {
        match store::is_view_token(&self.db, id).await {
            Ok(true) => AppError::Forbidden,
            Ok(false) => AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGame),
            Err(e) => e.into(),
        }
    }
}

/// The whole application: routes plus middleware. Tests call this and send requests with
/// `tower::ServiceExt::oneshot`. The write rate limit keys clients by the connection's peer
/// address: serve with `into_make_service_with_connect_info::<SocketAddr>()`.
pub fn app(state: AppState) -> Router {
    let limiter = Arc::new(WriteLimiter::signing_with(
        state.write_limit,
        state.db.form_secret(),
    ));
    // Pages issue form keys through their `PageCtx`, which finds them here.
    let form_keys = axum::Extension(state.form_keys.clone());
    let transport = state.transport;
    // Inside the middleware of `with_middleware`: a 429 gets the security headers and a
    // rendered sentence; the body limit and the CSRF check come first.
    let routes = routes()
        .with_state(state)
        .layer(middleware::from_fn_with_state(
            limiter,
            rate_limit::limit_writes,
        ))
        .layer(form_keys);
    let app = with_middleware(routes);
    if transport.https {
        app.layer(middleware::from_fn_with_state(
            transport,
            https::secure_answers,
        ))
    } else {
        app
    }
}

/// Every route of the app. Add a module's routes here with `.merge(module::routes())`.
fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        // Readiness: can the server save? Beside `/healthz`, which is liveness.
        .route("/readyz", get(readyz))
        .merge(i18n::routes())
        .merge(pages::routes())
        .merge(api::routes())
        .merge(assets::routes())
        .fallback(not_found)
}

/// The middleware stack, outermost first. Applied after all routes and the fallback exist,
/// so it covers them all.
pub(crate) fn with_middleware(router: Router) -> Router {
    router.layer(
        ServiceBuilder::new()
            // Every request gets an id (the client's own if it is sane), returned in the
            // answer and in every log line of the request.
            .layer(middleware::from_fn(request_id::drop_insane))
            .layer(SetRequestIdLayer::new(
                request_id::HEADER,
                request_id::NewId,
            ))
            .layer(PropagateRequestIdLayer::new(request_id::HEADER))
            // Counts requests by route pattern and status (for `/metrics`, if exported).
            .layer(middleware::from_fn(metrics::track))
            // Logs the request id, method and route pattern, never the path itself: paths
            // carry capability tokens.
            .layer(
                TraceLayer::new_for_http().make_span_with(|request: &Request| {
                    let route = request
                        .extensions()
                        .get::<MatchedPath>()
                        .map_or("(no route)", MatchedPath::as_str);
                    tracing::info_span!(
                        "request",
                        request_id = %request_id::of(request),
                        method = %request.method(),
                        route
                    )
                }),
            )
            // Pages and JSON answers are compressed (brotli or gzip, as the client accepts);
            // answers under 32 bytes and answers already encoded (the precompressed static
            // files of `assets`) pass as they are.
            .layer(CompressionLayer::new())
            .layer(security_header(
                header::CONTENT_SECURITY_POLICY,
                CONTENT_SECURITY_POLICY,
            ))
            .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .layer(security_header(header::REFERRER_POLICY, "no-referrer"))
            .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
            .layer(middleware::from_fn(error::render_errors))
            // No answer leaves before the writes it rests on are on disk (SQLite's group
            // commit): see `settle_writes`.
            .layer(middleware::from_fn(settle_writes))
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

/// Holds an answer until every batch of writes its request joined is committed
/// ([`crate::db::settled`]): on SQLite concurrent writes share one commit, and a replay, a
/// conflict or a refusal found inside a batch may rest on another write of it. If the batch
/// failed, an answer that says something was saved (a success, a redirect) becomes the
/// sentence that nothing was saved; an error answer (which saved nothing) stays.
async fn settle_writes(request: Request, next: middleware::Next) -> axum::response::Response {
    let (response, settled) = crate::db::settled(next.run(request)).await;
    match settled {
        Err(e) if response.status().is_success() || response.status().is_redirection() => {
            axum::response::IntoResponse::into_response(AppError::from(e))
        }
        _ => response,
    }
}

/// `GET /healthz`: 200 "ok" once the server is up and can read its database.
async fn healthz(State(state): State<AppState>) -> Result<&'static str> {
    state.db.ping().await?;
    Ok("ok")
}

/// `GET /readyz`: 200 "ready" while the server can save; 503 with a sentence while its
/// database refuses writes (a write failed as on a full disk, and none has succeeded since).
/// While it refuses, each call tries a small write itself ([`Db::probe_write`]), so that
/// readiness comes back without waiting for traffic once the cause is gone.
async fn readyz(State(state): State<AppState>) -> Result<&'static str> {
    state.db.ping().await?;
    if state.db.refusing_writes(READYZ_WAIT).await {
        if let Err(e) = state.db.probe_write().await {
            tracing::warn!(error = %e, "the database still refuses writes");
            return Err(AppError::Said(
                StatusCode::SERVICE_UNAVAILABLE,
                Msg::ErrNotReady,
            ));
        }
        tracing::info!("the database takes writes again");
    }
    Ok("ready")
}

/// How long `/readyz` waits for a write in progress before it answers.
const READYZ_WAIT: Duration = Duration::from_secs(2);

/// Any address without a route: 404 (an HTML page, or JSON under `/api/`).
async fn not_found(uri: Uri) -> AppError {
    if error::is_api_path(uri.path()) {
        AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoEndpoint)
    } else {
        AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoPage)
    }
}

#[cfg(test)]
mod cache_tests;
#[cfg(test)]
mod tests;
