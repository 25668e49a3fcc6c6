//! Before the server opens a PostgreSQL database: the host name of its URL is looked up
//! first, so a name that cannot be found refuses the start with a sentence naming the host
//! and the fix, in the host's language, rather than the driver's "failed to lookup address
//! information". (The Linux download is statically linked: its resolver reads /etc/hosts and
//! DNS only, see docs/decisions.md.)
//!
//! Depends on tokio and `text`; must not depend on `web` or `db`.

use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// The host and port of a `postgres://` or `postgresql://` URL (default port 5432), or `None`
/// for a URL without a host (a Unix socket) or that is no such URL.
pub fn host_and_port(url: &str) -> Option<(String, u16)> {
    let rest = url
        .strip_prefix("postgres://")
        .or_else(|| url.strip_prefix("postgresql://"))?;
    let authority = rest.split(['/', '?']).next()?;
    let host_port = authority.rsplit('@').next()?;
    let (host, port) = if let Some(bracketed) = host_port.strip_prefix('[') {
        let (host, after) = bracketed.split_once(']')?;
        (host, after.strip_prefix(':'))
    } else {
        match host_port.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (host_port, None),
        }
    };
    if host.is_empty() {
        return None;
    }
    let port = match port {
        Some(port) => port.parse().ok()?,
        None => 5432,
    };
    Some((host.to_owned(), port))
}

/// Looks up the host of `url`; a sentence in `lang` naming it and the fix when it cannot be
/// found. A URL without a host passes (the driver says what is wrong with it).
pub async fn check(url: &str, lang: Lang) -> Result<(), String> {
    let Some((host, port)) = host_and_port(url) else {
        return Ok(());
    };
    match tokio::net::lookup_host((host.as_str(), port)).await {
        Ok(found) => match found.count() {
            0 => Err(refusal(&host, &"no address", lang)),
            _ => Ok(()),
        },
        Err(error) => Err(refusal(&host, &error, lang)),
    }
}

fn refusal(host: &str, error: &dyn std::fmt::Display, lang: Lang) -> String {
    ServeMsg::DbHostUnknown.fill(lang, &[("host", &host), ("error", error)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_and_port_are_read_from_the_url() {
        let read = |url| host_and_port(url);
        assert_eq!(
            read("postgres://kontrakt:pw@db.example:6543/games"),
            Some(("db.example".into(), 6543))
        );
        assert_eq!(
            read("postgresql://localhost/games?sslmode=disable"),
            Some(("localhost".into(), 5432))
        );
        assert_eq!(read("postgres://[::1]:5433/g"), Some(("::1".into(), 5433)));
        assert_eq!(read("postgres:///games?host=/run/postgresql"), None);
        assert_eq!(read("./kontrakt.db"), None);
    }

    #[tokio::test]
    async fn a_host_that_cannot_be_found_is_refused_naming_it_and_the_fix() {
        assert!(
            check("postgres://k@127.0.0.1:5432/k", Lang::En)
                .await
                .is_ok()
        );
        let said = check("postgres://k@no-such-host.invalid/k", Lang::En)
            .await
            .unwrap_err();
        assert!(
            said.starts_with("Kontrakt cannot find the database server no-such-host.invalid")
                && said.contains("IP address"),
            "{said}"
        );
        let said = check("postgres://k@no-such-host.invalid/k", Lang::De)
            .await
            .unwrap_err();
        assert!(said.contains("findet den Datenbankserver"), "{said}");
    }
}
