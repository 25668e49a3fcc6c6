//! Answers served over HTTPS (`--tls-cert`): every cookie gets `Secure`, so a browser never
//! sends the `recent` list or the language over plain HTTP; with `--hsts`, also
//! `Strict-Transport-Security`. Off by default: LAN certificates are often self-made, and
//! HSTS would then lock the phones out of the plain address for a year.
//!
//! The web layer learns how it is served from [`AppState::with_https`](super::AppState::with_https).

use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The `Strict-Transport-Security` value of `--hsts`: one year, this host only.
pub const HSTS: &str = "max-age=31536000";

/// How the app is served.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Transport {
    /// Over HTTPS: cookies get `Secure`.
    pub https: bool,
    /// Send `Strict-Transport-Security` (only with `https`).
    pub hsts: bool,
}

/// Middleware for apps served over HTTPS: `Secure` on every cookie, HSTS if asked for.
pub async fn secure_answers(
    State(transport): State<Transport>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    if transport.https {
        let headers = response.headers_mut();
        let cookies: Vec<HeaderValue> = headers
            .get_all(header::SET_COOKIE)
            .iter()
            .map(secure)
            .collect();
        headers.remove(header::SET_COOKIE);
        for cookie in cookies {
            headers.append(header::SET_COOKIE, cookie);
        }
        if transport.hsts {
            headers.insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static(HSTS),
            );
        }
    }
    response
}

/// The cookie with `; Secure` added unless it has it.
fn secure(cookie: &HeaderValue) -> HeaderValue {
    let has_it = cookie.to_str().is_ok_and(|text| {
        text.split(';')
            .any(|attribute| attribute.trim().eq_ignore_ascii_case("secure"))
    });
    if has_it {
        return cookie.clone();
    }
    let mut bytes = cookie.as_bytes().to_vec();
    bytes.extend_from_slice(b"; Secure");
    HeaderValue::from_bytes(&bytes).unwrap_or_else(|_| cookie.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cookie_gets_secure_once() {
        let plain = HeaderValue::from_static("recent=x; Path=/; SameSite=Lax; HttpOnly");
        let made = secure(&plain);
        assert_eq!(made, "recent=x; Path=/; SameSite=Lax; HttpOnly; Secure");
        assert_eq!(secure(&made), made);
    }
}
