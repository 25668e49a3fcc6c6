//! The per-client write rate limit through the router: a tiny limit so the tests never
//! depend on timing; reads and the referee's computations are never limited; a 429 says
//! when to try again. The computations' own per-client queue: one client's flood of solves
//! does not keep another client from its answers.

use std::net::SocketAddr;

use crate::common::{TestApp, TestResponse};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use kontrakt::web::WriteLimit;

/// Two writes at once, then one every 1000 seconds: the third write in a test is refused.
const TINY: WriteLimit = WriteLimit {
    burst: 2,
    per_second: 0.001,
};

fn post(path: &str, peer: Option<&str>) -> Request<Body> {
    let mut request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(r#"{"rules": "contract", "cards": "AS"}"#))
        .unwrap();
    if let Some(peer) = peer {
        let addr: SocketAddr = peer.parse().unwrap();
        request.extensions_mut().insert(ConnectInfo(addr));
    }
    request
}

async fn exhaust(app: &TestApp, path: &str, peer: Option<&str>) {
    for _ in 0..TINY.burst {
        let response = app.send(post(path, peer)).await;
        assert_ne!(
            response.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{response:?}"
        );
    }
}

fn assert_retry_after(response: &TestResponse) {
    let seconds: u64 = response
        .header("retry-after")
        .parse()
        .expect("Retry-After is a number of seconds");
    assert!((1..=1000).contains(&seconds), "{seconds}");
}

#[tokio::test]
async fn writes_over_the_limit_get_429_with_retry_after_and_a_json_sentence_under_api() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/api/v1/games", None).await;

    let response = app.send(post("/api/v1/games", None)).await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    assert_retry_after(&response);
    let sentence = response.error_sentence();
    assert!(
        sentence.starts_with("Too many changes from your network in a short time. Try again in"),
        "{sentence}"
    );
    // The 429 carries the security headers like every answer.
    assert_eq!(response.header("x-content-type-options"), "nosniff");
}

#[tokio::test]
async fn writes_over_the_limit_outside_api_get_the_html_error_page() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/some/form", None).await;

    let response = app.send(post("/some/form", None)).await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(response.is_html());
    assert!(response.body.contains("Too many changes from your network"));
    assert_retry_after(&response);
}

#[tokio::test]
async fn the_429_page_is_in_the_pages_language_with_the_wait_and_the_api_follows_accept_language() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/some/form", None).await;

    let with = |header: &str, value: &str, path: &str| {
        let mut request = post(path, None);
        request.headers_mut().insert(
            axum::http::HeaderName::from_bytes(header.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
        request
    };
    for (header, value) in [("accept-language", "de-CH,de;q=0.9"), ("cookie", "lang=de")] {
        let response = app.send(with(header, value, "/some/form")).await;
        assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(response.is_html());
        let wait = response.header("retry-after").to_owned();
        let body = &response.body;
        assert!(body.contains("<html lang=\"de\">"), "{body}");
        assert!(
            body.contains("Zu viele Anfragen"),
            "the German title: {body}"
        );
        assert!(
            body.contains(&format!(
                "Zu viele Änderungen aus eurem Netz in kurzer Zeit. \
                 Versucht es in {wait} Sekunden noch einmal."
            )),
            "{body}"
        );
        assert!(!body.contains("Too many changes"), "{body}");
    }

    let response = app.send(with("accept-language", "en", "/some/form")).await;
    let wait = response.header("retry-after").to_owned();
    assert!(
        response.body.contains(&format!(
            "Too many changes from your network in a short time. Try again in {wait} seconds."
        )),
        "{}",
        response.body
    );

    // The API answers in the Accept-Language header's language (Added 2026-11-24).
    let response = app
        .send(with("accept-language", "de", "/api/v1/games"))
        .await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    let wait = response.header("retry-after").to_owned();
    assert_eq!(
        response.error_sentence(),
        format!(
            "Zu viele Änderungen aus eurem Netz in kurzer Zeit. \
             Versucht es in {wait} Sekunden noch einmal."
        )
    );
    let response = app
        .send(with("accept-language", "en", "/api/v1/games"))
        .await;
    let wait = response.header("retry-after").to_owned();
    assert_eq!(
        response.error_sentence(),
        format!("Too many changes from your network in a short time. Try again in {wait} seconds.")
    );
}

#[tokio::test]
async fn reads_are_never_limited() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/api/v1/games", None).await;
    for _ in 0..20 {
        assert_eq!(app.get("/api/v1/rules").await.status, StatusCode::OK);
        assert_eq!(app.get("/healthz").await.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn each_client_address_has_its_own_limit() {
    let app = TestApp::with_write_limit(TINY).await;
    exhaust(&app, "/api/v1/games", Some("192.0.2.1:50000")).await;
    let refused = app
        .send(post("/api/v1/games", Some("192.0.2.1:50001")))
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);

    let other = app
        .send(post("/api/v1/games", Some("192.0.2.2:50000")))
        .await;
    assert_ne!(other.status, StatusCode::TOO_MANY_REQUESTS, "{other:?}");
}

#[tokio::test]
async fn a_refused_write_changes_nothing() {
    let app = TestApp::with_write_limit(TINY).await;
    let created = app
        .post_json_with(
            "/api/v1/games",
            r#"{"rules": "contract", "players": ["A", "B", "C"]}"#,
            &[],
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let round = || {
        Request::post(format!("/api/v1/games/{id}/rounds"))
            .header("content-type", "application/json")
            .body(Body::from(
                r#"{"went_out": "A", "points": {"B": 5, "C": 10}}"#,
            ))
            .unwrap()
    };
    assert_eq!(app.send(round()).await.status, StatusCode::OK);
    assert_eq!(
        app.send(round()).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );

    let state = app.get(&format!("/api/v1/games/{id}")).await.json();
    assert_eq!(state["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(state["version"], 1);
}

fn json_post(path: &str, body: &str, peer: &str) -> Request<Body> {
    let mut request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_owned()))
        .unwrap();
    let addr: SocketAddr = peer.parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(addr));
    request
}

#[tokio::test]
async fn checking_melds_five_times_a_second_never_spends_the_write_budget() {
    let app = TestApp::with_write_limit(TINY).await;
    let peer = "192.0.2.7:40000";
    let computations = [
        (
            "/api/v1/check",
            r#"{"rules": "contract", "round": 1, "melds": "5H 5S 5D | 9C 9D 9S"}"#,
        ),
        (
            "/api/v1/solve",
            r#"{"rules": "contract", "round": 1, "hand": "5H 5S 5D 9C 9D 9S"}"#,
        ),
        ("/api/v1/score", r#"{"rules": "contract", "cards": "AS"}"#),
        (
            "/api/v1/fit",
            r#"{"rules": "contract", "meld": "5H 6H JK 8H", "card": "7H"}"#,
        ),
        (
            "/api/v1/settle",
            r#"{"rules": "hollywood", "players": ["A", "B"], "totals": [10, 20], "cents_per_point": 1}"#,
        ),
    ];
    for _ in 0..5 {
        for (path, body) in computations {
            let response = app.send(json_post(path, body, peer)).await;
            assert_eq!(response.status, StatusCode::OK, "{path}: {response:?}");
        }
        let mut page = Request::post("/check")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from(
                "rules=contract&round=1&melds=5H+5S+5D+%7C+9C+9D+9S&action=check",
            ))
            .unwrap();
        page.extensions_mut()
            .insert(ConnectInfo(peer.parse::<SocketAddr>().unwrap()));
        assert_eq!(app.send(page).await.status, StatusCode::OK);
    }
    // The table's phone behind the same address still saves its game: the whole budget is left.
    let created = app
        .send(json_post(
            "/api/v1/games",
            r#"{"rules": "contract", "players": ["A", "B", "C"]}"#,
            peer,
        ))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{created:?}");
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let round = app
        .send(json_post(
            &format!("/api/v1/games/{id}/rounds"),
            r#"{"went_out": "A", "points": {"B": 5, "C": 10}}"#,
            peer,
        ))
        .await;
    assert_eq!(round.status, StatusCode::OK, "{round:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_flood_of_solves_from_one_address_is_queued_and_another_address_still_gets_answers() {
    let app = std::sync::Arc::new(TestApp::new().await);
    // A hand with many wild cards: each solve takes the engine a while.
    let hard = r#"{"rules": "progressive", "round": 12, "hand": "JK JK JK JK 2C 2D 2H 2S 3H 5H 7H 9H JH KH 4S 6S 8S 10S QS AD"}"#;
    let mut flood = Vec::new();
    for i in 0..24 {
        let app = std::sync::Arc::clone(&app);
        flood.push(tokio::spawn(async move {
            app.send(json_post(
                "/api/v1/solve",
                hard,
                &format!("198.51.100.1:{}", 1000 + i),
            ))
            .await
        }));
    }
    // Meanwhile another address asks ten questions, one after the other: every one is answered.
    for _ in 0..10 {
        let response = app
            .send(json_post(
                "/api/v1/check",
                r#"{"rules": "contract", "round": 1, "melds": "5H 5S 5D | 9C 9D 9S"}"#,
                "203.0.113.9:5000",
            ))
            .await;
        assert_eq!(response.status, StatusCode::OK, "{response:?}");
        assert_eq!(response.json()["ok"], true);
    }
    let mut answered = 0;
    for task in flood {
        let response = task.await.unwrap();
        match response.status {
            StatusCode::OK => answered += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                let sentence = response.error_sentence();
                assert!(
                    sentence.starts_with("Too many checks from your network at once."),
                    "{sentence}"
                );
            }
            other => panic!("unexpected {other}: {response:?}"),
        }
    }
    assert!(
        answered >= 1,
        "the flooding address gets its queued answers too"
    );
}

/// A write from `device` (its cookie, if any) through the router.
fn post_from(device: Option<&str>) -> Request<Body> {
    let mut request = post("/api/v1/games", Some("192.0.2.7:5000"));
    if let Some(device) = device {
        let cookie = format!("kontrakt_device={device}");
        request
            .headers_mut()
            .insert("cookie", cookie.parse().unwrap());
    }
    request
}

/// The device cookie a write was answered with (`ID.MAC`), if any.
fn device_cookie(response: &TestResponse) -> Option<String> {
    let header = response.headers.get("set-cookie")?.to_str().unwrap();
    let value = header.strip_prefix("kontrakt_device=")?.split(';').next()?;
    assert!(header.contains("HttpOnly"), "{header}");
    Some(value.to_owned())
}

/// Fair to every phone at one address: a device flooding writes spends its own budget, not
/// the others' (before: every phone behind the address got 429); a first write without the
/// device cookie gets one, signed by the server; a cookie the server did not sign (made up,
/// edited) counts as none, so it takes from the address's shared bucket instead of bringing
/// a fresh one (before: a client could mint a new device for every write).
#[tokio::test]
async fn a_device_flooding_writes_does_not_stop_another_phone_at_the_same_address() {
    let app = TestApp::with_write_limit(TINY).await;
    let first = app.send(post_from(None)).await;
    let flood = device_cookie(&first).expect("a first write gets a device cookie");
    let second = app.send(post_from(None)).await;
    let phone = device_cookie(&second).expect("so does a second phone's");
    assert_ne!(flood, phone);
    let (id, mac) = flood.split_once('.').expect("ID.MAC");
    assert_eq!((id.len(), mac.len()), (32, 32), "{flood}");

    exhaust_from(&app, &flood).await;
    let refused = app.send(post_from(Some(&flood))).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_retry_after(&refused);
    assert!(refused.headers.get("set-cookie").is_none());
    let saved = app.send(post_from(Some(&phone))).await;
    assert_ne!(
        saved.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        saved.body
    );

    // The two cookie-less writes spent the shared bucket: a made-up device (the unsigned
    // cookie of older versions, an id with a made-up or borrowed signature) is refused as a
    // cookie-less write is, and is given no cookie.
    let borrowed = format!("{:032x}.{mac}", 0xabc);
    for made_up in [
        "0000000000000000000000000000000a".to_owned(),
        format!("{id}.{}", "0".repeat(32)),
        borrowed,
    ] {
        let answer = app.send(post_from(Some(&made_up))).await;
        assert_eq!(
            answer.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{made_up}: {}",
            answer.body
        );
        assert!(device_cookie(&answer).is_none());
    }
    let minting = app.send(post_from(None)).await;
    assert_eq!(minting.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(device_cookie(&minting).is_none());
}

/// New devices are budgeted per address: a table's eight phones get a cookie each at once,
/// the ninth cookie-less write is saved in the shared bucket but makes no new device.
#[tokio::test]
async fn an_address_is_given_eight_new_devices_at_once_and_no_more() {
    let app = TestApp::with_write_limit(WriteLimit {
        burst: 100,
        per_second: 0.001,
    })
    .await;
    let mut cookies = Vec::new();
    for _ in 0..10 {
        let answer = app.send(post_from(None)).await;
        assert_ne!(answer.status, StatusCode::TOO_MANY_REQUESTS);
        cookies.extend(device_cookie(&answer));
    }
    assert_eq!(cookies.len(), 8, "{cookies:?}");
    // Each names a device of its own: its writes are saved and need no new cookie.
    for cookie in &cookies {
        let answer = app.send(post_from(Some(cookie))).await;
        assert_ne!(answer.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(device_cookie(&answer).is_none());
    }
}

async fn exhaust_from(app: &TestApp, device: &str) {
    for _ in 0..TINY.burst {
        let response = app.send(post_from(Some(device))).await;
        assert_ne!(response.status, StatusCode::TOO_MANY_REQUESTS);
    }
}

/// A paper sheet of `games` seven-round Liverpool games of Ann, Ben and Cy.
fn sheet(games: usize) -> String {
    let mut rows = vec!["date,rules,game,player,r1,r2,r3,r4,r5,r6,r7".to_string()];
    for game in 1..=games {
        for (name, points) in [
            ("Ann", "0,15,30,0,5,20,10"),
            ("Ben", "20,0,5,35,0,25,0"),
            ("Cy", "10,25,0,15,40,0,30"),
        ] {
            rows.push(format!("2026-11-20,liverpool,{game},{name},{points}"));
        }
    }
    rows.join("\n") + "\n"
}

#[tokio::test]
async fn an_import_costs_a_write_per_game_and_the_next_one_is_told_when_to_retry() {
    // The default limit: 30 writes at once, then 3 a second.
    let app = TestApp::with_write_limit(WriteLimit::default()).await;
    let first = app.create_group("Club", &["Ann", "Ben", "Cy"]).await.id;
    let second = app
        .create_group("Stammtisch", &["Ann", "Ben", "Cy"])
        .await
        .id;
    let import = |group: &str, games: usize, lang: &str| {
        Request::post(format!("/api/v1/groups/{group}/import"))
            .header("content-type", "application/json")
            .header("accept-language", lang)
            .body(Body::from(
                serde_json::json!({"csv": sheet(games)}).to_string(),
            ))
            .unwrap()
    };
    // A budget at least half full may start a sheet of 200 games: it goes into debt.
    let made = app.send(import(&first, 200, "en")).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.json()["games"].as_array().unwrap().len(), 200);

    // The next import is refused until the debt is paid back, saying why and when.
    let refused = app.send(import(&second, 50, "en")).await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    let wait: u64 = refused.header("retry-after").parse().unwrap();
    // 200 games cost 200 writes of a bucket of 30 that regains 3 a second: about a minute.
    assert!((50..=80).contains(&wait), "Retry-After: {wait}");
    let sentence = refused.error_sentence();
    assert!(
        sentence.starts_with("An import counts one write per game")
            || sentence.starts_with("Too many changes"),
        "{sentence}"
    );
    let german = app.send(import(&second, 50, "de")).await;
    assert_eq!(german.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        german.error_sentence().contains("Versucht es in"),
        "{}",
        german.error_sentence()
    );
    // Nothing was made in the second group, and a single round is refused too.
    let state = app.get(&format!("/api/v1/groups/{second}")).await.json();
    assert_eq!(state["games"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn an_import_over_what_the_budget_holds_names_its_games_and_the_wait() {
    // 30 writes at once, then one every 100 seconds.
    let app = TestApp::with_write_limit(WriteLimit {
        burst: 30,
        per_second: 0.01,
    })
    .await;
    let group = app.create_group("Club", &["Ann", "Ben", "Cy"]).await.id;
    let import = |games: usize, lang: &str| {
        Request::post(format!("/api/v1/groups/{group}/import"))
            .header("content-type", "application/json")
            .header("accept-language", lang)
            .body(Body::from(
                serde_json::json!({"csv": sheet(games)}).to_string(),
            ))
            .unwrap()
    };
    // Spend the bucket down below half with single writes.
    for _ in 0..16 {
        let preview = Request::post(format!("/api/v1/groups/{group}/import"))
            .header("content-type", "application/json")
            .body(Body::from(
                serde_json::json!({"csv": sheet(1), "dry_run": true}).to_string(),
            ))
            .unwrap();
        assert_eq!(app.send(preview).await.status, StatusCode::OK);
    }
    let refused = app.send(import(40, "en")).await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert_eq!(
        refused.error_sentence(),
        format!(
            "An import counts one write per game, and 40 games are more than this device may \
             save right now. Try again in {} seconds, or split the sheet.",
            refused.header("retry-after")
        )
    );
    let german = app.send(import(40, "de")).await;
    assert_eq!(german.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        german
            .error_sentence()
            .starts_with("Ein Import zählt ein Speichern pro Spiel, und 40 Spiele sind mehr"),
        "{}",
        german.error_sentence()
    );
    let state = app.get(&format!("/api/v1/groups/{group}")).await.json();
    assert_eq!(
        state["games"].as_array().unwrap().len(),
        0,
        "nothing imported"
    );
    // A sheet of one game costs one write, like a round.
    let one = app.send(import(1, "en")).await;
    assert_eq!(one.status, StatusCode::CREATED, "{}", one.body);
}
