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

/// A round form's key replayed on the JSON API (and the other way round) must not answer the
/// other's stored answer: the form stores a redirect target, the API a JSON state.
#[tokio::test]
async fn a_round_key_of_the_form_is_not_replayed_on_the_api_nor_the_other_way_round() {
    let app = TestApp::new().await;
    let created = create_with_header(&app, "game-key").await.json();
    let id = created["id"].as_str().unwrap().to_owned();
    let form = common::post_form(
        &app,
        &format!("/games/{id}/rounds"),
        &[
            ("version", "0"),
            ("key", "shared-key"),
            ("went_out", "Ann"),
            ("points.Ben", "10"),
            ("points.Cy", "20"),
        ],
        "en",
    )
    .await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);

    let api_round = |key: &'static str, version: i64| {
        let body = json!({"version": version, "went_out": "Ben", "points": {"Ann": 5, "Cy": 5}});
        Request::post(format!("/api/v1/games/{id}/rounds"))
            .header("content-type", "application/json")
            .header("idempotency-key", key)
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let api = app.send(api_round("shared-key", 1)).await;
    assert_eq!(api.status, StatusCode::OK, "{}", api.body);
    let state = api.json();
    assert_eq!(state["version"], 2, "{}", api.body);
    assert!(api.headers.get("idempotent-replayed").is_none());

    let form = common::post_form(
        &app,
        &format!("/games/{id}/rounds"),
        &[
            ("version", "2"),
            ("key", "shared-key-2"),
            ("went_out", "Cy"),
            ("points.Ann", "1"),
            ("points.Ben", "1"),
        ],
        "en",
    )
    .await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);
    // The API's key sent by the form: a new round, answered with the form's redirect.
    let api = app.send(api_round("api-only", 3)).await;
    assert_eq!(api.status, StatusCode::OK, "{}", api.body);
    let form = common::post_form(
        &app,
        &format!("/games/{id}/rounds"),
        &[
            ("version", "4"),
            ("key", "api-only"),
            ("went_out", "Ann"),
            ("points.Ben", "2"),
            ("points.Cy", "2"),
        ],
        "en",
    )
    .await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);
    assert_eq!(form.header("location"), format!("/games/{id}"));
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["version"], 5);
}
