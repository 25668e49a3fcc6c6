//! The deployment files of `deploy/` say what the README promises, read without docker or
//! systemd (`.ci/deploy-check` adds hadolint and `systemd-analyze verify` where they run):
//! the image is multi-stage from pinned bases, runs as a non-root user with the database on
//! the volume `/data` and a health check by the binary itself; the systemd unit is hardened;
//! Litestream replicates the database file. And `kontrakt healthcheck` exits 0 on a healthy
//! server, 1 otherwise.
#![cfg(unix)]

use std::path::Path;
use std::process::Command;

use crate::common::start;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The Dockerfile's instructions: keyword (upper case) and arguments, continuation lines
/// joined, comments and the parser directive left out.
fn instructions(text: &str) -> Vec<(String, String)> {
    let mut joined = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if current.is_empty() && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        match trimmed.strip_suffix('\\') {
            Some(start) => {
                current.push_str(start);
                current.push(' ');
            }
            None => {
                current.push_str(trimmed);
                joined.push(std::mem::take(&mut current));
            }
        }
    }
    joined
        .into_iter()
        .map(|line| {
            let (keyword, rest) = line.split_once(' ').unwrap_or((&line, ""));
            (keyword.to_ascii_uppercase(), rest.trim().to_owned())
        })
        .collect()
}

#[test]
fn the_dockerfile_is_multi_stage_pinned_non_root_with_a_volume_and_a_health_check() {
    let all = instructions(&read("deploy/Dockerfile"));
    let froms: Vec<&String> = all
        .iter()
        .filter(|(keyword, _)| keyword == "FROM")
        .map(|(_, args)| args)
        .collect();
    assert!(froms.len() >= 2, "multi-stage: {froms:?}");
    for from in &froms {
        let image = from.split_whitespace().next().unwrap();
        let name = image.rsplit('/').next().unwrap();
        let pinned = name.contains('@')
            || name
                .split_once(':')
                .is_some_and(|(_, tag)| !tag.is_empty() && tag != "latest");
        assert!(pinned, "base image without a version: {image}");
    }
    assert!(
        froms[0].starts_with("rust:1.") && froms[0].matches('.').count() >= 2,
        "the build stage names its exact Rust version: {}",
        froms[0]
    );
    // The final stage: everything after the last FROM.
    let last_from = all
        .iter()
        .rposition(|(keyword, _)| keyword == "FROM")
        .unwrap();
    let last = &all[last_from..];
    let args = |keyword: &str| -> Vec<&str> {
        last.iter()
            .filter(|(k, _)| k == keyword)
            .map(|(_, a)| a.as_str())
            .collect()
    };
    let user = args("USER");
    assert_eq!(user.len(), 1, "{user:?}");
    let name = user[0].split(':').next().unwrap();
    assert!(!["root", "0", ""].contains(&name), "runs as {name}");
    assert!(args("VOLUME").iter().any(|v| v.contains("/data")));
    assert!(
        args("ENV").iter().any(|v| v.contains("KONTRAKT_DB=/data/")),
        "the database is on the volume"
    );
    assert!(
        args("ENV")
            .iter()
            .any(|v| v.contains("KONTRAKT_ADDR=0.0.0.0:")),
        "reachable from outside the container"
    );
    let health = args("HEALTHCHECK");
    assert_eq!(health.len(), 1);
    assert!(
        health[0].contains("CMD [\"/usr/local/bin/kontrakt\", \"healthcheck\""),
        "{}",
        health[0]
    );
    assert!(
        args("COPY")
            .iter()
            .any(|c| c.contains("--from=build") && c.contains("--chown=65532")),
        "/data belongs to the user"
    );
    assert!(
        args("ENTRYPOINT")
            .iter()
            .any(|e| e.contains("/usr/local/bin/kontrakt"))
    );
    // Everything the build needs is copied in, and build output stays out of the context.
    let copied: String = all
        .iter()
        .filter(|(k, _)| k == "COPY")
        .map(|(_, a)| a.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    for needed in [
        "Cargo.lock",
        "build.rs",
        "src",
        "static",
        "templates",
        "migrations",
        "benches",
        "crates",
        "deploy/dist.sh",
    ] {
        assert!(copied.contains(needed), "{needed} is not copied");
    }
    assert!(
        read(".dockerignore")
            .lines()
            .any(|line| line.trim() == "target")
    );
    // The image's binary is the downloads' one: built by deploy/dist.sh (which passes
    // --locked), statically linked, so the run stage needs no libc.
    assert!(
        all.iter()
            .any(|(k, a)| k == "RUN" && a.contains("deploy/dist.sh"))
    );
    assert!(read("deploy/dist.sh").contains("--locked"));
}

#[test]
fn the_systemd_unit_is_hardened_and_keeps_its_database_in_its_state_directory() {
    let unit = read("deploy/kontrakt.service");
    let lines: Vec<&str> = unit
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .collect();
    for expected in [
        "[Service]",
        "ExecStart=/usr/local/bin/kontrakt serve",
        "DynamicUser=yes",
        "StateDirectory=kontrakt",
        "Environment=KONTRAKT_DB=/var/lib/kontrakt/kontrakt.db",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "PrivateDevices=yes",
        "CapabilityBoundingSet=",
        "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX",
        "SystemCallFilter=@system-service",
        "MemoryDenyWriteExecute=yes",
        "KillSignal=SIGTERM",
        "Restart=on-failure",
        "WantedBy=multi-user.target",
    ] {
        assert!(lines.contains(&expected), "missing: {expected}");
    }
    assert!(
        !lines
            .iter()
            .any(|line| line.starts_with("User=root") || line.starts_with("ReadWritePaths=/")),
        "no root user, nothing writable beyond the state directory"
    );
}

#[test]
fn litestream_replicates_the_database_file_and_the_database_is_in_wal_mode() {
    let config = read("deploy/litestream.yml");
    assert!(config.contains("\ndbs:\n"));
    assert!(config.contains("  - path: ${KONTRAKT_DB_PATH}"));
    assert!(config.contains("    replicas:\n"));
    assert!(
        !config.contains("secret-access-key:"),
        "credentials come from the environment"
    );
    // Litestream needs WAL mode; the database layer sets it on every connection.
    assert!(read("src/db/mod.rs").contains("PRAGMA journal_mode = WAL"));
}

#[test]
fn healthcheck_exits_0_on_a_healthy_server_and_1_with_a_sentence_otherwise() {
    let binary = env!("CARGO_BIN_EXE_kontrakt");
    let dir = tempfile::tempdir().unwrap();
    let (server, _log) = start(Path::new(binary), dir.path(), &[], &[]);
    let healthy = Command::new(binary)
        .args(["healthcheck", &format!("http://{}/healthz", server.addr)])
        .output()
        .unwrap();
    assert_eq!(healthy.status.code(), Some(0), "{healthy:?}");
    // Without a URL: the address the server was given, as in the container.
    let port = server.addr.rsplit(':').next().unwrap();
    let own = Command::new(binary)
        .arg("healthcheck")
        .env("KONTRAKT_ADDR", format!("0.0.0.0:{port}"))
        .output()
        .unwrap();
    assert_eq!(own.status.code(), Some(0), "{own:?}");

    let missing = Command::new(binary)
        .args([
            "healthcheck",
            &format!("http://{}/no-such-page", server.addr),
        ])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("answered 404"));
    drop(server);

    // Nothing listens on a port just released.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let down = Command::new(binary)
        .args(["healthcheck", &format!("http://127.0.0.1:{port}/healthz")])
        .output()
        .unwrap();
    assert_eq!(down.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&down.stderr).contains("cannot connect"));

    let https = Command::new(binary)
        .args(["healthcheck", "https://example.org/healthz"])
        .output()
        .unwrap();
    assert_eq!(https.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&https.stderr).contains("http://"));
}

#[test]
fn the_compose_file_runs_two_app_servers_on_postgres_behind_a_proxy_that_uses_both() {
    let compose = read("deploy/compose.yaml");
    for needed in [
        "image: postgres:",
        "KONTRAKT_DB: postgres://",
        "app1: *app",
        "app2: *app",
        "image: caddy:",
        "./Caddyfile:/etc/caddy/Caddyfile",
        "condition: service_healthy",
    ] {
        assert!(compose.contains(needed), "compose.yaml lacks {needed:?}");
    }
    assert!(
        !compose.contains("POSTGRES_PASSWORD: kontrakt"),
        "no password is written into the file"
    );
    let caddy = read("deploy/Caddyfile");
    assert!(caddy.contains("reverse_proxy {$KONTRAKT_UPSTREAMS:app1:3000 app2:3000}"));
    assert!(caddy.contains("health_uri /healthz"));
}
