//! The logs of the real binary at `RUST_LOG=trace`, as text and as JSON: a capability token
//! (a game's edit id or read-only token) never appears, whichever crate logs and however
//! the game was reached (form, API, edit and read-only links, a mistyped path); every line
//! logged while answering a request carries the request's id, which the answer returns.
#![cfg(unix)]

use std::io::Read as _;
use std::process::Command;

use kontrakt::rules::presets::option_specs;
use kontrakt::rules::ruleset::OptionValue;
use serde_json::{Value, json};

use crate::common::{form_body, game_with_a_round, get, pairs, post_json, request, start};

/// A game created through the HTML form: its edit id and read-only token.
fn game_through_the_form(addr: &str) -> (String, String) {
    let form = get(addr, "/games/new", &[]);
    assert_eq!(form.status, 200);
    let mut fields: Vec<(String, String)> = vec![
        ("rules".into(), "rommee".into()),
        ("shown".into(), "rommee".into()),
        ("player".into(), "Ann".into()),
        ("player".into(), "Ben".into()),
        ("first_dealer".into(), "1".into()),
        ("cents".into(), "1".into()),
        ("points_per_cent".into(), "10".into()),
        ("currency".into(), "€".into()),
        ("settlement".into(), "pairwise".into()),
    ];
    for spec in option_specs("rommee").unwrap() {
        if spec.name == "settlement" {
            continue;
        }
        match spec.default {
            OptionValue::Bool(false) => {}
            OptionValue::Bool(true) => fields.push((format!("opt.{}", spec.name), "on".into())),
            other => fields.push((format!("opt.{}", spec.name), other.to_string())),
        }
    }
    let pairs = pairs(&fields);
    let created = request(
        addr,
        "POST",
        "/games",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        form_body(&pairs).as_bytes(),
    );
    assert_eq!(created.status, 303, "{}", created.text());
    let id = created
        .header("location")
        .unwrap()
        .strip_prefix("/games/")
        .unwrap()
        .to_owned();
    let page = get(addr, &format!("/games/{id}"), &[]).text();
    let at = page
        .find("/view/")
        .expect("the page links its read-only view")
        + "/view/".len();
    let token: String = page[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(token.len(), 32, "{token}");
    (id, token)
}

/// Runs the server at `RUST_LOG=trace` in `format`, plays through it, stops it, and returns
/// its whole log with the tokens it must not contain and the request ids it must.
fn a_logged_session(format: &str) -> (String, Vec<String>, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, mut log) = start(
        std::path::Path::new(env!("CARGO_BIN_EXE_kontrakt")),
        dir.path(),
        &["--log-format", format],
        &[("RUST_LOG", "trace")],
    );
    let addr = server.addr.clone();
    // Trace logs fill a pipe quickly: read them as they come, or the server blocks.
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        log.read_to_string(&mut text).unwrap();
        text
    });
    let (api_id, api_token) = game_with_a_round(&addr);
    let (form_id, form_token) = game_through_the_form(&addr);
    let round = post_json(
        &addr,
        &format!("/api/v1/games/{form_id}/rounds"),
        &json!({"round": 1, "went_out": "Ann", "points": {"Ben": 20}}),
    );
    assert_eq!(round.status, 200, "{}", round.text());
    for (id, token) in [(&api_id, &api_token), (&form_id, &form_token)] {
        for path in [
            format!("/games/{id}"),
            format!("/games/{id}/rounds/new"),
            format!("/games/{id}/history"),
            format!("/games/{id}/settlement"),
            format!("/games/{id}/export.csv"),
            format!("/view/{token}"),
            format!("/api/v1/games/{id}"),
            format!("/api/v1/games/{id}/history"),
            format!("/api/v1/view/{token}"),
        ] {
            assert_eq!(get(&addr, &path, &[]).status, 200, "{path}");
        }
        // Wrong turns: a read-only token where the edit id belongs, an unrouted path.
        assert_eq!(get(&addr, &format!("/games/{token}"), &[]).status, 403);
        assert_eq!(get(&addr, &format!("/games/{id}/nothing"), &[]).status, 404);
    }
    let mine = get(
        &addr,
        &format!("/games/{api_id}"),
        &[("X-Request-Id", "table-7:req.42")],
    );
    assert_eq!(mine.header("x-request-id"), Some("table-7:req.42"));
    let made = get(&addr, "/", &[]);
    let made = made
        .header("x-request-id")
        .expect("an id is made")
        .to_owned();
    assert_eq!(made.len(), 16, "{made}");
    // An id shaped like a token is not taken: it would be hidden in the logs.
    let shaped = get(&addr, "/", &[("X-Request-Id", api_id.as_str())]);
    assert_ne!(shaped.header("x-request-id"), Some(api_id.as_str()));

    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert!(server.child.wait().unwrap().success());
    let text = reader.join().unwrap();
    (
        text,
        vec![api_id, api_token, form_id, form_token],
        vec!["table-7:req.42".to_owned(), made],
    )
}

fn assert_no_token(log: &str, tokens: &[String]) {
    assert!(log.lines().count() > 100, "trace logs something: {log}");
    for token in tokens {
        assert_eq!(token.len(), 32);
        for (number, line) in log.lines().enumerate() {
            assert!(
                !line.contains(token.as_str()),
                "line {number} shows a token: {line}"
            );
            assert!(
                !line.to_ascii_lowercase().contains(token.as_str()),
                "line {number} shows a token: {line}"
            );
        }
    }
}

#[test]
fn text_logs_at_trace_hold_no_token_and_tag_request_lines_with_their_id() {
    let (log, tokens, ids) = a_logged_session("text");
    assert_no_token(&log, &tokens);
    for id in &ids {
        assert!(log.contains(&format!("request_id={id}")), "{id} not logged");
    }
    let mut finished = 0;
    for line in log.lines() {
        if line.contains("request{") {
            assert!(line.contains("request{request_id="), "{line}");
            assert!(!line.contains("request{request_id=-"), "{line}");
        }
        if line.contains("finished processing request") {
            finished += 1;
            assert!(line.contains("request_id="), "{line}");
        }
    }
    assert!(finished > 20, "{finished} requests logged");
}

#[test]
fn json_logs_at_trace_hold_no_token_and_tag_request_lines_with_their_id() {
    let (log, tokens, ids) = a_logged_session("json");
    assert_no_token(&log, &tokens);
    let mut finished = 0;
    let mut seen = Vec::new();
    for line in log.lines() {
        let event: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        let in_request = event["spans"]
            .as_array()
            .is_some_and(|spans| spans.iter().any(|span| span["name"] == "request"));
        if in_request {
            let id = event["span"]["request_id"]
                .as_str()
                .or_else(|| {
                    event["spans"].as_array().and_then(|spans| {
                        spans
                            .iter()
                            .find(|span| span["name"] == "request")
                            .and_then(|span| span["request_id"].as_str())
                    })
                })
                .unwrap_or_else(|| panic!("no request id: {line}"));
            assert_ne!(id, "-", "{line}");
            seen.push(id.to_owned());
        }
        if event["fields"]["message"] == "finished processing request" {
            finished += 1;
            assert!(in_request, "{line}");
        }
    }
    assert!(finished > 20, "{finished} requests logged");
    for id in &ids {
        assert!(seen.contains(id), "{id} not logged");
    }
}
