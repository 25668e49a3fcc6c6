//! Request ids: every request gets an `x-request-id` (the client's own when it is sane, else a
//! new one), returned in the answer and recorded as the `request_id` field of the request's log
//! span, so every line logged while answering it carries it.
//!
//! Must not depend on `store`, `db` or `rules`.

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::request_id::{MakeRequestId, RequestId};

/// The header that carries the id, both ways.
pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// Longest id taken from a client.
const MAX_LEN: usize = 64;

/// Makes a new id: 16 random lowercase hex digits (half the length of a capability token,
/// so the log redaction of token-shaped text never touches it).
#[derive(Clone, Copy, Debug, Default)]
pub struct NewId;

impl MakeRequestId for NewId {
    fn make_request_id<B>(&mut self, _request: &axum::http::Request<B>) -> Option<RequestId> {
        Some(RequestId::new(HeaderValue::from_str(&new_id()).ok()?))
    }
}

/// 16 random lowercase hex digits.
pub fn new_id() -> String {
    let bytes: [u8; 8] = rand::random();
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Whether a client's id is kept: 1 to 64 characters of letters, digits and `-_.:`, and
/// nothing shaped like a capability token (32 hex digits in a row), which the logs would
/// hide, so the id in the logs would no longer match the answer's.
pub fn is_sane(id: &str) -> bool {
    let mut hex_run = 0;
    !id.is_empty()
        && id.len() <= MAX_LEN
        && id.bytes().all(|byte| {
            hex_run = if byte.is_ascii_hexdigit() {
                hex_run + 1
            } else {
                0
            };
            hex_run < 32 && (byte.is_ascii_alphanumeric() || b"-_.:".contains(&byte))
        })
}

/// Middleware: drops a client's `x-request-id` that is not [`is_sane`], so the next layer
/// makes a new one.
pub async fn drop_insane(mut request: Request, next: Next) -> Response {
    let values = request.headers().get_all(&HEADER);
    let mut values = values.iter();
    let keep = match (values.next(), values.next()) {
        (Some(value), None) => value.to_str().is_ok_and(is_sane),
        (None, _) => true,
        _ => false,
    };
    if !keep {
        request.headers_mut().remove(&HEADER);
    }
    next.run(request).await
}

/// The request's id as the logs record it (`-` if none was set, which the middleware order
/// of [`super::app`] rules out).
pub fn of(request: &Request) -> &str {
    request
        .headers()
        .get(&HEADER)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sane_ids_are_short_plain_and_not_token_shaped() {
        assert!(is_sane("abc-123"));
        assert!(is_sane("0f3c9a7e-2b1d-4c5e-9f00-1234567890ab"));
        assert!(is_sane(&new_id()));
        assert_eq!(new_id().len(), 16);
        assert!(!is_sane(""));
        assert!(!is_sane(&"a".repeat(65)));
        assert!(!is_sane("has space"));
        assert!(!is_sane("new\nline"));
        assert!(!is_sane("0123456789abcdef0123456789abcdef"));
        assert!(!is_sane("x-0123456789abcdef0123456789ABCDEF-y"));
    }
}
