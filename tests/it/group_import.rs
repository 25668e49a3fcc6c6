//! The paper score-sheet import (issue 10, docs/paper-import.md): the API's dry run names every
//! bad row in English and German, checks each game against its rule set (an impossible round
//! is a problem, an unlikely one a warning to confirm); the import makes the games in the
//! group (new names join it), the standings count them, a repeat with the same key makes
//! nothing twice, and the read-only link is refused. The page does the same without
//! JavaScript.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::{TestApp, TestResponse, post_form};

/// Two Liverpool games on one evening, the second ended after two rounds.
const SHEET: &str = "date,rules,game,player,r1,r2,r3\n\
    2026-11-20,liverpool,1,Ann,0,15,30\n\
    2026-11-20,liverpool,1,Ben,20,0,5\n\
    2026-11-20,liverpool,1,Cy,10,25,0\n\
    2026-11-20,liverpool,2,Ann,5,0,\n\
    2026-11-20,liverpool,2,Ben,0,35,\n\
    2026-11-20,liverpool,2,Dora,15,20,\n";

async fn post(app: &TestApp, path: &str, body: &Value, headers: &[(&str, &str)]) -> TestResponse {
    let mut request = Request::post(path).header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request.body(Body::from(body.to_string())).unwrap())
        .await
}

/// A group of Ann, Ben and Cy: (edit id, read-only token).
async fn new_group(app: &TestApp) -> (String, String) {
    let group = app
        .create_group("Freitagsrunde", &["Ann", "Ben", "Cy"])
        .await;
    (group.id, group.view)
}

fn messages(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["message"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_dry_run_names_a_bad_row_in_english_and_german_and_makes_nothing() {
    let app = TestApp::new().await;
    let (id, _) = new_group(&app).await;
    let bad = SHEET.replace(
        "2026-11-20,liverpool,1,Ben,20,0,5",
        "2026-11-20,liverpool,1,Ben,20,\"2,5\",5",
    );
    let path = format!("/api/v1/groups/{id}/import");
    let en = post(&app, &path, &json!({"csv": bad, "dry_run": true}), &[]).await;
    assert_eq!(en.status, StatusCode::OK, "{}", en.body);
    let en = en.json();
    assert_eq!(en["can_import"], false);
    assert_eq!(en["games"].as_array().unwrap().len(), 2, "{en}");
    assert_eq!(en["problems"][0]["row"], 3, "{en}");
    assert_eq!(en["problems"][0]["code"], "bad_points");
    assert_eq!(
        messages(&en["problems"]),
        ["Row 3: round 2: \"2,5\" is not a whole number of points."]
    );
    let de = post(
        &app,
        &path,
        &json!({"csv": bad, "dry_run": true}),
        &[("accept-language", "de")],
    )
    .await
    .json();
    assert_eq!(
        messages(&de["problems"]),
        ["Zeile 3: Runde 2: „2,5“ ist keine ganze Punktzahl."]
    );
    // The good sheet's preview: the games scored as the engine scores them.
    let good = post(&app, &path, &json!({"csv": SHEET, "dry_run": true}), &[])
        .await
        .json();
    assert_eq!(good["problems"], json!([]), "{good}");
    assert_eq!(good["can_import"], true);
    assert_eq!(good["games"][0]["date"], "2026-11-20");
    assert_eq!(good["games"][0]["rules"], "liverpool");
    assert_eq!(good["games"][0]["players"], json!(["Ann", "Ben", "Cy"]));
    assert_eq!(
        good["games"][0]["rounds"],
        json!([[0, 20, 10], [15, 0, 25], [30, 5, 0]])
    );
    assert_eq!(good["games"][0]["totals"], json!([45, 25, 35]));
    assert_eq!(good["games"][1]["players"], json!(["Ann", "Ben", "Dora"]));
    // Nothing was made by either.
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"], json!([]));
    // Without dry_run, a sheet with a problem is refused with the preview and a sentence.
    let refused = post(
        &app,
        &path,
        &json!({"csv": bad}),
        &[("idempotency-key", "k-bad")],
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let refused = refused.json();
    assert_eq!(
        refused["error"],
        "The sheet has 1 problem; nothing is imported until every row is right."
    );
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"], json!([]));
}

#[tokio::test]
async fn each_game_is_checked_against_its_rule_set() {
    let app = TestApp::new().await;
    let (id, _) = new_group(&app).await;
    let path = format!("/api/v1/groups/{id}/import");
    // 900 points in round 1: more than the most eleven cards can count; an impossible round.
    let impossible = SHEET.replace(
        "2026-11-20,liverpool,1,Cy,10,25,0",
        "2026-11-20,liverpool,1,Cy,900,25,0",
    );
    let answer = post(
        &app,
        &path,
        &json!({"csv": impossible, "dry_run": true}),
        &[],
    )
    .await
    .json();
    assert_eq!(answer["problems"].as_array().unwrap().len(), 1, "{answer}");
    assert_eq!(answer["problems"][0]["row"], 4);
    assert_eq!(answer["problems"][0]["round"], 1);
    let message = answer["problems"][0]["message"].as_str().unwrap();
    assert!(message.starts_with("Row 4: round 1: "), "{message}");
    // More rounds than the rule set has: Liverpool has 7.
    let too_many_rounds = "date,rules,player,r1,r2,r3,r4,r5,r6,r7,r8\n\
        2026-11-20,liverpool,Ann,0,5,5,5,5,5,5,5\n\
        2026-11-20,liverpool,Ben,5,0,0,0,0,0,0,0\n\
        2026-11-20,liverpool,Cy,5,10,10,10,10,10,10,10\n";
    let answer = post(
        &app,
        &path,
        &json!({"csv": too_many_rounds, "dry_run": true}),
        &[],
    )
    .await
    .json();
    assert!(
        !answer["problems"].as_array().unwrap().is_empty(),
        "a Liverpool game has 7 rounds, not 8: {answer}"
    );
    assert!(
        answer["problems"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["round"] == 8),
        "{answer}"
    );
    // A rule set that does not take this many players: Liverpool's game of two.
    let two = "date,rules,player,r1\n2026-11-20,liverpool,Ann,0\n2026-11-20,liverpool,Ben,5\n";
    let answer = post(&app, &path, &json!({"csv": two, "dry_run": true}), &[])
        .await
        .json();
    assert_eq!(answer["problems"][0]["code"], "player_count", "{answer}");
    assert_eq!(
        answer["problems"][0]["message"],
        "Row 2: Liverpool Rummy is played by 3 to 5 players, not 2."
    );
    // A score below 0 beyond any cut bonus (Liverpool's is 50) is refused by the engine.
    let cut = SHEET.replace(
        "2026-11-20,liverpool,1,Ben,20,0,5",
        "2026-11-20,liverpool,1,Ben,-60,0,5",
    );
    let answer = post(&app, &path, &json!({"csv": cut, "dry_run": true}), &[])
        .await
        .json();
    assert_eq!(answer["problems"][0]["row"], 3, "{answer}");
    assert_eq!(answer["can_import"], false, "{answer}");
    // Very high points: possible, but unlikely; imported only when confirmed.
    let unlikely = SHEET.replace(
        "2026-11-20,liverpool,1,Cy,10,25,0",
        "2026-11-20,liverpool,1,Cy,150,25,0",
    );
    let answer = post(&app, &path, &json!({"csv": unlikely, "dry_run": true}), &[])
        .await
        .json();
    assert_eq!(answer["problems"], json!([]), "{answer}");
    assert_eq!(answer["warnings"][0]["row"], 4, "{answer}");
    let refused = post(&app, &path, &json!({"csv": unlikely}), &[]).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("unlikely"),
        "{}",
        refused.body
    );
    let made = post(&app, &path, &json!({"csv": unlikely, "confirm": true}), &[]).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
}

#[tokio::test]
async fn the_import_makes_the_games_once_and_the_standings_count_them() {
    let app = TestApp::new().await;
    let (id, view) = new_group(&app).await;
    let path = format!("/api/v1/groups/{id}/import");
    let key = [("idempotency-key", "import-1")];
    let made = post(&app, &path, &json!({"csv": SHEET}), &key).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let made = made.json();
    let games = made["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    // The first game is there with its three rounds, its day and its totals.
    let first = app.get(games[0]["api_url"].as_str().unwrap()).await.json();
    assert_eq!(first["players"], json!(["Ann", "Ben", "Cy"]), "{first}");
    assert_eq!(
        first["totals"],
        json!({"Ann": 45, "Ben": 25, "Cy": 35}),
        "{first}"
    );
    assert_eq!(first["created_at"], "2026-11-20T12:00:00Z");
    assert_eq!(
        first["ended_early"], true,
        "3 rounds of 7: the table stopped early"
    );
    assert_eq!(first["cents_per_point"], 0, "paper games play for nothing");
    // The group has both games, and Dora joined it.
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"].as_array().unwrap().len(), 2, "{group}");
    let names: Vec<&str> = group["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Ben", "Cy", "Dora"]);
    let ann = group["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == "Ann")
        .unwrap_or_else(|| panic!("{group}"));
    assert_eq!(ann["games"], 2, "{group}");
    // The same request with the same key makes nothing twice: the same games again.
    let again = post(&app, &path, &json!({"csv": SHEET}), &key).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(again.header("idempotent-replayed"), "true");
    assert_eq!(again.json(), made);
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"].as_array().unwrap().len(), 2, "{group}");
    // The read-only link never imports.
    let refused = post(
        &app,
        &format!("/api/v1/groups/{view}/import"),
        &json!({"csv": SHEET}),
        &[],
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"].as_array().unwrap().len(), 2, "{group}");
}

#[tokio::test]
async fn the_page_previews_names_bad_rows_and_imports_once() {
    let app = TestApp::new().await;
    let (id, view) = new_group(&app).await;
    let path = format!("/groups/{id}/import");
    let page = app.get(&path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body
            .contains("<textarea id=\"import-csv\" name=\"csv\"")
    );
    crate::common::assert_no_inline_script_or_style(&page.body);
    // A bad row is named, in English and in German; no import button then.
    let bad = SHEET.replace(
        "2026-11-20,liverpool,1,Ben,20,0,5",
        "2026-11-20,liverpool,1,Ben,20,\"2,5\",5",
    );
    let key = app.form_key(&path);
    let en = post_form(
        &app,
        &path,
        &[("csv", &bad), ("key", &key), ("step", "preview")],
        "en",
    )
    .await;
    assert_eq!(en.status, StatusCode::OK, "{}", en.body);
    let text = crate::common::text(&en.body);
    assert!(
        text.contains("Row 3: round 2: \"2,5\" is not a whole number of points."),
        "{text}"
    );
    assert!(!en.body.contains("id=\"import-confirm\""));
    let de = post_form(
        &app,
        &path,
        &[("csv", &bad), ("key", &key), ("step", "preview")],
        "de",
    )
    .await;
    let text = crate::common::text(&de.body);
    assert!(
        text.contains("Zeile 3: Runde 2: „2,5“ ist keine ganze Punktzahl."),
        "{text}"
    );
    // Fixed, the preview shows both games and the button.
    let good = post_form(
        &app,
        &path,
        &[("csv", SHEET), ("key", &key), ("step", "preview")],
        "en",
    )
    .await;
    let text = crate::common::text(&good.body);
    assert!(text.contains("2 games read"), "{text}");
    assert!(
        text.contains("2026-11-20 · Liverpool Rummy · game 1, 3 rounds: Ann 45, Ben 25, Cy 35"),
        "{text}"
    );
    assert!(text.contains("Import 2 games"), "{text}");
    // Importing: to the group page, which lists the games; a second tap makes nothing twice.
    let fields = [("csv", SHEET), ("key", key.as_str()), ("step", "import")];
    let made = post_form(&app, &path, &fields, "en").await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    assert_eq!(made.header("location"), format!("/groups/{id}"));
    let again = post_form(&app, &path, &fields, "en").await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"].as_array().unwrap().len(), 2, "{group}");
    // Unlikely rounds need the box ticked.
    let unlikely = SHEET.replace(
        "2026-11-20,liverpool,1,Cy,10,25,0",
        "2026-11-20,liverpool,1,Cy,150,25,0",
    );
    let key = app.form_key(&path);
    let preview = post_form(
        &app,
        &path,
        &[("csv", &unlikely), ("key", &key), ("step", "preview")],
        "en",
    )
    .await;
    assert!(
        preview.body.contains("name=\"confirm\""),
        "{}",
        preview.body
    );
    let unticked = post_form(
        &app,
        &path,
        &[("csv", &unlikely), ("key", &key), ("step", "import")],
        "en",
    )
    .await;
    assert_eq!(
        unticked.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unticked.body
    );
    let ticked = post_form(
        &app,
        &path,
        &[
            ("csv", &unlikely),
            ("key", &key),
            ("step", "import"),
            ("confirm", "on"),
        ],
        "en",
    )
    .await;
    assert_eq!(ticked.status, StatusCode::SEE_OTHER, "{}", ticked.body);
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"].as_array().unwrap().len(), 4, "{group}");
    // The read-only link has no import page.
    let refused = app.get(&format!("/groups/{view}/import")).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

/// A Liverpool evening where the cutters hit: Ben in round 1 (35 in cards, written -15), Cy
/// in round 2, who also went out (written -50).
const CUTS: &str = "Datum;Regeln;Spieler;R1;R2\n\
    20.11.2026;liverpool;Ann;0;20\n\
    20.11.2026;liverpool;Ben;-15;30\n\
    20.11.2026;liverpool;Cy;10;-50\n";

#[tokio::test]
async fn a_liverpool_cut_bonus_written_below_zero_is_imported_as_the_cut_bonus() {
    let app = TestApp::new().await;
    let (id, _) = new_group(&app).await;
    let path = format!("/api/v1/groups/{id}/import");
    let preview = post(&app, &path, &json!({"csv": CUTS, "dry_run": true}), &[])
        .await
        .json();
    assert_eq!(preview["problems"], json!([]), "{preview}");
    assert_eq!(preview["can_import"], true, "{preview}");
    // The engine's totals are the sheet's sums: the bonus is taken off the cutters.
    assert_eq!(
        preview["games"][0]["totals"],
        json!([20, 15, -40]),
        "{preview}"
    );
    let made = post(
        &app,
        &path,
        &json!({"csv": CUTS}),
        &[("idempotency-key", "cuts")],
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    let game_id = group["games"][0]["id"].as_str().unwrap();
    let game = app.get(&format!("/api/v1/games/{game_id}")).await.json();
    assert_eq!(
        game["totals"],
        json!({"Ann": 20, "Ben": 15, "Cy": -40}),
        "{game}"
    );
    // Ben cuts round 1 only if Cy deals first; the rounds carry the cut bonus mark.
    assert_eq!(game["first_dealer"], "Cy", "{game}");
    let rounds = game["rounds"].as_array().unwrap();
    assert_eq!(rounds[0]["entry"]["cut_bonus"], true, "{game}");
    assert_eq!(rounds[0]["cutter"], "Ben", "{game}");
    assert_eq!(rounds[1]["entry"]["cut_bonus"], true, "{game}");
    assert_eq!(rounds[1]["cutter"], "Cy", "{game}");
    assert_eq!(rounds[1]["went_out"], "Cy", "{game}");
    assert_eq!(standing_wins(&group, "Cy"), 1, "{group}");

    // Two cut bonuses to one player in two rounds of three players: no first dealer makes
    // Ben the cutter of both, so the row is named.
    let twice = CUTS
        .replace("Ben;-15;30", "Ben;-15;-20")
        .replace("Cy;10;-50", "Cy;10;0");
    let answer = post(&app, &path, &json!({"csv": twice, "dry_run": true}), &[])
        .await
        .json();
    assert_eq!(
        answer["problems"][0]["code"], "cut_bonus_not_cutter",
        "{answer}"
    );
    assert_eq!(answer["problems"][0]["row"], 3, "{answer}");
    assert_eq!(
        answer["problems"][0]["message"],
        "Row 3: round 1: a score below 0 is the cut bonus, which only the round's cutter \
         earns; whoever deals first, this player does not cut in every round the sheet gives \
         them one."
    );
    let de = post(
        &app,
        &path,
        &json!({"csv": twice, "dry_run": true}),
        &[("accept-language", "de")],
    )
    .await
    .json();
    assert!(
        de["problems"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("Zeile 3: Runde 1: Punkte unter 0 sind der Abhebe-Bonus"),
        "{de}"
    );
    // A rule set without a cut bonus keeps refusing scores below 0.
    let contract = CUTS.replace("liverpool", "contract");
    let answer = post(&app, &path, &json!({"csv": contract, "dry_run": true}), &[])
        .await
        .json();
    assert_eq!(answer["can_import"], false, "{answer}");
    assert_eq!(answer["problems"][0]["row"], 3, "{answer}");
}

fn standing_wins(group: &Value, name: &str) -> i64 {
    group["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == name)
        .map_or(0, |s| s["wins"].as_i64().unwrap())
}

/// Posts the import page's first form as a browser does with a file chosen (or none: an
/// empty file part), `multipart/form-data`.
async fn post_file(
    app: &TestApp,
    path: &str,
    fields: &[(&str, &str)],
    file: &[u8],
    lang: &str,
) -> TestResponse {
    let boundary = "----kontrakt-test-boundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; \
             filename=\"{}\"\r\nContent-Type: text/csv\r\n\r\n",
            if file.is_empty() { "" } else { "abend.csv" }
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    app.send(
        Request::post(path)
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .header("accept-language", lang)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

/// The sheet's text the preview's "Import" form carries.
fn carried_csv(page: &str) -> String {
    let start = page.find("name=\"csv\" value=\"").expect("the import form") + 18;
    let end = start + page[start..].find('"').unwrap();
    page[start..end]
        .replace("&#10;", "\n")
        .replace("&#13;", "\r")
}

#[tokio::test]
async fn the_page_takes_a_csv_file_as_excel_saves_it_and_imports_it_once() {
    let app = TestApp::new().await;
    let (id, _) = new_group(&app).await;
    let path = format!("/groups/{id}/import");
    let page = app.get(&path).await;
    assert!(
        page.body.contains("enctype=\"multipart/form-data\""),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("<input type=\"file\" id=\"import-file\" name=\"file\"")
    );
    assert!(page.body.contains("At most 63 KiB"), "{}", page.body);
    // German Excel's "CSV (Trennzeichen-getrennt)": `;`, German headers, Windows-1252 (ü is
    // 0xFC), CRLF.
    let excel: &[u8] = b"Datum;Regeln;Spieler;R1;R2\r\n\
        20.11.2026;liverpool;Ann;0;15\r\n\
        20.11.2026;liverpool;J\xFCrgen;20;0\r\n\
        20.11.2026;liverpool;Cy;10;25\r\n";
    let key = app.form_key(&path);
    let fields = [("key", key.as_str()), ("step", "preview"), ("csv", "")];
    let preview = post_file(&app, &path, &fields, excel, "de").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    let text = crate::common::text(&preview.body);
    assert!(text.contains("Jürgen 20"), "{text}");
    assert!(preview.body.contains("id=\"import-confirm\""), "{text}");
    // The "Import" form carries the file's text, decoded: the same path as pasted text.
    let csv = carried_csv(&preview.body);
    assert!(csv.contains("Jürgen"), "{csv}");
    let import = [
        ("csv", csv.as_str()),
        ("key", key.as_str()),
        ("step", "import"),
    ];
    let made = post_form(&app, &path, &import, "de").await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let again = post_form(&app, &path, &import, "de").await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    assert_eq!(group["games"].as_array().unwrap().len(), 1, "{group}");
    assert_eq!(group["games"][0]["players"], json!(["Ann", "Jürgen", "Cy"]));

    // UTF-8 with a byte-order mark, and a chosen file wins over pasted text.
    let marked = [&[0xEF, 0xBB, 0xBF][..], SHEET.as_bytes()].concat();
    let fields = [
        ("key", key.as_str()),
        ("step", "preview"),
        ("csv", "nonsense"),
    ];
    let preview = post_file(&app, &path, &fields, &marked, "en").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert!(crate::common::text(&preview.body).contains("2 games read"));
    // No file chosen: the pasted text is read.
    let fields = [("key", key.as_str()), ("step", "preview"), ("csv", SHEET)];
    let preview = post_file(&app, &path, &fields, b"", "en").await;
    assert!(crate::common::text(&preview.body).contains("2 games read"));
    // A file over the limit: a 413 that says the limit, in the page's language.
    let big = "x".repeat(kontrakt::web::BODY_LIMIT + 1);
    let fields = [("key", key.as_str()), ("step", "preview")];
    let refused = post_file(&app, &path, &fields, big.as_bytes(), "de").await;
    assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        crate::common::text(&refused.body)
            .contains("Die Anfrage ist zu groß; höchstens 64 KiB gehen."),
        "{}",
        refused.body
    );
    // Through the read-only link: refused like the pasted form.
    let (_, view) = new_group(&app).await;
    let refused = post_file(
        &app,
        &format!("/groups/{view}/import"),
        &fields,
        excel,
        "en",
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

/// A sheet of `games` Liverpool games of Ann, Ben and Cy, each of `rounds` rounds.
fn big_sheet(games: usize, rounds: usize) -> String {
    let heads: Vec<String> = (1..=rounds).map(|r| format!("r{r}")).collect();
    let mut csv = format!("date,rules,game,player,{}\n", heads.join(","));
    for game in 1..=games {
        for (player, points) in [("Ann", "0"), ("Ben", "10"), ("Cy", "20")] {
            let cells = vec![points; rounds].join(",");
            csv.push_str(&format!("2026-11-20,liverpool,{game},{player},{cells}\n"));
        }
    }
    csv
}

/// How many games the group holds.
async fn group_games(app: &TestApp, id: &str) -> usize {
    let group = app.get(&format!("/api/v1/groups/{id}")).await.json();
    group["games"].as_array().unwrap().len()
}

/// Bounded imports: a sheet of more games than one import takes, or more scores (rounds
/// times players), is refused as a whole with a sentence saying to split it (English and
/// German), in the dry run and the import alike, before any game of it is scored; nothing is
/// made. The largest sheet allowed still imports.
#[tokio::test]
async fn a_sheet_over_the_games_or_scores_of_one_import_is_refused_saying_to_split_it() {
    let app = TestApp::new().await;
    let (id, _) = new_group(&app).await;
    let path = format!("/api/v1/groups/{id}/import");

    let too_many = post(&app, &path, &json!({"csv": big_sheet(201, 1)}), &[]).await;
    assert_eq!(
        too_many.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        too_many.body
    );
    let answer = too_many.json();
    assert_eq!(answer["problems"][0]["code"], "too_many_games", "{answer}");
    assert!(
        messages(&answer["problems"])[0].starts_with(
            "The sheet holds 201 games; at most 200 can be imported at once. Split it"
        ),
        "{answer}"
    );
    let de = post(
        &app,
        &path,
        &json!({"csv": big_sheet(201, 1), "dry_run": true}),
        &[("accept-language", "de")],
    )
    .await
    .json();
    assert!(
        messages(&de["problems"])[0].contains("höchstens 200 gehen auf einmal. Teilt sie"),
        "{de}"
    );

    // 12 players of 60 rounds in 10 games: 7,200 scores in 120 rows.
    let mut wide = format!(
        "date,rules,game,player,{}\n",
        (1..=60)
            .map(|r| format!("r{r}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    for game in 1..=10 {
        for player in 0..12 {
            let cells = vec![if player == 0 { "0" } else { "5" }; 60].join(",");
            wide.push_str(&format!("2026-11-20,liverpool,{game},P{player},{cells}\n"));
        }
    }
    let answer = post(&app, &path, &json!({"csv": wide}), &[]).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let answer = answer.json();
    assert_eq!(answer["problems"][0]["code"], "too_many_scores", "{answer}");
    assert!(
        messages(&answer["problems"])[0].contains("7200 scores"),
        "{answer}"
    );
    assert_eq!(group_games(&app, &id).await, 0, "nothing made");

    let most = post(&app, &path, &json!({"csv": big_sheet(200, 1)}), &[]).await;
    assert_eq!(most.status, StatusCode::CREATED, "{}", most.body);
    assert_eq!(group_games(&app, &id).await, 200);
}

/// A group takes at most 1,000 imported games in 24 hours: past it an import is a 429 with
/// `Retry-After` and a sentence saying when to try again (API and page, English and German),
/// and nothing is made; imports older than a day do not count.
#[tokio::test]
async fn a_group_past_its_daily_import_cap_is_refused_with_429_saying_when_to_retry() {
    let app = TestApp::new().await;
    let (id, _) = new_group(&app).await;
    // 1,000 games imported an hour ago (as the import records them), and older ones.
    let hour_ago = (time::OffsetDateTime::now_utc() - time::Duration::hours(1))
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap();
    let hour_ago = format!("{}.000Z", &hour_ago[..19]);
    let mut write = app.db.begin_write().await.unwrap();
    for (n, at) in [(1_000, hour_ago.as_str()), (50, "2020-01-01T12:00:00.000Z")] {
        for _ in 0..n {
            sqlx::query(
                "INSERT INTO group_history (group_id, action, before, after, at)
                 VALUES ($1, 'add_game', NULL, $2, $3)",
            )
            .bind(&id)
            .bind(r#"{"game":"x","imported":"2026-11-20T12:00:00.000Z"}"#)
            .bind(at)
            .execute(&mut **write)
            .await
            .unwrap();
        }
    }
    write.commit().await.unwrap();
    let path = format!("/api/v1/groups/{id}/import");
    let refused = post(&app, &path, &json!({"csv": SHEET}), &[]).await;
    refused.assert_refused(
        StatusCode::TOO_MANY_REQUESTS,
        crate::common::Said::Is(
            "This group has taken 1000 imported games in the last 24 hours, the most it takes \
             in a day. Try again in about 23 hours.",
        ),
    );
    let retry: u64 = refused.header("retry-after").parse().unwrap();
    assert!((82_000..=82_800).contains(&retry), "{retry}");
    assert_eq!(group_games(&app, &id).await, 0, "nothing made");

    let form = post_form(
        &app,
        &format!("/groups/{id}/import"),
        &[
            ("csv", SHEET),
            ("step", "import"),
            ("confirm", "1"),
            ("key", &app.form_key(&format!("/groups/{id}/import"))),
        ],
        "de",
    )
    .await;
    form.assert_page_refused(
        StatusCode::TOO_MANY_REQUESTS,
        "Versucht es in etwa 23 Stunden noch einmal.",
    );
    assert_eq!(group_games(&app, &id).await, 0);
}

/// What schemathesis found against the OpenAPI document: a refused import's problems are
/// `FieldProblem`s like every other 422's (each names the body's `csv` field; before: none
/// had a `field`), and `"lang": null` is no language given, as the document's optional field
/// says (before: a 422 `"lang" is "en" or "de", not "null"`).
#[tokio::test]
async fn a_refused_import_names_its_field_and_a_null_lang_is_no_language() {
    let app = TestApp::new().await;
    let (id, _) = new_group(&app).await;
    let path = format!("/api/v1/groups/{id}/import");
    let refused = post(&app, &path, &json!({"csv": "", "lang": null}), &[]).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let refused = refused.json();
    let problems = refused["problems"].as_array().unwrap();
    assert!(!problems.is_empty(), "{refused}");
    for problem in problems {
        assert_eq!(problem["field"], "csv", "{problem}");
        assert!(problem["code"].is_string() && problem["message"].is_string());
    }
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .starts_with("The sheet has 1 problem"),
        "{refused}"
    );
    // A null language beside a dry run is read as none; a dry run's issues name their field.
    let dry = post(
        &app,
        &path,
        &json!({"csv": SHEET, "dry_run": true, "lang": null}),
        &[("accept-language", "de")],
    )
    .await;
    assert_eq!(dry.status, StatusCode::OK, "{}", dry.body);
    let bad = SHEET.replace("Ben,20,0,5", "Ben,20,x,5");
    let dry = post(&app, &path, &json!({"csv": bad, "dry_run": true}), &[]).await;
    let dry = dry.json();
    assert_eq!(dry["problems"][0]["field"], "csv", "{dry}");
}
