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

use crate::common::{TestApp, TestResponse};

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

    let tags: BTreeSet<&str> = doc["tags"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["name"].as_str())
        .collect();
    let mut ids = BTreeSet::new();
    for ((method, path), operation) in operations(&doc) {
        let what = format!("{method} {path}");
        for tag in operation["tags"].as_array().into_iter().flatten() {
            let tag = tag.as_str().unwrap_or_default();
            assert!(tags.contains(tag), "{what}: tag {tag} is not declared");
        }
        if let Some(body) = operation.get("requestBody") {
            assert!(
                body["content"]["application/json"]["schema"].is_object(),
                "{what}: a request body without a JSON schema"
            );
        }
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
            for (media, content) in response["content"].as_object().into_iter().flatten() {
                assert!(
                    content["schema"].is_object(),
                    "{what} {status} {media} has no schema"
                );
            }
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

/// The `/api/` paths given to a plain `.route("…", …)` (or `route_service`, `nest`,
/// `nest_service`) anywhere in `src/web`: served, but not described (the API's routes go
/// through `utoipa_axum::routes!`).
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
            for call in [".route(", ".route_service(", ".nest(", ".nest_service("] {
                for (at, _) in code.match_indices(call) {
                    let rest = code[at + call.len()..].trim_start();
                    if rest.starts_with("\"/api") {
                        let end = rest[1..].find('"').map_or(rest.len(), |e| e + 2);
                        let file = path.strip_prefix(root()).unwrap_or(&path);
                        found.push(format!("{} {call}{}", file.display(), &rest[..end]));
                    }
                }
            }
        }
    }
}

/// A game to fill `{id}` and `{token}` with: (edit id, read-only token).
async fn a_game(app: &TestApp) -> (String, String) {
    let game = app
        .create_game(json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}))
        .await;
    (game.id, game.view)
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
    let no_route = app.get("/api/v1/no-such-route").await;
    assert_eq!(no_route.status, StatusCode::NOT_FOUND);
    let no_route = no_route.error_sentence();
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
                    assert_ne!(response.error_sentence(), no_route, "{what}");
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

/// The schemas a request body reaches (through `$ref`s).
fn request_schemas(doc: &Value) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut todo: Vec<&Value> = operations(doc)
        .into_values()
        .map(|operation| &operation["requestBody"])
        .collect();
    while let Some(value) = todo.pop() {
        let mut found = Vec::new();
        refs(value, "", &mut found);
        for (_, target) in found {
            if let Some(name) = target.strip_prefix("#/components/schemas/")
                && names.insert(name.to_owned())
                && let Some(schema) = resolve(doc, target)
            {
                todo.push(schema);
            }
        }
    }
    names
}

/// A gained fact that refuses what an existing request could send: a newly required field,
/// parameter or body, or no more unknown fields, in an operation or request schema the old
/// document had. Gained, but it breaks clients like a removal.
fn tightens(fact: &str, old: &BTreeSet<String>, requests: &BTreeSet<String>) -> bool {
    let narrows = fact.contains("› required ∋")
        || fact.ends_with("› required = true")
        || fact.ends_with("› additionalProperties = false");
    let parts: Vec<&str> = fact.split(" › ").collect();
    narrows
        && match parts.as_slice() {
            ["paths", path, method, "requestBody" | "parameters", ..] => {
                old.contains(&format!("paths › {path} › {method}"))
            }
            ["components", "schemas", name, ..] => {
                requests.contains(*name) && old.contains(&format!("components › schemas › {name}"))
            }
            _ => false,
        }
}

/// What `new` lost (or tightened for requests) and gained against `old`.
fn compare(old: &Value, new: &Value) -> (Vec<String>, Vec<String>) {
    let requests = request_schemas(new);
    let (old, new) = (facts_of(old), facts_of(new));
    let (tightened, gained): (Vec<String>, Vec<String>) = new
        .difference(&old)
        .cloned()
        .partition(|fact| tightens(fact, &old, &requests));
    let mut lost: Vec<String> = old.difference(&new).cloned().collect();
    lost.extend(
        tightened
            .into_iter()
            .map(|fact| format!("{fact} (newly demanded of requests)")),
    );
    (lost, gained)
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
        "the JSON API lost what clients may rely on, or demands more of requests (fields \
         are only ever added, docs/decisions.md); put back:\n  {}",
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

    // A request that was fine must stay fine: a field newly required of an existing request
    // body is a loss; a new endpoint's required body is not.
    let mut request = old.clone();
    request["paths"]["/api/v1/x"]["post"]["requestBody"] =
        json!({"content": {"application/json": {"schema": {"$ref": "#/components/schemas/A"}}}});
    let mut demanding = request.clone();
    demanding["components"]["schemas"]["A"]["required"] = json!(["b"]);
    demanding["paths"]["/api/v1/y"] = json!({"post": {"requestBody": {"required": true},
        "responses": {"200": {"description": "ok"}}}});
    let (gone, added) = compare(&request, &demanding);
    assert_eq!(
        gone,
        ["components › schemas › A › required ∋ \"b\" (newly demanded of requests)"]
    );
    assert!(
        added.contains(&"paths › /api/v1/y › post › requestBody › required = true".to_owned()),
        "{added:?}"
    );

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

// ---------------------------------------------------------------------------------------------
// True: what the server answers is what the document says
// ---------------------------------------------------------------------------------------------

/// `value` against `schema` (the subset of JSON Schema the document uses: `$ref`, `type`,
/// `enum`, `properties`, `required`, `additionalProperties`, `items`, `oneOf`, `anyOf`,
/// `allOf`). Strict where it matters for a contract: an object with `properties` and no
/// `additionalProperties` may hold no other field, so a field the server sends but the
/// document does not name is found.
fn validate(doc: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    validate_in(doc, schema, value, at, true, errors);
}

fn deref<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(target) => deref(
            doc,
            resolve(doc, target).unwrap_or_else(|| panic!("{target} resolves")),
        ),
        None => schema,
    }
}

/// The property names a schema allows (through `$ref`, `allOf`, `oneOf` and `anyOf`).
fn property_names(doc: &Value, schema: &Value, names: &mut BTreeSet<String>) {
    let schema = deref(doc, schema);
    if let Some(properties) = schema["properties"].as_object() {
        names.extend(properties.keys().cloned());
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        for part in schema[key].as_array().into_iter().flatten() {
            property_names(doc, part, names);
        }
    }
}

fn type_matches(name: &str, value: &Value) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        other => panic!("unknown type {other}"),
    }
}

fn validate_in(
    doc: &Value,
    schema: &Value,
    value: &Value,
    at: &str,
    strict: bool,
    errors: &mut Vec<String>,
) {
    let schema = deref(doc, schema);
    assert!(schema.is_object(), "{at}: the schema {schema} is no schema");
    if let Some(types) = match &schema["type"] {
        Value::String(one) => Some(vec![one.as_str()]),
        Value::Array(many) => Some(many.iter().filter_map(Value::as_str).collect()),
        _ => None,
    } && !types.iter().any(|t| type_matches(t, value))
    {
        errors.push(format!("{at}: {value} is not {types:?}"));
        return;
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(value)
    {
        errors.push(format!("{at}: {value} is not one of {allowed:?}"));
    }
    if let Some(parts) = schema["allOf"].as_array() {
        for part in parts {
            validate_in(doc, part, value, at, false, errors);
        }
        if strict && let Some(object) = value.as_object() {
            let mut known = BTreeSet::new();
            property_names(doc, schema, &mut known);
            for key in object.keys().filter(|k| !known.contains(*k)) {
                errors.push(format!("{at}: field \"{key}\" is not in the document"));
            }
        }
    }
    for (key, exactly_one) in [("oneOf", true), ("anyOf", false)] {
        if let Some(choices) = schema[key].as_array() {
            let fits: Vec<Vec<String>> = choices
                .iter()
                .map(|choice| {
                    let mut e = Vec::new();
                    validate_in(doc, choice, value, at, strict, &mut e);
                    e
                })
                .collect();
            let count = fits.iter().filter(|e| e.is_empty()).count();
            if count == 0 || (exactly_one && count > 1) {
                errors.push(format!(
                    "{at}: {value} fits {count} of the {key} choices: {fits:?}"
                ));
            }
        }
    }
    if let Some(object) = value.as_object() {
        for name in schema["required"].as_array().into_iter().flatten() {
            let name = name.as_str().unwrap_or_default();
            if !object.contains_key(name) {
                errors.push(format!("{at}: the required field \"{name}\" is missing"));
            }
        }
        let properties = schema["properties"].as_object();
        for (key, child) in object {
            let here = format!("{at}.{key}");
            match (
                properties.and_then(|p| p.get(key)),
                &schema["additionalProperties"],
            ) {
                (Some(property), _) => validate_in(doc, property, child, &here, true, errors),
                (None, Value::Object(_)) => validate_in(
                    doc,
                    &schema["additionalProperties"],
                    child,
                    &here,
                    true,
                    errors,
                ),
                (None, Value::Bool(true)) => {}
                (None, Value::Bool(false)) => {
                    errors.push(format!("{at}: field \"{key}\" is not allowed"));
                }
                (None, _) if strict && properties.is_some() => {
                    errors.push(format!("{at}: field \"{key}\" is not in the document"));
                }
                (None, _) => {}
            }
        }
    }
    if let (Some(items), Some(list)) = (schema.get("items"), value.as_array()) {
        for (i, item) in list.iter().enumerate() {
            validate_in(doc, items, item, &format!("{at}[{i}]"), true, errors);
        }
    }
}

/// Checks real answers against the document, and remembers which it saw.
struct Contract {
    doc: Value,
    seen: BTreeSet<(String, String, String)>,
}

impl Contract {
    async fn new(app: &TestApp) -> Self {
        Self {
            doc: served(app).await,
            seen: BTreeSet::new(),
        }
    }

    /// The answer to `METHOD route` (the document's path, e.g. `/api/v1/games/{id}`) has a
    /// documented status, content type and body shape. Returns the body.
    fn holds(&mut self, method: &str, route: &str, response: &TestResponse) -> Value {
        let status = response.status.as_str().to_owned();
        let what = format!("{method} {route} answered {status}: {}", response.body);
        let operation = &self.doc["paths"][route][method.to_lowercase()];
        assert!(
            operation.is_object(),
            "{method} {route} is not in the document"
        );
        let answer = &operation["responses"][&status];
        assert!(
            answer.is_object(),
            "{what}: status {status} is not documented"
        );
        let content = answer["content"].as_object().expect("documented content");
        let (content_type, media) = content.iter().next().expect("one content type");
        assert!(
            response
                .header("content-type")
                .starts_with(content_type.as_str()),
            "{what}: content type {:?}",
            response.header("content-type")
        );
        let body: Value = serde_json::from_str(&response.body).expect("the body is JSON");
        let mut errors = Vec::new();
        validate(&self.doc, &media["schema"], &body, "body", &mut errors);
        assert!(
            errors.is_empty(),
            "{what}\ndoes not fit the document:\n{errors:#?}"
        );
        self.seen
            .insert((method.to_owned(), route.to_owned(), status));
        body
    }

    /// Posts `body`; where the server took it (2xx), the document's request schema must take
    /// it too, strictly: a request the server accepts is one the document describes.
    async fn post(&mut self, app: &TestApp, route: &str, uri: &str, body: Value) -> Value {
        let response = app.send(json_request("POST", uri, &body)).await;
        self.took(route, &body, &response);
        self.holds("POST", route, &response)
    }

    /// Where the server took `body` (2xx), the request schema of `POST route` takes it too.
    fn took(&self, route: &str, body: &Value, response: &TestResponse) {
        if response.status.is_success() {
            let schema = &self.doc["paths"][route]["post"]["requestBody"]["content"]["application/json"]
                ["schema"];
            let mut errors = Vec::new();
            validate(&self.doc, schema, body, "request", &mut errors);
            assert!(
                errors.is_empty(),
                "POST {route} took {body}, which does not fit the document:\n{errors:#?}"
            );
        }
    }

    async fn get(&mut self, app: &TestApp, route: &str, uri: &str) -> Value {
        let response = app.get(uri).await;
        self.holds("GET", route, &response)
    }
}

#[test]
fn the_validator_finds_wrong_types_missing_and_undocumented_fields_and_ambiguous_choices() {
    let doc = json!({"components": {"schemas": {
        "A": {"type": "object", "required": ["n"],
              "properties": {"n": {"type": "integer"}, "k": {"enum": ["x"]}}},
        "B": {"allOf": [{"$ref": "#/components/schemas/A"},
                        {"type": "object", "properties": {"e": {"type": "string"}}}]},
        "N": {"oneOf": [{"type": "integer"}, {"type": "number"}]}}}});
    let a = json!({"$ref": "#/components/schemas/A"});
    let b = json!({"$ref": "#/components/schemas/B"});
    let errors = |schema: &Value, value: Value| {
        let mut e = Vec::new();
        validate(&doc, schema, &value, "body", &mut e);
        e
    };
    assert!(errors(&a, json!({"n": 1, "k": "x"})).is_empty());
    assert!(errors(&b, json!({"n": 1, "e": "s"})).is_empty());
    assert_eq!(
        errors(&a, json!({"n": "1"})),
        ["body.n: \"1\" is not [\"integer\"]"]
    );
    assert_eq!(
        errors(&a, json!({})),
        ["body: the required field \"n\" is missing"]
    );
    assert_eq!(errors(&a, json!({"n": 1, "k": "y"})).len(), 1);
    assert_eq!(
        errors(&b, json!({"n": 1, "lang": "de"})),
        ["body: field \"lang\" is not in the document"]
    );
    assert_eq!(errors(&a, json!({"n": 1, "lang": "de"})).len(), 1);
    let n = json!({"$ref": "#/components/schemas/N"});
    assert_eq!(
        errors(&n, json!(1)).len(),
        1,
        "1 fits both choices of a oneOf"
    );
    assert!(errors(&n, json!(1.5)).is_empty());
}

#[tokio::test]
async fn the_referee_and_rule_set_answers_are_what_the_document_says() {
    let app = TestApp::new().await;
    let mut contract = Contract::new(&app).await;
    let check = "/api/v1/check";
    let legal =
        json!({"rules": "contract", "round": 3, "melds": [["3H","4H","5H","6H"], "8H 9H 10H JH"]});
    assert_eq!(contract.post(&app, check, check, legal).await["ok"], true);
    let wild = json!({"rules": "contract", "round": 1, "melds": "7C JK 7S | 9D 9H 2C 9S"});
    contract.post(&app, check, check, wild).await;
    let not_legal = json!({"rules": "contract", "round": 3, "melds": "3H 4H 5H 6H | 7H 8H 9H 10H"});
    let answer = contract.post(&app, check, check, not_legal).await;
    assert!(!answer["problems"].as_array().unwrap().is_empty());
    let no_meld = json!({"rules": "contract", "round": 1, "melds": "3H 9C KD | 5S 5D 5C"});
    let answer = contract.post(&app, check, check, no_meld).await;
    assert!(answer["melds"][0]["kind"].is_null(), "{answer}");
    let rommee = json!({"rules": "rommee", "melds": "QH KH AH", "options": {"opening_points": 30}});
    contract.post(&app, check, check, rommee).await;
    contract
        .post(
            &app,
            check,
            check,
            json!({"rules": "contract", "round": 9, "melds": "3H"}),
        )
        .await;
    let response = app.post_json_with(check, "{\"rules\": ", &[]).await;
    contract.holds("POST", check, &response);
    let response = app
        .send(
            Request::post(check)
                .header("content-type", "text/plain")
                .body(Body::from("{}"))
                .unwrap(),
        )
        .await;
    contract.holds("POST", check, &response);

    let solve = "/api/v1/solve";
    let hand = "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D";
    let answer = contract
        .post(
            &app,
            solve,
            solve,
            json!({"rules": "contract", "round": 7, "hand": hand}),
        )
        .await;
    assert_eq!(answer["ok"], true);
    let answer = contract
        .post(
            &app,
            solve,
            solve,
            json!({"rules": "contract", "round": 7, "hand": ["3H", "9C"]}),
        )
        .await;
    assert_eq!(answer["ok"], false);
    contract
        .post(
            &app,
            solve,
            solve,
            json!({"rules": "rommee", "hand": "QH KH AH 5C 5D 5S 2H"}),
        )
        .await;

    let score = "/api/v1/score";
    contract
        .post(
            &app,
            score,
            score,
            json!({"rules": "shanghai", "cards": "AS JK 7H"}),
        )
        .await;
    contract
        .post(
            &app,
            score,
            score,
            json!({"rules": "continental", "cards": "AS"}),
        )
        .await;

    let settle = "/api/v1/settle";
    for body in [
        json!({"rules": "rommee", "players": ["A","B","C","D"], "totals": [220, 360, 140, 490], "cents_per_point": 1}),
        json!({"rules": "contract", "players": ["A","B","C"], "totals": [20, 0, 45], "cents_per_point": 5, "points_per_cent": 2}),
        json!({"rules": "progressive", "players": ["A","B","C"], "totals": [50, 10, 90], "buys": [1, 0, 2]}),
        json!({"rules": "continental", "players": ["A","B"], "cents_per_unit": 10,
               "hands": [{"winner": "A", "jokers": 2, "first_turn": true, "second_turn": false,
                          "one_suit": false, "no_wilds": false}]}),
        json!({"rules": "contract", "players": ["A","B","C"], "totals": [1, 2]}),
    ] {
        contract.post(&app, settle, settle, body).await;
    }

    let list = contract.get(&app, "/api/v1/rules", "/api/v1/rules").await;
    for rule_set in list["rule_sets"].as_array().unwrap() {
        let uri = rule_set["url"].as_str().unwrap();
        contract.get(&app, "/api/v1/rules/{id}", uri).await;
    }
    contract
        .get(&app, "/api/v1/rules/{id}", "/api/v1/rules/whist")
        .await;
    let document = contract
        .get(&app, "/api/v1/openapi.json", "/api/v1/openapi.json")
        .await;
    assert_eq!(document["openapi"], contract.doc["openapi"]);

    for (method, route, status) in [
        ("POST", check, "200"),
        ("POST", check, "400"),
        ("POST", check, "415"),
        ("POST", check, "422"),
        ("POST", solve, "200"),
        ("POST", score, "200"),
        ("POST", score, "422"),
        ("POST", settle, "200"),
        ("POST", settle, "422"),
        ("GET", "/api/v1/rules", "200"),
        ("GET", "/api/v1/rules/{id}", "200"),
        ("GET", "/api/v1/rules/{id}", "404"),
    ] {
        let seen = (method.to_owned(), route.to_owned(), status.to_owned());
        assert!(contract.seen.contains(&seen), "{seen:?} was not tried");
    }
}

/// A JSON request with an `Idempotency-Key`.
fn keyed(path: &str, body: &Value, key: &str) -> Request<Body> {
    let mut request = json_request("POST", path, body);
    request
        .headers_mut()
        .insert("idempotency-key", key.parse().unwrap());
    request
}

#[tokio::test]
async fn the_games_answers_are_what_the_document_says() {
    let app = TestApp::new().await;
    let mut contract = Contract::new(&app).await;
    let games = "/api/v1/games";
    let game = "/api/v1/games/{id}";
    let rounds = "/api/v1/games/{id}/rounds";

    let setup = json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"],
                       "first_dealer": "Ann", "options": {}, "cents_per_point": 1});
    let response = app.send(keyed(games, &setup, "create-1")).await;
    contract.took(games, &setup, &response);
    let created = contract.holds("POST", games, &response);
    assert_eq!(response.header("location"), created["api_url"]);
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["view_api_url"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let uri = |action: &str| format!("/api/v1/games/{id}{action}");
    contract
        .post(
            &app,
            games,
            games,
            json!({"rules": "liverpool", "players": ["Ann", "ann"]}),
        )
        .await;
    contract
        .post(
            &app,
            games,
            games,
            json!({"rules": "liverpool", "players": ["A", "B", "C"], "colour": 1}),
        )
        .await;

    let state = contract.get(&app, game, &uri("")).await;
    assert!(state["next_round"].is_object());
    let round = json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": "12"},
                       "cards": {"Di": "AS JK 10H"}, "cut_bonus": true, "buys": {"Ben": 1}});
    let response = app.send(keyed(&uri("/rounds"), &round, "round-1")).await;
    contract.took(rounds, &round, &response);
    let state = contract.holds("POST", rounds, &response);
    let version = state["version"].as_i64().unwrap();
    let response = app.send(keyed(&uri("/rounds"), &round, "round-1")).await;
    assert_eq!(response.header("idempotent-replayed"), "true");
    contract.holds("POST", rounds, &response);
    // Invalid (422 by field), a correction without its version (428), a stale one (409).
    contract
        .post(&app, rounds, &uri("/rounds"), json!({"went_out": "Zed"}))
        .await;
    let correction = json!({"round": 1, "went_out": "Ben", "points": {"Ann": 5, "Cy": 1, "Di": 2}});
    contract
        .post(&app, rounds, &uri("/rounds"), correction.clone())
        .await;
    let mut stale = correction.clone();
    stale["version"] = json!(version - 1);
    let conflict = contract.post(&app, rounds, &uri("/rounds"), stale).await;
    assert!(conflict["error"].is_string() && conflict["rounds"].is_array());
    let mut corrected = correction;
    corrected["version"] = json!(version);
    contract
        .post(&app, rounds, &uri("/rounds"), corrected)
        .await;

    let undo = "/api/v1/games/{id}/undo";
    let end = "/api/v1/games/{id}/end";
    let resume = "/api/v1/games/{id}/resume";
    contract.post(&app, undo, &uri("/undo"), json!({})).await;
    // Nothing left to undo: 422 with a sentence.
    contract.post(&app, undo, &uri("/undo"), json!({})).await;
    contract
        .post(&app, undo, &uri("/undo"), json!({"version": 0}))
        .await;
    let response = app
        .send(
            Request::post(uri("/undo"))
                .header("content-type", "text/plain")
                .body(Body::from("{}"))
                .unwrap(),
        )
        .await;
    contract.holds("POST", undo, &response);
    contract
        .post(&app, undo, &uri("/undo"), json!({"versoin": 1}))
        .await;
    // Redo puts back what the undo took (200); then there is nothing to redo (422); a stale
    // version is a 409. An undo again leaves the game as it was.
    let redo = "/api/v1/games/{id}/redo";
    let redone = contract.post(&app, redo, &uri("/redo"), json!({})).await;
    assert_eq!(
        redone["rounds"].as_array().map(Vec::len),
        Some(1),
        "{redone}"
    );
    contract.post(&app, redo, &uri("/redo"), json!({})).await;
    contract
        .post(&app, redo, &uri("/redo"), json!({"version": 0}))
        .await;
    contract.post(&app, undo, &uri("/undo"), json!({})).await;
    // Changes after the start (Added 2026-11-24): 200, 422 (the rules refuse), 409 (stale),
    // 404 (no such game).
    let players = "/api/v1/games/{id}/players";
    let player = "/api/v1/games/{id}/players/{seat}";
    let settings = "/api/v1/games/{id}/settings";
    let joined = contract
        .post(
            &app,
            players,
            &uri("/players"),
            json!({"name": "Eve", "start": "zero"}),
        )
        .await;
    assert_eq!(joined["table"][4]["joined_after_round"], 0, "{joined}");
    contract
        .post(&app, players, &uri("/players"), json!({"name": "eve"}))
        .await;
    contract
        .post(
            &app,
            players,
            &uri("/players"),
            json!({"name": "Fay", "version": 0}),
        )
        .await;
    contract
        .post(
            &app,
            players,
            "/api/v1/games/nosuchgame/players",
            json!({"name": "Fay"}),
        )
        .await;
    contract
        .post(
            &app,
            player,
            &uri("/players/2"),
            json!({"sits_out_next": true}),
        )
        .await;
    contract
        .post(
            &app,
            player,
            &uri("/players/2"),
            json!({"sits_out_next": true}),
        )
        .await;
    contract
        .post(
            &app,
            player,
            &uri("/players/2"),
            json!({"leaves": true, "version": 0}),
        )
        .await;
    contract
        .post(
            &app,
            player,
            "/api/v1/games/nosuchgame/players/1",
            json!({"leaves": true}),
        )
        .await;
    contract
        .post(
            &app,
            settings,
            &uri("/settings"),
            json!({"currency": "CHF"}),
        )
        .await;
    contract
        .post(
            &app,
            settings,
            &uri("/settings"),
            json!({"cents_per_point": -3}),
        )
        .await;
    contract
        .post(
            &app,
            settings,
            &uri("/settings"),
            json!({"currency": "$", "version": 0}),
        )
        .await;
    contract
        .post(
            &app,
            settings,
            "/api/v1/games/nosuchgame/settings",
            json!({"currency": "$"}),
        )
        .await;
    for _ in 0..3 {
        contract.post(&app, undo, &uri("/undo"), json!({})).await;
    }
    // An unlikely round without "confirm" is a 422 with its code (Added 2026-11-24).
    let odd = contract
        .post(
            &app,
            rounds,
            &uri("/rounds"),
            json!({"went_out": "Ann", "points": {"Ben": 0, "Cy": 2, "Di": 3}}),
        )
        .await;
    assert_eq!(odd["code"], "unlikely", "{odd}");
    contract
        .post(
            &app,
            rounds,
            &uri("/rounds"),
            json!({"went_out": "Ann", "points": {"Ben": 4, "Cy": 2, "Di": 3}}),
        )
        .await;
    let ended = contract.post(&app, end, &uri("/end"), json!({})).await;
    assert_eq!(ended["finished"], true);
    assert!(ended["settlement"].is_object(), "{ended}");
    let response = app.send(keyed(&uri("/end"), &json!({}), "end-1")).await;
    contract.holds("POST", end, &response);
    let response = app.send(keyed(&uri("/end"), &json!({}), "end-1")).await;
    assert_eq!(response.header("idempotent-replayed"), "true");
    contract.holds("POST", end, &response);
    contract
        .post(&app, resume, &uri("/resume"), json!({}))
        .await;
    // Stale versions (409), a misspelt field (422).
    for (route, action) in [(end, "/end"), (resume, "/resume")] {
        let stale = json!({"version": 0});
        let answer = contract.post(&app, route, &uri(action), stale).await;
        assert!(answer["error"].is_string(), "{answer}");
        let misspelt = json!({"versoin": 0});
        contract.post(&app, route, &uri(action), misspelt).await;
    }
    for (route, action) in [
        (rounds, "rounds"),
        (undo, "undo"),
        ("/api/v1/games/{id}/redo", "redo"),
        (end, "end"),
        (resume, "resume"),
    ] {
        let nowhere = format!("/api/v1/games/nothing/{action}");
        contract.post(&app, route, &nowhere, json!({})).await;
    }

    let history = contract
        .get(&app, "/api/v1/games/{id}/history", &uri("/history"))
        .await;
    assert!(history["count"].as_u64().unwrap() >= 4, "{history}");
    let view = "/api/v1/view/{token}";
    let seen = contract
        .get(&app, view, &format!("/api/v1/view/{token}"))
        .await;
    assert!(seen.get("id").is_none());
    contract.get(&app, view, "/api/v1/view/nothing").await;
    // The read-only token where the edit id belongs: 403; an unknown id: 404.
    contract
        .get(&app, game, &format!("/api/v1/games/{token}"))
        .await;
    contract
        .post(
            &app,
            rounds,
            &format!("/api/v1/games/{token}/rounds"),
            json!({}),
        )
        .await;
    contract.get(&app, game, "/api/v1/games/nothing").await;
    contract
        .get(
            &app,
            "/api/v1/games/{id}/history",
            "/api/v1/games/nothing/history",
        )
        .await;

    // A continental game: units, and a round entry of its own shape.
    let response = app
        .send(json_request(
            "POST",
            games,
            &json!({"rules": "continental", "players": ["A", "B", "C", "D"],
                    "options": {"hands": 1, "one_suit_bonus": true}, "cents_per_unit": 5}),
        ))
        .await;
    let continental = contract.holds("POST", games, &response);
    let path = format!(
        "/api/v1/games/{}/rounds",
        continental["id"].as_str().unwrap()
    );
    let done = contract
        .post(
            &app,
            rounds,
            &path,
            json!({"winner": "B", "jokers": 1, "one_suit": true}),
        )
        .await;
    assert_eq!(done["finished"], true, "{done}");

    // A rematch of the finished game (201 like creating one), of no game (404), and with a
    // key already used for another request (422).
    let rematch = "/api/v1/games/{id}/rematch";
    let path = format!(
        "/api/v1/games/{}/rematch",
        continental["id"].as_str().unwrap()
    );
    let response = app.send(keyed(&path, &json!({}), "rematch-1")).await;
    let again = contract.holds("POST", rematch, &response);
    assert_ne!(again["id"], continental["id"]);
    contract
        .post(&app, rematch, "/api/v1/games/nothing/rematch", json!({}))
        .await;
    let response = app.send(keyed(&path, &json!({}), "create-1")).await;
    contract.holds("POST", rematch, &response);

    let mut untried = Vec::new();
    for ((method, route), operation) in operations(&contract.doc) {
        if !route.starts_with("/api/v1/games") && !route.starts_with("/api/v1/view") {
            continue;
        }
        for status in operation["responses"].as_object().unwrap().keys() {
            let key = (method.clone(), route.clone(), status.clone());
            // The framework's own answers (bad JSON, size, time, rate, crash, a database out
            // of reach) are the same `Error` everywhere; the referee test and the routes' own
            // tests try them (503: `write_faults::write_faults_postgres_down`).
            let generic = ["400", "403", "408", "413", "415", "429", "500", "503"];
            if !contract.seen.contains(&key) && !generic.contains(&status.as_str()) {
                untried.push(format!("{method} {route} {status}"));
            }
        }
    }
    assert!(untried.is_empty(), "answers never checked: {untried:#?}");
}

#[tokio::test]
async fn the_framework_s_own_errors_are_what_the_document_says() {
    let app = TestApp::with_write_limit(kontrakt::web::WriteLimit {
        burst: 1,
        per_second: 0.001,
    })
    .await;
    let mut contract = Contract::new(&app).await;
    let score = "/api/v1/score";
    let too_big = json!({"rules": "contract", "cards": "AS ".repeat(30_000)});
    contract.post(&app, score, score, too_big).await;
    // The referee's computations spend no write budget (docs/decisions.md, 2026-11-24), so
    // the write rate limit's 429 is shown on a game write.
    let games = "/api/v1/games";
    let first = app.send(json_request("POST", games, &json!({}))).await;
    assert_ne!(first.status, StatusCode::TOO_MANY_REQUESTS);
    let response = app.send(json_request("POST", games, &json!({}))).await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    contract.holds("POST", games, &response);
    let response = app.send(json_request("POST", score, &json!({}))).await;
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    contract.holds("POST", score, &response);
    let cross_site = Request::post(score)
        .header("content-type", "application/json")
        .header("sec-fetch-site", "cross-site")
        .body(Body::from("{}"))
        .unwrap();
    let response = app.send(cross_site).await;
    assert_eq!(response.status, StatusCode::FORBIDDEN);
    contract.holds("POST", score, &response);
    for (route, status) in [(score, "413"), (games, "429"), (score, "403")] {
        let seen = ("POST".to_owned(), route.to_owned(), status.to_owned());
        assert!(contract.seen.contains(&seen), "{seen:?}");
    }
}

#[tokio::test]
async fn the_groups_answers_are_what_the_document_says() {
    let app = TestApp::new().await;
    let mut contract = Contract::new(&app).await;
    let groups = "/api/v1/groups";
    let created = contract
        .post(
            &app,
            groups,
            groups,
            json!({"name": "Freitagsrunde", "players": ["Ann", "Ben", "Cy"], "lang": "de"}),
        )
        .await;
    contract
        .post(
            &app,
            groups,
            groups,
            json!({"name": "X", "players": ["Ann", "ann"]}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["view_api_url"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let uri = |action: &str| format!("/api/v1/groups/{id}{action}");
    let players = "/api/v1/groups/{id}/players";
    let state = contract
        .post(
            &app,
            players,
            &uri("/players"),
            json!({"name": "Di", "version": 0}),
        )
        .await;
    contract
        .post(&app, players, &uri("/players"), json!({"name": "di"}))
        .await;
    contract
        .post(
            &app,
            players,
            &uri("/players"),
            json!({"name": "Eve", "version": 0}),
        )
        .await;
    let player = state["players"][0]["id"].as_i64().unwrap();
    let change = "/api/v1/groups/{id}/players/{player_id}";
    contract
        .post(
            &app,
            change,
            &uri(&format!("/players/{player}")),
            json!({"name": "Anna"}),
        )
        .await;
    contract
        .post(
            &app,
            change,
            &uri(&format!("/players/{player}")),
            json!({"retired": false}),
        )
        .await;
    let rules = "/api/v1/groups/{id}/house-rules";
    let state = contract
        .post(
            &app,
            rules,
            &uri("/house-rules"),
            json!({"name": "Oma's", "rules": "liverpool", "options": {"jokers": false}}),
        )
        .await;
    let games = "/api/v1/groups/{id}/games";
    let game = contract
        .post(
            &app,
            games,
            &uri("/games"),
            json!({"players": ["Anna", "Ben", "Cy"], "house_rules": "Oma's", "cents_per_point": 1}),
        )
        .await;
    contract
        .post(
            &app,
            games,
            &uri("/games"),
            json!({"players": ["Zed", "Ben", "Cy"]}),
        )
        .await;
    let game_id = game["id"].as_str().unwrap();
    let shown = contract
        .get(
            &app,
            "/api/v1/games/{id}",
            &format!("/api/v1/games/{game_id}"),
        )
        .await;
    assert_eq!(shown["group"]["name"], "Freitagsrunde");
    assert_eq!(shown["house_rules"], "Oma's");
    let view = game["view_api_url"].as_str().unwrap().to_owned();
    let seen = contract.get(&app, "/api/v1/view/{token}", &view).await;
    assert!(seen["group"]["view_url"].is_string());
    let alone = app
        .send(json_request(
            "POST",
            "/api/v1/games",
            &json!({"rules": "contract", "players": ["Ann", "Zoe", "Cy"]}),
        ))
        .await
        .json();
    let add = "/api/v1/groups/{id}/add-game";
    contract
        .post(&app, add, &uri("/add-game"), json!({"game": alone["id"]}))
        .await;
    contract
        .post(&app, add, &uri("/add-game"), json!({"game": alone["id"]}))
        .await;
    let house = state["house_rules"][0]["id"].as_i64().unwrap();
    let delete = "/api/v1/groups/{id}/house-rules/{rules_id}/delete";
    contract
        .post(
            &app,
            delete,
            &uri(&format!("/house-rules/{house}/delete")),
            json!({}),
        )
        .await;
    let settle = "/api/v1/groups/{id}/settle-up";
    let state = contract.get(&app, "/api/v1/groups/{id}", &uri("")).await;
    let version = state["version"].as_i64().unwrap();
    contract
        .post(
            &app,
            settle,
            &uri("/settle-up"),
            json!({"version": version - 1}),
        )
        .await;
    contract
        .post(&app, settle, &uri("/settle-up"), json!({}))
        .await;
    contract
        .post(
            &app,
            settle,
            &uri("/settle-up"),
            json!({"version": version}),
        )
        .await;
    contract
        .post(&app, settle, &uri("/settle-up"), json!({"version": 0}))
        .await;
    contract
        .get(&app, "/api/v1/groups/{id}/history", &uri("/history"))
        .await;
    contract
        .get(
            &app,
            "/api/v1/groups/view/{token}",
            &format!("/api/v1/groups/view/{token}"),
        )
        .await;
    contract
        .get(
            &app,
            "/api/v1/groups/{id}",
            &format!("/api/v1/groups/{token}"),
        )
        .await;
    contract
        .post(
            &app,
            players,
            &format!("/api/v1/groups/{token}/players"),
            json!({"name": "Z"}),
        )
        .await;
    contract
        .get(
            &app,
            "/api/v1/groups/view/{token}",
            "/api/v1/groups/view/nothing",
        )
        .await;
    for (method, route, status) in [
        ("POST", groups, "201"),
        ("POST", groups, "422"),
        ("POST", players, "201"),
        ("POST", players, "409"),
        ("POST", players, "403"),
        ("POST", players, "422"),
        ("POST", games, "201"),
        ("POST", games, "422"),
        ("POST", settle, "200"),
        ("POST", settle, "409"),
        ("POST", settle, "422"),
        ("GET", "/api/v1/groups/{id}", "403"),
        ("GET", "/api/v1/groups/view/{token}", "404"),
    ] {
        assert!(
            contract
                .seen
                .contains(&(method.to_owned(), route.to_owned(), status.to_owned())),
            "{method} {route} {status} was not exercised"
        );
    }
}
