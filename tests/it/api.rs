//! The referee JSON API (`docs/API.md`) through the router: the examples verbatim, every
//! endpoint, and bad input answered with a 4xx JSON sentence.

use crate::common::Said::{Has, Is, Starts};
use crate::common::{TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

async fn post(app: &TestApp, path: &str, body: impl Into<String>) -> TestResponse {
    app.post_json_with(path, body, &[]).await
}

async fn post_json(app: &TestApp, path: &str, body: Value) -> Value {
    app.post_json_expecting(path, body, StatusCode::OK).await
}

/// Posts a body that must be refused with a 4xx and a JSON error sentence; returns it.
async fn refused(app: &TestApp, path: &str, body: impl Into<String>, status: StatusCode) -> String {
    let response = post(app, path, body).await;
    assert_eq!(response.status, status, "{}", response.body);
    response.error_sentence()
}

fn codes(answer: &Value) -> Vec<&str> {
    answer["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect()
}

// --- fit (Added 2026-11-24) ---

#[tokio::test]
async fn a_card_that_can_replace_a_joker_in_a_run_fits_as_a_joker_swap_with_its_reason() {
    let app = TestApp::new().await;
    // The issue's example: 7♥ on 5♥ 6♥ JK 8♥ is no bare "no" but a joker swap.
    let answer = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "contract", "meld": "5H 6H JK 8H", "card": "7H"}),
    )
    .await;
    assert_eq!(answer["fits"], true, "{answer}");
    assert_eq!(answer["how"], "joker_swap");
    assert_eq!(
        answer["swap"],
        json!({"card": "JK", "as": "7H", "declared": false})
    );
    assert_eq!(
        answer["message"],
        "Yes: 7♥ can replace Joker, which stands for it."
    );
    assert_eq!(
        answer["notes"][0],
        "A joker swap: put 7♥ in and take Joker."
    );
    assert_eq!(answer["notation"], "5H 6H 7H 8H");
    assert_eq!(answer["reading"]["kind"], "run");
    assert_eq!(answer["reading"]["wilds"], json!([]));
    assert!(answer.get("code").is_none(), "{answer}");
    // The same in German, with the meld as a list.
    let german = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "contract", "meld": ["5H", "6H", "JK", "8H"], "card": ["7H"], "lang": "de"}),
    )
    .await;
    assert_eq!(german["how"], "joker_swap");
    assert_eq!(
        german["message"],
        "Ja: 7♥ kann den Joker ersetzen, der für sie steht."
    );
    // Where wild cards are never swapped back (May I?), the no says so.
    let refused = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "may-i", "meld": "5H 6H JK 8H", "card": "7H"}),
    )
    .await;
    assert_eq!(refused["fits"], false, "{refused}");
    assert_eq!(refused["code"], "swap_not_allowed");
    assert!(refused.get("swap").is_none(), "{refused}");
    assert_eq!(
        refused["reason"]["message"],
        "It could replace the wild card that stands for it, but wild cards are not swapped back here."
    );
}

#[tokio::test]
async fn shanghai_swaps_a_joker_out_of_a_run_as_contract_rummy_unless_the_table_chose_none() {
    let app = TestApp::new().await;
    // Seed 000: Shanghai keeps Contract Rommé's basic rules, and the joker swap is not among
    // the differences it lists; the Shanghai house variants follow it.
    for rules in ["shanghai", "shanghai-powe", "shanghai-kolsov"] {
        let answer = post_json(
            &app,
            "/api/v1/fit",
            json!({"rules": rules, "meld": "5H 6H JK=7H 8H", "card": "7H"}),
        )
        .await;
        assert_eq!(answer["fits"], true, "{rules}: {answer}");
        assert_eq!(answer["how"], "joker_swap", "{rules}");
        assert_eq!(
            answer["swap"],
            json!({"card": "JK", "as": "7H", "declared": true})
        );
    }
    // Jokers in sets stay dead, as in Contract Rommé.
    let set = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "shanghai", "meld": "9C 9D 9H JK", "card": "9S"}),
    )
    .await;
    assert_ne!(set["how"], "joker_swap", "{set}");
    // A table that plays without swaps says so with the option.
    let none = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "shanghai", "meld": "5H 6H JK 8H", "card": "7H",
               "options": {"joker_swap": "none"}}),
    )
    .await;
    assert_eq!(none["fits"], false, "{none}");
    assert_eq!(none["code"], "swap_not_allowed");
    // The rule notes say the same.
    let rules = app.get("/api/v1/rules/shanghai").await.json();
    assert_eq!(rules["play"]["joker_swap"], "runs-only", "{rules}");
    assert_eq!(
        rules["play_notes"]["en"][1],
        "A joker in a run may be swapped for the card it stands for (play the joker in the same turn); jokers in sets are dead."
    );
}

#[tokio::test]
async fn every_no_gives_its_reason_with_code_parameters_in_english_and_german() {
    let app = TestApp::new().await;
    let body = json!({"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "4S"});
    let english = post_json(&app, "/api/v1/fit", body.clone()).await;
    assert_eq!(english["fits"], false);
    assert_eq!(english["code"], "wrong_suit");
    assert_eq!(english["reason"]["code"], "wrong_suit");
    assert_eq!(english["reason"]["suit"], "H");
    assert_eq!(english["message"], "No: 4♠ does not fit on 5♥ 6♥ 7♥ 8♥.");
    assert_eq!(
        english["reason"]["message"],
        "The meld is a run in hearts: only cards of that suit fit."
    );
    assert_eq!(english["notes"][0], english["reason"]["message"]);
    assert!(english.get("notation").is_none(), "{english}");
    // German through the body's lang or the Accept-Language header: codes unchanged.
    let mut de = body.clone();
    de["lang"] = json!("de");
    let german = post_json(&app, "/api/v1/fit", de).await;
    let header = post_in(&app, "/api/v1/fit", "de-DE,de;q=0.9", body).await;
    assert_eq!(header.status, StatusCode::OK);
    assert_eq!(header.json(), german);
    assert_eq!(german["code"], "wrong_suit");
    assert_eq!(german["reason"]["suit"], "H");
    assert_eq!(german["message"], "Nein: 4♠ passt nicht an 5♥ 6♥ 7♥ 8♥.");
    assert_eq!(
        german["reason"]["message"],
        "Die Meldung ist eine Folge in Herz: nur Karten dieser Farbe passen."
    );
    // Cards on the table that are no meld: the reason, and what is wrong with them.
    let broken = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "contract", "meld": "5H 9C KD", "card": "6H"}),
    )
    .await;
    assert_eq!(broken["code"], "not_a_meld");
    assert!(broken["notes"].as_array().unwrap().len() >= 2, "{broken}");
}

#[tokio::test]
async fn declarations_on_the_table_and_on_the_laid_card_are_read_as_declared() {
    let app = TestApp::new().await;
    // The joker declared as 8♥ at the top: 8♥ swaps for it there.
    let swap = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "liverpool", "meld": "5H 6H 7H JK=8H", "card": "8H"}),
    )
    .await;
    // docs/API.md's example, verbatim.
    assert_eq!(
        swap,
        json!({"fits": true, "how": "joker_swap",
         "message": "Yes: 8♥ can replace Joker, which stands for it.",
         "notes": ["A joker swap: put 8♥ in and take Joker.", "run ♥5–8"],
         "swap": {"card": "JK", "as": "8H", "declared": true},
         "notation": "5H 6H 7H 8H",
         "reading": {"kind": "run", "suit": "H", "from": "5", "to": "8", "wilds": []}})
    );
    // Undeclared, the same joker may be the 4♥: the 8♥ is then laid off at the top.
    let laid = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "liverpool", "meld": "5H 6H 7H JK", "card": "8H"}),
    )
    .await;
    assert_eq!(laid["how"], "lay_off", "{laid}");
    assert_eq!(laid["notation"], "JK=4H 5H 6H 7H 8H");
    // A laid joker declared as 9♥ fits only above an 8.
    let nine = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "JK=9H"}),
    )
    .await;
    assert_eq!(nine["fits"], true, "{nine}");
    assert_eq!(nine["how"], "lay_off");
    assert_eq!(nine["notation"], "5H 6H 7H 8H JK=9H");
    assert_eq!(
        nine["reading"]["wilds"],
        json!([{"card": "JK", "as": "9H", "declared": true}])
    );
    assert_eq!(nine["reading"]["to"], "9");
    let no = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "liverpool", "meld": "5H 6H 7H", "card": "JK=9H"}),
    )
    .await;
    assert_eq!(no["fits"], false, "{no}");
    assert_eq!(no["code"], "not_at_an_end");
    assert_eq!(no["reason"]["from"], "5");
    assert_eq!(no["reason"]["to"], "7");
    // A 2 declared where 2s are not wild.
    let two = post_json(
        &app,
        "/api/v1/fit",
        json!({"rules": "liverpool", "meld": "5H 6H 7H", "card": "2C=8H"}),
    )
    .await;
    assert_eq!(two["code"], "not_wild", "{two}");
}

#[tokio::test]
async fn bad_fit_questions_are_422_sentences_in_the_asked_language() {
    let app = TestApp::new().await;
    let unknown = refused(
        &app,
        "/api/v1/fit",
        r#"{"rules": "contract", "meld": "5H 6H 11H", "card": "8H"}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(unknown.contains("\"11H\""), "{unknown}");
    let two = refused(
        &app,
        "/api/v1/fit",
        r#"{"rules": "contract", "meld": "5H 6H 7H", "card": "8H 9H"}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        two,
        "\"card\" is the one card to lay off, like \"8H\" or \"JK=9H\", not 2 cards"
    );
    let empty = refused(
        &app,
        "/api/v1/fit",
        r#"{"rules": "contract", "meld": "", "card": "8H", "lang": "de"}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(empty.starts_with("„meld“ enthält keine Karte"), "{empty}");
    let rules = refused(
        &app,
        "/api/v1/fit",
        r#"{"rules": "canasta", "meld": "5H 6H 7H", "card": "8H"}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(rules.contains("canasta"), "{rules}");
    let field = refused(
        &app,
        "/api/v1/fit",
        r#"{"rules": "contract", "meld": "5H 6H 7H", "card": "8H", "round": 1}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(field.contains("round"), "{field}");
}

// --- check ---

#[tokio::test]
async fn the_check_example_of_the_api_answers_exactly_as_documented() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 3,
               "melds": [["3H","4H","5H","6H"], ["8H","9H","10H","JH"]]}),
    )
    .await;
    assert_eq!(
        answer,
        json!({"ok": true, "contract": "2 runs of 4",
               "melds": [{"cards": ["3H","4H","5H","6H"], "kind": "run", "suit": "H", "from": "3", "to": "6", "wilds": [],
                          "notation": "3H 4H 5H 6H", "alternatives": []},
                         {"cards": ["8H","9H","10H","JH"], "kind": "run", "suit": "H", "from": "8", "to": "J", "wilds": [],
                          "notation": "8H 9H 10H JH", "alternatives": []}],
               "problems": []})
    );
}

#[tokio::test]
async fn melds_may_be_one_string_with_bars_or_a_list_of_strings() {
    let app = TestApp::new().await;
    let lists = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 3,
               "melds": [["3H","4H","5H","6H"], ["8H","9H","10H","JH"]]}),
    )
    .await;
    for melds in [
        json!("3h 4h 5h 6h | 8H 9H TH JH"),
        json!(["3H 4H 5H 6H", "8H,9H,10H,JH"]),
    ] {
        let answer = post_json(
            &app,
            "/api/v1/check",
            json!({"rules": "contract", "round": 3, "melds": melds}),
        )
        .await;
        assert_eq!(answer, lists, "cards come back in canonical notation");
    }
}

#[tokio::test]
async fn contiguous_same_suit_runs_are_rejected_in_round_3_with_code_parameters_and_sentence() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 3, "melds": "3H 4H 5H 6H | 7H 8H 9H 10H"}),
    )
    .await;
    assert_eq!(answer["ok"], false);
    assert_eq!(
        answer["problems"],
        json!([{"code": "contiguous_runs", "a": 1, "b": 2, "suit": "H", "first": ["3", "6"], "second": ["7", "10"],
                "round": 3,
                "message": "♥3-6 (meld 1) and ♥7-10 (meld 2) join end to end; in round 3 two runs \
                            of one suit need a gap or an overlap."}])
    );
}

#[tokio::test]
async fn every_reason_is_listed_and_each_wild_says_what_it_stands_for() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 3, "melds": "3H 4H 5H | 9C 9D 9S 9H"}),
    )
    .await;
    assert_eq!(codes(&answer), ["too_short", "wrong_kind"]);
    assert_eq!(
        answer["problems"][1]["message"],
        "Meld 2 is a set, but the contract needs a run here."
    );
    assert_eq!(answer["problems"][1]["is"], "set");
    assert_eq!(answer["melds"][1]["kind"], "set");
    assert_eq!(answer["melds"][1]["rank"], "9");

    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 2, "melds": "3H 4H JK 6H | 9C JK 9S"}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(
        answer["melds"][0]["wilds"],
        json!([{"card": "JK", "as": "5H", "declared": false}])
    );
    assert_eq!(answer["melds"][1]["kind"], "set");
    assert_eq!(answer["melds"][1]["wilds"][0]["card"], "JK");
}

/// Declared wild cards (issue 9): `JK=JH` in the text and the list form is checked exactly
/// as declared and printed back in the same notation; a declaration that does not fit is a
/// problem with a sentence, one on a natural card a 422.
#[tokio::test]
async fn declared_wild_cards_are_checked_as_declared_and_printed_back() {
    let app = TestApp::new().await;
    // Undeclared, Rommé may read the joker as the ace: Q-K-A, 40 points, an opening.
    let open = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "rommee", "melds": "JK QH KH | 3S 3D 3C"}),
    )
    .await;
    assert_eq!(
        (open["ok"].clone(), open["points"].clone()),
        (json!(true), json!(40))
    );
    // The other reading is listed, with its points; the set's joker has none that matter.
    assert_eq!(
        open["melds"][0]["alternatives"],
        json!([{"kind": "run", "suit": "H", "from": "J", "to": "K", "points": 30,
                "wilds": [{"card": "JK", "as": "JH", "declared": false}]}])
    );
    assert_eq!(open["melds"][1]["alternatives"], json!([]));
    for melds in [
        json!("JK=JH QH KH | 3S 3D 3C"),
        json!([["JK=JH", "QH", "KH"], ["3S", "3D", "3C"]]),
        json!(["JK=JH QH KH", "3S 3D 3C"]),
    ] {
        let answer = post_json(
            &app,
            "/api/v1/check",
            json!({"rules": "rommee", "melds": melds}),
        )
        .await;
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["points"], 39, "J-Q-K as laid: {answer}");
        assert_eq!(codes(&answer), ["opening_too_low"]);
        let meld = &answer["melds"][0];
        assert_eq!(
            (meld["from"].clone(), meld["to"].clone()),
            (json!("J"), json!("K"))
        );
        assert_eq!(meld["notation"], "JK=JH QH KH");
        assert_eq!(meld["alternatives"], json!([]), "declared: one reading");
        assert_eq!(meld["cards"], json!(["JK", "QH", "KH"]));
        assert_eq!(
            meld["wilds"],
            json!([{"card": "JK", "as": "JH", "declared": true}])
        );
    }

    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 2, "melds": "3H 4H 5H JK=9H | 7C 7D 7S",
               "lang": "de"}),
    )
    .await;
    assert_eq!(answer["ok"], false);
    let problem = &answer["problems"][0];
    assert_eq!(problem["code"], "pin_does_not_fit");
    assert_eq!(
        (
            problem["card"].clone(),
            problem["declared"].clone(),
            problem["needs"].clone()
        ),
        (json!("JK"), json!("9H"), json!(["2H", "6H"]))
    );
    assert_eq!(
        problem["message"],
        "Meldung 1: Joker ist als 9♥ angesagt, aber die Meldung braucht an dieser Stelle 2♥ oder 6♥."
    );

    for (melds, says) in [
        (
            "5H=JH QH KH | 3S 3D 3C",
            "declares a natural card as another one",
        ),
        ("JK=JK QH KH | 3S 3D 3C", "declares a card as a joker"),
    ] {
        let response = app
            .post_json_with(
                "/api/v1/check",
                json!({"rules": "rommee", "melds": melds}).to_string(),
                &[],
            )
            .await;
        assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY, "{melds}");
        let error = response.json()["error"].as_str().unwrap().to_owned();
        assert!(error.contains(says) && error.contains("meld 1"), "{error}");
    }
}

#[tokio::test]
async fn cards_that_are_no_meld_have_kind_null() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 1, "melds": "5H 6S 7C | 9C 9D 9S"}),
    )
    .await;
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["melds"][0]["kind"], Value::Null);
    assert_eq!(answer["melds"][0]["wilds"], json!([]));
    assert_eq!(codes(&answer), ["mixed_cards"]);
}

#[tokio::test]
async fn rommee_checks_an_opening_without_a_round_and_reports_its_points() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "rommee", "melds": "QH KH AH | 10S 10D 10C"}),
    )
    .await;
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["points"], 61);
    assert_eq!(answer["contract"], Value::Null);

    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "rommee", "melds": "QH KH AH"}),
    )
    .await;
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["points"], 31);
    assert_eq!(
        answer["problems"],
        json!([{"code": "opening_too_low", "points": 31, "needed": 40,
                "message": "The melds count 31 points; the first meld needs at least 40."}])
    );

    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "rommee", "melds": "QH KH AH", "options": {"opening_points": 30}}),
    )
    .await;
    assert_eq!(
        answer["ok"], true,
        "a 30-point opening is enough with the option"
    );
}

#[tokio::test]
async fn options_override_the_rule_set_playing_without_jokers_flags_a_joker() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 1, "melds": "5C 5D JK | 9C 9D 9S",
               "options": {"jokers": false}}),
    )
    .await;
    assert_eq!(answer["ok"], false);
    assert_eq!(codes(&answer), ["jokers_not_in_play"]);
    assert_eq!(answer["problems"][0]["meld"], 1);
}

#[tokio::test]
async fn continental_has_one_round_so_the_round_may_be_left_out() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "continental",
               "melds": "3H 4H 5H | 6S 7S 8S | 9D 10D JD | AC 2C 3C | JK QH KH"}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(
        answer["melds"][4]["wilds"],
        json!([{"card": "JK", "as": "JH", "declared": false}])
    );
}

// --- solve ---

#[tokio::test]
async fn the_solve_example_finds_three_runs_that_use_every_card_and_pass_the_check() {
    let app = TestApp::new().await;
    let hand = "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D";
    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 7, "hand": hand}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["contract"], "3 runs of 4");
    assert_eq!(
        answer["leftover"],
        json!([]),
        "round 7 goes out all at once"
    );
    let mut used: Vec<String> = answer["melds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m.as_array().unwrap().iter())
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    let mut given: Vec<String> = hand.split(' ').map(str::to_owned).collect();
    used.sort();
    given.sort();
    assert_eq!(used, given);
    let check = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 7, "melds": answer["melds"]}),
    )
    .await;
    assert_eq!(check["ok"], true, "{check}");
}

#[tokio::test]
async fn a_hand_that_cannot_make_the_contract_is_ok_false_with_status_200() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 3, "hand": ["3H","4H","5H","6H","7H","8H","9H","10H","KC","KD"]}),
    )
    .await;
    // The only two runs of 4 in hearts there join end to end (round 3 forbids it).
    assert_eq!(answer, json!({"ok": false, "contract": "2 runs of 4"}));
}

#[tokio::test]
async fn solve_answers_continental_hands_with_every_card_used() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "continental",
               "hand": "3H 4H 5H 6H 6S 7S 8S 9S 9D 10D JD QD AC 2C 3C"}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["leftover"], json!([]));
    assert_eq!(answer["melds"].as_array().unwrap().len(), 4);

    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "continental",
               "hand": "3H 4H 5H 6H 6S 7S 8S 9S 9D 10D JD QD AC 2C KD"}),
    )
    .await;
    assert_eq!(answer["ok"], false);
}

#[tokio::test]
async fn solve_finds_the_best_rommee_opening_when_asked_and_refuses_best_elsewhere() {
    let app = TestApp::new().await;
    let hand = "9H 10H JH QH KH AH 5S 5D 5C 2C";
    let best = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "rommee", "hand": hand, "best": true}),
    )
    .await;
    // 9-A of hearts (60) and three 5s (15).
    assert_eq!(best["points"], 75, "{best}");
    assert_eq!(best["leftover"], json!(["2C"]));
    let any = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "rommee", "hand": hand}),
    )
    .await;
    assert!(any["points"].as_u64().unwrap() >= 40, "{any}");

    let sentence = refused(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 1, "hand": hand, "best": true}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "\"best\" asks for the most valuable opening, but contract has contracts, not an \
         opening with minimum points; leave it out"
    );
    let sentence = refused(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 1, "hand": hand, "best": true, "lang": "de"})
            .to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        sentence.starts_with("„best“ fragt nach dem wertvollsten Auslegen"),
        "{sentence}"
    );
}

#[tokio::test]
async fn solve_finds_a_rommee_opening_worth_the_minimum_and_says_its_points() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "rommee", "hand": "QH KH AH 10S 10D 10C 4C 7D 9S"}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert!(answer["points"].as_u64().unwrap() >= 40, "{answer}");
    assert_eq!(answer["leftover"].as_array().unwrap().len(), 3);

    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "rommee", "hand": "2H 3H 4H 5C 7D 9S"}),
    )
    .await;
    assert_eq!(answer, json!({"ok": false, "contract": null}));
}

// --- score ---

#[tokio::test]
async fn the_score_example_counts_shanghai_penalties_to_75() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/score",
        json!({"rules": "shanghai", "cards": ["AS", "JK", "7H"]}),
    )
    .await;
    assert_eq!(answer, json!({"points": 75}));
    let answer = post_json(
        &app,
        "/api/v1/score",
        json!({"rules": "shanghai", "cards": "AS JK 7H", "options": {"joker_points": 25}}),
    )
    .await;
    assert_eq!(answer, json!({"points": 50}));
}

#[tokio::test]
async fn continental_has_no_card_points_so_score_is_refused_with_a_sentence() {
    let app = TestApp::new().await;
    let sentence = refused(
        &app,
        "/api/v1/score",
        json!({"rules": "continental", "cards": "AS"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(sentence.contains("has no card points"), "{sentence}");
}

// --- settle ---

fn transfers_realise(answer: &Value, players: &[&str]) {
    let nets: Vec<i64> = answer["net_cents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect();
    assert_eq!(nets.iter().sum::<i64>(), 0);
    let mut realised = vec![0i64; players.len()];
    for t in answer["transfers"].as_array().unwrap() {
        let at = |key: &str| {
            players
                .iter()
                .position(|p| *p == t[key].as_str().unwrap())
                .unwrap_or_else(|| panic!("{key} is a player's name: {t}"))
        };
        let cents = t["cents"].as_i64().unwrap();
        assert!(cents > 0);
        realised[at("from")] -= cents;
        realised[at("to")] += cents;
    }
    assert_eq!(realised, nets, "the transfers realise the nets");
}

#[tokio::test]
async fn the_settle_example_gives_the_rommee_seed_nets_and_transfers_by_name() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/settle",
        json!({"rules": "rommee", "players": ["A","B","C","D"], "totals": [220, 360, 140, 490],
               "cents_per_point": 1}),
    )
    .await;
    assert_eq!(answer["net_cents"], json!([330, -230, 650, -750]));
    assert_eq!(answer["places"], json!([2, 3, 1, 4]));
    assert_eq!(answer["scheme"], "pairwise");
    assert!(
        answer["transfers"]
            .as_array()
            .unwrap()
            .contains(&json!({"from": "D", "to": "C", "cents": 650})),
        "{answer}"
    );
    transfers_realise(&answer, &["A", "B", "C", "D"]);
}

#[tokio::test]
async fn settle_checks_player_names_as_a_new_game_does_forty_characters_and_plain_text() {
    let app = TestApp::new().await;
    let body = |name: &str| {
        json!({"rules": "hollywood", "players": ["Ann", name], "totals": [10, 40],
               "cents_per_point": 2})
    };
    let answer = post_json(&app, "/api/v1/settle", body(&"x".repeat(40))).await;
    assert_eq!(answer["net_cents"], json!([60, -60]));
    let sentence = refused(
        &app,
        "/api/v1/settle",
        body(&"x".repeat(41)).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "the name of player 2 is longer than 40 characters"
    );
    let sentence = refused(
        &app,
        "/api/v1/settle",
        body("Ben\tBo").to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "the name of player 2 holds a tab or line break; use plain text"
    );
    for hidden in [
        "Ann\u{200B}",
        "A\u{200D}nn",
        "\u{200F}Ann",
        "\u{2066}Ann\u{2069}",
    ] {
        let sentence = refused(
            &app,
            "/api/v1/settle",
            body(hidden).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(
            sentence.contains("player 2 holds an invisible character"),
            "{sentence}"
        );
    }
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "hollywood", "players": ["\u{00C1}nn", "A\u{0301}NN"],
               "totals": [10, 40], "cents_per_point": 2})
        .to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(sentence.contains("is given twice"), "{sentence}");
}

#[tokio::test]
async fn hollywood_settles_lowest_collects_at_the_value_per_point() {
    let app = TestApp::new().await;
    let answer = post_json(
        &app,
        "/api/v1/settle",
        json!({"rules": "hollywood", "players": ["Ann","Ben","Cy"], "totals": [10, 40, 70],
               "cents_per_point": 2}),
    )
    .await;
    assert_eq!(answer["net_cents"], json!([180, -60, -120]));
    transfers_realise(&answer, &["Ann", "Ben", "Cy"]);
}

#[tokio::test]
async fn progressive_settles_places_and_the_kitty_of_buys() {
    let app = TestApp::new().await;
    let players = ["Ann", "Ben", "Cy", "Di"];
    let answer = post_json(
        &app,
        "/api/v1/settle",
        json!({"rules": "progressive", "players": players, "totals": [50, 20, 90, 70],
               "buys": [1, 0, 2, 0]}),
    )
    .await;
    // Ben wins 2 + 4 + 6 = 12 plus the kitty of 3 buys; Ann paid 2 and 1 buy, and so on.
    assert_eq!(answer["net_cents"], json!([-3, 15, -8, -4]));
    assert_eq!(answer["places"], json!([2, 1, 4, 3]));
    transfers_realise(&answer, &players);
    let answer = post_json(
        &app,
        "/api/v1/settle",
        json!({"rules": "progressive", "players": players, "totals": [50, 20, 90, 70]}),
    )
    .await;
    assert_eq!(
        answer["net_cents"],
        json!([-2, 12, -6, -4]),
        "no buys given"
    );
}

#[tokio::test]
async fn continental_settles_units_from_hands_won_by_player_name() {
    let app = TestApp::new().await;
    let players = ["Ann", "Ben", "Cy"];
    let answer = post_json(
        &app,
        "/api/v1/settle",
        json!({"rules": "continental", "players": players, "cents_per_unit": 10,
               "hands": [{"winner": "Ben", "jokers": 2, "first_turn": false, "second_turn": false,
                          "one_suit": false, "no_wilds": false},
                         {"winner": "cy"}]}),
    )
    .await;
    // Ben: 1 + 2x2 = 5 units from each of two; Cy: 1 unit from each of two.
    assert_eq!(answer["net_cents"], json!([-60, 90, -30]));
    assert_eq!(answer["places"], json!([3, 1, 2]));
    assert_eq!(answer["scheme"], "units");
    transfers_realise(&answer, &players);

    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "continental", "players": players, "cents_per_unit": 10,
               "hands": [{"winner": "Zed"}]})
        .to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "hand 1: the winner \"Zed\" is not one of the players"
    );
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "continental", "players": players, "cents_per_unit": 10,
               "hands": [{"winner": "Ann", "first_turn": true}]})
        .to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "Hand 1: going out on the first turn is marked, but turn bonuses are not played."
    );
}

// --- rule sets ---

#[tokio::test]
async fn the_rule_set_list_has_all_ten_ids_in_order() {
    let app = TestApp::new().await;
    let response = app.get("/api/v1/rules").await;
    assert_eq!(response.status, StatusCode::OK);
    let answer = response.json();
    let ids: Vec<&str> = answer["rule_sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "contract",
            "liverpool",
            "may-i",
            "shanghai",
            "shanghai-powe",
            "shanghai-kolsov",
            "progressive",
            "continental",
            "rommee",
            "hollywood"
        ]
    );
    let first = &answer["rule_sets"][0];
    assert_eq!(first["name"], "Contract Rummy");
    assert_eq!(first["min_players"], 3);
    assert_eq!(first["max_players"], 5);
    assert_eq!(first["rounds"], 7);
    assert_eq!(first["url"], "/api/v1/rules/contract");
    assert_eq!(answer["rule_sets"][8]["rounds"], Value::Null, "rommee");
}

#[tokio::test]
async fn a_rule_set_lists_its_rounds_options_and_penalties() {
    let app = TestApp::new().await;
    let answer = app.get("/api/v1/rules/contract").await.json();
    assert_eq!(answer["name_de"], "Kontrakt-Rommé");
    assert!(answer["source"].as_str().unwrap().contains("pagat.com"));
    assert_eq!(answer["scheme"], "lowest-collects");
    assert_eq!(answer["schemes"], json!(["lowest-collects", "pairwise"]));
    assert_eq!(answer["rounds"].as_array().unwrap().len(), 7);
    assert_eq!(
        answer["rounds"][2],
        json!({"number": 3, "contract": "2 runs of 4", "contract_de": "2 Folgen à 4",
               "requirements": [[{"kind": "run", "min": 4}, {"kind": "run", "min": 4}]],
               "deal": 10, "go_out_all": false, "exact_minimum": true,
               "restrictions": ["no_contiguous_runs"],
               "buys": {"allowed": true, "limit": null, "extra_cards": 1},
               "needs_more_than_dealt": false})
    );
    assert_eq!(answer["rounds"][6]["go_out_all"], true);
    let jokers = answer["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "jokers")
        .unwrap();
    assert_eq!(jokers["type"], "bool");
    assert_eq!(jokers["default"], true);
    let ace = answer["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "ace")
        .unwrap();
    assert_eq!(ace["type"], "choice");
    assert_eq!(ace["values"], json!(["low-or-high", "high-only", "wrap"]));
    assert_eq!(answer["penalty"]["A"], 15);
    assert_eq!(answer["penalty"]["JK"], 15);
    assert_eq!(answer["penalty"]["K"], 10);
    assert_eq!(answer["melds"]["ace"], "low-or-high");

    let kolsov = app.get("/api/v1/rules/shanghai-kolsov").await.json();
    assert_eq!(
        kolsov["rounds"][7]["contract"],
        "1 set of 3 and 1 run of 10"
    );
    assert_eq!(kolsov["rounds"][7]["needs_more_than_dealt"], true);
    assert_eq!(
        kolsov["rounds"][0]["buys"],
        json!({"allowed": true, "limit": 2, "extra_cards": 2})
    );

    let continental = app.get("/api/v1/rules/continental").await.json();
    assert_eq!(continental["penalty"], Value::Null);
    assert_eq!(continental["rounds"][0]["total_cards"], 15);
    assert_eq!(continental["play"]["lay_off"], "not-at-all");
    assert_eq!(continental["play"]["going_out"], "face-down-discard");
}

#[tokio::test]
async fn a_rule_set_describes_lay_offs_joker_swaps_and_going_out_in_both_languages() {
    let app = TestApp::new().await;
    let contract = app.get("/api/v1/rules/contract").await.json();
    assert_eq!(contract["play"]["joker_swap"], "runs-only");
    assert_eq!(
        contract["play_notes"]["en"][0],
        "Lay off only from the turn after your own contract meld."
    );
    assert_eq!(contract["play_notes"]["de"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn rommee_says_it_has_one_round_per_player_instead_of_fixed_rounds() {
    let app = TestApp::new().await;
    let answer = app.get("/api/v1/rules/rommee").await.json();
    assert_eq!(answer["rounds"], json!([]));
    assert_eq!(answer["rounds_per_player"], true);
    assert_eq!(answer["each_round"]["deal"], 13);
    assert_eq!(answer["each_round"]["contract"], Value::Null);
    assert_eq!(answer["opening_points"], 40);
    assert_eq!(answer["melds"]["set_suits_differ"], true);
}

#[tokio::test]
async fn an_unknown_rule_set_id_is_a_404_json_sentence() {
    let app = TestApp::new().await;
    let response = app.get("/api/v1/rules/canasta").await;
    response.assert_refused(
        StatusCode::NOT_FOUND,
        Starts("unknown rule set \"canasta\"; known ones are: contract,"),
    );
}

// --- bad input ---

#[tokio::test]
async fn malformed_json_is_a_400_sentence_on_every_endpoint() {
    let app = TestApp::new().await;
    for path in [
        "/api/v1/check",
        "/api/v1/solve",
        "/api/v1/score",
        "/api/v1/settle",
    ] {
        let sentence = refused(&app, path, "{\"rules\": ", StatusCode::BAD_REQUEST).await;
        assert!(
            sentence.starts_with("The request body is not valid JSON"),
            "{path}: {sentence}"
        );
    }
}

#[tokio::test]
async fn wrong_types_missing_fields_and_unknown_fields_are_422_sentences() {
    let app = TestApp::new().await;
    let cases = [
        (
            "/api/v1/check",
            json!({"rules": "contract", "round": "three", "melds": "3H"}),
            "invalid type: string \"three\"",
        ),
        (
            "/api/v1/check",
            json!({"rules": "contract", "round": 1, "melds": 5}),
            "expected a list of melds",
        ),
        (
            "/api/v1/score",
            json!({"rules": "shanghai", "cards": [1, 2]}),
            "invalid type: integer `1`",
        ),
        (
            "/api/v1/solve",
            json!({"rules": "contract", "round": 1}),
            "missing field `hand`",
        ),
        (
            "/api/v1/score",
            json!({"rules": "shanghai", "card": "AS"}),
            "unknown field `card`",
        ),
    ];
    for (path, body, part) in cases {
        let sentence = refused(
            &app,
            path,
            body.to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(sentence.contains(part), "{body}: {sentence}");
    }
}

#[tokio::test]
async fn unknown_rule_sets_options_and_bad_option_values_are_named() {
    let app = TestApp::new().await;
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let sentence = refused(
        &app,
        "/api/v1/check",
        json!({"rules": "canasta", "round": 1, "melds": "3H 3S 3D"}).to_string(),
        unprocessable,
    )
    .await;
    assert!(
        sentence.starts_with("unknown rule set \"canasta\""),
        "{sentence}"
    );
    let sentence = refused(
        &app,
        "/api/v1/score",
        json!({"rules": "contract", "cards": "3H", "options": {"jokerz": false}}).to_string(),
        unprocessable,
    )
    .await;
    assert!(
        sentence.starts_with("unknown option \"jokerz\" for contract; its options are: jokers,"),
        "{sentence}"
    );
    let sentence = refused(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 1, "hand": "3H", "options": {"jokers": "no"}})
            .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(sentence, "option \"jokers\" is true or false, not \"no\"");
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "rommee", "players": ["A", "B"], "totals": [1, 2], "cents_per_point": 1,
               "options": {"opening_points": 45}})
        .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "option \"opening_points\" is 30, 40 or 50, not 45"
    );
}

#[tokio::test]
async fn a_bad_card_is_named_with_its_meld() {
    let app = TestApp::new().await;
    for melds in [
        json!([["3H", "4H", "5H", "6H"], ["8H", "9H", "11H", "JH"]]),
        json!("3H 4H 5H 6H | 8H 9H 11H JH"),
    ] {
        let sentence = refused(
            &app,
            "/api/v1/check",
            json!({"rules": "contract", "round": 3, "melds": melds}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(sentence, "unknown card \"11H\" in meld 2");
    }
    let sentence = refused(
        &app,
        "/api/v1/score",
        json!({"rules": "shanghai", "cards": "AS ZZ"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(sentence, "unknown card \"ZZ\"");
}

#[tokio::test]
async fn rounds_out_of_range_or_missing_are_refused() {
    let app = TestApp::new().await;
    for (round, expected) in [
        (
            json!(0),
            "round 0 is out of range: Contract Rummy has rounds 1 to 7",
        ),
        (
            json!(99),
            "round 99 is out of range: Contract Rummy has rounds 1 to 7",
        ),
        (
            json!(-2),
            "round -2 is out of range: rounds are numbered from 1",
        ),
        (
            Value::Null,
            "\"round\" is missing: Contract Rummy has rounds 1 to 7",
        ),
    ] {
        for (path, cards) in [("/api/v1/check", "melds"), ("/api/v1/solve", "hand")] {
            let sentence = refused(
                &app,
                path,
                json!({"rules": "contract", "round": round, cards: "3H 3S 3D"}).to_string(),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
            assert_eq!(sentence, expected, "{path}");
        }
    }
    let sentence = refused(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "melds": "3H 3S 3D"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "\"round\" is missing: Contract Rummy has rounds 1 to 7"
    );
}

#[tokio::test]
async fn an_empty_meld_is_refused_with_its_number() {
    let app = TestApp::new().await;
    for melds in [
        json!([["3H", "3S", "3D"], []]),
        json!("3H 3S 3D || 5C 5D 5S"),
    ] {
        let sentence = refused(
            &app,
            "/api/v1/check",
            json!({"rules": "contract", "round": 1, "melds": melds}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(sentence, "meld 2 is empty");
    }
}

#[tokio::test]
async fn absurd_sizes_are_refused_before_any_search() {
    let app = TestApp::new().await;
    let sixty_one = vec!["5H"; 61];
    for (path, body) in [
        (
            "/api/v1/score",
            json!({"rules": "shanghai", "cards": sixty_one}),
        ),
        (
            "/api/v1/check",
            json!({"rules": "contract", "round": 1, "melds": [sixty_one]}),
        ),
        (
            "/api/v1/solve",
            json!({"rules": "contract", "round": 1, "hand": sixty_one.join(" ")}),
        ),
    ] {
        let sentence = refused(
            &app,
            path,
            body.to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(
            sentence, "too many cards: 61 given, at most 60 are accepted",
            "{path}"
        );
    }
    let sentence = refused(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 1, "hand": vec!["5H"; 31]}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "a hand of 31 cards is too large to solve; at most 30 are accepted"
    );
    let melds = vec![vec!["5H"]; 21];
    let sentence = refused(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 1, "melds": melds}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "too many melds: 21 given, at most 20 are accepted"
    );
    let huge = format!(
        "{{\"rules\": \"shanghai\", \"cards\": \"{}\"}}",
        "5H ".repeat(30_000)
    );
    let sentence = refused(&app, "/api/v1/score", huge, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert_eq!(sentence, "The request is too large; send at most 64 KiB.");
}

#[tokio::test]
async fn settle_refuses_lists_that_do_not_match_the_players() {
    let app = TestApp::new().await;
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "rommee", "players": ["A","B","C","D"], "totals": [220, 360, 140],
               "cents_per_point": 1})
        .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(sentence, "4 players but 3 totals were given.");
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "progressive", "players": ["A","B","C"], "totals": [1, 2, 3],
               "buys": [1, 0]})
        .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(sentence, "3 players but 2 buy counts were given.");
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "rommee", "players": ["A","B"], "totals": [1, 2]}).to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "\"cents_per_point\" is missing: rommee (pairwise settlement) needs it"
    );
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "continental", "players": ["A","B"], "totals": [1, 2],
               "cents_per_unit": 1})
        .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "\"totals\" is not used by continental (units settlement); send \"hands\" and \"cents_per_unit\""
    );
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "rommee", "players": ["A","B"], "totals": [1, 2], "cents_per_point": -1})
            .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "The value per point cannot be negative, but -1 cents was given."
    );
}

#[tokio::test]
async fn settle_refuses_a_value_per_point_for_places_and_more_jokers_than_the_decks_hold() {
    let app = TestApp::new().await;
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    // Progressive settles by places: a value per point is refused, naming the field, in
    // both languages (no English inside the German).
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "progressive", "players": ["A","B","C"], "totals": [1, 2, 3],
               "cents_per_point": 5})
        .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "\"cents_per_point\" is not used by progressive (places settlement); send \"totals\" and \"buys\""
    );
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "progressive", "players": ["A","B","C"], "totals": [1, 2, 3],
               "cents_per_point": 5, "lang": "de"})
        .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "„cents_per_point“ gilt nicht für Progressives Rommé (Abrechnung: Nach Plätzen); sendet „totals“ und „buys“"
    );
    // Continental's decks hold 2 jokers at a table of 2 to 5: a hand of 3 is refused with
    // the games' sentence.
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "continental", "players": ["A","B","C"], "cents_per_unit": 10,
               "hands": [{"winner": "A", "jokers": 3}]})
        .to_string(),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "Hand 1: The winning hand cannot hold 3 jokers: the cards in play hold only 2."
    );
}

#[tokio::test]
async fn settle_refuses_empty_duplicate_or_too_many_names() {
    let app = TestApp::new().await;
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let settle = |players: Value| {
        let totals: Vec<i64> = vec![0; players.as_array().unwrap().len()];
        json!({"rules": "hollywood", "players": players, "totals": totals, "cents_per_point": 1})
            .to_string()
    };
    let sentence = refused(
        &app,
        "/api/v1/settle",
        settle(json!(["Ann", "Ben", "Ann"])),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "the name \"Ann\" is given twice; every player needs a different name"
    );
    let sentence = refused(
        &app,
        "/api/v1/settle",
        settle(json!(["Ann", ""])),
        unprocessable,
    )
    .await;
    assert_eq!(sentence, "player 2 has no name");
    let sentence = refused(
        &app,
        "/api/v1/settle",
        settle(json!(["A", "B", "C", "D", "E", "F", "G", "H", "I"])),
        unprocessable,
    )
    .await;
    assert_eq!(
        sentence,
        "Hollywood Rummy is played by 2 to 8 players, not 9"
    );
    let long = "x".repeat(41);
    let sentence = refused(
        &app,
        "/api/v1/settle",
        settle(json!(["Ann", long])),
        unprocessable,
    )
    .await;
    // The settle API checks names as a new game does.
    assert_eq!(
        sentence,
        "the name of player 2 is longer than 40 characters"
    );
}

#[tokio::test]
async fn a_body_without_the_json_content_type_is_a_415_sentence() {
    let app = TestApp::new().await;
    let response = app
        .send(
            Request::post("/api/v1/score")
                .body(Body::from(r#"{"rules": "shanghai", "cards": "AS"}"#))
                .unwrap(),
        )
        .await;
    response.assert_refused(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        Has("Content-Type: application/json"),
    );
}

#[tokio::test]
async fn get_on_a_post_endpoint_is_a_405_json_sentence() {
    let app = TestApp::new().await;
    let response = app.get("/api/v1/check").await;
    response.assert_refused(
        StatusCode::METHOD_NOT_ALLOWED,
        Is("This address does not accept GET requests."),
    );
}

/// Every value the catalogue offers for an option: both on/off, each listed number (or, for a
/// plain range, every number of a short range, else its ends and its default), each word, a
/// list of the allowed length.
fn offered_values(option: &Value, players: usize) -> Vec<Value> {
    match option["type"].as_str().unwrap() {
        "bool" => vec![json!(true), json!(false)],
        "int" => {
            if let Some(values) = option["values"].as_array() {
                return values.clone();
            }
            let (min, max) = (
                option["min"].as_i64().unwrap(),
                option["max"].as_i64().unwrap(),
            );
            if max - min <= 60 {
                (min..=max).map(|n| json!(n)).collect()
            } else {
                vec![json!(min), json!(max), option["default"].clone()]
            }
        }
        "choice" => option["values"].as_array().unwrap().clone(),
        "list" => {
            let max = option["max"].as_i64().unwrap();
            let len = players.min(option["max_len"].as_u64().unwrap() as usize);
            vec![json!(
                (0..len as i64)
                    .map(|i| (i * 2).min(max))
                    .collect::<Vec<_>>()
            )]
        }
        other => panic!("unknown option type {other}"),
    }
}

#[tokio::test]
async fn every_option_value_the_catalogue_offers_sets_up_a_game() {
    let app = TestApp::new().await;
    let list = app.get("/api/v1/rules").await.json();
    let mut tried = 0;
    for rule_set in list["rule_sets"].as_array().unwrap() {
        let id = rule_set["id"].as_str().unwrap();
        let detail = app.get(&format!("/api/v1/rules/{id}")).await.json();
        let players = rule_set["min_players"].as_u64().unwrap().max(3) as usize;
        let players = players.min(rule_set["max_players"].as_u64().unwrap() as usize);
        let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
        for option in detail["options"].as_array().unwrap() {
            let name = option["name"].as_str().unwrap();
            for value in offered_values(option, players) {
                let body = json!({"rules": id, "players": names, "options": {name: value}});
                let response = post(&app, "/api/v1/games", body.to_string()).await;
                assert_eq!(
                    response.status,
                    StatusCode::CREATED,
                    "{id}: option {name} = {value}: {}",
                    response.body
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 100, "{tried}");
    // Rommé's cards dealt are offered as 10, 13 and 15 only, Hollywood's contracts as 4, 5, 7.
    let rommee = app.get("/api/v1/rules/rommee").await.json();
    let dealt = rommee["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "cards_dealt")
        .unwrap();
    assert_eq!(dealt["values"], json!([10, 13, 15]));
    let hollywood = app.get("/api/v1/rules/hollywood").await.json();
    let contracts = hollywood["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "contracts")
        .unwrap();
    assert_eq!(contracts["values"], json!([4, 5, 7]));
}

/// Posts JSON with an Accept-Language header.
async fn post_in(app: &TestApp, path: &str, accept: &str, body: Value) -> TestResponse {
    app.post_json_with(path, body.to_string(), &[("accept-language", accept)])
        .await
}

#[tokio::test]
async fn the_referee_answers_in_the_bodys_lang_or_the_accept_language_with_codes_unchanged() {
    let app = TestApp::new().await;
    let melds = "3H 4H 5H 6H | 7H 8H 9H 10H";
    let german = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 3, "melds": melds, "lang": "de"}),
    )
    .await;
    let english = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 3, "melds": melds}),
    )
    .await;
    assert_eq!(german["problems"][0]["code"], "contiguous_runs");
    assert_eq!(german["problems"][0]["a"], english["problems"][0]["a"]);
    assert_eq!(
        german["problems"][0]["message"],
        "♥3-6 (Meldung 1) und ♥7-10 (Meldung 2) schließen lückenlos aneinander an; in Runde 3 \
         brauchen zwei Folgen einer Farbe eine Lücke oder eine Überschneidung."
    );
    // The header alone, and the body winning over it.
    let by_header = post_in(
        &app,
        "/api/v1/check",
        "de-CH,de;q=0.9",
        json!({"rules": "contract", "round": 3, "melds": melds}),
    )
    .await;
    assert_eq!(
        by_header.json()["problems"][0]["message"],
        german["problems"][0]["message"]
    );
    let body_wins = post_in(
        &app,
        "/api/v1/check",
        "de",
        json!({"rules": "contract", "round": 3, "melds": melds, "lang": "en"}),
    )
    .await;
    assert_eq!(
        body_wins.json()["problems"][0]["message"],
        english["problems"][0]["message"]
    );

    // Errors of every referee endpoint.
    let sentence = refused(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 9, "melds": melds, "lang": "de"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "Runde 9 gibt es nicht: Kontrakt-Rommé hat die Runden 1 bis 7"
    );
    let sentence = refused(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 1, "hand": "3H 11H", "lang": "de"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(sentence.contains("„11H“"), "{sentence}");
    let sentence = refused(
        &app,
        "/api/v1/score",
        json!({"rules": "continental", "cards": "AS", "lang": "de"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "Continental Rommé hat keine Kartenpunkte: gezählt werden Einheiten je gewonnener Hand; \
         nutzt /api/v1/settle mit „hands“"
    );
    let sentence = refused(
        &app,
        "/api/v1/settle",
        json!({"rules": "hollywood", "players": ["A", "B"], "lang": "de"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "„totals“ fehlt: Hollywood-Rommé (Abrechnung: Niedrigster kassiert) braucht es"
    );
    let sentence = refused(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 1, "melds": melds, "lang": "fr"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(sentence, "\"lang\" is \"en\" or \"de\", not \"fr\"");
}

#[tokio::test]
async fn the_games_api_answers_in_the_bodys_lang() {
    let app = TestApp::new().await;
    let response = post(
        &app,
        "/api/v1/games",
        json!({"rules": "contract", "players": ["A"], "lang": "de"}).to_string(),
    )
    .await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = response.json();
    assert_eq!(body["problems"][0]["code"], "player_count");
    assert_eq!(
        body["problems"][0]["message"],
        "Kontrakt-Rommé wird von 3 bis 5 Personen gespielt, nicht von 1."
    );
    let created = post(
        &app,
        "/api/v1/games",
        json!({"rules": "contract", "players": ["A", "B", "C"], "lang": "de"}).to_string(),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let round = post(
        &app,
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "A", "points": {"B": 5}, "lang": "de"}).to_string(),
    )
    .await;
    assert_eq!(
        round.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        round.body
    );
    let answer = round.json();
    assert_eq!(answer["problems"][0]["code"], "missing_penalty", "{answer}");
    assert_eq!(
        answer["problems"][0]["message"],
        "Tragt die Punkte von C ein oder die Karten, die C noch auf der Hand hat."
    );
    let undo = post(
        &app,
        &format!("/api/v1/games/{id}/undo"),
        json!({"lang": "de"}).to_string(),
    )
    .await;
    undo.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Is("Es gibt keine Runde zum Zurücknehmen."),
    );
    // A game that is not there, in the Accept-Language header's language.
    let missing = app
        .get_in("/api/v1/games/0123456789abcdef0123456789abcdef", "de")
        .await;
    missing.assert_refused(
        StatusCode::NOT_FOUND,
        Is("Unter dieser Adresse gibt es keine Partie. Prüft den Link, den ihr bekommen habt."),
    );
    let missing = app
        .get("/api/v1/games/0123456789abcdef0123456789abcdef")
        .await;
    assert_eq!(
        missing.error_sentence(),
        "There is no game at this address. Check the link you were given."
    );
}

#[tokio::test]
async fn rule_fidelity_errors_are_422_with_a_sentence_and_a_short_hand_cannot_go_out() {
    let app = TestApp::new().await;
    // A joker left in hand in a game played without jokers.
    let sentence = refused(
        &app,
        "/api/v1/score",
        json!({"rules": "contract", "cards": "AS JK", "options": {"jokers": false}}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        sentence,
        "Contract Rummy is played without jokers here, so no joker can be left in hand"
    );
    // Rommé has no rounds to check.
    let sentence = refused(
        &app,
        "/api/v1/check",
        json!({"rules": "rommee", "round": 2, "melds": "QH KH AH"}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        sentence.starts_with("\"round\" is not used by German Rommé"),
        "{sentence}"
    );
    // Rommé pairs are no meld.
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "rommee", "melds": "QD QS | KS KC | JD JC"}),
    )
    .await;
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["problems"][0]["code"], "too_short");
    // Round 7 deals 12: three runs of four are not a whole hand after drawing.
    let hand = "3H 4H 5H 6H 9S 10S JS QS 2D 3D 4D JK";
    let answer = post_json(
        &app,
        "/api/v1/solve",
        json!({"rules": "contract", "round": 7, "hand": hand}),
    )
    .await;
    assert_eq!(answer["ok"], false, "{answer}");
    let answer = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 7, "melds": "3H 4H 5H 6H | 9S 10S JS QS | 2D 3D 4D JK"}),
    )
    .await;
    assert_eq!(answer["problems"][0]["code"], "too_few_to_go_out");
    assert_eq!(answer["problems"][0]["needed"], 13);
}
