//! A group's JSON with 1,000 games (issue 10): `GET /api/v1/groups/{id}` carries the group's
//! standings and open ledger, built from every stored game on each read; it must stay fast
//! (BENCHMARKS.md, "A 1,000-game group"). The games are played through the router as a
//! client would (one round, ended early) and joined to the group at the database layer (the
//! API's add-game answers with the whole group, which would make the set-up quadratic), then
//! the read is timed.
//!
//! `cargo bench --bench group_load` (env `GAMES`, default 1000, 12 under `cargo test`;
//! `READS`, default 30). Prints the median and slowest read and a last line
//! `group_read_ms_median=N` for scripts.

use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt as _;
use kontrakt::db::Db;
use kontrakt::rules::names::group_key;
use kontrakt::store::entry::rename;
use kontrakt::web::{AppState, WriteLimit, app};
use serde_json::{Value, json};
use tower::ServiceExt as _;

async fn send(router: &Router, method: &str, path: &str, body: Value) -> (StatusCode, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(if method == "GET" {
            Body::empty()
        } else {
            Body::from(body.to_string())
        })
        .expect("request");
    let response = router.clone().oneshot(request).await.expect("router");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (status, bytes.to_vec())
}

async fn post(router: &Router, path: &str, body: Value) -> Value {
    let (status, bytes) = send(router, "POST", path, body).await;
    assert!(
        status.is_success(),
        "{path}: {status} {}",
        String::from_utf8_lossy(&bytes)
    );
    serde_json::from_slice(&bytes).expect("JSON")
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let benchmark = std::env::args().any(|arg| arg == "--bench");
    let number = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(default)
    };
    let games = number("GAMES", if benchmark { 1000 } else { 12 });
    let reads = number("READS", if benchmark { 30 } else { 3 });
    let dir = tempfile::tempdir()?;
    let db = Db::open(&dir.path().join("group.db")).await?;
    let router = app(AppState::new(db.clone()).with_write_limit(WriteLimit::UNLIMITED));
    let players = ["Ann", "Ben", "Cy", "Di", "Eve"];
    let group = post(
        &router,
        "/api/v1/groups",
        json!({"name": "Freitagsrunde", "players": players}),
    )
    .await;
    let api = group["api_url"].as_str().expect("api_url").to_owned();
    let group_id = group["id"].as_str().expect("id").to_owned();
    let made = Instant::now();
    for g in 0..games {
        // Four of the five, seated in turn; one Contract Rummy round, then ended early.
        let seated: Vec<&str> = (0..4).map(|k| players[(g + k) % 5]).collect();
        let game = post(
            &router,
            "/api/v1/games",
            json!({"rules": "contract", "players": seated, "cents_per_point": 5}),
        )
        .await;
        let id = game["id"].as_str().expect("id").to_owned();
        let points = json!({seated[1]: 5 * (g % 7 + 1), seated[2]: 25, seated[3]: 40});
        post(
            &router,
            &format!("/api/v1/games/{id}/rounds"),
            json!({"went_out": seated[0], "points": points}),
        )
        .await;
        post(&router, &format!("/api/v1/games/{id}/end"), json!({})).await;
        let keys: Vec<String> = seated.iter().map(|n| group_key(n)).collect();
        kontrakt::db::groups::add_game(&db, &group_id, None, None, (&id, &keys), rename).await?;
    }
    eprintln!(
        "{games} games made in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let mut times: Vec<Duration> = Vec::new();
    let mut size = 0;
    // One read first, as a phone opening the group page after the last write would.
    for _ in 0..=reads {
        let started = Instant::now();
        let (status, body) = send(&router, "GET", &api, Value::Null).await;
        times.push(started.elapsed());
        assert_eq!(status, StatusCode::OK);
        size = body.len();
        let state: Value = serde_json::from_slice(&body)?;
        assert_eq!(state["games"].as_array().map(Vec::len), Some(games));
        assert_eq!(state["standings"].as_array().map(Vec::len), Some(5));
    }
    let first = times.remove(0);
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = times[times.len() / 2];
    println!(
        "GET /api/v1/groups/{{id}} with {games} games ({size} bytes): first read {:.1} ms, \
         then median {:.1} ms, slowest {:.1} ms over {reads} reads",
        ms(first),
        ms(median),
        ms(*times.last().unwrap_or(&median)),
    );
    println!("group_read_ms_median={:.1}", ms(median));
    Ok(())
}
