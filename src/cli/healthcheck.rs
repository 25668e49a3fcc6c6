//! `kontrakt healthcheck [URL]`: asks a running server's `/healthz` and exits 0 if it answers
//! 200, 1 otherwise (with a sentence on stderr). For container health checks in an image
//! that has no curl: plain HTTP/1.1 over TCP, no TLS, 5 seconds at most.
//!
//! Must not depend on `web`.

use std::process::ExitCode;
use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// Checked when no URL is given and `KONTRAKT_ADDR` is not set: the default address's
/// `/healthz`.
pub const DEFAULT_URL: &str = "http://127.0.0.1:3000/healthz";

/// The URL asked when none is given: `/healthz` at `addr` (the server's `KONTRAKT_ADDR`),
/// an unspecified address (`0.0.0.0`, `::`) asked on loopback; [`DEFAULT_URL`] when `addr`
/// is missing or not an address.
pub fn default_url(addr: Option<&str>) -> String {
    let Some(Ok(mut addr)) = addr.map(|addr| addr.trim().parse::<std::net::SocketAddr>()) else {
        return DEFAULT_URL.to_owned();
    };
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            std::net::SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            std::net::SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    format!("http://{addr}/healthz")
}

/// Longest the whole check may take.
const TIMEOUT: Duration = Duration::from_secs(5);

/// Runs the check: exit status 0 when `url` (or [`default_url`] of `KONTRAKT_ADDR`) answers
/// 200, else 1 with a sentence on stderr.
pub async fn run(url: Option<String>) -> ExitCode {
    let url = url.unwrap_or_else(|| default_url(std::env::var("KONTRAKT_ADDR").ok().as_deref()));
    let url = url.as_str();
    match tokio::time::timeout(TIMEOUT, status_of(url)).await {
        Ok(Ok(200)) => ExitCode::SUCCESS,
        Ok(Ok(status)) => {
            eprintln!("kontrakt healthcheck: {url} answered {status}");
            ExitCode::FAILURE
        }
        Ok(Err(error)) => {
            eprintln!("kontrakt healthcheck: {error}");
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!("kontrakt healthcheck: {url} did not answer within 5 seconds");
            ExitCode::FAILURE
        }
    }
}

/// `http://host[:port][/path]` split into the address to connect to, the `Host` header and
/// the path.
fn parse(url: &str) -> Result<(String, String, String), String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("expected a URL starting with http://, not \"{url}\""))?;
    let (authority, path) = match rest.find('/') {
        Some(at) => (&rest[..at], &rest[at..]),
        None => (rest, "/healthz"),
    };
    if authority.is_empty() || authority.contains(['@', ' ']) || path.contains([' ', '\r', '\n']) {
        return Err(format!("\"{url}\" is not a URL this check can ask"));
    }
    let has_port = authority
        .rsplit_once(':')
        .is_some_and(|(_, port)| !port.contains(']'));
    let connect = if has_port {
        authority.to_owned()
    } else {
        format!("{authority}:80")
    };
    Ok((connect, authority.to_owned(), path.to_owned()))
}

/// The status code `url` answers a GET with.
async fn status_of(url: &str) -> Result<u16, String> {
    let (connect, host, path) = parse(url)?;
    let mut stream = tokio::net::TcpStream::connect(&connect)
        .await
        .map_err(|e| format!("cannot connect to {connect}: {e}"))?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| format!("cannot ask {url}: {e}"))?;
    let mut head = Vec::new();
    let mut buffer = [0; 512];
    while !head.windows(2).any(|w| w == b"\r\n") && head.len() < 4096 {
        let read = stream
            .read(&mut buffer)
            .await
            .map_err(|e| format!("cannot read the answer of {url}: {e}"))?;
        if read == 0 {
            break;
        }
        head.extend_from_slice(&buffer[..read]);
    }
    let line = String::from_utf8_lossy(&head);
    line.strip_prefix("HTTP/1.")
        .and_then(|rest| rest.get(2..5))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("{url} did not answer HTTP"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_url_the_servers_own_address_is_asked_on_loopback() {
        assert_eq!(default_url(None), DEFAULT_URL);
        assert_eq!(default_url(Some("nonsense")), DEFAULT_URL);
        assert_eq!(
            default_url(Some("0.0.0.0:8080")),
            "http://127.0.0.1:8080/healthz"
        );
        assert_eq!(default_url(Some("[::]:3000")), "http://[::1]:3000/healthz");
        assert_eq!(
            default_url(Some("192.168.1.5:3000")),
            "http://192.168.1.5:3000/healthz"
        );
    }

    #[test]
    fn urls_are_split_into_address_host_and_path() {
        let parts = |url| parse(url).unwrap();
        assert_eq!(
            parts(DEFAULT_URL),
            (
                "127.0.0.1:3000".into(),
                "127.0.0.1:3000".into(),
                "/healthz".into()
            )
        );
        assert_eq!(
            parts("http://kontrakt.local"),
            (
                "kontrakt.local:80".into(),
                "kontrakt.local".into(),
                "/healthz".into()
            )
        );
        assert_eq!(
            parts("http://[::1]:8080/readyz"),
            ("[::1]:8080".into(), "[::1]:8080".into(), "/readyz".into())
        );
        assert_eq!(parts("http://[::1]").0, "[::1]:80");
        assert!(parse("https://example.org/").is_err());
        assert!(parse("localhost:3000").is_err());
        assert!(parse("http:///healthz").is_err());
        assert!(parse("http://a b/").is_err());
    }
}
