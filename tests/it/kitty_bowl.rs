//! Progressive's buys (seed 000, "Kaufen" and "Abrechnung"): each buy costs a cent paid into
//! a Kasse during play, and the winner receives every cent in it. The settlement page says
//! plainly that its payments include the buys, and offers the table's way: the buys were paid
//! into a bowl, so pay the places alone and hand the bowl to the winner. In German the buy
//! kitty is the "Topf", never the group's "Kasse".

use axum::http::StatusCode;
use serde_json::json;

use crate::common::TestApp;

/// A page's text as read, without the isolation around names.
fn text(body: &str) -> String {
    crate::common::text(body)
        .replace("<bdi>", "")
        .replace("</bdi>", "")
}

/// A finished Progressive game of four: Maya goes out every round, Jonas takes 10 points,
/// Friederike 20 and Konstantin 30; Jonas buys once in round 9, Friederike in rounds 9 and
/// 10. Its settlement page.
async fn evening_with_buys(app: &TestApp, buys: bool) -> String {
    let id = app
        .create_game(json!({"rules": "progressive",
                            "players": ["Maya", "Jonas", "Friederike", "Konstantin"]}))
        .await
        .id;
    for round in 1..=10 {
        let mut entry = json!({"went_out": "Maya",
                               "points": {"Jonas": 10, "Friederike": 20, "Konstantin": 30}});
        if buys && round == 9 {
            entry["buys"] = json!({"Jonas": 1, "Friederike": 1});
        }
        if buys && round == 10 {
            entry["buys"] = json!({"Friederike": 1});
        }
        app.enter_round(&id, entry).await;
    }
    app.end_game(&id).await;
    format!("/games/{id}/settlement")
}

#[tokio::test]
async fn the_settlement_says_its_payments_hold_the_buys_and_offers_the_bowl_the_table_used() {
    let app = TestApp::new().await;
    let path = evening_with_buys(&app, true).await;
    let page = app.get_in(&path, "en").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = text(&page.body);
    // Places: Maya +12, Jonas -2, Friederike -4, Konstantin -6; buys: Jonas 1, Friederike 2,
    // a kitty of 3 to Maya.
    assert!(
        body.contains("These payments include the buys: each buyer pays for them here, and the kitty of € 0.03 is paid out here too."),
        "{body}"
    );
    for paid in [
        "Konstantin pays Maya € 0.06",
        "Friederike pays Maya € 0.06",
        "Jonas pays Maya € 0.03",
    ] {
        assert!(body.contains(paid), "{paid}: {body}");
    }
    // The table's way, folded under a toggle that works without JavaScript.
    let bowl = &page.body[page
        .body
        .find("<details class=\"panel bowl\" id=\"bowl\">")
        .expect("the bowl")..];
    let bowl = text(&bowl[..bowl.find("</details>").unwrap()]);
    assert!(bowl.contains("We paid the buys into a bowl"), "{bowl}");
    assert!(
        bowl.contains("Then pay only this, without the buys:"),
        "{bowl}"
    );
    for paid in [
        "Konstantin pays Maya € 0.06",
        "Friederike pays Maya € 0.04",
        "Jonas pays Maya € 0.02",
        "Hand the kitty of € 0.03 to Maya.",
    ] {
        assert!(bowl.contains(paid), "{paid}: {bowl}");
    }

    let de = text(&app.get_in(&path, "de").await.body);
    assert!(
        de.contains("Topf: 0,03 € aus 3 Käufen, alles an den Sieger."),
        "{de}"
    );
    assert!(de.contains("Diese Zahlungen enthalten die Käufe"), "{de}");
    assert!(
        de.contains("Wir haben die Käufe in einen Topf gezahlt"),
        "{de}"
    );
    assert!(de.contains("Gebt den Topf von 0,03 € an Maya."), "{de}");
    assert!(
        !de.contains("Kasse"),
        "the kitty is not the group's Kasse: {de}"
    );
}

#[tokio::test]
async fn two_thirds_of_the_bowl_go_to_the_winner_and_a_third_to_second_place() {
    let app = TestApp::new().await;
    let id = app
        .create_game(
            json!({"rules": "progressive", "players": ["Maya", "Jonas", "Cy"],
                            "options": {"kitty_split": "two-thirds"}}),
        )
        .await
        .id;
    for round in 1..=10 {
        let mut entry = json!({"went_out": "Maya", "points": {"Jonas": 10, "Cy": 20}});
        if round >= 9 {
            entry["buys"] = json!({"Jonas": 1, "Cy": 1});
        }
        app.enter_round(&id, entry).await;
    }
    app.end_game(&id).await;
    let body = text(
        &app.get_in(&format!("/games/{id}/settlement"), "en")
            .await
            .body,
    );
    // A kitty of 4: a third (1) to Jonas, the rest (3) to Maya.
    assert!(
        body.contains("From the kitty of € 0.04, hand € 0.03 to Maya."),
        "{body}"
    );
    assert!(
        body.contains("From the kitty of € 0.04, hand € 0.01 to Jonas."),
        "{body}"
    );
    let de = text(
        &app.get_in(&format!("/games/{id}/settlement"), "de")
            .await
            .body,
    );
    assert!(
        de.contains("Aus dem Topf von 0,04 € bekommt Jonas 0,01 €."),
        "{de}"
    );
}

#[tokio::test]
async fn a_game_without_buys_has_no_bowl_to_offer() {
    let app = TestApp::new().await;
    let path = evening_with_buys(&app, false).await;
    let body = app.get_in(&path, "en").await.body;
    assert!(!body.contains("id=\"bowl\""), "{body}");
    assert!(!body.contains("include the buys"));
}
