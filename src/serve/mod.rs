//! The server's connection loop: accepts TCP connections (optionally TLS), serves each with
//! hyper's HTTP/1.1 connection and the app's router, and guards the server against clients
//! that hold connections without using them.
//!
//! What it adds to serving a router:
//! - a **header timeout**: a request's headers (and a TLS handshake) must arrive within it,
//!   counted from the first byte (from the accept for a new connection);
//! - an **idle timeout**: a connection that moves no byte between requests is closed;
//! - **caps**: connections per client address (IPv6: its /64, as the write rate limit keys
//!   clients) and in all, the total derived from the open-file limit ([`limits`]). A
//!   connection over a client's cap is answered 503 with a sentence and closed at once; at
//!   the total cap the connection that has waited longest without a request being answered
//!   gives way ([`conn::Registry`]), so a flood of idle connections never locks out a new
//!   client;
//! - hyper's own error answers (400, 414, 431) get a sentence and the app's security headers
//!   ([`io`]);
//! - over TLS, plain HTTP sent to the port is redirected to HTTPS ([`to_https`]); with
//!   `--https` and no certificate of the host's, the server makes its own ([`own_cert`]) and
//!   renews it while running ([`renew`]);
//! - the peer address as `ConnectInfo<SocketAddr>` (the write rate limit keys on it),
//!   TCP_NODELAY, and a graceful shutdown (in-flight requests finish).
//!
//! Depends on the router it is given (`axum`), `config`, `text` and the client key of
//! `web::rate_limit`; never on `store`, `db` or `cli`.

pub mod conn;
pub mod io;
pub mod lan;
pub mod limits;
pub mod listen;
pub mod own_cert;
pub mod renew;
pub mod tls;
pub mod to_https;

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use http_body_util::BodyExt as _;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt as _;

use crate::config::Connections;
use crate::text::serve::ServeMsg;
use crate::web::rate_limit::client_key;
use conn::{Admission, ConnState, Reason, Registry, Slot, Verdict, now_ms};
use io::{Canned, ConnIo};

/// Largest request head (request line and headers) read, in bytes: over it, 431.
pub const MAX_HEAD: usize = 32 * 1024;
/// Most headers in a request: over it, 431.
pub const MAX_HEADERS: usize = 100;
/// hyper's read buffer limit (above the head limit, so the head limit answers first).
const MAX_BUF: usize = 64 * 1024;

/// A bound listener with what it needs to serve.
pub struct Server {
    listener: TcpListener,
    registry: Arc<Registry>,
    shared: Arc<Shared>,
}

/// What every connection task reads.
struct Shared {
    connections: Connections,
    tls: Option<TlsAcceptor>,
    canned: Arc<Canned>,
    /// Over TLS: the answer to plain HTTP sent to the port ([`to_https`]).
    to_https: Router,
}

impl Server {
    /// Serves `listener` with these timeouts and caps (`max_connections`: the total, from
    /// [`limits::budget`]), over TLS with `tls`; `headers` (name, value) go on every answer
    /// the loop writes itself, e.g. the app's security headers.
    pub fn new(
        listener: TcpListener,
        connections: Connections,
        max_connections: usize,
        tls: Option<TlsAcceptor>,
        headers: Vec<(String, String)>,
    ) -> Self {
        Self {
            listener,
            registry: Arc::new(Registry::new(
                max_connections,
                connections.max_connections_per_client,
            )),
            shared: Arc::new(Shared {
                connections,
                tls,
                to_https: to_https::router(headers.clone()),
                canned: Arc::new(Canned::new(headers)),
            }),
        }
    }

    /// The address listened on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves `app` until `shutdown` resolves, then stops accepting, lets every connection
    /// finish its request in flight and returns.
    pub async fn run(self, app: Router, shutdown: impl Future<Output = ()> + Send) {
        let Self {
            listener,
            registry,
            shared,
        } = self;
        // Every connection task holds a receiver; `closed` resolves when all have ended.
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut refusals = Refusals::default();
        tokio::pin!(shutdown);
        loop {
            let (tcp, peer) = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok(pair) => pair,
                    Err(error) => {
                        on_accept_error(&error).await;
                        continue;
                    }
                },
                () = &mut shutdown => break,
            };
            match registry.admit(client_key(peer.ip()), now_ms()) {
                Admission::Open(slot) => {
                    let task = Connection {
                        tcp,
                        peer,
                        slot,
                        app: app.clone(),
                        shared: Arc::clone(&shared),
                    };
                    let stop = stop_rx.clone();
                    tokio::spawn(async move { task.run(stop).await });
                }
                refused => {
                    refusals.note(&refused, registry.open());
                    if shared.tls.is_none() {
                        let answer = shared.canned.answer(
                            503,
                            "Service Unavailable",
                            ServeMsg::TooManyConnections,
                            None,
                        );
                        // Best effort on a fresh socket; it is closed right after either way.
                        let _ = tcp.try_write(&answer);
                    }
                }
            }
        }
        drop(listener);
        drop(stop_rx);
        let _ = stop_tx.send(true);
        stop_tx.closed().await;
    }
}

/// Accept errors: a connection that failed before it was accepted is nothing to wait for;
/// anything else (out of files, out of memory) waits a moment rather than spin.
async fn on_accept_error(error: &std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        error.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::error!("cannot accept a connection: {error}");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// Refused connections, logged at most every ten seconds (a flood must not flood the log).
#[derive(Default)]
struct Refusals {
    since_log: u64,
    last_log: Option<Instant>,
}

impl Refusals {
    fn note(&mut self, refused: &Admission, open: usize) {
        self.since_log += 1;
        let why = match refused {
            Admission::ClientFull => {
                "a client address is at --max-connections-per-client and every connection of it is answering a request"
            }
            _ => "--max-connections is reached and every connection is answering a request",
        };
        if self
            .last_log
            .is_none_or(|at| at.elapsed() >= Duration::from_secs(10))
        {
            tracing::warn!(refused = self.since_log, open, "connections refused: {why}");
            self.since_log = 0;
            self.last_log = Some(Instant::now());
        }
    }
}

/// One admitted connection, before its task runs.
struct Connection {
    tcp: TcpStream,
    peer: SocketAddr,
    slot: Slot,
    app: Router,
    shared: Arc<Shared>,
}

impl Connection {
    /// Serves the connection until it ends, times out, gives way or the server stops.
    async fn run(self, stop: watch::Receiver<bool>) {
        let Self {
            tcp,
            peer,
            slot,
            app,
            shared,
        } = self;
        // Answers are written as headers then body: without TCP_NODELAY the body waits for
        // the client's delayed ACK of the headers (40 ms on Linux), e.g. every static file.
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::debug!("cannot set TCP_NODELAY: {error}");
        }
        let state = Arc::clone(&slot.state);
        let canned = Arc::clone(&shared.canned);
        match &shared.tls {
            None => {
                let io = ConnIo::new(tcp, Arc::clone(&state), canned);
                drive(io, peer, &state, app, &shared.connections, stop).await;
            }
            Some(acceptor) => {
                // The handshake counts against the header timeout, from the accept.
                let deadline = state.verdict(now_ms(), &shared.connections);
                let Verdict::Open { until } = deadline else {
                    return;
                };
                let wait = Duration::from_millis(until.saturating_sub(now_ms()));
                let mut first = [0u8; 1];
                let peeked = tokio::select! {
                    peeked = tokio::time::timeout(wait, tcp.peek(&mut first)) => peeked,
                    () = state.evicted() => return,
                };
                match peeked {
                    Ok(Ok(1..)) if first[0] != to_https::TLS_HANDSHAKE => {
                        // Plain HTTP on the HTTPS port: redirect it, under the same limits.
                        let io = ConnIo::new(tcp, Arc::clone(&state), canned);
                        let app = shared.to_https.clone();
                        drive(io, peer, &state, app, &shared.connections, stop).await;
                        return;
                    }
                    Ok(Ok(1..)) => {}
                    _ => return,
                }
                let wait = Duration::from_millis(until.saturating_sub(now_ms()));
                let handshake = tokio::select! {
                    done = tokio::time::timeout(wait, acceptor.accept(tcp)) => done,
                    () = state.evicted() => return,
                };
                match handshake {
                    Ok(Ok(tls)) => {
                        let io = ConnIo::new(tls, Arc::clone(&state), canned);
                        drive(io, peer, &state, app, &shared.connections, stop).await;
                    }
                    Ok(Err(error)) => tracing::debug!("TLS handshake with {peer} failed: {error}"),
                    Err(_) => tracing::debug!("TLS handshake with {peer} timed out"),
                }
            }
        }
        drop(slot);
    }
}

/// Serves one connection's requests with hyper until it ends or the watchdog closes it.
async fn drive<S>(
    io: ConnIo<S>,
    peer: SocketAddr,
    state: &Arc<ConnState>,
    app: Router,
    timeouts: &Connections,
    mut stop: watch::Receiver<bool>,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let requests = Arc::clone(state);
    let service = service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        // The request counts as being answered until its answer's body is dropped (written
        // or abandoned).
        let guard = requests.begin_request();
        let answer = app.clone().oneshot(request);
        async move {
            let response = match answer.await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            Ok::<_, Infallible>(response.map(|body| {
                Body::new(body.map_frame(move |frame| {
                    let _request = &guard;
                    frame
                }))
            }))
        }
    });
    let mut builder = http1::Builder::new();
    builder
        // The loop's own timeouts replace hyper's header timeout, which also cut idle
        // keep-alive connections after the same time.
        .header_read_timeout(None)
        .max_buf_size(MAX_BUF)
        .max_header_size(MAX_HEAD)
        .max_headers(MAX_HEADERS)
        // One flat buffer per write: hyper's own error head arrives whole (see `io`).
        .writev(false);
    let connection = builder.serve_connection(TokioIo::new(io), service);
    tokio::pin!(connection);
    let mut stopping = false;
    loop {
        tokio::select! {
            ended = connection.as_mut() => {
                if let Err(error) = ended {
                    tracing::debug!("connection from {peer} ended: {error}");
                }
                return;
            }
            _ = stop.changed(), if !stopping => {
                stopping = true;
                connection.as_mut().graceful_shutdown();
            }
            reason = watchdog(state, timeouts) => {
                tracing::debug!("connection from {peer} closed: {reason:?}");
                return;
            }
        }
    }
}

/// Resolves when the connection has timed out or must give way. It sleeps until the time
/// [`ConnState::verdict`] names and looks again then; nothing wakes it when a request
/// starts or ends (that cost two task wake-ups per request, BENCHMARKS.md, "the connection loop's wake-ups").
async fn watchdog(state: &ConnState, timeouts: &Connections) -> Reason {
    loop {
        let now = now_ms();
        match state.verdict(now, timeouts) {
            Verdict::Close(reason) => return reason,
            Verdict::Open { until } => tokio::select! {
                () = tokio::time::sleep(Duration::from_millis(until - now)) => {}
                () = state.evicted() => return Reason::Evicted,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use std::pin::Pin;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::task::{Context, Poll};

    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    use super::*;

    fn timeouts(header_ms: u64, idle_ms: u64) -> Connections {
        Connections {
            header_timeout: Duration::from_millis(header_ms),
            idle_timeout: Duration::from_millis(idle_ms),
            max_connections: None,
            max_connections_per_client: 128,
        }
    }

    #[tokio::test]
    async fn the_watchdog_sees_the_idle_timeout_as_soon_as_an_answer_ends() {
        let state = Arc::new(ConnState::new(now_ms()));
        let request = state.begin_request();
        let t = timeouts(10_000, 200);
        let watched = Arc::clone(&state);
        // While the request is answered the watchdog waits for the stall limit (15 s more).
        let watchdog = tokio::spawn(async move { watchdog(&watched, &t).await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(request);
        let reason = tokio::time::timeout(Duration::from_secs(3), watchdog)
            .await
            .expect("closed after the idle timeout, not the stall limit")
            .unwrap();
        assert_eq!(reason, Reason::IdleTimeout);
    }

    /// Counts the polls of the future it wraps.
    struct Counted<F> {
        inner: Pin<Box<F>>,
        polls: Arc<AtomicUsize>,
    }

    impl<F: Future> Future for Counted<F> {
        type Output = F::Output;

        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
            self.polls.fetch_add(1, Ordering::Relaxed);
            self.inner.as_mut().poll(cx)
        }
    }

    #[tokio::test]
    async fn a_keep_alive_request_wakes_its_connection_task_once() {
        const REQUESTS: usize = 200;
        let (client, server) = tokio::io::duplex(64 * 1024);
        let state = Arc::new(ConnState::new(now_ms()));
        let io = ConnIo::new(
            server,
            Arc::clone(&state),
            Arc::new(Canned::new(Vec::new())),
        );
        let app = Router::new().route("/", axum::routing::get(|| async { "ok" }));
        let (_stop_tx, stop_rx) = watch::channel(false);
        let polls = Arc::new(AtomicUsize::new(0));
        let served = tokio::spawn(Counted {
            inner: Box::pin(async move {
                let t = timeouts(10_000, 60_000);
                let peer = SocketAddr::from(([127, 0, 0, 1], 40_000));
                drive(io, peer, &state, app, &t, stop_rx).await;
            }),
            polls: Arc::clone(&polls),
        });
        let (mut reader, mut writer) = tokio::io::split(client);
        let mut answer = Vec::new();
        for _ in 0..REQUESTS {
            writer
                .write_all(b"GET / HTTP/1.1\r\nHost: kontrakt\r\n\r\n")
                .await
                .unwrap();
            answer.clear();
            while !answer.ends_with(b"\r\n\r\nok") {
                let mut chunk = [0u8; 1024];
                let n = reader.read(&mut chunk).await.unwrap();
                assert!(n > 0, "the connection closed: {answer:?}");
                answer.extend_from_slice(&chunk[..n]);
            }
            assert!(answer.starts_with(b"HTTP/1.1 200 OK\r\n"));
        }
        let polls = polls.load(Ordering::Relaxed);
        // Woken by the request's bytes, answered in the same poll. Each wake-up of the
        // watchdog (a request's first byte, the end of its answer) was one more poll, and a
        // task switch under load.
        assert!(
            polls <= REQUESTS + REQUESTS / 10,
            "{polls} polls of the connection task for {REQUESTS} requests"
        );
        drop(writer);
        drop(reader);
        served.await.unwrap();
    }

    #[tokio::test]
    async fn the_watchdog_sees_the_header_timeout_as_soon_as_a_request_starts() {
        let state = Arc::new(ConnState::new(now_ms()));
        drop(state.begin_request());
        let t = timeouts(200, 60_000);
        let watched = Arc::clone(&state);
        let watchdog = tokio::spawn(async move { watchdog(&watched, &t).await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        // A slow client starts its next request's headers on an idle connection.
        state.on_read(now_ms());
        let reason = tokio::time::timeout(Duration::from_secs(3), watchdog)
            .await
            .expect("closed after the header timeout, not the idle timeout")
            .unwrap();
        assert_eq!(reason, Reason::HeaderTimeout);
    }
}
