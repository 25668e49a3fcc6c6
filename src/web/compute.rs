//! The referee's computations (check, solve, score, settle, the checker page) off the async
//! threads, fairly: each client address has a bounded queue, so one client asking for hard
//! hands cannot starve the others.
//!
//! These endpoints change nothing, so they do not spend the per-client write budget
//! ([`super::rate_limit`]); the CPU is what they cost. A client (its address, IPv6 by /64, as
//! [`super::rate_limit::client_key`] keys it) may have [`RUNNING_PER_CLIENT`] computations
//! running and [`WAITING_PER_CLIENT`] more waiting; beyond that it gets 429 with a sentence
//! and `Retry-After: 1` at once. A running computation also holds one of the server's engine slots (one per core)
//! on the blocking pool, so all clients together never take more than every core.
//!
//! Work whose request is gone is cancelled: each computation gets a [`Cancel`], raised when
//! its request's future is dropped (the client went away, or the request timeout fired) and
//! bounded by a deadline of [`super::REQUEST_TIMEOUT`]; the solver looks at it while it
//! searches ([`crate::rules::solver::Stop`]) and gives up. Work still waiting for a slot
//! when its request is dropped never starts.
//!
//! Depends on `web`'s error and rate-limit client key only; never on a handler.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use tokio::sync::Semaphore;

use super::AppError;
use super::rate_limit::client_key;
use crate::rules::solver::Stop;
use crate::text::Msg;
use crate::web::Result;

/// Counter: admitted computations whose request was dropped (abandoned or timed out) before
/// they ended: waiting ones never start, running ones are told to stop.
pub const CANCELLED: &str = "kontrakt_computations_cancelled_total";

/// The stop signal of one computation: raised when its request is dropped, and a deadline.
#[derive(Debug, Clone)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    deadline: Instant,
}

impl Cancel {
    /// A signal that is raised only by its deadline, [`super::REQUEST_TIMEOUT`] from now.
    pub fn new() -> Cancel {
        Cancel {
            flag: Arc::new(AtomicBool::new(false)),
            deadline: Instant::now() + super::REQUEST_TIMEOUT,
        }
    }

    /// The solver's view of it.
    pub fn stop(&self) -> Stop<'_> {
        Stop {
            flag: Some(&self.flag),
            deadline: Some(self.deadline),
        }
    }

    /// Has the request gone (or its time run out)?
    pub fn stopped(&self) -> bool {
        self.stop().stopped()
    }
}

impl Default for Cancel {
    fn default() -> Self {
        Cancel::new()
    }
}

/// Raises the flag when the request's future is dropped before the work ended.
struct RaiseOnDrop {
    flag: Arc<AtomicBool>,
    done: bool,
}

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        if !self.done {
            self.flag.store(true, Ordering::Relaxed);
            metrics::counter!(CANCELLED).increment(1);
        }
    }
}

/// Computations one client may have running at once.
pub const RUNNING_PER_CLIENT: usize = 2;
/// Computations one client may have waiting for a running one to end.
pub const WAITING_PER_CLIENT: usize = 4;

/// At most this many computations run at once, all clients together (one per core).
static ENGINE_SLOTS: LazyLock<Arc<Semaphore>> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    Arc::new(Semaphore::new(cores))
});

/// The client a request comes from: its connection's address, keyed as the rate limit keys
/// it. A request without connection info (tests through `oneshot`) is one client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Client(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        Ok(Client(client_key(peer)))
    }
}

/// The per-client queues of computations.
#[derive(Debug, Default)]
pub struct ComputeQueue {
    clients: Mutex<HashMap<IpAddr, Lane>>,
}

/// One client's lane: its running slots and how many computations it has in all.
#[derive(Debug)]
struct Lane {
    running: Arc<Semaphore>,
    /// Running and waiting, guarded by the queue's lock.
    admitted: usize,
}

/// A computation admitted to a client's lane; leaving frees its place (and the lane, when it
/// was the last).
struct Admission<'a> {
    queue: &'a ComputeQueue,
    client: IpAddr,
    running: Arc<Semaphore>,
}

impl Drop for Admission<'_> {
    fn drop(&mut self) {
        let mut clients = self
            .queue
            .clients
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(lane) = clients.get_mut(&self.client) {
            lane.admitted = lane.admitted.saturating_sub(1);
            if lane.admitted == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

impl ComputeQueue {
    /// Runs `work` for `client` on the blocking pool once one of its running slots and one of
    /// the server's engine slots are free; 429 with a sentence at once if the client already
    /// has as many computations running and waiting as it may. The slots are held until the
    /// work ends; if the request is dropped meanwhile (abandoned, timed out) the work's
    /// [`Cancel`] is raised, and work that has not started never starts. A panic there is a
    /// bug: 500.
    pub async fn run<T: Send + 'static>(
        &self,
        client: Client,
        work: impl FnOnce(&Cancel) -> T + Send + 'static,
    ) -> Result<T> {
        let admission = self.admit(client.0)?;
        let cancel = Cancel::new();
        let mut raise = RaiseOnDrop {
            flag: Arc::clone(&cancel.flag),
            done: false,
        };
        let own = Arc::clone(&admission.running)
            .acquire_owned()
            .await
            .map_err(AppError::internal)?;
        let core = Arc::clone(&ENGINE_SLOTS)
            .acquire_owned()
            .await
            .map_err(AppError::internal)?;
        let result = tokio::task::spawn_blocking(move || {
            let result = work(&cancel);
            drop((own, core));
            result
        })
        .await
        .map_err(AppError::internal);
        raise.done = true;
        drop(admission);
        result
    }

    /// A place in `client`'s lane, or 429 when it is full.
    fn admit(&self, client: IpAddr) -> Result<Admission<'_>> {
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        let lane = clients.entry(client).or_insert_with(|| Lane {
            running: Arc::new(Semaphore::new(RUNNING_PER_CLIENT)),
            admitted: 0,
        });
        if lane.admitted >= RUNNING_PER_CLIENT + WAITING_PER_CLIENT {
            return Err(AppError::Said(
                StatusCode::TOO_MANY_REQUESTS,
                Msg::ErrTooManyComputations,
            ));
        }
        lane.admitted += 1;
        Ok(Admission {
            queue: self,
            client,
            running: Arc::clone(&lane.running),
        })
    }

    /// Clients with computations running or waiting (for tests).
    pub fn clients(&self) -> usize {
        self.clients
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    fn ip(text: &str) -> Client {
        Client(text.parse().unwrap())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_gets_two_running_and_four_waiting_and_then_429_while_others_still_run() {
        let queue = Arc::new(ComputeQueue::default());
        let (release, hold) = mpsc::channel::<()>();
        let hold = Arc::new(Mutex::new(hold));
        let mut admitted = Vec::new();
        for _ in 0..RUNNING_PER_CLIENT + WAITING_PER_CLIENT {
            let (queue, hold) = (Arc::clone(&queue), Arc::clone(&hold));
            admitted.push(tokio::spawn(async move {
                queue
                    .run(ip("192.0.2.1"), move |_| {
                        hold.lock().unwrap().recv().ok();
                    })
                    .await
            }));
        }
        // Wait until all six are admitted (two running, four waiting).
        while queue
            .clients
            .lock()
            .unwrap()
            .get(&ip("192.0.2.1").0)
            .map(|l| l.admitted)
            != Some(RUNNING_PER_CLIENT + WAITING_PER_CLIENT)
        {
            tokio::task::yield_now().await;
        }
        let refused = queue.run(ip("192.0.2.1"), |_| ()).await.unwrap_err();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        let refused = axum::response::IntoResponse::into_response(refused);
        assert_eq!(
            refused.headers()[axum::http::header::RETRY_AFTER],
            "1",
            "the 429 says when to ask again, as the OpenAPI document promises"
        );
        // Another client queues for an engine slot; it is served as soon as two of the first
        // client's computations end, not after all six.
        let other = {
            let queue = Arc::clone(&queue);
            tokio::spawn(async move { queue.run(ip("192.0.2.2"), |_| 42).await })
        };
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        for _ in 0..2 {
            release.send(()).unwrap();
        }
        let answer = tokio::time::timeout(std::time::Duration::from_secs(20), other)
            .await
            .expect("the other client is answered while the first still has work queued");
        assert_eq!(answer.unwrap().unwrap(), 42);
        for _ in 2..RUNNING_PER_CLIENT + WAITING_PER_CLIENT {
            release.send(()).unwrap();
        }
        for task in admitted {
            task.await.unwrap().unwrap();
        }
        assert_eq!(queue.clients(), 0, "finished lanes are removed");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_whose_request_is_dropped_is_told_to_stop_and_stops() {
        let queue = Arc::new(ComputeQueue::default());
        let (started, running) = mpsc::channel::<()>();
        let (ended, stopped) = mpsc::channel::<u64>();
        let request = {
            let queue = Arc::clone(&queue);
            tokio::spawn(async move {
                queue
                    .run(ip("192.0.2.3"), move |cancel| {
                        started.send(()).unwrap();
                        // A long computation that looks at its signal, as the solver does.
                        let mut steps = 0u64;
                        while !cancel.stopped() {
                            steps += 1;
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                        ended.send(steps).unwrap();
                    })
                    .await
            })
        };
        tokio::task::spawn_blocking(move || running.recv().unwrap())
            .await
            .unwrap();
        // The client goes away (or the request timeout fires): the request future is dropped.
        request.abort();
        let steps = tokio::task::spawn_blocking(move || {
            stopped.recv_timeout(std::time::Duration::from_secs(5))
        })
        .await
        .unwrap()
        .expect("the work stopped soon after its request was dropped");
        assert!(steps < 5_000, "it stopped long before its deadline");
        // Its slots are free again: the same client is served at once.
        let again = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            queue.run(ip("192.0.2.3"), |cancel| cancel.stopped()),
        )
        .await
        .expect("served")
        .unwrap();
        assert!(!again, "a new request has a fresh signal");
    }

    #[test]
    fn a_raised_signal_stops_the_solver() {
        use crate::rules::cards::parse_cards;
        use crate::rules::ruleset::RuleSet;
        use crate::rules::solver::{SolveError, SolveOptions, solve_with};
        let cancel = Cancel::new();
        cancel.flag.store(true, Ordering::Relaxed);
        let rs = RuleSet::preset("rommee").unwrap();
        let round = rs.round_for_check(None).unwrap();
        let hand = parse_cards("QH KH AH 10S 10D 10C 4C 7D 9S 2H 5S 8C JK").unwrap();
        let options = SolveOptions {
            stop: cancel.stop(),
            best_opening: false,
        };
        assert_eq!(
            solve_with(&rs, &round, &hand, &options),
            Err(SolveError::Cancelled)
        );
    }
}
