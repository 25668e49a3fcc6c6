//! Cards typed as a German table says them (docs/RULES.md section 1, "German letters"): the
//! round form takes "BP", the seed's "KK, HK, PK" and "T2, K2" and scores them as
//! the English notation; a token that is no card is named with the letters that work in the
//! reader's language, beside the field whose card grid is one tap away; a lone K after a rank
//! is refused as Kreuz or Karo.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{TestApp, TestResponse, input_value, post_checker, post_form, text};

/// A contract game of Ann, Ben and Cy: its edit id.
async fn game(app: &TestApp) -> String {
    app.create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await
        .id
}

/// Posts the round form of game `id` in `lang` with `fields` beside its hidden ones.
async fn round(app: &TestApp, id: &str, lang: &str, fields: &[(&str, &str)]) -> TestResponse {
    let form = app.get_in(&format!("/games/{id}/rounds/new"), lang).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    let version = input_value(&form.body, "version");
    let key = input_value(&form.body, "key");
    let mut all = vec![("version", version.as_str()), ("key", key.as_str())];
    all.extend_from_slice(fields);
    post_form(app, &format!("/games/{id}/rounds"), &all, lang).await
}

/// The points of round 1 by player, as the game's JSON has them.
async fn points(app: &TestApp, id: &str) -> Value {
    app.game_state(id).await["rounds"][0]["points"].clone()
}

#[tokio::test]
async fn german_letters_on_the_round_form_score_like_the_english_notation() {
    let app = TestApp::new().await;
    let german = game(&app).await;
    let saved = round(
        &app,
        &german,
        "de",
        &[
            ("went_out", "Cy"),
            ("cards.Ann", "BP T2 K2"),
            ("cards.Ben", "KK, HK, PK"),
        ],
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", text(&saved.body));
    let english = game(&app).await;
    let saved = round(
        &app,
        &english,
        "en",
        &[
            ("went_out", "Cy"),
            ("cards.Ann", "JS 2C 2D"),
            ("cards.Ben", "KD KH KS"),
        ],
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", text(&saved.body));
    let (de, en) = (points(&app, &german).await, points(&app, &english).await);
    assert_eq!(de, en);
    assert_eq!(de["Ben"], 30, "three kings: {de}");
    // The cards are kept in the notation, so every reader reads the same cards.
    let state = app.game_state(&german).await;
    assert_eq!(
        state["rounds"][0]["entry"]["cards"],
        json!({"Ann": "JS 2C 2D", "Ben": "KD KH KS"})
    );
}

#[tokio::test]
async fn a_token_that_is_no_card_names_the_letters_of_the_readers_language_beside_the_grid() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    for (lang, says) in [
        (
            "de",
            "Karten von Ann: unbekannte Karte „XY“. Schreibt Farbe und Wert, z. B. HK (Herz König), T2 (Treff 2), BP (Bube Pik)",
        ),
        (
            "en",
            "Ann's cards: unknown card \"XY\". Write rank then suit, like 10H, QS, A♦ or JK: ranks A, 2–10, J, Q, K; suits C, D, H, S.",
        ),
    ] {
        let refused = round(
            &app,
            &id,
            lang,
            &[
                ("went_out", "Cy"),
                ("cards.Ann", "BP XY"),
                ("points.Ben", "5"),
            ],
        )
        .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{lang}");
        let body = text(&refused.body);
        assert!(body.contains(says), "{lang}: {body}");
        // Ann's row: the fold holding the cards is open, with the card grid in it, and the
        // field keeps what was typed.
        let row = &refused.body[refused.body.find("id=\"player-0\"").unwrap()..];
        let row = &row[..row.find("</fieldset>").unwrap()];
        assert!(
            row.contains("<details class=\"more\" open>"),
            "{lang}: {row}"
        );
        assert!(row.contains("card-grid"), "{lang}: {row}");
        assert!(row.contains("value=\"BP XY\""), "{lang}: {row}");
    }
    assert_eq!(app.game_state(&id).await["version"], 0);
}

#[tokio::test]
async fn a_lone_k_after_the_rank_is_refused_as_kreuz_or_karo_and_nothing_is_saved() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let refused = round(
        &app,
        &id,
        "de",
        &[("went_out", "Cy"), ("cards.Ann", "DK"), ("points.Ben", "5")],
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = text(&refused.body);
    assert!(
        body.contains("„DK“ kann Kreuz oder Karo sein: ein K nach dem Wert heißt beides. Schreibt Kr oder T für Kreuz und Ka für Karo"),
        "{body}"
    );
    // The JSON API says the same in English, with its code.
    let answer = app
        .post_json(
            &format!("/api/v1/games/{id}/rounds"),
            json!({"went_out": "Cy", "cards": {"Ann": "DK"}, "points": {"Ben": 5}}),
        )
        .await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.body
    );
    assert!(
        answer
            .body
            .contains("could be Kreuz (clubs) or Karo (diamonds)"),
        "{}",
        answer.body
    );
    assert_eq!(app.game_state(&id).await["version"], 0);
}

/// The verdict of the checker page (`/check`) for `melds` in contract round 1, in `lang`.
async fn verdict(app: &TestApp, melds: &str, action: &str, lang: &str) -> String {
    let (field, cards) = if action == "check" {
        ("melds", melds.to_string())
    } else {
        ("hand", melds.replace(" | ", " "))
    };
    let page = post_checker(app, ("contract", "1"), &[(field, &cards)], action, lang).await;
    assert_eq!(page.status, StatusCode::OK, "{melds}: {}", page.body);
    let verdict = &page.body[page.body.find("id=\"verdict\"").expect("a verdict")..];
    text(&verdict[..verdict.find("<label").unwrap_or(verdict.len())])
}

#[tokio::test]
async fn the_checker_reads_german_letters_as_the_round_form_does() {
    let app = TestApp::new().await;
    // Two sets of three: the seed's notation (suit first) and rank first, against the English.
    let (german, english) = ("KK HK PK | BP BH BT", "KD KH KS | JS JH JC");
    for action in ["check", "solve"] {
        let de = verdict(&app, german, action, "de").await;
        assert_eq!(de, verdict(&app, english, action, "de").await, "{action}");
        assert!(!de.contains("unbekannte Karte"), "{action}: {de}");
    }
    assert!(verdict(&app, german, "check", "de").await.contains("✓"));
    // A token that is no card names the German letters on the checker too.
    let page = post_checker(
        &app,
        ("contract", "1"),
        &[("melds", "KK XY")],
        "check",
        "de",
    )
    .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.body
    );
    assert!(
        text(&page.body).contains("Schreibt Farbe und Wert, z. B. HK (Herz König)"),
        "{}",
        page.body
    );
}
