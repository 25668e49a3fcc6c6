//! A group's JSON with 1,000 games (issue 10): `GET /api/v1/groups/{id}` carries the group's
//! standings and open ledger, built from every stored game on each read; it must stay fast
//! (BENCHMARKS.md, "A 1,000-game group"). The games are played through the router as a
//! client would (one round, ended early) and joined to the group at the database layer (the
//! API's add-game answers with the whole group, which would make the set-up quadratic), then
//! the read is timed.
//!
//! `cargo bench --bench group_load` (env `GAMES`, default 1000, 12 under `cargo test`;
//! `READS`, default 30; `WRITES`, default 20: a round entered in the group's newest game, or
//! taken back, each followed by a timed read). Prints the first read (every game read and
//! scored), the median and slowest read with nothing written since and after a write, and the
//! lines `group_read_ms_median=N` and `group_read_after_write_ms_median=N` for scripts.

use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt as _;
use kontrakt::db::Db;
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
    // The newest game stays open: the writes below enter and take back rounds in it.
    let mut open: Option<(String, Vec<&str>)> = None;
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
        if g + 1 < games {
            post(&router, &format!("/api/v1/games/{id}/end"), json!({})).await;
        } else {
            open = Some((id.clone(), seated.clone()));
        }
        kontrakt::store::groups::add_game(&db, &group_id, None, None, &id).await?;
    }
    eprintln!(
        "{games} games made in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let read = || async {
        let started = Instant::now();
        let (status, body) = send(&router, "GET", &api, Value::Null).await;
        let took = started.elapsed();
        assert_eq!(status, StatusCode::OK);
        let state: Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(state["games"].as_array().map(Vec::len), Some(games));
        assert_eq!(state["standings"].as_array().map(Vec::len), Some(5));
        (took, body.len())
    };
    // The first read: the group was never read, so every game is read and scored.
    let (first, size) = read().await;
    let mut times: Vec<Duration> = Vec::new();
    for _ in 0..reads {
        times.push(read().await.0);
    }
    // A read after each write: a round entered in the open game, or taken back.
    let writes = number("WRITES", if benchmark { 20 } else { 2 });
    let mut after_write: Vec<Duration> = Vec::new();
    if let Some((id, seated)) = &open {
        for w in 0..writes {
            if w % 2 == 0 {
                let points = json!({seated[1]: 5, seated[2]: 25, seated[3]: 40});
                post(
                    &router,
                    &format!("/api/v1/games/{id}/rounds"),
                    json!({"went_out": seated[0], "points": points}),
                )
                .await;
            } else {
                post(&router, &format!("/api/v1/games/{id}/undo"), json!({})).await;
            }
            after_write.push(read().await.0);
        }
    }
    times.sort();
    after_write.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = |t: &[Duration]| t.get(t.len() / 2).copied().unwrap_or_default();
    let slowest = |t: &[Duration]| t.last().copied().unwrap_or_default();
    println!(
        "GET /api/v1/groups/{{id}} with {games} games ({size} bytes): first read {:.1} ms; \
         nothing written since: median {:.1} ms, slowest {:.1} ms over {reads} reads; \
         after a write to one game: median {:.1} ms, slowest {:.1} ms over {} reads",
        ms(first),
        ms(median(&times)),
        ms(slowest(&times)),
        ms(median(&after_write)),
        ms(slowest(&after_write)),
        after_write.len(),
    );
    println!("group_read_ms_median={:.1}", ms(median(&times)));
    println!(
        "group_read_after_write_ms_median={:.1}",
        ms(median(&after_write))
    );
    Ok(())
}
