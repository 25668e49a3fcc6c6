//! The files served at `/static/…` (stylesheets and scripts), built into the binary from the
//! repository's `static/` folder by `build.rs`, so a copied binary serves them wherever it
//! runs and reads nothing from disk. Every file of `static/` is served by its fingerprinted
//! name (`/static/app.3f2a1c9e.css`, the hash from its bytes: cached for a year, immutable)
//! and by its plain name (`/static/app.css`, cached an hour: pages saved on phones before the
//! fingerprints still find their files). Pages link the fingerprinted name through [`url`].
//! Each file has a gzip and a brotli copy made at build time, chosen by `Accept-Encoding`; the
//! compression middleware of [`super::app`] leaves them alone (they carry `Content-Encoding`).
//! The service worker is served at `/sw.js` (its scope is the whole app), listing them.
//!
//! Must not depend on `store`, `db` or `rules`.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::AppState;

/// Cache lifetime of a fingerprinted URL: its bytes never change.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache lifetime of a plain (not fingerprinted) URL, kept short.
pub const SHORT: &str = "public, max-age=3600";

/// One file served at `/static/{name}` and `/static/{hashed}`.
pub(super) struct File {
    /// Its name in `static/`, e.g. `app.css`.
    name: &'static str,
    /// Its fingerprinted name, e.g. `app.3f2a1c9e.css`.
    hashed: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
    gzip: &'static [u8],
    brotli: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The URL pages link for a file of `static/`: its fingerprinted name, e.g.
/// `url("app.css")` is `/static/app.3f2a1c9e.css`. Templates call it as
/// `{{ crate::web::assets::url("app.css") }}`.
///
/// # Panics
///
/// If `static/` has no such file: a template naming a missing file is a bug the page tests
/// catch at once.
pub fn url(name: &str) -> String {
    let file = FILES
        .iter()
        .find(|file| file.name == name)
        .unwrap_or_else(|| panic!("no file {name} among the static files"));
    format!("/static/{}", file.hashed)
}

/// Every fingerprinted URL (what the service worker caches).
pub fn hashed_urls() -> impl Iterator<Item = String> {
    FILES.iter().map(|file| format!("/static/{}", file.hashed))
}

/// The service worker (`static/sw/sw.js` with the fingerprinted URLs filled in by build.rs).
pub const SERVICE_WORKER: &str = include_str!(concat!(env!("OUT_DIR"), "/sw.js"));

/// `GET /static/{name}` and `GET /sw.js`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/static/{*name}", get(serve))
        .route("/sw.js", get(service_worker))
        // Installable: the web app manifest at the root, where its scope is the
        // whole app, and the icon a browser asks for by itself.
        .route(
            "/manifest.webmanifest",
            get(|headers: HeaderMap| serve(Path("manifest.webmanifest".to_owned()), headers)),
        )
        .route(
            "/favicon.ico",
            get(|headers: HeaderMap| serve(Path("icon-192.png".to_owned()), headers)),
        )
}

/// `GET /sw.js`: at the root, so its scope is the whole app; revalidated on every check
/// (`no-cache`), so a new release's worker, naming the new files, is found at once.
async fn service_worker() -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/javascript"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (
                header::HeaderName::from_static("service-worker-allowed"),
                HeaderValue::from_static("/"),
            ),
        ],
        SERVICE_WORKER,
    )
        .into_response()
}

/// The codings a client accepts, from its `Accept-Encoding`: `(brotli, gzip)`. A coding with
/// `q=0` is refused; `*` stands for any coding not named.
fn accepted(headers: &HeaderMap) -> (bool, bool) {
    let (mut brotli, mut gzip, mut any) = (None, None, None);
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let refused = parts.any(|param| {
                param
                    .trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            match coding.as_str() {
                "br" => brotli = Some(!refused),
                "gzip" | "x-gzip" => gzip = Some(!refused),
                "*" => any = Some(!refused),
                _ => {}
            }
        }
    }
    let any = any.unwrap_or(false);
    (brotli.unwrap_or(any), gzip.unwrap_or(any))
}

/// The file (brotli, gzip or as is, as the client accepts), with its content type and cache
/// lifetime; 404 (the HTML error page) for any other name. Only successful answers are
/// cached: a 404 must not outlive a file's creation.
async fn serve(Path(name): Path<String>, headers: HeaderMap) -> Response {
    let (file, cache) = if let Some(file) = FILES.iter().find(|file| file.hashed == name) {
        (file, IMMUTABLE)
    } else if let Some(file) = FILES.iter().find(|file| file.name == name) {
        (file, SHORT)
    } else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let etag = format!("\"{}\"", file.hashed);
    let mut response_headers = HeaderMap::new();
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response_headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        response_headers.insert(header::ETAG, etag);
    }
    let matches = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|tag| tag.trim().trim_start_matches("W/") == etag || tag.trim() == "*");
    if matches {
        return (StatusCode::NOT_MODIFIED, response_headers).into_response();
    }
    response_headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file.content_type),
    );
    let (brotli, gzip) = accepted(&headers);
    let body = if brotli {
        response_headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
        file.brotli
    } else if gzip {
        response_headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        file.gzip
    } else {
        file.bytes
    };
    (response_headers, body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_static_folder_is_built_in_byte_for_byte_the_page_stylesheets_after_the_shared_rules()
     {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("the static folder")
            .map(|entry| entry.expect("an entry"))
            .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
            .map(|entry| entry.file_name().into_string().expect("UTF-8"))
            .collect();
        on_disk.sort();
        let built_in: Vec<&str> = FILES.iter().map(|file| file.name).collect();
        assert_eq!(on_disk, built_in, "FILES lists static/ in order");
        for file in FILES {
            let mut bytes = std::fs::read(dir.join(file.name)).expect("the file");
            if ["game.css", "rounds.css"].contains(&file.name) {
                // Served with the shared rules in front (build.rs: one stylesheet per page).
                let mut shared = std::fs::read(dir.join("app.css")).expect("app.css");
                shared.push(b'\n');
                shared.append(&mut bytes);
                bytes = shared;
            }
            assert_eq!(bytes, file.bytes, "{}", file.name);
            let (stem, extension) = file.name.rsplit_once('.').expect("an extension");
            let hash = file
                .hashed
                .strip_prefix(&format!("{stem}."))
                .and_then(|rest| rest.strip_suffix(&format!(".{extension}")))
                .expect("stem.hash.extension");
            assert_eq!(hash.len(), 8, "{}", file.hashed);
            assert!(
                hash.bytes().all(|b| b.is_ascii_hexdigit()),
                "{}",
                file.hashed
            );
        }
    }

    #[test]
    fn accept_encoding_prefers_brotli_and_honours_q_zero_and_star() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(value).unwrap(),
            );
            accepted(&headers)
        };
        assert_eq!(accepted(&HeaderMap::new()), (false, false));
        assert_eq!(with("gzip, deflate, br, zstd"), (true, true));
        assert_eq!(with("gzip"), (false, true));
        assert_eq!(with("br;q=0, gzip;q=0.5"), (false, true));
        assert_eq!(with("*"), (true, true));
        assert_eq!(with("*, br;q=0"), (false, true));
        assert_eq!(with("identity"), (false, false));
    }

    async fn get(path: &str, accept_encoding: Option<&str>) -> Response {
        let headers: Vec<_> = accept_encoding
            .map(|value| (header::ACCEPT_ENCODING, value))
            .into_iter()
            .collect();
        get_with(path, &headers).await
    }

    async fn get_with(path: &str, headers: &[(header::HeaderName, &str)]) -> Response {
        use tower::ServiceExt as _;

        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = crate::db::Db::open(&dir.path().join("assets.db"))
            .await
            .expect("the database opens");
        let mut request = axum::http::Request::get(path);
        for (name, value) in headers {
            request = request.header(name, *value);
        }
        let request = request.body(axum::body::Body::empty()).expect("a request");
        super::super::app(AppState::new(db))
            .oneshot(request)
            .await
            .expect("an answer")
    }

    async fn body(response: Response) -> Vec<u8> {
        use http_body_util::BodyExt as _;
        let body = response.into_body().collect().await.expect("a body");
        body.to_bytes().to_vec()
    }

    #[tokio::test]
    async fn a_static_file_is_served_from_the_built_in_copy_under_both_names() {
        let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/static/rounds.js"))
            .expect("the file");
        let response = get("/static/rounds.js", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/javascript");
        assert_eq!(response.headers()[header::CACHE_CONTROL], SHORT);
        assert_eq!(body(response).await, on_disk);

        let response = get(&url("rounds.js"), None).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CACHE_CONTROL], IMMUTABLE);
        assert_eq!(response.headers()[header::VARY], "accept-encoding");
        assert!(response.headers().get(header::CONTENT_ENCODING).is_none());
        assert_eq!(body(response).await, on_disk);
    }

    #[tokio::test]
    async fn gzip_and_brotli_answers_decode_to_the_file_and_are_not_compressed_twice() {
        use std::io::Read as _;

        let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/static/app.css"))
            .expect("the file");
        let response = get(&url("app.css"), Some("gzip")).await;
        assert_eq!(response.headers()[header::CONTENT_ENCODING], "gzip");
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&body(response).await[..])
            .read_to_end(&mut decoded)
            .expect("gzip");
        assert_eq!(decoded, on_disk);

        let response = get(&url("app.css"), Some("gzip, deflate, br")).await;
        assert_eq!(response.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/css");
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&body(response).await[..], 4096)
            .read_to_end(&mut decoded)
            .expect("brotli");
        assert_eq!(decoded, on_disk);
    }

    #[tokio::test]
    async fn the_service_worker_is_served_at_the_root_listing_every_fingerprinted_file() {
        let response = get("/sw.js", Some("gzip")).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/javascript");
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
        assert_eq!(response.headers()["service-worker-allowed"], "/");
        assert!(SERVICE_WORKER.contains("var SHELL = [\"/static/"));
        assert!(!SERVICE_WORKER.contains("/*ASSETS*/"));
        assert!(!SERVICE_WORKER.contains("/*VERSION*/"));
        for url in hashed_urls() {
            assert!(SERVICE_WORKER.contains(&format!("\"{url}\"")), "{url}");
        }
        // Served compressed like any other answer of the app.
        assert_eq!(response.headers()[header::CONTENT_ENCODING], "gzip");
    }

    #[test]
    fn pages_register_the_service_worker_only_in_a_secure_context() {
        let live = FILES
            .iter()
            .find(|file| file.name == "live.js")
            .expect("live.js");
        let live = std::str::from_utf8(live.bytes).expect("UTF-8");
        let guard = live.find("window.isSecureContext").expect("the guard");
        let register = live
            .find("navigator.serviceWorker.register(\"/sw.js\"")
            .expect("the registration");
        assert!(guard < register);
    }

    #[tokio::test]
    async fn a_matching_etag_answers_304_without_a_body() {
        let response = get(&url("app.css"), None).await;
        let etag = response.headers()[header::ETAG]
            .to_str()
            .unwrap()
            .to_owned();
        let response = get_with("/static/app.css", &[(header::IF_NONE_MATCH, &etag)]).await;
        assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
        assert!(body(response).await.is_empty());
    }
}
