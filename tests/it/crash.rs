//! Crash test: the real binary on a real port is killed with SIGKILL three times while 20
//! clients submit rounds, and restarted on the same database file each time. Every round the
//! server acknowledged (2xx) must be stored exactly once, nothing may be half-written, and
//! `PRAGMA integrity_check` must say ok.
//!
//! Each client owns one Rommé game of [`ROUNDS`] rounds and submits them in order, each with
//! its own `Idempotency-Key` and without a round number or version, so that only the key
//! keeps a retried submission from becoming a second round. A submission whose answer did not
//! arrive (connection refused, reset or cut off) is sent again with the same key until it is
//! acknowledged; an acknowledged one is never sent again, so a lost round would show as a
//! missing or shifted round at the end. The kills happen at random moments, drawn as a number
//! of acknowledged rounds, so they always land mid-stream however loaded the machine is.
//! Set `CRASH_SEED` to replay a run's kill points.
//!
//! On PostgreSQL (issue 13) the same clients write through two servers on one database, one
//! of which is killed and restarted; each acknowledged round must also be what the other
//! server shows at once.
#![cfg(unix)]

use std::collections::{BTreeSet, VecDeque};
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock, mpsc};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{Value, json};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions as _, Connection as _, SqliteConnection};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

/// Concurrent clients, one game each.
const CLIENTS: usize = 20;
/// Rounds each client submits (its game has exactly this many).
const ROUNDS: usize = 30;
/// Times the server is killed during the run.
const KILLS: usize = 3;
const PLAYERS: [&str; 3] = ["Ann", "Ben", "Cy"];
/// Longest a single request may take (a loaded machine, a server starting up).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// Longest the whole run may take before the test gives up.
const DEADLINE: Duration = Duration::from_secs(120);

// ---------------------------------------------------------------------------------------------
// The server process
// ---------------------------------------------------------------------------------------------

/// The running binary; killed (SIGKILL) when dropped. Shared with the power-loss test.
pub(crate) struct Server {
    child: Child,
    pub(crate) addr: String,
    log: Arc<Mutex<VecDeque<String>>>,
}

impl Server {
    /// Starts the binary on a free port with `db`, a write limit no client reaches, and waits
    /// until `/healthz` answers.
    pub(crate) async fn start(db: impl AsRef<std::ffi::OsStr>) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kontrakt"))
            .args(["serve", "--addr", "127.0.0.1:0", "--write-burst"])
            .arg(u32::MAX.to_string())
            .args(["--write-rate", "1000000000", "--db"])
            .arg(db)
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        // Read stderr on a thread for the whole life of the process: the log line
        // "serving http://ADDR …" names the port, and the pipe must never fill up.
        let stderr = child.stderr.take().unwrap();
        let log = Arc::new(Mutex::new(VecDeque::new()));
        let (tx, rx) = mpsc::channel();
        let lines = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.split("serving http://").nth(1) {
                    let addr = rest.split_whitespace().next().unwrap_or_default();
                    let _ = tx.send(addr.to_owned());
                }
                let mut lines = lines.lock().unwrap();
                if lines.len() == 50 {
                    lines.pop_front();
                }
                lines.push_back(line);
            }
        });
        let addr = match tokio::task::spawn_blocking(move || rx.recv_timeout(REQUEST_TIMEOUT))
            .await
            .unwrap()
        {
            Ok(addr) => addr,
            Err(_) => {
                let _ = child.kill();
                panic!("the server did not say where it listens: {:?}", log.lock());
            }
        };
        let server = Server { child, addr, log };
        let started = Instant::now();
        loop {
            if let Ok(answer) = http(&server.addr, "GET", "/healthz", &[], "").await
                && answer.status == 200
            {
                return server;
            }
            assert!(
                started.elapsed() < REQUEST_TIMEOUT,
                "the server never became healthy: {:?}",
                server.log.lock()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no shutdown, no checkpoint, requests cut off wherever they are.
    pub(crate) fn kill(&mut self) {
        self.child.kill().expect("the server can be killed");
        self.child.wait().expect("the killed server is reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------------------------------------
// A minimal HTTP/1.1 client: one request per connection
// ---------------------------------------------------------------------------------------------

#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    headers: String,
    pub(crate) body: String,
}

/// Sends one request with `Connection: close` and reads the whole answer. An answer cut off
/// before its declared length is an error, like a refused or reset connection.
pub(crate) async fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<Answer> {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await?;
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Length: {}\r\n",
            body.len()
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(body);
        stream.write_all(request.as_bytes()).await?;
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await?;
        parse_answer(&raw)
    };
    tokio::time::timeout(REQUEST_TIMEOUT, exchange)
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "no answer in time"))?
}

fn parse_answer(raw: &[u8]) -> std::io::Result<Answer> {
    let broken = |what: &str| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, what);
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| broken("no head"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| broken("no status"))?;
    let headers = head.to_ascii_lowercase();
    let length = headers
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse::<usize>().ok());
    match length {
        Some(n) if body.len() != n => Err(broken("answer cut off")),
        Some(_) => Ok(Answer {
            status,
            headers,
            body: body.to_owned(),
        }),
        None => Err(broken("answer without Content-Length")),
    }
}

// ---------------------------------------------------------------------------------------------
// The clients
// ---------------------------------------------------------------------------------------------

/// The round client `client` submits as its `round`-th (from 1): who went out, and the
/// points of the other two. Shared with the power-loss test's writers.
pub(crate) fn submission(client: usize, round: usize) -> (&'static str, [(&'static str, i64); 2]) {
    let winner = round % 3;
    let others = [(winner + 1) % 3, (winner + 2) % 3];
    // From 2 (the lowest card) up: a non-winner with 0 or 1 is refused or asked about
    // (docs/RULES.md section 5, "Plausibility").
    let points =
        |i: usize, salt: usize| ((client * 37 + round * 11 + salt) % 90) as i64 + 2 + i as i64;
    (
        PLAYERS[winner],
        [
            (PLAYERS[others[0]], points(others[0], 3)),
            (PLAYERS[others[1]], points(others[1], 50)),
        ],
    )
}

fn key(client: usize, round: usize) -> String {
    format!("crash-client-{client}-round-{round}")
}

#[derive(Default)]
struct Stats {
    acknowledged: AtomicUsize,
    retries: AtomicUsize,
    replayed: AtomicUsize,
}

/// Submits every round of `game` in order; each until it is acknowledged.
async fn client(
    n: usize,
    game: String,
    addr: Arc<RwLock<String>>,
    stats: Arc<Stats>,
    deadline: Instant,
) {
    for round in 1..=ROUNDS {
        submit_until_acknowledged(n, &game, round, &addr, &stats, deadline).await;
    }
}

/// Sends client `n`'s `round`-th round of `game` to the server at `addr` (read afresh for
/// each try: a restarted server has a new port) until it is acknowledged; a lost answer is
/// sent again with the same key.
async fn submit_until_acknowledged(
    n: usize,
    game: &str,
    round: usize,
    addr: &RwLock<String>,
    stats: &Stats,
    deadline: Instant,
) {
    let (winner, points) = submission(n, round);
    let body = json!({
        "went_out": winner,
        "points": {points[0].0: points[0].1, points[1].0: points[1].1},
    })
    .to_string();
    let key = key(n, round);
    let path = format!("/api/v1/games/{game}/rounds");
    let headers = [
        ("Content-Type", "application/json"),
        ("Idempotency-Key", key.as_str()),
    ];
    loop {
        assert!(Instant::now() < deadline, "client {n} ran out of time");
        let target = addr.read().unwrap().clone();
        match http(&target, "POST", &path, &headers, &body).await {
            Ok(answer) if (200..300).contains(&answer.status) => {
                if answer.headers.contains("idempotent-replayed: true") {
                    stats.replayed.fetch_add(1, Ordering::SeqCst);
                }
                stats.acknowledged.fetch_add(1, Ordering::SeqCst);
                return;
            }
            Ok(answer) => panic!(
                "client {n}, round {round}: a server refused a valid round: {} {}",
                answer.status, answer.body
            ),
            Err(_) => {
                // The server is down or was killed mid-answer: send the same again.
                stats.retries.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        }
    }
}

/// The random generator of a run's kill points: from `CRASH_SEED`, or a new seed, printed
/// so that a failing run can be replayed.
fn kill_points_rng() -> StdRng {
    let seed = std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random::<u64>);
    eprintln!("crash test seed {seed} (set CRASH_SEED={seed} to replay the kill points)");
    StdRng::seed_from_u64(seed)
}

/// Creates one Rommé game of [`ROUNDS`] rounds per client, client `n`'s through the server at
/// `target(n)`: their ids.
async fn create_games(target: impl Fn(usize) -> String) -> Vec<String> {
    let mut games = Vec::new();
    for n in 0..CLIENTS {
        let setup = json!({
            "rules": "rommee",
            "players": PLAYERS,
            "options": {"rounds": ROUNDS},
            "cents_per_point": 1,
        })
        .to_string();
        let headers = [("Content-Type", "application/json")];
        let answer = http(&target(n), "POST", "/api/v1/games", &headers, &setup)
            .await
            .expect("the server answers");
        assert_eq!(answer.status, 201, "client {n}: {}", answer.body);
        let created: Value = serde_json::from_str(&answer.body).unwrap();
        games.push(created["id"].as_str().unwrap().to_owned());
    }
    games
}

/// Waits for the moment of kill number `kill` (from 0): a random number of acknowledged
/// rounds somewhere in the (kill+1)-th quarter of the run, never at its very start or end,
/// then a random few milliseconds more.
async fn wait_for_kill_point(stats: &Stats, kill: usize, rng: &mut StdRng, deadline: Instant) {
    let quarter = CLIENTS * ROUNDS / (KILLS + 1);
    let at = quarter * kill + rng.random_range(quarter / 2..quarter);
    while stats.acknowledged.load(Ordering::SeqCst) < at {
        assert!(
            Instant::now() < deadline,
            "the clients stalled before kill {kill}"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    tokio::time::sleep(Duration::from_micros(rng.random_range(0..3000))).await;
}

/// Game `game` (client `n`'s) read through the server at `addr` shows every round.
async fn assert_whole(addr: &str, n: usize, game: &str) {
    let answer = http(addr, "GET", &format!("/api/v1/games/{game}"), &[], "")
        .await
        .unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    let state: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(
        state["rounds"].as_array().unwrap().len(),
        ROUNDS,
        "client {n}"
    );
    assert_eq!(state["version"], ROUNDS, "client {n}");
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_acknowledged_round_survives_three_sigkills_exactly_once() {
    let mut rng = kill_points_rng();
    let started = Instant::now();
    let deadline = started + DEADLINE;

    let dir = tempfile::tempdir().unwrap();
    let db: PathBuf = dir.path().join("crash.db");
    let mut server = Server::start(&db).await;
    let addr = Arc::new(RwLock::new(server.addr.clone()));

    let games = create_games(|_| server.addr.clone()).await;

    let stats = Arc::new(Stats::default());
    let clients: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(n, game)| {
            tokio::spawn(client(
                n,
                game.clone(),
                Arc::clone(&addr),
                Arc::clone(&stats),
                deadline,
            ))
        })
        .collect();

    let total = CLIENTS * ROUNDS;
    for kill in 0..KILLS {
        wait_for_kill_point(&stats, kill, &mut rng, deadline).await;
        server.kill();
        let acknowledged = stats.acknowledged.load(Ordering::SeqCst);
        eprintln!(
            "kill {}: SIGKILL after {acknowledged} acknowledged rounds",
            kill + 1
        );
        server = Server::start(&db).await;
        *addr.write().unwrap() = server.addr.clone();
    }
    for handle in clients {
        handle.await.expect("every client finishes");
    }
    eprintln!(
        "{} rounds acknowledged, {} sends repeated after a lost answer, {} answered as replays, \
         in {:.1} s",
        stats.acknowledged.load(Ordering::SeqCst),
        stats.retries.load(Ordering::SeqCst),
        stats.replayed.load(Ordering::SeqCst),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(stats.acknowledged.load(Ordering::SeqCst), total);

    // The server, restarted after the last kill, reads every game back.
    for (n, game) in games.iter().enumerate() {
        assert_whole(&server.addr, n, game).await;
    }
    // A last SIGKILL, then the file itself is examined.
    server.kill();
    check_database(&db, &games).await;
}

/// The stored rounds, history and idempotency keys are exactly what the clients submitted.
async fn check_database(db: &Path, games: &[String]) {
    let mut conn = SqliteConnectOptions::new()
        .filename(db)
        .connect()
        .await
        .expect("the database opens after the crashes");
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(verdict, "ok");
    let dangling: Vec<(String,)> = sqlx::query_as("SELECT \"table\" FROM pragma_foreign_key_check")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert!(dangling.is_empty(), "rows without their game: {dangling:?}");
    let game_count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(game_count, games.len() as i64);

    for (n, game) in games.iter().enumerate() {
        check_game(&mut conn, n, game).await;
    }
    conn.close().await.unwrap();
}

/// `round_no, action, before, after` of a history row.
type HistoryRow = (Option<i64>, String, Option<String>, Option<String>);

async fn check_game(conn: &mut SqliteConnection, n: usize, game: &str) {
    let rounds: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT round_no, entry, points FROM rounds WHERE game_id = ? ORDER BY round_no",
    )
    .bind(game)
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let numbers: Vec<i64> = rounds.iter().map(|r| r.0).collect();
    let expected_numbers: Vec<i64> = (1..=ROUNDS as i64).collect();
    assert_eq!(numbers, expected_numbers, "client {n}: round numbers");

    for (round_no, entry, points) in &rounds {
        let round = *round_no as usize;
        let entry: Value = serde_json::from_str(entry).unwrap();
        let points: Value = serde_json::from_str(points).unwrap();
        let (winner, given) = submission(n, round);
        let expected_entry = json!({
            "round": round,
            "went_out": winner,
            "points": {given[0].0: given[0].1, given[1].0: given[1].1},
        });
        assert_eq!(entry, expected_entry, "client {n}, round {round}: entry");
        // The points that count agree with the entry: the winner 0, the others as given.
        let expected_points = json!({
            winner: 0,
            given[0].0: given[0].1,
            given[1].0: given[1].1,
        });
        assert_eq!(points, expected_points, "client {n}, round {round}: points");
    }

    let version: i64 = sqlx::query_scalar("SELECT version FROM games WHERE id = ?")
        .bind(game)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(version, ROUNDS as i64, "client {n}: one version per round");

    let history: Vec<HistoryRow> = sqlx::query_as(
        "SELECT round_no, action, before, after FROM history WHERE game_id = ? ORDER BY id",
    )
    .bind(game)
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    assert_eq!(
        history.len(),
        ROUNDS,
        "client {n}: one history row per round"
    );
    for ((round_no, action, before, after), (stored_no, entry, points)) in
        history.iter().zip(&rounds)
    {
        assert_eq!(*round_no, Some(*stored_no), "client {n}: history order");
        assert_eq!(action, "enter");
        assert_eq!(*before, None);
        let after: Value = serde_json::from_str(after.as_deref().unwrap()).unwrap();
        let entry: Value = serde_json::from_str(entry).unwrap();
        let points: Value = serde_json::from_str(points).unwrap();
        assert_eq!(after, json!({"entry": entry, "points": points}));
    }

    let keys: BTreeSet<String> =
        sqlx::query_scalar("SELECT key FROM idempotency WHERE game_id = ?")
            .bind(game)
            .fetch_all(&mut *conn)
            .await
            .unwrap()
            .into_iter()
            .collect();
    // The API's keys are stored scoped by their origin (`api:`), apart from the forms' keys.
    let expected_keys: BTreeSet<String> = (1..=ROUNDS)
        .map(|round| format!("api:{}", key(n, round)))
        .collect();
    assert_eq!(keys, expected_keys, "client {n}: one stored answer per key");
}

// ---------------------------------------------------------------------------------------------
// Two servers on one PostgreSQL database
// ---------------------------------------------------------------------------------------------

/// [`client`] writing through server `n % 2`, and after each acknowledged round reading the
/// game through the other server: it must show that round already (unless that server is
/// down at that moment).
async fn client_of_two(
    n: usize,
    game: String,
    servers: [Arc<RwLock<String>>; 2],
    stats: Arc<Stats>,
    deadline: Instant,
) {
    let (mine, other) = (&servers[n % 2], &servers[(n + 1) % 2]);
    for round in 1..=ROUNDS {
        submit_until_acknowledged(n, &game, round, mine, &stats, deadline).await;
        let target = other.read().unwrap().clone();
        if let Ok(answer) = http(&target, "GET", &format!("/api/v1/games/{game}"), &[], "").await
            && answer.status == 200
        {
            let state: Value = serde_json::from_str(&answer.body).unwrap();
            assert_eq!(
                state["rounds"].as_array().unwrap().len(),
                round,
                "client {n}: the other server shows round {round} at once"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_two_servers_lose_no_acknowledged_round_while_one_is_killed_again_and_again() {
    let Some(pg) = crate::common::postgres_server("crash::postgres_two_servers") else {
        return;
    };
    let url = crate::common::new_postgres_database(&pg).await;
    let mut rng = kill_points_rng();
    let started = Instant::now();
    let deadline = started + DEADLINE;
    let mut killed = Server::start(&url).await;
    let steady = Server::start(&url).await;
    let servers = [
        Arc::new(RwLock::new(killed.addr.clone())),
        Arc::new(RwLock::new(steady.addr.clone())),
    ];
    let games = create_games(|n| servers[n % 2].read().unwrap().clone()).await;
    let stats = Arc::new(Stats::default());
    let clients: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(n, game)| {
            tokio::spawn(client_of_two(
                n,
                game.clone(),
                servers.clone(),
                Arc::clone(&stats),
                deadline,
            ))
        })
        .collect();
    let total = CLIENTS * ROUNDS;
    for kill in 0..KILLS {
        wait_for_kill_point(&stats, kill, &mut rng, deadline).await;
        killed.kill();
        eprintln!(
            "kill {}: SIGKILL after {} acknowledged rounds",
            kill + 1,
            stats.acknowledged.load(Ordering::SeqCst)
        );
        killed = Server::start(&url).await;
        *servers[0].write().unwrap() = killed.addr.clone();
    }
    for handle in clients {
        handle.await.expect("every client finishes");
    }
    assert_eq!(stats.acknowledged.load(Ordering::SeqCst), total);
    // Both servers read every game back whole.
    for server in [&killed, &steady] {
        for (n, game) in games.iter().enumerate() {
            assert_whole(&server.addr, n, game).await;
        }
    }
    // And the database holds each acknowledged round exactly once, as it was sent.
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    for (n, game) in games.iter().enumerate() {
        let rounds: Vec<(i64, String)> = sqlx::query_as(
            "SELECT round_no, points FROM rounds WHERE game_id = $1 ORDER BY round_no",
        )
        .bind(game)
        .fetch_all(&mut conn)
        .await
        .unwrap();
        assert_eq!(rounds.len(), ROUNDS, "client {n}");
        for (i, (round_no, points)) in rounds.iter().enumerate() {
            assert_eq!(*round_no, i as i64 + 1);
            let points: Value = serde_json::from_str(points).unwrap();
            let (_, sent) = submission(n, i + 1);
            for (name, value) in sent {
                assert_eq!(points[name], value, "client {n}, round {round_no}");
            }
        }
        let entered: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM history WHERE game_id = $1 AND action = 'enter'",
        )
        .bind(game)
        .fetch_one(&mut conn)
        .await
        .unwrap();
        assert_eq!(
            entered, ROUNDS as i64,
            "client {n}: one history row per round"
        );
        let keys: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM idempotency WHERE game_id = $1")
            .bind(game)
            .fetch_one(&mut conn)
            .await
            .unwrap();
        assert_eq!(keys, ROUNDS as i64, "client {n}");
    }
    conn.close().await.unwrap();
}
