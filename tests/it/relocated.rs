//! The release artefact is one file: a copy of the binary, started from an empty directory
//! with no source tree (and no `CARGO_MANIFEST_DIR`), serves every page complete — each
//! stylesheet and script a page links answers 200 with its type and a year-long immutable
//! cache, and its gzip and brotli answers decode to the same bytes. Pages are compressed too.
#![cfg(unix)]

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// Kills the server if the test fails before it ends.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP answer: status, headers (names lowercase) and the body, de-chunked.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a UTF-8 body")
    }
}

/// Sends one request on its own connection and reads the whole answer.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("the server accepts connections");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("an answer with headers");
    let head = String::from_utf8(raw[..split].to_vec()).expect("ASCII headers");
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(name, value)| name == "transfer-encoding" && value.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = raw
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("a chunk size");
        let size = std::str::from_utf8(&raw[..line_end]).unwrap();
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap();
        raw = &raw[line_end + 2..];
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

pub fn get(addr: &str, path: &str, headers: &[(&str, &str)]) -> Answer {
    request(addr, "GET", path, headers, b"")
}

pub fn post_json(addr: &str, path: &str, body: &Value) -> Answer {
    request(
        addr,
        "POST",
        path,
        &[("Content-Type", "application/json")],
        body.to_string().as_bytes(),
    )
}

/// Starts `binary` in `dir` with these extra arguments and environment, and waits for its
/// "serving http://ADDR" line. Returns the server and the rest of its log.
pub fn start(
    binary: &Path,
    dir: &Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> (Server, BufReader<std::process::ChildStderr>) {
    let mut command = Command::new(binary);
    command
        .current_dir(dir)
        .args(["--addr", "127.0.0.1:0", "--db", "kontrakt.db"])
        .args(args)
        .env_remove("CARGO_MANIFEST_DIR")
        .env_remove("RUST_LOG")
        .env_remove("KONTRAKT_LOG_FORMAT")
        .env_remove("KONTRAKT_METRICS_ADDR")
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the binary starts");
    let mut log = BufReader::new(child.stderr.take().unwrap());
    let addr = loop {
        let mut line = String::new();
        assert!(log.read_line(&mut line).unwrap() > 0, "server exited early");
        if let Some(rest) = line.split("serving http://").nth(1) {
            break rest
                .split(|c: char| c.is_whitespace() || c == '"')
                .next()
                .unwrap()
                .to_owned();
        }
    };
    (Server { child, addr }, log)
}

/// A game made through the API with one round entered: its edit id and read-only token.
pub fn game_with_a_round(addr: &str) -> (String, String) {
    let created = post_json(
        addr,
        "/api/v1/games",
        &json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"],
                "first_dealer": "Ann", "options": {}, "cents_per_point": 1}),
    );
    assert_eq!(created.status, 201, "{}", created.text());
    let created: Value = serde_json::from_slice(&created.body).unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["view_url"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let round = post_json(
        addr,
        &format!("/api/v1/games/{id}/rounds"),
        &json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": 12}}),
    );
    assert_eq!(round.status, 200, "{}", round.text());
    (id, token)
}

/// Every `/static/…` URL a page links (`href="…"` or `src="…"`).
fn static_links(page: &str) -> Vec<String> {
    let mut links = Vec::new();
    for attribute in ["href=\"/static/", "src=\"/static/"] {
        for (at, _) in page.match_indices(attribute) {
            let start = at + attribute.find('/').unwrap();
            let end = start + page[start..].find('"').unwrap();
            links.push(page[start..end].to_owned());
        }
    }
    links
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("valid gzip");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .expect("valid brotli");
    out
}

#[test]
fn a_copied_binary_in_an_empty_directory_serves_every_page_with_its_assets() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("kontrakt");
    std::fs::copy(env!("CARGO_BIN_EXE_kontrakt"), &binary).expect("copy the binary");
    let run = dir.path().join("run");
    std::fs::create_dir(&run).unwrap();
    let (server, _log) = start(&binary, &run, &[], &[]);
    let addr = server.addr.clone();
    let (id, token) = game_with_a_round(&addr);

    let pages = [
        "/".to_owned(),
        "/check".to_owned(),
        "/games/new".to_owned(),
        format!("/games/{id}"),
        format!("/games/{id}/rounds/new"),
        format!("/games/{id}/history"),
        format!("/games/{id}/settlement"),
        format!("/view/{token}"),
        format!("/view/{token}/settlement"),
    ];
    let mut assets = std::collections::BTreeSet::new();
    for page in &pages {
        let answer = get(&addr, page, &[]);
        assert_eq!(answer.status, 200, "{page}");
        let text = answer.text();
        assert!(text.trim_end().ends_with("</html>"), "{page} is complete");
        let links = static_links(&text);
        assert!(!links.is_empty(), "{page} links its stylesheet");
        assets.extend(links);

        // The page compressed, as a phone asks for it.
        for (coding, decode) in [("gzip", gunzip as fn(&[u8]) -> Vec<u8>), ("br", unbrotli)] {
            let answer = get(&addr, page, &[("Accept-Encoding", coding)]);
            assert_eq!(answer.status, 200, "{page}");
            assert_eq!(answer.header("content-encoding"), Some(coding), "{page}");
            let decoded = String::from_utf8(decode(&answer.body)).unwrap();
            assert!(decoded.trim_end().ends_with("</html>"), "{page} {coding}");
        }
    }
    for expected in [
        "app.",
        "game.",
        "live.",
        "rounds.",
        "cards.",
        "outbox.",
        "new_game.",
    ] {
        assert!(
            assets
                .iter()
                .any(|url| url.starts_with(&format!("/static/{expected}"))),
            "{expected} linked: {assets:?}"
        );
    }
    for url in &assets {
        let plain = get(&addr, url, &[]);
        assert_eq!(plain.status, 200, "{url}");
        let expected_type = if url.ends_with(".css") {
            "text/css"
        } else {
            "text/javascript"
        };
        assert_eq!(plain.header("content-type"), Some(expected_type), "{url}");
        assert_eq!(
            plain.header("cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{url}"
        );
        assert_eq!(plain.header("content-encoding"), None, "{url}");
        assert!(!plain.body.is_empty(), "{url}");
        let gzip = get(&addr, url, &[("Accept-Encoding", "gzip")]);
        assert_eq!(gzip.header("content-encoding"), Some("gzip"), "{url}");
        assert!(
            gzip.header("vary")
                .is_some_and(|v| v.contains("accept-encoding"))
        );
        assert_eq!(gunzip(&gzip.body), plain.body, "{url} gzip");
        let brotli = get(&addr, url, &[("Accept-Encoding", "gzip, deflate, br")]);
        assert_eq!(brotli.header("content-encoding"), Some("br"), "{url}");
        assert_eq!(unbrotli(&brotli.body), plain.body, "{url} br");

        // The plain name (pages cached before fingerprints) still answers, briefly cached.
        let name = url.trim_start_matches("/static/");
        let (stem, rest) = name.split_once('.').unwrap();
        let extension = rest.rsplit('.').next().unwrap();
        let old = get(&addr, &format!("/static/{stem}.{extension}"), &[]);
        assert_eq!(old.status, 200, "{stem}.{extension}");
        assert_eq!(old.header("cache-control"), Some("public, max-age=3600"));
        assert_eq!(old.body, plain.body);
    }
    // Only the database was created where it runs.
    let created: Vec<_> = std::fs::read_dir(&run)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with("kontrakt.db"))
        .collect();
    assert!(created.is_empty(), "{created:?}");
}
