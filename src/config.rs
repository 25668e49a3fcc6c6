//! Run-time configuration of the server, filled from the command line and environment
//! (see [`crate::cli`]). Must not depend on `web` or `db`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Address served when neither `--addr` nor `KONTRAKT_ADDR` is given.
pub const DEFAULT_ADDR: &str = "127.0.0.1:3000";
/// Database file used when neither `--db` nor `KONTRAKT_DB` is given.
pub const DEFAULT_DB: &str = "./kontrakt.db";
/// Writes a client may make at once before it is limited ([`WriteLimit::burst`]).
pub const DEFAULT_WRITE_BURST: u32 = 30;
/// Writes per second a client regains ([`WriteLimit::per_second`]).
pub const DEFAULT_WRITE_RATE: f64 = 3.0;
/// Mebibytes the read caches may keep (`--cache-mb`): on a Raspberry Pi with 512 MB, an
/// eighth of its memory, leaving room for the requests under way and the page cache.
pub const DEFAULT_CACHE_MB: usize = 64;

/// What the server needs to start.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Address and port to listen on.
    pub addr: SocketAddr,
    /// The SQLite database file (created and migrated at start).
    pub db: PathBuf,
    /// The per-client write rate limit.
    pub write_limit: WriteLimit,
    /// How the connections are served: timeouts, caps, HTTPS, `--lan`.
    pub serving: Serving,
    /// Where `/metrics` is served, if anywhere (never on `addr`).
    pub metrics_addr: Option<SocketAddr>,
    /// Mebibytes the read caches may keep (`--cache-mb`).
    pub cache_mb: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: DEFAULT_ADDR.parse().expect("the default address is valid"),
            db: PathBuf::from(DEFAULT_DB),
            write_limit: WriteLimit::default(),
            serving: Serving::default(),
            metrics_addr: None,
            cache_mb: DEFAULT_CACHE_MB,
        }
    }
}

/// The per-client write rate limit, a token bucket: a client (one address; a whole table
/// behind one NAT) may make `burst` writes at once and regains `per_second` writes each
/// second. A table enters a round every few minutes; a script writes many times a second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WriteLimit {
    /// Size of the bucket: writes allowed at once (at least 1).
    pub burst: u32,
    /// Writes regained per second (more than 0).
    pub per_second: f64,
}

impl WriteLimit {
    /// A limit no test or benchmark reaches.
    pub const UNLIMITED: Self = Self {
        burst: u32::MAX,
        per_second: 1e9,
    };
}

impl Default for WriteLimit {
    /// 30 writes at once, then 3 per second.
    fn default() -> Self {
        Self {
            burst: DEFAULT_WRITE_BURST,
            per_second: DEFAULT_WRITE_RATE,
        }
    }
}

// ---- Serving connections (`crate::serve`): timeouts, caps, HTTPS, `--lan` ----

/// Seconds a client has to send a request's headers (and a TLS handshake) once it starts.
pub const DEFAULT_HEADER_TIMEOUT: f64 = 10.0;
/// Seconds a connection may stay open without moving a byte between requests.
pub const DEFAULT_IDLE_TIMEOUT: f64 = 60.0;
/// Connections one client address may hold open (a whole table behind one NAT, each phone
/// with a few).
pub const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: usize = 128;

/// How connections are served.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Serving {
    /// Timeouts and caps of every connection, plain or TLS.
    pub connections: Connections,
    /// Serve HTTPS with these PEM files instead of plain HTTP.
    pub tls: Option<TlsFiles>,
    /// Serve HTTPS; without [`Serving::tls`], with a certificate the server makes and keeps
    /// beside the database (`crate::serve::own_cert`).
    pub https: bool,
    /// Send `Strict-Transport-Security` (only over HTTPS; off by default, since LAN
    /// certificates are often self-made).
    pub hsts: bool,
    /// Listen on every interface (port from `addr`) and print the LAN address with a QR code.
    pub lan: bool,
}

/// Timeouts and caps of the connections.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Connections {
    /// Longest a client may take to send a request's headers (and a TLS handshake).
    pub header_timeout: Duration,
    /// Longest a connection may stay open without moving a byte between requests.
    pub idle_timeout: Duration,
    /// Most connections in all; `None`: as many as the open-file limit allows.
    pub max_connections: Option<usize>,
    /// Most connections one client address (IPv6: its /64) may hold.
    pub max_connections_per_client: usize,
}

impl Default for Connections {
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs_f64(DEFAULT_HEADER_TIMEOUT),
            idle_timeout: Duration::from_secs_f64(DEFAULT_IDLE_TIMEOUT),
            max_connections: None,
            max_connections_per_client: DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
        }
    }
}

/// The certificate chain and private key of `--tls-cert` and `--tls-key`, PEM files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsFiles {
    /// The certificate chain, leaf first.
    pub cert: PathBuf,
    /// The private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}
