//! A table's own rule set on several servers of one database: a rule set another server
//! stored (written straight into the database, as another process would, so this process has
//! never registered it) answers on this server wherever its id is met first: the new-game page
//! and form, a game's page, a round written through the API and `GET /api/v1/rulesets/{id}`. Runs on SQLite (two pools on one file) and,
//! with `KONTRAKT_TEST_ENGINE=postgres`, on PostgreSQL (two pools on one database).

use axum::http::StatusCode;
use kontrakt::db::Db;
use kontrakt::db::games::NewGame;
use kontrakt::db::rule_sets::create_rule_set;
use serde_json::{Value, json};

use crate::common::{TestApp, TestDir, on_postgres};

/// Two servers on one fresh database: the first keeps the database's directory.
async fn two_servers() -> (TestApp, TestApp) {
    let first = TestApp::new().await;
    let db = if on_postgres() {
        Db::open_postgres(first.db_url()).await.unwrap()
    } else {
        Db::open(std::path::Path::new(first.db_url()))
            .await
            .unwrap()
    };
    let second = TestApp::on(db, TestDir::temporary());
    (first, second)
}

/// An id no server of this process has seen.
fn fresh_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("rs-{nanos:032x}")
}

/// Stores a rule set as another server would: straight into the database, registered
/// nowhere in this process. Contract with a new name and a first round of two runs.
async fn stored_elsewhere(db: &Db, name: &str) -> String {
    let id = fresh_id();
    let mut def: Value = serde_json::to_value(
        kontrakt::rules::presets::Preset::from_id("contract")
            .unwrap()
            .definition(),
    )
    .unwrap();
    def["id"] = json!(id);
    def["base"] = json!("contract");
    def["name"] = json!(name);
    create_rule_set(db, &id, name, &def.to_string(), None)
        .await
        .unwrap();
    assert!(
        kontrakt::rules::definition::registered(&id).is_none(),
        "the test needs a rule set this process has not registered"
    );
    id
}

#[tokio::test]
async fn a_rule_set_stored_by_another_server_opens_on_this_ones_new_game_page() {
    let (a, b) = two_servers().await;
    let id = stored_elsewhere(&a.db, "Tischregeln Nord").await;
    let page = b.get(&format!("/games/new?rules={id}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Tischregeln Nord"), "{}", page.body);
    // The API reads it back on the second server too.
    let read = b.get(&format!("/api/v1/rulesets/{id}")).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(read.json()["name"], "Tischregeln Nord");
}

#[tokio::test]
async fn a_game_of_another_servers_rule_set_opens_and_takes_rounds_here() {
    let (a, b) = two_servers().await;
    let id = stored_elsewhere(&a.db, "Tischregeln Süd").await;
    let game = NewGame {
        rules: id.clone(),
        options: json!({}),
        players: vec!["Ann".into(), "Ben".into(), "Cy".into()],
        first_dealer: 0,
        money: json!({}),
    };
    let ids = kontrakt::store::create::create_game(&a.db, &game, None)
        .await
        .unwrap()
        .unwrap();
    // Its page, first thing this process does with the rule set.
    let page = b.get(&format!("/games/{}", ids.id)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Tischregeln Süd"));
    let state = b
        .enter_round(
            &ids.id,
            json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": 12}}),
        )
        .await;
    assert_eq!(state["rules"], json!(id), "{state}");
    assert_eq!(state["rounds"].as_array().map(Vec::len), Some(1), "{state}");
}

#[tokio::test]
async fn the_new_game_form_of_this_server_starts_a_game_of_another_servers_rule_set() {
    let (a, b) = two_servers().await;
    let id = stored_elsewhere(&a.db, "Tischregeln West").await;
    let made = b
        .post_form_keyed(
            "/games",
            &[
                ("rules", id.as_str()),
                ("shown", id.as_str()),
                ("player", "Ann"),
                ("player", "Ben"),
                ("player", "Cy"),
            ],
            "en",
        )
        .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let url = made.header("location");
    let page = a.get(url).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Tischregeln West"));
}

#[tokio::test]
async fn an_unknown_rule_set_id_is_a_sentence_not_a_failure() {
    let (_a, b) = two_servers().await;
    let read = b.get(&format!("/api/v1/rulesets/{}", fresh_id())).await;
    assert_eq!(read.status, StatusCode::NOT_FOUND, "{}", read.body);
    let long = format!("rs-{}", "f".repeat(500));
    let read = b.get(&format!("/api/v1/rulesets/{long}")).await;
    assert_eq!(read.status, StatusCode::NOT_FOUND, "{}", read.body);
    let page = b.get(&format!("/games/new?rules={long}")).await;
    assert!(
        page.status.is_success() || page.status.is_client_error(),
        "{}",
        page.status
    );
}
