//! The conflict page (issue 11): two phones saved the same round. Both versions side by side
//! with what differs marked (a sign and bold, not colour alone); keeping the saved round is
//! the prominent action and saving one's own says it replaces it; a phone that saved the very
//! same entry before (its Back button) is told so instead of "someone else".

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{TestApp, assert_no_inline_script_or_style, post_form, text};

/// A contract game of Ann, Ben and Cy, no round yet: its edit id.
async fn game(app: &TestApp) -> String {
    app.create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await
        .id
}

/// The `<section class="version {side}">` of a page.
fn side<'a>(body: &'a str, side: &str) -> &'a str {
    let at = body
        .find(&format!("<section class=\"version {side}\">"))
        .unwrap_or_else(|| panic!("no {side} in {body}"));
    &body[at..at + body[at..].find("</section>").unwrap()]
}

#[tokio::test]
async fn both_versions_are_shown_with_the_differences_marked_and_keeping_theirs_is_prominent() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let rounds = format!("/games/{id}/rounds");
    let saved = post_form(
        &app,
        &rounds,
        &[
            ("version", "0"),
            ("key", &app.form_key(&rounds)),
            ("round", "1"),
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "20"),
        ],
        "en",
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    for (lang, said, keep, mine, theirs_title, yours_title) in [
        (
            "en",
            "Round 1 was saved meanwhile, on another phone or on this one before going back.",
            "Keep the saved round",
            "Save mine instead (replaces round 1 as saved)",
            "Saved now",
            "Your entries",
        ),
        (
            "de",
            "Runde 1 wurde inzwischen gespeichert, auf einem anderen Handy oder auf diesem vor dem Zurückgehen.",
            "Gespeicherte Runde behalten",
            "Stattdessen meine speichern (ersetzt die gespeicherte Runde 1)",
            "Jetzt gespeichert",
            "Eure Eingaben",
        ),
    ] {
        let late = post_form(
            &app,
            &rounds,
            &[
                ("version", "0"),
                ("key", &app.form_key(&rounds)),
                ("round", "1"),
                ("went_out", "Cy"),
                ("points.Ann", "10"),
                ("points.Ben", "25"),
            ],
            lang,
        )
        .await;
        assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
        let body = text(&late.body);
        assert!(body.contains(said), "{body}");
        assert!(!body.contains("Someone else") && !body.contains("Jemand anderes"));
        let theirs = side(&body, "theirs");
        let yours = side(&body, "yours");
        assert!(
            theirs.contains(&format!("<h2>{theirs_title}</h2>")),
            "{theirs}"
        );
        assert!(
            yours.contains(&format!("<h2>{yours_title}</h2>")),
            "{yours}"
        );
        // Same winner and Ann's points: unmarked; Ben's differ: marked with a sign.
        assert!(theirs.contains("<td>Cy</td>") && yours.contains("<td>Cy</td>"));
        assert!(
            theirs.contains("<th scope=\"row\">Ann</th><td>10</td>"),
            "{theirs}"
        );
        assert!(
            yours.contains("<th scope=\"row\">Ann</th><td>10</td>"),
            "{yours}"
        );
        assert!(
            theirs.contains(
                "<tr class=\"differs\"><th scope=\"row\">Ben</th><td><span class=\"mark\">≠</span> <strong>20</strong></td></tr>"
            ),
            "{theirs}"
        );
        assert!(
            yours.contains(
                "<tr class=\"differs\"><th scope=\"row\">Ben</th><td><span class=\"mark\">≠</span> <strong>25</strong></td></tr>"
            ),
            "{yours}"
        );
        assert_eq!(theirs.matches("≠").count(), 1, "only Ben differs");
        // Keeping the saved round is the big button; saving mine is the quiet one and says
        // what it does.
        assert!(
            body.contains(&format!(
                "<a class=\"button big\" id=\"keep-theirs\" href=\"/games/{id}\">{keep}</a>"
            )),
            "{body}"
        );
        assert!(
            body.contains(&format!(
                "<button type=\"submit\" class=\"secondary save\" id=\"save\">{mine}</button>"
            )),
            "{body}"
        );
        assert_no_inline_script_or_style(&late.body);
    }
}

#[tokio::test]
async fn the_same_entry_sent_again_after_back_is_recognised_as_already_saved() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let rounds = format!("/games/{id}/rounds");
    let entry = [
        ("round", "1"),
        ("went_out", "Ann"),
        ("points.Ben", "5"),
        ("cards.Cy", "KH QS"),
    ];
    let before_back = app.form_key(&rounds);
    let mut first = vec![("version", "0"), ("key", before_back.as_str())];
    first.extend(entry);
    let saved = post_form(&app, &rounds, &first, "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    // Back, and the form (rendered again, so a new key) sent once more with the old version.
    let after_back = app.form_key(&rounds);
    let mut again = vec![("version", "0"), ("key", after_back.as_str())];
    again.extend(entry);
    let response = post_form(&app, &rounds, &again, "en").await;
    assert_eq!(response.status, StatusCode::CONFLICT);
    let body = text(&response.body);
    assert!(
        body.contains("Round 1 is already saved exactly as entered here, most likely from this phone before going back. Nothing more needs saving."),
        "{body}"
    );
    assert!(!body.contains("≠"), "nothing differs");
    assert!(body.contains("id=\"keep-theirs\""));
    let german = text(&post_form(&app, &rounds, &again, "de").await.body);
    assert!(german.contains("Runde 1 ist schon genau so gespeichert, wie hier eingegeben"));
    // Nothing was written twice.
    let history = app.get(&format!("/api/v1/games/{id}/history")).await.json();
    assert_eq!(history["count"], 1);
}

/// The hidden `key` of the form on a conflict page (the form that saves one's entries over
/// the round).
fn form_key_of(body: &str) -> String {
    let at = body.find("name=\"key\" value=\"").expect("a key field") + 18;
    body[at..at + body[at..].find('"').unwrap()].to_owned()
}

#[tokio::test]
async fn this_phones_own_save_is_known_by_its_form_key_after_back_and_another_phones_is_not() {
    let app = TestApp::new().await;
    let id = game(&app).await;
    let rounds = format!("/games/{id}/rounds");
    // Two phones open the form for round 1.
    let this_phone = app.form_key(&rounds);
    let other_phone = app.form_key(&rounds);
    let post = |key: String, ben: &'static str, lang: &'static str| {
        let rounds = rounds.clone();
        let app = &app;
        async move {
            let fields = [
                ("version", "0"),
                ("key", key.as_str()),
                ("round", "1"),
                ("went_out", "Cy"),
                ("points.Ann", "10"),
                ("points.Ben", ben),
            ];
            post_form(app, &rounds, &fields, lang).await
        }
    };
    let saved = post(this_phone.clone(), "20", "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    assert_eq!(saved.header("location"), format!("/games/{id}"));
    // A double tap: the same answer, the same place.
    let replay = post(this_phone.clone(), "20", "en").await;
    assert_eq!(replay.status, StatusCode::SEE_OTHER);
    assert_eq!(replay.header("location"), format!("/games/{id}"));

    // Back on this phone: the same form (its key), Ben's 20 changed to 25, saved again.
    for (lang, said, title) in [
        (
            "en",
            "This phone already saved round 1, before going back, and nothing has changed since.",
            "Saved from this phone",
        ),
        (
            "de",
            "Dieses Handy hat Runde 1 schon gespeichert, vor dem Zurückgehen, und seitdem hat sich nichts geändert.",
            "Von diesem Handy gespeichert",
        ),
    ] {
        let back = post(this_phone.clone(), "25", lang).await;
        assert_eq!(back.status, StatusCode::CONFLICT, "{}", back.body);
        let body = text(&back.body);
        assert!(body.contains(said), "{lang}: {body}");
        assert!(!body.contains("on another phone or on this one"), "{body}");
        assert!(
            !body.contains("auf einem anderen Handy oder auf diesem"),
            "{body}"
        );
        let theirs = side(&body, "theirs");
        assert!(theirs.contains(&format!("<h2>{title}</h2>")), "{theirs}");
        assert!(theirs.contains("<strong>20</strong>"), "{theirs}");
        assert!(side(&body, "yours").contains("<strong>25</strong>"));
        // Keeping it is the big button.
        assert!(body.contains(&format!(
            "<a class=\"button big\" id=\"keep-theirs\" href=\"/games/{id}\">"
        )));
        assert_no_inline_script_or_style(&back.body);
    }
    // The same entry typed another way (a sum): already saved as entered.
    let sum = post_form(
        &app,
        &rounds,
        &[
            ("version", "0"),
            ("key", this_phone.as_str()),
            ("round", "1"),
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "15+5"),
        ],
        "en",
    )
    .await;
    assert_eq!(sum.status, StatusCode::CONFLICT);
    assert!(
        text(&sum.body).contains(
            "This phone already saved round 1 exactly as entered here. Nothing more needs saving."
        ),
        "{}",
        sum.body
    );

    // The other phone's form, sent late with Ben 30: not this phone's save, today's page.
    let late = post(other_phone, "30", "en").await;
    assert_eq!(late.status, StatusCode::CONFLICT);
    let body = text(&late.body);
    assert!(
        body.contains(
            "Round 1 was saved meanwhile, on another phone or on this one before going back."
        ),
        "{body}"
    );
    assert!(!body.contains("This phone already saved"), "{body}");
    assert!(side(&body, "theirs").contains("<h2>Saved now</h2>"));
    // It saves its entries over round 1 (the quiet button: a correction with a new key).
    let key = form_key_of(&late.body);
    let over = post_form(
        &app,
        &format!("{rounds}/1"),
        &[
            ("version", "1"),
            ("key", key.as_str()),
            ("went_out", "Cy"),
            ("points.Ann", "10"),
            ("points.Ben", "30"),
        ],
        "en",
    )
    .await;
    assert_eq!(over.status, StatusCode::SEE_OTHER, "{}", over.body);

    // This phone's form once more: it saved round 1, but the game changed since.
    let back = post(this_phone, "25", "en").await;
    assert_eq!(back.status, StatusCode::CONFLICT);
    let body = text(&back.body);
    assert!(
        body.contains("This phone already saved round 1, and the game has been changed on another phone since."),
        "{body}"
    );
    let theirs = side(&body, "theirs");
    assert!(theirs.contains("<h2>Saved now</h2>"), "{theirs}");
    assert!(theirs.contains("<strong>30</strong>"), "{theirs}");
    // Two saves in all: this phone's round and the other phone's correction.
    let history = app.get(&format!("/api/v1/games/{id}/history")).await.json();
    assert_eq!(history["count"], 2, "{history}");
}

/// Issue 11: with Shanghai's first-down bonus, the conflict page shows who went down first in
/// both versions, marked where they differ, in English and German.
#[tokio::test]
async fn who_went_down_first_is_shown_in_both_versions_and_marked_when_it_differs() {
    let app = TestApp::new().await;
    let id = app
        .create_game(json!({"rules": "shanghai", "players": ["Ann", "Ben", "Cy"],
                            "options": {"first_down_bonus": 10}}))
        .await
        .id;
    let rounds = format!("/games/{id}/rounds");
    let form = |first: &'static str, key: String| {
        vec![
            ("version", "0".to_owned()),
            ("key", key),
            ("round", "1".to_owned()),
            ("went_out", "Ann".to_owned()),
            ("went_down_first", first.to_owned()),
            ("points.Ben", "35".to_owned()),
            ("points.Cy", "15".to_owned()),
        ]
    };
    let send = async |fields: Vec<(&'static str, String)>, lang: &str| {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        post_form(&app, &rounds, &fields, lang).await
    };
    let saved = send(form("Ben", app.form_key(&rounds)), "en").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let row = |label: &str, name: &str, marked: bool| {
        if marked {
            format!(
                "<tr class=\"differs\"><th scope=\"row\">{label}</th><td><span class=\"mark\">≠</span> <strong>{name}</strong></td></tr>"
            )
        } else {
            format!("<tr><th scope=\"row\">{label}</th><td>{name}</td></tr>")
        }
    };
    for (lang, label) in [("en", "Went down first"), ("de", "Zuerst ausgelegt")] {
        let late = send(form("Cy", app.form_key(&rounds)), lang).await;
        assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
        let body = text(&late.body);
        let (theirs, yours) = (side(&body, "theirs"), side(&body, "yours"));
        assert!(theirs.contains(&row(label, "Ben", true)), "{theirs}");
        assert!(yours.contains(&row(label, "Cy", true)), "{yours}");
        // The bonus (−10) moves Ben's and Cy's points with it: those rows differ too.
        assert!(theirs.contains(&row("Ben", "25", true)), "{theirs}");
        assert!(yours.contains(&row("Cy", "5", true)), "{yours}");
        assert!(theirs.contains(&row("Ann", "0", false)), "{theirs}");
        assert_eq!(theirs.matches("≠").count(), 3, "{theirs}");
    }
    // The same choice on both: shown, not marked.
    let late = send(form("Ben", app.form_key(&rounds)), "en").await;
    let body = text(&late.body);
    assert!(
        side(&body, "yours").contains(&row("Went down first", "Ben", false)),
        "{body}"
    );
}
