//! One rule for idempotency keys wherever a client sends one (`web::IdempotencyKey`): 1 to
//! 200 visible ASCII characters, surrounding whitespace ignored. Before the copies were
//! merged, the JSON header also took spaces inside a key and the new-game form silently
//! dropped a key it could not use (and so could create the game twice); both are now refused.

use crate::common::{self, TestApp};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;

async fn create_with_header(app: &TestApp, key: &str) -> common::TestResponse {
    let body = json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"]});
    let request = Request::post("/api/v1/games")
        .header("content-type", "application/json")
        .header("idempotency-key", key)
        .body(Body::from(body.to_string()))
        .unwrap();
    app.send(request).await
}

async fn create_with_form(app: &TestApp, key: &str) -> common::TestResponse {
    let body = format!(
        "rules=liverpool&shown=liverpool&player=Ann&player=Ben&player=Cy&key={}",
        kontrakt::web::i18n::percent_encode(key)
    );
    let request = Request::post("/games")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap();
    app.send(request).await
}

#[tokio::test]
async fn the_api_header_refuses_a_key_with_a_space_inside() {
    let app = TestApp::new().await;
    let first = create_with_header(&app, " one-key ").await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let again = create_with_header(&app, "one-key").await;
    assert_eq!(
        again.json()["id"],
        first.json()["id"],
        "trimmed: the same key"
    );
    let spaced = create_with_header(&app, "two words").await;
    assert_eq!(spaced.status, StatusCode::BAD_REQUEST, "{}", spaced.body);
    assert!(spaced.error_sentence().contains("Idempotency-Key"));
}

#[tokio::test]
async fn the_new_game_form_refuses_a_key_it_cannot_use_instead_of_dropping_it() {
    let app = TestApp::new().await;
    let first = create_with_form(&app, "form-key").await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    let again = create_with_form(&app, "form-key").await;
    assert_eq!(again.header("location"), first.header("location"));
    for bad in ["k".repeat(201), "two words".to_owned()] {
        let refused = create_with_form(&app, &bad).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(refused.is_html());
    }
}
