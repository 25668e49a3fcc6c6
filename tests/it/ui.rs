//! The pages through the router: home, language switch, meld checker, error pages; both
//! languages, escaping, the security headers and the no-inline-script/style rule.

use crate::common::{TestApp, TestResponse, assert_no_inline_script_or_style, post_form, text};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use kontrakt::web::cookies::CookieJar;
use kontrakt::web::recent;

async fn post_check(app: &TestApp, lang: &str, fields: &[(&str, &str)]) -> TestResponse {
    post_form(app, "/check", fields, lang).await
}

#[tokio::test]
async fn home_is_english_by_default_and_links_game_checker_and_switch() {
    let app = TestApp::new().await;
    let response = app.get("/").await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(response.body.contains("<html lang=\"en\">"));
    assert!(
        response
            .body
            .contains("href=\"/games/new\">Start a new game</a>")
    );
    assert!(response.body.contains("href=\"/check\""));
    assert!(response.body.contains("href=\"/lang/de?next=/\""));
    assert!(
        response
            .body
            .contains("Games you start or open on this phone appear here.")
    );
}

#[tokio::test]
async fn home_is_german_when_the_browser_prefers_german() {
    let app = TestApp::new().await;
    let response = app
        .get_with("/", &[("accept-language", "de-DE,de;q=0.9,en;q=0.8")])
        .await;
    assert!(response.body.contains("<html lang=\"de\">"));
    assert!(response.body.contains("Neues Spiel beginnen"));
    assert!(response.body.contains("href=\"/lang/en?next=/\""));
    assert_eq!(response.header("vary"), "Cookie, Accept-Language");
}

#[tokio::test]
async fn the_language_cookie_wins_over_accept_language() {
    let app = TestApp::new().await;
    let response = app
        .get_with("/", &[("accept-language", "en-US"), ("cookie", "lang=de")])
        .await;
    assert!(response.body.contains("<html lang=\"de\">"));
    let response = app
        .get_with(
            "/",
            &[("accept-language", "de-DE"), ("cookie", "x=1; lang=en")],
        )
        .await;
    assert!(response.body.contains("<html lang=\"en\">"));
    assert!(response.body.contains("Start a new game"));
}

#[tokio::test]
async fn switching_language_sets_a_year_long_lax_cookie_and_goes_back() {
    let app = TestApp::new().await;
    let response = app
        .get("/lang/de?next=%2Fcheck%3Frules%3Dliverpool%26round%3D3")
        .await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    assert_eq!(
        response.header("location"),
        "/check?rules=liverpool&round=3"
    );
    let cookie = response.header("set-cookie");
    assert!(cookie.starts_with("lang=de;"), "{cookie}");
    assert!(cookie.contains("Max-Age=31536000"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(cookie.contains("Path=/"), "{cookie}");

    let request = Request::post("/lang/en?next=/")
        .body(Body::empty())
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::SEE_OTHER);
    assert!(response.header("set-cookie").starts_with("lang=en;"));
}

#[tokio::test]
async fn the_language_switch_redirects_only_to_local_paths() {
    let app = TestApp::new().await;
    for next in [
        "https%3A%2F%2Fevil.example%2F",
        "%2F%2Fevil.example",
        "%2F%5Cevil.example",
        "javascript%3Aalert(1)",
        "%2Fx%0D%0ASet-Cookie%3A%20a%3Db",
    ] {
        let response = app.get(&format!("/lang/de?next={next}")).await;
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{next}");
        assert_eq!(response.header("location"), "/", "{next}");
    }
    let response = app.get("/lang/de").await;
    assert_eq!(response.header("location"), "/");
    let response = app.get("/lang/fr?next=/check").await;
    assert_eq!(response.header("location"), "/check");
    assert!(
        response.headers.get("set-cookie").is_none(),
        "an unknown language sets nothing"
    );
}

#[tokio::test]
async fn home_lists_recent_games_from_the_cookie_with_labels_escaped() {
    let app = TestApp::new().await;
    let jar = recent::remember(
        CookieJar::default(),
        "/games/abc",
        "<script>alert(1)</script> Ann & Bob",
    );
    let jar = recent::remember(jar, "/games/def", "Liverpool · Cem");
    let cookie = format!("recent={}", jar.get(recent::RECENT_COOKIE).unwrap());
    let response = app.get_with("/", &[("cookie", &cookie)]).await;
    assert!(!response.body.contains("<script>alert"));
    let first = response
        .body
        .find("/games/def")
        .expect("newest game listed");
    let second = response.body.find("/games/abc").expect("older game listed");
    assert!(first < second, "newest first");
    assert!(text(&response.body).contains("<script>alert(1)</script> Ann & Bob"));
    assert!(
        !response
            .body
            .contains("Games you start or open on this phone appear here.")
    );
}

#[tokio::test]
async fn checker_get_prefills_rule_set_round_and_cards() {
    let app = TestApp::new().await;
    let response = app
        .get("/check?rules=liverpool&round=3&melds=3H%204H%205H%206H&card=8H")
        .await;
    assert_eq!(response.status, StatusCode::OK);
    let body = &response.body;
    assert!(body.contains("<option value=\"liverpool\" selected>Liverpool Rummy</option>"));
    assert!(body.contains("<option value=\"3\" selected>Round 3: 2 runs of 4</option>"));
    assert!(body.contains("<li>Contract: 2 runs of 4</li>"));
    assert!(body.contains(">3H 4H 5H 6H</textarea>"));
    assert!(body.contains("value=\"8H\""));
    assert!(!body.contains("class=\"result"), "a GET evaluates nothing");
    assert!(body.contains("3–5 players · Contract Rummy plus the cut bonus"));
}

#[tokio::test]
async fn checker_get_with_nonsense_falls_back_to_the_defaults() {
    let app = TestApp::new().await;
    let response = app.get("/check?rules=poker&round=99").await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(
        response
            .body
            .contains("<option value=\"contract\" selected>")
    );
    assert!(response.body.contains("<option value=\"1\" selected>"));
}

#[tokio::test]
async fn checker_options_that_make_no_sense_are_a_400_page_with_the_sentence_next_to_them() {
    let app = TestApp::new().await;
    for (query, english, german) in [
        (
            "opt.ace=sideways",
            "Option \"ace\"",
            "Option „ace“ ist eins von low-or-high, high-only, wrap, nicht „sideways“.",
        ),
        (
            "opt.colour=red",
            "Unknown option \"colour\" for contract; its options are: jokers, joker_points, ace, exact_minimum, settlement, same_suit_runs, wilds_per_meld, all_wild_melds.",
            "Unbekannte Option „colour“ für Kontrakt-Rommé",
        ),
        ("opt.jokers=maybe", "jokers", "jokers"),
        ("opt.joker_points=lots", "joker_points", "joker_points"),
    ] {
        let path = format!("/check?rules=contract&round=3&{query}");
        let response = app.get_with(&path, &[("accept-language", "en")]).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{query}");
        assert!(response.is_html());
        let body = text(&response.body);
        let error = body
            .split("<p class=\"field-error\" id=\"check-options-error\" role=\"alert\">")
            .nth(1)
            .unwrap_or_else(|| panic!("{query}: no sentence next to the options: {body}"));
        let error = &error[..error.find("</p>").unwrap()];
        assert!(error.contains(english), "{query}: {error}");
        assert!(error.ends_with('.'), "{query}: {error}");
        assert!(body.contains("aria-describedby=\"check-options-error\""));
        // The rest of the form is there as asked.
        assert!(body.contains("<option value=\"3\" selected>Round 3: 2 runs of 4</option>"));

        let response = app.get_with(&path, &[("accept-language", "de")]).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert!(
            text(&response.body).contains(german),
            "{query}: {}",
            response.body
        );
    }

    // Posted, the same is a 422 and nothing is answered under rules not asked for.
    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "contract"),
            ("shown", "contract"),
            ("round", "1"),
            ("opt.ace", "sideways"),
            ("melds", "5H 5S 5D | 7C 7D 7S"),
            ("action", "check"),
        ],
    )
    .await;
    response.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "Option \"ace\"");
    assert!(!response.body.contains("class=\"result"), "no verdict");
    assert!(response.body.contains(">5H 5S 5D | 7C 7D 7S</textarea>"));
}

#[tokio::test]
async fn options_go_with_their_rule_set_and_a_switch_to_another_starts_from_its_rule_book() {
    let app = TestApp::new().await;
    // A link names the rule set its options belong to.
    let response = app.get("/check?rules=shanghai&opt.exact_minimum=on").await;
    response.assert_page_refused(
        StatusCode::BAD_REQUEST,
        "Unknown option \"exact_minimum\" for shanghai",
    );
    // The form showed Contract Rummy's options, then the table chose Shanghai: its own.
    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "shanghai"),
            ("shown", "contract"),
            ("opt.jokers", "off"),
            ("opt.exact_minimum", "off"),
            ("action", "apply"),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.body);
    let body = text(&response.body);
    assert!(body.contains("<input type=\"hidden\" name=\"shown\" value=\"shanghai\">"));
    assert!(body.contains("name=\"opt.jokers\" value=\"on\" checked>"));
    assert!(!body.contains("opt.exact_minimum"));
    assert!(!body.contains("Rule book:"));
    // A checkbox left unticked sends only its hidden "off"; ticked, "on" comes last.
    for (fields, on) in [
        (vec![("opt.jokers", "off")], false),
        (vec![("opt.jokers", "off"), ("opt.jokers", "on")], true),
    ] {
        let mut all = vec![
            ("rules", "contract"),
            ("shown", "contract"),
            ("action", "apply"),
        ];
        all.extend(fields);
        let body = text(&post_check(&app, "en", &all).await.body);
        assert_eq!(
            body.contains("name=\"opt.jokers\" value=\"on\" checked>"),
            on,
            "{all:?}"
        );
        assert_eq!(body.contains("<li>No wild cards.</li>"), !on);
    }
    // The language switch comes back to the same options.
    let body = post_check(
        &app,
        "en",
        &[
            ("rules", "contract"),
            ("shown", "contract"),
            ("opt.ace", "wrap"),
            ("action", "apply"),
        ],
    )
    .await
    .body;
    assert!(
        body.contains(
            "/lang/de?next=/check%3Frules%3Dcontract%26shown%3Dcontract%26opt.ace%3Dwrap"
        ),
        "{body}"
    );
}

#[tokio::test]
async fn a_legal_contract_meld_is_confirmed_with_its_readings_in_english_and_german() {
    let app = TestApp::new().await;
    let fields = [
        ("rules", "contract"),
        ("round", "3"),
        ("melds", "3H 4H 5H 6H | 8H 9H JK JH"),
        ("action", "check"),
    ];
    let response = post_check(&app, "en", &fields).await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(
        body.contains("✓ Legal: these melds make the contract."),
        "{body}"
    );
    assert!(body.contains("run ♥3–6"));
    assert!(body.contains("run ♥8–J"));
    assert!(body.contains("Joker stands for 10♥"));

    let response = post_check(&app, "de", &fields).await;
    let body = text(&response.body);
    assert!(body.contains("✓ Gültig: diese Meldungen erfüllen den Kontrakt."));
    assert!(body.contains("Folge ♥8–B"), "German jack is B");
    assert!(body.contains("Der Joker steht für 10♥"));
    assert!(body.contains("<html lang=\"de\">"));
}

#[tokio::test]
async fn an_illegal_meld_gives_every_reason_as_a_sentence_in_both_languages() {
    let app = TestApp::new().await;
    let fields = [
        ("rules", "contract"),
        ("round", "3"),
        ("melds", "3H 4H 5H 6H\n7H 8H 9H 10H"),
        ("action", "check"),
    ];
    let response = post_check(&app, "en", &fields).await;
    assert_eq!(response.status, StatusCode::OK, "a well-formed 'no' is 200");
    let body = text(&response.body);
    assert!(body.contains("✗ Not legal."));
    assert!(body.contains(
        "♥3-6 (meld 1) and ♥7-10 (meld 2) join end to end; in round 3 two runs of one suit need a gap or an overlap."
    ));
    let response = post_check(&app, "de", &fields).await;
    let body = text(&response.body);
    assert!(body.contains("✗ Nicht gültig."));
    assert!(body.contains("schließen lückenlos aneinander an"));

    let fields = [
        ("rules", "shanghai"),
        ("round", "1"),
        ("melds", "7H JK JK | QS QD QC"),
        ("action", "check"),
    ];
    let body = text(&post_check(&app, "en", &fields).await.body);
    assert!(
        body.contains("Meld 1 has 2 wild cards; at most 1 per meld is allowed."),
        "{body}"
    );
}

#[tokio::test]
async fn rommee_checks_the_opening_by_points_without_a_round() {
    let app = TestApp::new().await;
    let fields = [
        ("rules", "rommee"),
        ("melds", "QS QD QC | 5H 6H 7H"),
        ("action", "check"),
    ];
    let response = post_check(&app, "en", &fields).await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(
        body.contains("Legal: these melds are a valid first meld."),
        "{body}"
    );
    assert!(body.contains("Worth 48 points."));
    assert!(!body.contains("id=\"round\""), "Rommé has no round choice");
}

#[tokio::test]
async fn an_unknown_card_is_a_422_with_the_sentence_next_to_the_field_and_the_input_kept() {
    let app = TestApp::new().await;
    let typed = "3H 4H 5H 6H | 8H 11H 10H JH";
    let fields = [
        ("rules", "liverpool"),
        ("round", "3"),
        ("melds", typed),
        ("hand", "5S 6S"),
        ("action", "check"),
    ];
    let response = post_check(&app, "en", &fields).await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(response.is_html());
    let body = text(&response.body);
    assert!(body.contains(
        "<p class=\"field-error\" role=\"alert\">Unknown card \"11H\" in meld 2. Write rank then suit, like 10H, QS, A♦ or JK: ranks A, 2–10, J, Q, K; suits C, D, H, S.</p>"
    ), "{body}");
    assert!(body.contains(&format!(">{typed}</textarea>")));
    assert!(body.contains(">5S 6S</textarea>"));
    assert!(body.contains("<option value=\"liverpool\" selected>"));
    assert!(body.contains("aria-invalid=\"true\""));

    let response = post_check(&app, "de", &fields).await;
    response.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Unbekannte Karte „11H“ in Meldung 2.",
    );
}

#[tokio::test]
async fn a_round_out_of_range_or_an_empty_question_is_a_422_naming_the_field() {
    let app = TestApp::new().await;
    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "liverpool"),
            ("round", "9"),
            ("melds", "3H 4H 5H"),
            ("action", "check"),
        ],
    )
    .await;
    response.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Liverpool Rummy has rounds 1 to 7.",
    );

    let response = post_check(&app, "en", &[("rules", "contract"), ("action", "solve")]).await;
    response.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Type the cards in your hand.",
    );

    let response = post_check(&app, "en", &[("rules", "nope"), ("action", "apply")]).await;
    response.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Choose a rule set from the list.",
    );

    // Choosing a rule set and round alone answers nothing and is fine.
    let response = post_check(
        &app,
        "en",
        &[("rules", "shanghai"), ("round", "2"), ("action", "apply")],
    )
    .await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(
        response
            .body
            .contains("<option value=\"2\" selected>Round 2: 1 set of 3 and 1 run of 4</option>")
    );
    assert!(response.body.contains("Ace high only (Q-K-A)."));
}

#[tokio::test]
async fn the_solver_shows_the_melds_and_what_is_left_or_says_no() {
    let app = TestApp::new().await;
    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "contract"),
            ("round", "1"),
            ("hand", "7H 7S 7D KC KD KS 2C 9H 4S 5S"),
            ("action", "solve"),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(body.contains("✓ Yes, you can go down with:"), "{body}");
    assert!(body.contains("set of 7s"));
    assert!(body.contains("set of kings"));
    assert!(body.contains("Left in hand: 2♣ 4♠ 5♠ 9♥"));

    let response = post_check(
        &app,
        "de",
        &[
            ("rules", "contract"),
            ("round", "1"),
            ("hand", "7H 7S KD KS 2C 9H"),
            ("action", "solve"),
        ],
    )
    .await;
    let body = text(&response.body);
    assert!(
        body.contains("✗ Nein: diese 6 Karten ergeben nicht 2 Sätze à 3."),
        "{body}"
    );
}

#[tokio::test]
async fn does_this_card_fit_answers_lay_off_and_shanghai_call() {
    let app = TestApp::new().await;
    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "shanghai"),
            ("round", "3"),
            ("table_meld", "4H 5H 6H 7H"),
            ("card", "8H"),
            ("action", "fit"),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(
        body.contains("✓ Yes: 8♥ fits, making a run ♥4–8."),
        "{body}"
    );
    assert!(body.contains("It can be laid off on this meld."));
    assert!(body.contains("As a discard it can be claimed with a Shanghai call."));

    let response = post_check(
        &app,
        "de",
        &[
            ("rules", "contract"),
            ("table_meld", "QS QH QD"),
            ("card", "JK"),
            ("action", "fit"),
        ],
    )
    .await;
    let body = text(&response.body);
    assert!(
        body.contains("✓ Ja: Joker passt, ergibt: Satz aus Damen."),
        "{body}"
    );
    assert!(body.contains("Der Joker steht für D♣."));
    assert!(
        body.contains("Er kann an diese Meldung angelegt werden."),
        "der Joker: {body}"
    );
    assert!(
        !body.contains("mit „Shanghai!“ beansprucht"),
        "no Shanghai calls in Contract Rummy"
    );

    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "shanghai"),
            ("table_meld", "2H 3H 4H 5H"),
            ("card", "AH"),
            ("action", "fit"),
        ],
    )
    .await;
    let body = text(&response.body);
    assert!(body.contains("✗ No: A♥ does not fit on 2♥ 3♥ 4♥ 5♥."));
    assert!(
        body.contains("The ace counts only high here (Q-K-A), not below the 2."),
        "every no says why: {body}"
    );

    // A card that can replace a joker in a run is a joker swap, not a bare no.
    for (lang, yes, how) in [
        (
            "en",
            "✓ Yes: 7♥ can replace Joker, which stands for it.",
            "A joker swap: put 7♥ in and take Joker.",
        ),
        (
            "de",
            "✓ Ja: 7♥ kann den Joker ersetzen, der für sie steht.",
            "Joker tauschen: 7♥ einlegen und den Joker nehmen.",
        ),
    ] {
        let response = post_check(
            &app,
            lang,
            &[
                ("rules", "contract"),
                ("table_meld", "5H 6H JK 8H"),
                ("card", "7H"),
                ("action", "fit"),
            ],
        )
        .await;
        let body = text(&response.body);
        assert!(body.contains(yes), "{body}");
        assert!(body.contains(how), "{body}");
    }

    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "contract"),
            ("table_meld", "4H 5H"),
            ("card", "8H 9H"),
            ("action", "fit"),
        ],
    )
    .await;
    response.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "Type exactly one card.");
}

#[tokio::test]
async fn hostile_input_is_shown_escaped() {
    let app = TestApp::new().await;
    let hostile = "<script>alert(1)</script>";
    let response = post_check(
        &app,
        "en",
        &[
            ("rules", "contract"),
            ("melds", hostile),
            ("hand", hostile),
            ("card", "\"><img src=x>"),
            ("table_meld", hostile),
            ("action", "check"),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!response.body.contains("<script>alert"));
    assert!(!response.body.contains("<img src=x>"));
    assert!(text(&response.body).contains(hostile));
    assert_no_inline_script_or_style(&response.body);

    let response = app
        .get("/check?melds=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        .await;
    assert!(!response.body.contains("<script>alert"));
    assert!(!response.body.contains("\"/lang/de?next=/check?melds=<"));
}

#[tokio::test]
async fn every_page_has_the_csp_header_no_inline_script_or_style_and_stays_small() {
    let app = TestApp::new().await;
    let mut responses = Vec::new();
    for path in [
        "/",
        "/check",
        "/check?rules=progressive&round=14",
        "/no/such/page",
    ] {
        responses.push((path.to_owned(), app.get(path).await));
    }
    let full = post_check(
        &app,
        "de",
        &[
            ("rules", "contract"),
            ("round", "7"),
            ("melds", "3H 4H 5H 6H | 8S 9S 10S JS | 2D 3D 4D 5D JK"),
            ("hand", "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D"),
            ("table_meld", "4H 5H 6H 7H"),
            ("card", "8H"),
            ("action", "check"),
        ],
    )
    .await;
    responses.push(("POST /check".to_owned(), full));
    for (path, response) in &responses {
        assert!(
            response
                .header("content-security-policy")
                .contains("script-src 'self'"),
            "{path}"
        );
        assert!(
            response
                .header("content-security-policy")
                .contains("style-src 'self'"),
            "{path}"
        );
        assert_no_inline_script_or_style(&response.body);
        assert!(
            response.body.len() < 30 * 1024,
            "{path} is {} bytes",
            response.body.len()
        );
        assert!(response.body.contains("class=\"lang-switch\""), "{path}");
    }
}

#[tokio::test]
async fn the_checker_loads_the_card_grid_script_and_its_hidden_grids() {
    let app = TestApp::new().await;
    let response = app.get_with("/check", &[("accept-language", "de")]).await;
    let body = &response.body;
    assert!(body.contains(&format!(
        "<script src=\"{}\" defer></script>",
        kontrakt::web::assets::url("cards.js")
    )));
    assert!(body.contains("data-target=\"melds\" data-mode=\"melds\""));
    assert!(body.contains("data-target=\"card\" data-mode=\"one\""));
    assert!(body.contains("data-ranks=\"A 2 3 4 5 6 7 8 9 10 B D K\""));
    let script = app.get("/static/cards.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.header("content-type").contains("javascript"));
}

#[tokio::test]
async fn error_pages_follow_the_language() {
    let app = TestApp::new().await;
    let response = app
        .get_with("/no/such/page", &[("accept-language", "de")])
        .await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    let body = text(&response.body);
    assert!(body.contains("<html lang=\"de\">"));
    assert!(body.contains("<h1>Nicht gefunden</h1>"));
    assert!(body.contains("Fehler 404"));
    assert!(body.contains("Unter dieser Adresse gibt es keine Seite."));
    assert!(body.contains("href=\"/lang/en?next=/no/such/page\""));
    let response = app.get("/no/such/page").await;
    assert!(response.body.contains("<h1>Not Found</h1>"));
}

#[tokio::test]
async fn cards_as_the_grid_writes_them_in_german_are_read_back() {
    let app = TestApp::new().await;
    let response = post_check(
        &app,
        "de",
        &[
            ("rules", "contract"),
            ("round", "1"),
            ("melds", "D♥ D♠ D♦ | B♣ B♥ JK"),
            ("action", "check"),
        ],
    )
    .await;
    assert_eq!(response.status, StatusCode::OK);
    let body = text(&response.body);
    assert!(body.contains("✓ Gültig"), "{body}");
    assert!(body.contains("Satz aus Damen"));
    assert!(body.contains("Satz aus Buben"));
}

/// Declared wild cards on the meld checker (issue 9): typed into the text field, no
/// JavaScript needed; the verdict says what each wild was declared as, and a declaration on
/// a natural card is a field error with a sentence, in German too.
#[tokio::test]
async fn the_meld_checker_takes_declared_wilds_in_its_text_field() {
    let app = TestApp::new().await;
    let fields = |melds: &'static str| {
        [
            ("rules", "rommee"),
            ("shown", "rommee"),
            ("melds", melds),
            ("action", "check"),
        ]
    };
    let response = post_check(&app, "en", &fields("JK=JH QH KH | 3S 3D 3C")).await;
    assert_eq!(response.status, StatusCode::OK);
    let page = text(&response.body);
    assert!(page.contains("Not legal."), "{page}");
    assert!(page.contains("Worth 39 points."), "{page}");
    assert!(page.contains("Joker declared as J♥"), "{page}");
    assert!(page.contains("JK=JH"), "the field keeps what was typed");
    let response = post_check(&app, "de", &fields("JK=AH QH KH | 3S 3D 3C")).await;
    let page = text(&response.body);
    assert!(page.contains("Wert: 40 Punkte."), "{page}");
    assert!(page.contains("Joker angesagt als A♥"), "{page}");
    let response = post_check(&app, "de", &fields("5H=JH QH KH")).await;
    let page = text(&response.body);
    assert!(
        page.contains("„5H=JH“ in Meldung 1 erklärt eine echte Karte zu einer anderen"),
        "{page}"
    );
    // Undeclared, the page names the other reading and how to choose it.
    let response = post_check(&app, "en", &fields("JK QH KH | 3S 3D 3C")).await;
    let page = text(&response.body);
    assert!(
        page.contains("It could also be: run ♥J–K, Joker as J♥. Declare the wild card"),
        "{page}"
    );
    // The grid offers the declaration button (used with JavaScript).
    assert!(response.body.contains("data-declare"));
}
