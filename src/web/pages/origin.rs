//! This server's address as another phone at the table can open it: the origin of a
//! request (`http://host:port`, `https` behind a TLS proxy), for the links and QR codes the
//! game and group pages show, and whether it names this computer only.
//!
//! A piece the pages share: axum's headers only; nothing from another page, `api`,
//! `store`, `db` or `cli`.

use axum::http::{HeaderMap, header};

/// `http://host:port` of this request, from the Host header, for links another phone can
/// open: `https://` when this server serves HTTPS itself (`served_https`, from
/// `AppState::transport`) or a TLS proxy says so (`X-Forwarded-Proto`). `None` when the host
/// is missing or odd.
pub fn origin(headers: &HeaderMap, served_https: bool) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?.trim();
    let plain = !host.is_empty()
        && host.len() <= 255
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']' | '_'));
    if !plain {
        return None;
    }
    let https = served_https
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"));
    Some(format!("{}://{host}", if https { "https" } else { "http" }))
}

/// The origin names this computer only (`localhost`, `127.0.0.1`, `[::1]`): other phones
/// cannot open links made with it.
pub fn is_loopback(origin: &str) -> bool {
    let host = origin.split_once("://").map_or(origin, |(_, host)| host);
    host.starts_with("localhost") || host.starts_with("127.") || host.starts_with("[::1]")
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn the_origin_comes_from_a_plain_host_header_only() {
        let mut headers = HeaderMap::new();
        assert_eq!(origin(&headers, false), None);
        headers.insert(header::HOST, HeaderValue::from_static("192.168.1.20:8080"));
        assert_eq!(
            origin(&headers, false).as_deref(),
            Some("http://192.168.1.20:8080")
        );
        assert_eq!(
            origin(&headers, true).as_deref(),
            Some("https://192.168.1.20:8080")
        );
        headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert_eq!(
            origin(&headers, false).as_deref(),
            Some("https://192.168.1.20:8080")
        );
        headers.insert(header::HOST, HeaderValue::from_static("evil.example/x?"));
        assert_eq!(origin(&headers, true), None);
    }

    #[test]
    fn loopback_origins_are_recognised() {
        assert!(is_loopback("http://localhost:8080"));
        assert!(is_loopback("http://127.0.0.1:8080"));
        assert!(is_loopback("http://[::1]:8080"));
        assert!(!is_loopback("http://192.168.1.5:8080"));
        assert!(!is_loopback("https://kontrakt.example"));
    }
}
