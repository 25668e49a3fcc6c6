//! The files served at `/static/…` (stylesheets and scripts), built into the binary from the
//! repository's `static/` folder, so a copied binary serves them wherever it runs. A file
//! added to `static/` must be added to [`FILES`] (a test checks that the two agree).
//!
//! Must not depend on `store`, `db` or `rules`.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::AppState;

/// Cache lifetime of static files (not fingerprinted, so kept short).
const CACHE_CONTROL: &str = "public, max-age=3600";

/// One file served at `/static/{name}`.
struct File {
    name: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
}

/// A file of `static/` with its content type.
macro_rules! file {
    ($name:literal, $content_type:literal) => {
        File {
            name: $name,
            content_type: $content_type,
            bytes: include_bytes!(concat!("../../static/", $name)),
        }
    };
}

/// Every file of `static/`.
const FILES: &[File] = &[
    file!("app.css", "text/css"),
    file!("cards.js", "text/javascript"),
    file!("game.css", "text/css"),
    file!("icon-180.png", "image/png"),
    file!("icon-192.png", "image/png"),
    file!("icon-512.png", "image/png"),
    file!("icon-maskable-512.png", "image/png"),
    file!("icon-maskable.svg", "image/svg+xml"),
    file!("icon.svg", "image/svg+xml"),
    file!("live.js", "text/javascript"),
    file!("manifest.webmanifest", "application/manifest+json"),
    file!("new_game.js", "text/javascript"),
    file!("outbox.js", "text/javascript"),
    file!("print.js", "text/javascript"),
    file!("rounds.css", "text/css"),
    file!("rounds.js", "text/javascript"),
    file!("share.js", "text/javascript"),
    file!("verdict.js", "text/javascript"),
    file!("wake.js", "text/javascript"),
];

/// `GET /static/{name}`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/static/{*name}", get(serve))
        // Installable (issue 11): the web app manifest at the root, where its scope is the
        // whole app, and the icon a browser asks for by itself.
        .route(
            "/manifest.webmanifest",
            get(|| serve(Path("manifest.webmanifest".to_owned()))),
        )
        .route(
            "/favicon.ico",
            get(|| serve(Path("icon-192.png".to_owned()))),
        )
}

/// The file, with its content type and a cache lifetime; 404 (the HTML error page) for any
/// other name. Only successful answers are cached: a 404 must not outlive a file's creation.
async fn serve(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|file| file.name == name) {
        Some(file) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(file.content_type),
                ),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(CACHE_CONTROL),
                ),
            ],
            file.bytes,
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_static_folder_is_built_in_byte_for_byte() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("the static folder")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .into_string()
                    .expect("UTF-8")
            })
            .collect();
        on_disk.sort();
        let built_in: Vec<&str> = FILES.iter().map(|file| file.name).collect();
        assert_eq!(on_disk, built_in, "FILES lists static/ in order");
        for file in FILES {
            let bytes = std::fs::read(dir.join(file.name)).expect("the file");
            assert_eq!(bytes, file.bytes, "{}", file.name);
        }
    }

    #[tokio::test]
    async fn a_static_file_is_served_from_the_built_in_copy() {
        use http_body_util::BodyExt as _;
        use tower::ServiceExt as _;

        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = crate::db::Db::open(&dir.path().join("assets.db"))
            .await
            .expect("the database opens");
        let request = axum::http::Request::get("/static/rounds.js")
            .body(axum::body::Body::empty())
            .expect("a request");
        let response = super::super::app(AppState::new(db))
            .oneshot(request)
            .await
            .expect("an answer");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/javascript");
        assert_eq!(response.headers()[header::CACHE_CONTROL], CACHE_CONTROL);
        let body = response.into_body().collect().await.expect("a body");
        let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/static/rounds.js"))
            .expect("the file");
        assert_eq!(body.to_bytes(), on_disk);
    }
}
