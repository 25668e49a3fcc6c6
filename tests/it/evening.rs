//! Issue 11, "The evening at the table without friction", as the server answers it (the
//! browser tests are in `browser/evening.rs`): the meld checker's verdict where one looks.

use axum::http::StatusCode;

use crate::common::{TestApp, post_form, text};

#[tokio::test]
async fn the_checkers_verdict_stands_above_the_card_grid_where_check_lands() {
    let app = TestApp::new().await;
    let page = app.get("/check?rules=liverpool&round=3").await.body;
    // "Check" posts to the verdict's place, and that place is before the melds and the grid.
    assert!(
        page.contains("value=\"check\" formaction=\"/check#verdict\""),
        "{page}"
    );
    for lang in ["en", "de"] {
        let response = post_form(
            &app,
            "/check",
            &[
                ("rules", "liverpool"),
                ("shown", "liverpool"),
                ("round", "3"),
                ("melds", "3H 4H 5H 6H | 7H 8H 9H 10H"),
                ("action", "check"),
            ],
            lang,
        )
        .await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.body);
        let body = text(&response.body);
        let verdict = body
            .find("<div id=\"verdict\" tabindex=\"-1\">")
            .expect("the verdict's place");
        let result = body
            .find("<div class=\"result bad\" role=\"status\">")
            .expect("a verdict");
        let melds = body.find("<textarea id=\"melds\"").unwrap();
        let grid = body.find("data-target=\"melds\"").unwrap();
        assert!(
            verdict < result && result < melds && melds < grid,
            "verdict first"
        );
        assert!(body.contains(&format!(
            "<script src=\"{}\" defer></script>",
            kontrakt::web::assets::url("verdict.js")
        )));
    }
    let script = app.get("/static/verdict.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.body.contains("focus"));
}

/// A GET whose answer may be binary: its status, content type and bytes.
async fn raw_get(app: &TestApp, path: &str) -> (StatusCode, String, Vec<u8>) {
    use http_body_util::BodyExt as _;
    use tower::ServiceExt as _;
    let request = axum::http::Request::get(path)
        .body(axum::body::Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    let bytes = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    (status, content_type, bytes)
}

/// Width and height of a PNG, from its IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[tokio::test]
async fn the_app_is_installable_with_a_manifest_icons_a_favicon_and_a_theme_colour() {
    let app = TestApp::new().await;
    let manifest = app.get("/manifest.webmanifest").await;
    assert_eq!(manifest.status, StatusCode::OK);
    assert_eq!(manifest.header("content-type"), "application/manifest+json");
    let m: serde_json::Value = serde_json::from_str(&manifest.body).expect("JSON");
    assert_eq!(m["name"], "Kontrakt");
    assert_eq!(m["short_name"], "Kontrakt");
    assert_eq!(m["start_url"], "/");
    assert_eq!(m["display"], "standalone");
    assert!(m["theme_color"].as_str().unwrap().starts_with('#'));
    assert!(m["background_color"].as_str().unwrap().starts_with('#'));
    let icons = m["icons"].as_array().unwrap();
    let mut maskable = false;
    for icon in icons {
        let src = icon["src"].as_str().unwrap();
        let (status, content_type, bytes) = raw_get(&app, src).await;
        assert_eq!(status, StatusCode::OK, "{src}");
        assert_eq!(content_type, icon["type"].as_str().unwrap(), "{src}");
        if let Some((w, h)) = icon["sizes"]
            .as_str()
            .unwrap()
            .split_once('x')
            .map(|(w, h)| (w.parse::<u32>().unwrap(), h.parse::<u32>().unwrap()))
        {
            assert_eq!(png_size(&bytes), (w, h), "{src}");
        }
        maskable |= icon["purpose"] == "maskable";
    }
    assert!(maskable, "a maskable icon");
    assert!(icons.iter().any(|i| i["sizes"] == "192x192"));
    assert!(icons.iter().any(|i| i["sizes"] == "512x512"));
    let (status, content_type, bytes) = raw_get(&app, "/favicon.ico").await;
    assert_eq!(
        (status, content_type.as_str()),
        (StatusCode::OK, "image/png")
    );
    assert_eq!(png_size(&bytes), (192, 192));

    // Every page links them, in both languages.
    for path in ["/", "/check", "/games/new"] {
        let body = app.get(path).await.body;
        for tag in [
            "<link rel=\"manifest\" href=\"/manifest.webmanifest\">".to_owned(),
            format!(
                "<link rel=\"icon\" href=\"{}\" type=\"image/svg+xml\">",
                kontrakt::web::assets::url("icon.svg")
            ),
            format!(
                "<link rel=\"apple-touch-icon\" href=\"{}\">",
                kontrakt::web::assets::url("icon-180.png")
            ),
            "<meta name=\"theme-color\" content=\"#1d5fb8\">".to_owned(),
        ] {
            assert!(body.contains(&tag), "{path}: {tag}");
        }
    }
}

#[tokio::test]
async fn game_pages_keep_the_screen_on_where_the_browser_offers_it() {
    let app = TestApp::new().await;
    let created = app
        .post_json_with(
            "/api/v1/games",
            r#"{"rules": "contract", "players": ["Ann", "Ben", "Cy"]}"#,
            &[],
        )
        .await
        .json();
    let (page, view) = (
        created["url"].as_str().unwrap().to_owned(),
        created["view_url"].as_str().unwrap().to_owned(),
    );
    for path in [page, view] {
        let body = app.get(&path).await.body;
        assert!(
            body.contains(&format!(
                "<script src=\"{}\" defer></script>",
                kontrakt::web::assets::url("wake.js")
            )),
            "{path}"
        );
    }
    assert!(
        !app.get("/").await.body.contains("wake.js"),
        "only game pages"
    );
    let script = app.get("/static/wake.js").await.body;
    assert!(
        script.contains("\"wakeLock\" in navigator"),
        "skipped where not offered"
    );
    assert!(
        script.contains("visibilitychange"),
        "asked for again when shown"
    );
    assert!(script.contains(".catch("), "a refusal is caught");
    assert!(
        script.contains("isSecureContext") && script.contains("localStorage"),
        "the notice where the screen cannot be kept on, dismissed for good"
    );
}

/// The notice of `wake.js` as the server renders it (hidden until the script finds that the
/// page cannot keep the screen on): its paragraphs with the reasons they are shown for.
fn wake_notice(body: &str) -> Vec<(String, String)> {
    let start = body
        .find("<div class=\"notice wake-notice\" id=\"wake-notice\" role=\"status\" hidden>")
        .expect("the wake-lock notice");
    let notice = &body[start..start + body[start..].find("</div>").unwrap()];
    notice
        .split("<p data-wake=\"")
        .skip(1)
        .map(|part| {
            let (reasons, rest) = part.split_once("\">").unwrap();
            let words = text(&rest[..rest.find("</p>").unwrap()]);
            (reasons.to_owned(), words)
        })
        .collect()
}

#[tokio::test]
async fn where_the_screen_cannot_be_kept_on_the_game_page_has_the_advice_in_the_phone_s_language() {
    // Served over plain HTTP: the phone's screen timeout, or the host's --https.
    let app = TestApp::new().await;
    let (id, _) = finished_game(&app).await;
    let path = format!("/games/{id}");
    let lan = ("host", "192.168.1.5:3000");
    let plain = app.get_with(&path, &[lan, ("accept-language", "en")]).await;
    assert_eq!(plain.status, StatusCode::OK);
    let timeout = "Set a longer screen timeout on the phone: Settings, Display (“Screen timeout”; \
        on an iPhone “Auto-Lock”).";
    let said = wake_notice(&plain.body);
    let expected = [
        (
            "insecure",
            "The screen may go dark during the game: a page can keep it on only over HTTPS.",
        ),
        (
            "refused",
            "The screen may go dark during the game: this browser does not let the page keep \
             it on.",
        ),
        ("insecure refused", timeout),
        ("insecure", "Or the host starts Kontrakt with --https."),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(r, w)| ((*r).to_owned(), (*w).to_owned()))
        .collect();
    assert_eq!(said, expected);
    assert!(!plain.body.contains("id=\"wake-https\""));
    let german = app.get_with(&path, &[lan, ("accept-language", "de")]).await;
    let said = wake_notice(&german.body);
    assert_eq!(said.len(), 4);
    assert!(
        said[0]
            .1
            .starts_with("Der Bildschirm kann während des Spiels ausgehen: Nur über HTTPS"),
        "{said:?}"
    );
    assert!(
        said[2]
            .1
            .starts_with("Stellt am Handy eine längere Zeit bis zur Bildschirmsperre ein"),
        "{said:?}"
    );
    assert_eq!(
        said[3].1,
        "Oder der Gastgeber startet Kontrakt mit --https."
    );
    assert!(german.body.contains(">Verstanden</button>"));

    // Served over HTTPS: a phone that still lands on plain HTTP (behind a proxy) is sent to
    // the page's https:// address; a refusal gets the screen timeout.
    let app = TestApp::served_https().await;
    let (id, view) = finished_game(&app).await;
    for path in [format!("/games/{id}"), format!("/view/{view}")] {
        let page = app
            .get_with(
                &path,
                &[("host", "spieltisch.local:3000"), ("accept-language", "en")],
            )
            .await;
        assert_eq!(page.status, StatusCode::OK);
        let url = format!("https://spieltisch.local:3000{path}");
        assert!(
            page.body
                .contains(&format!("<a href=\"{url}\" id=\"wake-https\">{url}</a>")),
            "{path}"
        );
        let said = wake_notice(&page.body);
        let reasons: Vec<&str> = said.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(
            reasons,
            ["insecure", "refused", "insecure", "refused"],
            "{path}"
        );
        assert!(
            said[2]
                .1
                .starts_with("Open this game over HTTPS instead: <a"),
            "{said:?}"
        );
        assert_eq!(said[3].1, timeout);
    }
}

/// A finished contract game of Ann, Ben and Cy (ended early after one round) at a cent a
/// point: its edit id and read-only token.
async fn finished_game(app: &TestApp) -> (String, String) {
    let post = |path: String, body: &'static str| {
        axum::http::Request::post(path)
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body))
            .unwrap()
    };
    let created = app
        .send(post(
            "/api/v1/games".into(),
            r#"{"rules": "contract", "players": ["Ann", "Ben", "Cy"], "cents_per_point": 1}"#,
        ))
        .await
        .json();
    let id = created["id"].as_str().unwrap().to_owned();
    let view = created["view_url"].as_str().unwrap()["/view/".len()..].to_owned();
    let round = app
        .send(post(
            format!("/api/v1/games/{id}/rounds"),
            r#"{"went_out": "Ann", "points": {"Ben": 20, "Cy": 50}}"#,
        ))
        .await;
    assert_eq!(round.status, StatusCode::OK, "{}", round.body);
    let end = app
        .send(post(format!("/api/v1/games/{id}/end"), "{}"))
        .await;
    assert_eq!(end.status, StatusCode::OK, "{}", end.body);
    (id, view)
}

#[tokio::test]
async fn a_finished_game_shares_places_payments_and_the_read_only_link_without_javascript() {
    let app = TestApp::new().await;
    let (id, view) = finished_game(&app).await;
    let game = app.get(&format!("/games/{id}")).await.body;
    assert!(game.contains(&format!("href=\"/games/{id}/settlement#share-result\"")));
    for (path, lang) in [
        (format!("/games/{id}/settlement"), "en"),
        (format!("/view/{view}/settlement"), "de"),
    ] {
        let request = axum::http::Request::get(&path)
            .header("host", "192.168.1.5:3000")
            .header("accept-language", lang)
            .body(axum::body::Body::empty())
            .unwrap();
        let response = app.send(request).await;
        assert_eq!(response.status, StatusCode::OK);
        let body = text(&response.body);
        let start = body
            .find("<textarea class=\"summary\" id=\"summary\" readonly rows=\"")
            .expect("summary");
        let summary = &body[start..start + body[start..].find("</textarea>").unwrap()];
        let link = format!("http://192.168.1.5:3000/view/{view}");
        let expected: &[&str] = if lang == "en" {
            &[
                "1. Ann 0 (+€ 0.70)",
                "2. Ben 20 (−€ 0.20)",
                "3. Cy 50 (−€ 0.50)",
                "Ben pays Ann € 0.20",
                "Cy pays Ann € 0.50",
                "Scores: ",
            ]
        } else {
            &["1. Ann 0 (+0,70 €)", "Ben zahlt Ann 0,20 €", "Spielstand: "]
        };
        for line in expected {
            assert!(summary.contains(line), "{lang}: {line:?} in {summary}");
        }
        assert!(summary.contains(&link), "{summary}");
        let wifi = if lang == "en" {
            "This link works only on the table's Wi-Fi."
        } else {
            "Dieser Link funktioniert nur im WLAN am Spieltisch."
        };
        assert!(summary.ends_with(wifi), "a LAN address: {summary}");
        // Without JavaScript: a "Send via" row of plain links with the text filled in.
        let shown = &summary[summary.find("\">").unwrap() + 2..];
        let href = |id: &str| -> String {
            let at = body.find(&format!("id=\"{id}\" href=\"")).expect(id) + id.len() + 12;
            body[at..at + body[at..].find('"').unwrap()].to_owned()
        };
        let decoded = |encoded: &str| {
            kontrakt::web::i18n::percent_decode(encoded)
                .expect("percent-encoded")
                .replace('\u{a0}', " ")
        };
        for (id, start) in [
            ("send-whatsapp", "https://wa.me/?text="),
            ("send-sms", "sms:?&body="),
        ] {
            let href = href(id);
            let text = href.strip_prefix(start).expect(start);
            assert_eq!(decoded(text), shown, "{lang}: {id}");
        }
        let mail = href("share-mail");
        let (_, text) = mail.split_once("&body=").unwrap();
        assert_eq!(decoded(text), shown, "{lang}: the e-mail");
        let telegram = href("send-telegram");
        let (url, text) = telegram
            .strip_prefix("https://t.me/share/url?url=")
            .unwrap()
            .split_once("&text=")
            .unwrap();
        assert_eq!(decoded(url), link);
        let text = decoded(text);
        assert!(
            text.starts_with("Kontrakt – ") && text.ends_with(wifi),
            "{text}"
        );
        assert!(!summary.contains(&id), "never the edit id");
        // Without JavaScript: the text, an e-mail with it, and the read-only link; the share
        // button waits hidden for share.js.
        assert!(body.contains("id=\"share-button\" hidden"));
        assert!(body.contains(&format!(
            "<script src=\"{}\" defer></script>",
            kontrakt::web::assets::url("share.js")
        )));
        assert!(body.contains(&format!("id=\"share-view\" href=\"{link}\"")));
        let mail = body
            .find("id=\"share-mail\" href=\"mailto:?subject=Kontrakt")
            .expect("mailto");
        let mail = &body[mail..mail + body[mail..].find("\">").unwrap()];
        assert!(mail.contains("&body=Kontrakt"), "{mail}");
        assert!(mail.contains("%0A"), "lines kept: {mail}");
        assert!(!mail.contains(&id));
    }
    // Before the end there is nothing to share.
    let (other, _) = {
        let created = app
            .post_json_with(
                "/api/v1/games",
                r#"{"rules": "contract", "players": ["A", "B", "C"]}"#,
                &[],
            )
            .await
            .json();
        (created["id"].as_str().unwrap().to_owned(), ())
    };
    let body = app.get(&format!("/games/{other}/settlement")).await.body;
    assert!(!body.contains("share-result"));
    let script = app.get("/static/share.js").await.body;
    assert!(script.contains("navigator.share") && script.contains("clipboard.writeText"));
}

#[tokio::test]
async fn the_printout_has_a_print_button_the_house_options_and_a_qr_of_the_read_only_link() {
    let app = TestApp::new().await;
    let (id, view) = finished_game(&app).await;
    for (lang, options, caption) in [
        (
            "en",
            "House options: none, the rule book as written.",
            "Scan for the scores (read only): ",
        ),
        (
            "de",
            "Hausregeln: keine, das Regelbuch wie geschrieben.",
            "Scannen für den Spielstand (nur ansehen): ",
        ),
    ] {
        let request = axum::http::Request::get(format!("/games/{id}/settlement"))
            .header("host", "192.168.1.5:3000")
            .header("accept-language", lang)
            .body(axum::body::Body::empty())
            .unwrap();
        let body = text(&app.send(request).await.body);
        // The button waits for print.js (hidden without JavaScript).
        assert!(body.contains("id=\"print-button\" hidden>"), "{body}");
        assert!(body.contains(&format!(
            "<script src=\"{}\" defer></script>",
            kontrakt::web::assets::url("print.js")
        )));
        let facts = body
            .find("<div class=\"print-only print-facts\">")
            .expect("print facts");
        let facts = &body[facts..facts + body[facts..].find("</svg>").expect("a QR code")];
        assert!(facts.contains(options), "{facts}");
        assert!(
            facts.contains(&format!("{caption}http://192.168.1.5:3000/view/{view}")),
            "{facts}"
        );
        assert!(facts.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\""));
        assert!(
            !facts.contains(&id),
            "the printout never carries the edit link"
        );
        assert!(
            body.contains("Started ") || body.contains("Begonnen "),
            "the date"
        );
    }
    // A house rule is named, with its value in words; the rule book's values are not.
    let created = app
        .post_json_with(
            "/api/v1/games",
            r#"{"rules": "contract", "players": ["A", "B", "C"], "options": {"jokers": false}}"#,
            &[],
        )
        .await
        .json();
    let house = app
        .get(&format!(
            "/games/{}/settlement",
            created["id"].as_str().unwrap()
        ))
        .await
        .body;
    assert!(
        house.contains("<p>House options: jokers off.</p>"),
        "{house}"
    );
    let print_css = app.get("/static/game.css").await.body;
    assert!(print_css.contains("@page { margin: 8mm; }"));
    assert!(print_css.contains("table.sheet { break-inside: avoid; }"));
    let script = app.get("/static/print.js").await.body;
    assert!(script.contains("window.print()"));

    // The game page's QR codes: the edit link and the read-only link, each under its label.
    let request = axum::http::Request::get(format!("/games/{id}"))
        .header("host", "192.168.1.5:3000")
        .body(axum::body::Body::empty())
        .unwrap();
    let body = app.send(request).await.body;
    let edit_label = body.find("<p class=\"link-label\">Edit link</p>").unwrap();
    let edit_qr = body.find("id=\"qr\"").unwrap();
    let view_label = body
        .find("<p class=\"link-label\">Read-only link</p>")
        .unwrap();
    let view_qr = body.find("id=\"qr-view\"").unwrap();
    assert!(edit_label < edit_qr && edit_qr < view_label && view_label < view_qr);
    assert!(
        body.contains("aria-label=\"QR code of the read-only link\"")
            || body.contains("QR code of the read-only link")
    );
}

#[tokio::test]
async fn the_german_csv_opens_as_columns_in_german_excel_and_stays_safe_against_formulas() {
    let app = TestApp::new().await;
    let created = app
        .post_json_with("/api/v1/games", r#"{"rules": "contract", "players": ["a;=1+1;", "b,@SUM(A1)", "Jörg"], "cents_per_point": 5}"#, &[])
        .await
        .json();
    let id = created["id"].as_str().unwrap().to_owned();
    let round = app
        .post_json_with(
            &format!("/api/v1/games/{id}/rounds"),
            r#"{"went_out": "Jörg", "points": {"a;=1+1;": 13, "b,@SUM(A1)": 7}}"#,
            &[],
        )
        .await;
    assert_eq!(round.status, StatusCode::OK, "{}", round.body);
    let end = app
        .post_json_with(&format!("/api/v1/games/{id}/end"), "{}", &[])
        .await;
    assert_eq!(end.status, StatusCode::OK);
    let response = app.get_in(&format!("/games/{id}/export.csv"), "de").await;
    assert_eq!(response.header("content-type"), "text/csv; charset=utf-8");
    let csv = response
        .body
        .strip_prefix('\u{feff}')
        .expect("byte-order mark");
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "Runde;Geber;Kontrakt;\"a;'=1+1;\";\"b,'@SUM(A1)\";Jörg"
    );
    assert_eq!(lines[1], "1;\"a;'=1+1;\";2 Sätze à 3;13;7;0", "{csv}");
    assert!(lines.contains(&"Saldo (€);;;-0,65;-0,35;1,00"), "{csv}");
    assert!(lines.contains(&"\"a;'=1+1;\";Jörg;0,65"), "{csv}");
    // English stays comma separated with decimal points.
    let english = app.get(&format!("/games/{id}/export.csv")).await.body;
    assert!(english.contains("Net (€),,,-0.65,-0.35,1.00"), "{english}");
}
