//! Which round form a page is: the next round's or a correction of an entered round
//! ([`Mode`]), with the addresses and the `round` field that follow from it.
//!
//! A piece of the round pages: `links` only; nothing from the other round modules, no
//! `store`, no SQL, nothing from `cli`.

use crate::web::links::GameLinks;

/// A new round or a correction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// The next round.
    Enter,
    /// An entered round.
    Correct,
}

impl Mode {
    /// The GET address of the form.
    pub(super) fn form_url(self, id: &str, round: usize) -> String {
        match self {
            Mode::Enter => GameLinks::new(id).rounds_new(),
            Mode::Correct => GameLinks::new(id).round_edit(round),
        }
    }

    /// Where the form posts.
    pub(super) fn action(self, id: &str, round: usize) -> String {
        match self {
            Mode::Enter => GameLinks::new(id).rounds(),
            Mode::Correct => GameLinks::new(id).round(round),
        }
    }

    /// The entry's `round`: a correction names its round; a new round is the next one (the
    /// version check makes sure it is the one the form showed).
    pub(super) fn round_field(self, round: usize) -> Option<i64> {
        match self {
            Mode::Enter => None,
            Mode::Correct => i64::try_from(round).ok(),
        }
    }
}
