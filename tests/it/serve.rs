//! The real binary on a real port: it creates its database, answers `/healthz`, and stops
//! cleanly on SIGTERM.
#![cfg(unix)]

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, ChildStderr, Command, ExitStatus, Stdio};
use std::time::Duration;

/// Kills the server if the test fails before stopping it.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn http_get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("server accepts connections");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// The binary on a free loopback port with the database `db` and these extra flags, logging
/// at `info` to a pipe.
fn binary(db: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kontrakt"));
    command
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .args(args)
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped());
    command
}

/// Starts `command` and waits for its log line "serving http://ADDR …" (which says the port
/// chosen): the server, its address and its log from there on.
fn start_serving(mut command: Command) -> (Server, String, BufReader<ChildStderr>) {
    let mut server = Server(command.spawn().expect("the binary starts"));
    let mut log = BufReader::new(server.0.stderr.take().unwrap());
    let addr = loop {
        let mut line = String::new();
        assert!(log.read_line(&mut line).unwrap() > 0, "server exited early");
        if let Some(rest) = line.split("serving http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
    };
    (server, addr, log)
}

/// Starts `command`, a server that must refuse to start, and gives it ten seconds to end (one
/// that was not refused would never end): its exit status and what it said on stderr.
fn refused_start(mut command: Command) -> (ExitStatus, String) {
    command.stdout(Stdio::null());
    let mut server = Server(command.spawn().expect("the binary starts"));
    let mut ended = None;
    for _ in 0..100 {
        if let Some(status) = server.0.try_wait().unwrap() {
            ended = Some(status);
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let status = ended.expect("a server that must be refused runs on");
    let mut said = String::new();
    server
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    (status, said)
}

#[test]
fn server_creates_its_database_answers_healthz_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("served.db");
    let (mut server, addr, mut log) = start_serving(binary(&db, &[]));
    assert!(db.exists());

    let answer = http_get(&addr, "/healthz");
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.ends_with("\r\n\r\nok"), "{answer}");

    let status = Command::new("kill")
        .args(["-TERM", &server.0.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = server.0.wait().unwrap();
    assert!(
        exit.success(),
        "graceful shutdown exits with 0, got {exit:?}"
    );
    let mut rest = String::new();
    log.read_to_string(&mut rest).unwrap();
    assert!(rest.contains("shutting down"), "{rest}");
}

#[test]
fn server_limits_writes_per_client_as_its_flags_say() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ["--write-burst", "2", "--write-rate", "0.001"];
    let (_server, addr, _log) = start_serving(binary(&dir.path().join("limited.db"), &limits));
    let post = || {
        let mut stream = TcpStream::connect(&addr).expect("server accepts connections");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        // A game set-up: a write (scoring cards is a computation and spends no budget).
        let body = r#"{"rules": "shanghai", "players": ["A", "B", "C"]}"#;
        write!(
            stream,
            "POST /api/v1/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    for _ in 0..2 {
        let answer = post();
        assert!(answer.starts_with("HTTP/1.1 201 Created"), "{answer}");
    }
    let refused = post();
    assert!(
        refused.starts_with("HTTP/1.1 429 Too Many Requests"),
        "{refused}"
    );
    assert!(
        refused.to_ascii_lowercase().contains("\r\nretry-after: "),
        "{refused}"
    );
    assert!(http_get(&addr, "/healthz").starts_with("HTTP/1.1 200 OK"));
}

#[test]
fn a_second_server_on_the_same_database_is_refused_with_a_sentence_in_the_host_s_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    let (mut first, _, _log) = start_serving(binary(&db, &[]));

    // Each server keeps the games it shows in memory: a second one would show stale games.
    // The host is told in the terminal's language.
    for (lang, words) in [
        (
            "C.UTF-8",
            ["another kontrakt server is already using", "stop it first"],
        ),
        (
            "de_DE.UTF-8",
            ["Ein anderer Kontrakt-Server benutzt", "beendet ihn zuerst"],
        ),
    ] {
        let second = in_locale(binary(&db, &[]), lang)
            .spawn()
            .expect("the binary starts")
            .wait_with_output()
            .expect("the second server ends");
        assert_eq!(second.status.code(), Some(1), "{second:?}");
        let said = String::from_utf8_lossy(&second.stderr);
        assert!(
            said.contains(words[0]) && said.contains("shared.db") && said.contains(words[1]),
            "{lang}: {said}"
        );
    }

    // Once the first has gone (even killed), the file is free again.
    first.0.kill().unwrap();
    first.0.wait().unwrap();
    start_serving(binary(&db, &[]));
}

/// `command` run in the terminal locale `lang` (`LANG`; the variables that would override it
/// removed).
fn in_locale(mut command: Command, lang: &str) -> Command {
    command
        .env("LANG", lang)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    command
}

/// A server started on `db`; answers once it says it is serving.
fn serving(db: &std::path::Path) -> Server {
    start_serving(binary(db, &[])).0
}

#[test]
fn a_second_server_through_a_hard_link_or_a_symlink_is_refused_too() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    let _first = serving(&db);
    // Other names for the same file, in another directory, so no name-derived lock matches.
    let other = dir.path().join("elsewhere");
    std::fs::create_dir(&other).unwrap();
    let hard = other.join("hard.db");
    std::fs::hard_link(&db, &hard).unwrap();
    let soft = other.join("soft.db");
    std::os::unix::fs::symlink(&db, &soft).unwrap();
    for name in [&hard, &soft] {
        let (status, said) = refused_start(binary(name, &[]));
        assert_eq!(status.code(), Some(1), "a second server on {name:?}");
        assert!(
            said.contains("another kontrakt server is already using")
                && said.contains(name.file_name().unwrap().to_str().unwrap())
                && said.contains("stop it first"),
            "{said}"
        );
    }
}

/// Unmounts a bind mount when the test ends, however it ends.
struct Mounted(std::path::PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// `dir` mounted read-only at `at`, if this process may mount (root in most containers).
fn read_only_bind_mount(dir: &std::path::Path, at: &std::path::Path) -> Option<Mounted> {
    let quiet = |args: &[&std::ffi::OsStr]| {
        Command::new("mount")
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !quiet(&["--bind".as_ref(), dir.as_os_str(), at.as_os_str()]) {
        return None;
    }
    let mounted = Mounted(at.to_owned());
    quiet(&["-o".as_ref(), "remount,bind,ro".as_ref(), at.as_os_str()]).then_some(mounted)
}

#[test]
fn a_read_only_database_is_refused_at_start_naming_it_in_the_host_s_language() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let db = data.join("games.db");
    let export = dir.path().join("none.json");
    std::fs::write(
        &export,
        r#"{"format": "kontrakt-games", "version": 1, "games": []}"#,
    )
    .unwrap();
    let made = Command::new(env!("CARGO_BIN_EXE_kontrakt"))
        .args(["import".as_ref(), export.as_os_str(), "--db".as_ref()])
        .arg(&db)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let mut permissions = std::fs::metadata(&db).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o444);
    std::fs::set_permissions(&db, permissions).unwrap();

    // As root, permission bits do not stop writes: then a read-only bind mount does.
    let _mount;
    let served = if std::fs::OpenOptions::new().write(true).open(&db).is_err() {
        db.clone()
    } else {
        let at = dir.path().join("mounted");
        std::fs::create_dir(&at).unwrap();
        match read_only_bind_mount(&data, &at) {
            Some(mounted) => {
                _mount = mounted;
                at.join("games.db")
            }
            None => {
                eprintln!("skipped: root without mount; the start check has a unit test");
                return;
            }
        }
    };
    for (lang, words) in [
        (
            "C.UTF-8",
            ["the database", "is read-only", "check the permissions"],
        ),
        (
            "de_DE.UTF-8",
            ["Die Datenbank", "ist schreibgeschützt", "Prüft die Rechte"],
        ),
    ] {
        let (status, said) = refused_start(in_locale(binary(&served, &[]), lang));
        assert_eq!(status.code(), Some(1), "a server on a read-only database");
        assert!(
            said.contains(&served.display().to_string())
                && words.iter().all(|word| said.contains(word)),
            "{lang}: {said}"
        );
    }
}

#[test]
fn a_port_in_use_is_refused_saying_to_open_the_running_server_or_take_another_port() {
    let dir = tempfile::tempdir().unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let addr = format!("127.0.0.1:{port}");
    for (lang, said) in [
        (
            "en_GB.UTF-8",
            format!(
                "Kontrakt may already be running - open http://127.0.0.1:{port}/, or start it \
                 on another port with --addr 0.0.0.0:{}",
                port + 1
            ),
        ),
        (
            "de_DE.UTF-8",
            format!("Kontrakt läuft vielleicht schon - öffnet http://127.0.0.1:{port}/"),
        ),
    ] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kontrakt"));
        command
            .args(["--addr", &addr, "--db"])
            .arg(dir.path().join("games.db"))
            .env("LANG", lang)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("KONTRAKT_LAN")
            .stderr(Stdio::piped());
        let (status, stderr) = refused_start(command);
        assert_eq!(status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(&said), "{stderr}");
    }
}

// ---- The connection loop: timeouts, caps, hyper's own answers, HTTPS, --lan ----

mod connections;
mod lan;
mod tls;

/// A server started for a connection test: its address (from its log) and its log so far
/// (kept read, so the server never blocks on a full pipe).
struct Served {
    _server: Server,
    addr: String,
    log: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Served {
    /// Starts `command` and waits for its log line "serving SCHEME://ADDR".
    fn start(mut command: Command, scheme: &str) -> Served {
        command.env("RUST_LOG", "info").stderr(Stdio::piped());
        let mut server = Server(command.spawn().expect("the binary starts"));
        let mut reader = BufReader::new(server.0.stderr.take().unwrap());
        let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let marker = format!("serving {scheme}://");
        let addr = loop {
            let mut line = String::new();
            let read = reader.read_line(&mut line).unwrap();
            log.lock().unwrap().push_str(&line);
            assert!(read > 0, "server exited early: {}", log.lock().unwrap());
            if let Some(rest) = line.split(&marker).nth(1) {
                break rest.split_whitespace().next().unwrap().to_owned();
            }
        };
        let sink = std::sync::Arc::clone(&log);
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                let mut log = sink.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        Served {
            _server: server,
            addr,
            log,
        }
    }

    /// The log so far.
    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }
}

/// The binary on a free loopback port with a database in `dir` and these flags.
fn kontrakt(dir: &std::path::Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kontrakt"));
    command
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(dir.join("served.db"))
        .args(args);
    // English refusals and banners unless a test asks for German.
    command
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    // The flags the tests mean, not the ones a developer's shell may set.
    for name in [
        "KONTRAKT_LAN",
        "KONTRAKT_TLS_CERT",
        "KONTRAKT_TLS_KEY",
        "KONTRAKT_HTTPS",
        "KONTRAKT_HSTS",
        "KONTRAKT_HEADER_TIMEOUT",
        "KONTRAKT_IDLE_TIMEOUT",
        "KONTRAKT_MAX_CONNECTIONS",
        "KONTRAKT_MAX_CONNECTIONS_PER_CLIENT",
    ] {
        command.env_remove(name);
    }
    command
}

/// Reads one answer (head and a `content-length` body) from a stream, or what came before
/// the stream ended.
fn read_answer(stream: &mut impl std::io::Read) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .map_or(0, |v| v.trim().parse().unwrap());
            if bytes.len() >= end + 4 + length {
                return Ok(String::from_utf8_lossy(&bytes).into_owned());
            }
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(String::from_utf8_lossy(&bytes).into_owned());
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
}
