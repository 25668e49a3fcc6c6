//! One rule for idempotency keys wherever a client sends one (`web::IdempotencyKey`): 1 to
//! 200 visible ASCII characters, surrounding whitespace ignored. Before the copies were
//! merged, the JSON header also took spaces inside a key and the new-game form silently
//! dropped a key it could not use (and so could create the game twice); both are now refused.
//!
//! A key replays only for the same request (issue 14): before, whoever sent a key someone
//! else had used got that person's edit link back, and a different body with a used key was
//! silently answered with the first one. The forms' keys are the server's own, signed for the
//! form that carries them.

use crate::common::Said::Has;
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
    spaced.assert_refused(StatusCode::BAD_REQUEST, Has("Idempotency-Key"));
}

#[tokio::test]
async fn the_new_game_form_refuses_a_key_it_cannot_use_instead_of_dropping_it() {
    let app = TestApp::new().await;
    let key = app.form_key("/games");
    let first = create_with_form(&app, &key).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    let again = create_with_form(&app, &key).await;
    assert_eq!(again.header("location"), first.header("location"));
    for bad in ["k".repeat(201), "two words".to_owned()] {
        let refused = create_with_form(&app, &bad).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(refused.is_html());
    }
    // A key the server did not issue (before issue 14 it was stored as given).
    let made_up = create_with_form(&app, "form-key").await;
    made_up.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "This form is out of date");
}

/// A round form's key replayed on the JSON API (and the other way round) must not answer the
/// other's stored answer: the form stores a redirect target, the API a JSON state.
#[tokio::test]
async fn a_round_key_of_the_form_is_not_replayed_on_the_api_nor_the_other_way_round() {
    let app = TestApp::new().await;
    let created = create_with_header(&app, "game-key").await.json();
    let id = created["id"].as_str().unwrap().to_owned();
    let shared = app.form_key(&format!("/games/{id}/rounds"));
    let api_only = app.form_key(&format!("/games/{id}/rounds"));
    let form = common::post_form(
        &app,
        &format!("/games/{id}/rounds"),
        &[
            ("version", "0"),
            ("key", &shared),
            ("went_out", "Ann"),
            ("points.Ben", "10"),
            ("points.Cy", "20"),
        ],
        "en",
    )
    .await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);

    let api_round = |key: &str, version: i64| {
        let body = json!({"version": version, "went_out": "Ben", "points": {"Ann": 5, "Cy": 5}});
        Request::post(format!("/api/v1/games/{id}/rounds"))
            .header("content-type", "application/json")
            .header("idempotency-key", key)
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let api = app.send(api_round(&shared, 1)).await;
    assert_eq!(api.status, StatusCode::OK, "{}", api.body);
    let state = api.json();
    assert_eq!(state["version"], 2, "{}", api.body);
    assert!(api.headers.get("idempotent-replayed").is_none());

    let form = common::post_form(
        &app,
        &format!("/games/{id}/rounds"),
        &[
            ("version", "2"),
            ("key", &app.form_key(&format!("/games/{id}/rounds"))),
            ("went_out", "Cy"),
            ("points.Ann", "3"),
            ("points.Ben", "3"),
        ],
        "en",
    )
    .await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);
    // The API's key sent by the form: a new round, answered with the form's redirect.
    let api = app.send(api_round(&api_only, 3)).await;
    assert_eq!(api.status, StatusCode::OK, "{}", api.body);
    let form = common::post_form(
        &app,
        &format!("/games/{id}/rounds"),
        &[
            ("version", "4"),
            ("key", &api_only),
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

// ---------------------------------------------------------------------------------------------
// A key replays only for the same request; form keys are the server's (issue 14)
// ---------------------------------------------------------------------------------------------

async fn create_for(app: &TestApp, key: &str, players: &[&str]) -> common::TestResponse {
    let body = json!({"rules": "liverpool", "players": players});
    let request = Request::post("/api/v1/games")
        .header("content-type", "application/json")
        .header("idempotency-key", key)
        .body(Body::from(body.to_string()))
        .unwrap();
    app.send(request).await
}

#[tokio::test]
async fn idempotency_an_api_key_replays_the_same_body_and_refuses_another_without_revealing_the_game()
 {
    let app = TestApp::new().await;
    let first = create_for(&app, "k-123", &["Ann", "Ben", "Cy"]).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let id = first.json()["id"].as_str().unwrap().to_owned();
    // The same request again (keys in another order): the same game.
    let request = Request::post("/api/v1/games")
        .header("content-type", "application/json")
        .header("idempotency-key", "k-123")
        .body(Body::from(
            r#"{"players": ["Ann", "Ben", "Cy"], "rules": "liverpool"}"#,
        ))
        .unwrap();
    let again = app.send(request).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(again.json()["id"], id.as_str());
    // Someone else with the same key and another game: refused, and not given the first.
    let other = create_for(&app, "k-123", &["Dora", "Eve", "Finn"]).await;
    assert_eq!(
        other.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        other.body
    );
    assert!(!other.body.contains(&id), "{}", other.body);
    assert!(
        other
            .error_sentence()
            .contains("already used for a different request"),
        "{}",
        other.body
    );
}

#[tokio::test]
async fn idempotency_round_undo_end_and_resume_keys_refuse_another_body() {
    let app = TestApp::new().await;
    let id = create_for(&app, "game", &["Ann", "Ben", "Cy"]).await.json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let post = |path: String, key: &'static str, body: serde_json::Value| {
        Request::post(path)
            .header("content-type", "application/json")
            .header("idempotency-key", key)
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let rounds = format!("/api/v1/games/{id}/rounds");
    let round = json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}});
    let first = app.send(post(rounds.clone(), "r1", round.clone())).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let replay = app.send(post(rounds.clone(), "r1", round)).await;
    assert_eq!(replay.header("idempotent-replayed"), "true");
    let other = json!({"went_out": "Ben", "points": {"Ann": 5, "Cy": 5}});
    let refused = app.send(post(rounds, "r1", other)).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );

    let undo = format!("/api/v1/games/{id}/undo");
    let done = app
        .send(post(undo.clone(), "u1", json!({"version": 1})))
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let replay = app
        .send(post(undo.clone(), "u1", json!({"version": 1})))
        .await;
    assert_eq!(replay.header("idempotent-replayed"), "true");
    let refused = app.send(post(undo, "u1", json!({"version": 2}))).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    // The same key on another route of the game is another request too.
    let end = format!("/api/v1/games/{id}/end");
    let refused = app.send(post(end, "u1", json!({"version": 2}))).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(
        (state["version"].as_i64(), state["ended_early"].as_bool()),
        (Some(2), Some(false))
    );
}

#[tokio::test]
async fn idempotency_a_form_key_the_server_did_not_issue_for_that_form_is_refused() {
    let app = TestApp::new().await;
    let id = create_for(&app, "game", &["Ann", "Ben", "Cy"]).await.json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let round = |key: String| {
        vec![
            ("version".to_owned(), "0".to_owned()),
            ("key".to_owned(), key),
            ("went_out".to_owned(), "Ann".to_owned()),
            ("points.Ben".to_owned(), "10".to_owned()),
            ("points.Cy".to_owned(), "20".to_owned()),
        ]
    };
    let rounds = format!("/games/{id}/rounds");
    let made_up = "0123456789abcdef0123456789abcdef.0123456789abcdef0123456789abcdef";
    for (key, why) in [
        ("my-own-key".to_owned(), "made up by the client"),
        (made_up.to_owned(), "made up in the server's shape"),
        (
            app.form_key(&format!("/games/{id}/undo")),
            "issued for the undo button",
        ),
        (app.form_key("/games"), "issued for the new-game form"),
        (
            TestApp::new().await.form_key(&rounds),
            "issued by another database",
        ),
    ] {
        for lang in ["en", "de"] {
            let fields = round(key.clone());
            let pairs = common::pairs(&fields);
            let refused = common::post_form(&app, &rounds, &pairs, lang).await;
            assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{why}");
            let page = common::text(&refused.body);
            let sentence = if lang == "en" {
                "This form is out of date; reload the page"
            } else {
                "Dieses Formular ist veraltet; ladet die Seite neu"
            };
            assert!(page.contains(sentence), "{why} ({lang}): {page}");
        }
    }
    // A key issued for one game's undo is refused on another game's undo.
    let other = create_for(&app, "game-2", &["Ann", "Ben", "Cy"])
        .await
        .json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let key = app.form_key(&format!("/games/{id}/undo"));
    let refused = common::post_form(
        &app,
        &format!("/games/{other}/undo"),
        &[("version", "0"), ("key", &key)],
        "en",
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Nothing was stored by any of them; the right key works.
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["version"], 0);
    let fields = round(app.form_key(&rounds));
    let pairs = common::pairs(&fields);
    let saved = common::post_form(&app, &rounds, &pairs, "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    // The same form key with another entry: refused, not taken for a repeat; the round form
    // knows its own key saved round 1 and says so (the conflict page, issue 11).
    let mut changed = pairs.clone();
    changed[3] = ("points.Ben", "11");
    changed[0] = ("version", "1");
    let refused = common::post_form(&app, &rounds, &changed, "en").await;
    refused.assert_page_refused(StatusCode::CONFLICT, "This phone already saved round 1");
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["version"], 1, "nothing more was written");
}

#[tokio::test]
async fn idempotency_a_game_creation_key_stored_before_request_hashes_never_replays() {
    let app = TestApp::new().await;
    let first = create_for(&app, "old-key", &["Ann", "Ben", "Cy"]).await;
    let id = first.json()["id"].as_str().unwrap().to_owned();
    // What a key stored before migration 0004 looks like.
    let mut tx = app.db.begin_write().await.unwrap();
    sqlx::query("UPDATE game_creations SET request_hash = NULL")
        .execute(&mut **tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let again = create_for(&app, "old-key", &["Ann", "Ben", "Cy"]).await;
    assert_eq!(
        again.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        again.body
    );
    assert!(!again.body.contains(&id));
}

#[tokio::test]
async fn idempotency_the_form_secret_is_kept_in_the_database_and_never_exported() {
    let app = TestApp::new().await;
    create_for(&app, "game", &["Ann", "Ben", "Cy"]).await;
    let secret = app.db.form_secret().to_owned();
    assert_eq!(secret.len(), 64, "256 bits as hex");
    let export = kontrakt::db::transfer::export_games(&app.db).await.unwrap();
    let json = serde_json::to_string(&export).unwrap();
    assert!(!json.contains(&secret));
    // The same database opened again (a restart) keeps it: keys issued before still work.
    let location = kontrakt::db::Location::parse(std::path::Path::new(app.db_url()));
    let reopened = kontrakt::db::Db::open_location(&location).await.unwrap();
    assert_eq!(reopened.form_secret(), secret);
}
