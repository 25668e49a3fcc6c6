//! Issue 9's declared wild cards beyond `/check`'s text field: all-wild melds legal only
//! declared, the solver declaring what it lays, declarations in `/score`, fit and solver
//! hands, and which contract requirement a reading fills — through the API and the pages
//! (the command line's are in `cli::engine`'s tests).

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::Said::{Has, Is};
use crate::common::{TestApp, post_checker, text};

async fn post_json(app: &TestApp, path: &str, body: Value) -> Value {
    app.post_json_expecting(path, body, StatusCode::OK).await
}

/// The checker page's text, answered 200, for `rules` and round, these cards and `action`.
async fn checker(
    app: &TestApp,
    rules_round: (&str, &str),
    cards: (&str, &str),
    action: &str,
    lang: &str,
) -> String {
    let response = post_checker(app, rules_round, &[cards], action, lang).await;
    assert_eq!(
        response.status,
        StatusCode::OK,
        "{cards:?}: {}",
        response.body
    );
    text(&response.body)
}

#[tokio::test]
async fn an_all_wild_meld_is_legal_only_declared_and_three_twos_are_a_set_of_twos() {
    let app = TestApp::new().await;
    for (lang, sentence) in [
        (
            "en",
            "Meld 1 is all wild cards; say what each one stands for (3 are not declared yet",
        ),
        (
            "de",
            "Meldung 1 besteht nur aus wilden Karten; sagt bei jeder, wofür sie steht (3 sind",
        ),
    ] {
        let answer = post_json(
            &app,
            "/api/v1/check",
            json!({"rules": "progressive", "round": 1, "melds": "JK JK JK | 5S 5D 5C",
                   "lang": lang}),
        )
        .await;
        assert_eq!(answer["ok"], false);
        let problem = &answer["problems"][0];
        assert_eq!(problem["code"], "all_wild_undeclared");
        assert_eq!(
            (problem["meld"].clone(), problem["undeclared"].clone()),
            (json!(1), json!(3))
        );
        assert!(
            problem["message"].as_str().unwrap().starts_with(sentence),
            "{problem}"
        );
    }
    // Declared, it is legal; 2s wild but also themselves are a set of natural 2s, not "a set
    // of aces"; where no all-wild meld is allowed, the old refusal.
    for (rules, melds, expected) in [
        (
            "progressive",
            "JK=9C JK=9D 2C=9H | 5S 5D 5C",
            &[("/ok", json!(true)), ("/melds/0/rank", json!("9"))][..],
        ),
        (
            "progressive",
            "2C 2D 2H | 5S 5D 5C",
            &[
                ("/ok", json!(true)),
                ("/melds/0/kind", json!("set")),
                ("/melds/0/rank", json!("2")),
                ("/melds/0/wilds", json!([])),
            ],
        ),
        (
            "contract",
            "JK JK JK | 5S 5D 5C",
            &[("/problems/0/code", json!("no_natural"))],
        ),
    ] {
        let answer = post_json(
            &app,
            "/api/v1/check",
            json!({"rules": rules, "round": 1, "melds": melds}),
        )
        .await;
        for (at, value) in expected {
            assert_eq!(
                answer.pointer(at),
                Some(value),
                "{rules} {melds}: {at}: {answer}"
            );
        }
    }
}

#[tokio::test]
async fn the_solver_answer_declares_every_wild_card_and_its_notation_passes_the_check() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 2, "hand": "5H 6H JK 8H 9C 9D 9S"}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    let notation = answer["notation"].as_array().unwrap();
    assert!(notation.contains(&json!("5H 6H JK=7H 8H")), "{answer}");
    // Progressive: nine jokers make the contract with all-wild melds, each declared, and
    // the notation is a legal check as it stands.
    for round in [1, 2, 3] {
        let hand = ["JK"; 12].join(" ");
        let answer = post_json(
            &app,
            "/api/v1/solve",
            json!({"rules": "progressive", "round": round, "hand": hand}),
        )
        .await;
        assert_eq!(answer["ok"], true, "{answer}");
        let melds = answer["notation"].clone();
        for meld in melds.as_array().unwrap() {
            assert!(
                !meld.as_str().unwrap().split(' ').any(|c| c == "JK"),
                "{answer}"
            );
        }
        let check = post_json(
            &app,
            "/api/v1/check",
            json!({"rules": "progressive", "round": round, "melds": melds}),
        )
        .await;
        assert_eq!(check["ok"], true, "round {round}: {check}");
        let undeclared = post_json(
            &app,
            "/api/v1/check",
            json!({"rules": "progressive", "round": round, "melds": answer["melds"]}),
        )
        .await;
        assert_eq!(undeclared["problems"][0]["code"], "all_wild_undeclared");
    }
    let no = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 1, "hand": "3H 4H 5H"}),
    )
    .await;
    assert!(no.get("notation").is_none(), "{no}");
}

#[tokio::test]
async fn the_pages_show_the_solvers_declarations_and_the_all_wild_sentence() {
    let app = TestApp::new().await;
    for (lang, declared, all_wild) in [
        ("en", "Joker declared as 7♥", "say what each one stands for"),
        (
            "de",
            "Joker angesagt als 7♥",
            "sagt bei jeder, wofür sie steht",
        ),
    ] {
        let hand = ("hand", "5H 6H JK 8H 9C 9D 9S");
        let body = checker(&app, ("contract", "2"), hand, "solve", lang).await;
        assert!(body.contains(declared), "{body}");
        let melds = ("melds", "JK JK JK | 5S 5D 5C");
        let body = checker(&app, ("progressive", "1"), melds, "check", lang).await;
        assert!(body.contains(all_wild), "{body}");
    }
}

#[tokio::test]
async fn each_reading_names_the_contract_requirement_it_fills_where_they_differ() {
    let app = TestApp::new().await;
    // Progressive round 2 is "1 set of 3 and 1 run of 4" (docs/RULES.md section 4).
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "progressive", "round": 2, "melds": "5H JK JK JK | 9C 9D 9S"}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    let meld = &answer["melds"][0];
    assert_eq!(meld["kind"], "run");
    assert_eq!(meld["fills"], json!({"kind": "run", "min": 4}));
    assert_eq!(
        answer["melds"][1]["fills"],
        json!({"kind": "set", "min": 3})
    );
    let alternatives = meld["alternatives"].as_array().unwrap();
    let set = alternatives
        .iter()
        .find(|a| a["kind"] == "set")
        .expect("the set of 5s");
    assert_eq!(set["fills"], json!({"kind": "set", "min": 3}));
    assert!(
        alternatives
            .iter()
            .filter(|a| a["kind"] == "run")
            .all(|a| a["fills"] == json!({"kind": "run", "min": 4})),
        "{meld}"
    );
    // "2 sets of 3": nothing to tell apart, so no `fills`.
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 1, "melds": "5H JK JK | 9C 9D 9S"}),
    )
    .await;
    assert!(answer["melds"][0].get("fills").is_none(), "{answer}");
    for (lang, used, other) in [
        (
            "en",
            "fills the contract's run of 4",
            "fills the contract's set of 3",
        ),
        (
            "de",
            "erfüllt die Folge à 4 des Kontrakts",
            "erfüllt den Satz à 3 des Kontrakts",
        ),
    ] {
        let melds = ("melds", "5H JK JK JK | 9C 9D 9S");
        let body = checker(&app, ("progressive", "2"), melds, "check", lang).await;
        assert!(body.contains(used) && body.contains(other), "{body}");
    }
}

#[tokio::test]
async fn score_takes_declared_wilds_at_their_own_penalty_and_solve_hands_refuse_them() {
    let app = TestApp::new().await;
    // Shanghai: A 15 (as the API example), joker 50, 7 7: a joker declared as 7♥ is a joker.
    let open = post_json(
        &app,
        "/api/v1/score",
        json!({"rules": "shanghai", "cards": ["AS", "JK", "7H"]}),
    )
    .await;
    for cards in [json!(["AS", "JK=7H", "7H"]), json!("AS JK=7H 7H")] {
        let answer = post_json(
            &app,
            "/api/v1/score",
            json!({"rules": "shanghai", "cards": cards}),
        )
        .await;
        assert_eq!(answer, open);
    }
    // A 2 declared where 2s are not wild; a natural card declared; both in either language.
    for (lang, sentence) in [
        (
            "en",
            "2♣ is declared as another card, but 2s are not wild in this game.",
        ),
        (
            "de",
            "2♣ ist als andere Karte angesagt, aber 2en sind in dieser Partie nicht wild.",
        ),
    ] {
        let response = app
            .post_json(
                "/api/v1/score",
                json!({"rules": "shanghai", "cards": "2C=5H AS", "lang": lang}),
            )
            .await;
        response.assert_refused(StatusCode::UNPROCESSABLE_ENTITY, Is(sentence));
    }
    let response = app
        .post_json(
            "/api/v1/score",
            json!({"rules": "shanghai", "cards": "5H=JH"}),
        )
        .await;
    response.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Has("only a joker or a 2 can be declared"),
    );
    // Progressive's 2s are wild: 2C=5H scores as the 2 (20).
    let answer = post_json(
        &app,
        "/api/v1/score",
        json!({"rules": "progressive", "cards": "2C=5H"}),
    )
    .await;
    assert_eq!(answer["points"], 20);
    // A hand for the solver holds cards not laid yet: a declaration there is a 422 sentence.
    let response = app
        .post_json(
            "/api/v1/solve",
            json!({"rules": "contract", "round": 2, "hand": "5H 6H JK=7H 8H 9C 9D 9S"}),
        )
        .await;
    response.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Has("\"JK=7H\" declares a card in a hand"),
    );
    let hand = [("hand", "5H 6H JK=7H 8H 9C 9D 9S")];
    let response = post_checker(&app, ("contract", "2"), &hand, "solve", "de").await;
    // As every field error of the page: a 422 with the form and the sentence beside it.
    response.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "„JK=7H“ erklärt eine Karte auf der Hand",
    );
}

#[tokio::test]
async fn the_fit_question_reads_declarations_on_the_table_and_on_the_laid_card() {
    let app = TestApp::new().await;
    // The joker declared as 8♥ at the top: an 8♥ replaces it there.
    for (meld, card, says) in [
        (
            "5H 6H 7H JK=8H",
            "8H",
            "Yes: 8♥ can replace Joker, which stands for it.",
        ),
        ("5H 6H 7H 8H", "JK=9H", "Yes: Joker=9♥ fits"),
        (
            "5H 6H 7H 8H",
            "JK=3H",
            "No: Joker=3♥ does not fit on 5♥ 6♥ 7♥ 8♥.",
        ),
        (
            "5H 6H JK=7H 8H",
            "3H",
            "No: 3♥ does not fit on 5♥ 6♥ Joker=7♥ 8♥.",
        ),
    ] {
        let fields = [("table_meld", meld), ("card", card)];
        let response = post_checker(&app, ("contract", "2"), &fields, "fit", "en").await;
        let body = text(&response.body);
        assert_eq!(response.status, StatusCode::OK, "{meld} + {card}: {body}");
        assert!(body.contains(says), "{meld} + {card}: {body}");
    }
    // Both grids of the question can declare a wild card.
    let page = app.get("/check?rules=contract&round=2").await.body;
    assert!(
        page.contains("data-target=\"table_meld\" data-mode=\"meld\""),
        "{page}"
    );
    assert!(
        page.contains("data-target=\"card\" data-mode=\"one\""),
        "{page}"
    );
    assert_eq!(
        page.matches("data-declare").count(),
        3,
        "melds, table meld and card"
    );
}

#[tokio::test]
async fn a_rounds_cards_may_declare_wild_cards_and_score_them_as_themselves() {
    let app = TestApp::new().await;
    let game = app
        .post_json_expecting(
            "/api/v1/games",
            json!({"rules": "progressive", "players": ["Ann", "Ben", "Cas"]}),
            StatusCode::CREATED,
        )
        .await;
    let id = game["id"].as_str().unwrap();
    let round = app
        .post_json_expecting(
            &format!("/api/v1/games/{id}/rounds"),
            json!({"round": 1, "went_out": "Ben", "cards": {"Ann": "2H=5H JK=7C AS"}, "points": {"Cas": 5}}),
            StatusCode::OK,
        )
        .await;
    // The 2 and the joker 20 each, the ace 15; the entry keeps the cards as they are.
    assert_eq!(round["totals"]["Ann"], 55, "{round}");
    assert_eq!(round["rounds"][0]["entry"]["cards"]["Ann"], "2H JK AS");
    // Where 2s are not wild, a declared 2 is the field's 422 sentence.
    let game = app
        .post_json_expecting(
            "/api/v1/games",
            json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"]}),
            StatusCode::CREATED,
        )
        .await;
    let id = game["id"].as_str().unwrap();
    let response = app.post_json(&format!("/api/v1/games/{id}/rounds"),
        json!({"round": 1, "went_out": "Ben", "points": {"Cy": 5}, "cards": {"Ann": "2H=5H AS"}}),
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
            .contains("\\\"2H=5H\\\" declares a 2 as another card, but 2s are not wild")
            || response
                .body
                .contains("\"2H=5H\" declares a 2 as another card"),
        "{}",
        response.body
    );
}
