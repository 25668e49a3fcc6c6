//! What the connection loop knows about each open connection, and the caps on how many may
//! be open: [`ConnState`] (is a request being answered, when did bytes last move, when did
//! the current request's headers start) decides when a connection has timed out, and when
//! its watchdog must look again ([`ConnState::verdict`]: early enough that nothing has to
//! wake it when a request starts or ends, so a request costs no extra task wake-up);
//! [`Registry`] admits a new connection or refuses it (per client address and in all) and,
//! when a client address or the total is at its cap, closes the connection (of that address,
//! or of any) that has waited longest without a request being answered: all phones at a
//! table share one address, and one device holding many idle or half-sent connections must
//! not keep another phone out.
//!
//! Depends on std and tokio only; never on `web`, `store` or `db`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use crate::config::Connections;

/// How long a connection with a request being answered may move no byte beyond the idle
/// timeout before it is closed (a client that stopped reading its answer). Longer than the
/// app's own request timeout (10 s), so a slow handler is answered, not cut off.
pub const STALL_GRACE: Duration = Duration::from_secs(15);

/// How many connections over the total cap may still be closing after being asked to give
/// way (they close within a moment; the open-file budget keeps room for them).
pub const EVICTION_SLACK: usize = 16;

/// Milliseconds on a monotonic clock, never 0 (0 means "not set" in [`ConnState`]).
pub fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX) + 1
}

/// Why a connection was closed by the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Its request's headers (or its TLS handshake) took longer than the header timeout.
    HeaderTimeout,
    /// No byte moved between requests for the idle timeout.
    IdleTimeout,
    /// A request was being answered but no byte moved for the idle timeout plus
    /// [`STALL_GRACE`].
    Stalled,
    /// The total cap was reached and this connection had waited longest.
    Evicted,
}

/// What the watchdog should do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep the connection; look again at this time (milliseconds of [`now_ms`]): its
    /// deadline, or sooner ([`ConnState::verdict`]).
    Open { until: u64 },
    /// Close it.
    Close(Reason),
}

/// The state of one connection, shared by its reader, its service and its watchdog.
#[derive(Debug)]
pub struct ConnState {
    /// Requests being answered: from the service call until the answer's body is dropped.
    in_flight: AtomicUsize,
    /// When the headers of the next request started (first byte read while no request was
    /// being answered; the accept time for a new connection); 0 when none is started.
    head_since: AtomicU64,
    /// When a byte was last read or written, or an answer finished.
    last_io: AtomicU64,
    /// Asked to give way to a new connection.
    evicted: AtomicBool,
    evict: Notify,
}

impl ConnState {
    /// A connection accepted at `now`: waiting for its first request's headers.
    pub fn new(now: u64) -> Self {
        Self {
            in_flight: AtomicUsize::new(0),
            head_since: AtomicU64::new(now),
            last_io: AtomicU64::new(now),
            evicted: AtomicBool::new(false),
            evict: Notify::new(),
        }
    }

    /// Bytes were read at `now`: outside a request, they start the next one's headers. Nobody
    /// is woken: the watchdog looks again in time by itself ([`ConnState::verdict`]).
    pub fn on_read(&self, now: u64) {
        self.last_io.store(now, Ordering::Relaxed);
        if self.in_flight.load(Ordering::Acquire) == 0 {
            // Already started (the headers arrive in several reads): it stays as it was.
            let _ = self
                .head_since
                .compare_exchange(0, now, Ordering::AcqRel, Ordering::Relaxed);
        }
    }

    /// Bytes were written at `now`.
    pub fn on_write(&self, now: u64) {
        self.last_io.store(now, Ordering::Relaxed);
    }

    /// A request's headers were read and it goes to the app; the guard ends it.
    pub fn begin_request(self: &Arc<Self>) -> RequestGuard {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        self.head_since.store(0, Ordering::Release);
        RequestGuard(Arc::clone(self))
    }

    /// Requests being answered.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Acquire)
    }

    /// Since when the connection has waited without a request being answered.
    fn waiting_since(&self) -> u64 {
        match self.head_since.load(Ordering::Acquire) {
            0 => self.last_io.load(Ordering::Relaxed),
            since => since,
        }
    }

    /// Whether the connection has timed out at `now`, and if not, when to look again: at the
    /// running deadline, or sooner, at `now` plus the shorter of the header and idle timeouts.
    ///
    /// That is the soonest any deadline not yet running could fall: the next request's
    /// headers may start at any moment (their deadline is then at least `now` plus the header
    /// timeout), and an answer may end at any moment (the idle deadline is then at least `now`
    /// plus the idle timeout). So the watchdog is never late though nobody wakes it when a
    /// request starts or ends: those wake-ups, two per request, were a task switch each
    /// (BENCHMARKS.md, "the connection loop's wake-ups"). An idle connection is looked at every 10 s by default.
    pub fn verdict(&self, now: u64, timeouts: &Connections) -> Verdict {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let horizon = now.saturating_add(ms(timeouts.header_timeout.min(timeouts.idle_timeout)));
        let last_io = self.last_io.load(Ordering::Relaxed);
        let (deadline, reason) = if self.in_flight() > 0 {
            (
                last_io.saturating_add(ms(timeouts.idle_timeout + STALL_GRACE)),
                Reason::Stalled,
            )
        } else {
            match self.head_since.load(Ordering::Acquire) {
                0 => (
                    last_io.saturating_add(ms(timeouts.idle_timeout)),
                    Reason::IdleTimeout,
                ),
                since => (
                    since.saturating_add(ms(timeouts.header_timeout)),
                    Reason::HeaderTimeout,
                ),
            }
        };
        if now >= deadline {
            Verdict::Close(reason)
        } else {
            Verdict::Open {
                until: deadline.min(horizon),
            }
        }
    }

    /// Resolves once the connection is asked to give way ([`Registry::admit`]).
    pub async fn evicted(&self) {
        if !self.evicted.load(Ordering::Acquire) {
            self.evict.notified().await;
        }
    }

    fn evict(&self) {
        self.evicted.store(true, Ordering::Release);
        self.evict.notify_one();
    }
}

/// Ends a request ([`ConnState::begin_request`]) when dropped: with the answer's body.
#[derive(Debug)]
pub struct RequestGuard(Arc<ConnState>);

impl Drop for RequestGuard {
    fn drop(&mut self) {
        // The idle time counts from the end of the answer. Nobody is woken: the watchdog
        // looks again in time by itself ([`ConnState::verdict`]).
        self.0.last_io.store(now_ms(), Ordering::Relaxed);
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The open connections, counted per client address and in all.
#[derive(Debug)]
pub struct Registry {
    inner: Mutex<Inner>,
    max_total: usize,
    max_per_client: usize,
}

#[derive(Debug, Default)]
struct Inner {
    next_id: u64,
    open: HashMap<u64, (IpAddr, Arc<ConnState>)>,
    per_client: HashMap<IpAddr, usize>,
}

/// The answer to a new connection.
#[derive(Debug)]
pub enum Admission {
    /// Serve it; the slot frees its place when dropped.
    Open(Slot),
    /// Its client address has the most connections it may hold, and each of them has a
    /// request being answered (or is already closing).
    ClientFull,
    /// The total is reached and every open connection has a request being answered.
    Full,
}

impl Registry {
    /// At most `max_total` connections, `max_per_client` of them from one client key.
    pub fn new(max_total: usize, max_per_client: usize) -> Self {
        Self {
            inner: Mutex::new(Inner::default()),
            max_total: max_total.max(1),
            max_per_client: max_per_client.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // The map stays consistent whatever panicked while holding it: every change is one
        // insert or remove.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Admits a connection from `client` (a key such as `web::rate_limit::client_key`
    /// makes) accepted at `now`. At the client's cap, its own connection that has waited
    /// longest without a request being answered is asked to close; at the total cap, the
    /// one of any client. The new one is admitted unless every candidate is answering a
    /// request: a request is never cut off.
    pub fn admit(self: &Arc<Self>, client: IpAddr, now: u64) -> Admission {
        let mut inner = self.lock();
        let held = inner.per_client.get(&client).copied().unwrap_or(0);
        let mut made_room = false;
        if held >= self.max_per_client {
            if held >= self.max_per_client + EVICTION_SLACK {
                return Admission::ClientFull;
            }
            // Ties (the same millisecond) go to the connection accepted first.
            let victim = inner
                .open
                .iter()
                .filter(|(_, (of, state))| {
                    *of == client
                        && !state.evicted.load(Ordering::Acquire)
                        && state.in_flight() == 0
                })
                .min_by_key(|(id, (_, state))| (state.waiting_since(), **id))
                .map(|(_, (_, state))| state);
            match victim {
                Some(state) => state.evict(),
                None => return Admission::ClientFull,
            }
            made_room = true;
        }
        if inner.open.len() >= self.max_total && !made_room {
            if inner.open.len() >= self.max_total + EVICTION_SLACK {
                return Admission::Full;
            }
            let victim = inner
                .open
                .iter()
                .filter(|(_, (_, state))| {
                    !state.evicted.load(Ordering::Acquire) && state.in_flight() == 0
                })
                .min_by_key(|(id, (_, state))| (state.waiting_since(), **id))
                .map(|(_, (_, state))| state);
            match victim {
                Some(state) => state.evict(),
                None => return Admission::Full,
            }
        }
        inner.next_id += 1;
        let id = inner.next_id;
        let state = Arc::new(ConnState::new(now));
        inner.open.insert(id, (client, Arc::clone(&state)));
        *inner.per_client.entry(client).or_default() += 1;
        Admission::Open(Slot {
            registry: Arc::clone(self),
            id,
            state,
        })
    }

    /// Connections open now (including those asked to give way that have not closed yet).
    pub fn open(&self) -> usize {
        self.lock().open.len()
    }
}

/// An admitted connection's place; dropping it frees the place.
#[derive(Debug)]
pub struct Slot {
    registry: Arc<Registry>,
    id: u64,
    /// The connection's state.
    pub state: Arc<ConnState>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut inner = self.registry.lock();
        if let Some((client, _)) = inner.open.remove(&self.id)
            && let Some(count) = inner.per_client.get_mut(&client)
        {
            *count -= 1;
            if *count == 0 {
                inner.per_client.remove(&client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timeouts() -> Connections {
        Connections {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: None,
            max_connections_per_client: 128,
        }
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([192, 168, 1, last])
    }

    #[test]
    fn a_new_connection_has_the_header_timeout_to_send_its_first_request() {
        let state = ConnState::new(1_000);
        let t = timeouts();
        assert_eq!(state.verdict(5_000, &t), Verdict::Open { until: 11_000 });
        // Bytes trickling in do not extend it.
        state.on_read(10_000);
        assert_eq!(
            state.verdict(11_000, &t),
            Verdict::Close(Reason::HeaderTimeout)
        );
    }

    #[test]
    fn between_requests_the_idle_timeout_counts_from_the_end_of_the_answer() {
        let state = Arc::new(ConnState::new(now_ms()));
        let guard = state.begin_request();
        let t = timeouts();
        let start = now_ms();
        // A request being answered is not timed out by the header or idle timeout.
        assert!(matches!(
            state.verdict(start + 61_000, &t),
            Verdict::Open { .. }
        ));
        assert_eq!(
            state.verdict(start + 76_000, &t),
            Verdict::Close(Reason::Stalled),
            "an answer nobody reads for the idle timeout plus the grace"
        );
        drop(guard);
        let end = state.last_io.load(Ordering::Relaxed);
        assert_eq!(
            state.verdict(end + 30_000, &t),
            Verdict::Open {
                until: end + 40_000
            },
            "looked at again within the header timeout: the next request may start meanwhile"
        );
        assert_eq!(
            state.verdict(end + 55_000, &t),
            Verdict::Open {
                until: end + 60_000
            }
        );
        assert_eq!(
            state.verdict(end + 60_000, &t),
            Verdict::Close(Reason::IdleTimeout)
        );
        // The next request's first byte starts its header timeout.
        state.on_read(end + 1_000);
        assert_eq!(
            state.verdict(end + 11_000, &t),
            Verdict::Close(Reason::HeaderTimeout)
        );
    }

    #[test]
    fn one_client_address_busy_at_its_cap_is_refused_and_a_freed_place_is_reusable() {
        let registry = Arc::new(Registry::new(100, 2));
        let Admission::Open(first) = registry.admit(ip(1), 1) else {
            panic!("admitted");
        };
        let Admission::Open(second) = registry.admit(ip(1), 1) else {
            panic!("admitted");
        };
        let (_a, _b) = (first.state.begin_request(), second.state.begin_request());
        assert!(matches!(registry.admit(ip(1), 1), Admission::ClientFull));
        assert!(matches!(registry.admit(ip(2), 1), Admission::Open(_)));
        drop(first);
        assert!(matches!(registry.admit(ip(1), 1), Admission::Open(_)));
    }

    #[test]
    fn in_the_same_millisecond_the_connection_accepted_first_gives_way() {
        let registry = Arc::new(Registry::new(100, 2));
        let Admission::Open(first) = registry.admit(ip(1), 10) else {
            panic!("admitted");
        };
        let Admission::Open(second) = registry.admit(ip(1), 10) else {
            panic!("admitted");
        };
        let Admission::Open(_third) = registry.admit(ip(1), 10) else {
            panic!("admitted");
        };
        assert!(first.state.evicted.load(Ordering::Acquire));
        assert!(!second.state.evicted.load(Ordering::Acquire));
    }

    #[test]
    fn at_a_clients_cap_its_own_connection_waiting_longest_gives_way_to_a_new_phone() {
        let registry = Arc::new(Registry::new(100, 3));
        let Admission::Open(busy) = registry.admit(ip(1), 10) else {
            panic!("admitted");
        };
        let _request = busy.state.begin_request();
        let Admission::Open(old) = registry.admit(ip(1), 20) else {
            panic!("admitted");
        };
        let Admission::Open(young) = registry.admit(ip(1), 30) else {
            panic!("admitted");
        };
        let Admission::Open(other) = registry.admit(ip(2), 5) else {
            panic!("admitted");
        };
        let Admission::Open(_phone) = registry.admit(ip(1), 40) else {
            panic!("a new phone at the address is admitted, not refused");
        };
        assert!(
            old.state.evicted.load(Ordering::Acquire),
            "the oldest idle one goes"
        );
        assert!(!young.state.evicted.load(Ordering::Acquire));
        assert!(
            !busy.state.evicted.load(Ordering::Acquire),
            "never a request"
        );
        assert!(
            !other.state.evicted.load(Ordering::Acquire),
            "another address keeps its connections, though it waited longer"
        );
        // Connections asked to give way but not yet closed count: past the slack, and with
        // every other one busy, the address is refused.
        let _young_request = young.state.begin_request();
        let mut admitted = Vec::new();
        loop {
            match registry.admit(ip(1), 50) {
                Admission::Open(slot) => {
                    let guard = slot.state.begin_request();
                    admitted.push((slot, guard));
                }
                Admission::ClientFull => break,
                Admission::Full => panic!("the total is far"),
            }
            assert!(admitted.len() <= EVICTION_SLACK + 3, "bounded");
        }
    }

    #[test]
    fn at_the_total_cap_the_connection_waiting_longest_without_a_request_gives_way() {
        let registry = Arc::new(Registry::new(3, 10));
        let Admission::Open(busy) = registry.admit(ip(1), 10) else {
            panic!("admitted");
        };
        let _request = busy.state.begin_request();
        let Admission::Open(old) = registry.admit(ip(2), 20) else {
            panic!("admitted");
        };
        let Admission::Open(young) = registry.admit(ip(3), 30) else {
            panic!("admitted");
        };
        let Admission::Open(_new) = registry.admit(ip(4), 40) else {
            panic!("a new connection is admitted at the cap");
        };
        assert!(
            old.state.evicted.load(Ordering::Acquire),
            "the oldest idle one goes"
        );
        assert!(!young.state.evicted.load(Ordering::Acquire));
        assert!(
            !busy.state.evicted.load(Ordering::Acquire),
            "a request being answered is never cut off"
        );
        drop(old);
        assert_eq!(registry.open(), 3);
    }

    #[test]
    fn when_every_connection_is_answering_a_request_a_new_one_is_refused() {
        let registry = Arc::new(Registry::new(1, 10));
        let Admission::Open(busy) = registry.admit(ip(1), 10) else {
            panic!("admitted");
        };
        let _request = busy.state.begin_request();
        assert!(matches!(registry.admit(ip(2), 20), Admission::Full));
    }
}
