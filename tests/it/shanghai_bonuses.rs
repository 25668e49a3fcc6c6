//! Shanghai's optional going-out and first-down bonuses (issue 9; docs/RULES.md 4 `shanghai`)
//! through the catalogue, the JSON API, the round form, the score sheet and an export and
//! import (the real binary, `CARGO_BIN_EXE_kontrakt`).

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{TestApp, input_value, post_form};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use kontrakt::db::{Db, Location};
use kontrakt::web::{AppState, WriteLimit, app as router_on};
use serde_json::{Value, json};
use tower::ServiceExt as _;

async fn post(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    let response = app.post_json(path, body).await;
    let json = response.json();
    (response.status, json)
}

/// A Shanghai game of three with a going-out bonus of 20 and a first-down bonus of 10.
async fn game_with_bonuses(app: &TestApp) -> String {
    let (status, created) = post(
        app,
        "/api/v1/games",
        json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"],
               "options": {"going_out_bonus": 20, "first_down_bonus": 10}}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_catalogue_offers_the_bonuses_off_by_default_as_a_list_of_amounts() {
    let app = TestApp::new().await;
    for id in ["shanghai", "shanghai-powe", "shanghai-kolsov"] {
        let rules = app.get(&format!("/api/v1/rules/{id}")).await.json();
        for name in ["going_out_bonus", "first_down_bonus"] {
            let option = rules["options"]
                .as_array()
                .unwrap()
                .iter()
                .find(|o| o["name"] == name)
                .unwrap_or_else(|| panic!("{id} has {name}"));
            assert_eq!(option["default"], 0, "{id} {name}");
            assert_eq!(option["values"], json!([0, 5, 10, 20, 25, 50, 100]));
            assert!(!option["description"].as_str().unwrap().is_empty());
        }
    }
    let contract = app.get("/api/v1/rules/contract").await.json();
    assert!(
        !contract["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["name"] == "first_down_bonus")
    );
    // An amount off the list is refused when the game is set up.
    let (status, refused) = post(
        &app,
        "/api/v1/games",
        json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"],
               "options": {"going_out_bonus": 15}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
}

#[tokio::test]
async fn the_api_takes_who_went_down_first_and_counts_both_bonuses_in_the_totals() {
    let app = TestApp::new().await;
    let id = game_with_bonuses(&app).await;
    let (status, state) = post(
        &app,
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Ann", "went_down_first": "ben", "points": {"Ben": 35, "Cy": 15}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"Ann": -20, "Ben": 25, "Cy": 15})
    );
    assert_eq!(state["rounds"][0]["entry"]["went_down_first"], "Ben");
    let (_, state) = post(
        &app,
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Cy", "went_down_first": "Cy", "points": {"Ann": 10, "Ben": 40}}),
    )
    .await;
    assert_eq!(state["totals"], json!({"Ann": -10, "Ben": 65, "Cy": -15}));

    // A game without the first-down bonus refuses the field, with a code and a sentence.
    let (_, plain) = post(
        &app,
        "/api/v1/games",
        json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    let plain = plain["id"].as_str().unwrap();
    let (status, refused) = post(
        &app,
        &format!("/api/v1/games/{plain}/rounds"),
        json!({"went_out": "Ann", "went_down_first": "Ben", "points": {"Ben": 35, "Cy": 15}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["problems"][0]["code"], "first_down_not_played");
    assert_eq!(refused["problems"][0]["field"], "went_down_first");
    assert!(
        refused["fields"]["went_down_first"]
            .as_str()
            .unwrap()
            .contains("first-down bonus")
    );
}

#[tokio::test]
async fn the_round_form_asks_who_went_down_first_and_the_sheet_marks_it() {
    let app = TestApp::new().await;
    let id = game_with_bonuses(&app).await;
    let form = app.get(&format!("/games/{id}/rounds/new")).await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.body.contains("name=\"went_down_first\" value=\"Ben\""));
    assert!(form.body.contains("Who went down first? (−10)"));
    assert!(form.body.contains("Going out: −20"));
    let version = input_value(&form.body, "version");
    let key = input_value(&form.body, "key");
    let saved = post_form(
        &app,
        &format!("/games/{id}/rounds"),
        &[
            ("version", &version),
            ("key", &key),
            ("went_out", "Ann"),
            ("went_down_first", "Ben"),
            ("points.Ben", "35"),
            ("points.Cy", "15"),
        ],
        "en",
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"Ann": -20, "Ben": 25, "Cy": 15})
    );
    let page = app.get(&format!("/games/{id}")).await;
    assert!(page.body.contains("↓1"), "the mark");
    assert!(page.body.contains("went down first: 10 points off"));
    assert!(page.body.contains("went out: 20 points off"));
    // The correction form shows the choice made.
    let edit = app.get(&format!("/games/{id}/rounds/1/edit")).await;
    assert!(
        edit.body
            .contains("name=\"went_down_first\" value=\"Ben\" checked")
    );
    // German.
    assert!(
        app.get_in(&format!("/games/{id}/rounds/new"), "de")
            .await
            .body
            .contains("Wer hat zuerst ausgelegt? (−10)")
    );

    // A game without the bonus has no such choice.
    let (_, plain) = post(
        &app,
        "/api/v1/games",
        json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    let plain = plain["id"].as_str().unwrap();
    let form = app.get(&format!("/games/{plain}/rounds/new")).await;
    assert!(!form.body.contains("went_down_first"));
}

/// Runs the command line on `db` (`--db`: a SQLite file's path or a PostgreSQL URL).
fn kontrakt(args: &[&str], db: impl AsRef<std::ffi::OsStr>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kontrakt"))
        .args(args)
        .arg("--db")
        .arg(db)
        .env_remove("KONTRAKT_DB")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .expect("the binary runs")
}

#[tokio::test]
async fn export_and_import_keep_who_went_down_first_and_the_bonus_points() {
    let app = TestApp::new().await;
    let id = game_with_bonuses(&app).await;
    let (status, _) = post(
        &app,
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Ann", "went_down_first": "Cy", "points": {"Ben": 35, "Cy": 15}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let source = app.db_url();
    let file = app.dir.path().join("games.json");
    let target = app.dir.another_db("fresh").await;
    let exported = kontrakt(&["export", "--out", file.to_str().unwrap()], source);
    assert!(exported.status.success(), "{exported:?}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"went_down_first\": \"Cy\""), "{text}");
    let imported = kontrakt(&["import", file.to_str().unwrap()], &target);
    assert!(imported.status.success(), "{imported:?}");

    let restored = Db::open_location(&Location::parse(Path::new(&target)))
        .await
        .unwrap();
    let router = router_on(AppState::new(restored.clone()).with_write_limit(WriteLimit::UNLIMITED));
    let response = router
        .oneshot(
            Request::get(format!("/api/v1/games/{id}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    let after: Value = serde_json::from_slice(&bytes).unwrap();
    let before = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(before, after);
    assert_eq!(
        after["rounds"][0]["points"],
        json!({"Ann": -20, "Ben": 35, "Cy": 5})
    );
    restored.close().await;
}
