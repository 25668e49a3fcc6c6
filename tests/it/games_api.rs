//! The games JSON API through the router (docs/API.md "Games"): a full game of every rule set from
//! creation to settlement with hand-worked totals and money, corrections, undo, idempotent
//! repeats, stale versions, bad input and the read-only link. Each test has a fresh database.

use crate::common::Said::{Is, Starts};
use crate::common::{TestApp, assert_settled};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

/// A created game's edit id and read-only token.
struct Game {
    id: String,
    view: String,
}

impl Game {
    fn rounds(&self) -> String {
        format!("/api/v1/games/{}/rounds", self.id)
    }

    fn state(&self) -> String {
        format!("/api/v1/games/{}", self.id)
    }

    fn path(&self, action: &str) -> String {
        format!("/api/v1/games/{}/{action}", self.id)
    }
}

async fn create(app: &TestApp, body: Value) -> Game {
    let made = app.create_game(body).await;
    let (id, view) = (made.id, made.view);
    assert_eq!(made.response.json()["url"], format!("/games/{id}"));
    assert_eq!(
        made.response.header("location"),
        format!("/api/v1/games/{id}")
    );
    assert_ne!(id, view);
    Game { id, view }
}

/// The `action` of every row of a `GET …/history` answer, oldest first.
fn history_actions(history: &Value) -> Vec<&str> {
    history["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect()
}

/// Enters a round that must be accepted; returns the state.
async fn enter(app: &TestApp, game: &Game, round: Value) -> Value {
    app.enter_round(&game.id, round).await
}

/// Enters a round that must be refused with 4xx and a sentence; returns the body.
async fn refused(app: &TestApp, game: &Game, round: Value) -> Value {
    let response = app.post_json(&game.rounds(), &round).await;
    assert!(
        response.status.is_client_error(),
        "{round} was accepted: {}",
        response.body
    );
    let body = response.json();
    assert!(
        body["error"].as_str().is_some_and(|e| e.ends_with('.')),
        "{body}"
    );
    body
}

// ---------------------------------------------------------------------------------------------
// A full game of every rule set
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn liverpool_game_of_seven_rounds_from_api_example_to_settlement() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"],
               "first_dealer": "Ann", "options": {}, "cents_per_point": 1}),
    )
    .await;

    let fresh = app.get(&game.state()).await.json();
    assert_eq!(fresh["version"], 0);
    assert_eq!(fresh["rounds"], json!([]));
    assert_eq!(fresh["next_round"]["dealer"], "Ann");
    assert_eq!(fresh["next_round"]["cutter"], "Di");
    assert_eq!(fresh["next_round"]["cut_target"], 41);

    // docs/API.md's example round, answered with docs/API.md's example state.
    let state = enter(
        &app,
        &game,
        json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": 12},
               "cards": {"Di": "AS JK 10H"}, "cut_bonus": true, "buys": {"Ben": 1}}),
    )
    .await;
    assert_eq!(state["id"], game.id);
    assert_eq!(state["rules"], "liverpool");
    assert_eq!(state["players"], json!(["Ann", "Ben", "Cy", "Di"]));
    assert_eq!(state["version"], 1);
    let round = &state["rounds"][0];
    assert_eq!(round["round"], 1);
    assert_eq!(round["dealer"], "Ann");
    assert_eq!(round["cutter"], "Di");
    assert_eq!(round["contract"], "2 sets of 3");
    assert_eq!(
        round["points"],
        json!({"Ann": 0, "Ben": 35, "Cy": 12, "Di": -10})
    );
    assert_eq!(
        state["totals"],
        json!({"Ann": 0, "Ben": 35, "Cy": 12, "Di": -10})
    );
    let next = &state["next_round"];
    assert_eq!(next["round"], 2);
    assert_eq!(next["dealer"], "Ben");
    assert_eq!(next["cutter"], "Ann");
    assert_eq!(next["contract"], "1 set of 3 and 1 run of 4");
    assert_eq!(next["deal"], 10);
    assert_eq!(next["cut_target"], 41);
    assert_eq!(next["decks"], "2 decks + 3 jokers (107 cards)");
    assert_eq!(state["finished"], false);
    assert_eq!(state["settlement"], Value::Null);

    // Round 2: Ann cuts and goes out (0 - 50); rounds 3-7 without a cut bonus.
    for n in 2..=7 {
        let state = enter(
            &app,
            &game,
            json!({"went_out": "Ann", "points": {"Ben": 35, "Cy": 12},
                   "cards": {"Di": ["AS", "JK", "10H"]}, "cut_bonus": n == 2}),
        )
        .await;
        if n == 4 {
            assert_eq!(state["next_round"]["cut_target"], 49, "4 x 12 + 1");
            assert_eq!(state["next_round"]["dealer"], "Ann");
            assert_eq!(state["next_round"]["cutter"], "Di");
        }
    }
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["rounds"][1]["cutter"], "Ann");
    assert_eq!(
        state["rounds"][1]["points"],
        json!({"Ann": -50, "Ben": 35, "Cy": 12, "Di": 40})
    );
    // Ann -50, Ben 7 x 35 = 245, Cy 7 x 12 = 84, Di 7 x 40 - 50 = 230.
    // Ann is lowest and collects 295 + 134 + 280 = 709.
    assert_settled(
        &state,
        json!({"Ann": -50, "Ben": 245, "Cy": 84, "Di": 230}),
        json!([709, -295, -134, -280]),
        json!([1, 4, 2, 3]),
    );
    assert_eq!(
        state["settlement"]["transfers"],
        json!([{"from": "Ben", "to": "Ann", "cents": 295},
               {"from": "Di", "to": "Ann", "cents": 280},
               {"from": "Cy", "to": "Ann", "cents": 134}])
    );
    assert_eq!(state["version"], 7);
    assert_eq!(state["buys"]["Ben"], 1);

    let after = refused(&app, &game, json!({"went_out": "Ann"})).await;
    assert_eq!(
        after["error"],
        "All 7 rounds are entered and the game is over; to correct a round, give its number."
    );
}

#[tokio::test]
async fn contract_game_with_cards_and_a_round_nobody_won_settles_lowest_collects_at_5_cents() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"], "first_dealer": "Cy",
               "cents_per_point": 5}),
    )
    .await;
    let state = enter(
        &app,
        &game,
        json!({"went_out": "Ann", "cards": {"Ben": "KH QH 5S"}, "points": {"Cy": 12}}),
    )
    .await;
    assert_eq!(state["rounds"][0]["dealer"], "Cy");
    assert_eq!(state["rounds"][0]["cutter"], Value::Null);
    assert_eq!(state["next_round"]["dealer"], "Ann");
    assert_eq!(state["rounds"][0]["points"]["Ben"], 25);
    enter(
        &app,
        &game,
        json!({"went_out": null, "points": {"Ann": 3, "Ben": 4, "Cy": 5}}),
    )
    .await;
    let mut state = Value::Null;
    for _ in 3..=7 {
        state = enter(
            &app,
            &game,
            json!({"went_out": "Cy", "points": {"Ann": 10, "Ben": 2}}),
        )
        .await;
    }
    // Ann 3 + 50 = 53, Ben 25 + 4 + 10 = 39, Cy 12 + 5 = 17: Cy collects 36 and 22 points.
    assert_settled(
        &state,
        json!({"Ann": 53, "Ben": 39, "Cy": 17}),
        json!([-180, -110, 290]),
        json!([3, 2, 1]),
    );
    assert_eq!(state["leaders"], json!(["Cy"]));
}

#[tokio::test]
async fn may_i_game_settles_pairwise_when_the_table_chooses_it() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "may-i", "players": ["A", "B", "C", "D"], "settlement": "pairwise"}),
    )
    .await;
    for _ in 1..=6 {
        enter(
            &app,
            &game,
            json!({"went_out": "A", "points": {"B": 10, "C": 20, "D": 30}}),
        )
        .await;
    }
    let state = enter(
        &app,
        &game,
        json!({"went_out": "D", "points": {"A": 5, "B": 5, "C": 5}, "buys": {"A": 4}}),
    )
    .await;
    assert_eq!(state["scheme"], "pairwise");
    // Totals 5, 65, 125, 180 (sum 375): net = 375 - 4 x total.
    assert_settled(
        &state,
        json!({"A": 5, "B": 65, "C": 125, "D": 180}),
        json!([355, 115, -125, -345]),
        json!([1, 2, 3, 4]),
    );
    assert_eq!(
        state["settlement"]["transfers"],
        json!([{"from": "D", "to": "A", "cents": 345},
               {"from": "C", "to": "B", "cents": 115},
               {"from": "C", "to": "A", "cents": 10}])
    );
}

#[tokio::test]
async fn shanghai_game_counts_cards_with_its_table_and_allows_two_buys() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "shanghai", "players": ["A", "B", "C"], "cents_per_point": 2}),
    )
    .await;
    let state = enter(
        &app,
        &game,
        json!({"went_out": "C", "cards": {"A": "AS JK 7H"}, "points": {"B": 20},
               "buys": {"A": 2}}),
    )
    .await;
    assert_eq!(
        state["rounds"][0]["points"]["A"], 75,
        "ace 20, joker 50, 7 counts 5"
    );
    assert_eq!(state["rounds"][0]["entry"]["cards"]["A"], "AS JK 7H");
    let mut state = state;
    for _ in 2..=7 {
        state = enter(
            &app,
            &game,
            json!({"went_out": "C", "points": {"A": 10, "B": 20}}),
        )
        .await;
    }
    // A 75 + 60 = 135, B 140, C 0: C collects 275 points at 2 cents.
    assert_settled(
        &state,
        json!({"A": 135, "B": 140, "C": 0}),
        json!([-270, -280, 550]),
        json!([2, 3, 1]),
    );
}

#[tokio::test]
async fn shanghai_powe_game_plays_eight_rounds_and_tied_players_share_a_place() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "shanghai-powe", "players": ["A", "B", "C"]}),
    )
    .await;
    let mut state = Value::Null;
    for n in 1..=8 {
        state = enter(
            &app,
            &game,
            json!({"went_out": "B", "points": {"A": 15, "C": 15}}),
        )
        .await;
        if n == 7 {
            assert_eq!(state["next_round"]["contract"], "3 runs of 4");
            assert_eq!(state["next_round"]["go_out_all"], true);
        }
    }
    assert_settled(
        &state,
        json!({"A": 120, "B": 0, "C": 120}),
        json!([-120, 240, -120]),
        json!([2, 1, 2]),
    );
}

#[tokio::test]
async fn shanghai_kolsov_game_plays_ten_contracts() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "shanghai-kolsov", "players": ["A", "B", "C"]}),
    )
    .await;
    let names = ["A", "B", "C"];
    let mut state = Value::Null;
    for n in 0..10 {
        let winner = names[n % 3];
        let points: serde_json::Map<String, Value> = names
            .iter()
            .filter(|p| **p != winner)
            .map(|p| (p.to_string(), json!(10)))
            .collect();
        state = enter(&app, &game, json!({"went_out": winner, "points": points})).await;
        if n == 6 {
            assert_eq!(state["next_round"]["needs_more_than_dealt"], true);
            // The buying rule in both languages, as the contract and the decks.
            assert_eq!(
                state["next_round"]["buys_text_de"],
                "Kaufen ist erlaubt: höchstens 2 je Spieler in dieser Runde; wer kauft, nimmt zusätzlich 2 Karten vom Stapel."
            );
            assert_eq!(
                state["next_round"]["contract"],
                "1 set of 3 and 1 run of 10"
            );
        }
    }
    // A wins rounds 1, 4, 7, 10 and loses 6 x 10; B and C lose 7 x 10.
    assert_settled(
        &state,
        json!({"A": 60, "B": 70, "C": 70}),
        json!([20, -10, -10]),
        json!([1, 2, 2]),
    );
}

#[tokio::test]
async fn progressive_game_of_fifteen_contracts_pays_places_and_the_kitty() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "progressive", "players": ["A", "B", "C"]}),
    )
    .await;
    let mut state = Value::Null;
    for n in 1..=15 {
        let buys = match n {
            9..=11 => json!({"B": 1}),
            12 | 13 => json!({"C": 2}),
            14 => json!({"A": 1}),
            _ => json!({}),
        };
        state = enter(
            &app,
            &game,
            json!({"went_out": "A", "points": {"B": 10, "C": 5}, "buys": buys}),
        )
        .await;
    }
    assert_eq!(state["buys"], json!({"A": 1, "B": 3, "C": 4}));
    // Places: A first receives 2 + 4, C second pays 2, B third pays 4; the kitty of
    // 1 + 3 + 4 buys at 1 cent goes to A, who paid 1 of it.
    assert_settled(
        &state,
        json!({"A": 0, "B": 150, "C": 75}),
        json!([13, -7, -6]),
        json!([1, 3, 2]),
    );
    assert_eq!(state["scheme"], "places");
}

#[tokio::test]
async fn continental_game_of_two_hands_settles_units() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "continental", "players": ["A", "B", "C", "D"],
               "options": {"hands": 2, "one_suit_bonus": true}, "cents_per_unit": 5}),
    )
    .await;
    let state = enter(
        &app,
        &game,
        json!({"round": 1, "winner": "B", "jokers": 1, "first_turn": false,
               "second_turn": false, "one_suit": true, "no_wilds": false}),
    )
    .await;
    // 1 + 2 per joker + 10 for one suit = 13 units from each of three players.
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"A": -13, "B": 39, "C": -13, "D": -13})
    );
    assert_eq!(state["cents_per_unit"], 5);
    assert_eq!(state["next_round"]["deal"], 15);
    let state = enter(&app, &game, json!({"winner": "D"})).await;
    assert_settled(
        &state,
        json!({"A": -14, "B": 38, "C": -14, "D": -10}),
        json!([-70, 190, -70, -50]),
        json!([3, 1, 3, 2]),
    );
    assert_eq!(state["leaders"], json!(["B"]));
}

#[tokio::test]
async fn rommee_game_with_hand_rommee_settles_pairwise() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "rommee", "players": ["A", "B", "C"],
               "options": {"rounds": 2, "joker_points": 50}}),
    )
    .await;
    let state = enter(
        &app,
        &game,
        json!({"went_out": "B", "cards": {"A": "JK 5H"}, "points": {"C": 10},
               "hand_rommee": true}),
    )
    .await;
    assert_eq!(
        state["rounds"][0]["points"],
        json!({"A": 110, "B": 0, "C": 20}),
        "(50 + 5) x 2 and 10 x 2"
    );
    assert_eq!(state["rounds"][0]["contract"], Value::Null);
    let state = enter(
        &app,
        &game,
        json!({"went_out": "A", "points": {"B": 30, "C": 40}}),
    )
    .await;
    // Sum 200; net = 200 - 3 x total.
    assert_settled(
        &state,
        json!({"A": 110, "B": 30, "C": 60}),
        json!([-130, 110, 20]),
        json!([3, 1, 2]),
    );
}

#[tokio::test]
async fn hollywood_game_of_four_contracts_for_two_players() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "hollywood", "players": ["A", "B"], "options": {"contracts": 4},
               "cents_per_point": 10, "currency": "$"}),
    )
    .await;
    enter(&app, &game, json!({"went_out": "A", "points": {"B": 25}})).await;
    enter(&app, &game, json!({"went_out": "B", "points": {"A": 40}})).await;
    enter(&app, &game, json!({"went_out": "A", "points": {"B": 10}})).await;
    // The stock running out means the discards are reshuffled (seed 003): every Hollywood
    // round has a winner, so a round nobody won is refused.
    let answer = refused(
        &app,
        &game,
        json!({"went_out": null, "points": {"A": 5, "B": 5}}),
    )
    .await;
    assert_eq!(
        answer["fields"]["went_out"],
        "Say who went out: in this game every round has a winner."
    );
    let state = enter(&app, &game, json!({"went_out": "B", "points": {"A": 5}})).await;
    assert_eq!(state["of_rounds"], 4);
    assert_eq!(state["currency"], "$");
    assert_settled(
        &state,
        json!({"A": 45, "B": 35}),
        json!([-100, 100]),
        json!([2, 1]),
    );
}

// ---------------------------------------------------------------------------------------------
// Corrections, undo, repeats, conflicts, ending early
// ---------------------------------------------------------------------------------------------

async fn contract_game(app: &TestApp) -> Game {
    create(
        app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await
}

#[tokio::test]
async fn a_correction_replaces_the_round_totals_follow_and_the_history_keeps_both() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    enter(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await;
    enter(
        &app,
        &game,
        json!({"went_out": "Ben", "points": {"Ann": 5, "Cy": 5}}),
    )
    .await;
    let state = enter(
        &app,
        &game,
        json!({"round": 1, "version": 2, "went_out": "Cy", "points": {"Ann": 7, "Ben": 8}}),
    )
    .await;
    assert_eq!(state["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(state["totals"], json!({"Ann": 12, "Ben": 8, "Cy": 5}));
    assert_eq!(state["next_round"]["round"], 3);
    assert_eq!(state["version"], 3);

    let history = app.get(&game.path("history")).await.json();
    assert_eq!(history["count"], 3);
    let entries = history["history"].as_array().unwrap();
    let actions: Vec<&str> = entries
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["enter", "enter", "correct"]);
    let correction = &entries[2];
    assert_eq!(correction["round"], 1);
    assert_eq!(
        correction["before"]["points"],
        json!({"Ann": 0, "Ben": 10, "Cy": 20})
    );
    assert_eq!(correction["after"]["entry"]["went_out"], "Cy");
    assert_eq!(
        correction["after"]["points"],
        json!({"Ann": 7, "Ben": 8, "Cy": 0})
    );
}

#[tokio::test]
async fn undo_removes_the_last_round_and_a_stale_undo_is_refused() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    enter(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await;
    enter(
        &app,
        &game,
        json!({"went_out": "Ben", "points": {"Ann": 5, "Cy": 5}}),
    )
    .await;

    let stale = app
        .post_json(&game.path("undo"), &json!({"version": 1}))
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert_eq!(stale.json()["rounds"].as_array().unwrap().len(), 2);

    let undone = app
        .post_json(&game.path("undo"), &json!({"version": 2}))
        .await;
    assert_eq!(undone.status, StatusCode::OK, "{}", undone.body);
    let state = undone.json();
    assert_eq!(state["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(state["totals"], json!({"Ann": 0, "Ben": 10, "Cy": 20}));
    assert_eq!(state["next_round"]["round"], 2);
    assert_eq!(state["version"], 3);

    // Without a body: undo whatever is last.
    let undone = app
        .post_json_keyed(&game.path("undo"), String::new(), None)
        .await;
    assert_eq!(undone.status, StatusCode::OK, "{}", undone.body);
    let nothing = app
        .post_json_keyed(&game.path("undo"), String::new(), None)
        .await;
    nothing.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Is("There is no round to undo."),
    );
    let history = app.get(&game.path("history")).await.json();
    assert_eq!(history["history"][3]["action"], "undo");
    assert_eq!(history["history"][3]["round"], 1);
}

#[tokio::test]
async fn a_repeat_with_the_same_idempotency_key_returns_the_first_answer_and_enters_one_round() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    let body = json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}).to_string();
    let first = app
        .post_json_keyed(&game.rounds(), body.clone(), Some("tap-1"))
        .await;
    assert_eq!(first.status, StatusCode::OK);
    let again = app
        .post_json_keyed(&game.rounds(), body.clone(), Some("tap-1"))
        .await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body, first.body);
    assert_eq!(again.header("idempotent-replayed"), "true");
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(state["version"], 1);
    // A new key is a new round.
    let other = app
        .post_json_keyed(&game.rounds(), body, Some("tap-2"))
        .await;
    assert_eq!(other.json()["rounds"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn an_undo_end_or_resume_repeated_with_its_idempotency_key_happens_once() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    for (winner, others) in [
        ("Ann", json!({"Ben": 10, "Cy": 20})),
        ("Ben", json!({"Ann": 5, "Cy": 5})),
        ("Cy", json!({"Ann": 15, "Ben": 25})),
    ] {
        enter(&app, &game, json!({"went_out": winner, "points": others})).await;
    }

    // A retried undo (the answer was lost) must not take away a second round.
    let first = app
        .post_json_keyed(&game.path("undo"), String::new(), Some("undo-1"))
        .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.json()["rounds"].as_array().unwrap().len(), 2);
    let again = app
        .post_json_keyed(&game.path("undo"), String::new(), Some("undo-1"))
        .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.header("idempotent-replayed"), "true");
    assert_eq!(again.json()["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(
        again.json()["totals"],
        json!({"Ann": 5, "Ben": 10, "Cy": 25})
    );
    assert_eq!(again.json()["version"], 4);

    // The same for ending early and resuming: the repeat answers with the state, unchanged.
    let ended = app
        .post_json_keyed(&game.path("end"), String::new(), Some("end-1"))
        .await;
    assert_eq!(ended.json()["ended_early"], true);
    assert_eq!(ended.json()["version"], 5);
    let resumed = app
        .post_json_keyed(&game.path("resume"), String::new(), Some("resume-1"))
        .await;
    assert_eq!(resumed.json()["ended_early"], false);
    let end_again = app
        .post_json_keyed(&game.path("end"), String::new(), Some("end-1"))
        .await;
    assert_eq!(end_again.header("idempotent-replayed"), "true");
    assert_eq!(
        end_again.json()["ended_early"],
        false,
        "the repeat ended nothing"
    );
    assert_eq!(end_again.json()["version"], 6);

    // A new key is a new undo; the history holds each change once.
    let second = app
        .post_json_keyed(&game.path("undo"), String::new(), Some("undo-2"))
        .await;
    assert_eq!(second.json()["rounds"].as_array().unwrap().len(), 1);
    let history = app.get(&game.path("history")).await.json();
    let actions = history_actions(&history);
    // Ending and resuming are both "end" rows, told apart by what they left.
    assert_eq!(
        actions,
        ["enter", "enter", "enter", "undo", "end", "end", "undo"]
    );
    assert_eq!(history["history"][4]["after"]["ended_early"], true);
    assert_eq!(history["history"][5]["after"]["ended_early"], false);
}

#[tokio::test]
async fn a_stale_version_answers_409_with_the_current_state_and_writes_nothing() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    // Two phones load version 0; the first enters round 1.
    enter(
        &app,
        &game,
        json!({"version": 0, "went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await;
    let second = app
        .post_json(
            &game.rounds(),
            &json!({"version": 0, "went_out": "Ben", "points": {"Ann": 3, "Cy": 2}}),
        )
        .await;
    assert_eq!(second.status, StatusCode::CONFLICT);
    let body = second.json();
    assert_eq!(body["version"], 1);
    assert_eq!(body["rounds"][0]["went_out"], "Ann");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("The game was changed on another device")
    );
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["version"], 1);
    assert_eq!(state["totals"], json!({"Ann": 0, "Ben": 10, "Cy": 20}));
}

#[tokio::test]
async fn ending_early_settles_the_rounds_played_and_resuming_takes_it_back() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    let early = app.post_json(&game.path("end"), &json!({})).await;
    early.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Starts("No round has been entered yet"),
    );

    enter(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await;
    let ended = app
        .post_json(&game.path("end"), &json!({"version": 1}))
        .await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    let state = ended.json();
    assert_eq!(state["ended_early"], true);
    assert_settled(
        &state,
        json!({"Ann": 0, "Ben": 10, "Cy": 20}),
        json!([30, -10, -20]),
        json!([1, 2, 3]),
    );
    let more = refused(
        &app,
        &game,
        json!({"went_out": "Ben", "points": {"Ann": 1, "Cy": 1}}),
    )
    .await;
    assert_eq!(
        more["fields"]["round"],
        "The table ended this game early; resume it to enter more rounds."
    );
    // Corrections are still possible.
    enter(
        &app,
        &game,
        json!({"round": 1, "version": state["version"], "went_out": "Ann", "points": {"Ben": 12, "Cy": 20}}),
    )
    .await;
    let resumed = app.post_json(&game.path("resume"), &json!({})).await.json();
    assert_eq!(resumed["ended_early"], false);
    assert_eq!(resumed["finished"], false);
    assert_eq!(resumed["next_round"]["round"], 2);
    let history = app.get(&game.path("history")).await.json();
    let actions = history_actions(&history);
    assert_eq!(actions, ["enter", "end", "correct", "end"]);
}

// ---------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------

async fn refused_game(app: &TestApp, body: Value) -> Value {
    let response = app.post_json("/api/v1/games", &body).await;
    assert_eq!(
        response.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{body}: {}",
        response.body
    );
    response.json()
}

#[tokio::test]
async fn bad_set_ups_are_422_with_a_sentence_keyed_by_field() {
    let app = TestApp::new().await;
    let one = refused_game(&app, json!({"rules": "liverpool", "players": ["Ann"]})).await;
    assert_eq!(
        one["error"],
        "Liverpool Rummy is played by 3 to 5 players, not 1."
    );
    assert_eq!(one["fields"]["players"], one["error"]);

    let nine: Vec<String> = (1..=9).map(|i| format!("P{i}")).collect();
    let nine = refused_game(&app, json!({"rules": "hollywood", "players": nine})).await;
    assert_eq!(
        nine["error"],
        "Hollywood Rummy is played by 2 to 8 players, not 9."
    );

    let twice = refused_game(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ben", "ann"]}),
    )
    .await;
    assert_eq!(
        twice["fields"]["players"],
        "Two players are called \"ann\"; give each player a different name."
    );

    let empty = refused_game(
        &app,
        json!({"rules": "contract", "players": ["Ann", " ", "Cy"]}),
    )
    .await;
    assert_eq!(empty["fields"]["players"], "Player 2 has no name.");

    let rules = refused_game(
        &app,
        json!({"rules": "canasta", "players": ["A", "B", "C"]}),
    )
    .await;
    assert!(
        rules["fields"]["rules"]
            .as_str()
            .unwrap()
            .starts_with("Unknown rule set \"canasta\"")
    );

    let option = refused_game(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "options": {"jokerz": false}}),
    )
    .await;
    assert!(
        option["fields"]["options"]
            .as_str()
            .unwrap()
            .starts_with("Unknown option \"jokerz\" for contract")
    );

    let value = refused_game(
        &app,
        json!({"rules": "rommee", "players": ["A", "B"], "options": {"cards_dealt": 11}}),
    )
    .await;
    assert_eq!(
        value["fields"]["options"],
        "Option \"cards_dealt\" is 10, 13 or 15, not 11."
    );

    let dealer = refused_game(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "first_dealer": "Zed"}),
    )
    .await;
    assert_eq!(dealer["problems"][0]["code"], "unknown_first_dealer");

    let money = refused_game(
        &app,
        json!({"rules": "contract", "players": ["A", "B", "C"], "cents_per_point": -5}),
    )
    .await;
    assert!(money["fields"]["cents_per_point"].is_string());

    let scheme = refused_game(
        &app,
        json!({"rules": "progressive", "players": ["A", "B", "C"], "settlement": "pairwise"}),
    )
    .await;
    assert_eq!(
        scheme["fields"]["settlement"],
        "Settlement \"pairwise\" is not offered here; choose places."
    );
}

#[tokio::test]
async fn malformed_or_mistyped_json_is_4xx_with_a_sentence() {
    let app = TestApp::new().await;
    let broken = app
        .post_json_keyed("/api/v1/games", "{\"rules\": ", None)
        .await;
    broken.assert_refused(
        StatusCode::BAD_REQUEST,
        Starts("The request body is not valid JSON"),
    );
    let mistyped = app
        .post_json(
            "/api/v1/games",
            &json!({"rules": "contract", "players": "Ann"}),
        )
        .await;
    mistyped.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Starts("The JSON has a wrong or missing field"),
    );

    let game = contract_game(&app).await;
    let broken = app
        .post_json_keyed(&game.rounds(), "{\"went_out\": ", None)
        .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    let broken = app
        .post_json_keyed(&game.path("undo"), "{version: 1}", None)
        .await;
    broken.assert_refused(
        StatusCode::BAD_REQUEST,
        Starts("The request body is not valid JSON"),
    );
}

#[tokio::test]
async fn bad_rounds_are_refused_with_the_reason_next_to_the_field() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"]}),
    )
    .await;
    let unknown = refused(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 1, "Cy": 2, "Di": 3, "Zed": 4}}),
    )
    .await;
    assert_eq!(
        unknown["fields"]["points"],
        "There is no player \"Zed\" in this game; the players are Ann, Ben, Cy and Di."
    );
    let missing = refused(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 1, "Cy": 2}}),
    )
    .await;
    assert_eq!(
        missing["error"],
        "Enter Di's points or the cards left in Di's hand."
    );
    assert_eq!(missing["fields"]["Di"], missing["error"]);
    let winner = refused(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ann": 5, "Ben": 1, "Cy": 2, "Di": 3}}),
    )
    .await;
    assert_eq!(
        winner["fields"]["Ann"],
        "Ann went out and scores 0; leave Ann's points and cards empty."
    );
    let card = refused(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 1, "Cy": 2}, "cards": {"Di": "AS 11H"}}),
    )
    .await;
    assert_eq!(
        card["fields"]["Di"],
        "Di's cards: unknown card \"11H\". Write rank then suit, like 10H, QS, A♦ or JK: ranks A, 2–10, J, Q, K; suits C, D, H, S."
    );
    let order = refused(
        &app,
        &game,
        json!({"round": 3, "went_out": "Ann", "points": {"Ben": 1, "Cy": 2, "Di": 3}}),
    )
    .await;
    assert_eq!(
        order["error"],
        "Round 3 cannot be entered yet: round 1 is next."
    );
    let range = refused(
        &app,
        &game,
        json!({"round": 0, "went_out": "Ann", "points": {"Ben": 1, "Cy": 2, "Di": 3}}),
    )
    .await;
    assert_eq!(
        range["error"],
        "Round 0 does not exist: this game has rounds 1 to 7."
    );
    let rommee = refused(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 1, "Cy": 2, "Di": 3}, "hand_rommee": true}),
    )
    .await;
    assert_eq!(rommee["problems"][0]["field"], "hand_rommee");
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["version"], 0, "nothing was written");
}

#[tokio::test]
async fn each_problem_names_its_field_by_the_key_the_request_used() {
    let app = TestApp::new().await;
    let game = create(
        &app,
        json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"]}),
    )
    .await;
    let body = refused(
        &app,
        &game,
        json!({
            "went_out": "Ann",
            "points": {"Ben": "x"},
            "buys": {"Ben": 3, "Zed": 1},
            "jokers": 2,
        }),
    )
    .await;
    let mut fields: Vec<&str> = body["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["field"].as_str().expect("field"))
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        ["Ben", "Cy", "buys", "buys.Ben", "jokers"],
        "{body}"
    );
    let mut keys: Vec<&str> = body["fields"]
        .as_object()
        .expect("fields")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, fields);
    assert_eq!(
        body["fields"]["buys.Ben"],
        "Ben has 3 buys, but round 1 allows at most 2 buys per player."
    );
    assert_eq!(
        body["fields"]["Ben"],
        "Points must be a whole number, not \"x\"."
    );
    assert_eq!(
        body["fields"]["Cy"],
        "Enter Cy's points or the cards left in Cy's hand."
    );
    assert_eq!(
        body["fields"]["jokers"],
        "\"jokers\" belongs to a Continental hand; this game is not Continental."
    );
}

#[tokio::test]
async fn buys_over_the_limit_and_a_cut_bonus_outside_liverpool_are_refused() {
    let app = TestApp::new().await;
    let shanghai = create(
        &app,
        json!({"rules": "shanghai", "players": ["A", "B", "C"]}),
    )
    .await;
    let over = refused(
        &app,
        &shanghai,
        json!({"went_out": "A", "points": {"B": 1, "C": 2}, "buys": {"B": 3}}),
    )
    .await;
    assert_eq!(
        over["fields"]["buys.B"],
        "B has 3 buys, but round 1 allows at most 2 buys per player."
    );
    let cut = refused(
        &app,
        &shanghai,
        json!({"went_out": "A", "points": {"B": 1, "C": 2}, "cut_bonus": true}),
    )
    .await;
    assert_eq!(
        cut["fields"]["cut_bonus"],
        "There is no cut bonus in Shanghai Rummy; only Liverpool has one."
    );

    let progressive = create(
        &app,
        json!({"rules": "progressive", "players": ["A", "B", "C"]}),
    )
    .await;
    let early = refused(
        &app,
        &progressive,
        json!({"went_out": "A", "points": {"B": 1, "C": 2}, "buys": {"B": 1}}),
    )
    .await;
    assert_eq!(
        early["fields"]["buys.B"],
        "B cannot buy: buying is not allowed in round 1, only in rounds 9 to 14."
    );
    let rommee = create(&app, json!({"rules": "rommee", "players": ["A", "B"]})).await;
    let nobody = refused(
        &app,
        &rommee,
        json!({"went_out": null, "points": {"A": 1, "B": 2}}),
    )
    .await;
    assert_eq!(
        nobody["fields"]["went_out"],
        "Say who went out: in this game every round has a winner."
    );
}

// ---------------------------------------------------------------------------------------------
// Links: read-only and unknown
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_read_only_link_shows_the_state_without_the_edit_id_and_changes_nothing() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    enter(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await;

    let view = app.get(&format!("/api/v1/view/{}", game.view)).await;
    assert_eq!(view.status, StatusCode::OK);
    let state = view.json();
    assert_eq!(state["totals"], json!({"Ann": 0, "Ben": 10, "Cy": 20}));
    assert_eq!(state["view_url"], format!("/view/{}", game.view));
    assert!(state.get("id").is_none() && state.get("url").is_none());
    assert!(!view.body.contains(&game.id), "the edit id never leaks");

    let as_edit = Game {
        id: game.view.clone(),
        view: game.view.clone(),
    };
    let round = json!({"went_out": "Ben", "points": {"Ann": 1, "Cy": 1}});
    for (path, body) in [
        (as_edit.rounds(), round),
        (as_edit.path("undo"), json!({})),
        (as_edit.path("end"), json!({})),
        (as_edit.path("resume"), json!({})),
    ] {
        let response = app.post_json(&path, &body).await;
        assert_eq!(response.status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(
            response.error_sentence(),
            "This link only shows the game; it cannot change it. Use the game's edit link."
        );
    }
    for path in [as_edit.state(), as_edit.path("history")] {
        assert_eq!(app.get(&path).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["version"], 1, "nothing changed");
}

#[tokio::test]
async fn an_unknown_id_is_404_with_a_sentence() {
    let app = TestApp::new().await;
    let nobody = Game {
        id: "0123456789abcdef0123456789abcdef".into(),
        view: String::new(),
    };
    for response in [
        app.get(&nobody.state()).await,
        app.get(&nobody.path("history")).await,
        app.get("/api/v1/view/0123456789abcdef0123456789abcdef")
            .await,
        app.post_json(&nobody.rounds(), &json!({"went_out": "A"}))
            .await,
        app.post_json(&nobody.path("undo"), &json!({})).await,
        app.post_json(&nobody.path("end"), &json!({})).await,
    ] {
        response.assert_refused(
            StatusCode::NOT_FOUND,
            Is("There is no game at this address. Check the link you were given."),
        );
    }
}

#[tokio::test]
async fn creating_a_game_twice_with_one_idempotency_key_makes_one_game() {
    let app = TestApp::new().await;
    let body = json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}).to_string();
    let first = app
        .post_json_keyed("/api/v1/games", body.clone(), Some("start-1"))
        .await;
    let again = app
        .post_json_keyed("/api/v1/games", body.clone(), Some("start-1"))
        .await;
    let other = app
        .post_json_keyed("/api/v1/games", body, Some("start-2"))
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(first.json()["id"], again.json()["id"]);
    assert_ne!(first.json()["id"], other.json()["id"]);
}

#[tokio::test]
async fn names_that_only_look_the_same_are_refused_and_names_are_stored_composed() {
    let app = TestApp::new().await;
    let hidden = refused_game(
        &app,
        json!({"rules": "contract", "players": ["Ann", "Ann\u{200B}", "Cy"]}),
    )
    .await;
    assert_eq!(
        hidden["fields"]["players"],
        "The name of player 2 holds an invisible character (such as a zero-width space or a \
         direction mark); type the name again as plain text."
    );
    let bidi = refused_game(
        &app,
        json!({"rules": "contract", "players": ["\u{202E}nnA", "Ben", "Cy"]}),
    )
    .await;
    assert!(
        bidi["fields"]["players"]
            .as_str()
            .unwrap()
            .contains("invisible character"),
        "{bidi}"
    );
    let accents = refused_game(
        &app,
        json!({"rules": "contract", "players": ["\u{00C1}nn", "Ben", "A\u{0301}NN"]}),
    )
    .await;
    assert_eq!(
        accents["fields"]["players"],
        "Two players are called \"\u{00C1}NN\"; give each player a different name."
    );
    let response = app
        .post_json(
            "/api/v1/games",
            &json!({"rules": "contract", "players": ["A\u{0301}nn", "Ben", "Cy"],
                "first_dealer": "\u{00C1}NN"}),
        )
        .await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    let created = response.json();
    let id = created["id"].as_str().unwrap();
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["players"][0], "\u{00C1}nn");
    assert_eq!(state["first_dealer"], "\u{00C1}nn");
}

// ---------------------------------------------------------------------------------------------
// Strict round and set-up bodies; corrections need the version
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_misspelt_version_in_a_round_body_is_refused_with_400_naming_it_and_writes_nothing() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    enter(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await;
    // A guarded correction whose `version` is misspelt must not become a blind overwrite.
    let typo = app
        .post_json(
            &game.rounds(),
            &json!({"round": 1, "Version": 0, "went_out": "Ben", "points": {"Ann": 3, "Cy": 2}}),
        )
        .await;
    assert_eq!(typo.status, StatusCode::BAD_REQUEST, "{}", typo.body);
    let error = typo.json()["error"].as_str().unwrap().to_string();
    assert!(error.contains("\"Version\""), "{error}");
    assert!(error.ends_with('.'), "{error}");
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["version"], 1);
    assert_eq!(state["totals"], json!({"Ann": 0, "Ben": 10, "Cy": 20}));
}

#[tokio::test]
async fn an_unknown_field_in_the_set_up_body_is_refused_with_400_naming_it() {
    let app = TestApp::new().await;
    let response = app
        .post_json(
            "/api/v1/games",
            &json!({"rules": "contract", "players": ["Ann", "Ben"], "cents_per_pont": 5}),
        )
        .await;
    assert_eq!(
        response.status,
        StatusCode::BAD_REQUEST,
        "{}",
        response.body
    );
    let error = response.json()["error"].as_str().unwrap().to_string();
    assert!(error.contains("\"cents_per_pont\""), "{error}");
}

#[tokio::test]
async fn changing_an_entered_round_without_its_version_is_refused_a_new_round_is_not() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    // Two clients send round 1 without a version: the first enters it (a new round needs none),
    // the second would overwrite it and is refused.
    let first = json!({"round": 1, "went_out": "Ann", "points": {"Ben": 10, "Cy": 20}});
    enter(&app, &game, first).await;
    let second = app
        .post_json(
            &game.rounds(),
            &json!({"round": 1, "went_out": "Ben", "points": {"Ann": 3, "Cy": 2}}),
        )
        .await;
    assert_eq!(
        second.status,
        StatusCode::PRECONDITION_REQUIRED,
        "{}",
        second.body
    );
    let error = second.json()["error"].as_str().unwrap().to_string();
    assert!(error.contains("version"), "{error}");
    assert!(error.ends_with('.'), "{error}");
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["version"], 1);
    assert_eq!(state["totals"], json!({"Ann": 0, "Ben": 10, "Cy": 20}));
    // With the version the correction goes through.
    let state = enter(
        &app,
        &game,
        json!({"round": 1, "version": 1, "went_out": "Ben", "points": {"Ann": 3, "Cy": 2}}),
    )
    .await;
    assert_eq!(state["totals"], json!({"Ann": 3, "Ben": 0, "Cy": 2}));
}

#[tokio::test]
async fn every_json_answer_with_the_edit_id_says_no_store() {
    let app = TestApp::new().await;
    let created = app
        .post_json(
            "/api/v1/games",
            &json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await;
    let id = created.json()["id"].as_str().unwrap().to_string();
    let game = Game {
        id: id.clone(),
        view: String::new(),
    };
    let round = json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}});
    let mut answers = vec![("create", created)];
    answers.push((
        "round",
        app.post_json_keyed(&game.rounds(), round.to_string(), Some("k1"))
            .await,
    ));
    answers.push((
        "round replayed",
        app.post_json_keyed(&game.rounds(), round.to_string(), Some("k1"))
            .await,
    ));
    answers.push((
        "round conflict",
        app.post_json(
            &game.rounds(),
            &json!({"version": 0, "went_out": "Ben",
            "points": {"Ann": 3, "Cy": 2}}),
        )
        .await,
    ));
    answers.push(("state", app.get(&game.state()).await));
    answers.push(("history", app.get(&game.path("history")).await));
    answers.push(("end", app.post_json(&game.path("end"), &json!({})).await));
    answers.push((
        "resume",
        app.post_json(&game.path("resume"), &json!({})).await,
    ));
    answers.push(("undo", app.post_json(&game.path("undo"), &json!({})).await));
    for (what, response) in answers {
        assert!(response.status.as_u16() < 500, "{what}: {}", response.body);
        assert!(
            response.body.contains(&id) || what == "history",
            "{what}: {}",
            response.body
        );
        assert_eq!(response.header("cache-control"), "no-store", "{what}");
    }
}

#[tokio::test]
async fn undo_end_and_resume_refuse_a_body_that_is_not_json_and_take_an_empty_one() {
    let app = TestApp::new().await;
    let game = contract_game(&app).await;
    enter(
        &app,
        &game,
        json!({"went_out": "Ann", "points": {"Ben": 10, "Cy": 20}}),
    )
    .await;
    // What a cross-site HTML form can send without a preflight.
    for action in ["end", "resume", "undo"] {
        for content_type in [
            Some("text/plain"),
            Some("application/x-www-form-urlencoded"),
            None,
        ] {
            let mut request = Request::post(game.path(action));
            if let Some(content_type) = content_type {
                request = request.header("content-type", content_type);
            }
            let response = app
                .send(request.body(Body::from(r#"{"version": 1}"#)).unwrap())
                .await;
            assert_eq!(
                response.status,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "{action} {content_type:?}: {}",
                response.body
            );
            assert!(
                response.json()["error"]
                    .as_str()
                    .unwrap()
                    .contains("Content-Type: application/json"),
                "{}",
                response.body
            );
        }
    }
    let state = app.get(&game.state()).await.json();
    assert_eq!(state["version"], 1);
    assert_eq!(state["rounds"].as_array().unwrap().len(), 1);
    // JSON with its content type, and an empty body without one, still work.
    let json_end = app
        .post_json(&game.path("end"), &json!({"version": 1}))
        .await;
    assert_eq!(json_end.status, StatusCode::OK, "{}", json_end.body);
    let empty = app
        .send(
            Request::post(game.path("resume"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.body);
}

/// A body of the whole-game changes is an object or nothing: serde reads a struct from a JSON
/// array too, and `[null, null]` ended a game without its version check. An empty or blank
/// `Idempotency-Key` is a 400, as docs/API.md says, not a request without a key.
#[tokio::test]
async fn a_whole_game_change_with_an_array_body_or_a_blank_key_is_refused_and_changes_nothing() {
    let app = TestApp::new().await;
    let made = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let id = made.id;
    app.enter_round(
        &id,
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 10}}),
    )
    .await;
    let before = app.game_state(&id).await;
    for change in ["end", "undo", "redo", "resume"] {
        let path = format!("/api/v1/games/{id}/{change}");
        for body in ["[null, null]", "[3]", "7", "\"x\""] {
            let answer = app.post_json_with(&path, body, &[]).await;
            assert_eq!(
                answer.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{change} {body}: {}",
                answer.body
            );
            assert!(
                answer.error_sentence().contains("not an object"),
                "{}",
                answer.body
            );
        }
        for key in ["", "   "] {
            let answer = app
                .post_json_with(&path, "{}", &[("Idempotency-Key", key)])
                .await;
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{change} {key:?}");
        }
    }
    let after = app.game_state(&id).await;
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["ended_early"], false);
    // A group's write reads its body the same way.
    let group = app.create_group("Freitagsrunde", &["Ann", "Ben"]).await;
    let answer = app
        .post_json_with(
            &format!("/api/v1/groups/{}/settle-up", group.id),
            "[null]",
            &[],
        )
        .await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.body
    );
}

/// The names' rule holds for every piece of user text: a currency or a round's note with a
/// right-to-left override or another invisible character is refused, at the start and by the
/// edit link's change of the stake (a currency "\u{202e}€" printed "Cy pays Ann 98.1 €" for a
/// debt of 1.89 €).
#[tokio::test]
async fn a_currency_or_a_note_with_an_invisible_character_is_refused() {
    let app = TestApp::new().await;
    let players = json!(["Ann", "Ben", "Cy"]);
    for currency in ["\u{202e}€", "€\u{200b}", "\u{200f}$"] {
        let answer = app
            .post_json(
                "/api/v1/games",
                &json!({"rules": "contract", "players": players, "currency": currency}),
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{currency:?}"
        );
        assert!(answer.body.contains("plain text"), "{}", answer.body);
    }
    let id = app
        .create_game(json!({"rules": "contract", "players": players, "currency": "€"}))
        .await
        .id;
    let answer = app
        .post_json(
            &format!("/api/v1/games/{id}/settings"),
            &json!({"currency": "\u{202e}€"}),
        )
        .await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.body
    );
    let answer = app
        .post_json(
            &format!("/api/v1/games/{id}/rounds"),
            &json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 10},
                    "note": "Oma\u{202e} misdealt"}),
        )
        .await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.body
    );
    assert!(
        answer.body.contains("invisible character"),
        "{}",
        answer.body
    );
    assert_eq!(app.game_state(&id).await["currency"], "€");
}
