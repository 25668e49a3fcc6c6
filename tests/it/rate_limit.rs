//! The per-client write rate limit through the router: a tiny limit so the tests never
//! depend on timing; reads are never limited; a 429 says when to try again.

use std::net::SocketAddr;

use crate::common::{TestApp, TestResponse};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use kontrakt::web::WriteLimit;

/// Two writes at once, then one every 1000 seconds: the third write in a test is refused.
const TINY: WriteLimit = WriteLimit {
    burst: 2,
    per_second: 0.001,
};

fn post(path: &str, peer: Option<&str>) -> Request<Body> {
    let mut request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(r#"{"rules": "contract", "cards": "AS"}"#))
        .unwrap();
    if let Some(peer) = peer {
        let addr: SocketAddr = peer.parse().unwrap();
        request.extensions_mut().insert(ConnectInfo(addr));
    }
    request
}

async fn exhaust(app: &TestApp, path: &str, peer: Option<&str>) {
    for _ in 0..TINY.burst {
        let response = app.send(post(path, peer)).await;
        assert_ne!(
            response.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{response:?}"
        );
    }
}

fn assert_retry_after(response: &TestResponse) {
    let seconds: u64 = response
        .header("retry-after")
        .parse()
        .expect("Retry-After is a number of seconds");
    assert!((1..=1000).contains(&seconds), "{seconds}");
}

#[tokio::test]
async fn writes_over_the_limit_get_429_with_retry_after_and_a_json_sentence_under_api() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/api/v1/score", None).await;

    let response = app.send(post("/api/v1/score", None)).await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    assert_retry_after(&response);
    let sentence = response.error_sentence();
    assert!(
        sentence.starts_with("Too many changes from your network in a short time. Try again in"),
        "{sentence}"
    );
    // The 429 carries the security headers like every answer.
    assert_eq!(response.header("x-content-type-options"), "nosniff");
}

#[tokio::test]
async fn writes_over_the_limit_outside_api_get_the_html_error_page() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/some/form", None).await;

    let response = app.send(post("/some/form", None)).await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(response.is_html());
    assert!(response.body.contains("Too many changes from your network"));
    assert_retry_after(&response);
}

#[tokio::test]
async fn the_429_page_is_in_the_pages_language_with_the_wait_and_the_api_stays_english() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/some/form", None).await;

    let with = |header: &str, value: &str, path: &str| {
        let mut request = post(path, None);
        request.headers_mut().insert(
            axum::http::HeaderName::from_bytes(header.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
        request
    };
    for (header, value) in [("accept-language", "de-CH,de;q=0.9"), ("cookie", "lang=de")] {
        let response = app.send(with(header, value, "/some/form")).await;
        assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(response.is_html());
        let wait = response.header("retry-after").to_owned();
        let body = &response.body;
        assert!(body.contains("<html lang=\"de\">"), "{body}");
        assert!(
            body.contains("Zu viele Anfragen"),
            "the German title: {body}"
        );
        assert!(
            body.contains(&format!(
                "Zu viele Änderungen aus deinem Netz in kurzer Zeit. \
                 Versuch es in {wait} Sekunden noch einmal."
            )),
            "{body}"
        );
        assert!(!body.contains("Too many changes"), "{body}");
    }

    let response = app.send(with("accept-language", "en", "/some/form")).await;
    let wait = response.header("retry-after").to_owned();
    assert!(
        response.body.contains(&format!(
            "Too many changes from your network in a short time. Try again in {wait} seconds."
        )),
        "{}",
        response.body
    );

    let response = app
        .send(with("accept-language", "de", "/api/v1/score"))
        .await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    let wait = response.header("retry-after").to_owned();
    assert_eq!(
        response.error_sentence(),
        format!("Too many changes from your network in a short time. Try again in {wait} seconds.")
    );
}

#[tokio::test]
async fn reads_are_never_limited() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/api/v1/score", None).await;
    for _ in 0..20 {
        assert_eq!(app.get("/api/v1/rules").await.status, StatusCode::OK);
        assert_eq!(app.get("/healthz").await.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn each_client_address_has_its_own_limit() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/api/v1/score", Some("192.0.2.1:50000")).await;
    let refused = app
        .send(post("/api/v1/score", Some("192.0.2.1:50001")))
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);

    let other = app
        .send(post("/api/v1/score", Some("192.0.2.2:50000")))
        .await;
    assert_eq!(other.status, StatusCode::OK, "{other:?}");
}

#[tokio::test]
async fn a_refused_write_changes_nothing() {
    let app = TestApp::with_write_limit(TINY).await;
    let created = app
        .send(
            Request::post("/api/v1/games")
                .header("content-type", "application/json")
                .body(Body::from(
                    r#"{"rules": "contract", "players": ["A", "B", "C"]}"#,
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let round = || {
        Request::post(format!("/api/v1/games/{id}/rounds"))
            .header("content-type", "application/json")
            .body(Body::from(
                r#"{"went_out": "A", "points": {"B": 5, "C": 10}}"#,
            ))
            .unwrap()
    };
    assert_eq!(app.send(round()).await.status, StatusCode::OK);
    assert_eq!(
        app.send(round()).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );

    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(state["version"], 1);
}
