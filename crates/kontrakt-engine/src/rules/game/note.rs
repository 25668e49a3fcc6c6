//! A note on a round ("Oma's hand was misdealt"; docs/RULES.md section 5, "A note per
//! round"): one line of plain text (no control and no invisible formatting character, as
//! every piece of user text), whitespace runs (line breaks too) made one space, composed
//! (NFC), at most [`MAX_NOTE_CHARS`] characters; blank is no note.
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, the Unicode
//! tables and the rest of `rules` only, never on `text`, `web` or `db`.

use unicode_normalization::UnicodeNormalization;

use super::*;

/// Longest note on a round, in characters.
pub const MAX_NOTE_CHARS: usize = 200;

/// The note as kept: one line, or `None` for a blank note; a problem is added to `errors`
/// under [`Field::Note`].
pub(super) fn parse(note: Option<&str>, errors: &mut FieldErrors) -> Option<String> {
    let note = note?;
    let line: String = note.split_whitespace().collect::<Vec<_>>().join(" ");
    let line: String = line.nfc().collect();
    if line.is_empty() {
        return None;
    }
    if line.chars().count() > MAX_NOTE_CHARS {
        errors.add(
            Field::Note,
            GameError::NoteTooLong {
                max: MAX_NOTE_CHARS,
            },
        );
        return None;
    }
    if !crate::rules::names::is_plain(&line) {
        errors.add(Field::Note, GameError::NoteHasControl);
        return None;
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(text: &str) -> Result<Option<String>, FieldErrors> {
        let mut errors = FieldErrors::new();
        let kept = parse(Some(text), &mut errors);
        errors.into_result(|| kept)
    }

    #[test]
    fn a_note_is_one_trimmed_line_and_blank_is_none() {
        assert_eq!(
            note("  Oma's hand\r\nwas   misdealt ").unwrap().as_deref(),
            Some("Oma's hand was misdealt")
        );
        assert_eq!(note(" \n\t ").unwrap(), None);
        assert_eq!(parse(None, &mut FieldErrors::new()), None);
        // Composed: "é" typed as e + a combining accent is kept as one character.
        assert_eq!(note("Ame\u{301}lie").unwrap().as_deref(), Some("Amélie"));
    }

    #[test]
    fn a_note_too_long_or_with_control_characters_is_refused_under_its_field() {
        let long = "x".repeat(MAX_NOTE_CHARS + 1);
        let e = note(&long).unwrap_err();
        assert_eq!(
            e.get(&Field::Note),
            Some(&GameError::NoteTooLong {
                max: MAX_NOTE_CHARS
            })
        );
        assert!(
            note(&"ü".repeat(MAX_NOTE_CHARS)).is_ok(),
            "characters, not bytes"
        );
        let e = note("a\u{7}b").unwrap_err();
        assert_eq!(e.get(&Field::Note), Some(&GameError::NoteHasControl));
    }
}
