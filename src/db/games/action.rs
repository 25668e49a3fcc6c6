//! The kinds of change a game's history records ([`HistoryAction`]), as the `history`
//! table's `action` column spells them (its CHECK: migrations 0001 and 0006). A child of
//! [`super`]; SQL storage only, no rules and no words.

use super::decode_error;

/// The kind of a change recorded in the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryAction {
    /// A new round was entered.
    Enter,
    /// An entered round was replaced.
    Correct,
    /// The last round was removed.
    Undo,
    /// The game was ended early (or resumed).
    End,
    /// A player sits out the next round (docs/RULES.md section 8).
    SitOut,
    /// A player left the table.
    Leave,
    /// A player joined late.
    Join,
    /// A player was renamed.
    Rename,
    /// The stake or currency changed.
    Settings,
}

impl HistoryAction {
    /// The action's name in the history table.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Enter => "enter",
            Self::Correct => "correct",
            Self::Undo => "undo",
            Self::End => "end",
            Self::SitOut => "sit_out",
            Self::Leave => "leave",
            Self::Join => "join",
            Self::Rename => "rename",
            Self::Settings => "settings",
        }
    }

    pub(crate) fn parse(text: &str) -> Result<Self, sqlx::Error> {
        match text {
            "enter" => Ok(Self::Enter),
            "correct" => Ok(Self::Correct),
            "undo" => Ok(Self::Undo),
            "end" => Ok(Self::End),
            "sit_out" => Ok(Self::SitOut),
            "leave" => Ok(Self::Leave),
            "join" => Ok(Self::Join),
            "rename" => Ok(Self::Rename),
            "settings" => Ok(Self::Settings),
            other => Err(decode_error(format!("unknown history action {other:?}"))),
        }
    }
}
