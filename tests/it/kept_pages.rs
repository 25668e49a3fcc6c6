//! Kept pages (`web::kept`): the game page, the group page and the standings are one answer
//! for every phone that reads the same state, compressed once; their forms still answer a
//! double tap once and never merge two different changes into one.

use std::io::Read as _;

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use serde_json::json;

use crate::common::{Group, TestApp, post_form, round, text};

fn gunzip(bytes: &[u8]) -> String {
    let mut out = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut out)
        .expect("valid gzip");
    out
}

fn unbrotli(bytes: &[u8]) -> String {
    let mut out = String::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_string(&mut out)
        .expect("valid brotli");
    out
}

/// A GET as a phone sends it: `Accept-Encoding: coding` (none if empty).
async fn get_coded(app: &TestApp, path: &str, coding: &str) -> (HeaderMap, Vec<u8>) {
    let mut request = Request::get(path).header("accept-language", "en");
    if !coding.is_empty() {
        request = request.header("accept-encoding", coding);
    }
    let (status, headers, body) = app.send_raw(request.body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{path} {coding}");
    (headers, body)
}

/// The page at `path` is byte for byte the same for two phones, in each encoding, and each
/// encoding decodes to the plain page; returns the plain page.
async fn one_answer_in_every_encoding(app: &TestApp, path: &str) -> String {
    let (plain_headers, plain) = get_coded(app, path, "").await;
    assert_eq!(plain_headers.get("content-encoding"), None, "{path}");
    let (_, again) = get_coded(app, path, "").await;
    assert_eq!(plain, again, "{path}: the same state, the same bytes");
    let plain = String::from_utf8(plain).unwrap();
    assert!(plain.trim_end().ends_with("</html>"), "{path}");
    for (coding, asked, decode) in [
        (
            "br",
            "gzip, deflate, br, zstd",
            unbrotli as fn(&[u8]) -> String,
        ),
        ("gzip", "gzip, deflate", gunzip),
    ] {
        let (headers, one) = get_coded(app, path, asked).await;
        let (_, two) = get_coded(app, path, asked).await;
        assert_eq!(headers["content-encoding"], coding, "{path}");
        assert_eq!(headers["content-type"], "text/html; charset=utf-8");
        assert_eq!(headers["cache-control"], "no-store");
        let vary = headers["vary"].to_str().unwrap().to_ascii_lowercase();
        for name in ["cookie", "accept-language", "accept-encoding"] {
            assert!(vary.contains(name), "{path} {coding}: vary {vary}");
        }
        assert_eq!(one, two, "{path} {coding}: compressed once, sent again");
        assert_eq!(decode(&one), plain, "{path} {coding}");
        assert!(one.len() < plain.len(), "{path} {coding}: compressed");
    }
    plain
}

/// The `name="key"` values of a page's forms, in order.
fn form_keys(body: &str) -> Vec<String> {
    body.split("name=\"key\" value=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_owned())
        .collect()
}

#[tokio::test]
async fn the_game_group_and_standings_pages_are_one_answer_per_state_in_every_encoding() {
    let app = TestApp::new().await;
    let group: Group = app
        .create_group("Friday", &["Ann", "Ben", "Cy"])
        .await
        .into();
    let game = app
        .create_game_at(
            &format!("/api/v1/groups/{}/games", group.id),
            json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await;
    app.enter_round(&game.id, round("Ann", &[("Ben", 10), ("Cy", 20)]))
        .await;
    let paths = [
        format!("/games/{}", game.id),
        format!("/view/{}", game.view),
        format!("/groups/{}", group.id),
        format!("/groups/view/{}", group.view),
        format!("/groups/{}/standings", group.id),
        format!("/groups/{}/standings?period=all", group.id),
    ];
    let keyed = |page: &str| !form_keys(page).is_empty();
    let mut before = Vec::new();
    for path in &paths {
        before.push(one_answer_in_every_encoding(&app, path).await);
    }
    // Ending the game changes every one of them (the group's numbers come from its finished
    // games), and the pages with forms get new keys.
    app.end_game(&game.id).await;
    for (path, before) in paths.iter().zip(&before) {
        let after = one_answer_in_every_encoding(&app, path).await;
        assert_ne!(&after, before, "{path} shows the new round");
        let (old, new) = (form_keys(before), form_keys(&after));
        for key in &new {
            assert!(!old.contains(key), "{path}: a new state, new keys");
        }
    }
    assert!(keyed(&before[2]), "the group page has forms with keys");
    let game_page = text(&one_answer_in_every_encoding(&app, &paths[0]).await);
    assert!(
        game_page.contains("The table ended the game early, after round 1"),
        "{game_page}"
    );
    let standings = text(&one_answer_in_every_encoding(&app, &paths[4]).await);
    assert!(standings.contains("Ann"), "{standings}");
}

#[tokio::test]
async fn two_phones_sending_different_changes_from_one_kept_group_page_are_never_merged() {
    let app = TestApp::new().await;
    let group: Group = app
        .create_group("Friday", &["Ann", "Ben", "Cy"])
        .await
        .into();
    let page = format!("/groups/{}", group.id);
    // Two phones read the same page: the same add-player form, key and version.
    let (one, two) = (app.get(&page).await.body, app.get(&page).await.body);
    assert_eq!(one, two);
    let form = &one[one.find("id=\"add-player-form\"").unwrap()..];
    let key = form_keys(form).swap_remove(0);
    let version = group.state(&app, "").await["version"].to_string();
    let path = format!("/groups/{}/players", group.id);
    let add = |name: &'static str| {
        let (app, path, key, version) = (&app, &path, &key, &version);
        async move {
            let fields = [("name", name), ("version", version), ("key", key)];
            post_form(app, path, &fields, "en").await
        }
    };
    let dan = add("Dan").await;
    assert_eq!(dan.status, StatusCode::SEE_OTHER, "{}", dan.body);
    // The other phone adds someone else with the same key: told of the change, with what it
    // typed kept; nothing merged, nothing lost.
    let eve = add("Eve").await;
    assert_eq!(eve.status, StatusCode::CONFLICT, "{}", eve.body);
    assert!(
        text(&eve.body).contains("The group was changed on another device"),
        "{}",
        eve.body
    );
    assert!(eve.body.contains("value=\"Eve\""), "{}", eve.body);
    // The first phone's double tap is its first answer.
    let again = add("Dan").await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    let names = |state: serde_json::Value| -> Vec<String> {
        state["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        names(group.state(&app, "").await),
        ["Ann", "Ben", "Cy", "Dan"]
    );
    // The page read now has a fresh key, and Eve gets in with it.
    let now = app.get(&page).await.body;
    let form = &now[now.find("id=\"add-player-form\"").unwrap()..];
    let fresh = form_keys(form).swap_remove(0);
    assert_ne!(fresh, key);
    let version = group.state(&app, "").await["version"].to_string();
    let fields = [("name", "Eve"), ("version", &version), ("key", &fresh)];
    let eve = post_form(&app, &path, &fields, "de").await;
    assert_eq!(eve.status, StatusCode::SEE_OTHER, "{}", eve.body);
    assert_eq!(
        names(group.state(&app, "").await),
        ["Ann", "Ben", "Cy", "Dan", "Eve"]
    );
}

#[tokio::test]
async fn two_phones_adding_one_kept_game_page_to_different_groups_are_never_merged() {
    let app = TestApp::new().await;
    let friday: Group = app.create_group("Friday", &["Ann", "Ben"]).await.into();
    let sunday: Group = app.create_group("Sunday", &["Ann", "Ben"]).await.into();
    let game = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let page = app.get(&format!("/games/{}", game.id)).await.body;
    let form = &page[page.find("id=\"add-to-group-form\"").unwrap()..];
    let key = form_keys(form).swap_remove(0);
    let path = format!("/games/{}/group", game.id);
    let link = |group: &Group| format!("http://localhost/groups/{}", group.id);
    let (to_friday, to_sunday) = (link(&friday), link(&sunday));
    let add = |to: &str| {
        let fields = [("link", to), ("key", key.as_str())];
        let (app, path) = (&app, &path);
        let fields: Vec<(String, String)> = fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        async move {
            let fields: Vec<(&str, &str)> = fields
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            post_form(app, path, &fields, "en").await
        }
    };
    let first = add(&to_friday).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    // The second phone wanted it in another group: told it is in one already.
    let second = add(&to_sunday).await;
    assert_eq!(
        second.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        second.body
    );
    assert!(
        text(&second.body).contains("This game already belongs to another group"),
        "{}",
        second.body
    );
    assert_eq!(
        friday.state(&app, "").await["games"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(
        sunday.state(&app, "").await["games"]
            .as_array()
            .map(Vec::len),
        Some(0)
    );
}
