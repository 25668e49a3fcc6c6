//! The layout's rules, checked on the source tree: every file small enough to read, every
//! layer importing only the layers below it (the `//!` header of each layer's `mod.rs` states
//! its rule), no two files importing each other (not even round a circle), the rules engine
//! free of words, and nothing citing a file outside the repository.

mod code;
mod imports;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use imports::{APP, ENGINE, Module, Sources, circles, module_of};

/// Most code lines in one source file ("No file over 1,000 code lines").
const MAX_LINES: usize = 1_000;

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("read src") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The rules engine crate's sources (`rules` and `text`).
fn engine_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/kontrakt-engine/src")
}

/// Every source file of the workspace: the app's and the engine's.
fn all_sources() -> Vec<PathBuf> {
    let mut files = rust_files(&src());
    files.extend(rust_files(&engine_src()));
    files
}

/// A layer's folder: `rules` and `text` are in the engine crate, the rest in the app's.
fn layer_dir(layer: &str) -> PathBuf {
    match layer {
        "rules" | "text" => engine_src().join(layer),
        _ => src().join(layer),
    }
}

/// The file's text without the items that exist only under `#[cfg(test)]` (see
/// [`code::without_test_items`]: each such item is blanked, the code after it stays and every
/// line keeps its number), and nothing of the files that hold only tests.
fn non_test_code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("read source");
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if name == "tests.rs" || name.ends_with("_tests.rs") {
        return String::new();
    }
    code::without_test_items(&text)
}

fn relative(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

/// No file over 1,000 code lines. What counts: the lines of a file's non-test code
/// ([`non_test_code`]: every `#[cfg(test)]` item dropped, wherever it stands, and files named
/// `tests.rs` or `*_tests.rs` left out) that hold code, that is anything but white space and
/// comments ([`code::code_lines`]). Blank lines and lines that are only comments, doc
/// comments included, do not count: a file is as long to read as its code, and explaining a
/// line should never push a file over. A file over the limit is split along its seams into
/// modules, each with a `//!` header saying its role.
#[test]
fn no_source_file_has_more_than_a_thousand_code_lines() {
    let long: Vec<String> = all_sources()
        .iter()
        .filter_map(|p| {
            let lines = code::code_lines(&non_test_code(p));
            (lines > MAX_LINES).then(|| format!("{} ({lines} code lines)", relative(p)))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} code lines: {long:?}"
    );
}

/// The places in a layer's files (non-test code) that use one of `forbidden`.
fn uses(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for path in rust_files(&layer_dir(layer)) {
        for (n, line) in non_test_code(&path).lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for word in forbidden {
                if code.contains(word) {
                    found.push(format!("{}:{}: {word}", relative(&path), n + 1));
                }
            }
        }
    }
    found
}

#[test]
fn the_rules_engine_imports_no_outer_layer_and_no_web_database_or_async_library() {
    let found = uses(
        "rules",
        &[
            "crate::text",
            "crate::store",
            "crate::web",
            "crate::db",
            "crate::cli",
            "axum",
            "sqlx",
            "askama",
            "tokio",
        ],
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_rules_engine_holds_no_words_no_language_and_no_html_forms() {
    let mut found = uses("rules", &["Lang", "checkbox", "<input", "form field"]);
    for path in rust_files(&layer_dir("rules")) {
        for (n, line) in non_test_code(&path).lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains(['ä', 'ö', 'ü', 'Ä', 'Ö', 'Ü', 'ß', '„', '“']) {
                found.push(format!("{}:{}: German text", relative(&path), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_text_module_depends_only_on_the_rules_engine() {
    let found = uses(
        "text",
        &[
            "crate::store",
            "crate::web",
            "crate::db",
            "crate::cli",
            "axum",
            "sqlx",
            "tokio",
        ],
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn storage_and_the_application_layer_never_reach_up_into_web_or_cli() {
    let mut found = uses(
        "db",
        &[
            "crate::store",
            "crate::web",
            "crate::cli",
            "crate::text",
            "axum",
        ],
    );
    found.extend(uses(
        "store",
        &["crate::web", "crate::cli", "axum", "askama"],
    ));
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_web_layer_never_uses_the_command_line_and_holds_no_sql() {
    let found = uses(
        "web",
        &[
            "crate::cli",
            "sqlx::query",
            "SELECT ",
            "INSERT ",
            "UPDATE ",
            "DELETE FROM",
        ],
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_pages_never_use_the_json_api() {
    // What both need (a group's loading and sentences, the game's state as JSON, links) is
    // a shared web piece beside them, so the API can change its handlers without a page.
    let found = uses(
        "web/pages",
        &["crate::web::api", "super::api", "super::super::api"],
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_command_line_never_uses_the_web_layer() {
    let found = uses("cli", &["crate::web", "axum"]);
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_connection_loop_serves_a_router_and_never_reaches_storage_or_the_command_line() {
    let mut found = uses(
        "serve",
        &["crate::store", "crate::db", "crate::cli", "sqlx", "askama"],
    );
    found.extend(uses("cli", &["crate::serve"]));
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn nothing_reads_the_source_tree_at_run_time() {
    // A copied binary runs where there is no source tree: files it serves are built in
    // (`include_bytes!`, `include!` of build.rs's output), never read from `static/`,
    // `templates/` or the crate's directory when it runs.
    let mut found = Vec::new();
    for path in all_sources() {
        let code = non_test_code(&path);
        for (number, line) in code.lines().enumerate() {
            let reads_tree = ["\"static/", "\"templates/", "\"./static", "\"./templates"]
                .iter()
                .any(|needle| line.contains(needle))
                && !line.contains("include_bytes!")
                && !line.contains("include_str!");
            if line.contains("CARGO_MANIFEST_DIR") || reads_tree {
                found.push(format!(
                    "{}:{}: {}",
                    relative(&path),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(found.is_empty(), "build these in instead: {found:#?}");
}

#[test]
fn nothing_in_the_repository_cites_a_file_outside_it() {
    // The product owner's folder beside the repository, spelt so this file does not match.
    let outside = ["..", "/shared"].concat();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = all_sources();
    files.extend(rust_files(&root.join("tests")));
    files.extend(rust_files(&root.join("benches")));
    let found: Vec<String> = files
        .iter()
        .filter(|p| fs::read_to_string(p).is_ok_and(|t| t.contains(&outside)))
        .map(|p| relative(p))
        .collect();
    assert!(found.is_empty(), "cite docs/ instead: {found:?}");
}

#[test]
fn every_module_says_what_it_is_for() {
    let missing: Vec<String> = all_sources()
        .iter()
        .filter(|p| fs::read_to_string(p).is_ok_and(|t| !t.trim_start().starts_with("//!")))
        .map(|p| relative(p))
        .collect();
    assert!(missing.is_empty(), "no //! header: {missing:?}");
}

/// The dependency names of a manifest's `[dependencies]` table.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = fs::read_to_string(manifest).expect("read manifest");
    let mut names = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside
            && !line.is_empty()
            && !line.starts_with('#')
            && let Some((name, _)) = line.split_once('=')
        {
            names.push(name.trim().to_string());
        }
    }
    names
}

#[test]
fn the_engine_crate_depends_on_no_web_database_or_async_crate() {
    // The compiler holds the engine to its manifest; this holds the manifest to the rule.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/kontrakt-engine/Cargo.toml");
    let names = dependencies(&manifest);
    assert!(
        names.contains(&"serde".to_string()),
        "read the table: {names:?}"
    );
    let allowed = [
        "serde",
        // Reads the presets' embedded definition files (docs/decisions.md 2026-11-27).
        "serde_json",
        "encoding_rs",
        "unicode-normalization",
        "unicode-properties",
    ];
    let other: Vec<&String> = names
        .iter()
        .filter(|n| !allowed.contains(&n.as_str()))
        .collect();
    assert!(
        other.is_empty(),
        "the engine is pure: std, serde and text tables only; found {other:?}"
    );
    // And the app is the only one that depends on it the other way round.
    let app = dependencies(&Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"));
    assert!(app.contains(&"kontrakt-engine".to_string()), "{app:?}");
}

#[test]
fn the_source_speaks_of_the_product_not_of_its_tracker() {
    // A line says why it is there in words; dated decisions live in docs/decisions.md.
    let mut found = Vec::new();
    for path in all_sources() {
        let text = fs::read_to_string(&path).expect("read source");
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let words: Vec<&str> = lower
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            let tracker = words.windows(2).any(|pair| {
                ["issue", "issues", "session", "sessions"].contains(&pair[0])
                    && pair[1].chars().all(|c| c.is_ascii_digit())
            });
            if tracker {
                found.push(format!("{}:{}: {}", relative(&path), n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "say why in words: {found:#?}");
}

/// Every source file of the workspace as a module, with its non-test code, and the file's
/// path for messages.
fn source_modules() -> (BTreeMap<Module, String>, BTreeMap<Module, String>) {
    let (mut code, mut paths) = (BTreeMap::new(), BTreeMap::new());
    for (krate, root) in [(APP, src()), (ENGINE, engine_src())] {
        for path in rust_files(&root) {
            let inside = path.strip_prefix(&root).expect("under its root");
            let inside = inside.to_string_lossy().replace('\\', "/");
            if let Some(module) = module_of(krate, &inside) {
                code.insert(module.clone(), non_test_code(&path));
                paths.insert(module, relative(&path).replace('\\', "/"));
            }
        }
    }
    (code, paths)
}

#[test]
fn no_source_files_import_each_other_not_even_round_a_circle() {
    // A file imports another when it names a path into it (`use crate::…`, `super::x::f()`);
    // see `imports` for how a path finds its file. A circle of files is one lump: none of
    // them can be read, tested or moved without the others. Shared pieces go to a module
    // that both sides use and that uses neither.
    let (code, paths) = source_modules();
    let graph = Sources::new(code).graph();
    assert!(
        graph.values().map(|to| to.len()).sum::<usize>() > 500,
        "the import graph should be read: {} edges",
        graph.values().map(|to| to.len()).sum::<usize>()
    );
    let found: Vec<Vec<String>> = circles(&graph)
        .iter()
        .map(|circle| circle.iter().map(|m| paths[m].clone()).collect())
        .collect();
    let new: Vec<&Vec<String>> = found.iter().collect();
    // Each circle with its arrows, so the message says where to cut.
    let arrows: Vec<String> = graph
        .iter()
        .flat_map(|(from, to)| to.iter().map(move |to| (from, to)))
        .map(|(from, to)| (paths[from].clone(), paths[to].clone()))
        .filter(|(from, to)| new.iter().any(|c| c.contains(from) && c.contains(to)))
        .map(|(from, to)| format!("{from} -> {to}"))
        .collect();
    assert!(
        new.is_empty(),
        "files that import each other: {new:#?}\nthrough: {arrows:#?}"
    );
}

/// Made-up sources for the circle finder: each (crate-relative file, text).
fn made_up(files: &[(&str, &str)]) -> Vec<Vec<Module>> {
    let code = files
        .iter()
        .map(|(path, text)| (module_of(APP, path).expect("a module"), (*text).to_string()))
        .collect();
    circles(&Sources::new(code).graph())
}

fn module(path: &[&str]) -> Module {
    (APP, path.iter().map(|s| (*s).to_string()).collect())
}

#[test]
fn the_circle_finder_sees_two_files_that_import_each_other() {
    let found = made_up(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        (
            "a.rs",
            "//! A.\nuse crate::b::{Bee, other::Thing};\npub struct Ay;\n",
        ),
        (
            "b.rs",
            "//! B.\npub struct Bee;\nfn f() -> super::a::Ay { todo!() }\n",
        ),
    ]);
    assert_eq!(found, vec![vec![module(&["a"]), module(&["b"])]]);
    // Through a re-export, a glob and a child's path, in a use group.
    let found = made_up(&[
        ("lib.rs", "pub mod web;\n"),
        (
            "web/mod.rs",
            "mod pages;\nmod api;\npub use api::helpers::*;\n",
        ),
        (
            "web/api.rs",
            "pub(crate) mod helpers;\nfn routes() { helpers::answer(); }\n",
        ),
        (
            "web/api/helpers.rs",
            "use crate::web::pages::{self, Page};\npub fn answer() {}\n",
        ),
        (
            "web/pages.rs",
            "use crate::web::answer;\npub struct Page;\n",
        ),
    ]);
    assert_eq!(
        found,
        vec![vec![
            module(&["web", "api", "helpers"]),
            module(&["web", "pages"]),
        ]]
    );
}

#[test]
fn the_circle_finder_reads_neither_comments_nor_words_nor_a_child_using_its_parent() {
    let found = made_up(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        (
            "a.rs",
            "//! Uses [`crate::b::Bee`].\nmod kid;\npub fn f() { kid::g(); }\n",
        ),
        (
            "a/kid.rs",
            "use super::f;\npub fn g() { let _ = \"crate::b::Bee\"; f() }\n",
        ),
        ("b.rs", "use crate::a::f;\npub struct Bee;\n"),
    ]);
    assert!(found.is_empty(), "{found:?}");
}
