//! A table's own rule sets through the JSON API (`POST /api/v1/rulesets`, `GET
//! /api/v1/rulesets/{id}`): a preset's catalogue entry posted back under a new name answers
//! every referee question as the preset does; a base preset with only what differs; every
//! problem answered with its field, in the request's language, with nothing stored; an
//! Idempotency-Key replays; the id is taken by check, solve, fit, score, settle and new
//! games.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::TestApp;

/// Posts a definition and returns the new rule set's id (asserts 201).
async fn stored(app: &TestApp, definition: &Value) -> String {
    let response = app.post_json("/api/v1/rulesets", definition).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    let answer = response.json();
    let id = answer["id"].as_str().unwrap().to_owned();
    assert_eq!(answer["api_url"], format!("/api/v1/rulesets/{id}"));
    assert_eq!(
        response.header("location"),
        format!("/api/v1/rulesets/{id}")
    );
    id
}

/// The questions a referee answers, asked of the rule set `rules`.
fn questions(rules: &str) -> Vec<(&'static str, Value)> {
    vec![
        (
            "/api/v1/check",
            json!({"rules": rules, "round": 3, "melds": "4H 5H 6H 7H | 8H 9H 10H JH"}),
        ),
        (
            "/api/v1/check",
            json!({"rules": rules, "round": 1, "melds": "5H 5S JK | 9C 9D 9S"}),
        ),
        (
            "/api/v1/solve",
            json!({"rules": rules, "round": 2, "hand": "5H 5S 5C 9H 10H JH QH 2C 3D 8S KD"}),
        ),
        (
            "/api/v1/fit",
            json!({"rules": rules, "meld": "9H 10H JH QH", "card": "KH"}),
        ),
        (
            "/api/v1/score",
            json!({"rules": rules, "cards": "AS JK 10H QD 2C"}),
        ),
        (
            "/api/v1/settle",
            json!({"rules": rules, "players": ["Ann", "Ben", "Cy"], "totals": [40, 75, 120],
                   "cents_per_point": 1}),
        ),
    ]
}

#[tokio::test]
async fn a_presets_catalogue_entry_posted_back_under_a_new_name_answers_as_the_preset() {
    let app = TestApp::new().await;
    for preset in ["contract", "liverpool", "shanghai", "hollywood"] {
        let mut entry = app.get(&format!("/api/v1/rules/{preset}")).await.json();
        entry["name"] = json!("Omas Regeln");
        let id = stored(&app, &entry).await;
        for (path, question) in questions(preset) {
            let mut own = question.clone();
            own["rules"] = json!(id);
            let want = app.post_json(path, &question).await;
            let got = app.post_json(path, &own).await;
            assert_eq!(got.status, want.status, "{preset} {path}: {}", got.body);
            assert_eq!(got.body, want.body, "{preset} {path}");
        }
        let read = app.get(&format!("/api/v1/rulesets/{id}")).await;
        assert_eq!(read.status, StatusCode::OK);
        let read = read.json();
        assert_eq!(read["name"], "Omas Regeln");
        assert_eq!(read["id"], json!(id));
        assert_eq!(read["rounds"], entry["rounds"], "{preset}");
        assert_eq!(read["penalty"], entry["penalty"], "{preset}");
        assert_eq!(read["options"], entry["options"], "{preset}");
    }
}

#[tokio::test]
async fn a_base_preset_with_only_what_differs_is_that_preset_changed_there() {
    let app = TestApp::new().await;
    let id = stored(
        &app,
        &json!({"base": "shanghai", "name": "Shanghai ohne Joker", "melds": {"jokers": false},
                "penalty": {"K": 25}}),
    )
    .await;
    let read = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(read["melds"]["jokers"], false);
    assert_eq!(
        read["melds"]["max_wilds_per_meld"], 1,
        "the rest is Shanghai's"
    );
    assert_eq!(read["rounds"].as_array().unwrap().len(), 7);
    let points = app
        .api("/api/v1/score", &json!({"rules": id, "cards": "KS 10H"}))
        .await;
    assert_eq!(points["points"], 35);
    let jokers = app
        .post_json("/api/v1/score", &json!({"rules": id, "cards": "JK 10H"}))
        .await;
    assert_eq!(
        jokers.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        jokers.body
    );
    let check = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "round": 1, "melds": "5H 5S JK | 9C 9D 9S"}),
        )
        .await;
    assert_eq!(check["ok"], false, "no jokers in play: {check}");
}

#[tokio::test]
async fn a_new_game_takes_a_stored_rule_set_and_keeps_its_id() {
    let app = TestApp::new().await;
    let id = stored(
        &app,
        &json!({"base": "contract", "name": "Fünf Kontrakte",
                "rounds": [
                    {"requirements": [[{"kind": "set", "min": 3}, {"kind": "set", "min": 3}]], "deal": 10,
                     "buys": {"allowed": true, "limit": null, "extra_cards": 1}},
                    {"requirements": [[{"kind": "set", "min": 3}, {"kind": "run", "min": 4}]], "deal": 10,
                     "buys": {"allowed": true, "limit": null, "extra_cards": 1}},
                    {"requirements": [[{"kind": "run", "min": 4}, {"kind": "run", "min": 4}]], "deal": 10,
                     "restrictions": ["no_contiguous_runs"],
                     "buys": {"allowed": true, "limit": null, "extra_cards": 1}},
                    {"requirements": [[{"kind": "set", "min": 3}, {"kind": "set", "min": 3}, {"kind": "set", "min": 3}]],
                     "deal": 12, "buys": {"allowed": true, "limit": null, "extra_cards": 1}},
                    {"requirements": [[{"kind": "set", "min": 3}, {"kind": "set", "min": 3}, {"kind": "run", "min": 4}]],
                     "deal": 12, "go_out_all": true,
                     "buys": {"allowed": true, "limit": null, "extra_cards": 1}}
                ]}),
    )
    .await;
    let game = app
        .create_game(json!({"rules": id, "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let state = app.game_state(&game.id).await;
    assert_eq!(state["rules"], json!(id), "{state}");
    let state = app
        .enter_round(
            &game.id,
            json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": 12}}),
        )
        .await;
    assert_eq!(state["rounds"].as_array().map(Vec::len), Some(1), "{state}");
    let page = app.get(&format!("/games/{}", game.id)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Fünf Kontrakte"));
}

#[tokio::test]
async fn every_problem_is_answered_with_its_field_in_the_requests_language_and_nothing_is_stored() {
    let app = TestApp::new().await;
    let response = app
        .post_json_with(
            "/api/v1/rulesets",
            json!({"base": "hollywood", "name": "Omas\u{200B}Regeln", "rounds": [],
                   "penalty": {"K": 900}})
            .to_string(),
            &[("accept-language", "de")],
        )
        .await;
    assert_eq!(
        response.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        response.body
    );
    let answer = response.json();
    let fields: Vec<&str> = answer["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["name", "rounds", "penalty.K"], "{answer}");
    assert_eq!(answer["problems"][1]["code"], "no_rounds");
    assert_eq!(
        answer["problems"][1]["message"],
        "Das Regelwerk hat keine Runden; gib ihm mindestens eine."
    );
    for bad in [
        json!([1, 2]),
        json!({"base": "rummy", "name": "X"}),
        json!({"base": "contract", "name": "X", "rounds": "seven"}),
        json!({"name": "X"}),
    ] {
        let response = app.post_json("/api/v1/rulesets", &bad).await;
        assert_eq!(
            response.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            response.body
        );
        assert!(
            response.json()["error"]
                .as_str()
                .is_some_and(|e| !e.is_empty())
        );
    }
    let unknown = app.get("/api/v1/rulesets/rs-0000").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let check = app
        .post_json(
            "/api/v1/check",
            &json!({"rules": "rs-0000", "round": 1, "melds": "5H 5S 5C"}),
        )
        .await;
    assert_eq!(
        check.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        check.body
    );
}

#[tokio::test]
async fn an_idempotency_key_replays_the_same_request_and_refuses_another() {
    let app = TestApp::new().await;
    let body = json!({"base": "contract", "name": "Omas Regeln"}).to_string();
    let first = app
        .post_json_keyed("/api/v1/rulesets", body.clone(), Some("k-1"))
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let again = app
        .post_json_keyed("/api/v1/rulesets", body, Some("k-1"))
        .await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.json()["id"], first.json()["id"]);
    let other = app
        .post_json_keyed(
            "/api/v1/rulesets",
            json!({"base": "contract", "name": "Opas Regeln"}).to_string(),
            Some("k-1"),
        )
        .await;
    assert_eq!(
        other.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        other.body
    );
}

/// An example rule set of docs/rulesets/, stored (asserts 201): its id.
async fn example(app: &TestApp, file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/rulesets")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    stored(app, &serde_json::from_str::<Value>(&text).unwrap()).await
}

#[tokio::test]
async fn the_example_five_contracts_and_start_over_plays_hollywoods_first_five() {
    let app = TestApp::new().await;
    let id = example(&app, "five-contracts.json").await;
    let read = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    let hollywood = app.get("/api/v1/rules/hollywood").await.json();
    assert_eq!(read["rounds"].as_array().unwrap().len(), 5);
    assert_eq!(
        read["rounds"].as_array().unwrap()[..],
        hollywood["rounds"].as_array().unwrap()[..5]
    );
    let sixth = app
        .post_json(
            "/api/v1/check",
            &json!({"rules": id, "round": 6, "melds": "5H 5S 5C"}),
        )
        .await;
    assert_eq!(
        sixth.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        sixth.body
    );
    let fifth = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "round": 5, "melds": "5H 5S 5C | 9C 9D 9S | 3H 4H 5H 6H"}),
        )
        .await;
    assert_eq!(fifth["ok"], true, "{fifth}");
}

#[tokio::test]
async fn the_example_no_jokers_refuses_a_joker_in_a_meld_and_in_the_hand() {
    let app = TestApp::new().await;
    let id = example(&app, "no-jokers.json").await;
    let read = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(read["melds"]["jokers"], false);
    let jokers = read["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "jokers")
        .unwrap()
        .clone();
    assert_eq!(
        jokers["default"], false,
        "the option says what the data says"
    );
    let check = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "round": 1, "melds": "5H 5S JK | 9C 9D 9S"}),
        )
        .await;
    assert_eq!(check["ok"], false);
    let score = app
        .post_json("/api/v1/score", &json!({"rules": id, "cards": "JK 5H"}))
        .await;
    assert_eq!(score.status, StatusCode::UNPROCESSABLE_ENTITY);
    let natural = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "round": 1, "melds": "5H 5S 5C | 9C 9D 9S"}),
        )
        .await;
    assert_eq!(natural["ok"], true);
}

#[tokio::test]
async fn the_example_wiener_rommee_has_four_jokers_and_no_melding_before_going_out() {
    let app = TestApp::new().await;
    let id = example(&app, "wiener-rommee.json").await;
    let read = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(
        read["deck"],
        json!({"kind": "fixed", "decks": 2, "jokers": 4})
    );
    assert_eq!(read["play"]["lay_off"], "not-at-all");
    let dealt = read["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "cards_dealt")
        .unwrap()
        .clone();
    assert_eq!(
        dealt["values"],
        json!([10, 13, 15]),
        "10 or 13 (15 stays offered)"
    );
    let game = app
        .create_game(json!({"rules": id, "players": ["Ann", "Ben", "Cy"],
                            "options": {"cards_dealt": 10}}))
        .await;
    assert_eq!(app.game_state(&game.id).await["rules"], json!(id));
    let points = app
        .api("/api/v1/score", &json!({"rules": id, "cards": "JK 9H"}))
        .await;
    assert_eq!(points["points"], 29, "a joker 20, a nine 9");
}

#[tokio::test]
async fn the_example_wiener_rommee_lets_the_player_who_goes_out_keep_at_most_nine_points() {
    let app = TestApp::new().await;
    let id = example(&app, "wiener-rommee.json").await;
    let read = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(read["go_out_left_max"], 9);
    let preset = app.get("/api/v1/rules/rommee").await.json();
    assert!(
        preset.get("go_out_left_max").is_none(),
        "German Rommé keeps nothing and does not write the field"
    );
    let melds = "3H 4H 5H 6H | KS KD KC | 7C 8C 9C";
    let nine = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "melds": melds, "left": "4D 5S"}),
        )
        .await;
    assert_eq!(nine["ok"], true, "{nine}");
    let ten = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "melds": melds, "left": ["4D", "6S"], "lang": "de"}),
        )
        .await;
    assert_eq!(ten["ok"], false);
    assert_eq!(ten["problems"][0]["code"], "too_many_left");
    assert_eq!(ten["problems"][0]["points"], 10);
    assert_eq!(ten["problems"][0]["max"], 9);
    assert_eq!(
        ten["problems"][0]["message"],
        "Die Karten, die auf der Hand bleiben, zählen 10 Punkte; wer Rommé macht, darf höchstens 9 Punkte auf der Hand behalten."
    );
    let joker = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "melds": melds, "left": "JK"}),
        )
        .await;
    assert_eq!(joker["problems"][0]["points"], 20, "a joker kept counts 20");
    let solved = app
        .api(
            "/api/v1/solve",
            &json!({"rules": id, "go_out": true,
                    "hand": "3H 4H JK KS KD KC 7C 8C 9C 4D 5S"}),
        )
        .await;
    assert_eq!(solved["ok"], true, "{solved}");
    assert_eq!(solved["leftover"], json!(["4D", "5S"]));
    let no = app
        .api(
            "/api/v1/solve",
            &json!({"rules": id, "go_out": true,
                    "hand": "3H 4H 5H 6H KS KD KC 7C 8C 9C 4D 6S"}),
        )
        .await;
    assert_eq!(no["ok"], false);
    let both = app
        .post_json(
            "/api/v1/solve",
            &json!({"rules": id, "go_out": true, "best": true, "hand": "3H 4H 5H"}),
        )
        .await;
    assert_eq!(both.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(both.body.contains("go_out"), "{}", both.body);
    let too_many = app
        .post_json(
            "/api/v1/rulesets",
            &json!({"base": "rommee", "name": "Generous", "go_out_left_max": 51}),
        )
        .await;
    assert_eq!(too_many.status, StatusCode::UNPROCESSABLE_ENTITY);
    let refused = too_many.json();
    assert_eq!(refused["problems"][0]["field"], "go_out_left_max");
    assert_eq!(refused["problems"][0]["code"], "go_out_left");
    // The rule book (the checker page of the rule set) says it, in both languages.
    let page = app.get(&format!("/check?rules={id}")).await.body;
    assert!(
        page.contains("cards worth at most 9 points may stay in your hand"),
        "{page}"
    );
    let page = app.get_in(&format!("/check?rules={id}"), "de").await.body;
    assert!(
        page.contains("Karten mit höchstens 9 Punkten dürfen auf der Hand bleiben"),
        "{page}"
    );
    let page = app.get("/check?rules=rommee").await.body;
    assert!(!page.contains("may stay in your hand"));
}

#[tokio::test]
async fn the_example_american_continental_plays_wild_twos_without_jokers_with_fifteen_cards() {
    let app = TestApp::new().await;
    let id = example(&app, "american-continental.json").await;
    let read = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(read["melds"]["jokers"], false);
    assert_eq!(read["melds"]["twos_wild"], true);
    assert_eq!(read["rounds"][0]["deal"], 15);
    let hand = "AH 2C 3H | 4S 5S 6S | 7D 8D 9D | 10C JC QC | 9H 10H JH";
    let own = app
        .api("/api/v1/check", &json!({"rules": id, "melds": hand}))
        .await;
    let preset = app
        .api(
            "/api/v1/check",
            &json!({"rules": "continental", "options": {"twos_wild": true}, "melds": hand}),
        )
        .await;
    assert_eq!(own, preset);
    assert_eq!(own["ok"], true, "{own}");
    let joker = app
        .api(
            "/api/v1/check",
            &json!({"rules": id, "melds": "AH JK 3H | 4S 5S 6S | 7D 8D 9D | 10C JC QC | 9H 10H JH"}),
        )
        .await;
    assert_eq!(joker["ok"], false, "{joker}");
}

#[tokio::test]
async fn a_rule_set_downloads_as_a_file_that_posts_back_as_the_same_rules() {
    let app = TestApp::new().await;
    // A preset's file.
    let file = app.get("/api/v1/rulesets/liverpool/file").await;
    assert_eq!(file.status, StatusCode::OK, "{}", file.body);
    assert_eq!(
        file.header("content-disposition"),
        "attachment; filename=\"kontrakt-liverpool.json\""
    );
    assert!(file.header("content-type").starts_with("application/json"));
    let mut preset_file = file.json();
    assert_eq!(preset_file["base"], "liverpool");
    preset_file.as_object_mut().unwrap().remove("base");
    assert_eq!(preset_file, app.get("/api/v1/rules/liverpool").await.json());
    let from_preset = stored(&app, &preset_file).await;
    // A stored rule set's file, passed on and posted back on another table's server.
    let mut changed = preset_file.clone();
    changed["name"] = json!("Omas Regeln");
    let first = stored(&app, &changed).await;
    let file = app.get(&format!("/api/v1/rulesets/{first}/file")).await;
    assert_eq!(file.status, StatusCode::OK, "{}", file.body);
    assert_eq!(
        file.header("content-disposition"),
        format!("attachment; filename=\"kontrakt-{first}.json\"")
    );
    let other = TestApp::new().await;
    let again = stored(&other, &file.json()).await;
    assert_ne!(again, first, "a new id where it is stored again");
    let read = other.get(&format!("/api/v1/rulesets/{again}")).await.json();
    assert_eq!(read["name"], "Omas Regeln");
    for (path, question) in questions("liverpool") {
        let want = app.post_json(path, &question).await;
        for id in [&from_preset, &first] {
            let mut own = question.clone();
            own["rules"] = json!(id);
            let got = app.post_json(path, &own).await;
            assert_eq!(got.body, want.body, "{id} {path}");
        }
        let mut own = question.clone();
        own["rules"] = json!(again);
        let got = other.post_json(path, &own).await;
        assert_eq!(got.body, want.body, "{again} {path}");
    }
}

#[tokio::test]
async fn a_damaged_file_is_refused_by_field_and_an_unknown_id_has_no_file() {
    let app = TestApp::new().await;
    let mut file = app.get("/api/v1/rulesets/contract/file").await.json();
    file["rounds"] = json!([]);
    file["penalty"]["K"] = json!(9000);
    let refused = app.post_json("/api/v1/rulesets", &file).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let fields: Vec<String> = refused.json()["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["field"].as_str().unwrap().to_owned())
        .collect();
    assert!(fields.iter().any(|f| f == "rounds"), "{fields:?}");
    assert!(fields.iter().any(|f| f == "penalty.K"), "{fields:?}");
    for id in ["nope", "rs-0123456789abcdef0123456789abcdef", "../../etc"] {
        let file = app.get(&format!("/api/v1/rulesets/{id}/file")).await;
        assert_eq!(file.status, StatusCode::NOT_FOUND, "{id}: {}", file.body);
    }
}
