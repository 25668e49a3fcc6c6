//! The web scaffolding through the router: health, error pages, security headers, CSRF,
//! body limits, static files.

use crate::common::Said::{Has, Is};
use crate::common::TestApp;
use axum::body::Body;
use axum::http::{Request, StatusCode};

#[tokio::test]
async fn healthz_answers_ok() {
    let app = TestApp::new().await;
    let response = app.get("/healthz").await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.body, "ok");
}

#[tokio::test]
async fn home_page_is_html_that_names_the_app_and_links_the_stylesheet() {
    let app = TestApp::new().await;
    let response = app.get("/").await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(response.is_html());
    assert!(response.body.contains("<html lang=\"en\">"));
    assert!(response.body.contains("Kontrakt"));
    assert!(response.body.contains(&format!(
        "href=\"{}\"",
        kontrakt::web::assets::url("app.css")
    )));
    assert!(response.body.contains("name=\"viewport\""));
}

#[tokio::test]
async fn unknown_page_is_a_404_html_page_with_a_sentence() {
    let app = TestApp::new().await;
    let response = app.get("/no/such/page").await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    assert!(response.is_html());
    assert!(response.body.contains("There is no page at this address."));
    assert!(response.body.contains(&format!(
        "href=\"{}\"",
        kontrakt::web::assets::url("app.css")
    )));
}

#[tokio::test]
async fn unknown_api_path_is_a_404_json_error() {
    let app = TestApp::new().await;
    let response = app.get("/api/v1/nothing-here").await;
    response.assert_refused(
        StatusCode::NOT_FOUND,
        Is("There is no API endpoint at this address."),
    );
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::new().await;
    for path in [
        "/",
        "/healthz",
        "/no/such/page",
        "/api/v1/x",
        "/static/app.css",
    ] {
        let response = app.get(path).await;
        assert_eq!(
            response.header("content-security-policy"),
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
            "{path}"
        );
        assert_eq!(
            response.header("x-content-type-options"),
            "nosniff",
            "{path}"
        );
        assert_eq!(response.header("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(response.header("x-frame-options"), "DENY", "{path}");
    }
}

#[tokio::test]
async fn cross_site_form_post_is_refused_with_403_and_a_sentence() {
    let app = TestApp::new().await;
    let request = Request::post("/")
        .header("host", "kontrakt.local:3000")
        .header("sec-fetch-site", "cross-site")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from("round=1"))
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::FORBIDDEN);
    assert!(response.is_html());
    assert!(response.body.contains("came from another site"));
}

#[tokio::test]
async fn post_whose_origin_differs_from_host_is_refused_as_json_under_api() {
    let app = TestApp::new().await;
    let request = Request::post("/api/v1/games")
        .header("host", "kontrakt.local:3000")
        .header("origin", "http://evil.example")
        .header("content-type", "application/json")
        .body(Body::from("{}"))
        .unwrap();
    let response = app.send(request).await;
    response.assert_refused(StatusCode::FORBIDDEN, Has("came from another site"));
}

#[tokio::test]
async fn same_origin_post_is_not_refused_by_the_csrf_check() {
    let app = TestApp::new().await;
    let request = Request::post("/api/v1/games")
        .header("host", "kontrakt.local:3000")
        .header("origin", "http://kontrakt.local:3000")
        .header("sec-fetch-site", "same-origin")
        .header("content-type", "application/json")
        .body(Body::from(
            r#"{"rules": "contract", "players": ["A", "B", "C"]}"#,
        ))
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::CREATED);
}

#[tokio::test]
async fn body_over_64_kib_is_a_413_with_a_json_sentence() {
    let app = TestApp::new().await;
    let body = "x".repeat(64 * 1024 + 1);
    let request = Request::post("/api/v1/check")
        .header("content-type", "application/json")
        .header("content-length", body.len())
        .body(Body::from(body))
        .unwrap();
    let response = app.send(request).await;
    response.assert_refused(
        StatusCode::PAYLOAD_TOO_LARGE,
        Is("The request is too large; send at most 64 KiB."),
    );
}

#[tokio::test]
async fn wrong_method_is_a_405_page_that_keeps_the_allow_header() {
    let app = TestApp::new().await;
    let request = Request::delete("/healthz").body(Body::empty()).unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(response.is_html());
    assert!(response.body.contains("does not accept DELETE requests"));
    assert!(response.header("allow").contains("GET"));
}

#[tokio::test]
async fn the_405_sentence_follows_the_pages_language_and_accept_language_under_api() {
    let app = TestApp::new().await;
    for (header, value) in [
        ("accept-language", "de-AT, en;q=0.5"),
        ("cookie", "lang=de"),
    ] {
        let request = Request::delete("/healthz")
            .header(header, value)
            .body(Body::empty())
            .unwrap();
        let response = app.send(request).await;
        assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED);
        assert!(
            response.body.contains("<html lang=\"de\">"),
            "{}",
            response.body
        );
        assert!(response.body.contains("Methode nicht erlaubt"));
        assert!(
            response
                .body
                .contains("Diese Adresse nimmt keine DELETE-Anfragen an."),
            "{}",
            response.body
        );
        assert!(!response.body.contains("does not accept"));
    }
    let request = Request::delete("/healthz")
        .header("accept-language", "en-GB")
        .body(Body::empty())
        .unwrap();
    let response = app.send(request).await;
    assert!(response.body.contains("<html lang=\"en\">"));
    assert!(
        response
            .body
            .contains("This address does not accept DELETE requests.")
    );

    // The API follows Accept-Language too (Added 2026-11-24), English without it.
    let request = Request::put("/api/v1/rules")
        .header("accept-language", "de")
        .body(Body::empty())
        .unwrap();
    let response = app.send(request).await;
    response.assert_refused(
        StatusCode::METHOD_NOT_ALLOWED,
        Is("Diese Adresse nimmt keine PUT-Anfragen an."),
    );
    let request = Request::put("/api/v1/rules")
        .header("cookie", "lang=de")
        .body(Body::empty())
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(
        response.error_sentence(),
        "This address does not accept PUT requests."
    );
}

#[tokio::test]
async fn stylesheet_is_served_as_css_with_cache_headers() {
    let app = TestApp::new().await;
    let response = app.get("/static/app.css").await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(response.header("content-type").starts_with("text/css"));
    assert_eq!(response.header("cache-control"), "public, max-age=3600");
    assert!(response.body.contains("@media print"));
}

#[tokio::test]
async fn missing_static_file_is_a_404_page() {
    let app = TestApp::new().await;
    let response = app.get("/static/nope.css").await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    assert!(response.is_html());
}

/// The connection page over plain HTTP: the address the phones open (the request's own,
/// here a LAN address) with its QR code, and what plain HTTP cannot do with the start that
/// helps, in English and German; linked from the home page.
#[tokio::test]
async fn the_connection_page_gives_the_address_and_says_what_plain_http_cannot_do() {
    let app = TestApp::new().await;
    assert!(app.get("/").await.body.contains("href=\"/connection\""));
    let page = app
        .get_with("/connection", &[("host", "192.168.1.20:3000")])
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("href=\"http://192.168.1.20:3000/\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("<svg"), "the address's QR code");
    assert!(
        page.body.contains("kontrakt --lan --https"),
        "{}",
        page.body
    );
    assert!(page.body.contains("cannot keep their screens on"));
    let german = app
        .get_with(
            "/connection",
            &[("host", "192.168.1.20:3000"), ("accept-language", "de")],
        )
        .await;
    assert!(german.body.contains("Handys am Tisch"));
    assert!(german.body.contains("einfaches HTTP"), "{}", german.body);

    // Opened as localhost, with no address found by --lan: only this computer can open it.
    let alone = app
        .get_with("/connection", &[("host", "localhost:3000")])
        .await;
    assert!(
        alone.body.contains("id=\"connection-loopback\""),
        "{}",
        alone.body
    );
    assert!(!alone.body.contains("<svg"));
}

/// With the server's own certificate the page shows the fingerprint served at the moment it
/// is drawn (a renewal while running changes it), and the address `--lan` found even when
/// the host opened the page as localhost.
#[tokio::test]
async fn the_connection_page_shows_the_fingerprint_served_now_and_the_lan_address() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let (db, dir) = crate::common::fresh_db().await;
    let renewed = Arc::new(AtomicBool::new(false));
    let now = Arc::clone(&renewed);
    let state = kontrakt::web::AppState::new(db.clone())
        .with_https(false)
        .with_connection(kontrakt::web::Connection {
            lan_url: Some("https://192.168.1.20:3000/".into()),
            own_fingerprint: Some(Arc::new(move || {
                if now.load(Ordering::SeqCst) {
                    "CD:CD"
                } else {
                    "AB:AB"
                }
                .to_owned()
            })),
        });
    let app = TestApp {
        router: kontrakt::web::app(state),
        db,
        dir,
    };
    let page = app
        .get_with("/connection", &[("host", "localhost:3000")])
        .await;
    assert!(
        page.body.contains("href=\"https://192.168.1.20:3000/\""),
        "{}",
        page.body
    );
    assert!(page.body.contains(">AB:AB</code>"), "{}", page.body);
    assert!(page.body.contains("tap Advanced"));
    renewed.store(true, Ordering::SeqCst);
    let german = app
        .get_with(
            "/connection",
            &[("host", "localhost:3000"), ("accept-language", "de")],
        )
        .await;
    assert!(german.body.contains(">CD:CD</code>"), "{}", german.body);
    assert!(
        german.body.contains("Tippt auf Erweitert"),
        "{}",
        german.body
    );
}
