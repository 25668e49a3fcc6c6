//! The OpenAPI document of the JSON API (`GET /api/v1/openapi.json`, docs/decisions.md
//! 2026-11-24): served as JSON, structurally valid OpenAPI 3.1, covering exactly the
//! `/api/v1` routes the router serves and docs/API.md lists, describing what the server
//! really answers, and only ever growing: it is compared with the committed snapshot
//! `docs/openapi.json`, and anything the snapshot has that the document lost fails with its
//! name. After a deliberate addition, rewrite the snapshot with
//! `KONTRAKT_UPDATE_OPENAPI=1 cargo test --test it openapi::`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::TestApp;

/// The command that rewrites the snapshot.
const UPDATE: &str = "KONTRAKT_UPDATE_OPENAPI=1 cargo test --test it openapi::";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn snapshot_path() -> PathBuf {
    root().join("docs/openapi.json")
}

/// The document as the server serves it.
async fn served(app: &TestApp) -> Value {
    let response = app.get("/api/v1/openapi.json").await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.body);
    assert_eq!(response.header("content-type"), "application/json");
    serde_json::from_str(&response.body).expect("the document is JSON")
}

/// The methods OpenAPI names in a path item.
const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Every operation of the document: (METHOD, path) → operation.
fn operations(doc: &Value) -> BTreeMap<(String, String), &Value> {
    let mut found = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().expect("paths is an object") {
        for (method, operation) in item.as_object().expect("a path item is an object") {
            if METHODS.contains(&method.as_str()) {
                found.insert((method.to_uppercase(), path.clone()), operation);
            }
        }
    }
    found
}

// ---------------------------------------------------------------------------------------------
// Served, and valid OpenAPI 3.1
// ---------------------------------------------------------------------------------------------

/// Every `$ref` under `value`, with where it is.
fn refs<'a>(value: &'a Value, at: &str, found: &mut Vec<(String, &'a str)>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                if key == "$ref" {
                    if let Some(target) = child.as_str() {
                        found.push((at.to_owned(), target));
                    }
                } else {
                    refs(child, &format!("{at}/{key}"), found);
                }
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                refs(child, &format!("{at}/{i}"), found);
            }
        }
        _ => {}
    }
}

/// What `target` (`#/components/schemas/X`) points at in `doc`.
fn resolve<'a>(doc: &'a Value, target: &str) -> Option<&'a Value> {
    doc.pointer(target.strip_prefix('#')?)
}

#[tokio::test]
async fn the_document_is_served_as_json_and_is_structurally_valid_openapi_3_1() {
    let app = TestApp::new().await;
    let doc = served(&app).await;
    let version = doc["openapi"].as_str().expect("openapi is a string");
    assert!(version.starts_with("3.1."), "openapi is {version}");
    assert!(doc["info"]["title"].is_string() && doc["info"]["version"].is_string());

    let mut all = Vec::new();
    refs(&doc, "", &mut all);
    assert!(
        all.iter()
            .any(|(_, t)| *t == "#/components/schemas/GameState"),
        "no reference to the game's state: {all:?}"
    );
    let dangling: Vec<String> = all
        .iter()
        .filter(|(_, target)| resolve(&doc, target).is_none())
        .map(|(at, target)| format!("{at}: {target}"))
        .collect();
    assert!(
        dangling.is_empty(),
        "$refs that resolve to nothing: {dangling:#?}"
    );

    let mut ids = BTreeSet::new();
    for ((method, path), operation) in operations(&doc) {
        let what = format!("{method} {path}");
        let responses = operation["responses"].as_object();
        assert!(
            responses.is_some_and(|r| !r.is_empty()),
            "{what} has no responses"
        );
        for (status, response) in responses.into_iter().flatten() {
            assert!(
                status.len() == 3 && status.parse::<u16>().is_ok(),
                "{what}: status {status}"
            );
            assert!(
                response["description"].is_string(),
                "{what} {status} has no description"
            );
        }
        let id = operation["operationId"].as_str().unwrap_or_default();
        assert!(!id.is_empty(), "{what} has no operationId");
        assert!(ids.insert(id.to_owned()), "operationId {id} twice");
        // Every `{name}` of the path is a required path parameter, and nothing else is.
        let in_path: BTreeSet<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
            .collect();
        let declared: BTreeSet<&str> = operation["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["in"] == "path")
            .inspect(|p| assert_eq!(p["required"], true, "{what}: {p}"))
            .filter_map(|p| p["name"].as_str())
            .collect();
        assert_eq!(in_path, declared, "{what}: path parameters");
    }
}

// ---------------------------------------------------------------------------------------------
// Complete: the routes served = the document's = docs/API.md's
// ---------------------------------------------------------------------------------------------

/// The `/api/v1` routes of docs/API.md's endpoint table (`| \`GET /api/v1/…\` | … |`).
fn documented_in_api_md() -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(root().join("docs/API.md")).expect("docs/API.md");
    text.lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split('`').next())
        .filter_map(|route| route.split_once(' '))
        .filter(|(_, path)| path.starts_with("/api/v1/"))
        .map(|(method, path)| (method.to_owned(), path.to_owned()))
        .collect()
}

/// The `/api/` paths given to a plain `.route("…", …)` anywhere in `src/web`: served, but not
/// described (the API's routes go through `utoipa_axum::routes!`).
fn plain_api_routes(dir: &Path, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("src/web is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            plain_api_routes(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs")
            // Unit-test modules build their own routers.
            && !path.to_string_lossy().ends_with("tests.rs")
        {
            let text = std::fs::read_to_string(&path).expect("a source file");
            let code: String = text
                .lines()
                .map(|l| l.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            for (at, _) in code.match_indices(".route(") {
                let rest = code[at + ".route(".len()..].trim_start();
                if rest.starts_with("\"/api") {
                    let end = rest[1..].find('"').map_or(rest.len(), |e| e + 2);
                    let file = path.strip_prefix(root()).unwrap_or(&path);
                    found.push(format!("{} {}", file.display(), &rest[..end]));
                }
            }
        }
    }
}

/// A game to fill `{id}` and `{token}` with: (edit id, read-only token).
async fn a_game(app: &TestApp) -> (String, String) {
    let response = app
        .send(json_request(
            "POST",
            "/api/v1/games",
            &json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
        ))
        .await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.body);
    let created = response.json();
    let token = created["view_api_url"]
        .as_str()
        .and_then(|u| u.rsplit('/').next())
        .expect("a view token");
    (created["id"].as_str().unwrap().to_owned(), token.to_owned())
}

fn json_request(method: &str, path: &str, body: &Value) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

/// A documented path with its parameters filled in.
fn fill(path: &str, id: &str, token: &str) -> String {
    let id = if path.starts_with("/api/v1/rules/") {
        "contract"
    } else {
        id
    };
    path.replace("{id}", id).replace("{token}", token)
}

#[tokio::test]
async fn every_api_route_served_is_in_the_document_and_in_docs_api_md_and_no_other() {
    let app = TestApp::new().await;
    let doc = served(&app).await;
    let described: BTreeSet<(String, String)> = operations(&doc).into_keys().collect();
    assert!(
        described.contains(&("POST".into(), "/api/v1/games/{id}/rounds".into())),
        "{described:?}"
    );
    let outside: Vec<_> = described
        .iter()
        .filter(|(_, path)| !path.starts_with("/api/v1/"))
        .collect();
    assert!(outside.is_empty(), "outside /api/v1: {outside:?}");

    // docs/API.md lists the same routes.
    let listed = documented_in_api_md();
    let missing_in_doc: Vec<_> = listed.difference(&described).collect();
    let missing_in_md: Vec<_> = described.difference(&listed).collect();
    assert!(
        missing_in_doc.is_empty() && missing_in_md.is_empty(),
        "docs/API.md lists routes the document lacks: {missing_in_doc:?}; the document has \
         routes docs/API.md's table lacks: {missing_in_md:?}"
    );

    // No API route is registered past the document.
    let mut plain = Vec::new();
    plain_api_routes(&root().join("src/web"), &mut plain);
    assert!(
        plain.is_empty(),
        "API routes registered with a plain .route(…), so missing from the OpenAPI \
         document: register them with utoipa_axum::routes! and a #[utoipa::path]: {plain:?}"
    );

    // The router serves every documented method on every documented path, and no other.
    let (id, token) = a_game(&app).await;
    let paths: BTreeSet<&String> = described.iter().map(|(_, p)| p).collect();
    for path in paths {
        let uri = fill(path, &id, &token);
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            let response = app.send(json_request(method, &uri, &json!({}))).await;
            let what = format!("{method} {path} ({}: {})", response.status, response.body);
            if described.contains(&(method.to_owned(), path.clone())) {
                assert_ne!(response.status, StatusCode::METHOD_NOT_ALLOWED, "{what}");
                if response.status == StatusCode::NOT_FOUND {
                    // A 404 of the route itself (an unknown game), not of the router.
                    assert_ne!(
                        response.error_sentence(),
                        "There is nothing at this address.",
                        "{what}"
                    );
                }
            } else {
                assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED, "{what}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Only ever growing: the snapshot
// ---------------------------------------------------------------------------------------------

/// Keys that only describe: a change to them is no change of the contract.
const PROSE: [&str; 5] = ["description", "summary", "example", "examples", "title"];

/// The facts of a document, each a readable path: every path, method, parameter, body,
/// response status and header, schema, property, `required` entry, enum value, type and
/// bound. Parameters are named by `name`, other lists by position, lists of plain values
/// (enum, required, type) by each value.
fn facts(value: &Value, at: &str, found: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            // The object itself: a response with only a description is a fact too.
            found.insert(at.to_owned());
            for (key, child) in map {
                if PROSE.contains(&key.as_str()) {
                    continue;
                }
                facts(child, &format!("{at} › {key}"), found);
            }
        }
        Value::Array(items) if items.iter().all(|i| !i.is_object() && !i.is_array()) => {
            if items.is_empty() {
                found.insert(format!("{at} = []"));
            }
            for item in items {
                found.insert(format!("{at} ∋ {item}"));
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let name = match (item["name"].as_str(), item["in"].as_str()) {
                    (Some(name), Some(place)) => format!("{place} parameter {name}"),
                    _ => i.to_string(),
                };
                facts(item, &format!("{at} › {name}"), found);
            }
        }
        scalar => {
            found.insert(format!("{at} = {scalar}"));
        }
    }
}

fn facts_of(doc: &Value) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    // The frame (`info`: title, version, licence) is not the contract.
    for key in ["paths", "components"] {
        facts(&doc[key], key, &mut found);
    }
    found
}

/// What `new` lost and gained against `old`.
fn compare(old: &Value, new: &Value) -> (Vec<String>, Vec<String>) {
    let (old, new) = (facts_of(old), facts_of(new));
    (
        old.difference(&new).cloned().collect(),
        new.difference(&old).cloned().collect(),
    )
}

/// The snapshot's text for a document: pretty JSON with a final newline.
fn snapshot_text(doc: &Value) -> String {
    let mut text = serde_json::to_string_pretty(doc).expect("JSON");
    text.push('\n');
    text
}

#[tokio::test]
async fn the_document_only_ever_grows_against_the_committed_snapshot() {
    let app = TestApp::new().await;
    let doc = served(&app).await;
    let path = snapshot_path();
    let update = std::env::var("KONTRAKT_UPDATE_OPENAPI").ok();
    let snapshot: Option<Value> = std::fs::read_to_string(&path)
        .ok()
        .map(|text| serde_json::from_str(&text).expect("docs/openapi.json is JSON"));
    let (lost, gained) = match &snapshot {
        Some(old) => compare(old, &doc),
        None => (
            Vec::new(),
            vec!["everything (there is no snapshot yet)".to_owned()],
        ),
    };
    match update.as_deref() {
        // Removing from the API is a new API version, never an update.
        Some("1") if lost.is_empty() => {
            std::fs::write(&path, snapshot_text(&doc)).expect("docs/openapi.json is writable");
            return;
        }
        Some("breaking") => {
            std::fs::write(&path, snapshot_text(&doc)).expect("docs/openapi.json is writable");
            return;
        }
        _ => {}
    }
    assert!(
        lost.is_empty(),
        "the JSON API lost what clients may rely on (fields are only ever added, \
         docs/decisions.md); put back:\n  {}",
        lost.join("\n  ")
    );
    assert!(
        gained.is_empty(),
        "the JSON API gained (good, if meant):\n  {}\nrecord it in the snapshot with: {UPDATE}",
        gained.join("\n  ")
    );
    assert!(
        snapshot.as_ref() == Some(&doc),
        "the document's descriptions changed; record them in the snapshot with: {UPDATE}"
    );
}

#[test]
fn the_snapshot_comparison_names_what_was_lost_and_what_was_gained() {
    let old = json!({"paths": {"/api/v1/x": {"post": {
        "parameters": [{"name": "Idempotency-Key", "in": "header"}],
        "responses": {"200": {"description": "ok"}, "409": {"description": "stale"}}}}},
        "components": {"schemas": {"A": {"type": "object",
            "properties": {"a": {"type": "string"}, "b": {"enum": ["x", "y"]}}}}}});
    let mut new = old.clone();
    assert_eq!(compare(&old, &new), (vec![], vec![]));
    new["paths"]["/api/v1/x"]["post"]["responses"]["200"]["description"] = json!("fine");
    assert_eq!(
        compare(&old, &new),
        (vec![], vec![]),
        "prose is not the contract"
    );

    let mut lost = new.clone();
    lost["components"]["schemas"]["A"]["properties"]
        .as_object_mut()
        .unwrap()
        .remove("a");
    lost["components"]["schemas"]["A"]["properties"]["b"]["enum"] = json!(["x"]);
    lost["paths"]["/api/v1/x"]["post"]["responses"]
        .as_object_mut()
        .unwrap()
        .remove("409");
    lost["paths"]["/api/v1/x"]["post"]["parameters"] = json!([]);
    let (gone, added) = compare(&old, &lost);
    let gone = gone.join("\n");
    for name in [
        "properties › a › type",
        "enum ∋ \"y\"",
        "responses › 409",
        "header parameter Idempotency-Key",
    ] {
        assert!(gone.contains(name), "{name} not named in:\n{gone}");
    }
    assert_eq!(added, ["paths › /api/v1/x › post › parameters = []"]);

    let mut grown = new.clone();
    grown["components"]["schemas"]["A"]["properties"]["c"] = json!({"type": "integer"});
    let (gone, added) = compare(&old, &grown);
    assert!(gone.is_empty());
    assert_eq!(
        added,
        [
            "components › schemas › A › properties › c",
            "components › schemas › A › properties › c › type = \"integer\""
        ]
    );
}
