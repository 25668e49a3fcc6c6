//! Run-time configuration of the server, filled from the command line and environment
//! (see [`crate::cli`]). Must not depend on `web` or `db`.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Address served when neither `--addr` nor `KONTRAKT_ADDR` is given.
pub const DEFAULT_ADDR: &str = "127.0.0.1:3000";
/// Database file used when neither `--db` nor `KONTRAKT_DB` is given.
pub const DEFAULT_DB: &str = "./kontrakt.db";

/// What the server needs to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Address and port to listen on.
    pub addr: SocketAddr,
    /// The SQLite database file (created and migrated at start).
    pub db: PathBuf,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: DEFAULT_ADDR.parse().expect("the default address is valid"),
            db: PathBuf::from(DEFAULT_DB),
        }
    }
}
