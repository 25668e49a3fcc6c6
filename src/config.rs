//! Run-time configuration of the server, filled from the command line and environment
//! (see [`crate::cli`]). Must not depend on `web` or `db`.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Address served when neither `--addr` nor `KONTRAKT_ADDR` is given.
pub const DEFAULT_ADDR: &str = "127.0.0.1:3000";
/// Database file used when neither `--db` nor `KONTRAKT_DB` is given.
pub const DEFAULT_DB: &str = "./kontrakt.db";
/// Writes a client may make at once before it is limited ([`WriteLimit::burst`]).
pub const DEFAULT_WRITE_BURST: u32 = 30;
/// Writes per second a client regains ([`WriteLimit::per_second`]).
pub const DEFAULT_WRITE_RATE: f64 = 3.0;

/// What the server needs to start.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Address and port to listen on.
    pub addr: SocketAddr,
    /// The SQLite database file (created and migrated at start).
    pub db: PathBuf,
    /// The per-client write rate limit.
    pub write_limit: WriteLimit,
    /// Where `/metrics` is served, if anywhere (never on `addr`).
    pub metrics_addr: Option<SocketAddr>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: DEFAULT_ADDR.parse().expect("the default address is valid"),
            db: PathBuf::from(DEFAULT_DB),
            write_limit: WriteLimit::default(),
            metrics_addr: None,
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
