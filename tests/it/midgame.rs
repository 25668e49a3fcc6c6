//! Changes after a game's start (issue 11, docs/RULES.md section 8) through the JSON API: a
//! player sits out a round, leaves, joins late; a rename and the stake; each in the history,
//! undone and redone like a round, versioned, idempotent, and kept by export and import.

use crate::common::Said::Has;
use crate::common::{TestApp, TestResponse};
use axum::http::StatusCode;
use kontrakt::db::transfer::{export_games, import_games};
use serde_json::{Value, json};

async fn post(app: &TestApp, path: &str, body: Value, key: Option<&str>) -> TestResponse {
    app.post_json_keyed(path, body.to_string(), key).await
}

async fn ok(app: &TestApp, path: &str, body: Value) -> Value {
    let answer = post(app, path, body, None).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.body);
    answer.json()
}

async fn new_game(app: &TestApp) -> String {
    app.create_game(json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Dee"]}))
        .await
        .id
}

fn round(went_out: &str, points: Value) -> Value {
    json!({"went_out": went_out, "points": points})
}

#[tokio::test]
async fn a_table_sits_out_leaves_and_joins_and_the_totals_and_dealer_follow() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let base = format!("/api/v1/games/{id}");
    ok(
        &app,
        &format!("{base}/rounds"),
        round("Ann", json!({"Ben": 10, "Cy": 20, "Dee": 30})),
    )
    .await;

    // Ben (seat 2) sits out round 2, whose deal was his: Cy deals it.
    let game = ok(
        &app,
        &format!("{base}/players/2"),
        json!({"sits_out_next": true}),
    )
    .await;
    assert_eq!(game["table"][1]["sits_out_next"], true);
    assert_eq!(game["next_round"]["dealer"], "Cy");
    let refused = post(
        &app,
        &format!("{base}/rounds"),
        round("Ann", json!({"Ben": 5, "Cy": 5, "Dee": 5})),
        None,
    )
    .await;
    refused.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Has("does not play round 2"),
    );
    let game = ok(
        &app,
        &format!("{base}/rounds"),
        round("Cy", json!({"Ann": 5, "Dee": 15})),
    )
    .await;
    assert_eq!(game["totals"]["Ben"], 10, "Ben's total stays");
    assert_eq!(game["rounds"][1]["dealer"], "Cy");

    // Eve joins after Ann with the worst total at the table (Dee's 45), then Dee leaves at the
    // same moment: Eve's start stays (docs/RULES.md section 8).
    let game = ok(
        &app,
        &format!("{base}/players"),
        json!({"name": "Eve", "after": "Ann"}),
    )
    .await;
    assert_eq!(game["totals"]["Eve"], 45);
    assert_eq!(game["table"][4]["joined_after_round"], 2);
    assert_eq!(game["table"][4]["start_total"], 45);
    let game = ok(&app, &format!("{base}/players/4"), json!({"leaves": true})).await;
    assert_eq!(game["table"][3]["at_table"], false);
    assert_eq!(game["table"][3]["left_after_round"], 2);
    assert_eq!(game["players"], json!(["Ann", "Ben", "Cy", "Dee", "Eve"]));
    let game = ok(
        &app,
        &format!("{base}/rounds"),
        round("Eve", json!({"Ann": 5, "Ben": 5, "Cy": 5})),
    )
    .await;
    assert_eq!(game["totals"]["Dee"], 45, "a leaver keeps their total");
    assert_eq!(game["totals"]["Eve"], 45);
    let left = post(
        &app,
        &format!("{base}/players/4"),
        json!({"sits_out_next": true}),
        None,
    )
    .await;
    left.assert_refused(StatusCode::UNPROCESSABLE_ENTITY, Has("has left the table"));

    // End the game: everyone, the leaver too, is settled; the money sums to zero.
    let game = ok(&app, &format!("{base}/end"), json!({})).await;
    let nets = game["settlement"]["net_cents"].as_array().unwrap();
    assert_eq!(nets.len(), 5);
    assert_eq!(nets.iter().map(|n| n.as_i64().unwrap()).sum::<i64>(), 0);

    // The history names each change.
    let history = app.get(&format!("{base}/history")).await.json();
    let actions: Vec<&str> = history["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["enter", "sit_out", "enter", "join", "leave", "enter", "end"]
    );
}

#[tokio::test]
async fn undo_takes_back_a_leave_and_redo_puts_it_back() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let base = format!("/api/v1/games/{id}");
    ok(
        &app,
        &format!("{base}/rounds"),
        round("Ann", json!({"Ben": 10, "Cy": 20, "Dee": 30})),
    )
    .await;
    let game = ok(&app, &format!("{base}/players/3"), json!({"leaves": true})).await;
    assert_eq!(game["table"][2]["at_table"], false);
    let game = ok(&app, &format!("{base}/undo"), json!({})).await;
    assert_eq!(game["table"][2]["at_table"], true, "Cy is back");
    assert_eq!(
        game["rounds"].as_array().unwrap().len(),
        1,
        "the round stays"
    );
    let game = ok(&app, &format!("{base}/redo"), json!({})).await;
    assert_eq!(game["table"][2]["at_table"], false, "Cy is gone again");
    // The next undo takes back the leave, the one after it the round.
    ok(&app, &format!("{base}/undo"), json!({})).await;
    let game = ok(&app, &format!("{base}/undo"), json!({})).await;
    assert_eq!(game["rounds"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn a_rename_and_the_stake_are_kept_in_the_history_and_undone() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let base = format!("/api/v1/games/{id}");
    ok(
        &app,
        &format!("{base}/rounds"),
        round("Ben", json!({"Ann": 10, "Cy": 20, "Dee": 30})),
    )
    .await;
    let game = ok(
        &app,
        &format!("{base}/players/2"),
        json!({"name": "Benedikt"}),
    )
    .await;
    assert_eq!(game["players"][1], "Benedikt");
    assert_eq!(game["version"], 2, "one change, one version");
    assert_eq!(
        game["rounds"][0]["went_out"], "Benedikt",
        "the entries follow"
    );
    assert_eq!(game["totals"]["Benedikt"], 0);
    let taken = post(
        &app,
        &format!("{base}/players/2"),
        json!({"name": "ann"}),
        None,
    )
    .await;
    taken.assert_refused(StatusCode::UNPROCESSABLE_ENTITY, Has("Two players"));

    let game = ok(
        &app,
        &format!("{base}/settings"),
        json!({"cents_per_point": 5, "currency": "CHF"}),
    )
    .await;
    assert_eq!(
        (game["cents_per_point"].clone(), game["currency"].clone()),
        (json!(5), json!("CHF"))
    );
    let bad = post(
        &app,
        &format!("{base}/settings"),
        json!({"cents_per_point": -1}),
        None,
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);

    let game = ok(&app, &format!("{base}/undo"), json!({})).await;
    assert_eq!(game["cents_per_point"], 1);
    assert_eq!(game["currency"], "€");
    let game = ok(&app, &format!("{base}/undo"), json!({})).await;
    assert_eq!(game["players"][1], "Ben", "the rename is undone");
    assert_eq!(game["rounds"][0]["went_out"], "Ben");
    let history = app.get(&format!("{base}/history")).await.json();
    let actions: Vec<&str> = history["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["enter", "rename", "settings", "undo", "undo"]);
}

#[tokio::test]
async fn changes_are_versioned_idempotent_and_refused_with_a_sentence() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let base = format!("/api/v1/games/{id}");
    let stale = post(
        &app,
        &format!("{base}/players"),
        json!({"name": "Eve", "version": 7}),
        None,
    )
    .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);

    let first = post(
        &app,
        &format!("{base}/players"),
        json!({"name": "Eve"}),
        Some("k1"),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let again = post(
        &app,
        &format!("{base}/players"),
        json!({"name": "Eve"}),
        Some("k1"),
    )
    .await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.header("idempotent-replayed"), "true");
    assert_eq!(
        again.json()["players"].as_array().unwrap().len(),
        5,
        "joined once"
    );
    let other = post(
        &app,
        &format!("{base}/players"),
        json!({"name": "Fay"}),
        Some("k1"),
    )
    .await;
    assert_eq!(other.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Liverpool seats at most five.
    let full = post(
        &app,
        &format!("{base}/players"),
        json!({"name": "Fay"}),
        None,
    )
    .await;
    full.assert_refused(StatusCode::UNPROCESSABLE_ENTITY, Has("at most 5"));
    for (path, body) in [
        ("players/9", json!({"leaves": true})),
        ("players/x", json!({"leaves": true})),
        ("players/1", json!({"leaves": true, "name": "A"})),
        ("players/1", json!({"leaves": false})),
        ("players", json!({"name": "Gus", "start": "best"})),
        ("players", json!({"name": "Gus", "seat": 2})),
    ] {
        let answer = post(&app, &format!("{base}/{path}"), body, None).await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{path}: {}",
            answer.body
        );
        assert!(!answer.error_sentence().is_empty());
    }
    let german = post(
        &app,
        &format!("{base}/players/2"),
        json!({"name": "Ann", "lang": "de"}),
        None,
    )
    .await;
    assert!(german.body.contains("Zwei Spieler"), "{}", german.body);
}

#[tokio::test]
async fn export_and_import_keep_the_changes() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let base = format!("/api/v1/games/{id}");
    ok(
        &app,
        &format!("{base}/rounds"),
        round("Ann", json!({"Ben": 10, "Cy": 20, "Dee": 30})),
    )
    .await;
    ok(
        &app,
        &format!("{base}/players/2"),
        json!({"sits_out_next": true}),
    )
    .await;
    ok(
        &app,
        &format!("{base}/players"),
        json!({"name": "Eve", "start": "average"}),
    )
    .await;
    let before = app.get(&base).await.json();
    let export = export_games(&app.db).await.unwrap();
    assert_eq!(export.games[0].changes.len(), 2);
    let text = serde_json::to_string(&export).unwrap();

    let other = TestApp::new().await;
    import_games(&other.db, &serde_json::from_str(&text).unwrap())
        .await
        .unwrap();
    let after = other.get(&base).await.json();
    for field in ["players", "table", "totals", "next_round", "version"] {
        assert_eq!(before[field], after[field], "{field}");
    }
    assert_eq!(after["totals"]["Eve"], 15);
}

/// The players page works without JavaScript: its forms change the game, the round form
/// leaves out the player who sits out, and the sheet marks the round with words in its legend.
#[tokio::test]
async fn the_players_page_changes_the_game_and_the_sheet_shows_it() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let base = format!("/api/v1/games/{id}");
    let game = ok(
        &app,
        &format!("{base}/rounds"),
        round("Ann", json!({"Ben": 10, "Cy": 20, "Dee": 30})),
    )
    .await;
    let view = game["view_url"]
        .as_str()
        .unwrap()
        .trim_start_matches("/view/")
        .to_string();
    let page = app.get(&format!("/games/{id}/players")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("id=\"join-form\""), "{}", page.body);
    crate::common::assert_no_inline_script_or_style(&page.body);
    let game_page = app.get(&format!("/games/{id}")).await;
    assert!(game_page.body.contains(&format!("/games/{id}/players")));
    // The read-only link neither shows nor changes it.
    assert_eq!(
        app.get(&format!("/games/{view}/players")).await.status,
        StatusCode::FORBIDDEN
    );

    let action = format!("/games/{id}/players/2");
    let key = app.form_key(&action);
    let fields = [("version", "1"), ("key", key.as_str()), ("do", "sit_out")];
    let done = crate::common::post_form(&app, &action, &fields, "en").await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    // The same form again (Back, then submit) changes nothing.
    let again = crate::common::post_form(&app, &action, &fields, "en").await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    let stale =
        crate::common::post_form(&app, &action, &[("version", "1"), ("do", "leave")], "en").await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    let players = app.get(&format!("/games/{id}/players")).await;
    assert!(
        players.body.contains("sits out round 2"),
        "{}",
        players.body
    );

    let form = app.get(&format!("/games/{id}/rounds/new")).await;
    assert!(!form.body.contains("name=\"points.Ben\""), "Ben has no row");
    assert!(form.body.contains("name=\"points.Cy\""));

    let game = ok(
        &app,
        &format!("{base}/rounds"),
        round("Cy", json!({"Ann": 5, "Dee": 10})),
    )
    .await;
    assert_eq!(game["version"], 3, "{game}");
    // A rename through the page; a name taken is refused with the sentence, in German too.
    let api = post(
        &app,
        &format!("{base}/players/4"),
        json!({"name": "cy", "version": 3}),
        None,
    )
    .await;
    assert_eq!(api.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", api.body);
    let taken = rename(&app, &id, "cy", "3").await;
    taken.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "Zwei Spieler");
    assert_eq!(
        rename(&app, &id, "Dora", "3").await.status,
        StatusCode::SEE_OTHER
    );

    let sheet = app.get(&format!("/games/{id}")).await;
    assert!(
        sheet.body.contains("sat out this round"),
        "the mark's words"
    );
    assert!(sheet.body.contains("Dora"));
    let german = crate::common::post_form(
        &app,
        &format!("/games/{id}/settings"),
        &[("version", "4"), ("cents", "x"), ("currency", "CHF")],
        "de",
    )
    .await;
    assert_eq!(
        german.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        german.body
    );
}

/// Posts the players page's rename form for seat 4, in German.
async fn rename(app: &TestApp, id: &str, name: &str, version: &str) -> TestResponse {
    let action = format!("/games/{id}/players/4");
    let fields = [("version", version), ("do", "rename"), ("name", name)];
    app.post_form_keyed(&action, &fields, "de").await
}

#[tokio::test]
async fn the_players_page_changes_points_per_cent_with_the_stake() {
    // Issue 11: the stake after the start, as the new-game form asks it: cents and, where the
    // settlement goes by points, points per cent.
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let page = app.get(&format!("/games/{id}/players")).await;
    assert!(
        page.body.contains("name=\"points_per_cent\" value=\"1\""),
        "{}",
        page.body
    );
    let action = format!("/games/{id}/settings");
    let version = app.get(&format!("/api/v1/games/{id}")).await.json()["version"]
        .as_i64()
        .unwrap()
        .to_string();
    let saved = app
        .post_form_keyed(
            &action,
            &[
                ("version", version.as_str()),
                ("cents", "2"),
                ("points_per_cent", "10"),
                ("currency", "CHF"),
            ],
            "en",
        )
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let game = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(
        (
            &game["cents_per_point"],
            &game["points_per_cent"],
            &game["currency"]
        ),
        (&json!(2), &json!(10), &json!("CHF"))
    );
    let page = app.get(&format!("/games/{id}/players")).await;
    assert!(page.body.contains("name=\"points_per_cent\" value=\"10\""));
}

/// Issue 11: the history page shows what each change changed, before → after: who sits out,
/// who left with which total, a late joiner's starting total, the old and the new name, the
/// stake and currency (and an undo of a change the other way round), in English and German.
#[tokio::test]
async fn the_history_page_shows_each_change_before_and_after() {
    let app = TestApp::new().await;
    let id = new_game(&app).await;
    let base = format!("/api/v1/games/{id}");
    for (path, body) in [
        (
            "rounds",
            round("Ann", json!({"Ben": 10, "Cy": 20, "Dee": 30})),
        ),
        ("players/3", json!({"sits_out_next": true})),
        ("rounds", round("Ann", json!({"Ben": 5, "Dee": 5}))),
        ("players/2", json!({"leaves": true})),
        ("players", json!({"name": "Eve", "after": "Ann"})),
        ("players/4", json!({"name": "Dora"})),
        (
            "settings",
            json!({"cents_per_point": 20, "currency": "CHF"}),
        ),
        ("undo", json!({})),
    ] {
        ok(&app, &format!("{base}/{path}"), body).await;
    }
    let row = |what: &str, before: &str, after: &str| {
        format!("<th scope=\"row\"><bdi>{what}</bdi></th><td>{before}</td><td>{after}</td>")
    };
    let page = app.get(&format!("/games/{id}/history")).await;
    assert_eq!(page.status, StatusCode::OK);
    let body = crate::common::text(&page.body);
    for expected in [
        row("Cy", "plays", "sits out round 2"),
        row("Ben", "plays", "left after round 2 with 15"),
        // The worst total at the table when she joined: Dee's 35.
        row(
            "Eve",
            "not at the table",
            "joined after round 2, started at 35",
        ),
        row("Name", "Dee", "Dora"),
        row("Cents per point (or unit)", "1", "20"),
        row("Currency", "€", "CHF"),
        // The undo of the stake, the other way round.
        row("Cents per point (or unit)", "20", "1"),
        row("Currency", "CHF", "€"),
    ] {
        assert!(body.contains(&expected), "{expected} in {body}");
    }
    assert!(body.contains("<th scope=\"col\">What</th>"), "{body}");
    assert!(
        body.find(&row("Currency", "CHF", "€")) < body.find(&row("Currency", "€", "CHF")),
        "newest first"
    );
    let german = crate::common::text(&app.get_in(&format!("/games/{id}/history"), "de").await.body);
    for expected in [
        row("Cy", "spielt mit", "setzt in Runde 2 aus"),
        row("Ben", "spielt mit", "nach Runde 2 gegangen, mit 15"),
        row(
            "Eve",
            "nicht am Tisch",
            "nach Runde 2 eingestiegen, begann mit 35",
        ),
        row("Währung", "€", "CHF"),
    ] {
        assert!(german.contains(&expected), "{expected} in {german}");
    }
    assert!(german.contains("<th scope=\"col\">Was</th>"));
}
