//! The round pages through the router: a full game of every rule set entered through the HTML
//! forms (created through the JSON API, totals and money checked in the JSON state against
//! hand-worked numbers), cards counted, cut bonus, Hand-Rommé, Continental hands, buys,
//! corrections and the history, undo, end and resume, double submits, stale versions, bad
//! input, German, escaping, the read-only link and the no-inline-script rule. Each test has a
//! fresh database.

use crate::common::{
    TestApp, TestResponse, assert_no_inline_script_or_style, assert_settled, input_value,
    post_form, text,
};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// A game created through the JSON API.
struct Game {
    id: String,
    view: String,
}

impl Game {
    fn page(&self) -> String {
        format!("/games/{}", self.id)
    }

    fn new_form(&self) -> String {
        format!("/games/{}/rounds/new", self.id)
    }

    fn rounds(&self) -> String {
        format!("/games/{}/rounds", self.id)
    }

    fn round(&self, n: usize) -> String {
        format!("/games/{}/rounds/{n}", self.id)
    }

    fn edit(&self, n: usize) -> String {
        format!("/games/{}/rounds/{n}/edit", self.id)
    }

    fn action(&self, action: &str) -> String {
        format!("/games/{}/{action}", self.id)
    }
}

async fn create(app: &TestApp, body: Value) -> Game {
    let made = app.create_game(body).await;
    Game {
        id: made.id,
        view: made.view,
    }
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> TestResponse {
    post_form(app, path, fields, "en").await
}

async fn state(app: &TestApp, game: &Game) -> Value {
    app.game_state(&game.id).await
}

/// A rendered form's hidden `version` and `key`.
fn hidden(body: &str) -> (String, String) {
    (input_value(body, "version"), input_value(body, "key"))
}

/// Opens the form at `form`, fills `fields` next to its hidden ones and posts it to `to`.
async fn submit(app: &TestApp, form: &str, to: &str, fields: &[(&str, &str)]) -> TestResponse {
    let page = app.get(form).await;
    assert_eq!(page.status, StatusCode::OK, "{form}: {}", page.body);
    let (version, key) = hidden(&page.body);
    let mut all = vec![("version", version.as_str()), ("key", key.as_str())];
    all.extend_from_slice(fields);
    post(app, to, &all).await
}

/// Enters the next round through the HTML form; it must be saved (303 to the game page).
async fn enter(app: &TestApp, game: &Game, fields: &[(&str, &str)]) {
    let response = submit(app, &game.new_form(), &game.rounds(), fields).await;
    assert_eq!(
        response.status,
        StatusCode::SEE_OTHER,
        "{fields:?}: {}",
        text(&response.body)
    );
    assert_eq!(response.header("location"), game.page());
}

/// Enters a round that must come back with 422; returns the page.
async fn refused(app: &TestApp, game: &Game, fields: &[(&str, &str)]) -> TestResponse {
    let response = submit(app, &game.new_form(), &game.rounds(), fields).await;
    assert_eq!(
        response.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{fields:?}: {}",
        response.body
    );
    assert!(response.is_html());
    response
}

/// The part of a page between the start of `from` and the next `to` after it.
fn section<'a>(body: &'a str, from: &str, to: &str) -> &'a str {
    let start = body
        .find(from)
        .unwrap_or_else(|| panic!("no {from} in {body}"));
    let end = body[start + from.len()..]
        .find(to)
        .map_or(body.len(), |e| start + from.len() + e);
    &body[start..end]
}

/// A player's fieldset on the round form (seat from 0).
fn player_part(body: &str, seat: usize) -> String {
    text(section(
        body,
        &format!("id=\"player-{seat}\""),
        "</fieldset>",
    ))
}

// ---------------------------------------------------------------------------------------------
// A full game of every rule set through the forms
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn contract_game_through_the_forms_counts_cards_has_a_round_nobody_won_and_settles() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"], "cents_per_point": 2}),
    )
    .await;
    // K 10 + Q 10 + 5 = 25 for Ben.
    enter(
        &app,
        &game,
        &[
            ("went_out", "Ann"),
            ("points.Ann", ""),
            ("points.Ben", ""),
            ("cards.Ben", "KH QH 5S"),
            ("points.Cy", "12"),
        ],
    )
    .await;
    // Nobody went out: everyone scores their hand (joker 15 + 2 for Cy).
    enter(
        &app,
        &game,
        &[
            ("went_out", ""),
            ("points.Ann", "3"),
            ("points.Ben", "4"),
            ("cards.Cy", "JK 2C"),
        ],
    )
    .await;
    for _ in 3..=7 {
        // A 0 typed for the player who went out is what they score anyway.
        enter(
            &app,
            &game,
            &[
                ("went_out", "Cy"),
                ("points.Ann", "10"),
                ("points.Ben", "2"),
                ("points.Cy", "0"),
            ],
        )
        .await;
    }
    let state = state(&app, &game).await;
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"Ann": 0, "Ben": 25, "Cy": 12})
    );
    assert_eq!(state["rounds"][1]["went_out"], Value::Null);
    assert_eq!(
        state["rounds"][1]["points"],
        json!({"Ann": 3, "Ben": 4, "Cy": 17})
    );
    // Ann 3 + 50 = 53, Ben 25 + 4 + 10 = 39, Cy 12 + 17 = 29: Cy collects 24 and 10 points
    // at 2 cents.
    assert_settled(
        &state,
        json!({"Ann": 53, "Ben": 39, "Cy": 29}),
        json!([-48, -20, 68]),
        json!([3, 2, 1]),
    );
    assert_eq!(state["version"], 7);
    // The game is over: the form for a next round leads back to the game.
    let response = app.get(&game.new_form()).await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    assert_eq!(response.header("location"), game.page());
}

#[tokio::test]
async fn liverpool_game_through_the_forms_with_cut_bonuses_and_buys() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"], "first_dealer": "Ann"}),
    )
    .await;
    // Round 1: Ann deals, Di cuts; 4 players x 10 cards + 1 = 41.
    let form = app.get(&game.new_form()).await;
    assert!(form.body.contains("<h1>Round 1 of 7</h1>"));
    assert!(form.body.contains("Contract: 2 sets of 3"));
    assert!(form.body.contains("Ann deals."));
    assert!(form.body.contains("Di cut exactly 41 cards: −50"));
    assert!(form.body.contains("name=\"buys.Ben\""));
    // Di holds A 15 + joker 15 + 10 = 40 and cut: -10.
    enter(
        &app,
        &game,
        &[
            ("went_out", "Ann"),
            ("points.Ben", "35"),
            ("points.Cy", "12"),
            ("cards.Di", "AS JK 10H"),
            ("cut_bonus", "on"),
            ("buys.Ben", "1"),
        ],
    )
    .await;
    // Round 2: Ben deals, Ann cuts and hits: -50.
    let form = app.get(&game.new_form()).await;
    assert!(form.body.contains("Ann cut exactly 41 cards: −50"));
    enter(
        &app,
        &game,
        &[
            ("went_out", "Ann"),
            ("points.Ben", "20"),
            ("points.Cy", "20"),
            ("points.Di", "20"),
            ("cut_bonus", "on"),
        ],
    )
    .await;
    for _ in 3..=7 {
        enter(
            &app,
            &game,
            &[
                ("went_out", "Ben"),
                ("points.Ann", "5"),
                ("points.Cy", "5"),
                ("points.Di", "5"),
            ],
        )
        .await;
    }
    let state = state(&app, &game).await;
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"Ann": 0, "Ben": 35, "Cy": 12, "Di": -10})
    );
    assert_eq!(
        state["rounds"][1]["points"],
        json!({"Ann": -50, "Ben": 20, "Cy": 20, "Di": 20})
    );
    assert_eq!(state["buys"]["Ben"], 1);
    // Ann -50 + 25 = -25, Ben 55, Cy 12 + 20 + 25 = 57, Di -10 + 20 + 25 = 35.
    // Ann is lowest and collects 80 + 82 + 60 = 222.
    assert_settled(
        &state,
        json!({"Ann": -25, "Ben": 55, "Cy": 57, "Di": 35}),
        json!([222, -80, -82, -60]),
        json!([1, 3, 4, 2]),
    );
}

#[tokio::test]
async fn may_i_game_through_the_forms_counts_its_25_point_joker() {
    let app = TestApp::new().await;
    let game = create(&app, json!({"rules": "may-i", "players": ["A", "B", "C"]})).await;
    for _ in 1..=6 {
        // Joker 25 + 5 = 30 for C.
        enter(
            &app,
            &game,
            &[("went_out", "A"), ("points.B", "10"), ("cards.C", "JK 5D")],
        )
        .await;
    }
    enter(
        &app,
        &game,
        &[
            ("went_out", "C"),
            ("points.A", "7"),
            ("points.B", "3"),
            ("buys.A", "3"),
        ],
    )
    .await;
    let state = state(&app, &game).await;
    assert_eq!(state["rounds"][0]["points"]["C"], 30);
    // A 7, B 63, C 180: A collects 56 + 173.
    assert_settled(
        &state,
        json!({"A": 7, "B": 63, "C": 180}),
        json!([229, -56, -173]),
        json!([1, 2, 3]),
    );
}

#[tokio::test]
async fn shanghai_game_through_the_forms_counts_as_jk_7h_as_75() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "shanghai", "players": ["A", "B", "C"], "cents_per_point": 2}),
    )
    .await;
    let form = app.get(&game.new_form()).await;
    assert!(
        form.body
            .contains("Buys <span class=\"hint\">(at most 2)</span>")
    );
    enter(
        &app,
        &game,
        &[
            ("went_out", "C"),
            ("cards.A", "AS JK 7H"),
            ("points.B", "20"),
            ("buys.A", "2"),
        ],
    )
    .await;
    for _ in 2..=7 {
        enter(
            &app,
            &game,
            &[("went_out", "B"), ("points.A", "10"), ("points.C", "5")],
        )
        .await;
    }
    let state = state(&app, &game).await;
    assert_eq!(state["rounds"][0]["points"]["A"], 75, "A 20, joker 50, 7 5");
    assert_eq!(state["rounds"][0]["entry"]["cards"]["A"], "AS JK 7H");
    // A 135, B 20, C 30: B collects 115 and 10 points at 2 cents.
    assert_settled(
        &state,
        json!({"A": 135, "B": 20, "C": 30}),
        json!([-230, 250, -20]),
        json!([3, 1, 2]),
    );
    // The correction form shows the stored cards with their count.
    let edit = app.get(&game.edit(1)).await;
    assert_eq!(edit.status, StatusCode::OK);
    assert_eq!(input_value(&edit.body, "cards.A"), "AS JK 7H");
    assert!(player_part(&edit.body, 0).contains("A♠ Joker 7♥ = 75 points"));
}

#[tokio::test]
async fn shanghai_powe_game_through_the_forms_plays_eight_rounds() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "shanghai-powe", "players": ["A", "B", "C"]}),
    )
    .await;
    for _ in 1..=7 {
        enter(
            &app,
            &game,
            &[("went_out", "B"), ("points.A", "15"), ("points.C", "10")],
        )
        .await;
    }
    let form = app.get(&game.new_form()).await;
    assert!(form.body.contains("<h1>Round 8 of 8</h1>"));
    assert!(form.body.contains("Contract: 3 runs of 4"));
    enter(
        &app,
        &game,
        &[("went_out", "A"), ("points.B", "5"), ("points.C", "10")],
    )
    .await;
    // A 105, B 5, C 80: B collects 100 + 75.
    assert_settled(
        &state(&app, &game).await,
        json!({"A": 105, "B": 5, "C": 80}),
        json!([-100, 175, -75]),
        json!([3, 1, 2]),
    );
}

#[tokio::test]
async fn shanghai_kolsov_game_through_the_forms_plays_ten_contracts() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "shanghai-kolsov", "players": ["A", "B", "C"]}),
    )
    .await;
    for _ in 1..=10 {
        // 2 and 3 count 5 each in Shanghai.
        enter(
            &app,
            &game,
            &[("went_out", "C"), ("points.A", "5"), ("cards.B", "2C 3D")],
        )
        .await;
    }
    assert_settled(
        &state(&app, &game).await,
        json!({"A": 50, "B": 100, "C": 0}),
        json!([-50, -100, 150]),
        json!([2, 3, 1]),
    );
}

#[tokio::test]
async fn progressive_game_through_the_forms_buys_only_in_rounds_9_to_14() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "progressive", "players": ["A", "B", "C"]}),
    )
    .await;
    for n in 1..=15 {
        let form = app.get(&game.new_form()).await;
        assert_eq!(
            form.body.contains("name=\"buys.A\""),
            (9..=14).contains(&n),
            "round {n}: buys fields only where buying is allowed"
        );
        let buys: &[(&str, &str)] = match n {
            9..=11 => &[("buys.A", "1")],
            12 | 13 => &[("buys.B", "2")],
            14 => &[("buys.C", "1")],
            _ => &[],
        };
        let mut fields = vec![("went_out", "C"), ("points.A", "10"), ("points.B", "5")];
        fields.extend_from_slice(buys);
        enter(&app, &game, &fields).await;
    }
    let state = state(&app, &game).await;
    assert_eq!(state["buys"], json!({"A": 3, "B": 4, "C": 1}));
    // Places: C first receives 2 + 4, B second pays 2, A third pays 4; the kitty of 8 buys at
    // 1 cent goes to C, who paid 1 of it: A -4 -3, B -2 -4, C +6 +8 -1.
    assert_settled(
        &state,
        json!({"A": 150, "B": 75, "C": 0}),
        json!([-7, -6, 13]),
        json!([3, 2, 1]),
    );
}

#[tokio::test]
async fn continental_game_through_the_forms_enters_the_winning_hand_and_its_bonuses() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "continental", "players": ["A", "B", "C", "D"],
               "options": {"hands": 2, "one_suit_bonus": true, "turn_bonuses": true},
               "cents_per_unit": 5}),
    )
    .await;
    let form = app.get(&game.new_form()).await;
    assert!(form.body.contains("Who won the hand?"));
    assert!(form.body.contains("name=\"jokers\""));
    assert!(form.body.contains("name=\"first_turn\""));
    assert!(form.body.contains("name=\"second_turn\""));
    assert!(form.body.contains("name=\"one_suit\""));
    assert!(
        !form.body.contains("name=\"no_wilds\""),
        "2s are not wild in this game"
    );
    assert!(
        !form.body.contains("name=\"points."),
        "Continental is scored in units"
    );
    // 1 + 2 per joker + 10 for one suit = 13 units from each of three players.
    enter(
        &app,
        &game,
        &[("went_out", "B"), ("jokers", "1"), ("one_suit", "on")],
    )
    .await;
    // 1 + 10 for going out on the first turn = 11.
    enter(
        &app,
        &game,
        &[("went_out", "D"), ("jokers", "0"), ("first_turn", "on")],
    )
    .await;
    let state = state(&app, &game).await;
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"A": -13, "B": 39, "C": -13, "D": -13})
    );
    assert_settled(
        &state,
        json!({"A": -24, "B": 28, "C": -24, "D": 20}),
        json!([-120, 140, -120, 100]),
        json!([3, 1, 3, 2]),
    );
}

#[tokio::test]
async fn rommee_game_through_the_forms_doubles_with_hand_rommee() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "rommee", "players": ["A", "B", "C"],
               "options": {"rounds": 2, "joker_points": 50}, "cents_per_point": 1}),
    )
    .await;
    let form = app.get(&game.new_form()).await;
    assert!(form.body.contains("name=\"hand_rommee\""));
    assert!(!form.body.contains("Contract:"), "Rommé has no contracts");
    assert!(
        form.body
            .contains("No contract: the first meld must be worth at least 40 points.")
    );
    enter(
        &app,
        &game,
        &[
            ("went_out", "B"),
            ("cards.A", "JK 5H"),
            ("points.C", "10"),
            ("hand_rommee", "on"),
        ],
    )
    .await;
    // A 11 + K 10 = 21 for B.
    enter(
        &app,
        &game,
        &[("went_out", "C"), ("points.A", "7"), ("cards.B", "AS KS")],
    )
    .await;
    let state = state(&app, &game).await;
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"A": 110, "B": 0, "C": 20}),
        "(50 + 5) x 2 and 10 x 2"
    );
    // Sum 158; net = 158 - 3 x total.
    assert_settled(
        &state,
        json!({"A": 117, "B": 21, "C": 20}),
        json!([-193, 95, 98]),
        json!([3, 2, 1]),
    );
}

#[tokio::test]
async fn hollywood_game_through_the_forms_for_two_players() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "hollywood", "players": ["A", "B"], "options": {"contracts": 4},
               "cents_per_point": 10}),
    )
    .await;
    enter(&app, &game, &[("went_out", "A"), ("points.B", "25")]).await;
    // Ace, 2 and joker count 15 each.
    enter(&app, &game, &[("went_out", "B"), ("cards.A", "AS 2S JK")]).await;
    // Seed 003: the discards are reshuffled when the stock runs out, so every round has a
    // winner: a round nobody won is refused with the sentence beside the field.
    let page = refused(
        &app,
        &game,
        &[("went_out", ""), ("points.A", "5"), ("points.B", "5")],
    )
    .await;
    assert!(
        text(&page.body).contains("Say who went out: in this game every round has a winner."),
        "{}",
        page.body
    );
    enter(&app, &game, &[("went_out", "B"), ("points.A", "5")]).await;
    enter(&app, &game, &[("went_out", "A"), ("points.B", "10")]).await;
    let state = state(&app, &game).await;
    assert_eq!(state["rounds"][1]["points"]["A"], 45);
    assert_settled(
        &state,
        json!({"A": 50, "B": 35}),
        json!([-150, 150]),
        json!([2, 1]),
    );
}

// ---------------------------------------------------------------------------------------------
// Errors next to their fields, nothing typed lost
// ---------------------------------------------------------------------------------------------

async fn shanghai(app: &TestApp) -> Game {
    create(
        app,
        json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await
}

/// A Shanghai game of Ann, Ben and Cy with two rounds entered (version 2).
async fn shanghai_after_two_rounds(app: &TestApp) -> Game {
    let game = shanghai(app).await;
    for _ in 0..2 {
        enter(
            app,
            &game,
            &[
                ("went_out", "Cy"),
                ("points.Ann", "5"),
                ("points.Ben", "10"),
            ],
        )
        .await;
    }
    game
}

#[tokio::test]
async fn missing_points_are_a_422_with_the_sentence_next_to_the_player_and_the_cards_counted() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    let response = refused(
        &app,
        &game,
        &[
            ("went_out", "Cy"),
            ("cards.Ann", "AS JK 7H"),
            ("points.Ben", ""),
        ],
    )
    .await;
    let ben = player_part(&response.body, 1);
    assert!(
        ben.contains("Enter Ben's points or the cards left in Ben's hand."),
        "{ben}"
    );
    let ann = player_part(&response.body, 0);
    assert!(!ann.contains("field-error"), "{ann}");
    assert!(
        ann.contains("value=\"AS JK 7H\""),
        "the cards typed are kept"
    );
    assert!(ann.contains("A♠ Joker 7♥ = 75 points"), "{ann}");
    assert!(
        response
            .body
            .contains("<input type=\"radio\" id=\"w2\" name=\"went_out\" value=\"Cy\" checked>")
    );
    assert!(response.body.contains("Please correct the marked field."));
    assert_no_inline_script_or_style(&response.body);
    assert_eq!(state(&app, &game).await["rounds"], json!([]));
}

#[tokio::test]
async fn buys_over_the_limit_are_a_422_next_to_that_players_buys() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    let response = refused(
        &app,
        &game,
        &[
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "20"),
            ("buys.Ben", "3"),
        ],
    )
    .await;
    let ben = player_part(&response.body, 1);
    let error = section(&ben, "id=\"b1-error\"", "</p>");
    assert!(error.contains("Ben"), "{ben}");
    assert!(error.contains("3"), "{error}");
    assert!(error.contains("2"), "{error}: the limit");
    assert_eq!(input_value(&response.body, "buys.Ben"), "3");
    assert!(!player_part(&response.body, 0).contains("field-error"));
}

#[tokio::test]
async fn one_player_goes_out_by_construction_and_two_are_refused() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    let form = app.get(&game.new_form()).await;
    assert_eq!(
        form.body.matches("type=\"radio\" ").count(),
        form.body.matches("name=\"went_out\"").count()
    );
    // One radio button per player, and "nobody" for a stock that ran out.
    assert_eq!(form.body.matches("name=\"went_out\"").count(), 4);
    assert!(
        form.body
            .contains("value=\"\"><span>Nobody: the stock ran out</span>")
    );
    let response = refused(
        &app,
        &game,
        &[("went_out", "Ann"), ("went_out", "Ben"), ("points.Cy", "5")],
    )
    .await;
    let part = text(section(
        &response.body,
        "class=\"panel went-out\"",
        "</fieldset>",
    ));
    assert!(
        part.contains("Only one player can go out; choose one."),
        "{part}"
    );
    // Nothing chosen where the round can have no winner: asked to choose, not taken as
    // "nobody".
    let contract = create(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    let response = refused(
        &app,
        &contract,
        &[("points.Ann", "1"), ("points.Ben", "2"), ("points.Cy", "3")],
    )
    .await;
    let part = text(section(
        &response.body,
        "class=\"panel went-out\"",
        "</fieldset>",
    ));
    assert!(part.contains("Choose who went out, or nobody"), "{part}");
}

#[tokio::test]
async fn bad_inputs_are_422_sentences_never_500() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    let cases: &[(&[(&str, &str)], &str)] = &[
        (
            &[
                ("went_out", "Zed"),
                ("points.Ann", "1"),
                ("points.Ben", "2"),
            ],
            "There is no player \"Zed\" in this game; the players are Ann, Ben and Cy.",
        ),
        (
            &[
                ("went_out", "Cy"),
                ("points.Ann", "abc"),
                ("points.Ben", "2"),
            ],
            "Points must be a whole number, not \"abc\".",
        ),
        (
            &[
                ("went_out", "Cy"),
                ("cards.Ann", "5H 11H"),
                ("points.Ben", "2"),
            ],
            "unknown card \"11H\"",
        ),
        (
            &[
                ("went_out", "Cy"),
                ("points.Ann", "-4"),
                ("points.Ben", "2"),
            ],
            "Ann's points must be 0 to 10000, not -4.",
        ),
        (
            &[
                ("went_out", "Cy"),
                ("points.Zed", "4"),
                ("points.Ann", "1"),
                ("points.Ben", "2"),
            ],
            "There is no player \"Zed\"",
        ),
        (
            &[
                ("went_out", "Cy"),
                ("points.Ann", "1"),
                ("cards.Ann", "5H"),
                ("points.Ben", "2"),
            ],
            "Give either points or cards for Ann, not both.",
        ),
        (
            &[
                ("went_out", "Cy"),
                ("points.Cy", "7"),
                ("points.Ann", "1"),
                ("points.Ben", "2"),
            ],
            "Cy went out and scores 0",
        ),
    ];
    for (fields, sentence) in cases {
        let response = refused(&app, &game, fields).await;
        assert!(
            text(&response.body).contains(sentence),
            "{fields:?}: {sentence} not in {}",
            response.body
        );
    }
    // Text in the unknown-card field is shown back as typed, escaped.
    let response = refused(
        &app,
        &game,
        &[
            ("went_out", "Cy"),
            ("cards.Ann", "<script>"),
            ("points.Ben", "2"),
        ],
    )
    .await;
    assert!(response.body.contains("value=\"&#60;script&#62;\""));
    assert!(!response.body.contains("<script>"));
    assert_eq!(state(&app, &game).await["version"], 0);

    // A form without its version, or with an absurd key: 400 with a sentence.
    let response = post(&app, &game.rounds(), &[("went_out", "Cy")]).await;
    response.assert_page_refused(StatusCode::BAD_REQUEST, "This form is incomplete.");
    let long = "k".repeat(201);
    let response = post(
        &app,
        &game.rounds(),
        &[("version", "0"), ("key", &long), ("went_out", "Cy")],
    )
    .await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    // Not a round of this game.
    for path in [
        game.edit(1),
        game.edit(0),
        format!("{}/x/edit", game.rounds()),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
        assert!(response.is_html());
    }
    let response = post(
        &app,
        &game.round(3),
        &[("version", "0"), ("went_out", "Cy")],
    )
    .await;
    response.assert_page_refused(StatusCode::NOT_FOUND, "Round 3 has not been entered yet");
}

// ---------------------------------------------------------------------------------------------
// Corrections, history, undo, end and resume
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_correction_changes_the_totals_and_appears_in_the_history() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    enter(
        &app,
        &game,
        &[
            ("went_out", "Cy"),
            ("cards.Ann", "AS JK 7H"),
            ("points.Ben", "20"),
        ],
    )
    .await;
    enter(
        &app,
        &game,
        &[("went_out", "Ann"), ("points.Ben", "5"), ("points.Cy", "5")],
    )
    .await;
    // The correction form is filled with what is stored.
    let edit = app.get(&game.edit(1)).await;
    assert_eq!(edit.status, StatusCode::OK);
    assert!(edit.body.contains("<h1>Correct round 1</h1>"));
    assert!(edit.body.contains(&format!("action=\"{}\"", game.round(1))));
    assert!(edit.body.contains("value=\"Cy\" checked"));
    assert_eq!(input_value(&edit.body, "points.Ben"), "20");
    assert_eq!(input_value(&edit.body, "cards.Ann"), "AS JK 7H");
    assert!(edit.body.contains("Save the correction of round 1"));
    // Ben went out, not Cy.
    let response = submit(
        &app,
        &game.edit(1),
        &game.round(1),
        &[
            ("went_out", "Ben"),
            ("cards.Ann", "AS JK 7H"),
            ("points.Cy", "10"),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    assert_eq!(response.header("location"), game.page());
    let now = state(&app, &game).await;
    assert_eq!(now["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(
        now["rounds"][0]["points"],
        json!({"Ann": 75, "Ben": 0, "Cy": 10})
    );
    assert_eq!(now["totals"], json!({"Ann": 75, "Ben": 5, "Cy": 15}));

    let history = app.get(&format!("/games/{}/history", game.id)).await;
    assert_eq!(history.status, StatusCode::OK);
    let body = text(&history.body);
    // Newest first: the correction, then round 2, then round 1.
    let correct = body.find("Round 1 corrected").expect("correction listed");
    let second = body.find("Round 2 entered").expect("round 2 listed");
    let first = body.find("Round 1 entered").expect("round 1 listed");
    assert!(correct < second && second < first);
    let item = section(&body, "Round 1 corrected", "Round 2 entered");
    assert!(item.contains("Went out: Cy → Ben"), "{item}");
    assert!(
        item.contains(
            "<tr class=\"changed\"><th scope=\"row\"><bdi>Ben</bdi></th><td>20</td><td>0</td></tr>"
        ),
        "{item}"
    );
    assert!(item.contains("<td>0</td><td>10</td>"), "Cy 0 → 10: {item}");
    assert!(item.contains("A♠ Joker 7♥ = 75 points"), "{item}");
    assert!(item.contains(" UTC</time>"), "{item}");
    assert!(item.contains(&format!("href=\"{}\"", game.edit(1))));
    assert_no_inline_script_or_style(&history.body);
}

#[tokio::test]
async fn undo_removes_the_last_round_once_even_when_the_button_is_tapped_twice() {
    let app = TestApp::new().await;
    let game = shanghai_after_two_rounds(&app).await;
    let key = app.form_key(&game.action("undo"));
    let fields = [("version", "2"), ("key", key.as_str())];
    for _ in 0..2 {
        let response = post(&app, &game.action("undo"), &fields).await;
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
        // The game page then says which round was undone and offers to redo it.
        assert_eq!(
            response.header("location"),
            format!("{}?undone=2", game.page())
        );
    }
    let now = state(&app, &game).await;
    assert_eq!(now["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(now["version"], 3);
    // A stale undo (another key, the old version) removes nothing: 409 with a retry button.
    let response = post(
        &app,
        &game.action("undo"),
        &[
            ("version", "2"),
            ("key", &app.form_key(&game.action("undo"))),
        ],
    )
    .await;
    response.assert_page_refused(StatusCode::CONFLICT, "changed on another phone meanwhile");
    assert!(
        response
            .body
            .contains(&format!("action=\"{}\"", game.action("undo")))
    );
    assert_eq!(input_value(&response.body, "version"), "3");
    assert!(response.body.contains("Round 1 as saved now"));
    assert_no_inline_script_or_style(&response.body);
    assert_eq!(
        state(&app, &game).await["rounds"].as_array().unwrap().len(),
        1
    );
    // Then the last round goes; with none left, undo is a 422 with a sentence.
    let response = post(&app, &game.action("undo"), &[("version", "3")]).await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    let response = post(&app, &game.action("undo"), &[("version", "4")]).await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(response.is_html());
    assert!(response.body.contains("Nothing was done."));
    let history = app.get(&format!("/games/{}/history", game.id)).await;
    assert_eq!(history.body.matches("undone</h2>").count(), 2);
}

#[tokio::test]
async fn ending_early_settles_and_resuming_takes_it_back() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    let response = post(&app, &game.action("end"), &[("version", "0")]).await;
    assert_eq!(
        response.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no round yet"
    );
    enter(
        &app,
        &game,
        &[
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "20"),
        ],
    )
    .await;
    let response = post(
        &app,
        &game.action("end"),
        &[
            ("version", "1"),
            ("key", &app.form_key(&game.action("end"))),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    let now = state(&app, &game).await;
    assert_eq!(
        (now["ended_early"].clone(), now["finished"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(now["settlement"]["net_cents"], json!([-10, -20, 30]));
    // The form of a next round leads back to the game.
    assert_eq!(
        app.get(&game.new_form()).await.status,
        StatusCode::SEE_OTHER
    );
    let response = post(
        &app,
        &game.action("resume"),
        &[
            ("version", "2"),
            ("key", &app.form_key(&game.action("resume"))),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    let now = state(&app, &game).await;
    assert_eq!(now["ended_early"], false);
    assert_eq!(now["next_round"]["round"], 2);
    let history = text(&app.get(&format!("/games/{}/history", game.id)).await.body);
    assert!(history.contains("Game ended early"));
    assert!(history.contains("Game resumed"));
}

// ---------------------------------------------------------------------------------------------
// The game page's undo, end and resume forms through the outbox
// ---------------------------------------------------------------------------------------------

/// The form with id `id` on a page: its action and its fields (hidden inputs), as a browser
/// (or outbox.js) would post them.
fn page_form(body: &str, id: &str) -> (String, Vec<(String, String)>) {
    let start = body
        .find(&format!(" id=\"{id}\""))
        .map(|at| body[..at].rfind("<form").expect("the id is a form's"))
        .unwrap_or_else(|| panic!("no form {id}"));
    let form = &body[start..start + body[start..].find("</form>").unwrap()];
    let tag = &form[..form.find('>').unwrap()];
    assert!(
        tag.contains(" data-outbox "),
        "{id} does not opt in to the outbox: {tag}"
    );
    assert!(tag.contains(" data-outbox-label=\""), "{tag}");
    let action = attr(tag, "action");
    let fields = form
        .match_indices("<input type=\"hidden\"")
        .map(|(at, _)| {
            let input = &form[at..at + form[at..].find('>').unwrap()];
            (attr(input, "name"), attr(input, "value"))
        })
        .collect();
    (action, fields)
}

/// The value of attribute `name` in an HTML tag.
fn attr(tag: &str, name: &str) -> String {
    let pattern = format!(" {name}=\"");
    let start = tag
        .find(&pattern)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + pattern.len();
    tag[start..start + tag[start..].find('"').unwrap()].to_owned()
}

/// Posts a form's fields as they are.
async fn post_fields(app: &TestApp, action: &str, fields: &[(String, String)]) -> TestResponse {
    let fields = crate::common::pairs(fields);
    post(app, action, &fields).await
}

#[tokio::test]
async fn the_game_pages_undo_end_and_resume_use_the_outbox_and_a_retry_changes_nothing_more() {
    let app = TestApp::new().await;
    let game = shanghai_after_two_rounds(&app).await;
    let page = app.get(&game.page()).await.body;
    assert!(page.contains(&format!(
        "<script src=\"{}\" defer></script>",
        kontrakt::web::assets::url("outbox.js")
    )));
    assert!(page.contains("data-outbox-status hidden"));
    assert_no_inline_script_or_style(&page);
    // The undo form is on the confirm page the game page's undo button leads to.
    assert!(page.contains(&format!("href=\"{}\"", game.action("undo"))));
    let confirm = app.get(&game.action("undo")).await.body;
    assert!(confirm.contains(&format!(
        "<script src=\"{}\" defer></script>",
        kontrakt::web::assets::url("outbox.js")
    )));
    assert!(confirm.contains("data-outbox-status hidden"));
    assert_no_inline_script_or_style(&confirm);
    let (undo, undo_fields) = page_form(&confirm, "undo-form");
    assert_eq!(undo, game.action("undo"));
    let names: Vec<&str> = undo_fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(names, ["version", "key"]);
    assert!(
        undo_fields[1].1.len() == 65,
        "a fresh idempotency key, signed"
    );

    // The outbox sends the kept form again (the first answer was lost): one round goes.
    for _ in 0..3 {
        let response = post_fields(&app, &undo, &undo_fields).await;
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
        assert_eq!(
            response.header("location"),
            format!("{}?undone=2", game.page())
        );
    }
    let now = state(&app, &game).await;
    assert_eq!(now["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(now["version"], 3);

    // A retry that arrives after the table moved on still changes nothing.
    enter(
        &app,
        &game,
        &[
            ("went_out", "Ann"),
            ("points.Ben", "5"),
            ("points.Cy", "10"),
        ],
    )
    .await;
    let response = post_fields(&app, &undo, &undo_fields).await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    let now = state(&app, &game).await;
    assert_eq!(now["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(now["version"], 4);

    // End early from the confirm page the game page's button leads to, twice: ended once.
    let page = app.get(&game.page()).await.body;
    assert!(page.contains(&format!("href=\"{}\"", game.action("end"))));
    let confirm = app.get(&game.action("end")).await.body;
    let (end, end_fields) = page_form(&confirm, "undo-form");
    assert_eq!(end, game.action("end"));
    for _ in 0..2 {
        let response = post_fields(&app, &end, &end_fields).await;
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    }
    let now = state(&app, &game).await;
    assert_eq!(
        (now["ended_early"].clone(), now["version"].clone()),
        (json!(true), json!(5))
    );

    // Resume from the page, twice: resumed once; the old end form, once more, ends nothing.
    let page = app.get(&game.page()).await.body;
    let (resume, resume_fields) = page_form(&page, "resume-form");
    assert_eq!(resume, game.action("resume"));
    for _ in 0..2 {
        let response = post_fields(&app, &resume, &resume_fields).await;
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    }
    let response = post_fields(&app, &end, &end_fields).await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    let now = state(&app, &game).await;
    assert_eq!(
        (now["ended_early"].clone(), now["version"].clone()),
        (json!(false), json!(6))
    );

    let history = text(&app.get(&format!("/games/{}/history", game.id)).await.body);
    assert_eq!(history.matches("undone</h2>").count(), 1, "{history}");
    assert_eq!(history.matches("Game ended early").count(), 1);
    assert_eq!(history.matches("Game resumed").count(), 1);

    // The read-only page has no forms and no outbox.
    let view = app.get(&format!("/view/{}", game.view)).await.body;
    assert!(!view.contains("data-outbox"));
    assert!(!view.contains("outbox.js"));
}

// ---------------------------------------------------------------------------------------------
// Double submits and conflicts
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_same_key_twice_creates_one_round_and_answers_the_same_redirect() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    let form = app.get(&game.new_form()).await;
    let (version, key) = hidden(&form.body);
    assert_eq!(key.len(), 65);
    let fields = [
        ("version", version.as_str()),
        ("key", key.as_str()),
        ("went_out", "Cy"),
        ("points.Ann", "10"),
        ("points.Ben", "20"),
    ];
    // Double tap, then the back button and a retry.
    for _ in 0..3 {
        let response = post(&app, &game.rounds(), &fields).await;
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
        assert_eq!(response.header("location"), game.page());
    }
    let now = state(&app, &game).await;
    assert_eq!(now["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(now["version"], 1);
    // The redirect leads to the game page, which links the correction form of the round.
    let page = app.get(&game.page()).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&game.edit(1)), "{}", page.body);
    // A new rendering of the form has a new key.
    let again = app.get(&game.new_form()).await;
    assert_ne!(hidden(&again.body).1, key);
}

#[tokio::test]
async fn two_phones_entering_the_same_round_the_second_gets_a_409_with_its_entries_kept() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    let phone_a = app.get(&game.new_form()).await;
    let phone_b = app.get(&game.new_form()).await;
    let (va, ka) = hidden(&phone_a.body);
    let (vb, kb) = hidden(&phone_b.body);
    let saved = post(
        &app,
        &game.rounds(),
        &[
            ("version", &va),
            ("key", &ka),
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "20"),
        ],
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    let round_b = input_value(&phone_b.body, "round");
    assert_eq!(round_b, "1");
    let late = post(
        &app,
        &game.rounds(),
        &[
            ("version", &vb),
            ("key", &kb),
            ("round", &round_b),
            ("went_out", "Ann"),
            ("points.Ben", "15"),
            ("cards.Cy", "KH <i>"),
        ],
    )
    .await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
    assert!(late.is_html());
    let body = text(&late.body);
    // Who saved it is not known: never "someone else" (it may be this phone, before Back).
    assert!(
        body.contains(
            "Round 1 was saved meanwhile, on another phone or on this one before going back."
        ),
        "{body}"
    );
    assert!(body.contains("Round 1 as saved now"));
    // The sheet as it is: Ann 10, Ben 20, Cy 0.
    let brief = section(&body, "Round 1 as saved now", "</tr>");
    assert!(
        brief.contains("<td>10</td><td>20</td><td>0</td>"),
        "{brief}"
    );
    // The entries are kept, offered as a correction of round 1 with the current version.
    assert!(late.body.contains(&format!("action=\"{}\"", game.round(1))));
    assert_eq!(input_value(&late.body, "version"), "1");
    assert_ne!(input_value(&late.body, "key"), kb);
    assert!(late.body.contains("value=\"Ann\" checked"));
    assert_eq!(input_value(&late.body, "points.Ben"), "15");
    assert_eq!(input_value(&late.body, "cards.Cy"), "KH &#60;i&#62;");
    assert!(
        late.body.contains(&format!("href=\"{}\"", game.page())),
        "discard"
    );
    assert_no_inline_script_or_style(&late.body);
    // Nothing of phone B's was written.
    let now = state(&app, &game).await;
    assert_eq!(
        now["rounds"][0]["points"],
        json!({"Ann": 10, "Ben": 20, "Cy": 0})
    );

    // Phone B saves its entries as the correction.
    let version = input_value(&late.body, "version");
    let key = input_value(&late.body, "key");
    let response = post(
        &app,
        &game.round(1),
        &[
            ("version", &version),
            ("key", &key),
            ("went_out", "Ann"),
            ("points.Ben", "15"),
            ("cards.Cy", "KH"),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.body);
    let now = state(&app, &game).await;
    assert_eq!(
        now["rounds"][0]["points"],
        json!({"Ann": 0, "Ben": 15, "Cy": 10})
    );
    assert_eq!(now["rounds"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_correction_on_a_stale_version_is_a_409_and_writes_nothing() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    enter(
        &app,
        &game,
        &[
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "20"),
        ],
    )
    .await;
    let stale = app.get(&game.edit(1)).await;
    let (version, key) = hidden(&stale.body);
    enter(
        &app,
        &game,
        &[("went_out", "Ann"), ("points.Ben", "5"), ("points.Cy", "5")],
    )
    .await;
    let response = post(
        &app,
        &game.round(1),
        &[
            ("version", &version),
            ("key", &key),
            ("went_out", "Ben"),
            ("points.Ann", "3"),
            ("points.Cy", "4"),
        ],
    )
    .await;
    response.assert_page_refused(
        StatusCode::CONFLICT,
        "The game was changed on another phone meanwhile.",
    );
    assert_eq!(input_value(&response.body, "points.Cy"), "4");
    assert_eq!(input_value(&response.body, "version"), "2");
    assert_eq!(
        state(&app, &game).await["rounds"][0]["points"],
        json!({"Ann": 10, "Ben": 20, "Cy": 0})
    );
}

// ---------------------------------------------------------------------------------------------
// Languages, escaping, the read-only link, page rules
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_forms_and_their_errors_are_in_german_for_a_german_phone() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"]}),
    )
    .await;
    let form = app.get_in(&game.new_form(), "de-DE,de;q=0.9").await;
    assert!(form.body.contains("<html lang=\"de\">"));
    assert!(form.body.contains("<h1>Runde 1 von 7</h1>"));
    assert!(form.body.contains("Wer ist ausgegangen?"));
    assert!(form.body.contains("Niemand: der Stapel ist aufgebraucht"));
    assert!(form.body.contains("Di hat genau 41 Karten abgehoben: −50"));
    assert!(form.body.contains("Käufe"));
    assert!(form.body.contains("Runde 1 speichern"));
    let (version, key) = hidden(&form.body);
    let response = post_form(
        &app,
        &game.rounds(),
        &[
            ("version", &version),
            ("key", &key),
            ("went_out", "Ann"),
            ("cards.Ben", "DH JK"),
            ("points.Cy", "x"),
        ],
        "de",
    )
    .await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&response.body);
    // Cy's points and Di's missing entry are marked.
    assert!(
        body.contains("Bitte korrigiert die 2 markierten Felder."),
        "{body}"
    );
    assert!(player_part(&response.body, 1).contains("D♥ Joker = 25 Punkte"));
    assert!(player_part(&response.body, 2).contains("muss eine ganze Zahl sein, nicht „x“"));
    assert!(player_part(&response.body, 3).contains("Tragt die Punkte von Di ein"));
    let response = post_form(&app, &game.rounds(), &[("went_out", "Ann")], "de").await;
    response.assert_page_refused(
        StatusCode::BAD_REQUEST,
        "Dieses Formular ist unvollständig.",
    );
    let history = app
        .get_in(&format!("/games/{}/history", game.id), "de")
        .await;
    assert!(history.body.contains("<h1>Verlauf</h1>"));
    assert!(history.body.contains("Noch ist nichts eingetragen."));
}

#[tokio::test]
async fn a_player_named_like_markup_is_shown_escaped_everywhere() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "liverpool", "players": ["<b>x</b>", "Ben", "Cy", "Di\"'&"],
               "first_dealer": "Ben"}),
    )
    .await;
    let form = app.get(&game.new_form()).await;
    assert!(!form.body.contains("<b>x</b>"));
    assert!(form.body.contains("value=\"&#60;b&#62;x&#60;/b&#62;\""));
    assert!(
        form.body
            .contains("<span id=\"name-0\">&#60;b&#62;x&#60;/b&#62;</span>")
    );
    assert!(
        form.body
            .contains("&#60;b&#62;x&#60;/b&#62; cut exactly 41 cards")
    );
    assert!(!form.body.contains("Di\"'&"));
    enter(
        &app,
        &game,
        &[
            ("went_out", "<b>x</b>"),
            ("points.Ben", "4"),
            ("points.Cy", "2"),
            ("points.Di\"'&", "3"),
            ("cut_bonus", "on"),
        ],
    )
    .await;
    assert_eq!(
        state(&app, &game).await["rounds"][0]["points"],
        json!({"<b>x</b>": -50, "Ben": 4, "Cy": 2, "Di\"'&": 3})
    );
    for path in [
        game.edit(1),
        game.new_form(),
        format!("/games/{}/history", game.id),
    ] {
        let page = app.get(&path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(!page.body.contains("<b>x</b>"), "{path}");
        assert!(page.body.contains("&#60;b&#62;x&#60;/b&#62;"), "{path}");
    }
}

#[tokio::test]
async fn the_read_only_link_is_refused_on_every_round_route() {
    let app = TestApp::new().await;
    let game = shanghai(&app).await;
    enter(
        &app,
        &game,
        &[
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "20"),
        ],
    )
    .await;
    let view = Game {
        id: game.view.clone(),
        view: game.view.clone(),
    };
    let fields = [
        ("version", "1"),
        ("key", "spectator"),
        ("went_out", "Ann"),
        ("points.Ben", "1"),
        ("points.Cy", "1"),
    ];
    for path in [
        view.rounds(),
        view.round(1),
        view.action("undo"),
        view.action("end"),
        view.action("resume"),
    ] {
        let response = post(&app, &path, &fields).await;
        assert!(
            matches!(
                response.status,
                StatusCode::FORBIDDEN | StatusCode::NOT_FOUND
            ),
            "{path}: {}",
            response.status
        );
        assert!(response.is_html());
    }
    for path in [
        view.new_form(),
        view.edit(1),
        format!("/games/{}/history", view.id),
    ] {
        let response = app.get(&path).await;
        assert!(
            matches!(
                response.status,
                StatusCode::FORBIDDEN | StatusCode::NOT_FOUND
            ),
            "{path}: {}",
            response.status
        );
    }
    let now = state(&app, &game).await;
    assert_eq!(now["version"], 1);
    assert_eq!(
        now["rounds"][0]["points"],
        json!({"Ann": 10, "Ben": 20, "Cy": 0})
    );
    // An id that is no game at all: 404.
    let response = post(&app, "/games/nope/rounds", &fields).await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn round_pages_load_only_static_scripts_and_stay_small_for_big_tables() {
    let app = TestApp::new().await;
    let hollywood = create(
        &app,
        json!({"rules": "hollywood", "players": ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]}),
    )
    .await;
    let players: Vec<String> = (1..=12).map(|i| format!("Player {i}")).collect();
    let continental = create(
        &app,
        json!({"rules": "continental", "players": players,
               "options": {"turn_bonuses": true, "one_suit_bonus": true, "twos_wild": true}}),
    )
    .await;
    for game in [&hollywood, &continental] {
        let form = app.get(&game.new_form()).await;
        assert_eq!(form.status, StatusCode::OK);
        assert!(form.body.len() < 30 * 1024, "{} bytes", form.body.len());
        assert_no_inline_script_or_style(&form.body);
        for script in ["cards.js", "rounds.js", "outbox.js"] {
            assert!(form.body.contains(&format!(
                "<script src=\"{}\" defer></script>",
                kontrakt::web::assets::url(script)
            )));
        }
        assert!(form.body.contains(&format!(
            "<link rel=\"stylesheet\" href=\"{}\">",
            kontrakt::web::assets::url("rounds.css")
        )));
        assert!(form.body.contains("data-outbox"));
        assert!(form.body.contains("data-outbox-status hidden"));
        let history = app.get(&format!("/games/{}/history", game.id)).await;
        assert_no_inline_script_or_style(&history.body);
    }
    for file in ["rounds.js", "outbox.js", "rounds.css"] {
        let response = app.get(&format!("/static/{file}")).await;
        assert_eq!(response.status, StatusCode::OK, "{file}");
    }
    let form = app.get(&hollywood.new_form()).await;
    assert!(
        form.body
            .contains("data-penalty=\"15 15 3 4 5 6 7 8 9 10 10 10 10\"")
    );
    assert!(form.body.contains("data-joker=\"15\""));
}
