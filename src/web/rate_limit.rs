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
//!
//! Within one address each device has a bucket of its own, so one phone (or a script)
//! flooding writes does not spend the others' budget: a browser is told apart by the cookie
//! [`DEVICE_COOKIE`], signed by the server ([`super::device`]), which the first write without
//! it sets (while the address's budget of new devices lasts); every request without a cookie
//! the server signed (a script, a first write, a forged cookie) shares one bucket of the
//! address. The address as a whole has a bucket [`ADDRESS_SHARE`] times a device's, which
//! every write takes from too: what all its devices together can spend, and no more.
//!
//! A write costs the work it does, not one token whatever it does (docs/decisions.md
//! 2026-11-27): a round or a new game costs one, an import of a sheet one per game. The
//! middleware takes the first token and hands the handler a [`WorkCharge`] for the rest,
//! which a handler that makes many games spends before it writes. A bucket at least half full
//! may start a big import and goes into debt for the rest, so the device (and the address)
//! writes nothing more until the debt is paid back at the rate: one address imports about
//! `--write-rate` × [`ADDRESS_SHARE`] games a second at most, not thousands.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::AppError;
use super::cookies::{Cookie, CookieJar};
use super::device::Devices;
pub use crate::config::WriteLimit;

/// Buckets kept before the first pruning.
const PRUNE_FLOOR: usize = 1024;

/// The cookie that tells the devices behind one address apart: a device id and the server's
/// signature of it ([`Devices`]).
pub const DEVICE_COOKIE: &str = "kontrakt_device";

/// How many devices' worth of writes one address may spend (burst and rate): one device
/// cannot spend more than its own share, and many together no more than this.
pub const ADDRESS_SHARE: u32 = 4;

/// How long a browser keeps its device cookie (a year, in seconds).
const DEVICE_COOKIE_AGE: u64 = 365 * 24 * 3600;

/// The shared state of the limit: one bucket per client.
#[derive(Debug)]
pub struct WriteLimiter {
    limit: WriteLimit,
    inner: Mutex<Buckets>,
    devices: Devices,
}

#[derive(Debug)]
struct Buckets {
    /// Each device's bucket, by address and device cookie (`None`: no cookie).
    by_client: HashMap<(IpAddr, Option<u128>), Bucket>,
    /// Each address's bucket ([`ADDRESS_SHARE`] devices' worth).
    by_address: HashMap<IpAddr, Bucket>,
    prune_at: usize,
}

impl Bucket {
    /// The bucket refilled at `rate` up to `burst` by `now`.
    fn refill(&mut self, burst: f64, rate: f64, now: Instant) {
        let elapsed = now.saturating_duration_since(self.updated).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate).min(burst);
        self.updated = now;
    }

    /// Whole seconds until the next token (at least 1).
    fn wait(&self, rate: f64) -> u64 {
        let wait = ((1.0 - self.tokens) / rate).ceil();
        // Saturating float-to-int conversion: a tiny rate waits "very long", not forever.
        (wait as u64).max(1)
    }
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

impl WriteLimiter {
    /// A limiter with no client seen yet, signing device cookies with a random secret.
    pub fn new(limit: WriteLimit) -> Self {
        Self::signing_with(limit, "")
    }

    /// A limiter with no client seen yet, signing device cookies with `secret` (the
    /// database's form secret, so a cookie outlives a restart).
    pub fn signing_with(limit: WriteLimit, secret: &str) -> Self {
        Self {
            limit,
            devices: Devices::new(secret),
            inner: Mutex::new(Buckets {
                by_client: HashMap::new(),
                by_address: HashMap::new(),
                prune_at: PRUNE_FLOOR,
            }),
        }
    }

    /// Takes a token from `client`'s bucket at time `now` for a request without a device
    /// cookie: see [`WriteLimiter::take_for`].
    pub fn take(&self, client: IpAddr, now: Instant) -> Result<(), u64> {
        self.take_for(client, None, now)
    }

    /// Takes a token from the bucket of `device` at `client` and one from the address's
    /// bucket at time `now`: `Ok` if both had one, else `Err(seconds)` until the next token
    /// (at least 1), and neither is taken.
    pub fn take_for(&self, client: IpAddr, device: Option<u128>, now: Instant) -> Result<(), u64> {
        let burst = f64::from(self.limit.burst);
        let rate = self.limit.per_second;
        let share = f64::from(ADDRESS_SHARE);
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
            inner.by_address.retain(|_, bucket| {
                bucket.tokens + now.saturating_duration_since(bucket.updated).as_secs_f64() * rate
                    < burst * share
            });
            inner.prune_at = (inner.by_client.len() * 2).max(PRUNE_FLOOR);
        }
        let mut device_bucket = *inner.by_client.entry((client, device)).or_insert(Bucket {
            tokens: burst,
            updated: now,
        });
        let mut address_bucket = *inner.by_address.entry(client).or_insert(Bucket {
            tokens: burst * share,
            updated: now,
        });
        device_bucket.refill(burst, rate, now);
        address_bucket.refill(burst * share, rate * share, now);
        let answer = if device_bucket.tokens < 1.0 {
            Err(device_bucket.wait(rate))
        } else if address_bucket.tokens < 1.0 {
            Err(address_bucket.wait(rate * share))
        } else {
            device_bucket.tokens -= 1.0;
            address_bucket.tokens -= 1.0;
            Ok(())
        };
        inner.by_client.insert((client, device), device_bucket);
        inner.by_address.insert(client, address_bucket);
        answer
    }

    /// Takes `work` more tokens from the buckets of `device` at `client` and of the address
    /// (a write's work beyond the token the middleware took). Allowed when each bucket holds
    /// at least `work` or is at least half full; the bucket may then go below zero (a debt
    /// paid back at the rate before the next write). Else `Err(seconds)` until it would be
    /// allowed, and nothing is taken.
    pub fn spend_work(
        &self,
        client: IpAddr,
        device: Option<u128>,
        work: u32,
        now: Instant,
    ) -> Result<(), u64> {
        if work == 0 {
            return Ok(());
        }
        let work = f64::from(work);
        let burst = f64::from(self.limit.burst);
        let rate = self.limit.per_second;
        let share = f64::from(ADDRESS_SHARE);
        let mut inner = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut device_bucket = *inner.by_client.entry((client, device)).or_insert(Bucket {
            tokens: burst,
            updated: now,
        });
        let mut address_bucket = *inner.by_address.entry(client).or_insert(Bucket {
            tokens: burst * share,
            updated: now,
        });
        device_bucket.refill(burst, rate, now);
        address_bucket.refill(burst * share, rate * share, now);
        let short = |bucket: &Bucket, burst: f64, rate: f64| {
            let need = work.min(burst / 2.0);
            (bucket.tokens < need).then(|| {
                // Saturating float-to-int conversion, as in `Bucket::wait`.
                (((need - bucket.tokens) / rate).ceil() as u64).max(1)
            })
        };
        let answer = match (
            short(&device_bucket, burst, rate),
            short(&address_bucket, burst * share, rate * share),
        ) {
            (None, None) => {
                device_bucket.tokens -= work;
                address_bucket.tokens -= work;
                Ok(())
            }
            (a, b) => Err(a.unwrap_or(0).max(b.unwrap_or(0))),
        };
        inner.by_client.insert((client, device), device_bucket);
        inner.by_address.insert(client, address_bucket);
        answer
    }

    /// Gives back `work` tokens [`WriteLimiter::spend_work`] took for work that was not done
    /// (a repeated request answered from what the first one stored).
    pub fn refund_work(&self, client: IpAddr, device: Option<u128>, work: u32) {
        let work = f64::from(work);
        let burst = f64::from(self.limit.burst);
        let share = f64::from(ADDRESS_SHARE);
        let mut inner = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(bucket) = inner.by_client.get_mut(&(client, device)) {
            bucket.tokens = (bucket.tokens + work).min(burst);
        }
        if let Some(bucket) = inner.by_address.get_mut(&client) {
            bucket.tokens = (bucket.tokens + work).min(burst * share);
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

/// What a write may still charge for its work beyond its first token (in the request's
/// extensions: the middleware puts it there for every write).
#[derive(Clone, Debug)]
pub struct WorkCharge {
    limiter: Arc<WriteLimiter>,
    client: IpAddr,
    device: Option<u128>,
}

impl WorkCharge {
    /// Spends the work of making `units` games or rounds (the first is already paid):
    /// `Err(seconds)` until it may (see [`WriteLimiter::spend_work`]).
    pub fn spend(&self, units: usize) -> Result<(), u64> {
        let extra = u32::try_from(units.saturating_sub(1)).unwrap_or(u32::MAX);
        self.limiter
            .spend_work(self.client, self.device, extra, Instant::now())
    }

    /// Gives back what [`WorkCharge::spend`] took for `units` when the work was not done.
    pub fn refund(&self, units: usize) {
        let extra = u32::try_from(units.saturating_sub(1)).unwrap_or(u32::MAX);
        self.limiter.refund_work(self.client, self.device, extra);
    }
}

/// Middleware: 429 for a write when the client's bucket is empty.
pub async fn limit_writes(
    State(limiter): State<Arc<WriteLimiter>>,
    mut request: Request,
    next: Next,
) -> Response {
    if is_write(request.method(), request.uri().path()) {
        let peer = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        let device = CookieJar::from_headers(request.headers())
            .get(DEVICE_COOKIE)
            .and_then(|value| limiter.devices.read(value));
        let (client, now) = (client_key(peer), Instant::now());
        if let Err(seconds) = limiter.take_for(client, device, now) {
            let mut response = AppError::TooManyRequests { seconds }.into_response();
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            return response;
        }
        request.extensions_mut().insert(WorkCharge {
            limiter: Arc::clone(&limiter),
            client: client_key(peer),
            device,
        });
        let mut response = next.run(request).await;
        if device.is_none()
            && let Some(id) = limiter.devices.issue(client, now)
        {
            // This browser's writes get a bucket of their own from now on.
            let cookie = Cookie::new(DEVICE_COOKIE, id).max_age(DEVICE_COOKIE_AGE);
            if let Ok(value) = HeaderValue::from_str(&cookie.header_value()) {
                response.headers_mut().append(header::SET_COOKIE, value);
            }
        }
        return response;
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
    fn a_device_flooding_writes_leaves_the_other_devices_at_its_address_their_budget() {
        let limiter = limiter(2, 0.001);
        let now = Instant::now();
        let (flood, phone) = (Some(1), Some(2));
        assert_eq!(limiter.take_for(ip("10.0.0.1"), flood, now), Ok(()));
        assert_eq!(limiter.take_for(ip("10.0.0.1"), flood, now), Ok(()));
        assert!(limiter.take_for(ip("10.0.0.1"), flood, now).is_err());
        assert_eq!(limiter.take_for(ip("10.0.0.1"), phone, now), Ok(()));
        assert_eq!(limiter.take_for(ip("10.0.0.1"), None, now), Ok(()));
    }

    #[test]
    fn an_address_spends_at_most_its_share_of_devices_however_many_cookies_it_sends() {
        let limiter = limiter(2, 0.001);
        let now = Instant::now();
        let mut taken = 0;
        for device in 0..100 {
            while limiter.take_for(ip("10.0.0.1"), Some(device), now).is_ok() {
                taken += 1;
            }
        }
        assert_eq!(taken, 2 * ADDRESS_SHARE);
        // Another address is not touched.
        assert_eq!(limiter.take_for(ip("10.0.0.2"), Some(1), now), Ok(()));
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

    #[test]
    fn a_big_write_may_start_from_a_half_full_bucket_and_leaves_a_debt_paid_at_the_rate() {
        let limiter = limiter(30, 3.0);
        let (client, t0) = (ip("10.0.0.9"), Instant::now());
        assert_eq!(limiter.take(client, t0), Ok(()));
        // An import of 200 games: 199 more, from a bucket of 29.
        assert_eq!(limiter.spend_work(client, None, 199, t0), Ok(()));
        // 170 tokens short of one: the next write waits 57 s, and is allowed then.
        assert_eq!(limiter.take(client, t0), Err(57));
        let later = t0 + Duration::from_secs(57);
        assert_eq!(limiter.take(client, later), Ok(()));
    }

    #[test]
    fn a_big_write_from_a_bucket_under_half_is_refused_with_the_wait_and_takes_nothing() {
        let limiter = limiter(30, 3.0);
        let (client, t0) = (ip("10.0.0.10"), Instant::now());
        for _ in 0..20 {
            assert_eq!(limiter.take(client, t0), Ok(()));
        }
        // 10 left: work of 40 needs a half-full bucket (15), 5 tokens away: 2 s.
        assert_eq!(limiter.spend_work(client, None, 40, t0), Err(2));
        // Small work fits what is there.
        assert_eq!(limiter.spend_work(client, None, 9, t0), Ok(()));
        assert_eq!(limiter.take(client, t0), Ok(()));
        assert!(limiter.take(client, t0).is_err());
        // Work refunded comes back, up to the burst.
        limiter.refund_work(client, None, 9);
        assert_eq!(limiter.take(client, t0), Ok(()));
    }

    #[test]
    fn the_address_pays_for_the_work_of_every_device() {
        let limiter = limiter(30, 3.0);
        let (client, t0) = (ip("10.0.0.11"), Instant::now());
        // Five devices each start an import of 100 games: the address (4 devices' worth,
        // 120 at once) is under half full after the first, so the others wait.
        let mut allowed = 0;
        for device in 1..=5u128 {
            if limiter.take_for(client, Some(device), t0).is_ok()
                && limiter.spend_work(client, Some(device), 99, t0).is_ok()
            {
                allowed += 1;
            }
        }
        assert_eq!(allowed, 1);
    }
}
