//! Issue 9's rule fixes through the pages and the command line (the API's side is in
//! `api::rule_fidelity_errors_are_422_with_a_sentence_and_a_short_hand_cannot_go_out`):
//! German Rommé refuses pairs, a round that goes out all at once needs every card held,
//! Hollywood has no "nobody went out" round, Rommé has no rounds to check, and the play
//! notes say when more melds, lay-offs and joker swaps come.

use crate::common::{TestApp, kontrakt_cli, post_form, text};
use axum::http::StatusCode;
use serde_json::{Value, json};

async fn ask_checker(app: &TestApp, lang: &str, fields: &[(&str, &str)]) -> String {
    let response = post_form(app, "/check", fields, lang).await;
    assert_eq!(response.status, StatusCode::OK, "{}", text(&response.body));
    text(&response.body)
}

/// POSTs `body` as JSON: the answer's status and JSON.
async fn post_json(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    let response = app.post_json(path, body).await;
    (response.status, response.json())
}

const PAIRS: &str = "QD QS | KS KC | JD JC";

#[tokio::test]
async fn the_checker_page_refuses_rommee_pairs_and_a_short_hand_going_out_all_at_once() {
    let app = TestApp::new().await;
    let page = ask_checker(
        &app,
        "en",
        &[("rules", "rommee"), ("melds", PAIRS), ("action", "check")],
    )
    .await;
    assert!(page.contains("✗ Not legal."), "{page}");
    assert!(
        page.contains("Meld 1 has 2 cards; sets need at least 3 here."),
        "{page}"
    );
    assert!(!page.contains("Worth 60 points"), "{page}");

    let short = "3H 4H 5H 6H | 9S 10S JS QS | 2D 3D 4D JK";
    for (lang, sentence) in [
        (
            "en",
            "Going out all at once takes every card in hand, at least 13 after drawing, but only 12 were laid.",
        ),
        (
            "de",
            "Wer auf einmal ausgeht, legt alle Karten der Hand aus, nach dem Ziehen mindestens 13; hier sind es nur 12.",
        ),
    ] {
        let page = ask_checker(
            &app,
            lang,
            &[
                ("rules", "contract"),
                ("round", "7"),
                ("melds", short),
                ("action", "check"),
            ],
        )
        .await;
        assert!(page.contains(sentence), "{page}");
    }
    // The solver on the page answers no for the same twelve cards.
    let page = ask_checker(
        &app,
        "en",
        &[
            ("rules", "contract"),
            ("round", "7"),
            ("hand", &short.replace(" |", "")),
            ("action", "solve"),
        ],
    )
    .await;
    assert!(
        page.contains("No: these 12 cards do not make 3 runs of 4."),
        "{page}"
    );
}

#[test]
fn the_command_line_refuses_rommee_pairs_a_rommee_round_and_a_short_hand_going_out() {
    let (code, out, _) = kontrakt_cli(&["check", "--rules", "rommee", PAIRS]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("Meld 1 has 2 cards; sets need at least 3 here."),
        "{out}"
    );
    let (code, _, err) = kontrakt_cli(&["check", "--rules", "rommee", "--round", "2", "QH KH AH"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("\"round\" is not used by German Rommé"),
        "{err}"
    );
    let short = "3H 4H 5H 6H | 9S 10S JS QS | 2D 3D 4D JK";
    let (code, out, _) = kontrakt_cli(&["check", "--rules", "contract", "--round", "7", short]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("at least 13 after drawing, but only 12 were laid"),
        "{out}"
    );
    let (code, out, _) = kontrakt_cli(&[
        "solve",
        "--rules",
        "contract",
        "--round",
        "7",
        &short.replace(" |", ""),
    ]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "Not solvable: this hand cannot make 3 runs of 4 (Contract Rummy, round 7).\n"
    );
}

#[tokio::test]
async fn hollywood_has_no_round_without_a_winner_on_the_form_or_through_the_api() {
    let app = TestApp::new().await;
    for (rules, nobody) in [("hollywood", false), ("contract", true)] {
        let (status, created) = post_json(
            &app,
            "/api/v1/games",
            json!({"rules": rules, "players": ["Ann", "Ben", "Cy"]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap();
        let form = app.get(&format!("/games/{id}/rounds/new")).await;
        assert_eq!(form.status, StatusCode::OK);
        assert_eq!(
            form.body.contains("Nobody: the stock ran out"),
            nobody,
            "{rules}"
        );
        let (status, answer) = post_json(
            &app,
            &format!("/api/v1/games/{id}/rounds"),
            json!({"points": {"Ann": 5, "Ben": 10, "Cy": 15}}),
        )
        .await;
        if nobody {
            assert!(status.is_success(), "{answer}");
        } else {
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            assert_eq!(answer["problems"][0]["code"], "winner_required", "{answer}");
            assert!(
                !answer["problems"][0]["message"]
                    .as_str()
                    .unwrap()
                    .is_empty(),
                "{answer}"
            );
        }
    }
}

#[tokio::test]
async fn the_checker_page_says_when_rommee_allows_more_melds_lay_offs_and_joker_swaps() {
    let app = TestApp::new().await;
    let english = text(&app.get("/check?rules=rommee").await.body);
    for note in [
        "From your next turn after your opening: more melds and lay-offs on any meld.",
        "From your next turn after your opening: put the real card in and take the joker.",
    ] {
        assert!(english.contains(&format!("<li>{note}</li>")), "{english}");
    }
    let german = text(&app.get_in("/check?rules=rommee", "de").await.body);
    assert!(
        german.contains(
            "<li>Ab dem nächsten Zug nach dem ersten Auslegen: weitere Meldungen und Anlegen an alle Meldungen.</li>"
        ),
        "{german}"
    );
    // The catalogue says the same in both languages.
    let rommee = app.get("/api/v1/rules/rommee").await.json();
    assert_eq!(
        rommee["play_notes"]["en"][0],
        "From your next turn after your opening: more melds and lay-offs on any meld."
    );
    assert_eq!(
        rommee["play_notes"]["de"][1],
        "Ab dem nächsten Zug nach dem ersten Auslegen: die echte Karte einlegen und den Joker nehmen."
    );
    // Contract's notes on its checker page too.
    let contract = text(&app.get("/check?rules=contract&round=1").await.body);
    assert!(
        contract.contains("<li>Lay off only from the turn after your own contract meld.</li>"),
        "{contract}"
    );
}

#[tokio::test]
async fn a_rommee_openings_points_are_those_of_the_reading_shown_and_declared() {
    let app = TestApp::new().await;
    // Undeclared, the joker is read as the ace: the points are Q-K-A's and the meld says so.
    let (_, checked) = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "rommee", "melds": "JK QH KH | 3S 3D 3C"}),
    )
    .await;
    assert_eq!(checked["points"], 40, "{checked}");
    let run = &checked["melds"][0];
    assert_eq!(
        (run["from"].clone(), run["to"].clone()),
        (json!("Q"), json!("A")),
        "{checked}"
    );
    assert_eq!(run["wilds"][0]["as"], "AH", "{checked}");

    // The solver declares the reading it counted: its melds, checked as declared, are worth
    // exactly the points it reports, the default search and the best one alike.
    for best in [false, true] {
        let (status, solved) = post_json(
            &app,
            "/api/v1/solve",
            json!({"rules": "rommee", "hand": "JK QH KH 3S 3D 3C", "best": best}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{solved}");
        assert_eq!(solved["ok"], true, "{solved}");
        assert_eq!(solved["points"], 40, "{best}: {solved}");
        let notation = solved["notation"].clone();
        assert!(
            notation
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m.as_str().unwrap().contains("JK=AH")),
            "{solved}"
        );
        let (_, again) = post_json(
            &app,
            "/api/v1/check",
            json!({"rules": "rommee", "melds": notation}),
        )
        .await;
        assert_eq!(
            (again["ok"].clone(), again["points"].clone()),
            (json!(true), json!(40)),
            "{again}"
        );
    }

    // The page and the command line say the same.
    let page = ask_checker(
        &app,
        "en",
        &[
            ("rules", "rommee"),
            ("hand", "JK QH KH 3S 3D 3C"),
            ("action", "solve"),
        ],
    )
    .await;
    assert!(page.contains("Yes, you can go down with:"), "{page}");
    assert!(
        page.contains("Joker declared as A♥") || page.contains("Joker as A♥"),
        "{page}"
    );
    assert!(page.contains("40 points"), "{page}");
    let (code, out, _) = kontrakt_cli(&["solve", "--rules", "rommee", "JK QH KH 3S 3D 3C"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("Solvable: opening meld worth 40 points, at least 40 needed"),
        "{out}"
    );
    assert!(out.contains("Joker=A♥"), "{out}");
}

#[tokio::test]
async fn a_joker_left_in_hand_in_a_game_without_jokers_is_refused_on_every_surface() {
    let app = TestApp::new().await;
    // The referee's score (also `kontrakt score`, in `cli::engine`'s tests).
    let (status, answer) = post_json(
        &app,
        "/api/v1/score",
        json!({"rules": "contract", "cards": "AS JK", "options": {"jokers": false}, "lang": "de"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["error"],
        "Kontrakt-Rommé wird hier ohne Joker gespielt, also kann kein Joker auf der Hand bleiben"
    );
    // A game's round with the joker among a player's cards.
    let (status, created) = post_json(
        &app,
        "/api/v1/games",
        json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"], "options": {"jokers": false}}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let (status, answer) = post_json(
        &app,
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Ann", "cards": {"Ben": "AS JK", "Cy": "5H"}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["problems"][0]["code"], "card_not_in_decks",
        "{answer}"
    );
    assert_eq!(
        answer["problems"][0]["message"],
        "Ben has Joker, but this game is played without it."
    );
}

#[tokio::test]
async fn the_checker_page_finds_the_best_rommee_opening_when_asked() {
    let app = TestApp::new().await;
    let hand = "9H 10H JH QH KH AH 5S 5D 5C 2C";
    // The box is offered where the rule set has an opening minimum, not for contracts.
    let rommee = app.get("/check?rules=rommee").await;
    assert!(
        rommee.body.contains("name=\"best\" value=\"on\""),
        "{}",
        rommee.body
    );
    assert!(text(&rommee.body).contains("Find the most valuable opening"));
    let contract = app.get("/check?rules=contract").await;
    assert!(!contract.body.contains("name=\"best\""));
    // 9-A of hearts (60) and three 5s (15), only the 2♣ left: the most valuable opening.
    let best = ask_checker(
        &app,
        "en",
        &[
            ("rules", "rommee"),
            ("hand", hand),
            ("best", "on"),
            ("action", "solve"),
        ],
    )
    .await;
    assert!(best.contains("Yes, you can go down with:"), "{best}");
    assert!(best.contains("Left in hand: 2♣"), "{best}");
    assert!(
        best.contains("name=\"best\" value=\"on\" checked"),
        "the box stays ticked"
    );
    let german = ask_checker(
        &app,
        "de",
        &[
            ("rules", "rommee"),
            ("hand", hand),
            ("best", "on"),
            ("action", "solve"),
        ],
    )
    .await;
    assert!(
        german.contains("Das wertvollste Auslegen suchen"),
        "{german}"
    );
    assert!(german.contains("Bleibt auf der Hand: 2♣"), "{german}");
}
