//! Power-loss test: the database lives on a filesystem that forgets every write not yet made
//! durable by fsync when the power is cut ([`volatile`], a small FUSE layer of our own), the
//! real binary serves it, several writers submit rounds with idempotency keys, and the power
//! is cut again and again: the server is killed (SIGKILL), the volatile layer dropped, the
//! filesystem mounted again from what was synced, and the server started on what survived.
//! After every cut every acknowledged round is there, none twice, each as it was sent, and
//! `PRAGMA integrity_check` says ok.
//!
//! A SIGKILL alone (the crash test) keeps the kernel's page cache, so it cannot show that an
//! acknowledged write had reached the disk; this test can, and it proves it can: with fsync
//! answering success without making anything durable (what `synchronous=OFF` or a lying disk
//! amounts to) it finds acknowledged rounds lost.
//!
//! Needs root and `/dev/fuse` (FUSE mounted directly by the `fuser` crate; `.ci/fault-deps.sh`
//! installs Debian's `fuse3` for `fusermount3`); skipped with a line otherwise, a failure under
//! `CI=true`. `POWERLOSS_SEED` replays a run's cut points.
#![cfg(target_os = "linux")]

mod volatile;

use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{Value, json};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions as _, Connection as _, SqliteConnection};

use volatile::Volatile;

use crate::crash::{Server, http, submission};

/// Writers, one game each.
const WRITERS: usize = 8;
/// Rounds of each writer's game (Rommé's most), more than the cuts leave time for.
const ROUNDS: usize = 50;
/// Power cuts in the run.
const CUTS: usize = 20;
const PLAYERS: [&str; 3] = ["Ann", "Ben", "Cy"];
/// Longest the whole run may take.
const DEADLINE: Duration = Duration::from_secs(240);

/// Whether this machine can mount a FUSE filesystem; `None` after printing why the test is
/// skipped (a failure under `CI=true`).
fn fuse_or_skip(test: &str) -> Option<()> {
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    let why = if !root {
        "it needs root to mount a FUSE filesystem"
    } else if !Path::new("/dev/fuse").exists() {
        "there is no /dev/fuse"
    } else {
        return Some(());
    };
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{test}: {why} (CI=true: the power-loss test must run)");
    }
    eprintln!("{test}: SKIPPED: {why}");
    None
}

// ---------------------------------------------------------------------------------------------
// The writers
// ---------------------------------------------------------------------------------------------

/// The writers' games (Rommé of three, as many rounds as it allows) on the server at `addr`.
async fn writers_games(addr: &str) -> Vec<String> {
    let mut games = Vec::new();
    for n in 0..WRITERS {
        let setup = json!({
            "rules": "rommee",
            "players": PLAYERS,
            "options": {"rounds": ROUNDS},
            "cents_per_point": 1,
        });
        let headers = [("Content-Type", "application/json")];
        let answer = http(addr, "POST", "/api/v1/games", &headers, &setup.to_string())
            .await
            .expect("the server answers");
        assert_eq!(answer.status, 201, "writer {n}: {}", answer.body);
        let created: Value = serde_json::from_str(&answer.body).unwrap();
        games.push(created["id"].as_str().unwrap().to_owned());
    }
    games
}

fn entry(n: usize, round: usize) -> Value {
    let (winner, given) = submission(n, round);
    json!({
        "round": round,
        "went_out": winner,
        "points": {given[0].0: given[0].1, given[1].0: given[1].1},
    })
}

struct Writers {
    /// The rounds each writer has had acknowledged, in order.
    acknowledged: Vec<AtomicUsize>,
    /// All acknowledgements, for the cut points.
    total: AtomicUsize,
    stop: AtomicBool,
    addr: RwLock<String>,
    /// A 5xx is the database host going down under the server (PostgreSQL): send again.
    retry_server_errors: bool,
}

/// Submits rounds 1, 2, … of `game` until told to stop, each until it is acknowledged, a lost
/// answer sent again with the same key (a round being sent when the stop comes is finished).
async fn writer(n: usize, game: String, writers: Arc<Writers>, deadline: Instant) {
    let path = format!("/api/v1/games/{game}/rounds");
    let mut round = 1;
    while round <= ROUNDS && !writers.stop.load(Ordering::SeqCst) {
        let (winner, points) = submission(n, round);
        let body = json!({
            "went_out": winner,
            "points": {points[0].0: points[0].1, points[1].0: points[1].1},
        })
        .to_string();
        let key = format!("powerloss-{n}-{round}");
        let headers = [
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key.as_str()),
        ];
        loop {
            assert!(Instant::now() < deadline, "writer {n} ran out of time");
            let target = writers.addr.read().unwrap().clone();
            match http(&target, "POST", &path, &headers, &body).await {
                Ok(answer) if (200..300).contains(&answer.status) => {
                    writers.acknowledged[n].store(round, Ordering::SeqCst);
                    writers.total.fetch_add(1, Ordering::SeqCst);
                    break;
                }
                Ok(answer) if writers.retry_server_errors && answer.status >= 500 => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Ok(answer) => panic!(
                    "writer {n}, round {round}: a valid round was refused: {} {}",
                    answer.status, answer.body
                ),
                Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
        round += 1;
    }
}

// ---------------------------------------------------------------------------------------------
// What survived
// ---------------------------------------------------------------------------------------------

/// What one look at the database after a cut found wrong.
#[derive(Default, Debug)]
struct Findings {
    /// Acknowledged rounds missing.
    lost: usize,
    /// Rounds stored twice, out of order, or not as they were sent.
    wrong: Vec<String>,
}

/// Reads the database beside the restarted server: integrity, then each writer's game holds
/// rounds 1..=m exactly as sent, with `acknowledged[n] <= m <= acknowledged[n] + 1` (the one
/// round in flight at the cut may or may not have been kept), one history row and one stored
/// answer per round.
async fn look(db: &Path, games: &[String], acknowledged: &[usize]) -> Findings {
    let mut conn = SqliteConnectOptions::new()
        .filename(db)
        .connect()
        .await
        .expect("the database opens after the power cut");
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let mut findings = Findings::default();
    if verdict != "ok" {
        findings.wrong.push(format!("integrity_check: {verdict}"));
    }
    for (n, game) in games.iter().enumerate() {
        look_at_game(&mut conn, n, game, acknowledged[n], &mut findings).await;
    }
    conn.close().await.unwrap();
    findings
}

async fn look_at_game(
    conn: &mut SqliteConnection,
    n: usize,
    game: &str,
    acknowledged: usize,
    findings: &mut Findings,
) {
    let rounds: Vec<(i64, String)> =
        sqlx::query_as("SELECT round_no, entry FROM rounds WHERE game_id = ? ORDER BY round_no")
            .bind(game)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
    let stored = rounds.len();
    if stored < acknowledged {
        findings.lost += acknowledged - stored;
    }
    if stored > acknowledged + 1 {
        findings.wrong.push(format!(
            "writer {n}: {stored} rounds stored, {acknowledged} acknowledged"
        ));
    }
    for (i, (round_no, stored_entry)) in rounds.iter().enumerate() {
        let stored_entry: Value = serde_json::from_str(stored_entry).unwrap();
        if *round_no != i as i64 + 1 || stored_entry != entry(n, i + 1) {
            findings.wrong.push(format!(
                "writer {n}: round {round_no} is {stored_entry}, expected {}",
                entry(n, i + 1)
            ));
        }
    }
    let mut counts = Vec::new();
    for sql in [
        "SELECT COUNT(*) FROM history WHERE game_id = ?",
        "SELECT COUNT(*) FROM idempotency WHERE game_id = ?",
        "SELECT version FROM games WHERE id = ?",
    ] {
        let count: i64 = sqlx::query_scalar(sql)
            .bind(game)
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        counts.push(count as usize);
    }
    let [history, keys, version] = counts[..] else {
        unreachable!()
    };
    if history != stored || keys != stored || version != stored {
        findings.wrong.push(format!(
            "writer {n}: {stored} rounds but {history} history rows, {keys} stored answers, \
             version {version}"
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

/// Dropped in this order: the server (it holds the database open), the filesystem
/// (unmounted), then the temporary folder.
struct Run {
    server: Server,
    fs: Volatile,
    db: PathBuf,
    games: Vec<String>,
    writers: Arc<Writers>,
    handles: Vec<tokio::task::JoinHandle<()>>,
    _dir: tempfile::TempDir,
}

impl Run {
    /// Mounts the filesystem, starts the server on a database inside it, makes the writers'
    /// games and sets the writers going; `None` when FUSE cannot be mounted here (skipped).
    async fn start(test: &str, deadline: Instant) -> Option<Run> {
        fuse_or_skip(test)?;
        let dir = tempfile::tempdir().unwrap();
        let mountpoint = dir.path().join("mnt");
        std::fs::create_dir(&mountpoint).unwrap();
        let fs = match Volatile::mount(&mountpoint, &dir.path().join("backing"), false) {
            Ok(fs) => fs,
            Err(e) => {
                let why = format!("a FUSE filesystem cannot be mounted here: {e}");
                assert!(
                    std::env::var("CI").as_deref() != Ok("true"),
                    "{test}: {why}"
                );
                eprintln!("{test}: SKIPPED: {why}");
                return None;
            }
        };
        let db = mountpoint.join("powerloss.db");
        let server = Server::start(&db).await;
        let games = writers_games(&server.addr).await;
        let writers = Arc::new(Writers {
            acknowledged: (0..WRITERS).map(|_| AtomicUsize::new(0)).collect(),
            total: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            addr: RwLock::new(server.addr.clone()),
            retry_server_errors: false,
        });
        let handles = games
            .iter()
            .enumerate()
            .map(|(n, game)| tokio::spawn(writer(n, game.clone(), Arc::clone(&writers), deadline)))
            .collect();
        Some(Run {
            _dir: dir,
            fs,
            db,
            server,
            games,
            writers,
            handles,
        })
    }

    /// Waits for `more` acknowledgements (or the games' last rounds) and a random moment after,
    /// then cuts the power:
    /// SIGKILL, the volatile layer dropped, mounted again. Returns what each writer had
    /// acknowledged by then.
    async fn cut_after(&mut self, more: usize, rng: &mut StdRng, deadline: Instant) -> Vec<usize> {
        // Never more than the games hold: once every writer has entered its last round, the
        // cut comes at once (a cut with nothing in flight is still a cut).
        let at = (self.writers.total.load(Ordering::SeqCst) + more).min(WRITERS * ROUNDS);
        while self.writers.total.load(Ordering::SeqCst) < at {
            assert!(Instant::now() < deadline, "the writers stalled");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        tokio::time::sleep(Duration::from_micros(rng.random_range(0..4000))).await;
        self.server.kill();
        let acknowledged = self
            .writers
            .acknowledged
            .iter()
            .map(|a| a.load(Ordering::SeqCst))
            .collect();
        self.fs.cut_power().expect("the filesystem mounts again");
        acknowledged
    }

    /// Starts the server on what survived, reads the database beside it, and only then lets
    /// the writers reach it.
    async fn restart_and_look(&mut self, acknowledged: &[usize]) -> Findings {
        self.server = Server::start(&self.db).await;
        let findings = look(&self.db, &self.games, acknowledged).await;
        *self.writers.addr.write().unwrap() = self.server.addr.clone();
        findings
    }

    async fn stop_writers(&mut self) {
        self.writers.stop.store(true, Ordering::SeqCst);
        for handle in self.handles.drain(..) {
            handle.await.expect("every writer finishes");
        }
    }
}

fn cut_points_rng() -> StdRng {
    let seed = std::env::var("POWERLOSS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random::<u64>);
    eprintln!("power-loss seed {seed} (set POWERLOSS_SEED={seed} to replay the cut points)");
    StdRng::seed_from_u64(seed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_acknowledged_round_survives_twenty_power_cuts_exactly_once() {
    let started = Instant::now();
    let deadline = started + DEADLINE;
    let Some(mut run) = Run::start("powerloss::every_acknowledged_round_survives", deadline).await
    else {
        return;
    };
    let mut rng = cut_points_rng();
    for cut in 1..=CUTS {
        let more = rng.random_range(6..26);
        let acknowledged = run.cut_after(more, &mut rng, deadline).await;
        let findings = run.restart_and_look(&acknowledged).await;
        assert_eq!(
            findings.lost, 0,
            "cut {cut}: acknowledged rounds lost ({acknowledged:?} acknowledged): {findings:?}"
        );
        assert!(findings.wrong.is_empty(), "cut {cut}: {findings:?}");
        eprintln!(
            "cut {cut}: power cut after {} acknowledged rounds ({acknowledged:?}); all there",
            acknowledged.iter().sum::<usize>()
        );
    }
    run.stop_writers().await;
    // A last cut with nothing in flight: every round acknowledged is there, exactly.
    run.server.kill();
    let acknowledged: Vec<usize> = run
        .writers
        .acknowledged
        .iter()
        .map(|a| a.load(Ordering::SeqCst))
        .collect();
    run.fs.cut_power().unwrap();
    let findings = run.restart_and_look(&acknowledged).await;
    assert_eq!(findings.lost, 0, "{findings:?}");
    assert!(findings.wrong.is_empty(), "{findings:?}");
    for (n, game) in run.games.iter().enumerate() {
        let answer = http(
            &run.server.addr,
            "GET",
            &format!("/api/v1/games/{game}"),
            &[],
            "",
        )
        .await
        .unwrap();
        let state: Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(
            state["rounds"].as_array().map(Vec::len),
            Some(acknowledged[n]),
            "writer {n}: the server shows exactly the acknowledged rounds"
        );
    }
    eprintln!(
        "{CUTS} power cuts, {} rounds acknowledged, none lost or doubled, {} syncs made durable, \
         in {:.1} s",
        acknowledged.iter().sum::<usize>(),
        run.fs.switches.syncs.load(Ordering::SeqCst),
        started.elapsed().as_secs_f64()
    );
}

/// The test has teeth: with fsync answering success without making anything durable (what
/// SQLite's `synchronous=OFF` comes to, or a disk that lies), the same run finds acknowledged
/// rounds lost after the first cut.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_disk_that_lies_about_fsync_loses_acknowledged_rounds_and_the_test_sees_it() {
    let deadline = Instant::now() + DEADLINE;
    let Some(mut run) = Run::start("powerloss::a_disk_that_lies", deadline).await else {
        return;
    };
    // The games were made durably; from here on nothing is.
    run.fs.lie_about_fsync(true);
    let mut rng = cut_points_rng();
    let acknowledged = run.cut_after(20, &mut rng, deadline).await;
    let findings = run.restart_and_look(&acknowledged).await;
    run.stop_writers().await;
    eprintln!("with fsync lying: {acknowledged:?} acknowledged, {findings:?}");
    assert!(
        findings.lost > 0,
        "the test must notice acknowledged rounds that never reached the disk: {findings:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL's data directory on the same filesystem
// ---------------------------------------------------------------------------------------------

/// Power cuts on PostgreSQL: the cluster of `.ci/postgres.sh` (fsync on) has its data
/// directory on the volatile filesystem; each of 20 cuts kills the postmaster, its backends
/// and the app server with SIGKILL, drops the volatile layer, and starts both again on what
/// survived: every acknowledged round is there, none twice, each as sent. Needs Debian's
/// PostgreSQL (installed by `.ci/postgres.sh`, which `.ci/test` runs first) and the
/// `postgres` user.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_keeps_every_acknowledged_round_through_power_cuts() {
    const TEST: &str = "powerloss::postgres_keeps_every_acknowledged_round";
    const PG_CUTS: usize = 20;
    if fuse_or_skip(TEST).is_none() {
        return;
    }
    let Some(bin) = std::fs::read_dir("/usr/lib/postgresql")
        .ok()
        .and_then(|versions| {
            let mut bins: Vec<PathBuf> = versions
                .filter_map(|v| Some(v.ok()?.path().join("bin")))
                .filter(|bin| bin.join("initdb").exists())
                .collect();
            bins.sort();
            bins.pop()
        })
    else {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "{TEST}: no PostgreSQL"
        );
        eprintln!("{TEST}: SKIPPED: PostgreSQL is not installed (.ci/postgres.sh installs it)");
        return;
    };
    let deadline = Instant::now() + DEADLINE;
    let dir = tempfile::tempdir().unwrap();
    let status = Command::new("chmod")
        .arg("0755")
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    let mountpoint = dir.path().join("mnt");
    std::fs::create_dir(&mountpoint).unwrap();
    let mut fs = Volatile::mount(&mountpoint, &dir.path().join("backing"), true)
        .expect("the filesystem mounts");
    let pg = mountpoint.join("pg");
    let started = Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/postgres.sh"))
        .arg("start")
        .arg(&pg)
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(
        started.status.success(),
        "PostgreSQL on the volatile filesystem: {}",
        std::fs::read_to_string(pg.join("data/server.log")).unwrap_or_default()
    );
    // The cluster as set up is made durable before the first cut, as a host's filesystem
    // would long before (its journal commits within seconds): initdb syncs the data directory
    // but not the folders above it, and the database `createdb` made is not synced in `base/`
    // (seen here: two cuts soon after it, with a recovery between, left `base/<oid>` without
    // its files, "not a valid data directory").
    sync_folders(&mountpoint);
    let url = String::from_utf8(started.stdout).unwrap().trim().to_owned();
    let port = url
        .rsplit(':')
        .next()
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_owned();
    let mut server = Server::start(&url).await;
    let games = writers_games(&server.addr).await;
    let writers = Arc::new(Writers {
        acknowledged: (0..WRITERS).map(|_| AtomicUsize::new(0)).collect(),
        total: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        addr: RwLock::new(server.addr.clone()),
        retry_server_errors: true,
    });
    let handles: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(n, game)| tokio::spawn(writer(n, game.clone(), Arc::clone(&writers), deadline)))
        .collect();
    let mut rng = cut_points_rng();
    for cut in 1..=PG_CUTS {
        // As on SQLite: never more than the games hold.
        let at =
            (writers.total.load(Ordering::SeqCst) + rng.random_range(6..26)).min(WRITERS * ROUNDS);
        while writers.total.load(Ordering::SeqCst) < at {
            assert!(Instant::now() < deadline, "the writers stalled");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        kill_postgres(&pg.join("data"));
        server.kill();
        let acknowledged: Vec<usize> = writers
            .acknowledged
            .iter()
            .map(|a| a.load(Ordering::SeqCst))
            .collect();
        fs.cut_power().expect("the filesystem mounts again");
        // No process outlives a real power cut, but the killed postmaster may linger here as
        // a zombie whose id its lock files name: remove them, as a reboot makes them stale.
        for entry in std::fs::read_dir(pg.join("data")).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "postmaster.pid"
                || (name.starts_with(".s.PGSQL.") && name.ends_with(".lock"))
            {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        let status = Command::new("runuser")
            .args(["-u", "postgres", "--"])
            .arg(bin.join("pg_ctl"))
            .arg("-D")
            .arg(pg.join("data"))
            .arg("-l")
            .arg(pg.join("data/server.log"))
            .args(["-w", "-t", "60", "start", "-o"])
            .arg(format!(
                "-h 127.0.0.1 -p {port} -k {} -c max_connections=200 -c shared_buffers=32MB",
                pg.join("data").display()
            ))
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(
            status.success(),
            "cut {cut}: PostgreSQL does not start on what survived: {}",
            std::fs::read_to_string(pg.join("data/server.log")).unwrap_or_default()
        );
        server = Server::start(&url).await;
        let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
        for (n, game) in games.iter().enumerate() {
            let rounds: Vec<(i64, String)> = sqlx::query_as(
                "SELECT round_no, entry FROM rounds WHERE game_id = $1 ORDER BY round_no",
            )
            .bind(game)
            .fetch_all(&mut conn)
            .await
            .unwrap();
            assert!(
                rounds.len() >= acknowledged[n] && rounds.len() <= acknowledged[n] + 1,
                "cut {cut}, writer {n}: {} rounds stored, {} acknowledged",
                rounds.len(),
                acknowledged[n]
            );
            for (i, (round_no, stored)) in rounds.iter().enumerate() {
                let stored: Value = serde_json::from_str(stored).unwrap();
                assert_eq!(*round_no, i as i64 + 1, "cut {cut}, writer {n}");
                assert_eq!(stored, entry(n, i + 1), "cut {cut}, writer {n}");
            }
        }
        conn.close().await.unwrap();
        *writers.addr.write().unwrap() = server.addr.clone();
        eprintln!("PostgreSQL cut {cut}: {acknowledged:?} acknowledged, all there");
    }
    writers.stop.store(true, Ordering::SeqCst);
    for handle in handles {
        handle.await.expect("every writer finishes");
    }
    server.kill();
    kill_postgres(&pg.join("data"));
    drop(fs);
}

/// fsync of `folder` and of every folder below it.
fn sync_folders(folder: &Path) {
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            sync_folders(&entry.path());
        }
    }
    std::fs::File::open(folder).unwrap().sync_all().unwrap();
}

/// SIGKILL to the postmaster of `data` and every process it started (by their ids).
fn kill_postgres(data: &Path) {
    let Some(pid) = std::fs::read_to_string(data.join("postmaster.pid"))
        .ok()
        .and_then(|text| text.lines().next()?.trim().parse::<u32>().ok())
    else {
        return;
    };
    let mut victims = vec![pid];
    if let Ok(procs) = std::fs::read_dir("/proc") {
        for entry in procs.flatten() {
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            // pid (comm) state ppid …: the parent is the second field after the command.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok());
            if ppid == Some(pid)
                && let Some(child) = entry.file_name().to_str().and_then(|s| s.parse().ok())
            {
                victims.push(child);
            }
        }
    }
    for victim in &victims {
        let _ = Command::new("kill")
            .args(["-KILL", &victim.to_string()])
            .status();
    }
    // Wait until they are gone: they hold files of the data directory open.
    let gone = Instant::now() + Duration::from_secs(10);
    while victims
        .iter()
        .any(|v| Path::new(&format!("/proc/{v}/stat")).exists() && !is_zombie(*v))
        && Instant::now() < gone
    {
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn is_zombie(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let state = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .next()?
                .to_owned();
            Some(state == "Z")
        })
        .unwrap_or(true)
}
