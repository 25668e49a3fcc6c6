//! Flags of `serve` about its connections: timeouts, caps, HTTPS and `--lan` (see
//! `crate::serve`). Parsing only, into [`crate::config::Serving`].
//! Must not depend on `web`.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::config::{self, Connections, Serving, TlsFiles};

/// How `serve` serves its connections.
#[derive(Clone, Debug, Args)]
pub struct ServingArgs {
    /// Seconds a client has to send a request's headers (and finish a TLS handshake).
    #[arg(long, env = "KONTRAKT_HEADER_TIMEOUT", value_name = "SECONDS",
          default_value_t = config::DEFAULT_HEADER_TIMEOUT, value_parser = parse_seconds)]
    pub header_timeout: f64,
    /// Seconds a connection may stay open without moving a byte between requests.
    #[arg(long, env = "KONTRAKT_IDLE_TIMEOUT", value_name = "SECONDS",
          default_value_t = config::DEFAULT_IDLE_TIMEOUT, value_parser = parse_seconds)]
    pub idle_timeout: f64,
    /// Most open connections in all [default: as many as the open-file limit allows].
    #[arg(long, env = "KONTRAKT_MAX_CONNECTIONS", value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: Option<u32>,
    /// Most open connections from one client address (IPv6: its /64).
    #[arg(long, env = "KONTRAKT_MAX_CONNECTIONS_PER_CLIENT", value_name = "N",
          default_value_t = config::DEFAULT_MAX_CONNECTIONS_PER_CLIENT as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections_per_client: u32,
    /// Serve HTTPS with this certificate chain (PEM file; needs --tls-key).
    #[arg(
        long,
        env = "KONTRAKT_TLS_CERT",
        value_name = "PEM",
        requires = "tls_key"
    )]
    pub tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM file).
    #[arg(
        long,
        env = "KONTRAKT_TLS_KEY",
        value_name = "PEM",
        requires = "tls_cert"
    )]
    pub tls_key: Option<PathBuf>,
    /// Serve HTTPS; without --tls-cert, with a certificate made for this computer on the
    /// first start and kept beside the database (each phone accepts it once).
    #[arg(long, env = "KONTRAKT_HTTPS", value_parser = clap::builder::FalseyValueParser::new())]
    pub https: bool,
    /// Send Strict-Transport-Security over HTTPS (browsers then refuse plain HTTP and a
    /// changed certificate for this host: only with a certificate the phones trust).
    #[arg(long, env = "KONTRAKT_HSTS", requires = "tls_cert",
          value_parser = clap::builder::FalseyValueParser::new())]
    pub hsts: bool,
    /// Listen on every interface (the port of --addr) and print the address the phones
    /// should open, with a QR code.
    #[arg(long, env = "KONTRAKT_LAN", value_parser = clap::builder::FalseyValueParser::new())]
    pub lan: bool,
}

impl ServingArgs {
    /// The address to listen on: `addr`, or with `--lan` every interface on its port.
    pub fn listen_addr(&self, addr: SocketAddr) -> SocketAddr {
        if self.lan {
            SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), addr.port())
        } else {
            addr
        }
    }
}

impl From<ServingArgs> for Serving {
    fn from(args: ServingArgs) -> Self {
        Self {
            connections: Connections {
                header_timeout: Duration::from_secs_f64(args.header_timeout),
                idle_timeout: Duration::from_secs_f64(args.idle_timeout),
                max_connections: args.max_connections.map(|n| n as usize),
                max_connections_per_client: args.max_connections_per_client as usize,
            },
            tls: args
                .tls_cert
                .clone()
                .zip(args.tls_key)
                .map(|(cert, key)| TlsFiles { cert, key }),
            https: args.https || args.tls_cert.is_some(),
            hsts: args.hsts,
            lan: args.lan,
        }
    }
}

/// A duration in seconds: a finite number from 0.1 to one day.
fn parse_seconds(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.1..=86_400.0).contains(s))
        .ok_or_else(|| format!("expected a number of seconds from 0.1 to 86400, not \"{text}\""))
}
