//! The file-level import graph of the sources, read from the text (no compiler): which file
//! names an item of which other file, and the circles in it.
//!
//! A file imports another when its non-test code names a path into it: `use crate::…`,
//! `use super::…`, `use self::…`, a child declared in the file (`use child::x`, `child::f()`),
//! or such a path in an expression or a macro (`super::sheet::no_game()`). A path goes to the
//! longest module prefix that is a file (`a/b.rs` or `a/b/mod.rs`); when the name after that
//! prefix is handed on by a `pub use` of that file, it goes on to where the name comes from.
//! A `pub use` is a module's face, not an import of its own, and a file's use of a module
//! that encloses it (a child's `super::helper`) is no edge either: a module's children are
//! its parts and may see its private items; a parent that wires its children up is not in a
//! circle with them. Paths through `crate::rules` and `crate::text` in the app go to the
//! engine crate, as do `kontrakt_engine::…` paths.
//!
//! Test support only: reads text, depends on nothing of the app.

use std::collections::{BTreeMap, BTreeSet};

/// A crate of the workspace: the app (`src/`) or the rules engine (`crates/kontrakt-engine/src/`).
pub type Krate = &'static str;

/// A module: its crate and its path inside it (`["web", "pages", "games"]`).
pub type Module = (Krate, Vec<String>);

/// The app crate.
pub const APP: Krate = "app";
/// The rules engine crate.
pub const ENGINE: Krate = "engine";

/// The module a source file is, from its path relative to its crate's `src/`: `lib.rs` is the
/// root, `a/mod.rs` and `a.rs` are `a`. `None` for a file that is no module of the library
/// (`main.rs`, the binary's root).
pub fn module_of(krate: Krate, relative: &str) -> Option<Module> {
    let stem = relative.strip_suffix(".rs")?;
    let mut path: Vec<String> = stem.split('/').map(str::to_string).collect();
    match path.last().map(String::as_str) {
        Some("main") if path.len() == 1 => return None,
        Some("lib") if path.len() == 1 => {
            path.pop();
        }
        Some("mod") => {
            path.pop();
        }
        _ => {}
    }
    Some((krate, path))
}

/// The code without comments, string and char literals (each literal becomes `""`), so that
/// a path in a doc comment or a message is not read as an import.
pub fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = super::code::block_comment_end(&chars, i);
        } else if c == 'r' && matches!(next, Some('"' | '#')) && (i == 0 || !ident(chars[i - 1])) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && next == Some('\\') {
            // An escaped char literal: '\n', '\'', '\u{…}'.
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// One path a file names: its segments, and whether it is a `pub use` (a re-export).
struct Named {
    segments: Vec<String>,
    reexport: bool,
    /// A glob (`use a::*`): the segments stop at the module.
    glob: bool,
    /// The name it is known by here (a `use … as name` renames it).
    alias: String,
}

/// The use trees of `use` items: `a::{b, c::{d as e}}` is `a::b`, `a::c::d` (as `e`).
fn expand(tree: &str) -> Vec<(String, Option<String>)> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return match tree.split_once(" as ") {
            Some((path, alias)) => vec![(compact(path), Some(alias.trim().to_string()))],
            None => vec![(compact(tree), None)],
        };
    };
    let prefix = compact(&tree[..open]);
    let inner = tree[open + 1..]
        .trim_end()
        .strip_suffix('}')
        .unwrap_or_default();
    let (mut parts, mut depth, mut current) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            parts.push(std::mem::take(&mut current));
        } else {
            current.push(c);
        }
    }
    parts.push(current);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p))
        .map(|(path, alias)| (format!("{prefix}{path}"), alias))
        .collect()
}

fn compact(path: &str) -> String {
    path.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The modules a file declares (`mod child;`, `pub(crate) mod child;`).
fn children(code: &str) -> BTreeSet<String> {
    code.split(';')
        .filter_map(|item| {
            let words: Vec<&str> = item.split_whitespace().collect();
            match words.as_slice() {
                [.., "mod", name] if is_ident(name) => Some((*name).to_string()),
                _ => None,
            }
        })
        .collect()
}

fn is_ident(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// The `use` items of the code: the text after `use`, whether it is `pub`, and the span of
/// the whole item.
fn use_items(code: &str) -> Vec<(String, bool, std::ops::Range<usize>)> {
    let mut items = Vec::new();
    let mut from = 0;
    while let Some(at) = find_word(&code[from..], "use").map(|a| a + from) {
        let before = code[..at].trim_end();
        let end = code[at..].find(';').map_or(code.len(), |e| at + e);
        // `pub use`, `pub(crate) use`: the visibility ends right before.
        let visibility = match before.strip_suffix(')') {
            Some(inner) => inner.rfind('(').map(|open| &inner[..open]),
            None => Some(before),
        };
        let reexport = visibility.is_some_and(|v| v.ends_with("pub"));
        // Only an item: `use` at the start of a statement.
        let starts_item = reexport || before.is_empty() || before.ends_with([';', '}', '{', ']']);
        if starts_item {
            items.push((code[at + 3..end].to_string(), reexport, at..end));
        }
        from = end.max(at + 3);
    }
    items
}

/// Where `word` stands alone in `text` (not inside an identifier).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(at) = text[from..].find(word).map(|a| a + from) {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(ident) && !after.is_some_and(ident) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// Every path the code names that may lead to another file of its crate.
fn named_paths(code: &str) -> Vec<Named> {
    let kids = children(code);
    let mut found = Vec::new();
    let mut body = String::with_capacity(code.len());
    let mut kept = 0;
    for (tree, reexport, span) in use_items(code) {
        body.push_str(&code[kept..span.start]);
        kept = span.end;
        for (path, alias) in expand(&tree) {
            let mut segments: Vec<String> = path.split("::").map(str::to_string).collect();
            let glob = segments.last().is_some_and(|s| s == "*");
            if glob || segments.last().is_some_and(|s| s == "self") {
                segments.pop();
            }
            let Some(last) = segments.last().cloned() else {
                continue;
            };
            found.push(Named {
                segments,
                reexport,
                glob,
                alias: alias.unwrap_or(last),
            });
        }
    }
    body.push_str(&code[kept..]);
    // Paths in expressions, types and macros: `super::x::f(…)`, `child::Item`.
    let chars: Vec<char> = body.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        if !ident(chars[i]) || (i > 0 && (ident(chars[i - 1]) || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let mut segments = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < chars.len() && ident(chars[j]) {
                j += 1;
            }
            segments.push(chars[start..j].iter().collect::<String>());
            if chars.get(j) == Some(&':')
                && chars.get(j + 1) == Some(&':')
                && chars.get(j + 2).is_some_and(|&c| ident(c))
            {
                j += 2;
            } else {
                break;
            }
        }
        let first = segments[0].as_str();
        let leads_home =
            matches!(first, "crate" | "super" | "self" | "kontrakt_engine") || kids.contains(first);
        if segments.len() > 1 && leads_home {
            let alias = segments.last().cloned().unwrap_or_default();
            found.push(Named {
                segments,
                reexport: false,
                glob: false,
                alias,
            });
        }
        i = j.max(i + 1);
    }
    found
}

/// The sources as modules, read for imports.
pub struct Sources {
    code: BTreeMap<Module, String>,
}

impl Sources {
    /// The modules with their non-test code.
    pub fn new(files: BTreeMap<Module, String>) -> Self {
        let code = files
            .into_iter()
            .map(|(m, text)| (m, code_only(&text)))
            .collect();
        Self { code }
    }

    /// The absolute module path `segments` names when written in `from`.
    fn absolute(&self, from: &Module, segments: &[String]) -> Option<Module> {
        let (mut krate, here) = (from.0, &from.1);
        let first = segments.first()?.as_str();
        let mut rest = &segments[1..];
        let mut path: Vec<String> = match first {
            "crate" => Vec::new(),
            "kontrakt_engine" => {
                krate = ENGINE;
                Vec::new()
            }
            "super" | "self" => {
                let mut path = here.clone();
                if first == "super" {
                    path.pop()?;
                }
                while rest.first().is_some_and(|s| s == "super") {
                    path.pop()?;
                    rest = &rest[1..];
                }
                path
            }
            _ if children(self.code.get(from)?).contains(first) => {
                rest = segments;
                here.clone()
            }
            _ => return None,
        };
        path.extend(rest.iter().cloned());
        if krate == APP && matches!(path.first().map(String::as_str), Some("rules" | "text")) {
            krate = ENGINE;
        }
        Some((krate, path))
    }

    /// The file that defines what `segments` names in `from`: the longest prefix that is a
    /// file, then on through that file's re-exports.
    fn resolve(&self, from: &Module, segments: &[String], depth: usize) -> Option<Module> {
        let (krate, path) = self.absolute(from, segments)?;
        let n = (0..=path.len())
            .rev()
            .find(|&n| self.code.contains_key(&(krate, path[..n].to_vec())))?;
        let file: Module = (krate, path[..n].to_vec());
        let rest = &path[n..];
        let (Some(name), true) = (rest.first(), depth < 8) else {
            return Some(file);
        };
        let code = &self.code[&file];
        if defines(code, name) {
            return Some(file);
        }
        let reexports: Vec<Named> = named_paths(code)
            .into_iter()
            .filter(|n| n.reexport)
            .collect();
        for named in &reexports {
            if !named.glob && &named.alias == name {
                let mut onward = named.segments.clone();
                onward.extend(rest[1..].iter().cloned());
                if let Some(found) = self.resolve(&file, &onward, depth + 1) {
                    return Some(found);
                }
            }
        }
        // A glob (`pub use child::*`): the named path stopped at the module.
        for named in reexports.iter().filter(|n| n.glob) {
            let mut onward = named.segments.clone();
            onward.extend(rest.iter().cloned());
            if let Some(found) = self.resolve(&file, &onward, depth + 1)
                && found != file
                && defines(&self.code[&found], name)
            {
                return Some(found);
            }
        }
        Some(file)
    }

    /// Who imports whom: an edge from each file to each other file it names a path into,
    /// but none to a module that encloses it.
    pub fn graph(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (module, code) in &self.code {
            let edges = graph.entry(module.clone()).or_default();
            for named in named_paths(code) {
                if named.reexport {
                    continue;
                }
                let Some(to) = self.resolve(module, &named.segments, 0) else {
                    continue;
                };
                let encloses = to.0 == module.0 && module.1.starts_with(&to.1);
                if !encloses {
                    edges.insert(to);
                }
            }
        }
        graph
    }
}

/// Whether the code defines an item called `name`.
fn defines(code: &str, name: &str) -> bool {
    const KINDS: [&str; 9] = [
        "fn", "struct", "enum", "type", "trait", "const", "static", "mod", "union",
    ];
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .any(|pair| KINDS.contains(&pair[0]) && pair[1] == name)
}

/// The circles of a graph: its strongly connected components of more than one module, each
/// sorted, in order.
pub fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found.sort();
    walk.found
}
