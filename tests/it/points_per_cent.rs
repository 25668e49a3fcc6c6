//! Money at a fraction of a cent per point (docs/RULES.md 4 `rommee`: "e.g. 0.1 cent") through the
//! JSON API: `points_per_cent` on `POST /api/v1/games` (and in the game's state) and on
//! `POST /api/v1/settle`. Each test has a fresh database.

use crate::common::Said::Has;
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn settle_pays_the_rommee_seed_example_at_a_tenth_of_a_cent_a_point() {
    let app = TestApp::new().await;
    let response = app
        .post_json(
            "/api/v1/settle",
            &json!({"rules": "rommee", "players": ["A", "B", "C", "D"],
                "totals": [220, 360, 140, 490], "cents_per_point": 1, "points_per_cent": 10}),
        )
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.body);
    // docs/RULES.md 6: +330, -230, +650, -750 points, a tenth of a cent each.
    assert_eq!(response.json()["net_cents"], json!([33, -23, 65, -75]));
    let whole = app
        .post_json(
            "/api/v1/settle",
            &json!({"rules": "rommee", "players": ["A", "B", "C", "D"],
                "totals": [220, 360, 140, 490], "cents_per_point": 1}),
        )
        .await;
    assert_eq!(whole.json()["net_cents"], json!([330, -230, 650, -750]));
}

#[tokio::test]
async fn settle_takes_points_per_cent_on_its_own_as_a_cent_per_so_many_points() {
    let app = TestApp::new().await;
    let response = app
        .post_json(
            "/api/v1/settle",
            &json!({"rules": "rommee", "players": ["A", "B", "C", "D"],
                "totals": [220, 360, 140, 490], "points_per_cent": 10}),
        )
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.body);
    assert_eq!(response.json()["net_cents"], json!([33, -23, 65, -75]));
}

#[tokio::test]
async fn settle_refuses_points_per_cent_out_of_range_or_where_money_is_not_by_points() {
    let app = TestApp::new().await;
    for per in [0, -1, 1001] {
        let response = app
            .post_json(
                "/api/v1/settle",
                &json!({"rules": "rommee", "players": ["A", "B"], "totals": [1, 2],
                    "cents_per_point": 1, "points_per_cent": per}),
            )
            .await;
        assert_eq!(
            response.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{per}: {}",
            response.body
        );
        assert_eq!(
            response.error_sentence(),
            format!("One cent can stand for 1 to 1000 points, not {per}.")
        );
    }
    let units = app
        .post_json(
            "/api/v1/settle",
            &json!({"rules": "continental", "players": ["A", "B"], "hands": [{"winner": "A"}],
                "cents_per_unit": 10, "points_per_cent": 10}),
        )
        .await;
    units.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Has("\"points_per_cent\" is not used by continental"),
    );
    let places = app
        .post_json(
            "/api/v1/settle",
            &json!({"rules": "progressive", "players": ["A", "B"], "totals": [1, 2],
                "points_per_cent": 10}),
        )
        .await;
    assert_eq!(places.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_game_keeps_its_points_per_cent_and_settles_with_them() {
    let app = TestApp::new().await;
    let created = app.post_json("/api/v1/games",
        &json!({"rules": "rommee", "players": ["A", "B", "C", "D"], "options": {"rounds": 1, "joker_points": 50},
                "cents_per_point": 1, "points_per_cent": 10}),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["points_per_cent"], 10);
    assert_eq!(state["cents_per_point"], 1);
    let round = app
        .post_json(
            &format!("/api/v1/games/{id}/rounds"),
            // Jokers at 50 let a hand count 270; C's 0 is confirmed (docs/RULES.md section 5,
            // "Plausibility").
            &json!({"went_out": "A", "points": {"B": 140, "C": 0, "D": 270}, "confirm": true}),
        )
        .await;
    assert_eq!(round.status, StatusCode::OK, "{}", round.body);
    let state = round.json();
    assert_eq!(state["finished"], true);
    // Totals 0, 140, 0, 270 (sum 410): pairwise nets (410 - 4 x total) / 10.
    assert_eq!(state["settlement"]["net_cents"], json!([41, -15, 41, -67]));

    let plain = app
        .post_json(
            "/api/v1/games",
            &json!({"rules": "liverpool", "players": ["A", "B", "C"]}),
        )
        .await;
    let id = plain.json()["id"].as_str().unwrap().to_owned();
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(
        state["points_per_cent"], 1,
        "the default: whole cents per point"
    );
}

#[tokio::test]
async fn a_game_with_bad_points_per_cent_is_refused_with_the_field_named() {
    let app = TestApp::new().await;
    for (rules, per, sentence) in [
        (
            "rommee",
            json!(0),
            "One cent can stand for 1 to 1000 points, not 0.",
        ),
        (
            "rommee",
            json!("ten"),
            "Points per cent must be a whole number, not \"ten\".",
        ),
        (
            "continental",
            json!(10),
            "Continental Rummy is not settled by points, so points per cent do not apply; leave them at 1.",
        ),
    ] {
        let response = app
            .post_json(
                "/api/v1/games",
                &json!({"rules": rules, "players": ["A", "B"], "points_per_cent": per}),
            )
            .await;
        assert_eq!(
            response.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            response.body
        );
        assert_eq!(response.json()["fields"]["points_per_cent"], sentence);
    }
}
