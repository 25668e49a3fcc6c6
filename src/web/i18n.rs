//! German and English for every page: the language of a request, its page context and the
//! language switch.
//!
//! Every visible string of a page is a [`Msg`] of the `text` module, with its English and German
//! text side by side, so a missing translation does not compile. A page gets its
//! language and strings from the [`PageCtx`] extractor and keeps it in a `ctx` field that
//! `base.html` reads:
//!
//! ```text
//! async fn page(ctx: PageCtx) -> Result<Response> {
//!     render(&MyPage { ctx, .. })          // template: {{ ctx.t(Msg::MyTitle) }}
//! }
//! ```
//!
//! Texts with values use named placeholders, filled in Rust with [`PageCtx::f`]
//! (`ctx.f(Msg::RoundOption, &[("n", &3), ("contract", &text)])`). Card and rule texts come from
//! `text` in the same [`Lang`].
//!
//! The language is the `lang` cookie if set, else the best of `de`/`en` in Accept-Language,
//! else English. `GET` or `POST /lang/{code}?next=/path` sets the cookie for a year and
//! redirects back, only ever to a path on this site.

use std::convert::Infallible;
use std::fmt::Display;

use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequestParts, OriginalUri, Path, Query};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use serde::Deserialize;

use super::AppState;
use super::cookies::{Cookie, CookieJar};
pub use crate::text::{Lang, Msg, fill};

/// A game's id or read-only token as links carry them: hex digits only (never `new`).
fn is_token(s: &str) -> bool {
    !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Name of the cookie that remembers the chosen language.
pub const LANG_COOKIE: &str = "lang";
/// How long the language choice is remembered: one year, in seconds.
pub const LANG_MAX_AGE: u64 = 365 * 24 * 60 * 60;

/// What every page template needs: the language of this request and the page's own address
/// (for the language switch). Extract it in a handler and keep it as the template's `ctx`.
#[derive(Clone, Debug)]
pub struct PageCtx {
    /// The language of the page.
    pub lang: Lang,
    /// Path and query of this page; the language switch comes back here. A handler may set
    /// it to a better address (a POST result to the GET that shows the same form).
    pub here: String,
    /// Issues the idempotency keys of the page's forms (none where the app's router did not
    /// provide them, e.g. the error pages, which have no forms).
    pub form_keys: Option<super::FormKeys>,
}

impl PageCtx {
    /// The language of a request from its headers; `uri` is the page's address.
    pub fn from_headers(headers: &HeaderMap, uri: &Uri) -> PageCtx {
        PageCtx {
            lang: request_lang(headers),
            here: uri
                .path_and_query()
                .map_or_else(|| "/".to_owned(), |pq| pq.as_str().to_owned()),
            form_keys: None,
        }
    }

    /// The top bar's meld checker: inside a game (its edit pages `/games/{id}/…` or its
    /// read-only ones `/view/{token}/…`) the checker set to that game
    /// (`/check?game={id}`, `/check?view={token}`); elsewhere the plain `/check`.
    pub fn checker_href(&self) -> String {
        let path = self.here.split(['?', '#']).next().unwrap_or_default();
        let mut parts = path.trim_start_matches('/').split('/');
        match (parts.next(), parts.next()) {
            (Some("games"), Some(id)) if is_token(id) => format!("/check?game={id}"),
            (Some("view"), Some(token)) if is_token(token) => format!("/check?view={token}"),
            _ => "/check".to_owned(),
        }
    }

    /// A fresh idempotency key for a form of this page that posts to `action`
    /// ([`super::FormKeys::issue`]); without form keys, a random key no post will accept.
    pub fn form_key(&self, action: &str) -> String {
        match &self.form_keys {
            Some(keys) => keys.issue(action),
            None => crate::db::games::new_token(),
        }
    }

    /// A text in the page's language.
    pub fn t(&self, msg: Msg) -> &'static str {
        msg.text(self.lang)
    }

    /// A text with its placeholders filled: `ctx.f(Msg::MeldN, &[("n", &2)])`.
    pub fn f(&self, msg: Msg, args: &[(&str, &dyn Display)]) -> String {
        fill(self.t(msg), args)
    }

    /// `en` or `de`, for `<html lang>`.
    pub fn code(&self) -> &'static str {
        self.lang.code()
    }

    /// The ranks as the card grid labels them (`A 2 … 10 B D K` in German).
    pub fn card_ranks(&self) -> String {
        crate::text::cards::rank_labels(self.lang)
    }

    /// The other language, offered by the switch.
    pub fn other(&self) -> Lang {
        match self.lang {
            Lang::En => Lang::De,
            Lang::De => Lang::En,
        }
    }

    /// The address of the language switch, coming back to this page.
    pub fn switch_href(&self) -> String {
        format!(
            "/lang/{}?next={}",
            self.other().code(),
            percent_encode(&self.here)
        )
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageCtx {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let uri = parts
            .extensions
            .get::<OriginalUri>()
            .map_or(&parts.uri, |original| &original.0);
        let mut ctx = PageCtx::from_headers(&parts.headers, uri);
        ctx.form_keys = parts.extensions.get::<super::FormKeys>().cloned();
        Ok(ctx)
    }
}

/// The language of a request: the `lang` cookie, else Accept-Language, else English.
pub fn request_lang(headers: &HeaderMap) -> Lang {
    let jar = CookieJar::from_headers(headers);
    if let Some(lang) = jar.get(LANG_COOKIE).and_then(parse_code) {
        return lang;
    }
    headers
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(accept_language)
        .unwrap_or_default()
}

/// `en` or `de` (any case); nothing else.
fn parse_code(code: &str) -> Option<Lang> {
    match code.trim().to_ascii_lowercase().as_str() {
        "en" => Some(Lang::En),
        "de" => Some(Lang::De),
        _ => None,
    }
}

/// The preferred of German and English in an Accept-Language header: the one with the
/// highest quality (`de-CH;q=0.8`); the first listed wins a tie. `None` if neither is there.
pub fn accept_language(header: &str) -> Option<Lang> {
    let mut best: Option<(Lang, u16)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let quality = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(1000, |q| {
                q.trim()
                    .parse::<f32>()
                    .map_or(0, |q| (q.clamp(0.0, 1.0) * 1000.0) as u16)
            });
        let primary = tag.split('-').next().unwrap_or("");
        let lang = match primary {
            "de" => Lang::De,
            "en" => Lang::En,
            _ => continue,
        };
        if quality > 0 && best.is_none_or(|(_, q)| quality > q) {
            best = Some((lang, quality));
        }
    }
    best.map(|(lang, _)| lang)
}

/// Is this a path on this site that is safe to redirect to: `/…`, never `//host` or `/\host`,
/// no control characters or backslashes?
pub fn is_local_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.chars().any(|c| c.is_control() || c.is_whitespace())
        && path.len() <= 2048
}

/// Percent-encodes everything but unreserved characters and `/`: safe in a query value and
/// in a cookie value.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes; `None` if the result is not UTF-8 or an escape is broken.
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Routes of the language switch.
pub fn routes() -> Router<AppState> {
    Router::new().route("/lang/{code}", get(switch).post(switch))
}

#[derive(Debug, Deserialize)]
struct SwitchQuery {
    next: Option<String>,
}

/// `GET|POST /lang/{code}?next=/path`: remember the language for a year, then go back to
/// `next` if it is a local path, else home. An unknown code changes nothing.
async fn switch(
    jar: CookieJar,
    Path(code): Path<String>,
    query: Result<Query<SwitchQuery>, QueryRejection>,
) -> Response {
    let next = query
        .ok()
        .and_then(|Query(q)| q.next)
        .filter(|next| is_local_path(next))
        .unwrap_or_else(|| "/".to_owned());
    let jar = match parse_code(&code) {
        Some(lang) => jar.set(Cookie::new(LANG_COOKIE, lang.code()).max_age(LANG_MAX_AGE)),
        None => jar,
    };
    (jar, Redirect::to(&next)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_german_or_english_by_quality() {
        assert_eq!(accept_language("de-DE,de;q=0.9,en;q=0.8"), Some(Lang::De));
        assert_eq!(accept_language("en-US,en;q=0.9,de;q=0.8"), Some(Lang::En));
        assert_eq!(accept_language("fr-CH, fr;q=0.9, de;q=0.7"), Some(Lang::De));
        assert_eq!(accept_language("fr, it"), None);
        assert_eq!(accept_language("DE-at"), Some(Lang::De));
        assert_eq!(accept_language("de;q=0, en;q=0.1"), Some(Lang::En));
        assert_eq!(accept_language(""), None);
    }

    #[test]
    fn only_local_paths_are_redirect_targets() {
        assert!(is_local_path("/"));
        assert!(is_local_path("/check?rules=liverpool&round=3"));
        for bad in [
            "",
            "https://evil.example/",
            "//evil.example",
            "/\\evil.example",
            "/x\r\nSet-Cookie: a=b",
            "javascript:alert(1)",
            "evil.example",
        ] {
            assert!(!is_local_path(bad), "{bad:?}");
        }
    }

    #[test]
    fn percent_encoding_round_trips_any_text() {
        for s in ["/check?rules=a&round=3", "Änne & Bob; \"x\", 5♥", ""] {
            let encoded = percent_encode(s);
            assert!(
                encoded
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~/%".contains(&b)),
                "{encoded}"
            );
            assert_eq!(percent_decode(&encoded).as_deref(), Some(s));
        }
        assert_eq!(percent_decode("%E"), None);
        assert_eq!(percent_decode("%FF"), None);
    }
}
