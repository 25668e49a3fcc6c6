//! `/metrics` of the real binary on its own listener (`--metrics-addr`): after a round saved,
//! a version conflict, an idempotent replay, a solve and a mistyped path, the counters moved;
//! no game id or token is in the output, not even from an unmatched path; the app's own
//! listener does not serve it. Undo, redo, end and resume count their time, conflicts and
//! replays under their own `write` label.
#![cfg(unix)]

use std::io::BufRead as _;

use serde_json::json;

use crate::common::{Server, game_with_a_round, get, post_json, request, start};

/// The value of the one sample line that starts with `prefix` (name and labels).
fn sample(metrics: &str, name: &str, labels: &[&str]) -> f64 {
    let found: Vec<&str> = metrics
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter(|line| {
            line.split(['{', ' ']).next() == Some(name)
                && labels.iter().all(|label| line.contains(label))
        })
        .collect();
    assert_eq!(found.len(), 1, "{name} {labels:?} in:\n{metrics}");
    found[0].rsplit(' ').next().unwrap().parse().unwrap()
}

/// The real binary with `--metrics-addr` (in `dir`), and the address of its metrics.
fn with_metrics(dir: &std::path::Path) -> (Server, String) {
    let (server, mut log) = start(
        std::path::Path::new(env!("CARGO_BIN_EXE_kontrakt")),
        dir,
        &["--metrics-addr", "127.0.0.1:0"],
        &[],
    );
    let metrics_addr = loop {
        let mut line = String::new();
        assert!(log.read_line(&mut line).unwrap() > 0, "server exited early");
        if let Some(rest) = line.split("metrics at http://").nth(1) {
            break rest.split('/').next().unwrap().to_owned();
        }
    };
    (server, metrics_addr)
}

#[test]
fn metrics_count_rounds_conflicts_replays_solves_and_requests_without_any_token() {
    let dir = tempfile::tempdir().unwrap();
    let (server, metrics_addr) = with_metrics(dir.path());
    let addr = server.addr.clone();
    assert_eq!(
        get(&addr, "/metrics", &[]).status,
        404,
        "not on the app's listener"
    );

    let (id, token) = game_with_a_round(&addr);
    let rounds = format!("/api/v1/games/{id}/rounds");
    // A correction against a version that is no longer current: 409.
    let stale = post_json(
        &addr,
        &rounds,
        &json!({"round": 1, "version": 0, "went_out": "Ben", "points": {"Ann": 5, "Cy": 5}}),
    );
    assert_eq!(stale.status, 409, "{}", stale.text());
    // The same round twice under one key: the second is a replay.
    let round_two = json!({"round": 2, "went_out": "Cy", "points": {"Ann": 10, "Ben": 20}});
    for _ in 0..2 {
        let answer = request(
            &addr,
            "POST",
            &rounds,
            &[
                ("Content-Type", "application/json"),
                ("Idempotency-Key", "metrics-test-round-2"),
            ],
            round_two.to_string().as_bytes(),
        );
        assert_eq!(answer.status, 200, "{}", answer.text());
    }
    let solved = post_json(
        &addr,
        "/api/v1/solve",
        &json!({"rules": "contract", "round": 1, "hand": "3H 3S 3D 4H 4S 4D 9C"}),
    );
    assert_eq!(solved.status, 200, "{}", solved.text());
    for path in [
        format!("/games/{id}"),
        format!("/games/{id}"),
        format!("/view/{token}"),
        format!("/games/{id}/no-such-page"),
        format!("/{token}"),
    ] {
        get(&addr, &path, &[]);
    }

    let scrape = get(&metrics_addr, "/metrics", &[]);
    assert_eq!(scrape.status, 200);
    assert!(
        scrape
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/plain"))
    );
    let metrics = scrape.text();
    assert!(!metrics.contains(&id), "{metrics}");
    assert!(!metrics.contains(&token), "{metrics}");
    assert_eq!(sample(&metrics, "kontrakt_rounds_written_total", &[]), 2.0);
    assert_eq!(
        sample(
            &metrics,
            "kontrakt_version_conflicts_total",
            &["write=\"round\""]
        ),
        1.0
    );
    assert_eq!(
        sample(
            &metrics,
            "kontrakt_idempotent_replays_total",
            &["write=\"round\""]
        ),
        1.0
    );
    assert_eq!(sample(&metrics, "kontrakt_solve_seconds_count", &[]), 1.0);
    // The game page read twice: rendered once and kept (issue 12), the view page rendered;
    // every page could be cut at its form keys.
    assert_eq!(
        sample(
            &metrics,
            "kontrakt_page_cache_lookups_total",
            &["result=\"hit\""]
        ),
        1.0
    );
    assert_eq!(
        sample(
            &metrics,
            "kontrakt_page_cache_lookups_total",
            &["result=\"miss\""]
        ),
        2.0
    );
    assert!(!metrics.contains("result=\"uncut\""), "{metrics}");
    assert!(
        sample(
            &metrics,
            "kontrakt_db_write_seconds_count",
            &["write=\"round\""]
        ) >= 3.0
    );
    assert!(
        sample(
            &metrics,
            "kontrakt_cache_lookups_total",
            &["result=\"hit\""]
        ) >= 1.0
    );
    assert_eq!(
        sample(
            &metrics,
            "kontrakt_http_requests_total",
            &["route=\"/api/v1/games/{id}/rounds\"", "status=\"409\""]
        ),
        1.0
    );
    assert_eq!(
        sample(
            &metrics,
            "kontrakt_http_requests_total",
            &["route=\"/games/{id}\"", "method=\"GET\"", "status=\"200\""]
        ),
        2.0
    );
    assert_eq!(
        sample(
            &metrics,
            "kontrakt_http_requests_total",
            &["route=\"unmatched\"", "status=\"404\""]
        ),
        3.0,
        "two mistyped paths and /metrics on the app's listener"
    );
    assert!(
        sample(
            &metrics,
            "kontrakt_http_request_duration_seconds_count",
            &["route=\"/api/v1/solve\""]
        ) >= 1.0
    );
    // Nothing but route patterns as routes.
    for line in metrics.lines().filter(|line| line.contains("route=\"")) {
        let route = line
            .split("route=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert!(route == "unmatched" || route.starts_with('/'), "{line}");
        let longest_hex_run = route
            .split(|c: char| !c.is_ascii_hexdigit())
            .map(str::len)
            .max();
        assert!(longest_hex_run < Some(8), "{line}");
    }
}

#[test]
fn changes_to_the_whole_game_count_their_time_conflicts_and_replays_by_kind() {
    let dir = tempfile::tempdir().unwrap();
    let (server, metrics_addr) = with_metrics(dir.path());
    let addr = server.addr.clone();
    let (id, _token) = game_with_a_round(&addr);
    let version = |addr: &str| {
        let game = get(addr, &format!("/api/v1/games/{id}"), &[]);
        assert_eq!(game.status, 200, "{}", game.text());
        serde_json::from_slice::<serde_json::Value>(&game.body).unwrap()["version"]
            .as_i64()
            .unwrap()
    };
    // Undo and end once each against a version that is no longer current: 409.
    let stale = json!({"version": version(&addr) - 1});
    for change in ["undo", "end"] {
        let answer = post_json(&addr, &format!("/api/v1/games/{id}/{change}"), &stale);
        assert_eq!(answer.status, 409, "{change}: {}", answer.text());
    }
    // Undo, redo, end and resume, each sent twice under one key: the second is a replay.
    for change in ["undo", "redo", "end", "resume"] {
        let body = json!({"version": version(&addr)}).to_string();
        let key = format!("metrics-test-{change}");
        for _ in 0..2 {
            let answer = request(
                &addr,
                "POST",
                &format!("/api/v1/games/{id}/{change}"),
                &[
                    ("Content-Type", "application/json"),
                    ("Idempotency-Key", &key),
                ],
                body.as_bytes(),
            );
            assert_eq!(answer.status, 200, "{change}: {}", answer.text());
        }
    }

    let metrics = get(&metrics_addr, "/metrics", &[]).text();
    let count = |name: &str, write: &str| sample(&metrics, name, &[&format!("write=\"{write}\"")]);
    assert_eq!(count("kontrakt_version_conflicts_total", "undo"), 1.0);
    assert_eq!(count("kontrakt_version_conflicts_total", "end"), 1.0);
    for write in ["undo", "redo", "end"] {
        let replays = if write == "end" { 2.0 } else { 1.0 };
        assert_eq!(
            count("kontrakt_idempotent_replays_total", write),
            replays,
            "{write} (end and resume are both `end`)"
        );
    }
    // Every transaction is timed, conflicts and replays included.
    assert_eq!(count("kontrakt_db_write_seconds_count", "undo"), 3.0);
    assert_eq!(count("kontrakt_db_write_seconds_count", "redo"), 2.0);
    assert_eq!(count("kontrakt_db_write_seconds_count", "end"), 5.0);
}

#[test]
fn without_the_flag_nothing_listens_for_metrics() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _log) = start(
        std::path::Path::new(env!("CARGO_BIN_EXE_kontrakt")),
        dir.path(),
        &[],
        &[],
    );
    assert_eq!(get(&server.addr, "/metrics", &[]).status, 404);
}
