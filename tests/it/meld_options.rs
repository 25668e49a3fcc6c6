//! The house-rule meld options of issue 9 (`same_suit_runs`, `wilds_per_meld`,
//! `all_wild_melds`; docs/RULES.md sections 2 and 3) through every surface: the catalogue,
//! `/check` and `/solve`, the checker page, the new-game form and the game it makes, and the
//! command line. And the catalogue's promise: a form built from it never offers a value the
//! engine refuses.

use crate::common::Said::Has;
use crate::common::{
    TestApp, TestResponse, form_fields, kontrakt_cli, pairs, post_checker, post_form, text,
};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// POSTs `body` as JSON and returns the 200 answer's JSON.
async fn post_json(app: &TestApp, path: &str, body: Value) -> Value {
    app.post_json_expecting(path, body, StatusCode::OK).await
}

/// `/api/v1/check` of Contract Rummy round `round` with these melds and `options`: the 200
/// answer.
async fn check(app: &TestApp, round: u8, melds: &str, options: Value) -> Value {
    let body = json!({"rules": "contract", "round": round, "melds": melds, "options": options});
    post_json(app, "/api/v1/check", body).await
}

/// `/api/v1/solve` of Contract Rummy round `round` for `hand` with `options`: the 200 answer.
async fn solve(app: &TestApp, round: u8, hand: &str, options: Value) -> Value {
    let body = json!({"rules": "contract", "round": round, "hand": hand, "options": options});
    post_json(app, "/api/v1/solve", body).await
}

/// Every rule set of the catalogue (`/api/v1/rules`): its id, its detail
/// (`/api/v1/rules/{id}`) and a table it is played at (3 players, or its nearest bound).
async fn catalogue(app: &TestApp) -> Vec<(String, Value, usize)> {
    let list = app.get("/api/v1/rules").await.json();
    let mut all = Vec::new();
    for rule_set in list["rule_sets"].as_array().unwrap() {
        let id = rule_set["id"].as_str().unwrap();
        let detail = app.get(&format!("/api/v1/rules/{id}")).await.json();
        let players = (rule_set["min_players"].as_u64().unwrap().max(3))
            .min(rule_set["max_players"].as_u64().unwrap()) as usize;
        all.push((id.to_owned(), detail, players));
    }
    all
}

fn option<'a>(detail: &'a Value, name: &str) -> Option<&'a Value> {
    detail["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == name)
}

fn codes(answer: &Value) -> Vec<String> {
    answer["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap().to_owned())
        .collect()
}

const TOUCHING: &str = "3H 4H 5H 6H | 7H 8H 9H 10H";
const ONE_APART: &str = "3H 4H 5H 6H | 8H 9H 10H JH";
const TWO_APART: &str = "3H 4H 5H 6H | 9H 10H JH QH";
const TWO_SUITS: &str = "3H 4H 5H 6H | 3S 4S 5S 6S";

#[tokio::test]
async fn the_catalogue_lists_the_meld_options_with_each_presets_default() {
    let app = TestApp::new().await;
    for (id, same_suit, wilds, all_wild) in [
        ("contract", Some("not-touching"), "any", Some(false)),
        ("liverpool", Some("not-touching"), "any", Some(false)),
        ("shanghai", Some("not-touching"), "one", None),
        ("shanghai-powe", Some("never"), "one", None),
        ("may-i", Some("any"), "any", Some(false)),
        ("progressive", Some("any"), "any", Some(true)),
        ("hollywood", None, "any", Some(false)),
        ("rommee", None, "two-naturals", None),
    ] {
        let detail = app.get(&format!("/api/v1/rules/{id}")).await.json();
        match same_suit {
            Some(default) => {
                let o = option(&detail, "same_suit_runs").expect(id);
                assert_eq!(o["type"], "choice", "{id}");
                assert_eq!(
                    o["values"],
                    json!(["any", "not-touching", "gap-2", "never"]),
                    "{id}"
                );
                assert_eq!(o["default"], default, "{id}");
            }
            None => assert!(option(&detail, "same_suit_runs").is_none(), "{id}"),
        }
        let o = option(&detail, "wilds_per_meld").expect(id);
        assert_eq!(
            o["values"],
            json!(["any", "one", "two-naturals", "half", "third"]),
            "{id}"
        );
        assert_eq!(o["default"], wilds, "{id}");
        match all_wild {
            Some(default) => {
                let o = option(&detail, "all_wild_melds").expect(id);
                assert_eq!(
                    (o["type"].clone(), o["default"].clone()),
                    (json!("bool"), json!(default)),
                    "{id}"
                );
            }
            None => assert!(option(&detail, "all_wild_melds").is_none(), "{id}"),
        }
    }
}

#[tokio::test]
async fn check_and_solve_follow_each_same_suit_runs_value() {
    let app = TestApp::new().await;
    // (value, the four contract melds' problem codes: touching, one apart, two apart, two suits)
    let expected: [(&str, [&[&str]; 4]); 4] = [
        ("any", [&[], &[], &[], &[]]),
        ("not-touching", [&["contiguous_runs"], &[], &[], &[]]),
        (
            "gap-2",
            [&["contiguous_runs"], &["runs_too_close"], &[], &[]],
        ),
        (
            "never",
            [
                &["same_suit_runs"],
                &["same_suit_runs"],
                &["same_suit_runs"],
                &[],
            ],
        ),
    ];
    for (value, codes_of) in expected {
        for (melds, want) in [TOUCHING, ONE_APART, TWO_APART, TWO_SUITS]
            .iter()
            .zip(codes_of)
        {
            let answer = check(&app, 3, melds, json!({"same_suit_runs": value})).await;
            assert_eq!(codes(&answer), want, "{value}: {melds}: {answer}");
            assert_eq!(answer["ok"], want.is_empty(), "{value}: {melds}");
        }
    }
    let too_close = post_json(
        &app,
        "/api/v1/check",
        json!({"rules": "contract", "round": 3, "melds": ONE_APART,
               "options": {"same_suit_runs": "gap-2"}, "lang": "de"}),
    )
    .await;
    let problem = &too_close["problems"][0];
    assert_eq!(
        (
            problem["a"].clone(),
            problem["b"].clone(),
            problem["gap"].clone()
        ),
        (json!(1), json!(2), json!(2))
    );
    assert!(
        problem["message"]
            .as_str()
            .unwrap()
            .starts_with("Meldungen 1 und 2 sind Folgen in Herz mit weniger als 2 Rängen"),
        "{problem}"
    );

    // The solver: eight hearts in two runs one rank apart; two apart is enough for gap-2,
    // not for never.
    let one_apart = "3H 4H 5H 6H 8H 9H 10H JH";
    let two_apart = "3H 4H 5H 6H 9H 10H JH QH";
    for (hand, value, ok) in [
        (one_apart, "any", true),
        (one_apart, "not-touching", true),
        (one_apart, "gap-2", false),
        (one_apart, "never", false),
        (two_apart, "gap-2", true),
        (two_apart, "never", false),
    ] {
        let answer = solve(&app, 3, hand, json!({"same_suit_runs": value})).await;
        assert_eq!(answer["ok"], ok, "{hand}: {value}: {answer}");
    }
}

#[tokio::test]
async fn check_and_solve_follow_each_wild_cap_and_all_wild_melds() {
    let app = TestApp::new().await;
    // Round 2 of contract: a set of 3 and a run of 4.
    let two_of_three = "5C JK JK | 3H 4H 5H 6H";
    let two_of_four = "5C 5D 5S | 3H 4H JK JK";
    let one_of_three = "5C 5D JK | 3H 4H 5H 6H";
    let expected: [(&str, [&[&str]; 3]); 5] = [
        ("any", [&[], &[], &[]]),
        ("one", [&["too_many_wilds"], &["too_many_wilds"], &[]]),
        ("two-naturals", [&["too_few_naturals"], &[], &[]]),
        // Half: naturals at least as many as wilds.
        ("half", [&["too_many_wilds"], &[], &[]]),
        ("third", [&["too_many_wilds"], &["too_many_wilds"], &[]]),
    ];
    for (value, codes_of) in expected {
        for (melds, want) in [two_of_three, two_of_four, one_of_three]
            .iter()
            .zip(codes_of)
        {
            let answer = check(&app, 2, melds, json!({"wilds_per_meld": value})).await;
            assert_eq!(codes(&answer), want, "{value}: {melds}: {answer}");
        }
    }
    let third = check(&app, 2, two_of_four, json!({"wilds_per_meld": "third"})).await;
    let problem = &third["problems"][0];
    assert_eq!(
        (
            problem["share"].clone(),
            problem["wilds"].clone(),
            problem["len"].clone()
        ),
        (json!("third"), json!(2), json!(4)),
        "{problem}"
    );
    assert_eq!(
        problem["message"],
        "Meld 2 has 2 wild cards of 4; here at most a third of a meld may be wild."
    );
    // The solver keeps to the cap: two jokers cannot make a run of 4 with two naturals under
    // a third, they can under half.
    let hand = "5C 5D 5S 3H 4H JK JK";
    for (value, ok) in [("half", true), ("third", false), ("any", true)] {
        let answer = solve(&app, 2, hand, json!({"wilds_per_meld": value})).await;
        assert_eq!(answer["ok"], ok, "{value}: {answer}");
    }

    // all_wild_melds: only declared, only where switched on.
    let declared = "JK=5H JK=5D JK=5S | 7C 7D 7S";
    for (melds, on, want) in [
        (declared, true, &[][..]),
        (declared, false, &["no_natural"]),
        ("JK JK JK | 7C 7D 7S", true, &["all_wild_undeclared"]),
    ] {
        let answer = check(&app, 1, melds, json!({"all_wild_melds": on})).await;
        assert_eq!(codes(&answer), want, "{melds}: {on}: {answer}");
    }
    // The solver lays an all-wild set only where they are allowed, and declares it.
    for (on, ok) in [(true, true), (false, false)] {
        let answer = solve(&app, 1, "JK JK JK JK JK JK", json!({"all_wild_melds": on})).await;
        assert_eq!(answer["ok"], ok, "{on}: {answer}");
        if ok {
            let notation = answer["notation"].as_array().unwrap();
            assert!(
                notation
                    .iter()
                    .all(|m| m.as_str().unwrap().matches("JK=").count() == 3),
                "{answer}"
            );
        }
    }
}

#[tokio::test]
async fn the_checker_page_offers_the_meld_options_and_answers_by_them() {
    let app = TestApp::new().await;
    let page = app.get("/check?rules=contract&round=3").await;
    assert_eq!(page.status, StatusCode::OK);
    for value in ["any", "not-touching", "gap-2", "never"] {
        assert!(
            page.body.contains(&format!("<option value=\"{value}\"")),
            "{value}"
        );
    }
    for value in ["one", "two-naturals", "half", "third"] {
        assert!(
            page.body.contains(&format!("<option value=\"{value}\"")),
            "{value}"
        );
    }
    assert!(page.body.contains("name=\"opt.same_suit_runs\""));
    assert!(page.body.contains("name=\"opt.wilds_per_meld\""));
    assert!(page.body.contains("name=\"opt.all_wild_melds\""));

    // The page answers by the option chosen on it: the checker and the solver.
    let hand = "3H 4H 5H 6H 8H 9H 10H JH";
    for (value, cards, action, lang, says) in [
        (
            "gap-2",
            ("melds", ONE_APART),
            "check",
            "en",
            &[
                "Not legal.",
                "Melds 1 and 2 are runs in hearts with fewer than 2 ranks between them",
            ][..],
        ),
        (
            "gap-2",
            ("melds", TWO_APART),
            "check",
            "en",
            &["Legal: these melds make the contract."],
        ),
        (
            "never",
            ("melds", TWO_APART),
            "check",
            "de",
            &[
                "Meldungen 1 und 2 sind beide Folgen in Herz; jede Folge braucht hier ihre eigene Farbe.",
            ],
        ),
        (
            "gap-2",
            ("hand", hand),
            "solve",
            "en",
            &["No: these 8 cards do not make 2 runs of 4."],
        ),
        (
            "not-touching",
            ("hand", hand),
            "solve",
            "en",
            &["Yes, you can go down with:"],
        ),
    ] {
        let fields = [("opt.same_suit_runs", value), cards];
        let response = post_checker(&app, ("contract", "3"), &fields, action, lang).await;
        let page = text(&response.body);
        assert_eq!(response.status, StatusCode::OK, "{value} {cards:?}: {page}");
        for part in says {
            assert!(
                page.contains(part),
                "{value} {cards:?} {lang}: {part}: {page}"
            );
        }
    }
    // A value the option does not have is a sentence beside the options, not a 500.
    let bad = app
        .get("/check?rules=contract&round=3&opt.same_suit_runs=gap-3")
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        text(&bad.body).contains("same_suit_runs") && text(&bad.body).contains("gap-3"),
        "{}",
        text(&bad.body)
    );
}

/// The new-game form of `rules`, in English.
async fn new_game_form(app: &TestApp, rules: &str) -> TestResponse {
    let page = app.get(&format!("/games/new?rules={rules}")).await;
    assert_eq!(page.status, StatusCode::OK, "{rules}");
    page
}

/// The `<option>` values of the form's `<select name="{name}">`, in order.
fn select_values(body: &str, name: &str) -> Option<Vec<String>> {
    let start = body.find(&format!(
        "<select id=\"{}\" name=\"{name}\"",
        name.replace('.', "-")
    ))?;
    let select = &body[start..];
    let end = select.find("</select>")?;
    Some(
        select[..end]
            .split("<option value=\"")
            .skip(1)
            .map(|o| o[..o.find('"').unwrap()].to_owned())
            .collect(),
    )
}

/// The values of the form's radio buttons `name`, in order; None without any.
fn radio_values(body: &str, name: &str) -> Option<Vec<String>> {
    let marker = format!("<input type=\"radio\" name=\"{name}\" value=\"");
    let values: Vec<String> = body
        .split(&marker)
        .skip(1)
        .map(|o| o[..o.find('"').unwrap()].to_owned())
        .collect();
    (!values.is_empty()).then_some(values)
}

/// The fields of a new-game form as the page fills them in (`common::form_fields`), the
/// players named: each post is a new request, without the form's key.
fn filled_form(body: &str, players: usize) -> Vec<(String, String)> {
    let mut fields = form_fields(body);
    fields.retain(|(name, _)| name != "player" && name != "key");
    fields.extend((1..=players).map(|i| ("player".to_owned(), format!("P{i}"))));
    fields
}

#[tokio::test]
async fn every_value_a_new_game_form_offers_is_the_catalogues_and_starts_a_game() {
    let app = TestApp::new().await;
    let mut tried = 0;
    for (id, detail, players) in catalogue(&app).await {
        let form = new_game_form(&app, &id).await;
        let base = filled_form(&form.body, players);
        for o in detail["options"].as_array().unwrap() {
            let name = o["name"].as_str().unwrap();
            let field = if name == "settlement" {
                "settlement".to_owned()
            } else {
                format!("opt.{name}")
            };
            let offered = if name == "settlement" {
                radio_values(&form.body, "settlement")
            } else {
                select_values(&form.body, &field)
            };
            let Some(offered) = offered else {
                // Not a choice list: a checkbox or a number typed in.
                assert!(
                    o["values"].is_null() || o["type"] == "bool",
                    "{id}: {name} has values {} but the form offers no list",
                    o["values"]
                );
                continue;
            };
            let catalogue: Vec<String> = o["values"]
                .as_array()
                .unwrap_or_else(|| panic!("{id}: {name} is a list on the form only"))
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                .collect();
            // The same values (the radio buttons of the settlement keep their own order).
            let (mut a, mut b) = (offered.clone(), catalogue.clone());
            a.sort();
            b.sort();
            assert_eq!(a, b, "{id}: {name}");
            for value in offered {
                let mut fields = base.clone();
                for (k, v) in &mut fields {
                    if *k == field {
                        *v = value.clone();
                    }
                }
                let pairs = pairs(&fields);
                let response = post_form(&app, "/games", &pairs, "en").await;
                assert_eq!(
                    response.status,
                    StatusCode::SEE_OTHER,
                    "{id}: {field} = {value}: {}",
                    text(&response.body)
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 60, "{tried}");
}

#[tokio::test]
async fn a_game_started_with_house_rules_keeps_them_and_its_checker_link_carries_them() {
    let app = TestApp::new().await;
    let form = new_game_form(&app, "contract").await;
    let mut fields = filled_form(&form.body, 3);
    for (k, v) in &mut fields {
        match k.as_str() {
            "opt.same_suit_runs" => *v = "gap-2".to_owned(),
            "opt.wilds_per_meld" => *v = "third".to_owned(),
            _ => {}
        }
    }
    fields.push(("opt.all_wild_melds".to_owned(), "on".to_owned()));
    let pairs = pairs(&fields);
    let response = post_form(&app, "/games", &pairs, "en").await;
    assert_eq!(
        response.status,
        StatusCode::SEE_OTHER,
        "{}",
        text(&response.body)
    );
    let id = response
        .header("location")
        .strip_prefix("/games/")
        .unwrap()
        .to_owned();
    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    let options = &state["options"];
    assert_eq!(options["same_suit_runs"], "gap-2", "{state}");
    assert_eq!(options["wilds_per_meld"], "third", "{state}");
    assert_eq!(options["all_wild_melds"], true, "{state}");
    let page = app.get(&format!("/games/{id}")).await;
    let body = page.body.replace("&amp;", "&");
    let at = body.find("href=\"/check?rules=").expect("a checker link") + "href=\"".len();
    let link = &body[at..at + body[at..].find('"').unwrap()];
    for part in [
        "opt.same_suit_runs=gap-2",
        "opt.wilds_per_meld=third",
        "opt.all_wild_melds=",
    ] {
        assert!(link.contains(part), "{link}");
    }
    // The API's game takes them too.
    let created = app
        .post_json(
            "/api/v1/games",
            json!({"rules": "liverpool", "players": ["A", "B", "C"],
                           "options": {"same_suit_runs": "never", "wilds_per_meld": "half"}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let refused = app
        .post_json(
            "/api/v1/games",
            json!({"rules": "liverpool", "players": ["A", "B", "C"],
                           "options": {"same_suit_runs": "gap-3"}}),
        )
        .await;
    refused.assert_refused(StatusCode::UNPROCESSABLE_ENTITY, Has("gap-3"));
}

#[test]
fn the_command_line_takes_each_meld_option() {
    let check = |option: &str, round: &str, melds: &str| {
        kontrakt_cli(&[
            "check", "--rules", "contract", "--round", round, "--option", option, melds,
        ])
    };
    let (code, out, _) = check("same_suit_runs=gap-2", "3", ONE_APART);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("fewer than 2 ranks between them"), "{out}");
    assert_eq!(check("same_suit_runs=gap-2", "3", TWO_APART).0, 0);
    assert_eq!(check("same_suit_runs=any", "3", TOUCHING).0, 0);
    let (code, out, _) = check("same_suit_runs=never", "3", TWO_APART);
    assert_eq!(code, 1);
    assert!(out.contains("here every run needs its own suit"), "{out}");
    let (code, out, _) = check("wilds_per_meld=third", "2", "5C 5D 5S | 3H 4H JK JK");
    assert_eq!(code, 1);
    assert!(
        out.contains("at most a third of a meld may be wild"),
        "{out}"
    );
    assert_eq!(
        check("wilds_per_meld=half", "2", "5C 5D 5S | 3H 4H JK JK").0,
        0
    );
    assert_eq!(
        check("all_wild_melds=true", "1", "JK=5H JK=5D JK=5S | 7C 7D 7S").0,
        0
    );
    assert_eq!(
        check("all_wild_melds=false", "1", "JK=5H JK=5D JK=5S | 7C 7D 7S").0,
        1
    );
    let (code, out, _) = kontrakt_cli(&[
        "solve",
        "--rules",
        "contract",
        "--round",
        "3",
        "--option",
        "same_suit_runs=gap-2",
        "3H 4H 5H 6H 8H 9H 10H JH",
    ]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "Not solvable: this hand cannot make 2 runs of 4 (Contract Rummy, round 3).\n"
    );
    let (code, _, err) = check("same_suit_runs=gap-3", "3", TWO_APART);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "option \"same_suit_runs\" is one of any, not-touching, gap-2, never, not \"gap-3\""
        ),
        "{err}"
    );
}

#[tokio::test]
async fn every_value_the_checker_page_offers_is_the_catalogues_and_is_taken() {
    let app = TestApp::new().await;
    let mut tried = 0;
    for (id, detail, _) in catalogue(&app).await {
        let page = app.get(&format!("/check?rules={id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{id}");
        for o in detail["options"].as_array().unwrap() {
            let name = o["name"].as_str().unwrap();
            let Some(offered) = select_values(&page.body, &format!("opt.{name}")) else {
                continue;
            };
            let mut catalogue: Vec<String> = o["values"]
                .as_array()
                .unwrap_or_else(|| panic!("{id}: {name} is a list on the checker only"))
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                .collect();
            let mut sorted = offered.clone();
            sorted.sort();
            catalogue.sort();
            assert_eq!(sorted, catalogue, "{id}: {name}");
            for value in offered {
                let shown = app
                    .get(&format!("/check?rules={id}&opt.{name}={value}"))
                    .await;
                assert_eq!(shown.status, StatusCode::OK, "{id}: {name} = {value}");
                assert!(
                    shown
                        .body
                        .contains(&format!("<option value=\"{value}\" selected")),
                    "{id}: {name} = {value}"
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 40, "{tried}");
    // Rommé's opening minimum is offered as 30, 40 and 50 only.
    let rommee = app.get("/api/v1/rules/rommee").await.json();
    assert_eq!(
        option(&rommee, "opening_points").unwrap()["values"],
        json!([30, 40, 50])
    );
}

#[tokio::test]
async fn every_number_inside_a_catalogue_range_starts_a_game() {
    let app = TestApp::new().await;
    let mut tried = 0;
    for (id, detail, players) in catalogue(&app).await {
        let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
        for o in detail["options"].as_array().unwrap() {
            if o["type"] != "int" || !o["values"].is_null() {
                continue;
            }
            let name = o["name"].as_str().unwrap();
            let (min, max) = (o["min"].as_i64().unwrap(), o["max"].as_i64().unwrap());
            // Every number of a short range; odd numbers across a wide one.
            let step = ((max - min) / 40).max(1) | 1;
            let numbers = (min..=max).step_by(step as usize).chain([max]);
            for n in numbers {
                let response = app
                    .post_json(
                        "/api/v1/games",
                        json!({"rules": id, "players": names, "options": {name: n}}),
                    )
                    .await;
                assert_eq!(
                    response.status,
                    StatusCode::CREATED,
                    "{id}: {name} = {n}: {}",
                    response.body
                );
                tried += 1;
            }
            // Just outside the range is refused with a sentence naming the range.
            let response = app
                .post_json(
                    "/api/v1/games",
                    json!({"rules": id, "players": names, "options": {name: max + 1}}),
                )
                .await;
            assert_eq!(
                response.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{id}: {name}"
            );
            assert!(
                response.body.contains(&format!("{max}")),
                "{id}: {name}: {}",
                response.body
            );
        }
    }
    assert!(tried > 150, "{tried}");
}
