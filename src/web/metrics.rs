//! `/metrics` in the Prometheus text format, on a listener of its own (`--metrics-addr`, off
//! by default), never on the app's: counters of the store (`store::metric`), requests by
//! route pattern, method and status with their latency, and the solver's time.
//!
//! Labels are fixed words and route patterns (`/games/{id}`), never a path: a path holds a
//! game's capability token. A request no route matched is counted as route `unmatched`.
//!
//! Must not depend on `db` or `cli`.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// Counter by `route`, `method` and `status`: answered requests.
pub const REQUESTS: &str = "kontrakt_http_requests_total";
/// Histogram by `route`, in seconds: from the request to its answer's headers.
pub const REQUEST_SECONDS: &str = "kontrakt_http_request_duration_seconds";
/// Counter by `result` (`hit`, `miss`): kept pages (the game page, the group page, the
/// standings: `web::kept`) answered from a kept rendering, or rendered and kept.
pub const PAGE_CACHE_LOOKUPS: &str = "kontrakt_page_cache_lookups_total";
/// Histogram, in seconds: one search of the solver (`POST /api/v1/solve`).
pub const SOLVE_SECONDS: &str = "kontrakt_solve_seconds";

/// Histogram buckets, in seconds: from a cached read (well under a millisecond) to the 10 s
/// request limit.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Starts the metrics listener on `addr` if one is given: installs the recorder (the
/// counters of the whole process start counting then) and serves `GET /metrics` there in a
/// task of its own. Returns the address it listens on.
///
/// # Errors
///
/// A sentence if the address cannot be bound or a recorder is already installed.
pub async fn start(addr: Option<SocketAddr>) -> Result<Option<SocketAddr>, String> {
    let Some(addr) = addr else { return Ok(None) };
    let handle = PrometheusBuilder::new()
        .set_buckets(BUCKETS)
        .and_then(PrometheusBuilder::install_recorder)
        .map_err(|e| format!("cannot start the metrics: {e}"))?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen for metrics on {addr}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot listen for metrics on {addr}: {e}"))?;
    tracing::info!("metrics at http://{bound}/metrics");
    let upkeep = handle.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            upkeep.run_upkeep();
        }
    });
    let app = Router::new().route("/metrics", get(move || render(handle.clone())));
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::error!("the metrics listener stopped: {error}");
        }
    });
    Ok(Some(bound))
}

async fn render(handle: PrometheusHandle) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        handle.render(),
    )
        .into_response()
}

/// Middleware: counts each request by route pattern (or `unmatched`), method and status,
/// and records its latency.
pub async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |path| path.as_str().to_owned());
    let method = method_label(request.method());
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::histogram!(REQUEST_SECONDS, "route" => route.clone())
        .record(started.elapsed().as_secs_f64());
    metrics::counter!(REQUESTS, "route" => route, "method" => method, "status" => status)
        .increment(1);
    response
}

/// The method as a label: the standard ones by name, anything else `other` (a client may
/// send any token as a method).
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}
