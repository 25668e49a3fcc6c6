//! The House rules page (`/rules/new`) and the rule book (`/rules/{id}`): a table builds its
//! own rule set from a preset through plain form posts (rounds added, removed and reordered;
//! contracts built from meld chips with "or"; meld rules, card values and money changed),
//! every problem of the draft shown beside its field in English and German, saved once per
//! form key through the same check and write as `POST /api/v1/rulesets`, and its rule book
//! generated from what was stored. No JavaScript anywhere: every step is a form post.

use axum::http::StatusCode;
use serde_json::Value;

use crate::common::{TestApp, TestResponse, form_fields, pairs, post_form, text, visible};

/// The editor form's fields as a browser posts them (the start form left out), with the
/// button pressed (`op`) and these fields changed.
fn editor_fields(body: &str, op: &str, changes: &[(&str, &str)]) -> Vec<(String, String)> {
    let start = body.find("id=\"editor\"").expect("the editor form");
    let form = &body[start..start + body[start..].find("</form>").unwrap()];
    let mut fields: Vec<(String, String)> = form_fields(form)
        .into_iter()
        .filter(|(name, _)| !changes.iter().any(|(c, _)| c == name))
        .collect();
    fields.extend(
        changes
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
    );
    fields.push(("op".into(), op.into()));
    fields
}

/// Presses a button of the editor (a plain form post to `/rules/new`).
async fn press(
    app: &TestApp,
    page: &TestResponse,
    op: &str,
    changes: &[(&str, &str)],
    lang: &str,
) -> TestResponse {
    let fields = editor_fields(&page.body, op, changes);
    let response = post_form(app, "/rules/new", &pairs(&fields), lang).await;
    assert_eq!(response.status, StatusCode::OK, "{op}: {}", response.body);
    response
}

/// The draft a page carries, as the definition it is.
fn draft(page: &TestResponse) -> Value {
    let fields = editor_fields(&page.body, "check", &[]);
    let text = &fields.iter().find(|(k, _)| k == "draft").unwrap().1;
    serde_json::from_str(text).unwrap()
}

/// The contract of round `i` of a draft, as `[[("set", 3), …], …]`.
fn contract(def: &Value, i: usize) -> Vec<Vec<(String, u64)>> {
    def["rounds"][i]["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|alt| {
            alt.as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    (
                        r["kind"].as_str().unwrap().to_owned(),
                        r["min"].as_u64().unwrap(),
                    )
                })
                .collect()
        })
        .collect()
}

fn req(kind: &str, min: u64) -> (String, u64) {
    (kind.to_owned(), min)
}

#[tokio::test]
async fn a_rule_set_built_by_form_posts_from_a_preset_is_stored_exactly_as_built() {
    let app = TestApp::new().await;
    let page = app.get("/rules/new?from=contract").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains("<form method=\"post\" action=\"/rules/new\"")
    );
    let start = draft(&page);
    assert_eq!(start["rounds"].as_array().unwrap().len(), 7);

    // An eighth round, its contract built from chips: a run of 4 and a pair, or two sets.
    let page = press(&app, &page, "add-round", &[], "en").await;
    assert_eq!(draft(&page)["rounds"].as_array().unwrap().len(), 8);
    let last = contract(&draft(&page), 7);
    let mut page = page;
    for k in (0..last[0].len()).rev() {
        page = press(&app, &page, &format!("remove-meld:7:0:{k}"), &[], "en").await;
        assert_eq!(contract(&draft(&page), 7)[0].len(), k);
    }
    assert!(visible(&page.body).contains("contract needs at least one alternative"));
    page = press(&app, &page, "add:7:run", &[], "en").await;
    page = press(&app, &page, "add:7:pair", &[], "en").await;
    page = press(&app, &page, "or:7", &[], "en").await;
    page = press(&app, &page, "add:7:set", &[], "en").await;
    page = press(&app, &page, "add:7:set", &[("r7.a0.m0", "5")], "en").await;
    assert_eq!(
        contract(&draft(&page), 7),
        [
            vec![req("run", 5), req("pair", 2)],
            vec![req("set", 3), req("set", 3)]
        ]
    );
    assert!(visible(&page.body).contains("Round 8: "));

    // Round 1 removed, the new last round moved to the top.
    page = press(&app, &page, "remove:0", &[], "en").await;
    assert_eq!(contract(&draft(&page), 0), contract(&start, 1));
    for i in (1..7).rev() {
        page = press(&app, &page, &format!("up:{i}"), &[], "en").await;
    }
    page = press(&app, &page, "down:1", &[], "en").await;
    page = press(&app, &page, "up:2", &[], "en").await;
    let built = draft(&page);
    assert_eq!(contract(&built, 0)[0], [req("run", 5), req("pair", 2)]);
    assert_eq!(contract(&built, 1), contract(&start, 1));

    // Meld rules, card values, money and the name, typed, then saved.
    let changes = [
        ("name", "Omas Regeln"),
        ("pen.K", "15"),
        ("pen.JK", "25"),
        ("r0.deal", "12"),
        ("r0.buys", "on"),
        ("r0.buy_limit", "2"),
        ("ace", "high-only"),
        ("scheme", "pairwise"),
    ];
    page = press(&app, &page, "check", &changes, "en").await;
    assert!(
        page.body.contains("Everything checks out"),
        "{}",
        visible(&page.body)
    );
    let built = draft(&page);
    assert_eq!(built["penalty"]["K"], 15);
    assert_eq!(built["melds"]["ace"], "high-only");
    assert_eq!(built["scheme"], "pairwise");
    assert_eq!(built["rounds"][0]["deal"], 12);
    assert_eq!(built["rounds"][0]["buys"]["limit"], 2);

    let fields = editor_fields(&page.body, "check", &[]);
    let saved = post_form(&app, "/rules", &pairs(&fields), "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let location = saved.header("location").to_owned();
    let id = location.strip_prefix("/rules/").unwrap().to_owned();
    assert!(id.starts_with("rs-"), "{location}");

    // The stored definition is what was built.
    let stored = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(stored["name"], "Omas Regeln");
    for field in ["penalty", "melds", "scheme"] {
        assert_eq!(stored[field], built[field], "{field}");
    }
    let rounds = stored["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 7);
    for (i, round) in rounds.iter().enumerate() {
        for field in [
            "requirements",
            "deal",
            "buys",
            "go_out_all",
            "exact_minimum",
            "restrictions",
        ] {
            assert_eq!(round[field], built["rounds"][i][field], "round {i} {field}");
        }
    }

    // Its rule book says it.
    let book = app.get(&location).await;
    assert_eq!(book.status, StatusCode::OK);
    let said = text(&visible(&book.body));
    assert!(said.contains("Rule book: Omas Regeln"), "{said}");
    assert!(
        said.contains("Contract: one of: 1 run of 5 + 1 pair · 2 sets of 3"),
        "{said}"
    );
    assert!(said.contains("12 cards dealt."), "{said}");
    assert!(
        said.contains("Buying allowed, at most 2 times per player."),
        "{said}"
    );
    assert!(said.contains("King: 15 points"), "{said}");
    assert!(said.contains("Ace high only"), "{said}");
    assert!(
        book.body
            .contains(&format!("href=\"/games/new?rules={id}\""))
    );
    assert!(
        book.body
            .contains(&format!("href=\"/rules/new?from={id}\""))
    );

    // "Edit a copy" starts from it; a new game takes it.
    let copy = app.get(&format!("/rules/new?from={id}")).await;
    assert_eq!(copy.status, StatusCode::OK);
    assert_eq!(contract(&draft(&copy), 0), contract(&built, 0));
    let new_game = app.get(&format!("/games/new?rules={id}")).await;
    assert_eq!(new_game.status, StatusCode::OK);
    assert!(visible(&new_game.body).contains("Omas Regeln"));
}

#[tokio::test]
async fn each_problem_of_the_draft_is_said_beside_its_field_in_english_and_german() {
    let app = TestApp::new().await;
    for (lang, points, not_a_number) in [
        (
            "en",
            "600 points is out of range: 0 to 500.",
            "\"zehn\" is not a whole number",
        ),
        (
            "de",
            "600 Punkte liegen außerhalb von 0 bis 500.",
            "\u{201e}zehn\u{201c} ist keine ganze Zahl",
        ),
    ] {
        let page = app.get_in("/rules/new?from=contract", lang).await;
        let changes = [
            ("r2.a0.m0", "15"),
            ("pen.K", "600"),
            ("r0.deal", "zehn"),
            ("name", ""),
        ];
        let page = press(&app, &page, "check", &changes, lang).await;
        let said = text(&page.body);
        // The chip's sentence sits right after its chip, the card's after its card, the
        // deal's after the deal.
        let chip = said.find("id=\"r2.a0.m0\"").unwrap();
        let next_round = said.find("id=\"round-3\"").unwrap();
        let long = said
            .find(if lang == "en" {
                "is longer than the deck allows"
            } else {
                "ist länger, als das Blatt erlaubt"
            })
            .unwrap();
        assert!(
            chip < long && long < next_round,
            "{lang}: the run's sentence is in round 3"
        );
        let king = said.find("id=\"pen.K\"").unwrap();
        let range = said
            .find(points)
            .unwrap_or_else(|| panic!("{lang}: {said}"));
        assert!(king < range && range < said.find("id=\"pen.JK\"").unwrap());
        let deal = said.find("id=\"r0.deal\"").unwrap();
        let typed = said
            .find(not_a_number)
            .unwrap_or_else(|| panic!("{lang}: {said}"));
        assert!(deal < typed && typed < said.find("id=\"round-1\"").unwrap());
        assert!(page.body.contains("value=\"zehn\""), "kept as typed");
        let name = said.find(if lang == "en" {
            "The rule set needs a name."
        } else {
            "Das Regelwerk braucht einen Namen."
        });
        assert!(name.is_some(), "{lang}");
        assert!(
            said.contains(if lang == "en" {
                "4 things to fix before saving"
            } else {
                "noch 4 Sachen zu berichtigen"
            }),
            "{lang}: {said}"
        );
        // Saving it refuses, with the same sentences, and stores nothing.
        let fields = editor_fields(&page.body, "check", &[]);
        let refused = post_form(&app, "/rules", &pairs(&fields), lang).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(text(&refused.body).contains(points));
    }
}

#[tokio::test]
async fn a_save_sent_twice_with_one_form_key_stores_one_rule_set() {
    let app = TestApp::new().await;
    let page = app.get("/rules/new?from=no-jokers").await;
    let fields = editor_fields(&page.body, "check", &[]);
    let first = post_form(&app, "/rules", &pairs(&fields), "en").await;
    let again = post_form(&app, "/rules", &pairs(&fields), "en").await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    assert_eq!(again.header("location"), first.header("location"));
    // The same key with other rules is refused with a sentence and the rules kept.
    let other = editor_fields(&page.body, "check", &[("name", "Noch andere")]);
    let reused = post_form(&app, "/rules", &pairs(&other), "en").await;
    assert_eq!(reused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&reused.body).contains("This form was already used"));
    assert!(reused.body.contains("value=\"Noch andere\""));
}

#[tokio::test]
async fn every_shipped_example_is_offered_loads_and_saves_with_its_rules() {
    let app = TestApp::new().await;
    let page = app.get("/rules/new").await;
    for (id, name) in [
        ("five-contracts", "Five contracts and start over"),
        ("no-jokers", "No jokers"),
        ("wiener-rommee", "Wiener Rommé"),
        ("american-continental", "American Continental Rummy"),
    ] {
        assert!(
            page.body
                .contains(&format!("<option value=\"{id}\">{name}</option>")),
            "{id}"
        );
        let start = app.get(&format!("/rules/new?from={id}")).await;
        assert_eq!(start.status, StatusCode::OK, "{id}");
        assert!(
            start.body.contains("Everything checks out"),
            "{id}: {}",
            visible(&start.body)
        );
        let fields = editor_fields(&start.body, "check", &[]);
        let saved = post_form(&app, "/rules", &pairs(&fields), "en").await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{id}: {}", saved.body);
        let book = app.get(saved.header("location")).await;
        assert!(text(&book.body).contains(name), "{id}");
        let stored_id = saved
            .header("location")
            .trim_start_matches("/rules/")
            .to_owned();
        let stored = app
            .get(&format!("/api/v1/rulesets/{stored_id}"))
            .await
            .json();
        match id {
            "five-contracts" => assert_eq!(stored["rounds"].as_array().unwrap().len(), 5),
            "no-jokers" | "american-continental" => assert_eq!(stored["melds"]["jokers"], false),
            _ => assert_eq!(stored["play"]["joker_swap"], "never"),
        }
    }
    let unknown = app.get("/rules/new?from=nonsense").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(text(&unknown.body).contains("There is no rule set or example \"nonsense\""));
}

#[tokio::test]
async fn a_damaged_or_oversized_draft_starts_again_with_a_sentence_never_a_server_error() {
    let app = TestApp::new().await;
    let page = app.get("/rules/new?from=shanghai").await;
    for bad in ["{", "[]", &"x".repeat(30_000)] {
        let fields = editor_fields(&page.body, "add-round", &[("draft", bad)]);
        let answer = post_form(&app, "/rules/new", &pairs(&fields), "de").await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(text(&answer.body).contains("Eure Änderungen ließen sich nicht zurücklesen"));
        assert_eq!(draft(&answer)["base"], "shanghai");
    }
}

#[tokio::test]
async fn the_rule_book_of_a_preset_and_the_links_to_the_editor_from_the_new_game_and_group_pages() {
    let app = TestApp::new().await;
    let book = app.get_in("/rules/liverpool", "de").await;
    assert_eq!(book.status, StatusCode::OK);
    let said = text(&visible(&book.body));
    assert!(said.contains("Regelbuch: "), "{said}");
    assert!(said.contains("Runde 7"), "{said}");
    assert!(said.contains("Kontrakt: "), "{said}");
    assert_eq!(
        app.get("/rules/rs-none").await.status,
        StatusCode::NOT_FOUND
    );

    let new_game = app.get("/games/new?rules=hollywood").await;
    assert!(new_game.body.contains("href=\"/rules/new?from=hollywood\""));
    let group = app
        .create_group("Freitagsrunde", &["Ann", "Ben", "Cy"])
        .await;
    let group_page = app.get(&format!("/groups/{}", group.id)).await;
    let link = format!("href=\"/rules/new?group={}\"", group.id);
    assert!(
        group_page.body.contains(&link),
        "the group page links to the editor"
    );
    let group_game = app.get(&format!("/groups/{}/games/new", group.id)).await;
    let editor = format!("href=\"/rules/new?from=contract&group={}\"", group.id);
    assert!(
        text(&group_game.body).contains(&editor),
        "the group's new game links to the editor"
    );

    // The group's quick house rules (a preset's options) lead on to a rule set of its own.
    let version = app
        .get(&format!("/api/v1/groups/{}", group.id))
        .await
        .json()["version"]
        .to_string();
    let options = app
        .post_form_keyed(
            &format!("/groups/{}/house-rules", group.id),
            &[
                ("name", "Omas Liverpool"),
                ("rules", "liverpool"),
                ("version", &version),
            ],
            "en",
        )
        .await;
    assert_eq!(options.status, StatusCode::OK, "{}", options.body);
    let editor = format!("href=\"/rules/new?from=liverpool&group={}\"", group.id);
    assert!(text(&options.body).contains(&editor), "{}", options.body);

    // The group is carried through the editor to the rule book and its new game.
    let page = app
        .get(&format!("/rules/new?from=contract&group={}", group.id))
        .await;
    assert!(visible(&page.body).contains("Freitagsrunde"));
    let page = press(&app, &page, "add-round", &[], "en").await;
    let fields = editor_fields(&page.body, "check", &[]);
    let saved = post_form(&app, "/rules", &pairs(&fields), "en").await;
    let location = saved.header("location").to_owned();
    assert!(
        location.ends_with(&format!("?group={}", group.id)),
        "{location}"
    );
    let book = app.get(&location).await;
    assert!(
        book.body
            .contains(&format!("/groups/{}/games/new?rules=rs-", group.id))
    );
    assert_eq!(
        app.get("/rules/new?group=nope").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_change_that_would_make_the_draft_too_large_to_carry_is_left_undone_with_a_sentence() {
    use kontrakt::web::pages::house_rules::MAX_DRAFT_BYTES;
    let app = TestApp::new().await;
    let page = app.get("/rules/new?from=progressive").await;
    // A draft a few bytes under the bound (its source written long), then a round added.
    let mut big = draft(&page);
    let size = big.to_string().len();
    big["source"] = Value::String("x".repeat(MAX_DRAFT_BYTES - size - 50));
    let big = big.to_string();
    assert!(big.len() <= MAX_DRAFT_BYTES);
    let fields = editor_fields(&page.body, "add-round", &[("draft", &big)]);
    let answer = post_form(&app, "/rules/new", &pairs(&fields), "en").await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&answer.body).contains("too large to carry on the page, so it was not done"));
    let rounds = draft(&page)["rounds"].as_array().unwrap().len();
    assert_eq!(draft(&answer)["rounds"].as_array().unwrap().len(), rounds);
    // What it carries still reads back: the page goes on from it.
    let fields = editor_fields(&answer.body, "remove:0", &[]);
    let on = post_form(&app, "/rules/new", &pairs(&fields), "en").await;
    assert_eq!(on.status, StatusCode::OK);
    assert_eq!(draft(&on)["rounds"].as_array().unwrap().len(), rounds - 1);
}

#[tokio::test]
async fn the_jokers_of_a_deck_are_changed_within_their_range_and_said_where_out_of_it() {
    let app = TestApp::new().await;
    let page = app.get_in("/rules/new?from=hollywood", "de").await;
    assert!(page.body.contains("id=\"deck_jokers\""));
    let too_many = press(&app, &page, "check", &[("deck_jokers", "40")], "de").await;
    let said = text(&too_many.body);
    let field = said.find("id=\"deck_jokers\"").unwrap();
    let sentence = said.find("40 liegt außerhalb von 0 bis 12.").unwrap();
    assert!(field < sentence && sentence < said.find("id=\"set_min\"").unwrap());
    assert_eq!(
        draft(&too_many)["deck"],
        draft(&page)["deck"],
        "nothing changed"
    );
    let three = press(&app, &page, "check", &[("deck_jokers", "3")], "de").await;
    assert_eq!(
        draft(&three)["deck"]["jokers_per_deck"],
        3,
        "{}",
        draft(&three)["deck"]
    );
    let fields = editor_fields(&three.body, "check", &[]);
    let saved = post_form(&app, "/rules", &pairs(&fields), "de").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let id = saved
        .header("location")
        .trim_start_matches("/rules/")
        .to_owned();
    let stored = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(stored["deck"]["jokers_per_deck"], 3);
    // The contract rule set's deck counts its jokers by the players: no field to change.
    let contract = app.get("/rules/new?from=contract").await;
    assert!(!contract.body.contains("id=\"deck_jokers\""));
}

#[tokio::test]
async fn a_rule_set_made_for_a_group_is_the_group_s_and_editing_it_there_makes_its_next_version() {
    let app = TestApp::new().await;
    let group = app.create_group("Freitagsrunde", &["Ann", "Ben"]).await;
    let path = format!("/api/v1/groups/{}", group.id);
    // Made on the page opened from the group: the group's own, version 1.
    let page = app
        .get(&format!("/rules/new?from=contract&group={}", group.id))
        .await;
    let fields = editor_fields(&page.body, "check", &[("name", "Unser Contract")]);
    let saved = post_form(&app, "/rules", &pairs(&fields), "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let first = app.get(&path).await.json()["rule_sets"].clone();
    assert_eq!(first.as_array().map(Vec::len), Some(1), "{first}");
    assert_eq!(first[0]["version"], 1);
    let v1 = first[0]["id"].as_str().unwrap().to_owned();
    assert!(saved.header("location").contains(&v1));

    // "Edit a copy" of it from the group: the next version of the same family, and the first
    // stays as it was for the games that used it.
    let page = app
        .get(&format!("/rules/new?from={v1}&group={}", group.id))
        .await;
    let page = press(&app, &page, "add-round", &[], "en").await;
    let fields = editor_fields(&page.body, "check", &[]);
    let saved = post_form(&app, "/rules", &pairs(&fields), "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let second = app.get(&path).await.json()["rule_sets"].clone();
    assert_eq!(second.as_array().map(Vec::len), Some(1), "{second}");
    assert_eq!(second[0]["version"], 2);
    assert_eq!(second[0]["family"], first[0]["family"]);
    assert_ne!(second[0]["id"], first[0]["id"]);
    let old = app.get(&format!("/api/v1/rulesets/{v1}")).await.json();
    let new = app
        .get(&format!(
            "/api/v1/rulesets/{}",
            second[0]["id"].as_str().unwrap()
        ))
        .await
        .json();
    assert_eq!(
        old["rounds"].as_array().unwrap().len() + 1,
        new["rounds"].as_array().unwrap().len()
    );

    // Made on the page without a group: it stands alone, and the group lists nothing new.
    let page = app.get("/rules/new?from=contract").await;
    let fields = editor_fields(&page.body, "check", &[("name", "Allein")]);
    let alone = post_form(&app, "/rules", &pairs(&fields), "en").await;
    assert_eq!(alone.status, StatusCode::SEE_OTHER, "{}", alone.body);
    assert_eq!(app.get(&path).await.json()["rule_sets"].clone(), second);
}

#[tokio::test]
async fn points_kept_in_hand_when_going_out_are_offered_without_contracts_and_checked() {
    let app = TestApp::new().await;
    // A contract game has nothing to keep: no field.
    let contract = app.get("/rules/new?from=contract").await;
    assert!(!contract.body.contains("name=\"go_out_left\""));
    // Rommé: Wiener Rommé's 9 is typed and stored.
    let page = app.get_in("/rules/new?from=rommee", "de").await;
    assert!(
        text(&page.body).contains("Punkte, die beim Ausgehen auf der Hand bleiben dürfen"),
        "{}",
        page.body
    );
    let page = press(&app, &page, "check", &[("go_out_left", "9")], "de").await;
    assert_eq!(draft(&page)["go_out_left_max"], 9);
    // Over the most any hand may keep: the engine's sentence beside the field, nothing changed.
    let fields = editor_fields(&page.body, "check", &[("go_out_left", "51")]);
    let refused = post_form(&app, "/rules/new", &pairs(&fields), "en").await;
    let said = text(&refused.body);
    assert!(said.contains("not 51"), "{said}");
    assert!(refused.body.contains("id=\"go_out_left\""));
    let fields = editor_fields(&page.body, "check", &[("name", "Wiener Rommé")]);
    let saved = post_form(&app, "/rules", &pairs(&fields), "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let id = saved
        .header("location")
        .trim_start_matches("/rules/")
        .to_owned();
    let id = id.split('?').next().unwrap();
    let stored = app.get(&format!("/api/v1/rulesets/{id}")).await.json();
    assert_eq!(stored["go_out_left_max"], 9, "{stored}");
    let book = text(&app.get(&format!("/rules/{id}")).await.body);
    assert!(
        book.contains("cards worth at most 9 points may stay in your hand"),
        "{book}"
    );
}
