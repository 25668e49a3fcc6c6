//! The group pages (issue 10): a new group from the home page and this phone's groups there,
//! the group page's forms (add, rename, retire and bring back players; house rules) guarded by
//! the group's version and keyed, the group's new-game form with the last game's defaults,
//! "add to group" on a game page, the read-only group page, the exports, and a rematch that
//! stays in the group.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::{Made, TestApp, TestResponse, player_id, post_form};

/// Posts a form with a cookie header (this phone's cookies).
async fn post_form_with_cookie(
    app: &TestApp,
    path: &str,
    fields: &[(&str, &str)],
    cookie: &str,
) -> TestResponse {
    app.post_form_with(path, fields, &[("cookie", cookie)])
        .await
}

async fn get_with_cookie(app: &TestApp, path: &str, cookie: &str) -> TestResponse {
    app.get_with(path, &[("cookie", cookie)]).await
}

/// The `name=value` of the cookies an answer sets.
fn cookies(response: &TestResponse) -> String {
    response
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A group made through the home page's form: (edit id, read-only token, this phone's cookie).
async fn new_group(app: &TestApp, players: &str) -> (String, String, String) {
    let response = app
        .post_form_keyed(
            "/groups",
            &[("name", "Freitagsrunde"), ("players", players)],
            "en",
        )
        .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let id = response
        .header("location")
        .strip_prefix("/groups/")
        .unwrap()
        .to_owned();
    let state = app.get(&format!("/api/v1/groups/{id}")).await.json();
    let view = state["view_url"]
        .as_str()
        .unwrap()
        .strip_prefix("/groups/view/")
        .unwrap()
        .to_owned();
    (id, view, cookies(&response))
}

async fn state(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/api/v1/groups/{id}")).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.body);
    response.json()
}

/// Posts one of the group page's forms with the group's current version and a fresh key.
async fn group_form(
    app: &TestApp,
    id: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> TestResponse {
    let version = state(app, id).await["version"].to_string();
    let path = format!("/groups/{id}/{action}");
    let key = app.form_key(&path);
    let mut all = fields.to_vec();
    all.push(("version", &version));
    all.push(("key", &key));
    post_form(app, &path, &all, "en").await
}

#[tokio::test]
async fn a_group_made_on_the_home_page_is_remembered_there_and_bad_names_come_back_with_a_sentence()
{
    let app = TestApp::new().await;
    let (id, _, cookie) = new_group(&app, "Ann\r\nBen\r\n\r\nCy\nDi").await;
    let names: Vec<String> = state(&app, &id).await["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Ann", "Ben", "Cy", "Di"]);
    let home = get_with_cookie(&app, "/", &cookie).await;
    assert!(
        home.body.contains(&format!("href=\"/groups/{id}\"")),
        "{}",
        home.body
    );
    assert!(home.body.contains("Freitagsrunde"));

    // Two names read the same: refused in German, with what was typed kept.
    let key = app.form_key("/groups");
    let refused = post_form(
        &app,
        "/groups",
        &[("name", "Runde"), ("players", "Ann\nANN"), ("key", &key)],
        "de",
    )
    .await;
    refused.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "ist doppelt genannt");
    assert!(refused.body.contains("value=\"Runde\""));
    // A made-up key is a stale form, not a group.
    let forged = post_form(
        &app,
        "/groups",
        &[
            ("name", "Runde"),
            ("players", "Ann"),
            ("key", "made-up-key"),
        ],
        "en",
    )
    .await;
    assert_eq!(forged.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_home_page_s_group_form_is_idempotent() {
    let app = TestApp::new().await;
    let key = app.form_key("/groups");
    let fields = [
        ("name", "Freitagsrunde"),
        ("players", "Ann\nBen"),
        ("key", key.as_str()),
    ];
    let first = post_form(&app, "/groups", &fields, "en").await;
    let again = post_form(&app, "/groups", &fields, "en").await;
    assert_eq!(first.status, StatusCode::SEE_OTHER);
    assert_eq!(first.header("location"), again.header("location"));
}

#[tokio::test]
async fn the_group_page_adds_renames_retires_and_brings_back_players_guarded_by_the_version() {
    let app = TestApp::new().await;
    let (id, view, _) = new_group(&app, "Ann\nBen\nCy").await;
    let page = app
        .send(
            Request::get(format!("/groups/{id}"))
                .header("host", "192.168.1.20:3000")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(page.status, StatusCode::OK);
    for want in [
        "Ann",
        "id=\"add-player-form\"",
        "id=\"qr\"",
        "id=\"qr-view\"",
        "http://192.168.1.20:3000/groups/view/",
        &format!("/groups/{id}/games/new"),
        &format!("/groups/{id}/standings"),
        &format!("/groups/{id}/ledger"),
        &format!("/groups/{id}/import"),
        &format!("/groups/{id}/export.csv"),
    ] {
        assert!(page.body.contains(want), "{want}: {}", page.body);
    }
    crate::common::assert_no_inline_script_or_style(&page.body);

    let added = group_form(&app, &id, "players", &[("name", "Di")]).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    assert_eq!(added.header("location"), format!("/groups/{id}#players"));

    // A second phone's form, made before that change: refused with the page, nothing lost.
    let path = format!("/groups/{id}/players");
    let key = app.form_key(&path);
    let stale = post_form(
        &app,
        &path,
        &[("name", "Eve"), ("version", "0"), ("key", &key)],
        "en",
    )
    .await;
    stale.assert_page_refused(StatusCode::CONFLICT, "changed on another device");
    assert_eq!(
        state(&app, &id).await["players"].as_array().unwrap().len(),
        4
    );

    // The same post twice (a double tap, a retry): one player.
    let version = state(&app, &id).await["version"].to_string();
    let fields = [
        ("name", "Eve"),
        ("version", version.as_str()),
        ("key", key.as_str()),
    ];
    let once = post_form(&app, &path, &fields, "en").await;
    let twice = post_form(&app, &path, &fields, "en").await;
    assert_eq!(once.status, StatusCode::SEE_OTHER, "{}", once.body);
    assert_eq!(twice.status, StatusCode::SEE_OTHER, "{}", twice.body);
    let now = state(&app, &id).await;
    assert_eq!(now["players"].as_array().unwrap().len(), 5);

    // A game with Ann, then Ann is renamed: the old game says the new name.
    let game = app
        .create_game_at(
            &format!("/api/v1/groups/{id}/games"),
            json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await
        .id;
    let ann = player_id(&now, "Ann").to_string();
    let renamed = group_form(&app, &id, &format!("players/{ann}"), &[("name", "Anna")]).await;
    assert_eq!(renamed.status, StatusCode::SEE_OTHER, "{}", renamed.body);
    let game_page = app.get(&format!("/games/{game}")).await;
    assert!(game_page.body.contains("Anna"), "{}", game_page.body);
    // A name read the same as another player's: the page with the sentence.
    let taken = group_form(&app, &id, &format!("players/{ann}"), &[("name", "BEN")]).await;
    taken.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "already has a player called",
    );

    let retired = group_form(&app, &id, &format!("players/{ann}"), &[("retired", "true")]).await;
    assert_eq!(retired.status, StatusCode::SEE_OTHER);
    let now = state(&app, &id).await;
    assert!(
        now["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "Anna" && p["retired"] == true)
    );
    let page = app.get(&format!("/groups/{id}")).await;
    assert!(page.body.contains("Bring back"), "{}", page.body);
    let back = group_form(
        &app,
        &id,
        &format!("players/{ann}"),
        &[("retired", "false")],
    )
    .await;
    assert_eq!(back.status, StatusCode::SEE_OTHER);
    assert!(
        state(&app, &id).await["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["retired"] == false)
    );

    // The read-only page: the same players and games, no form, no edit id, and its writes
    // are refused.
    let shown = app.get(&format!("/groups/view/{view}")).await;
    assert_eq!(shown.status, StatusCode::OK);
    assert!(shown.body.contains("Anna"));
    assert!(
        !shown.body.contains("<form method=\"post\""),
        "{}",
        shown.body
    );
    assert!(
        !shown.body.contains(&id),
        "the read-only page shows the edit id"
    );
    assert!(
        !shown.body.contains(&game),
        "the read-only page shows a game's edit id"
    );
    let refused = post_form(
        &app,
        &format!("/groups/{view}/players"),
        &[("name", "Zed"), ("version", "9"), ("key", "")],
        "de",
    )
    .await;
    refused.assert_page_refused(StatusCode::FORBIDDEN, "Gruppe");
}

#[tokio::test]
async fn house_rules_are_saved_in_two_steps_picked_on_the_new_game_form_and_named_on_the_game_and_settlement()
 {
    let app = TestApp::new().await;
    let (id, _, cookie) = new_group(&app, "Ann\nBen\nCy").await;
    // First the rule set: the next page shows its options.
    let first = group_form(
        &app,
        &id,
        "house-rules",
        &[("name", "Oma's Liverpool"), ("rules", "liverpool")],
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert!(first.body.contains("name=\"opt.jokers\""), "{}", first.body);
    assert!(
        first.body.contains("value=\"Oma&#39;s Liverpool\""),
        "{}",
        first.body
    );
    let saved = group_form(
        &app,
        &id,
        "house-rules",
        &[
            ("name", "Oma's Liverpool"),
            ("rules", "liverpool"),
            ("shown", "liverpool"),
        ],
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let now = state(&app, &id).await;
    assert_eq!(now["house_rules"][0]["name"], "Oma's Liverpool");
    assert_eq!(now["house_rules"][0]["options"]["jokers"], false);

    // The group's new-game form offers them; "use" fills the form with them.
    let form = app
        .get(&format!(
            "/groups/{id}/games/new?house_rules=Oma%27s+Liverpool&use=house_rules"
        ))
        .await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    assert!(
        form.body.contains("name=\"shown\" value=\"liverpool\""),
        "{}",
        form.body
    );
    assert!(
        form.body.contains("<select id=\"p1\" name=\"player\""),
        "{}",
        form.body
    );
    let path = format!("/groups/{id}/games");
    let key = app.form_key(&path);
    let created = post_form_with_cookie(
        &app,
        &path,
        &[
            ("rules", "liverpool"),
            ("shown", "liverpool"),
            ("house_rules", "Oma's Liverpool"),
            ("player", "Ann"),
            ("player", "Ben"),
            ("player", "Cy"),
            ("player", ""),
            ("first_dealer", "1"),
            ("cents", "1"),
            ("currency", "€"),
            ("key", &key),
        ],
        &cookie,
    )
    .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let game_url = created.header("location").to_owned();
    let game = game_url.strip_prefix("/games/").unwrap();
    let page = get_with_cookie(&app, &game_url, &cookie).await;
    assert!(
        page.body.contains("House rules: Oma&#39;s Liverpool"),
        "{}",
        page.body
    );
    // This phone knows the group's edit link: the game links it; another phone gets the
    // read-only page.
    assert!(
        page.body.contains(&format!("href=\"/groups/{id}\"")),
        "{}",
        page.body
    );
    let elsewhere = app.get(&game_url).await;
    assert!(
        !elsewhere.body.contains(&format!("/groups/{id}")),
        "{}",
        elsewhere.body
    );
    assert!(elsewhere.body.contains("/groups/view/"));
    let settlement = app.get(&format!("{game_url}/settlement")).await;
    assert!(settlement.body.contains("House rules: Oma&#39;s Liverpool"));
    assert_eq!(
        state(&app, &id).await["games"][0]["house_rules"],
        "Oma's Liverpool"
    );
    assert_eq!(state(&app, &id).await["games"][0]["id"], game);

    // Deleted: gone from the group, the game keeps the name.
    let rules_id = state(&app, &id).await["house_rules"][0]["id"].to_string();
    let deleted = group_form(&app, &id, &format!("house-rules/{rules_id}/delete"), &[]).await;
    assert_eq!(deleted.status, StatusCode::SEE_OTHER, "{}", deleted.body);
    assert_eq!(state(&app, &id).await["house_rules"], json!([]));
}

#[tokio::test]
async fn the_group_s_new_game_form_defaults_to_the_last_game_and_creates_once() {
    let app = TestApp::new().await;
    let (id, _, _) = new_group(&app, "Ann\nBen\nCy\nDi").await;
    let empty = app.get(&format!("/groups/{id}/games/new")).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(
        empty.body.contains("<option value=\"Di\" selected>"),
        "{}",
        empty.body
    );
    app.post_json(
        &format!("/api/v1/groups/{id}/games"),
        &json!({"rules": "liverpool", "players": ["Cy", "Ann", "Ben"], "first_dealer": "Cy",
                "cents_per_point": 5, "currency": "CHF", "options": {"jokers": false}}),
    )
    .await;
    let form = app.get(&format!("/groups/{id}/games/new")).await;
    assert!(
        form.body.contains("name=\"shown\" value=\"liverpool\""),
        "{}",
        form.body
    );
    assert!(form.body.contains("value=\"CHF\""));
    assert!(
        form.body
            .contains("id=\"cents\" name=\"cents\" value=\"5\""),
        "{}",
        form.body
    );
    // Seat 1 is Cy; the first dealer moves one seat on (seat 2).
    let seat1 = form
        .body
        .split("id=\"p1\"")
        .nth(1)
        .unwrap()
        .split("</select>")
        .next()
        .unwrap();
    assert!(seat1.contains("<option value=\"Cy\" selected>"), "{seat1}");
    assert!(
        form.body.contains("<option value=\"2\" selected>"),
        "{}",
        form.body
    );

    let path = format!("/groups/{id}/games");
    let key = app.form_key(&path);
    let fields = [
        ("rules", "contract"),
        ("shown", "contract"),
        ("player", "Ann"),
        ("player", "Ben"),
        ("player", "Di"),
        ("first_dealer", "3"),
        ("cents", "1"),
        ("points_per_cent", "1"),
        ("currency", "€"),
        ("key", key.as_str()),
    ];
    let first = post_form(&app, &path, &fields, "en").await;
    let again = post_form(&app, &path, &fields, "en").await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    assert_eq!(first.header("location"), again.header("location"));
    assert_eq!(state(&app, &id).await["games"].as_array().unwrap().len(), 2);

    // A player who is not the group's (a tampered select): the form again with the sentence.
    let key = app.form_key(&path);
    let mut fields = fields.to_vec();
    fields[2] = ("player", "Mallory");
    fields[9] = ("key", &key);
    let refused = post_form(&app, &path, &fields, "en").await;
    refused.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "is not a player of this group",
    );
}

/// A contract game through the new-game form's API: its edit id.
async fn standalone(app: &TestApp, players: &[&str]) -> String {
    let response = app
        .post_json(
            "/api/v1/games",
            &json!({"rules": "contract", "players": players}),
        )
        .await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    response.json()["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_standalone_game_is_added_to_one_of_this_phone_s_groups_or_a_pasted_link() {
    let app = TestApp::new().await;
    let (id, view, cookie) = new_group(&app, "Ann\nBen").await;
    let game = standalone(&app, &["ann", "Ben", "Cy"]).await;
    let page = get_with_cookie(&app, &format!("/games/{game}"), &cookie).await;
    assert!(
        page.body.contains("id=\"add-to-group-form\""),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(&format!("<option value=\"{id}\">Freitagsrunde</option>")),
        "{}",
        page.body
    );
    // Another phone, which knows no group, reads the same game page (kept after rendering,
    // issue 12): this phone's groups are not in it; and this phone's page is kept for it.
    let other = app.get(&format!("/games/{game}")).await.body;
    assert!(!other.contains("Freitagsrunde"), "{other}");
    let again = get_with_cookie(&app, &format!("/games/{game}"), &cookie).await;
    assert!(
        again
            .body
            .contains(&format!("<option value=\"{id}\">Freitagsrunde</option>"))
    );
    // Nothing picked: a sentence.
    let path = format!("/games/{game}/group");
    let key = app.form_key(&path);
    let none = post_form(
        &app,
        &path,
        &[("group", ""), ("link", ""), ("key", &key)],
        "en",
    )
    .await;
    none.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "Pick a group");
    // The group's read-only link cannot add to it.
    let read_only = post_form(
        &app,
        &path,
        &[
            ("link", &format!("http://10.0.0.2:3000/groups/view/{view}")),
            ("key", &key),
        ],
        "en",
    )
    .await;
    assert_eq!(
        read_only.status,
        StatusCode::FORBIDDEN,
        "{}",
        read_only.body
    );
    // The game's read-only token cannot either.
    let game_view = app.get(&format!("/api/v1/games/{game}")).await.json()["view_url"]
        .as_str()
        .unwrap()
        .strip_prefix("/view/")
        .unwrap()
        .to_owned();
    let refused = post_form(
        &app,
        &format!("/games/{game_view}/group"),
        &[("group", &id)],
        "en",
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);

    let added = post_form(
        &app,
        &path,
        &[
            ("link", &format!("http://10.0.0.2:3000/groups/{id}")),
            ("key", &key),
        ],
        "en",
    )
    .await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let now = state(&app, &id).await;
    assert_eq!(now["games"].as_array().unwrap().len(), 1);
    assert_eq!(
        now["players"].as_array().unwrap().len(),
        3,
        "Cy joined: {now}"
    );
    let page = get_with_cookie(&app, &format!("/games/{game}"), &cookie).await;
    assert!(!page.body.contains("id=\"add-to-group-form\""));
    assert!(page.body.contains("Group: Freitagsrunde"), "{}", page.body);
    // The game's edit JSON names the group by its read-only link only.
    let json = app.get(&format!("/api/v1/games/{game}")).await;
    assert!(!json.body.contains(&id), "{}", json.body);
    assert_eq!(
        json.json()["group"]["view_url"],
        format!("/groups/view/{view}")
    );
}

#[tokio::test]
async fn a_rematch_of_a_group_s_game_stays_in_the_group_by_page_and_by_api() {
    let app = TestApp::new().await;
    let (id, _, _) = new_group(&app, "Ann\nBen\nCy").await;
    let game = app
        .create_game_at(
            &format!("/api/v1/groups/{id}/games"),
            json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"], "first_dealer": "Ann"}),
        )
        .await
        .id;
    let path = format!("/games/{game}/rematch");
    let by_page = app.post_form_keyed(&path, &[], "en").await;
    assert_eq!(by_page.status, StatusCode::SEE_OTHER, "{}", by_page.body);
    let by_api = app
        .post_json(&format!("/api/v1/games/{game}/rematch"), &json!({}))
        .await;
    assert_eq!(by_api.status, StatusCode::CREATED, "{}", by_api.body);
    let now = state(&app, &id).await;
    let games: Vec<&str> = now["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(games.len(), 3, "{now}");
    let page_game = by_page.header("location").strip_prefix("/games/").unwrap();
    assert!(games.contains(&page_game));
    assert!(games.contains(&by_api.json()["id"].as_str().unwrap()));
    // Same seats, the first dealer one seat on.
    assert_eq!(now["games"][0]["players"], json!(["Ann", "Ben", "Cy"]));
}

#[tokio::test]
async fn the_group_exports_as_json_for_import_and_as_a_formula_safe_csv() {
    let app = TestApp::new().await;
    let (id, view, _) = new_group(&app, "Ann\n=Ben\nCy").await;
    let game = app
        .create_game_at(
            &format!("/api/v1/groups/{id}/games"),
            json!({"rules": "contract", "players": ["Ann", "=Ben", "Cy"]}),
        )
        .await
        .id;
    app.enter_round(
        &game,
        json!({"went_out": "Ann", "points": {"=Ben": 25, "Cy": 40}}),
    )
    .await;
    let other = standalone(&app, &["Zed", "Yan", "Xi"]).await;

    let json = app.get(&format!("/groups/{id}/export.json")).await;
    assert_eq!(json.status, StatusCode::OK);
    assert!(json.header("content-disposition").starts_with("attachment"));
    let export = json.json();
    assert_eq!(export["format"], "kontrakt-games");
    assert_eq!(export["groups"].as_array().unwrap().len(), 1);
    assert_eq!(export["groups"][0]["id"], id.as_str());
    assert_eq!(export["games"].as_array().unwrap().len(), 1);
    assert!(
        !json.body.contains(&other),
        "another game is in the group's export"
    );

    let csv = app.get_in(&format!("/groups/{id}/export.csv"), "de").await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.body.starts_with('\u{feff}'), "a byte-order mark");
    let lines: Vec<&str> = csv.body.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "Datum;Spiel;Regelwerk;Runde;Spieler;Punkte");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[2].ends_with(";1;'=Ben;25"), "{lines:?}");
    // Through the read-only link: no export (it holds edit ids), a 404.
    assert_eq!(
        app.get(&format!("/groups/{view}/export.json")).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_read_only_link_exports_the_group_without_any_edit_id() {
    let app = TestApp::new().await;
    let (id, view, _) = new_group(&app, "Ann\nBen\nCy").await;
    let Made {
        id: game,
        view: game_view,
        ..
    } = app
        .create_game_at(
            &format!("/api/v1/groups/{id}/games"),
            json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await;
    app.enter_round(
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 25, "Cy": 40}}),
    )
    .await;

    // The read-only page links its own exports, never the edit link's.
    let page = app.get(&format!("/groups/view/{view}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains(&format!("/groups/view/{view}/export.csv"))
    );
    assert!(
        page.body
            .contains(&format!("/groups/view/{view}/export.json"))
    );
    assert!(
        !page.body.contains(&id),
        "the edit id on the read-only page"
    );

    let json = app.get(&format!("/groups/view/{view}/export.json")).await;
    assert_eq!(json.status, StatusCode::OK, "{}", json.body);
    assert!(json.header("content-disposition").starts_with("attachment"));
    for edit_id in [&id, &game] {
        assert!(
            !json.body.contains(edit_id.as_str()),
            "an edit id in the read-only export: {}",
            json.body
        );
    }
    let export = json.json();
    assert_eq!(export["read_only"], true);
    assert_eq!(export["groups"][0]["view_token"], view.as_str());
    assert_eq!(export["groups"][0]["name"], "Freitagsrunde");
    assert_eq!(export["games"][0]["view_token"], game_view.as_str());
    assert_eq!(export["games"][0]["rounds"].as_array().unwrap().len(), 1);
    assert!(export["games"][0].get("group").is_none());
    // The edit link's export, for comparison, has them (it is what `kontrakt import` takes).
    let full = app.get(&format!("/groups/{id}/export.json")).await.json();
    assert_eq!(full["games"][0]["group"], id.as_str());
    // A read-only file is no import file: `kontrakt import` would refuse it.
    assert!(serde_json::from_value::<kontrakt::db::transfer::Export>(export).is_err());

    let csv = app.get(&format!("/groups/view/{view}/export.csv")).await;
    assert_eq!(csv.status, StatusCode::OK);
    let edit_csv = app.get(&format!("/groups/{id}/export.csv")).await;
    assert_eq!(csv.body, edit_csv.body);
    assert!(!csv.body.contains(&id));
    // An unknown token, or the edit id where the token belongs: nothing to export.
    for path in [
        format!("/groups/view/{id}/export.json"),
        format!("/groups/view/{id}/export.csv"),
        "/groups/view/nope/export.json".to_owned(),
    ] {
        assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn a_group_export_reads_only_its_own_games() {
    let app = TestApp::new().await;
    let (first, _, _) = new_group(&app, "Ann\nBen\nCy").await;
    let (second, _, _) = new_group(&app, "Di\nEve\nFay").await;
    let mut games = Vec::new();
    for (group, players) in [
        (&first, ["Ann", "Ben", "Cy"]),
        (&second, ["Di", "Eve", "Fay"]),
    ] {
        let games_path = format!("/api/v1/groups/{group}/games");
        let created = app
            .create_game_at(
                &games_path,
                json!({"rules": "contract", "players": players}),
            )
            .await;
        games.push(created.id);
    }
    let export = app.get(&format!("/groups/{first}/export.json")).await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(export.body.contains(&games[0]));
    assert!(!export.body.contains(&games[1]), "the other group's game");
    assert!(!export.body.contains(&second), "the other group");
    // The second group's rows are not even read: one of them unreadable does not stop the
    // first group's export (the whole database's export would fail on it).
    let mut tx = app.db.begin_write().await.unwrap();
    sqlx::query("UPDATE games SET players = '[1, 2, 3]' WHERE id = $1")
        .bind(&games[1])
        .execute(&mut **tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert!(kontrakt::db::transfer::export_games(&app.db).await.is_err());
    let again = app.get(&format!("/groups/{first}/export.json")).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.json()["games"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_group_pages_speak_german() {
    let app = TestApp::new().await;
    let (id, view, _) = new_group(&app, "Ann\nBen\nCy").await;
    for (path, words) in [
        (
            format!("/groups/{id}"),
            &[
                "Mitspieler hinzufügen",
                "Neues Spiel mit dieser Gruppe",
                "Hausregeln",
                "Kasse",
            ][..],
        ),
        (
            format!("/groups/view/{view}"),
            &["Nur ansehen", "Tabelle"][..],
        ),
        (
            format!("/groups/{id}/games/new"),
            &["Wählt die Mitspieler aus der Liste der Gruppe", "(niemand)"][..],
        ),
        (
            "/".to_owned(),
            &["Neue Gruppe", "Mitspieler, einer pro Zeile"][..],
        ),
    ] {
        let page = app.get_in(&path, "de").await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        for word in words {
            assert!(page.body.contains(word), "{path}: {word}");
        }
    }
}

/// Issue 10: a player form of the group page answered 409 or 422 keeps the name typed in it,
/// beside the sentence: the add form and the rename form (opened) show it again.
#[tokio::test]
async fn a_refused_player_form_keeps_the_typed_name_with_the_sentence() {
    let app = TestApp::new().await;
    let (id, _, _) = new_group(&app, "Ann\nBen\nCy").await;
    let value = |name: &str| format!("value=\"{name}\"");

    // 422: a name the group has (read the same way); the add form keeps it as typed.
    let taken = group_form(&app, &id, "players", &[("name", "ANN")]).await;
    assert_eq!(
        taken.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        taken.body
    );
    let at = taken.body.find("id=\"new-player\"").unwrap();
    let input = &taken.body[at..at + taken.body[at..].find('>').unwrap()];
    assert!(input.contains(&value("ANN")), "{input}");
    assert!(
        input.contains("aria-describedby=\"group-notice\""),
        "{input}"
    );
    assert!(taken.body.contains("id=\"group-notice\""));

    // 409: a form made before another phone's change; the typed name stays too.
    let before = state(&app, &id).await["version"].to_string();
    let added = group_form(&app, &id, "players", &[("name", "Di")]).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let path = format!("/groups/{id}/players");
    let stale = app
        .post_form_keyed(&path, &[("name", "Dörte"), ("version", &before)], "de")
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    assert!(stale.body.contains(&value("Dörte")), "{}", stale.body);

    // A rename refused (Ben → "ann"): Ben's rename form is open with "ann", the others keep
    // their names.
    let ben = player_id(&state(&app, &id).await, "Ben");
    let refused = group_form(&app, &id, &format!("players/{ben}"), &[("name", "ann")]).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let body = &refused.body;
    assert_eq!(body.matches("<details open>").count(), 1, "{body}");
    let open = &body[body.find("<details open>").unwrap()..];
    let open = &open[..open.find("</details>").unwrap()];
    assert!(open.contains(&value("ann")), "{open}");
    assert!(open.contains("New name for Ben"), "{open}");
    assert!(body.contains(&value("Cy")), "Cy's form keeps Cy");
    let names: Vec<String> = state(&app, &id).await["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Ann", "Ben", "Cy", "Di"], "nothing else changed");
}

/// Issue 10: the home page's groups show their counts: games, players (not retired) and the
/// day of the last game, with plurals, in English and German; through the read-only link too.
#[tokio::test]
async fn the_home_page_lists_each_group_with_its_games_players_and_last_game() {
    let app = TestApp::new().await;
    let (id, view, cookie) = new_group(&app, "Ann\nBen\nCy").await;
    let home = |lang: &'static str, cookie: String| {
        let app = &app;
        async move {
            let request = Request::get("/")
                .header("cookie", cookie)
                .header("accept-language", lang)
                .body(Body::empty())
                .unwrap();
            crate::common::text(&app.send(request).await.body)
        }
    };
    let about = |body: &str, url: &str| {
        let at = body
            .find(&format!("href=\"{url}\""))
            .unwrap_or_else(|| panic!("no {url} in {body}"));
        let item = &body[at..at + body[at..].find("</a>").unwrap()];
        let small = item.find("<small class=\"about\">").expect("counts") + 21;
        item[small..item.find("</small>").unwrap()].to_owned()
    };
    let url = format!("/groups/{id}");
    assert_eq!(
        about(&home("en", cookie.clone()).await, &url),
        "0 games · 3 players"
    );

    let games = format!("/api/v1/groups/{id}/games");
    let body = json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]});
    let new_game = || app.post_json(&games, &body);
    assert_eq!(new_game().await.status, StatusCode::CREATED);
    let today = time::OffsetDateTime::now_utc().date();
    let (en_day, de_day) = (
        format!(
            "{}-{:02}-{:02}",
            today.year(),
            u8::from(today.month()),
            today.day()
        ),
        format!(
            "{:02}.{:02}.{}",
            today.day(),
            u8::from(today.month()),
            today.year()
        ),
    );
    assert_eq!(
        about(&home("en", cookie.clone()).await, &url),
        format!("1 game · 3 players · last game {en_day}")
    );
    assert_eq!(new_game().await.status, StatusCode::CREATED);
    let cy = player_id(&state(&app, &id).await, "Cy");
    let retired = group_form(&app, &id, &format!("players/{cy}"), &[("retired", "true")]).await;
    assert_eq!(retired.status, StatusCode::SEE_OTHER, "{}", retired.body);
    assert_eq!(
        about(&home("en", cookie.clone()).await, &url),
        format!("2 games · 2 players · last game {en_day}")
    );
    assert_eq!(
        about(&home("de", cookie.clone()).await, &url),
        format!("2 Spiele · 2 Spieler · letztes Spiel am {de_day}")
    );

    // Opened through its read-only link, the group shows the same counts.
    let view_url = format!("/groups/view/{view}");
    let opened = app.get(&view_url).await;
    assert_eq!(opened.status, StatusCode::OK);
    assert_eq!(
        about(&home("en", cookies(&opened)).await, &view_url),
        format!("2 games · 2 players · last game {en_day}")
    );
}
