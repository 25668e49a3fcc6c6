//! The game pages through the router: the new-game form for every rule set (and its errors),
//! the game page's banner and score sheet, the read-only link, the settlement with hand-worked
//! money, the CSV and JSON exports, the QR code, German, escaping, the no-inline rule and the
//! page-size budget. Rounds are entered through the JSON API (the round forms are another
//! module's). Each test has a fresh database.

use crate::common::{
    TestApp, TestResponse, assert_no_inline_script_or_style, form_fields, pairs, post_form, round,
    text, visible,
};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use kontrakt::rules::presets::{PRESET_IDS, option_specs, preset_info};
use kontrakt::rules::ruleset::OptionValue;
use kontrakt::text::Lang;
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// A page as a phone on the LAN asks for it (the QR codes show the host it used).
async fn get_in(app: &TestApp, path: &str, lang: &str) -> TestResponse {
    app.get_with(
        path,
        &[("accept-language", lang), ("host", "192.168.1.5:8080")],
    )
    .await
}

/// The option fields of a rule set's defaults, as the new-game form sends them (a checkbox
/// that is off is not sent; the settlement scheme is its own field).
fn default_options(rules: &str) -> Vec<(String, String)> {
    option_specs(rules)
        .unwrap()
        .into_iter()
        .filter(|spec| spec.name != "settlement")
        .filter_map(|spec| {
            let value = match spec.default {
                OptionValue::Bool(true) => "on".to_owned(),
                OptionValue::Bool(false) => return None,
                other => other.to_string(),
            };
            Some((format!("opt.{}", spec.name), value))
        })
        .collect()
}

/// A full new-game form: the rule set's default options, the players, the rest as given.
fn setup_form(rules: &str, players: &[&str], extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut fields = vec![
        ("rules".to_owned(), rules.to_owned()),
        ("shown".to_owned(), rules.to_owned()),
    ];
    fields.extend(default_options(rules));
    fields.extend(
        players
            .iter()
            .map(|p| ("player".to_owned(), (*p).to_owned())),
    );
    fields.extend(
        extra
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
    );
    fields
}

/// A game created through the HTML form; returns its edit id.
async fn create_via_form(
    app: &TestApp,
    rules: &str,
    players: &[&str],
    extra: &[(&str, &str)],
) -> String {
    let fields = setup_form(rules, players, extra);
    let response = post_form(app, "/games", &pairs(&fields), "en").await;
    assert_eq!(
        response.status,
        StatusCode::SEE_OTHER,
        "{rules}: {}",
        text(&response.body)
    );
    response
        .header("location")
        .strip_prefix("/games/")
        .expect("redirect to the game page")
        .to_owned()
}

/// A game created through the JSON API: (edit id, read-only token).
async fn create_via_api(app: &TestApp, body: Value) -> (String, String) {
    let made = app.create_game(body).await;
    (made.id, made.view)
}

async fn view_token(app: &TestApp, id: &str) -> String {
    app.game_state(id).await["view_url"]
        .as_str()
        .unwrap()
        .strip_prefix("/view/")
        .unwrap()
        .to_owned()
}

/// `text` appears after `after` and before `before` (the sentence sits next to its field).
fn assert_between(body: &str, after: &str, text: &str, before: &str) {
    let a = body
        .find(after)
        .unwrap_or_else(|| panic!("{after:?} not on the page"));
    let t = a + body[a..]
        .find(text)
        .unwrap_or_else(|| panic!("{text:?} not after {after:?}"));
    let b = t + body[t..]
        .find(before)
        .unwrap_or_else(|| panic!("{before:?} not after {text:?}"));
    assert!(a < t && t < b);
}

// ---------------------------------------------------------------------------------------------
// New game
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_new_game_form_lists_every_rule_set_and_preselects_one_from_the_query() {
    let app = TestApp::new().await;
    let response = get_in(&app, "/games/new?rules=liverpool", "en").await;
    assert_eq!(response.status, StatusCode::OK);
    let body = &response.body;
    for id in PRESET_IDS {
        let info = preset_info(id).unwrap();
        assert!(
            body.contains(&format!("name=\"rules\" value=\"{id}\"")),
            "{id}"
        );
        let description = kontrakt::text::rules::preset_description(&info, Lang::En);
        assert!(text(body).contains(description), "{id}");
    }
    assert!(body.contains("value=\"liverpool\" checked"));
    assert!(body.contains("3–5 players"));
    assert!(body.contains("Source: pagat.com, Contract Rummy: Liverpool"));
    assert!(
        !body.contains("(seed "),
        "no internal seed label on the page"
    );
    // Liverpool's options with their defaults.
    assert!(body.contains("name=\"opt.cut_bonus\" value=\"50\""));
    assert!(body.contains("name=\"opt.jokers\" value=\"on\" checked"));
    assert!(body.contains("<option value=\"low-or-high\" selected>Low or high (A-2-3, Q-K-A)"));
    assert!(body.contains("Points taken off the cutter who cuts exactly"));
    // Five seats for up to five players, a random first dealer, money.
    assert_eq!(body.matches("name=\"player\"").count(), 5);
    assert!(body.contains("<option value=\"random\" selected>Draw at random</option>"));
    assert!(body.contains("<option value=\"3\">Player 3</option>"));
    assert!(body.contains("name=\"cents\" value=\"1\""));
    assert!(body.contains("name=\"points_per_cent\" value=\"1\""));
    assert!(body.contains("name=\"currency\" value=\"€\""));
    assert!(body.contains("name=\"settlement\" value=\"lowest-collects\" checked"));
    assert!(body.contains("name=\"settlement\" value=\"pairwise\">"));
    // Choosing another rule set without JavaScript: a GET of the same form.
    assert!(body.contains("formmethod=\"get\" formaction=\"/games/new#options\""));
    assert_no_inline_script_or_style(body);
}

#[tokio::test]
async fn choosing_another_rule_set_keeps_the_names_and_shows_its_options() {
    let app = TestApp::new().await;
    let response = get_in(
        &app,
        "/games/new?rules=continental&shown=liverpool&opt.cut_bonus=40&player=Ann&player=B%C3%A4r\
         &player=&first_dealer=2&cents=25&currency=CHF",
        "en",
    )
    .await;
    assert_eq!(response.status, StatusCode::OK);
    let body = &response.body;
    assert!(body.contains("value=\"continental\" checked"));
    assert!(
        !body.contains("name=\"opt.cut_bonus\""),
        "Liverpool's option is gone"
    );
    assert!(body.contains("name=\"opt.hands\" value=\"1\""));
    assert_eq!(
        body.matches("name=\"player\"").count(),
        12,
        "up to 12 players"
    );
    assert!(body.contains("value=\"Ann\""));
    assert!(body.contains("value=\"Bär\""));
    assert!(body.contains("<option value=\"2\" selected>Bär</option>"));
    assert!(body.contains("Value of a unit, in cents"));
    // Liverpool's stake was per point; Continental's is per unit: asked again.
    assert!(body.contains("name=\"cents\" value=\"\""));
    assert!(body.contains("id=\"restake\""));
    assert!(body.contains("name=\"currency\" value=\"CHF\""));
    assert!(
        !body.contains("name=\"points_per_cent\""),
        "units, not points"
    );
    assert!(!body.contains("name=\"settlement\""), "one scheme only");

    // Another rule set starts from its own settlement scheme.
    let response = get_in(
        &app,
        "/games/new?rules=rommee&shown=contract&settlement=lowest-collects",
        "en",
    )
    .await;
    assert!(
        response
            .body
            .contains("name=\"settlement\" value=\"pairwise\" checked")
    );

    // The same rule set again: the options typed stay, an unticked box stays off.
    let response = get_in(
        &app,
        "/games/new?rules=liverpool&shown=liverpool&opt.cut_bonus=40&opt.ace=wrap",
        "en",
    )
    .await;
    let body = &response.body;
    assert!(body.contains("name=\"opt.cut_bonus\" value=\"40\""));
    assert!(body.contains("<option value=\"wrap\" selected>"));
    assert!(body.contains("name=\"opt.jokers\" value=\"on\">"));
}

#[tokio::test]
async fn a_game_of_every_rule_set_is_created_through_the_form_with_its_defaults() {
    let app = TestApp::new().await;
    for id in PRESET_IDS {
        let info = preset_info(id).unwrap();
        let names = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"];
        let players = &names[..usize::from(info.min_players)];
        let game = create_via_form(&app, id, players, &[("first_dealer", "2")]).await;
        let s = app.game_state(&game).await;
        assert_eq!(s["rules"], id);
        assert_eq!(s["players"], json!(players));
        assert_eq!(s["first_dealer"], "Ben");
        let defaults: serde_json::Map<String, Value> = option_specs(id)
            .unwrap()
            .into_iter()
            .map(|spec| {
                (
                    spec.name.to_owned(),
                    serde_json::to_value(spec.default).unwrap(),
                )
            })
            .collect();
        assert_eq!(s["options"], Value::Object(defaults), "{id}");
        let page = app.get(&format!("/games/{game}")).await;
        assert_eq!(page.status, StatusCode::OK, "{id}");
        assert!(page.body.contains(info.name), "{id}");
    }
}

#[tokio::test]
async fn creating_a_game_remembers_it_and_redirects_to_its_page() {
    let app = TestApp::new().await;
    let fields = setup_form(
        "rommee",
        &["Ann", "", "Ben", "Cy"],
        &[
            ("first_dealer", "3"),
            ("cents", "1"),
            ("points_per_cent", "10"),
            ("currency", "€"),
            ("settlement", "pairwise"),
        ],
    );
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let location = response.header("location").to_owned();
    let id = location.strip_prefix("/games/").unwrap();
    let cookie = response.header("set-cookie");
    assert!(cookie.starts_with("recent="), "{cookie}");
    let label = kontrakt::web::i18n::percent_decode(cookie).unwrap();
    assert!(
        label.contains(&format!("\"url\":\"{location}\"")),
        "{label}"
    );
    assert!(label.contains("German Rommé · Ann, Ben, Cy"), "{label}");
    let s = app.game_state(id).await;
    assert_eq!(
        s["players"],
        json!(["Ann", "Ben", "Cy"]),
        "the blank seat is skipped"
    );
    assert_eq!(s["first_dealer"], "Ben", "seat 3 is Ben");
    assert_eq!(s["points_per_cent"], 10);
    assert_eq!(s["scheme"], "pairwise");
}

#[tokio::test]
async fn a_random_first_dealer_is_drawn_on_the_server_from_the_players() {
    let app = TestApp::new().await;
    let mut dealers = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let id = create_via_form(&app, "contract", &["Ann", "Ben", "Cy"], &[]).await;
        dealers.insert(
            app.game_state(&id).await["first_dealer"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    assert_eq!(
        dealers.into_iter().collect::<Vec<_>>(),
        ["Ann", "Ben", "Cy"],
        "40 draws reach every player"
    );
}

#[tokio::test]
async fn form_errors_come_back_with_422_next_to_their_fields_and_nothing_typed_is_lost() {
    let app = TestApp::new().await;
    let mut fields = setup_form(
        "liverpool",
        &["Ann", "ann"],
        &[("cents", "abc"), ("currency", "EURO-EURO")],
    );
    for (name, value) in &mut fields {
        if name == "opt.cut_bonus" {
            *value = "999".to_owned();
        }
    }
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&response.body);
    // Five fields are marked: both names, the cut bonus, the point value and the currency.
    assert!(
        body.contains("Please correct the 5 marked fields."),
        "{body}"
    );
    assert_between(
        &body,
        "name=\"opt.cut_bonus\" value=\"999\"",
        "Option \"cut_bonus\" is a whole number from 0 to 500, not 999.",
        "</fieldset>",
    );
    assert_between(
        &body,
        "value=\"ann\"",
        "Two players are called \"ann\"; give each player a different name.",
        "name=\"first_dealer\"",
    );
    assert!(body.contains("Liverpool Rummy is played by 3 to 5 players, not 2."));
    assert_between(
        &body,
        "name=\"cents\" value=\"abc\"",
        "The value of a point must be a whole number, not \"abc\".",
        "name=\"currency\"",
    );
    assert_between(
        &body,
        "name=\"currency\" value=\"EURO-EURO\"",
        "The currency is a short symbol of plain text, at most 8 characters",
        "Start the game",
    );
    // The two same names are marked; the rest of the form is as typed.
    assert_eq!(body.matches("aria-invalid=\"true\"").count(), 5, "{body}");
    assert!(body.contains("value=\"Ann\""));
    assert!(body.contains("value=\"liverpool\" checked"));
}

#[tokio::test]
async fn option_errors_and_too_few_players_are_reported_for_other_rule_sets_too() {
    let app = TestApp::new().await;
    let fields = setup_form("rommee", &["Solo"], &[]);
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_between(
        &text(&response.body),
        "value=\"Solo\"",
        "German Rommé is played by 2 to 6 players, not 1.",
        "name=\"first_dealer\"",
    );

    let mut fields = setup_form("rommee", &["A", "B"], &[("points_per_cent", "0")]);
    for (name, value) in &mut fields {
        if name == "opt.cards_dealt" {
            *value = "12".to_owned();
        }
    }
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&response.body);
    // The form offers only 10, 13 and 15; a hand-made 12 is refused beside the field.
    assert_between(
        &body,
        "name=\"opt.cards_dealt\"",
        "Option \"cards_dealt\" is 10, 13 or 15, not 12.",
        "name=\"opt.opening_points\"",
    );
    assert_between(
        &body,
        "name=\"points_per_cent\" value=\"0\"",
        "One cent can stand for 1 to 1000 points, not 0.",
        "name=\"currency\"",
    );

    // Progressive: a list option that is no list.
    let mut fields = setup_form("progressive", &["A", "B", "C"], &[]);
    for (name, value) in &mut fields {
        if name == "opt.payouts" {
            *value = "0, two".to_owned();
        }
    }
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_between(
        &text(&response.body),
        "name=\"opt.payouts\" value=\"0, two\"",
        "Option \"payouts\" is a list of whole numbers separated by commas, not \"0, two\".",
        "name=\"opt.kitty_split\"",
    );
}

#[tokio::test]
async fn a_form_whose_options_belong_to_another_rule_set_shows_the_new_options_first() {
    let app = TestApp::new().await;
    let mut fields = setup_form("liverpool", &["Ann", "Ben", "Cy"], &[]);
    fields[0].1 = "shanghai".to_owned();
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&response.body);
    assert!(body.contains("You chose other rules: check their options below"));
    assert!(body.contains("name=\"opt.buy_limit\" value=\"2\""));
    assert!(body.contains("name=\"shown\" value=\"shanghai\""));
    assert!(body.contains("value=\"Cy\""));
    // Sent again as shown, it is created.
    let fields = setup_form("shanghai", &["Ann", "Ben", "Cy"], &[]);
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn the_new_game_form_is_german_for_german_browsers() {
    let app = TestApp::new().await;
    let response = get_in(&app, "/games/new?rules=rommee", "de-DE,de;q=0.9").await;
    let body = text(&response.body);
    assert!(body.contains("<html lang=\"de\">"));
    assert!(body.contains("<h1>Neues Spiel</h1>"));
    assert!(body.contains("Familien-Rommé: 40 Punkte zum Auslegen"));
    assert!(body.contains("2–6 Spieler"));
    assert!(body.contains("Joker, die zu den zwei Blättern gemischt werden."));
    assert!(body.contains("Um die Ecke (D-K-A-2)"));
    assert!(body.contains("Zufällig auslosen"));
    assert!(body.contains("Punkte je Cent"));
    assert!(body.contains("Paarweise"));
    assert!(body.contains("Spiel beginnen"));

    let fields = setup_form("rommee", &["Ann", "Ann"], &[("first_dealer", "4")]);
    let response = post_form(&app, "/games", &pairs(&fields), "de").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&response.body);
    // Both names and the first dealer are marked.
    assert!(
        body.contains("Bitte korrigiert die 3 markierten Felder."),
        "{body}"
    );
    assert!(body.contains("Zwei Spieler heißen „Ann“; jeder braucht einen eigenen Namen."));
    assert!(body.contains("Platz 4 ist leer; wählt einen Mitspieler oder lost aus."));
}

// ---------------------------------------------------------------------------------------------
// The game page
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_liverpool_banner_names_dealer_cutter_and_the_cut_target() {
    let app = TestApp::new().await;
    let id = create_via_form(
        &app,
        "liverpool",
        &["Ann", "Ben", "Cy", "Di"],
        &[("first_dealer", "1")],
    )
    .await;
    let response = get_in(&app, &format!("/games/{id}"), "en").await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(body.contains("id=\"next-round\" aria-labelledby=\"next-round-title\">"));
    assert!(body.contains("<h2 id=\"next-round-title\">Round 1 of 7</h2>"));
    assert!(body.contains("<p class=\"contract\">2 sets of 3</p>"));
    assert!(body.contains("Deal 10 cards to each player."));
    assert!(body.contains("Ann deals."));
    // The cutter sits before the dealer; 4 players x 10 cards + the up-card.
    assert!(body.contains("Di cuts: cut exactly 41 cards to take 50 points off."));
    assert!(body.contains("Cards: 2 decks + 3 jokers (107 cards)."));
    assert!(body.contains("Buying is allowed, with no count limit"));
    assert!(body.contains("The contract meld holds exactly the cards the contract asks for"));
    assert!(body.contains(&format!(
        "href=\"/games/{id}/rounds/new\">Enter round 1</a>"
    )));
    assert!(body.contains("href=\"/check?rules=liverpool&round=1\""));
    assert!(body.contains("No round entered yet."));
    assert!(!body.contains("/undo\""), "nothing to undo yet");
    assert!(!body.contains("/end\""), "nothing to end yet");

    // Round 2: Ben deals, Ann cuts.
    app.enter_round(&id, round("Ann", &[("Ben", 10), ("Cy", 20), ("Di", 30)]))
        .await;
    let body = text(&get_in(&app, &format!("/games/{id}"), "en").await.body);
    assert!(body.contains("Round 2 of 7"));
    assert!(body.contains("1 set of 3 and 1 run of 4"));
    assert!(body.contains("Ben deals."));
    assert!(body.contains("Ann cuts: cut exactly 41 cards to take 50 points off."));
    assert!(body.contains("href=\"/check?rules=liverpool&round=2\""));
}

#[tokio::test]
async fn the_last_contract_round_says_go_out_all_at_once() {
    let app = TestApp::new().await;
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"]}),
    )
    .await;
    for _ in 0..6 {
        app.enter_round(&id, round("A", &[("B", 5), ("C", 5)]))
            .await;
    }
    let body = text(&app.get(&format!("/games/{id}")).await.body);
    assert!(body.contains("Round 7 of 7"));
    assert!(body.contains("3 runs of 4"));
    assert!(body.contains("Deal 12 cards to each player."));
    assert!(body.contains("Go out all at once: every card melded, no discard."));
}

#[tokio::test]
async fn shanghai_kolsov_round_8_says_it_needs_more_cards_than_are_dealt() {
    let app = TestApp::new().await;
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "shanghai-kolsov", "players": ["A", "B", "C"]}),
    )
    .await;
    let page = text(&app.get(&format!("/games/{id}")).await.body);
    assert!(!page.contains("needs more cards than are dealt"));
    assert!(page.contains("at most 2 per player this round"));
    for _ in 0..7 {
        app.enter_round(&id, round("A", &[("B", 5), ("C", 5)]))
            .await;
    }
    let body = text(&app.get(&format!("/games/{id}")).await.body);
    assert!(body.contains("Round 8 of 10"));
    assert!(body.contains("1 set of 3 and 1 run of 10"));
    assert!(body.contains("Deal 11 cards to each player."));
    assert!(body.contains("class=\"banner needs-more\""));
    assert!(
        body.contains(
            "The contract needs more cards than are dealt: only buying makes it possible."
        )
    );
}

#[tokio::test]
async fn the_sheet_shows_round_points_running_totals_dealers_and_the_leader() {
    let app = TestApp::new().await;
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"], "first_dealer": "Ann"}),
    )
    .await;
    // Round 1: Ann out; Di holds AS JK 10H = 40 and cut (-50): -10.
    app.enter_round(
        &id,
        json!({"went_out": "Ann", "points": {"Ben": 35, "Cy": 12},
               "cards": {"Di": "AS JK 10H"}, "cut_bonus": true}),
    )
    .await;
    // Round 2: Cy out.
    let s = app
        .enter_round(&id, round("Cy", &[("Ann", 60), ("Ben", 5), ("Di", 25)]))
        .await;
    assert_eq!(
        s["totals"],
        json!({"Ann": 60, "Ben": 40, "Cy": 12, "Di": 15})
    );
    let response = get_in(&app, &format!("/games/{id}"), "en").await;
    let body = &response.body;
    assert_eq!(response.header("cache-control"), "no-store");
    // Round rows: points, then the running total; the dealer marked, and (issue 11) who went
    // out and who cut exactly.
    assert!(body.contains(&format!(
        "<th scope=\"row\"><a href=\"/games/{id}/rounds/1/edit\" title=\"2 sets of 3\">1</a></th>\
         <td>0<small><span class=\"marks\"><span class=\"mark mark-out\" title=\"went out\">\
         <span aria-hidden=\"true\">✓</span><span class=\"visually-hidden\">went out</span></span></span>\
         <span class=\"dealer\">D</span> 0</small></td>\
         <td>35<small>35</small></td><td>12<small>12</small></td><td>-10<small><span class=\"marks\">\
         <span class=\"mark mark-cut\" title=\"cut exactly: 50 points off\"><span aria-hidden=\"true\">✂</span>\
         <span class=\"visually-hidden\">cut exactly: 50 points off</span></span></span>-10</small></td>"
    )));
    assert!(body.contains(&format!(
        "<a href=\"/games/{id}/rounds/2/edit\" title=\"1 set of 3 and 1 run of 4\">2</a></th>\
         <td>60<small>60</small></td><td>5<small><span class=\"dealer\">D</span> 40</small></td>\
         <td>0<small><span class=\"marks\"><span class=\"mark mark-out\" title=\"went out\">\
         <span aria-hidden=\"true\">✓</span><span class=\"visually-hidden\">went out</span></span></span>\
         12</small></td><td>25<small>15</small></td>"
    )));
    // Totals, the leader (lowest) starred, places.
    assert!(body.contains("<td>60</td><td>40</td><td class=\"leader\">12</td><td>15</td>"));
    assert!(body.contains(
        "<th scope=\"col\" class=\"leader\" title=\"Cy\"><span class=\"star\" title=\"Leader\">★</span><bdi class=\"name\">Cy</bdi></th>"
    ));
    assert!(body.contains("<td>4.</td><td>3.</td><td>1.</td><td>2.</td>"));
    // Undo and end post the version and an idempotency key; no resume yet.
    let version = s["version"].as_i64().unwrap();
    // They go through the outbox, which keeps them (with their key) when the Wi-Fi drops.
    // Undo asks first: the button leads to the confirm page, which posts (see round_pages).
    assert!(body.contains(&format!(
        "<a class=\"button secondary\" id=\"undo-link\" href=\"/games/{id}/undo\">Undo the last round</a>"
    )));
    // Ending asks first too: the button leads to the confirm page, which posts the version
    // and an idempotency key through the outbox.
    assert!(body.contains(&format!(
        "<a class=\"button secondary\" id=\"end-link\" href=\"/games/{id}/end\">End the game now</a>"
    )));
    {
        let confirm = app.get(&format!("/games/{id}/end")).await.body;
        let tag = format!(
            "<form method=\"post\" action=\"/games/{id}/end\" id=\"undo-form\" data-outbox data-outbox-label=\"End the game now\">"
        );
        let fields = format!(
            "<input type=\"hidden\" name=\"version\" value=\"{version}\"><input type=\"hidden\" name=\"key\" value=\""
        );
        let form = format!("{tag}{fields}");
        let at = confirm
            .find(&form)
            .unwrap_or_else(|| panic!("end form: {confirm}"));
        let key = &confirm[at + form.len()..at + form.len() + 32];
        assert!(key.chars().all(|c| c.is_ascii_hexdigit()), "{key}");
        let words = crate::common::text(&confirm);
        assert!(words.contains("End the game after round 2?"), "{words}");
        assert!(words.contains("settled on the totals now"), "{words}");
    }
    assert!(!body.contains("/resume\""));
    assert!(body.contains(&format!("href=\"/games/{id}/history\"")));
    assert!(body.contains(&format!(
        "data-live=\"/api/v1/games/{id}\" data-version=\"{version}\""
    )));
    assert!(body.contains(&format!(
        "<script src=\"{}\" defer></script>",
        kontrakt::web::assets::url("live.js")
    )));
}

#[tokio::test]
async fn an_ended_game_offers_resume_and_the_settlement_instead_of_the_next_round() {
    let app = TestApp::new().await;
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"]}),
    )
    .await;
    app.enter_round(&id, round("A", &[("B", 10), ("C", 20)]))
        .await;
    app.end_game(&id).await;
    let body = text(&app.get(&format!("/games/{id}")).await.body);
    assert!(!body.contains("Enter round"));
    assert!(body.contains("Game over"));
    assert!(body.contains("The table ended the game early, after round 1 of 7."));
    assert!(body.contains(&format!("href=\"/games/{id}/settlement\"")));
    assert!(body.contains(&format!("action=\"/games/{id}/resume\"")));
    assert!(!body.contains(&format!("action=\"/games/{id}/end\"")));
    assert!(body.contains(&format!("href=\"/games/{id}/undo\"")));
}

#[tokio::test]
async fn the_share_block_has_a_qr_code_of_the_absolute_edit_link_and_the_read_only_link() {
    let app = TestApp::new().await;
    let (id, view) = create_via_api(
        &app,
        json!({"rules": "liverpool", "players": ["A", "B", "C"]}),
    )
    .await;
    let body = get_in(&app, &format!("/games/{id}"), "en").await.body;
    let svg_at = body
        .find("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\"")
        .expect("QR SVG");
    let svg = &body[svg_at..body[svg_at..].find("</svg>").unwrap() + svg_at];
    assert!(svg.contains("aria-label=\"QR code of the edit link\""));
    assert!(svg.contains("<path fill=\"#000\" d=\"M"));
    assert!(!svg.contains("style"));
    assert!(body.contains(&format!(
        "<a href=\"http://192.168.1.5:8080/games/{id}\" id=\"edit-link\">http://192.168.1.5:8080/games/{id}</a>"
    )));
    assert!(body.contains(&format!("http://192.168.1.5:8080/view/{view}")));
    assert!(!body.contains("only works on this computer"));
    assert_no_inline_script_or_style(&body);

    // Opened as localhost, the page says other phones need the network address.
    let request = Request::get(format!("/games/{id}"))
        .header("host", "localhost:8080")
        .body(Body::empty())
        .unwrap();
    let body = app.send(request).await.body;
    assert!(body.contains("This address only works on this computer."));
    assert!(
        body.contains("start Kontrakt with --lan (kontrakt --lan)"),
        "the notice names how to start for the LAN"
    );
}

#[tokio::test]
async fn get_games_leads_to_the_new_game_form() {
    let app = TestApp::new().await;
    let response = app.get("/games").await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    assert_eq!(response.header("location"), "/games/new");
}

#[tokio::test]
async fn the_game_page_remembers_the_game_for_the_home_page() {
    let app = TestApp::new().await;
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "hollywood", "players": ["Ann", "Ben"]}),
    )
    .await;
    let response = app.get(&format!("/games/{id}")).await;
    let cookie = kontrakt::web::i18n::percent_decode(response.header("set-cookie")).unwrap();
    assert!(cookie.contains(&format!("/games/{id}")), "{cookie}");
    assert!(cookie.contains("Hollywood Rummy · Ann, Ben"), "{cookie}");
}

#[tokio::test]
async fn unknown_games_are_404_pages_and_a_read_only_token_cannot_open_the_edit_page() {
    let app = TestApp::new().await;
    for path in [
        "/games/nope",
        "/games/nope/settlement",
        "/games/nope/export.csv",
        "/games/nope/export.json",
        "/view/nope",
        "/view/nope/settlement",
        "/view/nope/export.csv",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
        assert!(response.is_html(), "{path}");
        assert!(
            response.body.contains("There is no game at this address."),
            "{path}"
        );
    }
    let (_, view) = create_via_api(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"]}),
    )
    .await;
    let response = app.get(&format!("/games/{view}")).await;
    assert_eq!(response.status, StatusCode::FORBIDDEN);
}

// ---------------------------------------------------------------------------------------------
// The read-only link
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_view_page_shows_banner_and_sheet_without_forms_or_edit_links_and_refuses_writes() {
    let app = TestApp::new().await;
    let (id, view) = create_via_api(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"], "first_dealer": "Ben"}),
    )
    .await;
    app.enter_round(&id, round("Ann", &[("Ben", 10), ("Cy", 20)]))
        .await;
    let response = app.get(&format!("/view/{view}")).await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(body.contains("Read-only: this page follows the game live but cannot change it."));
    assert!(body.contains("Round 2 of 7"));
    assert!(body.contains("Cy deals."));
    assert!(body.contains("Ben cuts: cut exactly 31 cards to take 50 points off."));
    assert!(body.contains("<td>20<small>20</small></td>"));
    assert!(!body.contains("<form"), "no forms");
    assert!(!body.contains(&id), "the edit id never shows");
    assert!(!body.contains("/rounds/"), "no round links");
    assert!(!body.contains("Enter round"));
    assert!(!body.contains("class=\"qr"), "no QR of the edit link");
    assert!(body.contains(&format!("data-live=\"/api/v1/view/{view}\"")));
    assert!(body.contains(&format!("href=\"/view/{view}/export.csv\"")));
    assert_no_inline_script_or_style(&body);

    // Writes through the read-only token are refused, by page and by API.
    for path in [format!("/view/{view}"), format!("/view/{view}/settlement")] {
        let response = post_form(&app, &path, &[("version", "1")], "en").await;
        assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED, "{path}");
    }
    let response = app
        .post_json(
            &format!("/api/v1/games/{view}/rounds"),
            &round("Ann", &[("Ben", 1), ("Cy", 1)]),
        )
        .await;
    assert_eq!(response.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.game_state(&id).await["rounds"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

/// The values of every `id` attribute of a page, in order.
fn ids(body: &str) -> Vec<&str> {
    attribute_values(body, "id")
}

/// The values of every `name="…"` attribute of a page (`name` preceded by a space).
fn attribute_values<'a>(body: &'a str, name: &str) -> Vec<&'a str> {
    let pattern = format!(" {name}=\"");
    body.match_indices(&pattern)
        .map(|(at, _)| {
            let start = at + pattern.len();
            &body[start..start + body[start..].find('"').expect("attribute closes")]
        })
        .collect()
}

/// Every id of the page is unique, every id reference (`for`, `aria-labelledby`,
/// `aria-describedby`) names one of them, and `expected` are all there.
fn assert_ids(page: &str, body: &str, expected: &[&str]) {
    let all = ids(body);
    for (i, id) in all.iter().enumerate() {
        assert!(!id.is_empty(), "{page}: an empty id");
        assert!(
            !id.contains(char::is_whitespace),
            "{page}: id {id:?} has a space"
        );
        assert!(!all[..i].contains(id), "{page}: id {id:?} appears twice");
    }
    for attribute in ["for", "aria-labelledby", "aria-describedby"] {
        for reference in attribute_values(body, attribute) {
            for id in reference.split_whitespace() {
                assert!(
                    all.contains(&id),
                    "{page}: {attribute}={id:?} names no element"
                );
            }
        }
    }
    for id in expected {
        assert!(all.contains(id), "{page}: no id {id:?} in {all:?}");
    }
}

/// The element with id `id`: its opening tag.
fn tag_with_id<'a>(body: &'a str, id: &str) -> &'a str {
    let at = body
        .find(&format!(" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no id {id:?}"));
    let start = body[..at].rfind('<').unwrap();
    &body[start..at + body[at..].find('>').unwrap() + 1]
}

#[tokio::test]
async fn the_game_and_settlement_pages_have_unique_stable_ids_for_their_parts() {
    let app = TestApp::new().await;
    let (id, view) = create_via_api(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    let page = get_in(&app, &format!("/games/{id}"), "en").await.body;
    assert_ids(
        "new game",
        &page,
        &[
            "next-round",
            "enter-round",
            "sheet",
            "share",
            "qr",
            "edit-link",
            "view-link",
        ],
    );
    for absent in ["actions", "undo-link", "end-link", "resume-form"] {
        assert!(!ids(&page).contains(&absent), "nothing to undo or end yet");
    }

    app.enter_round(&id, round("Ann", &[("Ben", 10), ("Cy", 20)]))
        .await;
    let page = get_in(&app, &format!("/games/{id}"), "de").await.body;
    assert_ids(
        "game in play",
        &page,
        &[
            "next-round",
            "sheet",
            "undo-link",
            "end-link",
            "share",
            "qr",
        ],
    );
    assert!(!ids(&page).contains(&"game-over") && !ids(&page).contains(&"resume-form"));
    // The ids sit on the parts, next to their classes.
    assert!(tag_with_id(&page, "next-round").starts_with("<section class=\"banner"));
    assert!(tag_with_id(&page, "sheet").starts_with("<table class=\"sheet p3\""));
    assert!(tag_with_id(&page, "share").starts_with("<section class=\"panel share\""));
    assert!(tag_with_id(&page, "undo-link").contains(&format!("href=\"/games/{id}/undo\"")));
    assert!(tag_with_id(&page, "end-link").contains(&format!("href=\"/games/{id}/end\"")));
    let round_form = get_in(&app, &format!("/games/{id}/rounds/new"), "en")
        .await
        .body;
    assert_ids("round form", &round_form, &["save"]);
    assert!(tag_with_id(&round_form, "save").contains("class=\"big save\""));
    let correction = get_in(&app, &format!("/games/{id}/rounds/1/edit"), "en")
        .await
        .body;
    assert_ids("correction form", &correction, &["save"]);

    // The read-only page has the banner and the sheet, and no form or share block.
    let read_only = get_in(&app, &format!("/view/{view}"), "en").await.body;
    assert_ids("read-only", &read_only, &["next-round", "sheet"]);
    for absent in [
        "undo-link",
        "end-link",
        "resume-form",
        "share",
        "qr",
        "actions",
    ] {
        assert!(!ids(&read_only).contains(&absent), "read-only has {absent}");
    }

    // Ended early: the game-over banner, resume and undo; the settlement's results.
    app.end_game(&id).await;
    let page = get_in(&app, &format!("/games/{id}"), "en").await.body;
    assert_ids(
        "ended game",
        &page,
        &[
            "game-over",
            "see-settlement",
            "sheet",
            "undo-link",
            "resume-form",
        ],
    );
    assert!(!ids(&page).contains(&"next-round") && !ids(&page).contains(&"end-link"));
    for path in [
        format!("/games/{id}/settlement"),
        format!("/view/{view}/settlement"),
    ] {
        let settlement = get_in(&app, &path, "de").await.body;
        assert_ids(&path, &settlement, &["results", "transfers", "sheet"]);
        assert!(tag_with_id(&settlement, "results").starts_with("<table class=\"results\""));
        assert!(tag_with_id(&settlement, "transfers").starts_with("<ul class=\"transfers\""));
    }
}

// ---------------------------------------------------------------------------------------------
// The meld checker of a game
// ---------------------------------------------------------------------------------------------

/// The address of the checker link on a game's page, after `rounds` rounds (A out, B 10,
/// C 20) of a game created through the API with `game`.
async fn checker_link(app: &TestApp, game: Value, rounds: usize) -> String {
    let (id, _) = create_via_api(app, game).await;
    for _ in 0..rounds {
        app.enter_round(&id, round("A", &[("B", 10), ("C", 20)]))
            .await;
    }
    let body = get_in(app, &format!("/games/{id}"), "en").await.body;
    let at = body.find("href=\"/check?rules=").expect("a checker link") + "href=\"".len();
    text(&body[at..at + body[at..].find('"').unwrap()])
}

/// The fields of the checker's form as a browser posts them (`common::form_fields`).
fn checker_fields(body: &str) -> Vec<(String, String)> {
    let start = body
        .find("<form method=\"post\" action=\"/check\"")
        .expect("the checker form");
    form_fields(&body[start..start + body[start..].find("</form>").unwrap()])
}

/// Opens the checker at `link`, types `field` and presses the button `action`; the answer.
async fn ask_checker(app: &TestApp, link: &str, field: &str, value: &str, action: &str) -> String {
    let page = get_in(app, link, "en").await;
    assert_eq!(page.status, StatusCode::OK, "{link}: {}", page.body);
    let mut fields: Vec<(String, String)> = checker_fields(&page.body)
        .into_iter()
        .filter(|(name, _)| name != field)
        .collect();
    fields.push((field.to_owned(), value.to_owned()));
    fields.push(("action".to_owned(), action.to_owned()));
    let answer = post_form(app, "/check", &pairs(&fields), "en").await;
    assert_eq!(answer.status, StatusCode::OK, "{}", text(&answer.body));
    text(&answer.body)
}

/// Asks the same question at the game's checker `link` and at the rule book's address
/// `book`: (the game's answer, the rule book's).
async fn ask_both(
    app: &TestApp,
    [link, book]: [&str; 2],
    field: &str,
    value: &str,
    action: &str,
) -> (String, String) {
    (
        ask_checker(app, link, field, value, action).await,
        ask_checker(app, book, field, value, action).await,
    )
}

#[tokio::test]
async fn the_checker_link_of_a_game_without_jokers_checks_and_solves_without_them() {
    let app = TestApp::new().await;
    let link = checker_link(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "options": {"jokers": false}}),
        0,
    )
    .await;
    assert_eq!(link, "/check?rules=contract&round=1&opt.jokers=off");

    // The page says which options are in force and that this one is not the rule book's.
    let page = get_in(&app, &link, "en").await;
    assert_eq!(page.status, StatusCode::OK);
    let body = text(&page.body);
    assert!(body.contains("<legend>Options in force</legend>"), "{body}");
    assert!(body.contains(
        "<input type=\"checkbox\" id=\"opt-jokers\" name=\"opt.jokers\" value=\"on\"><span>"
    ));
    assert!(body.contains("<p class=\"hint changed\">Rule book: on</p>"));
    assert!(body.contains("<li>No wild cards.</li>"));
    let german = text(&get_in(&app, &link, "de").await.body);
    assert!(german.contains("<legend>Geltende Optionen</legend>"));
    assert!(german.contains("Regelbuch: an"));

    // Two sets of 3 with a joker: legal by the rule book, not in this game.
    let melds = "5H 5S JK | 7C 7D 7S";
    let (answer, by_the_book) = ask_both(
        &app,
        [&link, "/check?rules=contract&round=1"],
        "melds",
        melds,
        "check",
    )
    .await;
    assert!(answer.contains("✗ Not legal."), "{answer}");
    assert!(by_the_book.contains("✓ Legal"), "{by_the_book}");

    // The answered page keeps the option, so the next question is asked under it too.
    let start = answer.find("<form").unwrap();
    let kept: Vec<(String, String)> = checker_fields(&answer[start..]);
    assert!(kept.contains(&("opt.jokers".to_owned(), "off".to_owned())));
    assert!(!kept.contains(&("opt.jokers".to_owned(), "on".to_owned())));
    let mut fields = kept;
    fields.retain(|(name, _)| name != "hand");
    fields.push(("hand".to_owned(), "5H 5S JK 7C 7D 7S 9H".to_owned()));
    fields.push(("action".to_owned(), "solve".to_owned()));
    let solved = text(&post_form(&app, "/check", &pairs(&fields), "en").await.body);
    assert!(
        solved.contains("✗ No: these 7 cards do not make 2 sets of 3."),
        "{solved}"
    );
    assert!(solved.contains("opt.jokers\" value=\"off\""));
    let hand = "5H 5S JK 7C 7D 7S 9H";
    let default = ask_checker(&app, "/check?rules=contract&round=1", "hand", hand, "solve").await;
    assert!(
        default.contains("✓ Yes, you can go down with:"),
        "{default}"
    );
}

#[tokio::test]
async fn the_checker_link_carries_the_aces_the_round_and_a_rommee_opening() {
    let app = TestApp::new().await;
    let link = checker_link(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "options": {"ace": "wrap"}}),
        2,
    )
    .await;
    assert_eq!(link, "/check?rules=contract&round=3&opt.ace=wrap");
    let page = text(&get_in(&app, &link, "en").await.body);
    assert!(page.contains("<option value=\"wrap\" selected>Round the corner (Q-K-A-2)</option>"));
    assert!(page.contains("Rule book: Low or high (A-2-3, Q-K-A)"));
    assert!(page.contains("<li>Runs may turn the corner (Q-K-A-2-3).</li>"));

    // Round 3 is 2 runs of 4: one turning the corner is legal only in this game.
    let melds = "QH KH AH 2H | 5S 6S 7S 8S";
    let (answer, by_the_book) = ask_both(
        &app,
        [&link, "/check?rules=contract&round=3"],
        "melds",
        melds,
        "check",
    )
    .await;
    assert!(answer.contains("✓ Legal"), "{answer}");
    assert!(by_the_book.contains("✗ Not legal."), "{by_the_book}");
    // And a card that fits only round the corner.
    let fit = ask_checker(
        &app,
        &format!("{link}&table_meld=JH%20QH%20KH%20AH"),
        "card",
        "2H",
        "fit",
    )
    .await;
    assert!(fit.contains("✓ Yes: 2♥ fits"), "{fit}");

    // Rommé: the first meld's minimum comes along (no rounds to name).
    let link = checker_link(
        &app,
        json!({"rules": "rommee", "players": ["A", "B"], "options": {"opening_points": 30}}),
        0,
    )
    .await;
    assert_eq!(link, "/check?rules=rommee&opt.opening_points=30");
    // 10 + 10 + 10 = 30: enough here, not under the rule book's 40.
    let melds = "10H 10S 10C";
    let (answer, by_the_book) = ask_both(
        &app,
        [&link, "/check?rules=rommee"],
        "melds",
        melds,
        "check",
    )
    .await;
    assert!(answer.contains("✓ Legal"), "{answer}");
    assert!(by_the_book.contains("✗ Not legal."), "{by_the_book}");

    // A game played by the rule book links as before.
    let link = checker_link(
        &app,
        json!({"rules": "shanghai", "players": ["A", "B", "C"]}),
        0,
    )
    .await;
    assert_eq!(link, "/check?rules=shanghai&round=1");
}

// ---------------------------------------------------------------------------------------------
// Settlement
// ---------------------------------------------------------------------------------------------

/// Contract Rummy, A B C at 5 cents a point, 7 rounds: A always out, B 10 and C 20 a round.
async fn finished_contract_game(app: &TestApp) -> String {
    let (id, _) = create_via_api(
        app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "cents_per_point": 5}),
    )
    .await;
    let mut last = Value::Null;
    for _ in 0..7 {
        last = app
            .enter_round(&id, round("A", &[("B", 10), ("C", 20)]))
            .await;
    }
    assert_eq!(last["finished"], true);
    id
}

#[tokio::test]
async fn the_settlement_of_a_finished_game_shows_places_money_and_the_fewest_transfers() {
    let app = TestApp::new().await;
    let id = finished_contract_game(&app).await;
    let response = app.get(&format!("/games/{id}/settlement")).await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(
        response.body.contains("+\u{2060}€\u{a0}10.50"),
        "symbol and amount never part"
    );
    let body = text(&response.body);
    // Totals A 0, B 70, C 140. Lowest collects: A gets 70 x 5 from B and 140 x 5 from C.
    assert!(body.contains("All 7 rounds are played."));
    assert!(body.contains(
        "<tr><td>1.</td><th scope=\"row\"><bdi>A</bdi></th><td>0</td><td class=\"gain\">+€ 10.50</td></tr>"
    ));
    assert!(body.contains(
        "<tr><td>2.</td><th scope=\"row\"><bdi>B</bdi></th><td>70</td><td class=\"loss\">−€ 3.50</td></tr>"
    ));
    assert!(body.contains(
        "<tr><td>3.</td><th scope=\"row\"><bdi>C</bdi></th><td>140</td><td class=\"loss\">−€ 7.00</td></tr>"
    ));
    assert!(body.contains("Settlement: Lowest collects. € 0.05 per point."));
    assert!(body.contains("<li><bdi>B</bdi> pays <bdi>A</bdi> € 3.50</li>"));
    assert!(body.contains("<li><bdi>C</bdi> pays <bdi>A</bdi> € 7.00</li>"));
    // (Counted in the list: the text to share repeats them.)
    let list = &body[body.find("id=\"transfers\"").unwrap()..];
    let list = &list[..list.find("</ul>").unwrap()];
    assert_eq!(
        list.matches(" pays <bdi>A</bdi> ").count(),
        2,
        "two transfers"
    );
    // The score sheet is on the printout too, without edit links.
    assert!(body.contains("<td>20<small>140</small></td>"));
    assert!(!body.contains("/rounds/"));
    assert!(body.contains(&format!("href=\"/games/{id}/export.csv\"")));

    // German: amounts as Germans write them.
    let body = text(
        &get_in(&app, &format!("/games/{id}/settlement"), "de")
            .await
            .body,
    );
    assert!(body.contains("<h1>Abrechnung</h1>"));
    assert!(body.contains("+10,50 €"));
    assert!(body.contains("<li><bdi>C</bdi> zahlt <bdi>A</bdi> 7,00 €</li>"));
    assert!(body.contains("Abrechnung: Niedrigster kassiert. 0,05 € je Punkt."));
    assert!(body.contains("Alle 7 Runden sind gespielt."));
}

#[tokio::test]
async fn progressive_ended_early_pays_places_and_the_kitty_of_buys() {
    let app = TestApp::new().await;
    let (id, view) = create_via_api(
        &app,
        json!({"rules": "progressive", "players": ["A", "B", "C", "D"]}),
    )
    .await;
    for _ in 0..8 {
        app.enter_round(&id, round("A", &[("B", 10), ("C", 20), ("D", 30)]))
            .await;
    }
    let mut ninth = round("A", &[("B", 10), ("C", 20), ("D", 30)]);
    ninth["buys"] = json!({"B": 1, "C": 1});
    app.enter_round(&id, ninth).await;
    app.end_game(&id).await;
    let body = text(&app.get(&format!("/view/{view}/settlement")).await.body);
    // Places A B C D: A +12, B -2, C -4, D -6; the kitty (B and C bought once, 1 cent each)
    // goes to A: A +14, B -3, C -5, D -6.
    assert!(body.contains("The table ended the game early, after round 9 of 15."));
    assert!(body.contains("<td class=\"gain\">+€ 0.14</td>"));
    assert!(body.contains("<td>90</td><td class=\"loss\">−€ 0.03</td>"));
    assert!(body.contains("<td>180</td><td class=\"loss\">−€ 0.05</td>"));
    assert!(body.contains("<td>270</td><td class=\"loss\">−€ 0.06</td>"));
    assert!(body.contains("Kitty: € 0.02 from 2 buys, all to the winner."));
    assert!(body.contains(
        "Payouts: place 2 pays € 0.02, place 3 pays € 0.04, place 4 pays € 0.06; the winner receives the sum."
    ));
    for t in ["B pays A € 0.03", "C pays A € 0.05", "D pays A € 0.06"] {
        assert!(body.contains(t), "{t}");
    }
    assert!(
        !body.contains(&id),
        "the read-only settlement never shows the edit id"
    );
}

#[tokio::test]
async fn a_kitty_of_one_buy_says_one_buy_in_both_languages() {
    let app = TestApp::new().await;
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "progressive", "players": ["A", "B", "C"],
               "options": {"kitty_split": "two-thirds"}}),
    )
    .await;
    for _ in 0..8 {
        app.enter_round(&id, round("A", &[("B", 10), ("C", 20)]))
            .await;
    }
    let mut ninth = round("A", &[("B", 10), ("C", 20)]);
    ninth["buys"] = json!({"B": 1});
    app.enter_round(&id, ninth).await;
    app.end_game(&id).await;
    let path = format!("/games/{id}/settlement");
    let body = text(&get_in(&app, &path, "en").await.body);
    assert!(
        body.contains(
            "Kitty: € 0.01 from 1 buy, two-thirds to the winner and one third to second place."
        ),
        "{body}"
    );
    let body = text(&get_in(&app, &path, "de").await.body);
    assert!(
        body.contains(
            "Topf: 0,01 € aus 1 Kauf, zwei Drittel an den Sieger und ein Drittel an den Zweiten."
        ),
        "{body}"
    );
}

#[tokio::test]
async fn rommee_at_a_tenth_of_a_cent_settles_pairwise_with_ties_sharing_a_place() {
    let app = TestApp::new().await;
    let fields = setup_form(
        "rommee",
        &["A", "B", "C", "D"],
        &[("cents", "1"), ("points_per_cent", "10")],
    );
    let mut fields = fields;
    for (name, value) in &mut fields {
        if name == "opt.rounds" {
            *value = "1".to_owned();
        }
        // 270 in one round needs jokers at 50: at 20 a hand counts at most 208
        // (docs/RULES.md section 5, "Plausibility").
        if name == "opt.joker_points" {
            *value = "50".to_owned();
        }
    }
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    let id = response
        .header("location")
        .strip_prefix("/games/")
        .unwrap()
        .to_owned();
    // C did not go out with 0: unlikely, so confirmed.
    let mut tied = round("A", &[("B", 140), ("C", 0), ("D", 270)]);
    tied["confirm"] = json!(true);
    app.enter_round(&id, tied).await;
    let body = text(&app.get(&format!("/games/{id}/settlement")).await.body);
    // Totals 0, 140, 0, 270; sum 410; nets (410 - 4 x total) / 10: 41, -15, 41, -67.
    assert!(body.contains(
        "<tr><td>1.</td><th scope=\"row\"><bdi>A</bdi></th><td>0</td><td class=\"gain\">+€ 0.41</td></tr>"
    ));
    assert!(body.contains(
        "<tr><td>1.</td><th scope=\"row\"><bdi>C</bdi></th><td>0</td><td class=\"gain\">+€ 0.41</td></tr>"
    ));
    assert!(body.contains("<tr><td>3.</td><th scope=\"row\"><bdi>B</bdi></th>"));
    assert!(body.contains("Settlement: Pairwise. € 0.01 per 10 points."));
}

#[tokio::test]
async fn the_settlement_before_the_end_says_so_and_leads_back_to_the_game() {
    let app = TestApp::new().await;
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"]}),
    )
    .await;
    let response = app.get(&format!("/games/{id}/settlement")).await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(body.contains("The game is not over yet: the settlement comes after the last round"));
    assert!(body.contains(&format!("<a href=\"/games/{id}\">Back to the game</a>")));
    assert!(!body.contains(" pays "));
    assert!(!body.contains("class=\"results\""));
}

// ---------------------------------------------------------------------------------------------
// Exports
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_csv_export_has_rounds_totals_and_the_settlement_with_proper_quoting() {
    let app = TestApp::new().await;
    let (id, view) = create_via_api(
        &app,
        json!({"rules": "contract", "players": ["Smith, Jo", "Ann \"Ace\"", "=cmd"],
               "cents_per_point": 5}),
    )
    .await;
    for _ in 0..7 {
        app.enter_round(
            &id,
            round("Smith, Jo", &[("Ann \"Ace\"", 10), ("=cmd", 20)]),
        )
        .await;
    }
    let response = app.get(&format!("/games/{id}/export.csv")).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.header("content-type"), "text/csv; charset=utf-8");
    let disposition = response.header("content-disposition");
    assert!(
        disposition.starts_with("attachment; filename=\"kontrakt-contract-"),
        "{disposition}"
    );
    assert!(disposition.ends_with(".csv\""), "{disposition}");
    let csv = response
        .body
        .strip_prefix('\u{feff}')
        .expect("UTF-8 byte-order mark");
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "Round,Dealer,Contract,\"Smith, Jo\",\"Ann \"\"Ace\"\"\",'=cmd"
    );
    assert_eq!(lines[1], "1,\"Smith, Jo\",2 sets of 3,0,10,20");
    assert_eq!(
        lines[2],
        "2,\"Ann \"\"Ace\"\"\",1 set of 3 and 1 run of 4,0,10,20"
    );
    assert_eq!(lines[7], "7,\"Smith, Jo\",3 runs of 4,0,10,20");
    assert_eq!(lines[8], "Total,,,0,70,140");
    assert_eq!(lines[9], "Place,,,1,2,3");
    assert_eq!(lines[10], "Net (€),,,10.50,-3.50,-7.00");
    assert_eq!(lines[11], "");
    assert_eq!(lines[12], "From,To,Amount (€)");
    assert_eq!(lines[13], "'=cmd,\"Smith, Jo\",7.00");
    assert_eq!(lines[14], "\"Ann \"\"Ace\"\"\",\"Smith, Jo\",3.50");
    assert_eq!(lines[15], "");
    assert_eq!(lines.len(), 16);

    // The read-only link exports the same file; German headings for German browsers, in
    // German Excel's dialect (`;`, decimal comma; issue 11: commas opened as one column).
    let german = get_in(&app, &format!("/view/{view}/export.csv"), "de").await;
    assert_eq!(german.status, StatusCode::OK);
    assert!(german.body.starts_with('\u{feff}'), "UTF-8 byte-order mark");
    assert!(german.body.contains("Runde;Geber;Kontrakt;"));
    assert!(german.body.contains("Saldo (€);;;10,50;-3,50;-7,00"));
}

#[tokio::test]
async fn the_json_export_is_the_games_state_and_the_read_only_one_hides_the_edit_id() {
    let app = TestApp::new().await;
    let id = finished_contract_game(&app).await;
    let response = app.get(&format!("/games/{id}/export.json")).await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(
        response
            .header("content-disposition")
            .starts_with("attachment; filename=\"kontrakt-contract-")
    );
    let exported = response.json();
    assert_eq!(exported, app.game_state(&id).await);
    assert_eq!(
        exported["settlement"]["net_cents"],
        json!([1050, -350, -700])
    );
    let view = view_token(&app, &id).await;
    let response = app.get(&format!("/view/{view}/export.json")).await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(
        !response.body.contains(&id),
        "no edit id in the read-only export"
    );
    assert_eq!(
        response.json()["totals"],
        json!({"A": 0, "B": 70, "C": 140})
    );
}

// ---------------------------------------------------------------------------------------------
// Languages, escaping, the CSP and the size budget
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_game_page_is_german_for_german_browsers() {
    let app = TestApp::new().await;
    let id = create_via_form(
        &app,
        "liverpool",
        &["Ann", "Ben", "Cy", "Di"],
        &[("first_dealer", "2")],
    )
    .await;
    let body = text(&get_in(&app, &format!("/games/{id}"), "de").await.body);
    assert!(body.contains("<html lang=\"de\">"));
    assert!(body.contains("Liverpool-Rommé · Ann, Ben, Cy, Di"));
    assert!(body.contains("Runde 1 von 7"));
    assert!(body.contains("<p class=\"contract\">2 Sätze à 3</p>"));
    assert!(body.contains("Jeder bekommt 10 Karten."));
    assert!(body.contains("Ben gibt."));
    assert!(body.contains("Ann hebt ab: genau 41 Karten abheben bringt 50 Punkte Abzug."));
    assert!(body.contains("Karten: 2 Blätter + 3 Joker (107 Karten)."));
    assert!(body.contains("Kaufen ist erlaubt"));
    assert!(body.contains("Runde 1 eintragen"));
    assert!(body.contains("Spielblock"));
    assert!(body.contains("Spiel teilen"));
    assert!(body.contains("Link nur zum Ansehen"));
}

#[tokio::test]
async fn a_player_named_with_markup_is_shown_escaped_on_every_page() {
    let app = TestApp::new().await;
    let evil = "<b>x</b>";
    // The form that comes back with an error shows the name escaped.
    let fields = setup_form("contract", &[evil, "Ben"], &[]);
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!response.body.contains(evil));
    assert!(response.body.contains("&#60;b&#62;x&#60;/b&#62;"));

    let id = create_via_form(
        &app,
        "contract",
        &[evil, "Ben", "Cy"],
        &[("first_dealer", "1")],
    )
    .await;
    for _ in 0..7 {
        app.enter_round(&id, round("Ben", &[(evil, 10), ("Cy", 20)]))
            .await;
    }
    let view = view_token(&app, &id).await;
    for path in [
        format!("/games/{id}"),
        format!("/games/{id}/settlement"),
        format!("/view/{view}"),
        format!("/view/{view}/settlement"),
    ] {
        let body = app.get(&path).await.body;
        assert!(!body.contains(evil), "{path}");
        assert!(body.contains("&#60;b&#62;x&#60;/b&#62;"), "{path}");
        assert_no_inline_script_or_style(&body);
    }
    let home = app
        .send(
            Request::get("/")
                .header(
                    "cookie",
                    app.get(&format!("/games/{id}")).await.header("set-cookie"),
                )
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert!(!home.body.contains(evil));
    assert!(
        home.body
            .contains("Contract Rummy · &#60;b&#62;x&#60;/b&#62;, Ben, Cy")
    );
}

#[tokio::test]
async fn pages_have_no_inline_script_or_style_and_stay_under_30_kb() {
    let app = TestApp::new().await;
    // The largest pages: Continental's form with 12 seats; Progressive's 15 rounds of 5, the
    // most players it seats.
    let new_game = get_in(&app, "/games/new?rules=continental", "de").await;
    let names = [
        "Annegret",
        "Bartholomäus",
        "Cordula",
        "Dietrich",
        "Eleonore",
    ];
    let (id, view) = create_via_api(&app, json!({"rules": "progressive", "players": names})).await;
    for n in 0..15 {
        let mut r = round(
            names[n % names.len()],
            &names
                .iter()
                .filter(|p| **p != names[n % names.len()])
                .map(|p| (*p, 105))
                .collect::<Vec<_>>(),
        );
        if (9..=14).contains(&(n + 1)) {
            r["buys"] = json!({"Cordula": 1});
        }
        app.enter_round(&id, r).await;
    }
    let pages = [
        ("new game", new_game),
        ("game", get_in(&app, &format!("/games/{id}"), "de").await),
        ("view", get_in(&app, &format!("/view/{view}"), "de").await),
        (
            "settlement",
            get_in(&app, &format!("/games/{id}/settlement"), "de").await,
        ),
    ];
    for (name, page) in pages {
        assert_eq!(page.status, StatusCode::OK, "{name}");
        assert!(
            page.body.len() < 30_000,
            "{name}: {} bytes",
            page.body.len()
        );
        assert_no_inline_script_or_style(&page.body);
    }
}

#[tokio::test]
async fn the_page_scripts_are_served_from_static() {
    let app = TestApp::new().await;
    for path in ["/static/live.js", "/static/new_game.js", "/static/game.css"] {
        let response = app.get(path).await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
    }
    let live = app.get("/static/live.js").await.body;
    assert!(live.contains("data-live"));
    assert!(live.contains("location.reload"));
}

#[tokio::test]
async fn a_double_tap_on_start_opens_the_same_game_instead_of_creating_two() {
    let app = TestApp::new().await;
    let form = app.get("/games/new?rules=liverpool").await;
    let key_at = form.body.find("name=\"key\" value=\"").expect("hidden key") + 18;
    let key = &form.body[key_at..key_at + 65];
    assert!(
        key.chars().all(|c| c.is_ascii_hexdigit() || c == '.'),
        "{key}"
    );
    let mut fields = setup_form("liverpool", &["Ann", "Ben", "Cy", "Di"], &[("cents", "1")]);
    fields.push(("key".to_owned(), key.to_owned()));
    let first = post_form(&app, "/games", &pairs(&fields), "en").await;
    let second = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    assert_eq!(second.status, StatusCode::SEE_OTHER);
    assert_eq!(first.header("location"), second.header("location"));
    // A new form has a new key, and so makes a new game.
    let other = app.get("/games/new?rules=liverpool").await;
    assert!(!other.body.contains(key));
}

#[tokio::test]
async fn a_new_game_form_with_a_damaged_or_stale_key_is_refused_in_the_phone_s_language() {
    // The new-game form reads its key like every other form: a key no form can have sent is
    // a damaged form (400), one this server did not issue for it a stale one (422), each said
    // in the phone's language. Nothing is created.
    let app = TestApp::new().await;
    for (key, status, en, de) in [
        (
            "two words",
            StatusCode::BAD_REQUEST,
            "This form is incomplete.",
            "Dieses Formular ist unvollständig.",
        ),
        (
            "made-up",
            StatusCode::UNPROCESSABLE_ENTITY,
            "This form is out of date;",
            "Dieses Formular ist veraltet;",
        ),
    ] {
        let mut fields = setup_form("liverpool", &["Ann", "Ben", "Cy"], &[]);
        fields.push(("key".to_owned(), key.to_owned()));
        for (lang, sentence) in [("en", en), ("de", de)] {
            let response = post_form(&app, "/games", &pairs(&fields), lang).await;
            assert_eq!(response.status, status, "{key} {lang}: {}", response.body);
            assert!(
                response.body.contains(sentence),
                "{key} {lang}: {}",
                response.body
            );
        }
    }
}

#[tokio::test]
async fn the_new_game_form_refuses_names_that_only_look_the_same() {
    let app = TestApp::new().await;
    let fields = setup_form("hollywood", &["Ann", "Ann\u{200B}"], &[]);
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&response.body);
    assert!(
        body.contains("The name of player 2 holds an invisible character"),
        "{body}"
    );
    let fields = setup_form("hollywood", &["Ann", "ANN"], &[]);
    let response = post_form(&app, "/games", &pairs(&fields), "de").await;
    response.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Zwei Spieler heißen „ANN“",
    );
    let fields = setup_form("hollywood", &["\u{00C1}nn", "A\u{0301}nn"], &[]);
    let response = post_form(&app, "/games", &pairs(&fields), "en").await;
    response.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "Two players are called");
}

#[tokio::test]
async fn a_formula_after_a_semicolon_or_tab_in_a_name_is_defused_in_the_csv() {
    let app = TestApp::new().await;
    // German Excel splits CSV on `;`: `a;=1+1;` would be a live formula in the second cell.
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "contract", "players": ["a;=1+1;", "b,@SUM(A1)", "Cy"]}),
    )
    .await;
    let response = app.get(&format!("/games/{id}/export.csv")).await;
    assert_eq!(response.status, StatusCode::OK);
    let csv = response.body.strip_prefix('\u{feff}').unwrap();
    let header = csv.split("\r\n").next().unwrap();
    assert_eq!(
        header,
        "Round,Dealer,Contract,\"a;'=1+1;\",\"b,'@SUM(A1)\",Cy"
    );
}

/// The words a page shows: its HTML without tags, scripts' and styles' text, or attributes.
fn visible_text(body: &str) -> String {
    text(&visible(body))
}

#[tokio::test]
async fn the_german_new_game_form_and_checker_show_no_english_option_ids_for_any_rule_set() {
    let app = TestApp::new().await;
    let mut shown_ids = Vec::new();
    // The new-game form and the meld checker both show a rule set's options.
    let pages = PRESET_IDS.iter().flat_map(|id| {
        [
            (*id, format!("/games/new?rules={id}")),
            (*id, format!("/check?rules={id}")),
        ]
    });
    for (id, path) in pages {
        let response = get_in(&app, &path, "de").await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
        let shown = visible_text(&response.body);
        let words: Vec<&str> = shown
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | ':' | ';' | '(' | ')'))
            .collect();
        // No identifier-like word at all (option ids are snake_case).
        shown_ids.extend(
            words
                .iter()
                .filter(|w| w.contains('_'))
                .map(|w| format!("{path}: {w}")),
        );
        let specs = option_specs(id).into_iter().flatten();
        for spec in specs.chain(
            kontrakt::rules::presets::meld_option_specs(id)
                .into_iter()
                .flatten(),
        ) {
            let mut ids = vec![spec.name.to_owned()];
            if let kontrakt::rules::ruleset::OptionKind::Choice { values } = &spec.kind {
                ids.extend(values.iter().cloned());
            }
            for option_id in ids {
                if words.contains(&option_id.as_str()) {
                    shown_ids.push(format!("{path}: {option_id}"));
                }
            }
        }
    }
    assert!(
        shown_ids.is_empty(),
        "option ids shown on the German form: {shown_ids:?}"
    );
}

/// The `name="key"` values of a page's forms, in order.
fn form_keys(body: &str) -> Vec<String> {
    body.split("name=\"key\" value=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_owned())
        .collect()
}

#[tokio::test]
async fn a_kept_game_page_is_current_after_every_write_and_the_same_answer_for_every_phone() {
    // Issue 12: the game page is kept after rendering while its game is unchanged; its form
    // keys are issued once per rendering, so every phone gets the same bytes (and the same
    // compressed body: tests/it/kept_pages.rs), each key valid for its own form only.
    let app = TestApp::new().await;
    let (id, view) = create_via_api(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    app.enter_round(&id, round("Ann", &[("Ben", 10), ("Cy", 20)]))
        .await;
    let path = format!("/games/{id}");
    let first = get_in(&app, &path, "en").await.body;
    let second = get_in(&app, &path, "en").await.body;
    let keys = form_keys(&first);
    // The add-to-group form (undo and end ask first, on their own pages).
    assert_eq!(keys.len(), 1, "{keys:?}");
    assert_eq!(first, second, "one state, one answer");
    let key_for =
        |action: &str| kontrakt::web::FormKeys::new(app.db.form_secret()).verify(action, &keys[0]);
    assert!(key_for(&format!("/games/{id}/group")));
    assert!(!key_for(&format!("/games/{id}/end")), "bound to its form");
    // Another language and another host are other pages.
    let german = get_in(&app, &path, "de").await.body;
    assert!(german.contains("<html lang=\"de\""));
    let local = app.get(&path).await.body;
    assert!(!local.contains("192.168.1.5"));

    // A round entered through the API is on the next answer, in both links' pages.
    app.enter_round(&id, round("Ben", &[("Ann", 15), ("Cy", 5)]))
        .await;
    let after = text(&get_in(&app, &path, "en").await.body);
    assert!(after.contains("Standings after round 2"), "{after}");
    let seen = text(&get_in(&app, &format!("/view/{view}"), "en").await.body);
    assert!(seen.contains("Standings after round 2"));

    // The end form of the second page (kept from before the round) was for version 2; the
    // end form of a page read now ends the game with its own key.
    let page = get_in(&app, &format!("{path}/end"), "en").await.body;
    let end_form = &page[page.find(&format!("action=\"/games/{id}/end\"")).unwrap()..];
    let end_key = form_keys(end_form).swap_remove(0);
    let version = app.game_state(&id).await["version"]
        .as_i64()
        .unwrap()
        .to_string();
    let ended = post_form(
        &app,
        &format!("/games/{id}/end"),
        &[("version", version.as_str()), ("key", end_key.as_str())],
        "en",
    )
    .await;
    assert_eq!(ended.status, StatusCode::SEE_OTHER, "{}", ended.body);
    let over = text(&get_in(&app, &path, "en").await.body);
    assert!(
        over.contains("The table ended the game early, after round 2 of 7."),
        "{over}"
    );
}

/// Right-to-left names never reorder the numbers beside them: on the game page (sheet,
/// standings, who won), the settlement (places, transfers), the history and the notes, an
/// Arabic or Hebrew name and a note stand in `<bdi>`, so "سارة pays אבי 0.30 €" keeps its
/// amount the right way round; the shared text stays plain.
#[tokio::test]
async fn right_to_left_names_and_notes_are_isolated_in_bdi_beside_numbers() {
    let app = TestApp::new().await;
    let (sara, avi) = ("سارة", "אבי");
    let (id, _) = create_via_api(
        &app,
        json!({"rules": "contract", "players": [sara, avi, "Cy"], "cents_per_point": 1}),
    )
    .await;
    let mut first = round(sara, &[(avi, 10), ("Cy", 20)]);
    first["note"] = json!("שלום 12");
    app.enter_round(&id, first).await;
    app.end_game(&id).await;

    let page = app.get(&format!("/games/{id}")).await.body;
    assert!(
        page.contains(&format!("<bdi class=\"name\">{sara}</bdi>")),
        "{page}"
    );
    assert!(page.contains(&format!("<th scope=\"row\"><bdi>{avi}</bdi></th>")));
    assert!(
        page.contains(&format!("<bdi>{sara}</bdi> wins with 0")),
        "{page}"
    );
    assert!(page.contains("<dd><bdi>שלום 12</bdi></dd>"), "{page}");

    let settlement = app.get(&format!("/games/{id}/settlement")).await.body;
    assert!(settlement.contains(&format!("<th scope=\"row\"><bdi>{sara}</bdi></th>")));
    let transfer = format!("<li><bdi>Cy</bdi> pays <bdi>{sara}</bdi> ");
    assert!(settlement.contains(&transfer), "{settlement}");
    // The shared text has the names as they are, without marks or markup.
    assert!(
        settlement.contains(&format!("Cy pays {sara} ")),
        "{settlement}"
    );
    assert!(!settlement.contains('\u{2068}'));

    let history = app.get(&format!("/games/{id}/history")).await.body;
    assert!(
        history.contains(&format!("<th scope=\"row\"><bdi>{avi}</bdi>")),
        "{history}"
    );
}
