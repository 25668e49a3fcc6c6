//! A small cookie jar: read the request's cookies, add cookies to the response.
//!
//! `CookieJar` is an extractor (it never fails) and a response part: take it in a handler,
//! `set` cookies, and return it with the response, as in `(jar, Redirect::to("/"))`. Values
//! are written as given, so callers keep them to cookie-safe characters
//! (see [`super::i18n::percent_encode`]). Every cookie is `Path=/; SameSite=Lax; HttpOnly`:
//! the pages read them on the server, scripts never need to.

use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponseParts, ResponseParts};

/// One cookie to set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cookie {
    name: String,
    value: String,
    max_age: Option<u64>,
}

impl Cookie {
    /// A session cookie; give it a lifetime with [`Cookie::max_age`].
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Cookie {
        Cookie {
            name: name.into(),
            value: value.into(),
            max_age: None,
        }
    }

    /// Kept for this many seconds.
    pub fn max_age(mut self, seconds: u64) -> Cookie {
        self.max_age = Some(seconds);
        self
    }

    /// The `Set-Cookie` header value.
    pub fn header_value(&self) -> String {
        let mut out = format!(
            "{}={}; Path=/; SameSite=Lax; HttpOnly",
            self.name, self.value
        );
        if let Some(age) = self.max_age {
            out.push_str(&format!("; Max-Age={age}"));
        }
        out
    }
}

/// The cookies a request came with, and those to set on the response.
#[derive(Clone, Debug, Default)]
pub struct CookieJar {
    incoming: Vec<(String, String)>,
    outgoing: Vec<Cookie>,
}

impl CookieJar {
    /// The cookies of a request's `Cookie` headers.
    pub fn from_headers(headers: &HeaderMap) -> CookieJar {
        let incoming = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| {
                let (name, value) = pair.split_once('=')?;
                let value = value.trim().trim_matches('"');
                Some((name.trim().to_owned(), value.to_owned()))
            })
            .collect();
        CookieJar {
            incoming,
            outgoing: Vec::new(),
        }
    }

    /// The value of a cookie: one added to this jar, else the request's.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.outgoing
            .iter()
            .rev()
            .find(|c| c.name == name)
            .map(|c| c.value.as_str())
            .or_else(|| {
                self.incoming
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.as_str())
            })
    }

    /// Sets a cookie on the response.
    #[must_use = "return the jar with the response, or the cookie is not set"]
    pub fn set(mut self, cookie: Cookie) -> CookieJar {
        self.outgoing.retain(|c| c.name != cookie.name);
        self.outgoing.push(cookie);
        self
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CookieJar {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(CookieJar::from_headers(&parts.headers))
    }
}

impl IntoResponseParts for CookieJar {
    type Error = Infallible;

    fn into_response_parts(self, mut res: ResponseParts) -> Result<ResponseParts, Self::Error> {
        for cookie in &self.outgoing {
            match HeaderValue::from_str(&cookie.header_value()) {
                Ok(value) => {
                    res.headers_mut().append(header::SET_COOKIE, value);
                }
                Err(_) => tracing::error!(name = cookie.name, "cookie value is not a header value"),
            }
        }
        Ok(res)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_cookies_are_read_from_every_cookie_header() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static("a=1; lang=de"));
        headers.append(header::COOKIE, HeaderValue::from_static("recent=\"x\""));
        let jar = CookieJar::from_headers(&headers);
        assert_eq!(jar.get("lang"), Some("de"));
        assert_eq!(jar.get("recent"), Some("x"));
        assert_eq!(jar.get("none"), None);
    }

    #[test]
    fn an_added_cookie_wins_over_the_request_and_is_written_with_its_attributes() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static("lang=en"));
        let jar = CookieJar::from_headers(&headers).set(Cookie::new("lang", "de").max_age(60));
        assert_eq!(jar.get("lang"), Some("de"));
        assert_eq!(
            jar.outgoing[0].header_value(),
            "lang=de; Path=/; SameSite=Lax; HttpOnly; Max-Age=60"
        );
    }
}
