//! How play goes at the table beyond melds and scores: when a player may lay off, whether a
//! joker on the table may be swapped for the card it stands for, how a player goes out
//! (docs/RULES.md section 4, each preset). The app does not deal or track turns; it shows these
//! rules to the table (the notes' words are in `text::rules`); which preset plays how is in `presets`. Pure: std and serde
//! only; never imports `presets`.

use serde::{Deserialize, Serialize};

/// When a player may lay cards off on melds on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LayOff {
    /// From the turn after one's own contract meld.
    NextTurnAfterContract,
    /// In the same turn as one's contract meld, and after.
    AfterContract,
    /// Even before one's own contract is made.
    Anytime,
    /// After one's opening meld (Rommé), own and others' melds.
    AfterOpening,
    /// Not at all: one hand, all cards at once (Continental).
    NotAtAll,
}

/// Whether a joker on the table may be taken back by putting in the card it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JokerSwap {
    /// In runs only, by a player who has melded; jokers in sets are dead; the joker must be
    /// played in the same turn.
    RunsOnly,
    /// In any meld, after one's contract.
    Any,
    /// After one's opening, from own and others' melds (Rommé).
    AfterOpening,
    /// Wilds on the table are never swapped back.
    Never,
}

/// How a player goes out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GoingOut {
    /// Meld or lay off the last cards and discard the final one.
    WithDiscard,
    /// Meld everything; no discard at the end.
    NoDiscard,
    /// Either way.
    EitherWay,
    /// Arrange all fifteen cards and discard one face down (Continental).
    FaceDownDiscard,
}

/// The play rules of a rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub lay_off: LayOff,
    pub joker_swap: JokerSwap,
    pub going_out: GoingOut,
}
