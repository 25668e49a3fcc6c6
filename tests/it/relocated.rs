//! The release artefact is one file: a copy of the binary, started from an empty directory
//! with no source tree (and no `CARGO_MANIFEST_DIR`), serves every page complete — each
//! stylesheet and script a page links answers 200 with its type and a year-long immutable
//! cache, and its gzip and brotli answers decode to the same bytes. Pages are compressed too.
#![cfg(unix)]

use std::io::Read as _;

use crate::common::{game_with_a_round, get, start};

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
        let expected_type = match url.rsplit('.').next() {
            Some("css") => "text/css",
            Some("png") => "image/png",
            Some("svg") => "image/svg+xml",
            _ => "text/javascript",
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
    // The service worker names the files the pages link, and each of them answers.
    let worker = get(&addr, "/sw.js", &[]);
    assert_eq!(worker.status, 200);
    assert_eq!(worker.header("content-type"), Some("text/javascript"));
    let worker = worker.text();
    for url in &assets {
        assert!(worker.contains(&format!("\"{url}\"")), "{url} not in sw.js");
    }
    // The offline notice it unhides is on every page, hidden, in the page's language.
    for (lang, sentence) in [
        ("en", "Offline: showing the last saved state"),
        ("de", "Offline: Hier steht der zuletzt gespeicherte Stand"),
    ] {
        let page = get(
            &addr,
            &format!("/view/{token}"),
            &[("Accept-Language", lang)],
        )
        .text();
        assert!(page.contains("data-offline hidden"), "{lang}");
        assert!(page.contains(sentence), "{lang}");
    }

    // Only the database was created where it runs.
    let created: Vec<_> = std::fs::read_dir(&run)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with("kontrakt.db"))
        .collect();
    assert!(created.is_empty(), "{created:?}");
}

#[test]
fn json_answers_are_compressed_keeping_no_store_and_tiny_answers_are_not() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _log) = start(
        std::path::Path::new(env!("CARGO_BIN_EXE_kontrakt")),
        dir.path(),
        &[],
        &[],
    );
    let addr = server.addr.clone();
    let (id, _token) = game_with_a_round(&addr);
    let path = format!("/api/v1/games/{id}");
    let plain = get(&addr, &path, &[]);
    assert_eq!(plain.header("content-encoding"), None);
    for (coding, decode) in [("gzip", gunzip as fn(&[u8]) -> Vec<u8>), ("br", unbrotli)] {
        let answer = get(&addr, &path, &[("Accept-Encoding", coding)]);
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("content-encoding"), Some(coding));
        assert_eq!(answer.header("cache-control"), Some("no-store"));
        assert!(
            answer
                .header("vary")
                .is_some_and(|v| v.contains("accept-encoding"))
        );
        assert!(
            answer
                .header("content-type")
                .is_some_and(|t| t.starts_with("application/json"))
        );
        let decoded: serde_json::Value = serde_json::from_slice(&decode(&answer.body)).unwrap();
        let expected: serde_json::Value = serde_json::from_slice(&plain.body).unwrap();
        assert_eq!(decoded, expected);
    }
    // "ok" is too small to gain from compression: it is sent as it is.
    let health = get(&addr, "/healthz", &[("Accept-Encoding", "gzip, br")]);
    assert_eq!(health.header("content-encoding"), None);
    assert_eq!(health.body, b"ok");
}
