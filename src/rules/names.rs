//! Player names: the one check every way into the app uses (game set-up, the settle API):
//! trimmed, not empty, at most [`MAX_NAME_CHARS`] characters, no control characters
//! (docs/RULES.md / docs/API.md: names are plain text a phone shows on one line).
//!
//! Pure: std only; says what is wrong as a code, never in words (callers choose the sentence).

/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 30;

/// What is wrong with a player's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// Nothing but spaces.
    Empty,
    /// Longer than [`MAX_NAME_CHARS`] characters once trimmed.
    TooLong,
    /// Holds a tab, a line break or another control character.
    HasControl,
}

/// The name with surrounding spaces removed, or what is wrong with it.
pub fn check_name(name: &str) -> Result<&str, NameProblem> {
    let name = name.trim();
    if name.is_empty() {
        Err(NameProblem::Empty)
    } else if name.chars().count() > MAX_NAME_CHARS {
        Err(NameProblem::TooLong)
    } else if name.chars().any(char::is_control) {
        Err(NameProblem::HasControl)
    } else {
        Ok(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_not_empty_at_most_thirty_characters_and_plain() {
        assert_eq!(check_name("  Ann "), Ok("Ann"));
        assert_eq!(check_name("   "), Err(NameProblem::Empty));
        assert_eq!(check_name(&"é".repeat(30)), Ok("é".repeat(30).as_str()));
        assert_eq!(check_name(&"x".repeat(31)), Err(NameProblem::TooLong));
        assert_eq!(check_name("Ann\tBo"), Err(NameProblem::HasControl));
        assert_eq!(check_name("Ann\nBo"), Err(NameProblem::HasControl));
    }
}
