//! The downloadable binary (`deploy/dist.sh`, profile `dist`) on a machine with nothing on it:
//! started in an empty root directory (a chroot holding only the binary, a writable data
//! folder and the device nodes /dev/null, /dev/zero, /dev/random, /dev/urandom), it creates a
//! game, takes a round and reads it back over HTTP on 127.0.0.1; `--lan` finds and prints an
//! address there; and a `postgres://` URL naming its host as `localhost` is resolved (the
//! static glibc's resolver reads /etc/hosts, so that root gets one line of it).
//!
//! The binary comes from `KONTRAKT_DIST_BINARY` (`.ci/test` builds it with `deploy/dist.sh`
//! and sets it). Without it, or when not root (chroot and mknod need root), each test says
//! it is skipped; under `CI=true` either is a failure. Linux only (chroot, unshare).
//!
//! Depends on the binary's command line and JSON API and on `common` (a PostgreSQL database
//! of its own), never on the crate.
#![cfg(target_os = "linux")]

use std::io::{BufRead as _, BufReader, Read as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Kills the chrooted server (through `unshare --kill-child`) if the test ends early.
struct Jailed(Child);

impl Drop for Jailed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether this is a CI run (`CI=true`), where nothing may be skipped.
fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The dist binary to test, or `None` (said on stderr) when this run cannot test it.
fn dist_binary() -> Option<PathBuf> {
    let skip = |why: &str| {
        assert!(!ci(), "CI=true: the dist binary must be tested, but {why}");
        eprintln!("skipped: {why}");
        None
    };
    let Some(path) = std::env::var_os("KONTRAKT_DIST_BINARY") else {
        return skip("KONTRAKT_DIST_BINARY is not set (bash deploy/dist.sh builds it)");
    };
    let uid = Command::new("id").arg("-u").output().ok();
    if uid.is_none_or(|o| String::from_utf8_lossy(&o.stdout).trim() != "0") {
        return skip("not root (chroot and mknod need root)");
    }
    let path = PathBuf::from(path);
    assert!(path.is_file(), "KONTRAKT_DIST_BINARY={path:?} is no file");
    Some(path)
}

/// An empty root in `dir`: the binary as `/kontrakt`, an empty writable `/data` and the four
/// device nodes; nothing else (no /etc, /lib, /proc, /tmp).
fn empty_root(dir: &Path, binary: &Path) -> PathBuf {
    let root = dir.join("root");
    std::fs::create_dir_all(root.join("data")).unwrap();
    std::fs::create_dir_all(root.join("dev")).unwrap();
    std::fs::copy(binary, root.join("kontrakt")).unwrap();
    for (name, minor) in [
        ("null", "3"),
        ("zero", "5"),
        ("random", "8"),
        ("urandom", "9"),
    ] {
        let node = root.join("dev").join(name);
        let made = Command::new("mknod")
            .args(["-m", "666"])
            .arg(&node)
            .args(["c", "1", minor])
            .status()
            .unwrap();
        assert!(made.success(), "mknod {node:?}");
    }
    root
}

/// Every path in the root, sorted: what the server had to work with.
fn listing(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut todo = vec![root.to_owned()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && !path.is_symlink() {
                todo.push(path.clone());
            }
            found.push(path.strip_prefix(root).unwrap().display().to_string());
        }
    }
    found.sort();
    found
}

/// `/kontrakt ARGS` in `root`, in its own PID namespace (killed with `unshare`), with an empty
/// environment but `RUST_LOG` and `LANG`; stdout and stderr piped.
fn jailed(root: &Path, args: &[&str]) -> Jailed {
    let child = Command::new("unshare")
        .args(["--pid", "--fork", "--kill-child", "chroot"])
        .arg(root)
        .arg("/kontrakt")
        .args(args)
        .env_clear()
        // For unshare to find chroot; the server itself reads no PATH.
        .env("PATH", "/usr/sbin:/usr/bin:/sbin:/bin")
        .env("RUST_LOG", "info")
        .env("LANG", "en_GB.UTF-8")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("unshare and chroot start");
    Jailed(child)
}

/// Reads `server`'s stderr until its line "serving http://ADDR"; the address. Everything read
/// so far is in the panic message if it ends first. The rest of the log is drained in a thread.
fn serving_addr(server: &mut Jailed) -> String {
    let mut log = BufReader::new(server.0.stderr.take().unwrap());
    let mut said = String::new();
    let addr = loop {
        let mut line = String::new();
        let read = log.read_line(&mut line).unwrap();
        said.push_str(&line);
        assert!(
            read > 0,
            "the server in the empty root ended early:\n{said}"
        );
        if let Some(rest) = line.split("serving http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
    };
    std::thread::spawn(move || std::io::copy(&mut log, &mut std::io::sink()));
    addr
}

/// One HTTP/1.1 request on 127.0.0.1 (a JSON body if given): the status and the body.
fn request(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let body = body.unwrap_or("");
    let headers = [("Content-Type", "application/json")];
    let answer = crate::common::request(addr, method, path, &headers, body.as_bytes());
    (answer.status, answer.text())
}

#[test]
fn the_dist_binary_is_static_and_keeps_a_game_in_an_empty_root() {
    let Some(binary) = dist_binary() else { return };
    let described = Command::new("file").arg(&binary).output();
    if let Ok(described) = described {
        let described = String::from_utf8_lossy(&described.stdout);
        assert!(
            described.contains("statically linked") || described.contains("static-pie"),
            "{described}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let root = empty_root(dir.path(), &binary);
    let mut server = jailed(
        &root,
        &["--addr", "127.0.0.1:0", "--db", "/data/kontrakt.db"],
    );
    let addr = serving_addr(&mut server);

    let new_game = r#"{"rules": "contract", "players": ["Ann", "Bob", "Cem"]}"#;
    let (status, created) = request(&addr, "POST", "/api/v1/games", Some(new_game));
    assert_eq!(status, 201, "{created}");
    let created: serde_json::Value = serde_json::from_str(&created).unwrap();
    let id = created["id"].as_str().unwrap();
    let round = r#"{"went_out": "Ann", "points": {"Bob": 35, "Cem": 12}}"#;
    let (status, entered) = request(
        &addr,
        "POST",
        &format!("/api/v1/games/{id}/rounds"),
        Some(round),
    );
    assert_eq!(status, 200, "{entered}");
    let (status, state) = request(&addr, "GET", &format!("/api/v1/games/{id}"), None);
    assert_eq!(status, 200, "{state}");
    let state: serde_json::Value = serde_json::from_str(&state).unwrap();
    let rounds = state["rounds"].as_array().expect("rounds");
    assert_eq!(rounds.len(), 1, "{state}");
    assert!(state.to_string().contains("35"), "{state}");

    drop(server);
    let files = listing(&root);
    assert!(
        files.iter().any(|f| f == "data/kontrakt.db"),
        "the database is in the data folder: {files:?}"
    );
    assert!(
        !files
            .iter()
            .any(|f| f.starts_with("etc") || f.starts_with("lib")),
        "nothing else was needed: {files:?}"
    );
}

#[test]
fn the_dist_binary_prints_a_lan_address_in_an_empty_root() {
    let Some(binary) = dist_binary() else { return };
    let dir = tempfile::tempdir().unwrap();
    let root = empty_root(dir.path(), &binary);
    let mut server = jailed(
        &root,
        &["--lan", "--addr", "127.0.0.1:0", "--db", "/data/k.db"],
    );
    let stdout = server.0.stdout.take().unwrap();
    let mut printed = String::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        printed.push_str(&line);
        printed.push('\n');
        let line = line.trim();
        // The address of the route out, or loopback where this machine has no network.
        if line.starts_with("http://") || line.contains("No network address found") {
            assert!(line.contains(':'), "{printed}");
            return;
        }
    }
    panic!("no address printed:\n{printed}");
}

#[tokio::test]
async fn the_dist_binary_resolves_localhost_in_a_postgres_url() {
    let Some(binary) = dist_binary() else { return };
    let Some(server) = crate::common::postgres_server("dist::localhost_in_a_postgres_url") else {
        return;
    };
    let db = crate::common::postgres_test_dir(&server).await;
    let url = db.db_url().to_owned();
    // postgres://user@127.0.0.1:PORT/db → the same server by the name `localhost`.
    let url = url.replace("@127.0.0.1:", "@localhost:");
    assert!(url.contains("@localhost:"), "{url}");
    let dir = tempfile::tempdir().unwrap();
    let root = empty_root(dir.path(), &binary);

    // In the empty root there is no /etc/hosts and no DNS server: the name cannot be found,
    // and the start is refused with a sentence (never a hang or a crash).
    let mut refused = jailed(&root, &["--addr", "127.0.0.1:0", "--db", &url]);
    let status = refused.0.wait().unwrap();
    let mut said = String::new();
    refused
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    assert_eq!(status.code(), Some(1), "{said}");
    assert!(
        said.contains("cannot find the database server localhost") && said.contains("IP address"),
        "{said}"
    );

    // With the usual line of /etc/hosts the static binary's resolver finds it (glibc reads
    // /etc/hosts itself; only other NSS sources such as mDNS would need shared libraries).
    std::fs::create_dir_all(root.join("etc")).unwrap();
    std::fs::write(root.join("etc/hosts"), "127.0.0.1 localhost\n").unwrap();
    let mut server = jailed(&root, &["--addr", "127.0.0.1:0", "--db", &url]);
    let addr = serving_addr(&mut server);
    let (status, body) = request(&addr, "GET", "/healthz", None);
    assert_eq!(status, 200, "{body}");
}
