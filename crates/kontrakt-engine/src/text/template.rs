//! The template language of every message, its filling and its compile-time checks.
//!
//! A template is plain text with named placeholders:
//!
//! - `{name}` is replaced by the value of `name`;
//! - `{name|one|other}` is a plural choice: `one` if the value of `name` is exactly 1, else
//!   `other` (both English and German use the form `one` for 1 only), e.g.
//!   `"{n} {n|card|cards}"` or `"{n|fehlt|fehlen} {n} {n|Karte|Karten}"`.
//!
//! - `{name||}` (both forms empty) shows nothing: it declares that one language deliberately
//!   leaves a value out, so the check below still holds.
//!
//! A name is lower-case ASCII letters, digits and `_`; the forms of a choice hold no braces
//! or bars. A brace that does not start such a placeholder is text. [`check`] is a `const fn`:
//! the `messages!` table asserts it for every message, so an English and a German template
//! with different placeholders, or a broken plural choice, does not compile.
//!
//! Depends on std only.

use std::fmt::Display;

/// Can `b` be part of a placeholder name?
const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'
}

/// If a placeholder starts at `s[i]` (a `{`), the index just past its name (at `}` or `|`);
/// else 0.
const fn name_end(s: &[u8], i: usize) -> usize {
    if i >= s.len() || s[i] != b'{' {
        return 0;
    }
    let mut j = i + 1;
    while j < s.len() && is_name_byte(s[j]) {
        j += 1;
    }
    if j == i + 1 || j >= s.len() || (s[j] != b'}' && s[j] != b'|') {
        return 0;
    }
    j
}

/// The index just past a placeholder whose name ends at `end`: past its `}`, or past the
/// `}` that closes its two plural forms. 0 if a plural choice is broken.
const fn placeholder_end(s: &[u8], end: usize) -> usize {
    if s[end] == b'}' {
        return end + 1;
    }
    let mut bars = 1;
    let mut j = end + 1;
    while j < s.len() {
        match s[j] {
            b'|' => bars += 1,
            b'}' => return if bars == 2 { j + 1 } else { 0 },
            b'{' => return 0,
            _ => {}
        }
        j += 1;
    }
    0
}

/// Does template `t` have a placeholder named `s[start..end]`?
const fn has_name(t: &[u8], s: &[u8], start: usize, end: usize) -> bool {
    let mut i = 0;
    while i < t.len() {
        let e = name_end(t, i);
        if e != 0 && e - i - 1 == end - start {
            let mut k = 0;
            while k < end - start && t[i + 1 + k] == s[start + k] {
                k += 1;
            }
            if k == end - start {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// Is every placeholder of `a` well formed and also in `b`?
const fn names_within(a: &[u8], b: &[u8]) -> bool {
    let mut i = 0;
    while i < a.len() {
        let e = name_end(a, i);
        if e != 0 {
            if placeholder_end(a, e) == 0 || !has_name(b, a, i + 1, e) {
                return false;
            }
            i = e;
        } else {
            i += 1;
        }
    }
    true
}

/// Do two templates (a message's English and German) use the same placeholder names, with
/// every plural choice well formed? Checked at compile time for every message.
pub const fn check(en: &str, de: &str) -> bool {
    let (en, de) = (en.as_bytes(), de.as_bytes());
    names_within(en, de) && names_within(de, en)
}

/// Fills a template: `{name}` with the value of `name`, `{name|one|other}` with the form
/// for that value. A placeholder without a value is left as it is.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let s = template.as_bytes();
    let mut out = String::with_capacity(template.len() + 16);
    let mut copied = 0;
    let mut i = 0;
    while i < s.len() {
        let end = name_end(s, i);
        let past = if end == 0 { 0 } else { placeholder_end(s, end) };
        if past == 0 {
            i += 1;
            continue;
        }
        let name = &template[i + 1..end];
        let Some((_, value)) = args.iter().find(|(n, _)| *n == name) else {
            i = past;
            continue;
        };
        out.push_str(&template[copied..i]);
        let value = value.to_string();
        if s[end] == b'}' {
            out.push_str(&value);
        } else {
            let forms = &template[end + 1..past - 1];
            let (one, other) = forms.split_once('|').unwrap_or((forms, forms));
            out.push_str(if value == "1" { one } else { other });
        }
        copied = past;
        i = past;
    }
    out.push_str(&template[copied..]);
    out
}

/// The placeholder names of a template, in order of first use (for tests and tools).
pub fn names(template: &str) -> Vec<&str> {
    let s = template.as_bytes();
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let end = name_end(s, i);
        if end != 0 && placeholder_end(s, end) != 0 {
            let name = &template[i + 1..end];
            if !out.contains(&name) {
                out.push(name);
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_by_name_and_unknown_ones_left_alone() {
        assert_eq!(
            fill(
                "Round {n}: {contract}",
                &[("n", &3), ("contract", &"2 runs of 4")]
            ),
            "Round 3: 2 runs of 4"
        );
        assert_eq!(fill("{x} and {", &[]), "{x} and {");
        assert_eq!(fill("{x} and {n}", &[("n", &2)]), "{x} and 2");
        assert_eq!(fill("a {Not a name} b", &[]), "a {Not a name} b");
    }

    #[test]
    fn plural_choices_pick_one_for_exactly_1_and_other_otherwise_in_both_languages() {
        let en = "{n} {n|card|cards} left";
        let de = "{n|fehlt|fehlen} {n} {n|Karte|Karten}";
        assert_eq!(fill(en, &[("n", &1)]), "1 card left");
        assert_eq!(fill(en, &[("n", &0)]), "0 cards left");
        assert_eq!(fill(en, &[("n", &12)]), "12 cards left");
        assert_eq!(fill(de, &[("n", &1)]), "fehlt 1 Karte");
        assert_eq!(fill(de, &[("n", &2)]), "fehlen 2 Karten");
        assert_eq!(fill(de, &[("n", &11)]), "fehlen 11 Karten");
    }

    #[test]
    fn the_compile_time_check_compares_placeholder_names_both_ways() {
        assert!(check("Round {n}: {contract}", "Runde {n}: {contract}"));
        assert!(check("{a} {b}", "{b} {a} {a}"));
        assert!(check("{n} {n|card|cards}", "{n} {n|Karte|Karten}"));
        assert!(check("no placeholders { here", "keine"));
        assert!(!check("Round {n}", "Runde {m}"), "misspelt name");
        assert!(
            !check("Round {n}: {contract}", "Runde {n}"),
            "missing in German"
        );
        assert!(!check("Runde", "Runde {n}"), "missing in English");
        assert!(!check("{n|card}", "{n|Karte}"), "one form only");
        assert!(!check("{n|a|b|c}", "{n|a|b|c}"), "three forms");
        assert!(!check("{n|a|b", "{n|a|b"), "unclosed choice");
    }

    #[test]
    fn names_lists_each_placeholder_once() {
        assert_eq!(names("{n} {n|a|b} {who}"), ["n", "who"]);
        assert!(names("{ nothing }").is_empty());
    }
}
