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

/// The origin's host reaches this server only from the table's network (or this computer):
/// a loopback, private (RFC 1918, RFC 4193) or link-local address, a name without a dot, or a
/// name under a suffix no public DNS answers (`.local` for mDNS, `.lan`, `.home`,
/// `.home.arpa`, `.internal`, and the reserved `.localhost` and `.test`). A link made with
/// it does not open from elsewhere.
pub fn lan_only(origin: &str) -> bool {
    let host = origin.split_once("://").map_or(origin, |(_, host)| host);
    let host = match host.strip_prefix('[') {
        // [IPv6]:port
        Some(rest) => rest.split(']').next().unwrap_or(rest),
        None => host.rsplit_once(':').map_or(host, |(host, _)| host),
    };
    match host.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(ip)) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Ok(std::net::IpAddr::V6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback() || first & 0xfe00 == 0xfc00 || first & 0xffc0 == 0xfe80
        }
        Err(_) => {
            let name = host.trim_end_matches('.').to_ascii_lowercase();
            !name.contains('.')
                || [
                    ".local",
                    ".lan",
                    ".home",
                    ".home.arpa",
                    ".internal",
                    ".localhost",
                    ".test",
                ]
                .iter()
                .any(|suffix| name.ends_with(suffix))
        }
    }
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
    fn links_to_a_lan_address_or_a_local_name_work_only_on_the_table_s_wi_fi() {
        for origin in [
            "http://192.168.1.20:3000",
            "https://10.0.0.7:3000",
            "http://172.20.1.1",
            "http://169.254.3.4:3000",
            "http://127.0.0.1:3000",
            "http://localhost:3000",
            "http://[::1]:3000",
            "http://[fd12:3456::1]:3000",
            "http://[fe80::1]:3000",
            "https://spieltisch:3000",
            "https://spieltisch.local:3000",
            "http://kontrakt.test:3000",
            "http://router.home.arpa",
            "http://box.LAN:8080",
        ] {
            assert!(lan_only(origin), "{origin}");
        }
        for origin in [
            "https://kontrakt.example.org",
            "https://kontrakt.example.org:8443",
            "http://203.0.113.9:3000",
            "http://172.32.0.1",
            "http://[2001:db8::1]:3000",
            "https://tisch.tail1234.ts.net",
        ] {
            assert!(!lan_only(origin), "{origin}");
        }
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
