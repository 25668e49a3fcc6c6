//! This phone's own earlier save (so nothing is lost to one tap). A round form's
//! idempotency key is stored with the answer of the write it made, and that answer names the
//! round it saved and the game's version after it ([`Saved`]). When the same form comes back
//! with other entries (the phone went back after saving, changed something and saved again),
//! the key tells that this phone saved that round, by id rather than by comparing contents,
//! and the conflict page says so; a save by another phone (another key) keeps the page that
//! says the round was saved meanwhile.
//!
//! A page of `web::pages`: the game through `store`; no SQL, nothing from `cli`.

use serde::{Deserialize, Serialize};

use super::mode::Mode;
use crate::store::LoadedGame;

/// What a round form's write stored under its key: where the phone went next, the round it
/// saved and the game's version its write made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Saved {
    /// The game page.
    pub location: String,
    /// The round the form saved.
    pub round: usize,
    /// The game's version right after the save.
    pub version: i64,
}

impl Saved {
    /// The save of round `round` (a correction) or of the next round (`Mode::Enter`) that
    /// made `written`.
    pub(super) fn new(written: &LoadedGame, mode: Mode, round: usize, location: String) -> Saved {
        Saved {
            location,
            round: match mode {
                // A new round is the game's last one once written.
                Mode::Enter => written.state.rounds.len(),
                Mode::Correct => round,
            },
            version: written.record.game.version,
        }
    }

    /// As stored under the key.
    pub(super) fn answer(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| self.location.clone())
    }

    /// A stored answer read back; `None` for a plain location (a save from before answers
    /// named their round) or anything else.
    pub(super) fn read(answer: &str) -> Option<Saved> {
        serde_json::from_str(answer).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_answer_reads_back_and_a_plain_location_is_none() {
        let saved = Saved {
            location: "/games/abc".into(),
            round: 3,
            version: 7,
        };
        assert_eq!(Saved::read(&saved.answer()), Some(saved));
        assert_eq!(Saved::read("/games/abc"), None);
        assert_eq!(Saved::read("{\"location\": \"/games/abc\"}"), None);
    }
}
