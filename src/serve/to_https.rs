//! Plain HTTP sent to an HTTPS port: a phone whose user typed the address without
//! `https://` sends a plain request where a TLS handshake was expected, and would see only a
//! broken connection. The loop notices (the first byte of a TLS handshake is 0x16) and
//! answers such a connection with [`router`]: a temporary redirect to the same host and path
//! over HTTPS, with a sentence and the security headers. Temporary (307), so a browser keeps
//! no redirect if the server is later run without TLS.
//!
//! Depends on axum and `text`.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse as _, Response};

use crate::text::serve::ServeMsg;

/// The first byte of a TLS record carrying a handshake (a ClientHello).
pub const TLS_HANDSHAKE: u8 = 0x16;

/// A router answering every plain request with a redirect to HTTPS; `headers` go on every
/// answer (the app's security headers).
pub fn router(headers: Vec<(String, String)>) -> Router {
    let headers: Vec<(HeaderName, HeaderValue)> = headers
        .iter()
        .filter_map(|(name, value)| {
            Some((
                HeaderName::from_bytes(name.as_bytes()).ok()?,
                HeaderValue::from_str(value).ok()?,
            ))
        })
        .collect();
    Router::new()
        .fallback(redirect)
        .with_state(Arc::new(headers))
}

async fn redirect(
    State(headers): State<Arc<Vec<(HeaderName, HeaderValue)>>>,
    request: Request,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_graphic()));
    let path = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let location = host
        .map(|host| format!("https://{host}{path}"))
        .and_then(|url| HeaderValue::from_str(&url).ok().map(|value| (url, value)));
    let mut response = match location {
        Some((url, value)) => {
            let body = format!("{}\n", both(ServeMsg::UseHttps, &url));
            let mut response = (StatusCode::TEMPORARY_REDIRECT, body).into_response();
            response.headers_mut().insert(header::LOCATION, value);
            response
        }
        None => (
            StatusCode::BAD_REQUEST,
            format!("{}\n", both(ServeMsg::UseHttps, "https://")),
        )
            .into_response(),
    };
    let answer = response.headers_mut();
    answer.insert(header::CONNECTION, HeaderValue::from_static("close"));
    answer.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    for (name, value) in headers.iter() {
        answer.insert(name.clone(), value.clone());
    }
    response
}

/// The sentence in English, then German, with the address filled in.
fn both(message: ServeMsg, url: &str) -> String {
    use crate::text::Lang;
    format!(
        "{}\n{}",
        message.fill(Lang::En, &[("url", &url)]),
        message.fill(Lang::De, &[("url", &url)])
    )
}
