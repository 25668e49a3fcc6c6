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
//! Depends on `web`'s error and rate-limit client key only; never on a handler.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use tokio::sync::Semaphore;

use super::AppError;
use super::rate_limit::client_key;
use crate::text::Msg;

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
    /// work ends, even if the request timed out meanwhile. A panic there is a bug: 500.
    pub async fn run<T: Send + 'static>(
        &self,
        client: Client,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let admission = self.admit(client.0)?;
        let own = Arc::clone(&admission.running)
            .acquire_owned()
            .await
            .map_err(AppError::internal)?;
        let core = Arc::clone(&ENGINE_SLOTS)
            .acquire_owned()
            .await
            .map_err(AppError::internal)?;
        let result = tokio::task::spawn_blocking(move || {
            let result = work();
            drop((own, core));
            result
        })
        .await
        .map_err(AppError::internal);
        drop(admission);
        result
    }

    /// A place in `client`'s lane, or 429 when it is full.
    fn admit(&self, client: IpAddr) -> Result<Admission<'_>, AppError> {
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
                    .run(ip("192.0.2.1"), move || {
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
        let refused = queue.run(ip("192.0.2.1"), || ()).await.unwrap_err();
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
            tokio::spawn(async move { queue.run(ip("192.0.2.2"), || 42).await })
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
}
