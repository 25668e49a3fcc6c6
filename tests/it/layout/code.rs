//! A Rust source file seen as the layout's rules see it: its text without the items that
//! exist only under `#[cfg(test)]`, and which of its lines hold code.
//!
//! Not a parser: a scanner that knows enough of Rust's lexical grammar (comments, nested
//! block comments, strings, raw strings, byte strings, char literals against lifetimes) to
//! match braces and to tell code from comments on this tree. Uses std only, and nothing of
//! the crates under test.

/// What a character of a source file is part of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Code outside any literal or comment.
    Code,
    /// A string, byte string, raw string or char literal, its quotes included.
    Literal,
    /// A line or block comment (doc comments too), its markers included.
    Comment,
}

/// The class of every character of `chars`.
fn classify(chars: &[char]) -> Vec<Class> {
    let mut class = vec![Class::Code; chars.len()];
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        let kind = if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            Class::Comment
        } else if c == '/' && at(i + 1) == '*' {
            i = block_comment_end(chars, i);
            Class::Comment
        } else if (c == 'r' || (c == 'b' && at(i + 1) == 'r'))
            && (start == 0 || !ident(chars[start - 1]))
            && {
                let mut j = if c == 'b' { i + 2 } else { i + 1 };
                while at(j) == '#' {
                    j += 1;
                }
                at(j) == '"'
            }
        {
            // A raw string: r"…", r#"…"#, br"…"; its end is a quote and as many hashes.
            i += if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            Class::Literal
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            Class::Literal
        } else if c == '\'' && (at(i + 1) == '\\' || (at(i + 2) == '\'' && at(i + 1) != '\'')) {
            // A char literal ('x', '\n', '\u{7f}'); a quote followed by anything else begins a
            // lifetime or a label, which is code.
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            Class::Literal
        } else {
            i += 1;
            Class::Code
        };
        let end = i.min(chars.len());
        class[start..end].fill(kind);
    }
    class
}

/// The index just past the attribute that starts with `#` at `from` (brackets matched in
/// code only).
fn attribute_end(chars: &[char], class: &[Class], from: usize) -> usize {
    let mut depth = 0usize;
    let mut i = from + 1;
    while i < chars.len() {
        if class[i] == Class::Code {
            match chars[i] {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    chars.len()
}

/// The next index at or after `from` holding code other than white space.
fn next_code(chars: &[char], class: &[Class], mut from: usize) -> usize {
    while from < chars.len() && (class[from] != Class::Code || chars[from].is_whitespace()) {
        from += 1;
    }
    from
}

/// The index just past the item (or statement) that starts at `from`: at its `;` outside any
/// bracket, or at the `}` closing a block opened outside any bracket (with an `else` after it
/// taken in). Items whose value may hold a block (`const`, `static`, `let`, `type`, `use`)
/// end only at their `;`.
fn item_end(chars: &[char], class: &[Class], from: usize) -> usize {
    let head: String = chars[from..chars.len().min(from + 40)].iter().collect();
    let head = head
        .trim_start_matches("pub(crate)")
        .trim_start_matches("pub(super)")
        .trim_start_matches("pub")
        .trim_start();
    let until_semicolon = ["const ", "static ", "let ", "type ", "use "]
        .iter()
        .any(|k| head.starts_with(k));
    let mut depth = 0usize;
    let mut i = from;
    while i < chars.len() {
        if class[i] == Class::Code {
            match chars[i] {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' => depth = depth.saturating_sub(1),
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 && !until_semicolon {
                        let next = next_code(chars, class, i + 1);
                        let word: String = chars[next..chars.len().min(next + 5)].iter().collect();
                        let else_follows = word.starts_with("else")
                            && !chars.get(next + 4).is_some_and(|c| c.is_alphanumeric());
                        if !else_follows {
                            return i + 1;
                        }
                    }
                }
                ';' if depth == 0 => return i + 1,
                _ => {}
            }
        }
        i += 1;
    }
    chars.len()
}

/// `text` with every `#[cfg(test)]` item blanked out: the attribute, any attributes after it
/// and the item (a `mod tests { … }` block, a `mod x;` line, a function, a `use`, a
/// `thread_local!`, a statement inside a function) become empty lines, so the code after it
/// stays and every line keeps its number.
pub fn without_test_items(text: &str) -> String {
    const ATTRIBUTE: &str = "#[cfg(test)]";
    let chars: Vec<char> = text.chars().collect();
    let class = classify(&chars);
    let pattern: Vec<char> = ATTRIBUTE.chars().collect();
    let mut keep = vec![true; chars.len()];
    let mut i = 0;
    while i < chars.len() {
        if class[i] == Class::Code && chars[i..].starts_with(&pattern) {
            let mut end = attribute_end(&chars, &class, i);
            loop {
                let next = next_code(&chars, &class, end);
                if chars.get(next) == Some(&'#') {
                    end = attribute_end(&chars, &class, next);
                } else {
                    end = item_end(&chars, &class, next);
                    break;
                }
            }
            keep[i..end].fill(false);
            i = end;
        } else {
            i += 1;
        }
    }
    chars
        .iter()
        .zip(&keep)
        .filter(|&(&c, &kept)| kept || c == '\n')
        .map(|(&c, _)| c)
        .collect()
}

/// How many lines of `text` hold code: a line counts when something on it is neither white
/// space nor part of a comment (doc comments are comments; a line inside a string literal
/// is code).
pub fn code_lines(text: &str) -> usize {
    let chars: Vec<char> = text.chars().collect();
    let class = classify(&chars);
    let mut count = 0;
    let mut line_has_code = false;
    for (c, kind) in chars.iter().zip(&class) {
        if *c == '\n' {
            count += usize::from(line_has_code);
            line_has_code = false;
        } else if *kind != Class::Comment && !c.is_whitespace() {
            line_has_code = true;
        }
    }
    count + usize::from(line_has_code)
}

#[test]
fn test_items_go_and_the_code_after_them_stays() {
    let text = r##"//! A module.
fn kept() -> char {
    let _ = "}"; // a brace in a string: }
    '{'
}

#[cfg(test)]
use std::fmt;

#[cfg(test)]
#[path = "x_tests.rs"]
mod x;

#[cfg(test)]
fn helper<'a>(s: &'a str) -> &'a str {
    /* a } in /* a nested */ comment */
    let _ = r#"a } in a raw "string""#;
    if s.is_empty() { "{" } else { s }
}

fn also_kept() {
    #[cfg(test)]
    if true {
        println!("}}");
    } else {
        let _ = '}';
    }
    #[cfg(test)]
    COUNT.set(1);
    let _after = 1;
}

#[cfg(test)]
const SAMPLE: [u8; 2] = { [1, 2] };

#[cfg(test)]
mod tests {
    #[test]
    fn t() {}
}

fn last() {}
"##;
    let kept = without_test_items(text);
    assert_eq!(kept.lines().count(), text.lines().count(), "{kept}");
    let code: Vec<&str> = kept
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        code,
        [
            "//! A module.",
            "fn kept() -> char {",
            "let _ = \"}\"; // a brace in a string: }",
            "'{'",
            "}",
            "fn also_kept() {",
            "let _after = 1;",
            "}",
            "fn last() {}",
        ]
    );
    assert_eq!(code_lines(&kept), 8);
}

#[test]
fn comments_and_blank_lines_are_not_code() {
    let text = "//! Header\n\n/// Doc\nfn f() {\n    /* a\n       b */\n    let s = \"\n\";\n}\n";
    // fn f, let s, the string's second line, the closing brace.
    assert_eq!(code_lines(text), 4);
}

/// The index just after the block comment that starts at `start` (`/*`), nested comments
/// included; the end of the text if it is not closed.
pub(super) fn block_comment_end(chars: &[char], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        if chars[i] == '/' && next == Some('*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && next == Some('/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    i
}
