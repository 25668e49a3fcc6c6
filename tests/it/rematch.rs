//! Rematch (issue 10, issue 11): `POST /games/{id}/rematch` and `POST /api/v1/games/{id}/rematch`
//! create a new game with the same seats, rule set, options and money, the first dealer one
//! seat on; once per form key or `Idempotency-Key`; never through the read-only link. After
//! changes at the table the rematch seats the table as it ended (docs/RULES.md section 8).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use kontrakt::web::cookies::CookieJar;
use kontrakt::web::recent;

use crate::common::{TestApp, form_body, post_form};

/// A finished Hollywood game of 4 contracts with a stake, a currency, points per cent and
/// Cy (the last seat) dealing first: `(id, view token)`.
async fn finished_game(app: &TestApp) -> (String, String) {
    let game = app
        .create_game(
            json!({"rules": "hollywood", "players": ["Ann", "Ben", "Cy"],
                            "options": {"contracts": 4}, "first_dealer": "Cy",
                            "cents_per_point": 10, "points_per_cent": 5, "currency": "$"}),
        )
        .await;
    for round in [
        json!({"went_out": "Ann", "points": {"Ben": 25, "Cy": 5}}),
        json!({"went_out": "Ben", "points": {"Ann": 40, "Cy": 15}}),
        json!({"went_out": "Cy", "points": {"Ann": 10, "Ben": 20}}),
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 30}}),
    ] {
        app.enter_round(&game.id, round).await;
    }
    assert_eq!(app.game_state(&game.id).await["finished"], true);
    (game.id, game.view)
}

async fn post_json(
    app: &TestApp,
    path: &str,
    body: &Value,
    key: Option<&str>,
) -> (StatusCode, Value) {
    let response = app.post_json_keyed(path, body.to_string(), key).await;
    let json = serde_json::from_str(&response.body).unwrap_or(Value::Null);
    (response.status, json)
}

async fn game_count(app: &TestApp) -> usize {
    kontrakt::db::transfer::export_games(&app.db)
        .await
        .unwrap()
        .games
        .len()
}

/// The new game has the old one's set-up, the first dealer one seat on, and no rounds.
fn assert_rematch_of(old: &Value, new: &Value) {
    for field in [
        "rules",
        "options",
        "players",
        "scheme",
        "cents_per_point",
        "points_per_cent",
        "currency",
        "of_rounds",
    ] {
        assert_eq!(old[field], new[field], "{field}");
    }
    assert_eq!(old["first_dealer"], "Cy");
    // Cy sat last: the deal moves on round the table to Ann.
    assert_eq!(new["first_dealer"], "Ann");
    assert_eq!(new["rounds"], json!([]));
    assert_eq!(new["finished"], false);
    assert_ne!(old["id"], new["id"]);
}

#[tokio::test]
async fn the_api_rematch_answers_201_like_creating_a_game_and_keeps_the_set_up() {
    let app = TestApp::new().await;
    let (id, _) = finished_game(&app).await;
    let old = app.game_state(&id).await;
    let response = app
        .send(
            Request::post(format!("/api/v1/games/{id}/rematch"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    let body = response.json();
    let new_id = body["id"].as_str().unwrap();
    assert_eq!(body["url"], format!("/games/{new_id}"));
    assert_eq!(body["api_url"], format!("/api/v1/games/{new_id}"));
    assert!(body["view_url"].as_str().unwrap().starts_with("/view/"));
    assert!(
        body["view_api_url"]
            .as_str()
            .unwrap()
            .starts_with("/api/v1/view/")
    );
    assert_eq!(
        body.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["api_url", "id", "url", "view_api_url", "view_url"]
    );
    assert_eq!(
        response.header("location"),
        format!("/api/v1/games/{new_id}")
    );
    assert_eq!(response.header("cache-control"), "no-store");
    assert_rematch_of(&old, &app.game_state(new_id).await);
    // The finished game is as it was.
    assert_eq!(app.game_state(&id).await, old);
}

#[tokio::test]
async fn an_api_rematch_retried_with_its_idempotency_key_gives_the_same_game() {
    let app = TestApp::new().await;
    let (id, _) = finished_game(&app).await;
    let path = format!("/api/v1/games/{id}/rematch");
    let (first, one) = post_json(&app, &path, &json!({}), Some("rematch-key-0001")).await;
    assert_eq!(first, StatusCode::CREATED, "{one}");
    let count = game_count(&app).await;
    let (again, two) = post_json(&app, &path, &json!({}), Some("rematch-key-0001")).await;
    assert_eq!(again, StatusCode::CREATED, "{two}");
    assert_eq!(one, two);
    assert_eq!(
        game_count(&app).await,
        count,
        "a retry created a second game"
    );
    // The same key for another request is refused, in a sentence.
    let (other, body) = post_json(
        &app,
        "/api/v1/games",
        &json!({"rules": "contract", "players": ["X", "Y", "Z"]}),
        Some("rematch-key-0001"),
    )
    .await;
    assert_eq!(other, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // Without a key, each post is a new rematch.
    let (_, three) = post_json(&app, &path, &json!({}), None).await;
    assert_ne!(three["id"], one["id"]);
}

#[tokio::test]
async fn the_rematch_form_goes_to_the_new_game_and_a_resent_form_to_the_same_one() {
    let app = TestApp::new().await;
    let (id, _) = finished_game(&app).await;
    let old = app.game_state(&id).await;
    let action = format!("/games/{id}/rematch");
    // The game-over header offers the form, with a key signed for it.
    let page = app.get(&format!("/games/{id}")).await;
    assert!(
        page.body.contains(&format!("action=\"{action}\"")),
        "{}",
        page.body
    );
    let settlement = app.get(&format!("/games/{id}/settlement")).await;
    assert!(settlement.body.contains(&format!("action=\"{action}\"")));
    let key = app.form_key(&action);
    let fields = [("key", key.as_str())];
    let post = || post_form(&app, &action, &fields, "en");
    let response = post().await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let location = response.header("location").to_owned();
    let new_id = location.strip_prefix("/games/").unwrap();
    assert_rematch_of(&old, &app.game_state(new_id).await);
    let count = game_count(&app).await;
    let again = post().await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    assert_eq!(again.header("location"), location);
    assert_eq!(game_count(&app).await, count);
    // A key this server did not sign for this form is refused with a sentence.
    let forged = post_form(&app, &action, &[("key", &app.form_key("/games"))], "en").await;
    forged.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "This form is out of date");
}

#[tokio::test]
async fn the_read_only_link_offers_no_rematch_and_cannot_make_one() {
    let app = TestApp::new().await;
    let (id, view) = finished_game(&app).await;
    let count = game_count(&app).await;
    for page in [format!("/view/{view}"), format!("/view/{view}/settlement")] {
        let body = app.get(&page).await.body;
        assert!(!body.contains("rematch"), "{page} offers a rematch");
    }
    let page = format!("/games/{view}/rematch");
    let api = format!("/api/v1/games/{view}/rematch");
    let form = Request::post(&page)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(form_body(&[("key", &app.form_key(&page))])))
        .unwrap();
    let json = Request::post(&api).body(Body::empty()).unwrap();
    for (path, request) in [(page.clone(), form), (api.clone(), json)] {
        let response = app.send(request).await;
        assert_eq!(
            response.status,
            StatusCode::FORBIDDEN,
            "{path}: {}",
            response.body
        );
    }
    assert_eq!(game_count(&app).await, count);
    assert!(
        app.get(&format!("/games/{id}"))
            .await
            .body
            .contains("rematch")
    );
}

#[tokio::test]
async fn the_home_page_offers_a_rematch_for_a_finished_game_only() {
    let app = TestApp::new().await;
    let (id, _) = finished_game(&app).await;
    let (_, open) = post_json(
        &app,
        "/api/v1/games",
        &json!({"rules": "contract", "players": ["X", "Y", "Z"]}),
        None,
    )
    .await;
    let open_id = open["id"].as_str().unwrap();
    let home = app
        .send(
            Request::get("/")
                .header("cookie", recent_cookie(&[&id, open_id]))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(
        home.body
            .contains(&format!("action=\"/games/{id}/rematch\"")),
        "{}",
        home.body
    );
    assert!(!home.body.contains(&format!("/games/{open_id}/rematch")));
}

/// The `Cookie` header of a phone that remembers these games.
fn recent_cookie(ids: &[&str]) -> String {
    let mut jar = CookieJar::default();
    for id in ids {
        jar = recent::remember(jar, &format!("/games/{id}"), id);
    }
    format!("recent={}", jar.get(recent::RECENT_COOKIE).unwrap())
}

/// A Liverpool game for Ann, Ben, Cy and Dee (Ann deals first) whose table changed after one
/// round: Ben left, Eve joined after Ann, and the stake went up
/// to 20 CHF cents. `create` is the route that creates it: the games API, or a group's games
/// route.
async fn changed_game(app: &TestApp, create: &str) -> String {
    let id = app
        .create_game_at(
            create,
            json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Dee"],
                   "first_dealer": "Ann", "cents_per_point": 10, "currency": "€"}),
        )
        .await
        .id;
    let base = format!("/api/v1/games/{id}");
    for (path, body) in [
        (
            "rounds",
            json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20, "Dee": 30}}),
        ),
        ("players/2", json!({"leaves": true})),
        (
            "players",
            json!({"name": "Eve", "after": "Ann", "start": "zero"}),
        ),
        (
            "settings",
            json!({"cents_per_point": 20, "currency": "CHF"}),
        ),
    ] {
        let (status, body) = post_json(app, &format!("{base}/{path}"), &body, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    id
}

/// Issue 11 (docs/RULES.md section 8, "A rematch"): a rematch seats the table as the game
/// ended, by page and by API: who left is not seated, the late joiner is at her seat, names
/// as renamed, the stake and currency as changed, and the deal moves one seat on from the
/// last first dealer among those still seated.
#[tokio::test]
async fn a_rematch_after_changes_at_the_table_seats_the_table_as_it_ended() {
    let app = TestApp::new().await;
    let id = changed_game(&app, "/api/v1/games").await;
    let (status, renamed) = post_json(
        &app,
        &format!("/api/v1/games/{id}/players/4"),
        &json!({"name": "Dora"}),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    let expect = |game: &Value| {
        assert_eq!(
            game["players"],
            json!(["Ann", "Eve", "Cy", "Dora"]),
            "{game}"
        );
        assert_eq!(game["first_dealer"], "Eve", "{game}");
        assert_eq!(game["cents_per_point"], 20);
        assert_eq!(game["currency"], "CHF");
        assert_eq!(game["rules"], "liverpool");
        assert_eq!(game["rounds"], json!([]));
        assert!(
            game["table"]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p["at_table"] == true),
            "a new game starts with no changes: {game}"
        );
    };
    let (status, by_api) = post_json(
        &app,
        &format!("/api/v1/games/{id}/rematch"),
        &json!({}),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{by_api}");
    expect(&app.game_state(by_api["id"].as_str().unwrap()).await);

    let action = format!("/games/{id}/rematch");
    let response = app.post_form_keyed(&action, &[], "en").await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let by_page = response.header("location").trim_start_matches("/games/");
    expect(&app.game_state(by_page).await);
}

/// A group's game is rematched in the group with the table as it ended; the late joiner the
/// group did not know joins the group's players.
#[tokio::test]
async fn a_group_rematch_after_changes_seats_the_late_joiner_who_joins_the_group() {
    let app = TestApp::new().await;
    let group = app
        .create_group("Freitagsrunde", &["Ann", "Ben", "Cy", "Dee"])
        .await
        .id;
    let id = changed_game(&app, &format!("/api/v1/groups/{group}/games")).await;
    let (status, by_api) = post_json(
        &app,
        &format!("/api/v1/games/{id}/rematch"),
        &json!({}),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{by_api}");
    let new = app.game_state(by_api["id"].as_str().unwrap()).await;
    assert_eq!(new["players"], json!(["Ann", "Eve", "Cy", "Dee"]), "{new}");
    assert_eq!(new["first_dealer"], "Eve");
    assert_eq!(new["currency"], "CHF");
    let group = app.get(&format!("/api/v1/groups/{group}")).await.json();
    let names: Vec<&str> = group["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Ben", "Cy", "Dee", "Eve"], "{group}");
    assert_eq!(group["games"].as_array().unwrap().len(), 2, "{group}");
}

/// A table that ended too small for its rule set (Contract Rummy needs three; two are left) gets
/// the rule set's sentence, not a rematch and not a server error.
#[tokio::test]
async fn a_rematch_of_a_table_too_small_for_the_rule_set_is_refused_with_a_sentence() {
    let app = TestApp::new().await;
    let id = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy", "Dee"]}))
        .await
        .id;
    for seat in [2, 3] {
        let (status, body) = post_json(
            &app,
            &format!("/api/v1/games/{id}/players/{seat}"),
            &json!({"leaves": true}),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let before = game_count(&app).await;
    let response = app
        .send(
            Request::post(format!("/api/v1/games/{id}/rematch"))
                .header("accept-language", "de")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(
        response.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        response.body
    );
    assert!(
        response
            .body
            .contains("von 3 bis 5 Personen gespielt, nicht von 2"),
        "{}",
        response.body
    );
    assert_eq!(game_count(&app).await, before, "no game was made");
}
