//! A table's own rule set owned by a group, versioned, and shared as a link and a file:
//! `POST /api/v1/rulesets` with `"group"` and `"replaces"` (a finished game keeps the exact
//! version it started with), the group page's list of its rule sets and its games filter,
//! the standings by family or by version (page and API), the read-only rule set page with its
//! QR code, and the import form (file, pasted JSON, link or id), in English and German; a
//! paper sheet's `rules` column takes a stored rule set's id. Storage runs on SQLite and, with
//! `KONTRAKT_TEST_ENGINE=postgres`, on PostgreSQL.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::{Group, TestApp, TestResponse, text};

/// Stores a rule set (asserts 201) and returns the answer.
async fn stored(app: &TestApp, body: Value) -> Value {
    let response = app.post_json("/api/v1/rulesets", &body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    response.json()
}

/// A contract game in the group with rule set `rules`: one round where Cy is left holding
/// `cards`, then ended early. Its edit id.
async fn played_with(app: &TestApp, group: &Group, rules: &str, cards: &str) -> String {
    let id = app
        .create_game_at(
            &format!("{}/games", group.api()),
            json!({"rules": rules, "players": ["Ann", "Ben", "Cy"], "cents_per_point": 10}),
        )
        .await
        .id;
    app.enter_round(
        &id,
        json!({"went_out": "Ann", "points": {"Ben": 5}, "cards": {"Cy": cards}}),
    )
    .await;
    app.end_game(&id).await;
    id
}

async fn new_group(app: &TestApp) -> Group {
    app.create_group("Freitagsrunde", &["Ann", "Ben", "Cy"])
        .await
        .into()
}

/// Omas Regeln for `group`, version 1, and version 2 in which an ace left in hand costs 50.
async fn two_versions(app: &TestApp, group: &Group) -> (Value, Value) {
    let first = stored(
        app,
        json!({"base": "contract", "name": "Omas Regeln", "group": group.id}),
    )
    .await;
    let second = stored(
        app,
        json!({"base": "contract", "name": "Omas Regeln", "group": group.id,
               "penalty": {"A": 50}, "replaces": first["id"]}),
    )
    .await;
    (first, second)
}

fn standing(state: &Value, name: &str) -> Value {
    state["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("no {name} in {}", state["standings"]))
}

#[tokio::test]
async fn a_new_version_joins_its_family_and_never_changes_a_finished_game_s_scores() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let first = stored(
        &app,
        json!({"base": "contract", "name": "Omas Regeln", "group": group.id}),
    )
    .await;
    let v1 = first["id"].as_str().unwrap().to_owned();
    assert_eq!(first["version"], 1);
    assert_eq!(first["page_url"], format!("/rulesets/{v1}"));
    let family = first["family"].as_str().unwrap().to_owned();
    assert!(family.starts_with("rf-") && family != v1, "{family}");

    let old_game = played_with(&app, &group, &v1, "AS JK").await;
    let before = app.game_state(&old_game).await;
    let cy_before = before["totals"]["Cy"].as_i64().unwrap();

    // The table now counts an ace as 50: a new version, the same family.
    let second = stored(
        &app,
        json!({"base": "contract", "name": "Omas Regeln", "group": group.id,
               "penalty": {"A": 50}, "replaces": v1}),
    )
    .await;
    let v2 = second["id"].as_str().unwrap().to_owned();
    assert_ne!(v2, v1);
    assert_eq!(second["version"], 2);
    assert_eq!(second["family"], family);
    // A version replacing an older one still takes the family's next number.
    let third = stored(
        &app,
        json!({"base": "contract", "name": "Omas Regeln", "replaces": v1}),
    )
    .await;
    assert_eq!(
        (third["version"].as_i64(), &third["family"]),
        (Some(3), &json!(family))
    );

    // The finished game keeps version 1 and every score it had.
    let after = app.game_state(&old_game).await;
    assert_eq!(before, after);
    let new_game = played_with(&app, &group, &v2, "AS JK").await;
    let now = app.game_state(&new_game).await;
    assert_eq!(
        now["totals"]["Cy"].as_i64().unwrap() - cy_before,
        35,
        "the ace counts 50 instead of 15 only in the new version's game: {now}"
    );

    // Standings: the family counts both games, one version only its own.
    let both = group.state(&app, &format!("?rules={family}")).await;
    assert_eq!(standing(&both, "Cy")["games"], 2, "{both}");
    assert_eq!(both["standings_filter"]["rules"], json!(family));
    let only_first = group.state(&app, &format!("?rules={v1}")).await;
    assert_eq!(standing(&only_first, "Cy")["games"], 1);
    let presets = group.state(&app, "?rules=contract").await;
    assert_eq!(presets["standings"], json!([]));
    let unknown = app
        .get(&format!(
            "{}?rules=rf-00000000000000000000000000000000",
            group.api()
        ))
        .await;
    assert_eq!(
        unknown.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unknown.body
    );

    // The group's JSON lists the family once, at its newest version, with both games.
    let state = group.state(&app, "").await;
    let listed = state["rule_sets"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{state}");
    assert_eq!(listed[0]["id"], json!(v2));
    assert_eq!(listed[0]["version"], 2);
    assert_eq!(listed[0]["games"], 2);
    assert_eq!(listed[0]["family"], json!(family));
    // The read-only twin lists it too.
    let view = app
        .get(&format!("/api/v1/groups/view/{}", group.view))
        .await
        .json();
    assert_eq!(view["rule_sets"], state["rule_sets"]);
}

#[tokio::test]
async fn a_group_s_rule_set_needs_its_edit_link_and_a_bad_group_or_version_is_a_sentence() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let through_view = app
        .post_json(
            "/api/v1/rulesets",
            json!({"base": "contract", "name": "Heimlich", "group": group.view}),
        )
        .await;
    assert_eq!(
        through_view.status,
        StatusCode::FORBIDDEN,
        "{}",
        through_view.body
    );
    let nowhere = app
        .post_json(
            "/api/v1/rulesets",
            json!({"base": "contract", "name": "Heimlich", "group": "no-such-group"}),
        )
        .await;
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND, "{}", nowhere.body);
    let english = app
        .post_json(
            "/api/v1/rulesets",
            json!({"base": "contract", "name": "Heimlich", "replaces": "rs-nothing"}),
        )
        .await;
    assert_eq!(english.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        english
            .error_sentence()
            .contains("o stored rule set has the id \"rs-nothing\""),
        "{}",
        english.body
    );
    let german = app
        .post_json_with(
            "/api/v1/rulesets",
            json!({"base": "contract", "name": "Heimlich", "replaces": "liverpool"}).to_string(),
            &[("accept-language", "de")],
        )
        .await;
    assert_eq!(german.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        german.error_sentence().contains("eurer Regelwerke")
            || german.error_sentence().contains("eures Regelwerks"),
        "{}",
        german.body
    );
    let not_text = app
        .post_json(
            "/api/v1/rulesets",
            json!({"base": "contract", "name": "Heimlich", "group": 7}),
        )
        .await;
    assert_eq!(not_text.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        not_text.error_sentence().contains("\"group\" is 7"),
        "{}",
        not_text.body
    );
    // Nothing of these was stored for the group.
    assert_eq!(group.state(&app, "").await["rule_sets"], json!([]));
}

#[tokio::test]
async fn the_group_page_lists_its_rule_sets_and_filters_its_games_in_english_and_german() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let (first, second) = two_versions(&app, &group).await;
    let (v1, v2) = (
        first["id"].as_str().unwrap(),
        second["id"].as_str().unwrap(),
    );
    let family = second["family"].as_str().unwrap();
    played_with(&app, &group, v1, "AS").await;
    played_with(&app, &group, "contract", "AS").await;

    let page = app.get_in(&format!("/groups/{}", group.id), "en").await;
    assert_eq!(page.status, StatusCode::OK);
    let body = text(&page.body);
    assert!(body.contains("Your rule sets"), "{body}");
    assert!(
        body.contains("Omas Regeln</strong> <small>version 2 · played in 1 game</small>"),
        "{body}"
    );
    for link in [
        format!("/rules/{v2}"),
        format!("/rulesets/{v2}"),
        format!("/api/v1/rulesets/{v2}/file"),
        format!("/groups/{}/standings?rules={family}", group.id),
        format!("/rulesets/import?group={}", group.id),
    ] {
        assert!(body.contains(&link), "{link} in {body}");
    }
    // Two rule sets played: the games list has a filter.
    assert!(body.contains("id=\"games-filter\""), "{body}");
    let filtered = app
        .get_in(&format!("/groups/{}?rules={family}", group.id), "en")
        .await;
    let filtered_body = text(&filtered.body);
    assert!(
        filtered_body.contains("1 game with Omas Regeln"),
        "{filtered_body}"
    );
    assert_eq!(filtered_body.matches("<small class=\"about\">").count(), 1);
    let bad = app
        .get_in(&format!("/groups/{}?rules=poker", group.id), "en")
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&bad.body).contains("There is no rule set \"poker\"."));

    let german = text(
        &app.get_in(&format!("/groups/view/{}", group.view), "de")
            .await
            .body,
    );
    assert!(german.contains("Eure Regelwerke"), "{german}");
    assert!(
        german.contains("Version 2 · in 1 Spiel gespielt"),
        "{german}"
    );
    assert!(german.contains(&format!(
        "/groups/view/{}/standings?rules={family}",
        group.view
    )));
    // The read-only page offers no import for the group and never shows its edit id.
    assert!(!german.contains("/rulesets/import"));
    assert!(!german.contains(&group.id));
    let german_filtered = text(
        &app.get_in(&format!("/groups/view/{}?rules=contract", group.view), "de")
            .await
            .body,
    );
    assert!(
        german_filtered.contains("1 Spiel mit Kontrakt-Rommé"),
        "{german_filtered}"
    );
}

#[tokio::test]
async fn the_standings_page_offers_each_family_and_filters_by_it() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let (first, second) = two_versions(&app, &group).await;
    let family = second["family"].as_str().unwrap();
    played_with(&app, &group, first["id"].as_str().unwrap(), "AS").await;
    played_with(&app, &group, second["id"].as_str().unwrap(), "AS").await;
    played_with(&app, &group, "contract", "AS").await;
    let all = text(
        &app.get_in(&format!("/groups/{}/standings", group.id), "en")
            .await
            .body,
    );
    assert!(
        all.contains(&format!("<option value=\"{family}\">Omas Regeln</option>")),
        "{all}"
    );
    assert!(all.contains("Omas Regeln · version 1"), "{all}");
    let page = app
        .get_in(
            &format!("/groups/{}/standings?rules={family}", group.id),
            "de",
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = text(&page.body);
    assert!(
        body.contains(&format!(
            "<option value=\"{family}\" selected>Omas Regeln</option>"
        )),
        "{body}"
    );
    let bad = app
        .get_in(&format!("/groups/{}/standings?rules=rs-0", group.id), "de")
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&bad.body).contains("Es gibt kein Regelwerk „rs-0“."));
}

#[tokio::test]
async fn a_rule_set_s_page_shows_its_summary_its_link_as_a_qr_code_and_how_to_use_it() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let (first, second) = two_versions(&app, &group).await;
    let (v1, v2) = (
        first["id"].as_str().unwrap(),
        second["id"].as_str().unwrap(),
    );
    let page = app
        .get_with(&format!("/rulesets/{v2}"), &[("host", "192.168.1.20:8080")])
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = text(&page.body);
    for part in [
        "Rule set: Omas Regeln",
        "version 2",
        "Starts from Contract Rummy",
        "3 to 5 players",
        "7 rounds",
        "Round 1: 2 sets of 3",
        "Round 7: 3 runs of 4",
        &format!("/api/v1/rulesets/{v2}/file"),
        &format!("/games/new?rules={v2}"),
        &format!("http://192.168.1.20:8080/rulesets/{v2}"),
        "id=\"qr\"",
        "<svg",
    ] {
        assert!(body.contains(part), "{part} in {body}");
    }
    assert!(
        !body.contains(&group.id),
        "the page shows the owner's edit id"
    );
    assert!(
        body.contains(&format!("/rulesets/{v1}")),
        "the earlier version is linked"
    );
    let old = text(&app.get_in(&format!("/rulesets/{v1}"), "de").await.body);
    assert!(
        old.contains("Es gibt eine neuere Version dieses Regelwerks: Version 2."),
        "{old}"
    );
    assert!(old.contains("Ein Spiel damit beginnen"), "{old}");
    // The new-game page takes the link's rule set.
    let new_game = app.get(&format!("/games/new?rules={v2}")).await;
    assert_eq!(new_game.status, StatusCode::OK);
    assert!(new_game.body.contains(v2));
    // A preset has a page too; an unknown id is a 404 with a sentence.
    assert_eq!(app.get("/rulesets/liverpool").await.status, StatusCode::OK);
    let missing = app.get_in("/rulesets/rs-nothing", "de").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        text(&missing.body).contains("Kein Regelwerk hat die ID „rs-nothing“"),
        "{}",
        missing.body
    );
}

/// Posts the import form as `multipart/form-data` with a file.
async fn post_file(
    app: &TestApp,
    fields: &[(&str, &str)],
    file: &[u8],
    lang: &str,
) -> TestResponse {
    let boundary = "----kontrakt-rule-set-boundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; \
             filename=\"kontrakt.json\"\r\nContent-Type: application/json\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    app.send(
        Request::post("/rulesets/import")
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .header("accept-language", lang)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn a_rule_set_file_imported_on_the_page_is_stored_as_it_was_and_shown() {
    let app = TestApp::new().await;
    let form = app.get_in("/rulesets/import", "de").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(text(&form.body).contains("Regelwerk importieren"));
    assert!(form.body.contains("enctype=\"multipart/form-data\""));

    let original = stored(
        &app,
        json!({"base": "contract", "name": "Fünf Kontrakte",
        "penalty": {"A": 20}}),
    )
    .await;
    let id = original["id"].as_str().unwrap();
    let file = app.get(&format!("/api/v1/rulesets/{id}/file")).await;
    assert_eq!(file.status, StatusCode::OK);
    let key = app.form_key("/rulesets/import");
    let response = post_file(&app, &[("key", &key)], file.body.as_bytes(), "en").await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let location = response.header("location").to_owned();
    assert!(
        location.starts_with("/rulesets/rs-") && location.ends_with("?stored=1"),
        "{location}"
    );
    let copy = location
        .trim_start_matches("/rulesets/")
        .trim_end_matches("?stored=1");
    assert_ne!(copy, id);
    // The copy is the same rule set: the same definition under its own id.
    let mut a = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    let mut b = app.get(&format!("/api/v1/rulesets/{copy}")).await.json();
    a["id"] = json!("");
    b["id"] = json!("");
    assert_eq!(a, b);
    let shown = text(&app.get(&location).await.body);
    assert!(
        shown.contains("Stored. Its link and file are below"),
        "{shown}"
    );
    // The same form sent again stores nothing twice.
    let again = post_file(&app, &[("key", &key)], file.body.as_bytes(), "en").await;
    assert_eq!(again.header("location"), location);
}

#[tokio::test]
async fn pasted_json_with_problems_is_refused_with_each_field_and_sentence_in_both_languages() {
    let app = TestApp::new().await;
    let bad = json!({"base": "contract", "name": "Zu viel",
        "rounds": [{"requirements": [[{"kind": "run", "min": 40}]], "deal": 10}]})
    .to_string();
    for (lang, part) in [
        ("en", "The rule set was not stored."),
        ("de", "Das Regelwerk wurde nicht gespeichert."),
    ] {
        let response = app
            .post_form_keyed("/rulesets/import", &[("json", &bad)], lang)
            .await;
        assert_eq!(
            response.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            response.body
        );
        let body = text(&response.body);
        assert!(body.contains(part), "{body}");
        assert!(
            body.contains("rounds[0].requirements[0][0].min: "),
            "{body}"
        );
        // What was pasted is kept in the form.
        assert!(body.contains("Zu viel"), "{body}");
    }
    let empty = app
        .post_form_keyed("/rulesets/import", &[("json", " ")], "de")
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&empty.body).contains("Wählt eine Datei oder fügt das JSON"));
    let unreadable = app
        .post_form_keyed("/rulesets/import", &[("json", "{\"name\": ")], "en")
        .await;
    assert_eq!(unreadable.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&unreadable.body).contains("The rule set could not be read"));
    let unknown = app
        .post_form_keyed(
            "/rulesets/import",
            &[("json", "https://elsewhere.example/rulesets/rs-feed")],
            "en",
        )
        .await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&unknown.body).contains("No rule set on this server has the link or id"));
    // A good paste is stored.
    let good = app
        .post_form_keyed(
            "/rulesets/import",
            &[("json", "{\"base\": \"contract\", \"name\": \"Ohne Joker\", \"melds\": {\"jokers\": false}}")],
            "en",
        )
        .await;
    assert_eq!(good.status, StatusCode::SEE_OTHER, "{}", good.body);
}

#[tokio::test]
async fn a_shared_link_added_to_a_group_gives_the_group_its_own_copy() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let shared = stored(
        &app,
        json!({"base": "liverpool", "name": "Nachbars Regeln"}),
    )
    .await;
    let id = shared["id"].as_str().unwrap();
    let link = format!("http://192.168.1.20:8080/rulesets/{id}");
    // A link with no group: nothing to store, it is shown.
    let shown = app
        .post_form_keyed("/rulesets/import", &[("json", &link)], "en")
        .await;
    assert_eq!(shown.status, StatusCode::SEE_OTHER);
    assert_eq!(shown.header("location"), format!("/rulesets/{id}"));
    // "Add it to a group" with no group: a sentence, nothing stored.
    let none = app
        .post_form_keyed(
            "/rulesets/import",
            &[("json", id), ("for_group", "1"), ("group_link", "")],
            "de",
        )
        .await;
    assert_eq!(none.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        text(&none.body).contains("Wählt eine Gruppe dieses Handys"),
        "{}",
        none.body
    );
    // Through the group's read-only link: refused.
    let view_link = format!("http://192.168.1.20:8080/groups/view/{}", group.view);
    let refused = app
        .post_form_keyed(
            "/rulesets/import",
            &[("json", &link), ("group_link", &view_link)],
            "en",
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(group.state(&app, "").await["rule_sets"], json!([]));
    // Through its edit link: the group's own copy, listed on its page.
    let edit_link = format!("http://192.168.1.20:8080/groups/{}", group.id);
    let added = app
        .post_form_keyed(
            "/rulesets/import",
            &[("json", &link), ("group_link", &edit_link)],
            "de",
        )
        .await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    assert_eq!(
        added.header("location"),
        format!("/groups/{}#rule-sets", group.id)
    );
    let state = group.state(&app, "").await;
    let listed = state["rule_sets"].as_array().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["name"], "Nachbars Regeln");
    assert_ne!(listed[0]["id"], json!(id));
    // The same with the group chosen from this phone's list.
    let chosen = app
        .post_form_keyed(
            "/rulesets/import",
            &[("json", "liverpool"), ("group", &group.id)],
            "en",
        )
        .await;
    assert_eq!(chosen.status, StatusCode::SEE_OTHER, "{}", chosen.body);
    assert_eq!(
        group.state(&app, "").await["rule_sets"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let no_group = app
        .post_form_keyed(
            "/rulesets/import",
            &[("json", "liverpool"), ("group", "nope")],
            "de",
        )
        .await;
    assert_eq!(
        no_group.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        no_group.body
    );
}

#[tokio::test]
async fn a_paper_sheet_takes_a_stored_rule_set_s_id() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let own = stored(
        &app,
        json!({"base": "contract", "name": "Omas Regeln", "group": group.id}),
    )
    .await;
    let id = own["id"].as_str().unwrap();
    let csv = format!(
        "date,rules,player,r1,r2\n2026-11-20,{id},Ann,0,10\n2026-11-20,{id},Ben,20,0\n2026-11-20,{id},Cy,15,5\n"
    );
    let preview = app
        .post_json(
            &format!("{}/import", group.api()),
            json!({"csv": csv, "dry_run": true}),
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    let preview = preview.json();
    assert_eq!(preview["problems"], json!([]), "{preview}");
    assert_eq!(preview["games"].as_array().unwrap().len(), 1);
    let made = app
        .post_json(&format!("{}/import", group.api()), json!({"csv": csv}))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let state = group
        .state(&app, &format!("?rules={}", own["family"].as_str().unwrap()))
        .await;
    assert_eq!(state["games"][0]["rules"], json!(id));
    assert_eq!(standing(&state, "Ann")["games"], 1);
    assert_eq!(state["rule_sets"][0]["games"], 1);
    // An id no rule set has is still a problem of its row.
    let unknown = app
        .post_json(
            &format!("{}/import", group.api()),
            json!({"csv": "date,rules,player,r1\n2026-11-20,rs-nothing,Ann,0\n", "dry_run": true}),
        )
        .await;
    assert!(unknown.body.contains("unknown_rules"), "{}", unknown.body);
}
