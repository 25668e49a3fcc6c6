//! Player names: the one check every way into the app uses (game set-up, the settle API):
//! trimmed, composed (Unicode NFC), not empty, at most [`MAX_NAME_CHARS`] characters, no
//! control characters and no invisible formatting characters (docs/RULES.md / docs/API.md:
//! names are plain text a phone shows on one line). Two names are the same player when they
//! read the same: [`name_key`] compares them composed and case-folded.
//!
//! Pure: std and the Unicode tables only; says what is wrong as a code, never in words
//! (callers choose the sentence).

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Longest name, in characters: of a player (game set-up, the settle API, a group's players,
/// a paper import's), of a group and of a group's house rules. One limit for every name
/// (docs/decisions.md, 2026-11-27).
pub const MAX_NAME_CHARS: usize = 40;

/// What is wrong with a player's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// Nothing but spaces.
    Empty,
    /// Longer than [`MAX_NAME_CHARS`] characters once trimmed.
    TooLong,
    /// Holds a tab, a line break or another control character.
    HasControl,
    /// Holds an invisible formatting character (Unicode category Cf: a zero-width space,
    /// joiner or non-joiner, a left-to-right or right-to-left mark or override, a soft
    /// hyphen, a byte order mark …): two such names look the same but are not.
    HasInvisible,
}

/// The name with surrounding spaces removed and composed (NFC), or what is wrong with it.
pub fn check_name(name: &str) -> Result<String, NameProblem> {
    let name: String = name.trim().nfc().collect();
    if name.is_empty() {
        Err(NameProblem::Empty)
    } else if name.chars().count() > MAX_NAME_CHARS {
        Err(NameProblem::TooLong)
    } else if name.chars().any(char::is_control) {
        Err(NameProblem::HasControl)
    } else if name.chars().any(is_invisible) {
        Err(NameProblem::HasInvisible)
    } else {
        Ok(name)
    }
}

/// A name as people read it, for telling players apart: trimmed, composed and case-folded.
/// "Ann", "ANN" and "A" + a combining accent vs "Á" give the same key as their twin.
pub fn name_key(name: &str) -> String {
    let composed: String = name.trim().nfc().collect();
    composed.to_lowercase().nfc().collect()
}

/// A name as people read it, for telling a group's players (and its house rules) apart across
/// evenings: compatibility-composed (NFKC: "ﬁ" is "fi", a full-width "Ａ" is "A"),
/// case-folded, invisible formatting characters removed, and spaces trimmed and collapsed
/// (every run of white space is one space). "Ann", "ann", "Ann\u{200B}" and " Ann  " give
/// the same key. Stricter than [`name_key`], so names that differ here differ in a game too.
pub fn group_key(name: &str) -> String {
    let visible: String = name.nfkc().filter(|&c| !is_invisible(c)).collect();
    let folded: String = visible.to_lowercase().nfkc().collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `text` is plain text as every piece of user text must be (a name, a currency, a
/// round's note): no control character (a tab, a line break) and no invisible formatting
/// character (general category Cf: a zero-width space, a direction mark, a right-to-left
/// override that would print "1.89 €" backwards).
pub fn is_plain(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() || is_invisible(c))
}

/// An invisible formatting character (general category Cf).
fn is_invisible(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_holds_no_control_and_no_invisible_formatting_character() {
        assert!(is_plain("€ 1,89 – Oma's Runde"));
        for bad in [
            "\u{202e}€",
            "a\u{200b}b",
            "tab\there",
            "line\nbreak",
            "\u{200f}$",
        ] {
            assert!(!is_plain(bad), "{bad:?}");
        }
    }

    #[test]
    fn names_are_trimmed_not_empty_at_most_forty_characters_and_plain() {
        assert_eq!(check_name("  Ann ").as_deref(), Ok("Ann"));
        assert_eq!(check_name("   "), Err(NameProblem::Empty));
        assert_eq!(check_name(&"é".repeat(40)), Ok("é".repeat(40)));
        assert_eq!(check_name(&"x".repeat(41)), Err(NameProblem::TooLong));
        assert_eq!(check_name("Ann\tBo"), Err(NameProblem::HasControl));
        assert_eq!(check_name("Ann\nBo"), Err(NameProblem::HasControl));
    }

    #[test]
    fn invisible_formatting_characters_are_refused() {
        for c in [
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{200E}',
            '\u{200F}',
            '\u{202A}',
            '\u{202E}',
            '\u{2066}',
            '\u{2069}',
            '\u{00AD}',
            '\u{FEFF}',
            '\u{2060}',
            '\u{E0041}',
        ] {
            let name = format!("An{c}n");
            assert_eq!(check_name(&name), Err(NameProblem::HasInvisible), "{c:?}");
        }
        // Trailing or leading invisible characters are not trimmed away silently either.
        assert_eq!(check_name("Ann\u{200B}"), Err(NameProblem::HasInvisible));
        // Visible accents, other scripts and emoji stay welcome.
        assert_eq!(check_name("Zoë").as_deref(), Ok("Zoë"));
        assert_eq!(check_name("Сергей").as_deref(), Ok("Сергей"));
        assert_eq!(check_name("מרים").as_deref(), Ok("מרים"));
    }

    #[test]
    fn names_are_stored_composed() {
        // "A" + combining acute accent becomes the one character "Á".
        assert_eq!(check_name("A\u{0301}nn").as_deref(), Ok("\u{00C1}nn"));
        assert_eq!(check_name("\u{00C1}nn").as_deref(), Ok("\u{00C1}nn"));
    }

    #[test]
    fn names_that_read_the_same_have_the_same_key() {
        assert_eq!(name_key("Ann"), name_key("ANN"));
        assert_eq!(name_key("  Ann "), name_key("ann"));
        assert_eq!(name_key("A\u{0301}nn"), name_key("\u{00C1}NN"));
        assert_ne!(name_key("Ann"), name_key("Anne"));
        assert_ne!(name_key("Ann"), name_key("\u{00C1}nn"));
    }

    #[test]
    fn group_keys_ignore_case_compatibility_forms_invisible_characters_and_spacing() {
        let ann = group_key("Ann");
        for twin in [
            "ann",
            "ANN",
            "Ann\u{200B}",
            "  Ann ",
            "\u{FF21}nn",
            "A\u{200D}nn",
        ] {
            assert_eq!(group_key(twin), ann, "{twin:?}");
        }
        assert_eq!(group_key("Oma's  Liverpool"), group_key("oma's liverpool"));
        assert_eq!(group_key("A\u{0301}nn"), group_key("\u{00C1}NN"));
        assert_ne!(group_key("Ann"), group_key("Anne"));
        assert_ne!(group_key("Ann Bo"), group_key("AnnBo"));
    }
}
