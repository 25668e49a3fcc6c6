//! Helpers shared by the integration tests: a fresh app on its own temporary database, and
//! requests sent through the router with `oneshot` (no port). Every module of the test binary
//! may use it; it uses only the crate's public API, never another test module.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt as _;
use kontrakt::db::Db;
use kontrakt::web::{AppState, WriteLimit, app};
use tempfile::TempDir;
use tower::ServiceExt as _;

/// The app on a fresh, migrated database in a temporary directory (removed on drop).
pub struct TestApp {
    pub router: Router,
    pub db: Db,
    pub dir: TempDir,
}

impl TestApp {
    /// The app with no write rate limit to speak of (tests write a lot, from one address).
    pub async fn new() -> Self {
        Self::with_write_limit(WriteLimit::UNLIMITED).await
    }

    /// The app with the given write rate limit.
    pub async fn with_write_limit(limit: WriteLimit) -> Self {
        let (db, dir) = fresh_db().await;
        let router = app(AppState::new(db.clone()).with_write_limit(limit));
        Self { router, db, dir }
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("the router never fails");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body can be read")
            .to_bytes();
        TestResponse {
            status,
            headers,
            body: String::from_utf8(bytes.to_vec()).expect("body is UTF-8"),
        }
    }

    pub async fn get(&self, path: &str) -> TestResponse {
        self.send(Request::get(path).body(Body::empty()).unwrap())
            .await
    }
}

/// A fresh, migrated database in its own temporary directory.
pub async fn fresh_db() -> (Db, TempDir) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let db = Db::open(&dir.path().join("test.db"))
        .await
        .expect("database opens and migrates");
    (db, dir)
}

/// A response with its body read.
#[derive(Debug)]
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl TestResponse {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .unwrap_or_else(|| panic!("response has no {name} header"))
            .to_str()
            .expect("header is ASCII")
    }

    pub fn json(&self) -> serde_json::Value {
        assert!(
            self.header("content-type").starts_with("application/json"),
            "expected JSON, got {:?}: {}",
            self.headers.get("content-type"),
            self.body
        );
        serde_json::from_str(&self.body).expect("body is JSON")
    }

    /// The `error` sentence of a JSON error body.
    pub fn error_sentence(&self) -> String {
        self.json()["error"]
            .as_str()
            .expect("error is a string")
            .to_owned()
    }

    pub fn is_html(&self) -> bool {
        self.header("content-type").starts_with("text/html")
    }
}
