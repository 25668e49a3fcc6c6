//! The words and small things a table winced at, through the router: German sources on the
//! new-game page, no buying sentence in Rommé, no empty "Change the game" before round 1, a
//! finished game's checker link and players page, the notice for other rules chosen without
//! JavaScript, a stake on another scale asked again, and the German "ihr" in the form notice.
//! Each test has a fresh database.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{TestApp, text};

#[tokio::test]
async fn the_german_new_game_page_cites_its_sources_in_german() {
    let app = TestApp::new().await;
    let page = app.get_in("/games/new", "de").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let words = text(&page.body);
    for english in [
        "German Rommé basics",
        "common rules",
        "variant",
        "contract order",
        "Progressive Rummy by",
    ] {
        assert!(!words.contains(english), "{english:?} on the German page");
    }
    assert!(words.contains("Quelle: die Grundregeln des deutschen Rommé"));
    assert!(words.contains("Quelle: pagat.com, Progressive Rummy von John Eveleigh"));
    // English keeps its own.
    let en = text(&app.get_in("/games/new", "en").await.body);
    assert!(en.contains("Source: German Rommé basics"));
}

#[tokio::test]
async fn a_rommee_game_says_nothing_about_buying_and_a_contract_game_does() {
    let app = TestApp::new().await;
    let rommee = app
        .create_game(json!({"rules": "rommee", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let page = app.get_in(&format!("/games/{}", rommee.id), "de").await;
    let words = text(&page.body);
    assert!(!words.contains("gekauft"), "{words}");
    assert!(!words.contains("Kaufen"), "{words}");
    let contract = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let words = text(
        &app.get_in(&format!("/games/{}", contract.id), "en")
            .await
            .body,
    );
    assert!(words.contains("Buying is allowed"), "{words}");
    assert!(!words.contains("May I"), "{words}");
}

#[tokio::test]
async fn change_the_game_appears_once_there_is_something_to_change() {
    let app = TestApp::new().await;
    let game = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let path = format!("/games/{}", game.id);
    let before = app.get_in(&path, "en").await.body;
    assert!(!before.contains("Change the game"), "an empty heading");
    app.enter_round(
        &game.id,
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 7}}),
    )
    .await;
    let after = app.get_in(&path, "en").await.body;
    assert!(after.contains("Change the game"));
    assert!(after.contains("id=\"undo-link\""));
    assert!(after.contains("Meld checker for this round"));
}

#[tokio::test]
async fn a_finished_game_offers_the_checker_without_a_round_and_nobody_leaves() {
    let app = TestApp::new().await;
    let game = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    app.enter_round(
        &game.id,
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 7}}),
    )
    .await;
    let players = format!("/games/{}/players", game.id);
    assert!(
        app.get_in(&players, "en")
            .await
            .body
            .contains("id=\"leave-1\"")
    );
    app.end_game(&game.id).await;
    let page = app.get_in(&format!("/games/{}", game.id), "en").await.body;
    assert!(!page.contains("for this round"), "the game is over");
    assert!(page.contains(">Meld checker</a>"));
    let de = app.get_in(&format!("/games/{}", game.id), "de").await.body;
    assert!(!de.contains("für diese Runde"));
    let players = app.get_in(&players, "en").await;
    assert_eq!(players.status, StatusCode::OK);
    assert!(!players.body.contains("name=\"do\" value=\"leave\""));
    assert!(!players.body.contains("Leaves (keeps the total)"));
}

#[tokio::test]
async fn other_rules_chosen_without_javascript_are_not_called_problems() {
    let app = TestApp::new().await;
    let key = app.form_key("/games");
    // The form showed Contract Rummy's options; Rommé was picked and "Start" pressed.
    let fields = [
        ("rules", "rommee"),
        ("shown", "contract"),
        ("player", "Ann"),
        ("player", "Ben"),
        ("cents", "1"),
        ("key", key.as_str()),
    ];
    for lang in ["en", "de"] {
        let page = crate::common::post_form(&app, "/games", &fields, lang).await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            page.body
        );
        let words = text(&page.body);
        assert!(!words.contains("problems listed below"), "{words}");
        assert!(!words.contains("unten genannten Probleme"), "{words}");
        assert!(
            words.contains("You chose other rules") || words.contains("andere Regeln"),
            "{words}"
        );
    }
}

#[tokio::test]
async fn a_stake_is_asked_again_when_the_rules_count_money_on_another_scale() {
    let app = TestApp::new().await;
    // Continental counts units; Contract Rummy counts points: the 25 is not carried over.
    let page = app
        .get_in(
            "/games/new?rules=contract&shown=continental&cents=25&points_per_cent=4",
            "en",
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("id=\"restake\""), "asks");
    assert!(page.body.contains("name=\"cents\" value=\"\""));
    assert!(page.body.contains("name=\"points_per_cent\" value=\"1\""));
    assert!(text(&page.body).contains("type the stake for them"));
    let de = app
        .get_in("/games/new?rules=contract&shown=continental&cents=25", "de")
        .await;
    assert!(text(&de.body).contains("gebt den Einsatz für sie neu ein"));
    // Between two rule sets that count points, the stake stays.
    let same = app
        .get_in("/games/new?rules=liverpool&shown=contract&cents=25", "en")
        .await;
    assert!(!same.body.contains("id=\"restake\""));
    assert!(same.body.contains("name=\"cents\" value=\"25\""));
}

#[tokio::test]
async fn the_top_bars_checker_inside_a_game_starts_with_its_rules_options_and_round() {
    let app = TestApp::new().await;
    let game = app
        .create_game(
            json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"],
                            "options": {"cut_bonus": 40}}),
        )
        .await;
    app.enter_round(
        &game.id,
        json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 7}}),
    )
    .await;
    let page = app.get_in(&format!("/games/{}", game.id), "en").await.body;
    let link = format!("/check?game={}", game.id);
    assert!(page.contains(&format!("<a href=\"{link}\">Meld checker</a>")));
    // The game's other pages and its read-only page lead there too.
    let history = app
        .get_in(&format!("/games/{}/history", game.id), "en")
        .await
        .body;
    assert!(history.contains(&format!("<a href=\"{link}\">")));
    let view = app.get_in(&format!("/view/{}", game.view), "en").await.body;
    assert!(view.contains(&format!("<a href=\"/check?view={}\">", game.view)));
    // Outside a game: the plain checker.
    let home = app.get_in("/", "en").await.body;
    assert!(home.contains("<a href=\"/check\">Meld checker</a>"));

    let opened = app.get_in(&link, "en").await;
    assert_eq!(opened.status, StatusCode::SEE_OTHER);
    let target = opened.header("location").to_owned();
    assert!(
        target.starts_with("/check?rules=liverpool&round=2"),
        "{target}"
    );
    assert!(target.ends_with("&from=game"), "{target}");
    let checker = app.get_in(&target, "en").await.body;
    let words = text(&checker);
    assert!(words.contains("Set to your game"), "{words}");
    assert!(words.contains("Liverpool Rummy · round 2 · your game's options"));
    assert!(checker.contains("<a href=\"/check\" id=\"other-rules\">"));
    // The options are folded under their summary, and the melds come after it.
    assert!(checker.contains("<details class=\"panel rules-fold\" id=\"sec-rules\">"));
    let summary = checker.find("id=\"rules-summary\"").unwrap();
    let melds = checker.find("id=\"sec-melds\"").unwrap();
    assert!(summary < melds);
    let de = text(&app.get_in(&target, "de").await.body);
    assert!(
        de.contains("Liverpool-Rommé · Runde 2 · Optionen eurer Partie"),
        "{de}"
    );
    assert!(de.contains("Auf eure Partie eingestellt"));

    // A Rommé game: its rules, no round; a legal opening is legal.
    let rommee = app
        .create_game(json!({"rules": "rommee", "players": ["Ann", "Ben"]}))
        .await;
    let opened = app
        .get_in(&format!("/check?view={}", rommee.view), "de")
        .await;
    let target = opened.header("location").to_owned();
    assert!(target.starts_with("/check?rules=rommee"), "{target}");
    assert!(!target.contains("round="), "{target}");
    // The plain checker says its options are the rule book's; an unknown game is no game.
    let plain = text(&app.get_in("/check?game=abc123", "en").await.body);
    assert!(
        plain.contains("Contract Rummy · round 1 · standard options"),
        "{plain}"
    );
    assert!(!plain.contains("Set to your game"));
}

#[tokio::test]
async fn the_toggle_that_opens_card_entry_says_cards_in_both_languages() {
    let app = TestApp::new().await;
    let game = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    let path = format!("/games/{}/rounds/new", game.id);
    let en = app.get_in(&path, "en").await.body;
    assert!(en.contains("<span class=\"more-short\" aria-hidden=\"true\">Cards</span>"));
    let de = app.get_in(&path, "de").await.body;
    assert!(de.contains("<span class=\"more-short\" aria-hidden=\"true\">Karten</span>"));
}
