//! The per-client write rate limit: a token bucket per client address, in memory.
//!
//! Every request that may change something (any method but GET, HEAD, OPTIONS and TRACE,
//! except the referee's computations in [`COMPUTATIONS`], which change nothing and are
//! bounded by [`super::compute`]) takes a token from its client's bucket; an empty bucket answers 429 with `Retry-After` and
//! a sentence (JSON under `/api/`, the HTML error page elsewhere, both by
//! [`super::error::render_errors`]). Reads are never limited. All phones at a table share one
//! NAT address, so the default ([`WriteLimit::default`]) is far above what a table does and
//! far below what a script does.
//!
//! The client is the peer address of the connection (`ConnectInfo<SocketAddr>`, see
//! `main.rs`), IPv6 addresses by their /64 network; `X-Forwarded-For` is not trusted. A
//! request without connection info (tests through `oneshot`) counts as one client. Buckets
//! that have filled up again are pruned whenever the table has doubled in size since the last
//! pruning, so memory stays proportional to the clients active in the last few seconds.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::AppError;
pub use crate::config::WriteLimit;

/// Buckets kept before the first pruning.
const PRUNE_FLOOR: usize = 1024;

/// The shared state of the limit: one bucket per client.
#[derive(Debug)]
pub struct WriteLimiter {
    limit: WriteLimit,
    inner: Mutex<Buckets>,
}

#[derive(Debug)]
struct Buckets {
    by_client: HashMap<IpAddr, Bucket>,
    prune_at: usize,
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

impl WriteLimiter {
    /// A limiter with no client seen yet.
    pub fn new(limit: WriteLimit) -> Self {
        Self {
            limit,
            inner: Mutex::new(Buckets {
                by_client: HashMap::new(),
                prune_at: PRUNE_FLOOR,
            }),
        }
    }

    /// Takes a token from `client`'s bucket at time `now`: `Ok` if there was one, else
    /// `Err(seconds)` until the next token (at least 1).
    pub fn take(&self, client: IpAddr, now: Instant) -> Result<(), u64> {
        let burst = f64::from(self.limit.burst);
        let rate = self.limit.per_second;
        // A poisoned lock only means another request panicked mid-update of plain numbers.
        let mut inner = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if inner.by_client.len() >= inner.prune_at {
            inner.by_client.retain(|_, bucket| {
                bucket.tokens + now.saturating_duration_since(bucket.updated).as_secs_f64() * rate
                    < burst
            });
            inner.prune_at = (inner.by_client.len() * 2).max(PRUNE_FLOOR);
        }
        let bucket = inner.by_client.entry(client).or_insert(Bucket {
            tokens: burst,
            updated: now,
        });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * rate).min(burst);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let wait = ((1.0 - bucket.tokens) / rate).ceil();
            // Saturating float-to-int conversion: a tiny rate waits "very long", not forever.
            Err((wait as u64).max(1))
        }
    }

    /// Buckets currently kept (for tests of the pruning).
    pub fn clients(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .by_client
            .len()
    }
}

/// The key of a client: its IPv4 address, or the /64 network of its IPv6 address (one
/// household or phone gets a whole /64).
pub fn client_key(addr: IpAddr) -> IpAddr {
    match addr.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
    }
}

/// The referee's computations: posted, but they change nothing, so they spend no write
/// budget (their CPU is bounded per client by [`super::compute`] instead).
pub const COMPUTATIONS: [&str; 6] = [
    "/api/v1/check",
    "/api/v1/fit",
    "/api/v1/solve",
    "/api/v1/score",
    "/api/v1/settle",
    "/check",
];

/// Does this request ask for a change? Any method but the reading ones, except the referee's
/// computations.
fn is_write(method: &Method, path: &str) -> bool {
    !matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    ) && !COMPUTATIONS.contains(&path)
}

/// Middleware: 429 for a write when the client's bucket is empty.
pub async fn limit_writes(
    State(limiter): State<Arc<WriteLimiter>>,
    request: Request,
    next: Next,
) -> Response {
    if is_write(request.method(), request.uri().path()) {
        let peer = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        if let Err(seconds) = limiter.take(client_key(peer), Instant::now()) {
            let mut response = AppError::TooManyRequests { seconds }.into_response();
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            return response;
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn limiter(burst: u32, per_second: f64) -> WriteLimiter {
        WriteLimiter::new(WriteLimit { burst, per_second })
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_full_bucket_allows_a_burst_then_refuses_with_the_wait_until_the_next_token() {
        let limiter = limiter(3, 0.5);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.take(ip("10.0.0.1"), t0), Ok(()));
        }
        assert_eq!(limiter.take(ip("10.0.0.1"), t0), Err(2));
        // After 2 s at 0.5 tokens per second one token is back, and only one.
        let t2 = t0 + Duration::from_secs(2);
        assert_eq!(limiter.take(ip("10.0.0.1"), t2), Ok(()));
        assert_eq!(limiter.take(ip("10.0.0.1"), t2), Err(2));
    }

    #[test]
    fn clients_have_separate_buckets() {
        let limiter = limiter(1, 0.001);
        let now = Instant::now();
        assert_eq!(limiter.take(ip("10.0.0.1"), now), Ok(()));
        assert!(limiter.take(ip("10.0.0.1"), now).is_err());
        assert_eq!(limiter.take(ip("10.0.0.2"), now), Ok(()));
    }

    #[test]
    fn a_bucket_never_holds_more_than_the_burst() {
        let limiter = limiter(2, 10.0);
        let t0 = Instant::now();
        assert_eq!(limiter.take(ip("10.0.0.1"), t0), Ok(()));
        let later = t0 + Duration::from_secs(3600);
        assert_eq!(limiter.take(ip("10.0.0.1"), later), Ok(()));
        assert_eq!(limiter.take(ip("10.0.0.1"), later), Ok(()));
        assert!(limiter.take(ip("10.0.0.1"), later).is_err());
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_bit_network_and_mapped_ipv4_as_ipv4() {
        assert_eq!(
            client_key(ip("2001:db8:1:2:aaaa::1")),
            client_key(ip("2001:db8:1:2:bbbb::2"))
        );
        assert_ne!(
            client_key(ip("2001:db8:1:2::1")),
            client_key(ip("2001:db8:1:3::1"))
        );
        assert_eq!(client_key(ip("::ffff:10.0.0.1")), ip("10.0.0.1"));
    }

    #[test]
    fn buckets_that_filled_up_again_are_pruned_as_the_table_grows() {
        let limiter = limiter(5, 1.0);
        let t0 = Instant::now();
        for i in 0..PRUNE_FLOOR as u32 {
            limiter
                .take(IpAddr::V4(Ipv4Addr::from(i)), t0)
                .expect("a new client has a full bucket");
        }
        assert_eq!(limiter.clients(), PRUNE_FLOOR);
        // A minute later every bucket is full again: the next new client prunes them all.
        let later = t0 + Duration::from_secs(60);
        limiter.take(ip("192.0.2.1"), later).unwrap();
        assert_eq!(limiter.clients(), 1);
    }

    #[test]
    fn reads_and_the_referees_computations_are_not_writes() {
        assert!(!is_write(&Method::GET, "/api/v1/games/x"));
        assert!(!is_write(&Method::HEAD, "/"));
        assert!(is_write(&Method::POST, "/api/v1/games"));
        assert!(is_write(&Method::DELETE, "/api/v1/games/x"));
        for path in COMPUTATIONS {
            assert!(!is_write(&Method::POST, path), "{path}");
        }
    }
}
