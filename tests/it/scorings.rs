//! What one round entry costs the rules engine: it scores the whole game at most twice (once
//! to check the entry against the game, once to build the game as written), and the game
//! page that follows scores nothing (the write left its game in the cache). Counted with
//! `store::scorings_on_this_thread` (a `#[tokio::test]` runs every request on its own thread).

use crate::common::{TestApp, input_value};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use kontrakt::store::scorings_on_this_thread;
use serde_json::json;

/// A Liverpool game of three, created through the JSON API: its edit id.
async fn create(app: &TestApp) -> String {
    let body = json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"]});
    let request = Request::post("/api/v1/games")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    response.json()["id"].as_str().unwrap().to_owned()
}

/// Scorings done by `request` (and everything it awaits).
async fn scorings<T>(request: impl Future<Output = T>) -> (u64, T) {
    let before = scorings_on_this_thread();
    let answer = request.await;
    (scorings_on_this_thread() - before, answer)
}

#[tokio::test]
async fn a_round_entered_through_the_form_scores_the_game_at_most_twice() {
    let app = TestApp::new().await;
    let id = create(&app).await;
    // From the form's own page (its first read of the game, not yet kept) to the game page
    // the answer redirects to.
    let (count, ()) = scorings(async {
        let form = app.get(&format!("/games/{id}/rounds/new")).await;
        assert_eq!(form.status, StatusCode::OK);
        let body = format!(
            "version={}&key={}&went_out=Ann&points.Ben=35&points.Cy=12",
            input_value(&form.body, "version"),
            input_value(&form.body, "key")
        );
        let request = Request::post(format!("/games/{id}/rounds"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        let saved = app.send(request).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let location = saved.header("location").to_owned();
        let (count, page) = scorings(app.get(&location)).await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(count, 0, "the game page after the write scores nothing");
    })
    .await;
    assert!(count <= 2, "scored {count} times");
}

#[tokio::test]
async fn a_round_entered_through_the_api_scores_the_game_at_most_twice() {
    let app = TestApp::new().await;
    let id = create(&app).await;
    let body = json!({"went_out": "Ann", "points": {"Ben": 35, "Cy": 12}});
    let request = Request::post(format!("/api/v1/games/{id}/rounds"))
        .header("content-type", "application/json")
        .header("idempotency-key", "round-1")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (count, answer) = scorings(app.send(request)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(count <= 2, "the write scored {count} times");
    let (count, page) = scorings(app.get(&format!("/games/{id}"))).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(count, 0, "the game page after the write scores nothing");
    let (count, state) = scorings(app.get(&format!("/api/v1/games/{id}"))).await;
    assert_eq!(
        state.json()["totals"],
        json!({"Ann": 0, "Ben": 35, "Cy": 12})
    );
    assert_eq!(count, 0, "nor does the state");
}
