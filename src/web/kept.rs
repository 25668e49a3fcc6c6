//! Pages kept after rendering, compressed once and served again as they are: the game page,
//! the group page and the standings, which every phone at the table reads far more often
//! than anyone changes them.
//!
//! A [`KeptPages`] holds one [`KeptPage`] per key (the page's address, language and whatever
//! else of the request it shows) for as long as the store hands out the *same* loaded state
//! it was rendered from ([`Arc::ptr_eq`]): every write gives the store a new loaded game or
//! group, so a kept page never shows an old state. A kept page is byte for byte the same
//! answer for everyone who reads it, form keys included (see `docs/decisions.md`, 2026-11-27:
//! the keys of a page are issued once per rendering), so its brotli and gzip bodies are made
//! once, at the first request that asks for each, and then only copied out
//! ([`KeptPage::respond`]). The compression middleware passes an answer that already has a
//! `Content-Encoding`.
//!
//! A shared web piece: must not depend on `pages`, `api`, `store` or `rules`.

use std::collections::HashMap;
use std::hash::Hash;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Pages kept per [`KeptPages`]; the whole set is emptied when full (a table's pages are
/// rendered again at their next read).
const CAPACITY: usize = 256;

/// Brotli quality of a kept page: made once per page and state, so a slow, tight setting
/// pays (the compression middleware uses 4 for answers made afresh).
const BROTLI_QUALITY: u32 = 9;
/// Brotli window (log2 of bytes): larger than any page.
const BROTLI_WINDOW: u32 = 20;

/// A rendered page and its compressed bodies, each made at its first use.
#[derive(Debug)]
pub struct KeptPage {
    html: Bytes,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

/// How an answer's body is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// `Content-Encoding: br`.
    Brotli,
    /// `Content-Encoding: gzip`.
    Gzip,
    /// As it is.
    Identity,
}

impl KeptPage {
    /// A page's HTML, to be kept.
    pub fn new(html: String) -> Self {
        Self {
            html: Bytes::from(html),
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// The page's HTML.
    pub fn html(&self) -> &str {
        // Made from a `String` in `new`.
        std::str::from_utf8(&self.html).unwrap_or_default()
    }

    /// The body in `encoding`, compressed at its first use.
    pub fn body(&self, encoding: Encoding) -> Bytes {
        match encoding {
            Encoding::Identity => self.html.clone(),
            Encoding::Brotli => self.brotli.get_or_init(|| brotli(&self.html)).clone(),
            Encoding::Gzip => self.gzip.get_or_init(|| gzip(&self.html)).clone(),
        }
    }

    /// The page as the answer to a request with `headers`: status 200, HTML, in the best
    /// encoding the request accepts, with the `Vary` of every page (`Cookie`,
    /// `Accept-Language`) and `Accept-Encoding`.
    pub fn respond(&self, headers: &HeaderMap) -> Response {
        let encoding = accepted(headers);
        let mut response = (StatusCode::OK, self.body(encoding)).into_response();
        let out = response.headers_mut();
        out.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        );
        out.insert(
            header::VARY,
            HeaderValue::from_static("Cookie, Accept-Language, Accept-Encoding"),
        );
        match encoding {
            Encoding::Brotli => {
                out.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
            }
            Encoding::Gzip => {
                out.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
            Encoding::Identity => {}
        }
        response
    }
}

fn brotli(bytes: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(bytes.len() / 4);
    {
        let mut encoder =
            brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
        // Writing to memory cannot fail.
        let _ = encoder.write_all(bytes);
    }
    Bytes::from(out)
}

fn gzip(bytes: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        flate2::Compression::best(),
    );
    // Writing to memory cannot fail.
    let _ = encoder.write_all(bytes);
    Bytes::from(encoder.finish().unwrap_or_default())
}

/// The encoding of an answer to a request with `headers`: brotli if its `Accept-Encoding`
/// accepts it (by name or `*`, with a weight above 0), else gzip, else none.
pub fn accepted(headers: &HeaderMap) -> Encoding {
    let mut brotli = None;
    let mut gzip = None;
    let mut any = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let weight = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let accepted = weight > 0.0;
            match name.as_str() {
                "br" => brotli = Some(accepted),
                "gzip" | "x-gzip" => gzip = Some(accepted),
                "*" => any = Some(accepted),
                _ => {}
            }
        }
    }
    if brotli.or(any) == Some(true) {
        Encoding::Brotli
    } else if gzip.or(any) == Some(true) {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// Kept pages by key `K`, each with the loaded state `S` it shows.
pub struct KeptPages<K, S> {
    pages: Mutex<Pages<K, S>>,
}

/// Each key's page, with the loaded state it was rendered from, held weakly: a kept page never
/// keeps a loaded game or group in memory after the store's cache let it go (the caches' byte
/// budget), and while the weak reference lives its address cannot be reused by another
/// state, so comparing addresses is exact.
type Pages<K, S> = HashMap<K, (Weak<S>, Arc<KeptPage>)>;

impl<K, S> Default for KeptPages<K, S> {
    fn default() -> Self {
        Self {
            pages: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Hash + Eq, S> KeptPages<K, S> {
    /// The page kept under `key` for this very `state`, or `render`ed now and kept. Counts
    /// the lookup (`hit` or `miss`) under `counter`.
    pub fn page<E>(
        &self,
        key: K,
        state: &Arc<S>,
        counter: &'static str,
        render: impl FnOnce() -> Result<String, E>,
    ) -> Result<Arc<KeptPage>, E> {
        if let Some(page) = self.get(&key, state, counter) {
            return Ok(page);
        }
        Ok(self.keep(key, state, render()?))
    }

    /// The page kept under `key` for this very `state`, if there is one. Counts the lookup
    /// (`hit` or `miss`) under `counter`.
    pub fn get(&self, key: &K, state: &Arc<S>, counter: &'static str) -> Option<Arc<KeptPage>> {
        let kept = self.lock().get(key).cloned();
        let page = kept
            .filter(|(kept, _)| std::ptr::eq(kept.as_ptr(), Arc::as_ptr(state)))
            .map(|(_, page)| page);
        let result = if page.is_some() { "hit" } else { "miss" };
        metrics::counter!(counter, "result" => result).increment(1);
        page
    }

    /// Keeps `html`, rendered from `state`, under `key`.
    pub fn keep(&self, key: K, state: &Arc<S>, html: String) -> Arc<KeptPage> {
        let page = Arc::new(KeptPage::new(html));
        let mut pages = self.lock();
        if pages.len() >= CAPACITY {
            pages.clear();
        }
        pages.insert(key, (Arc::downgrade(state), Arc::clone(&page)));
        page
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Pages<K, S>> {
        // A poisoned lock only means a panic elsewhere while holding finished pages.
        self.pages.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn asking(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        headers
    }

    #[test]
    fn the_encoding_is_the_best_the_request_accepts() {
        assert_eq!(
            accepted(&asking("gzip, deflate, br, zstd")),
            Encoding::Brotli
        );
        assert_eq!(accepted(&asking("gzip, deflate")), Encoding::Gzip);
        assert_eq!(accepted(&asking("br;q=0, gzip;q=0.5")), Encoding::Gzip);
        assert_eq!(accepted(&asking("*")), Encoding::Brotli);
        assert_eq!(accepted(&asking("*;q=0, identity")), Encoding::Identity);
        assert_eq!(accepted(&asking("identity")), Encoding::Identity);
        assert_eq!(accepted(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn a_kept_page_decodes_to_its_html_in_every_encoding() {
        let html = "<p>Anna 120, Bert 95</p>".repeat(200);
        let page = KeptPage::new(html.clone());
        let mut out = String::new();
        brotli::Decompressor::new(&page.body(Encoding::Brotli)[..], 4096)
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, html);
        out.clear();
        flate2::read::GzDecoder::new(&page.body(Encoding::Gzip)[..])
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, html);
        assert_eq!(page.body(Encoding::Identity), html.as_bytes());
        assert!(page.body(Encoding::Brotli).len() < html.len() / 10);
    }

    #[test]
    fn a_page_is_kept_only_for_the_state_it_shows() {
        let pages: KeptPages<&str, u32> = KeptPages::default();
        let (one, two) = (Arc::new(1), Arc::new(1));
        let render = |n: u32| move || Ok::<_, ()>(format!("page {n}"));
        let first = pages.page("a", &one, "test", render(1)).unwrap();
        let again = pages.page("a", &one, "test", render(2)).unwrap();
        assert!(Arc::ptr_eq(&first, &again), "the same state: kept");
        let after = pages.page("a", &two, "test", render(3)).unwrap();
        assert_eq!(
            after.html(),
            "page 3",
            "a new state (a write): rendered again"
        );
        let other = pages.page("b", &two, "test", render(4)).unwrap();
        assert_eq!(other.html(), "page 4");
    }
}
