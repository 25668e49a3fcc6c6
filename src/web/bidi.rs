//! Names that read right to left, beside numbers: a player called "אבי" or "سارة" in "Cy pays
//! Ann 1.89 €" would otherwise pull the amount into its own direction and the sentence reads
//! "98.1". A name placed into a sentence is wrapped in Unicode's isolate marks ([`isolate`]:
//! FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE), which plain text (the shared result) may
//! keep or drop ([`plain`]); a page shows the sentence with [`html`], which escapes it and
//! turns each isolated part into a `<bdi>` element. User text itself can never hold these
//! marks (the names' rule refuses invisible formatting characters), so every mark in a
//! sentence is the app's own.
//!
//! Part of `web`; uses nothing of the app.

use std::fmt::Display;

/// FIRST STRONG ISOLATE: opens an isolated part.
const OPEN: char = '\u{2068}';
/// POP DIRECTIONAL ISOLATE: closes it.
const CLOSE: char = '\u{2069}';

/// `text` as an isolated part of a sentence.
pub fn isolate(text: &dyn Display) -> String {
    format!("{OPEN}{text}{CLOSE}")
}

/// A sentence for a page: HTML-escaped, each isolated part in `<bdi>`. Use it with `|safe`.
pub fn html(sentence: &str) -> String {
    let mut out = String::with_capacity(sentence.len() + 16);
    for c in sentence.chars() {
        match c {
            OPEN => out.push_str("<bdi>"),
            CLOSE => out.push_str("</bdi>"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            c => out.push(c),
        }
    }
    out
}

/// A sentence without its isolate marks (the shared text, which stays as it always read).
pub fn plain(sentence: &str) -> String {
    sentence
        .chars()
        .filter(|&c| c != OPEN && c != CLOSE)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_isolated_name_becomes_a_bdi_element_and_markup_in_it_stays_text() {
        let sentence = format!("{} pays {} 1.89 €", isolate(&"سارة"), isolate(&"<b>&"));
        assert_eq!(
            html(&sentence),
            "<bdi>سارة</bdi> pays <bdi>&lt;b&gt;&amp;</bdi> 1.89 €"
        );
        assert_eq!(plain(&sentence), "سارة pays <b>& 1.89 €");
    }
}
