//! A game at the table: its set-up, the seating and the banner of each round, the result of a
//! round as entered and its score, and the game's state with places and money
//! (docs/RULES.md sections 4, 5 and 6).
//!
//! Parse, don't validate: what people type arrives in the raw structs [`RawSetup`] and
//! [`RawRound`] (as JSON or as an HTML form fills them), and `TryFrom` turns it into a
//! [`GameSetup`] or a [`RoundEntry`], or into [`FieldErrors`]: every problem keyed by the
//! [`Field`] that caused it (`text::game` says each in English or German, and spells each
//! field's key in a form or a JSON body). A page shows them
//! next to its fields; the JSON API joins them into one sentence.
//!
//! Pure: imports `std`, `serde` and the rest of `rules` only. No web, database, JSON library
//! or words (those are `text`) here.
//! Players are indices in seating order (clockwise); names are for input and display.
//!
//! Split along its seams: [`error`] (problems and the fields they belong to), [`raw`] (raw input),
//! [`setup`] (set-up and seating), [`round_info`] (a round's banner facts), [`entry`] (a
//! round's entry) with its [`note`], [`plausible`] (whether the cards in play allow it), [`score`](mod@score) (its points)
//! [`state`] (the game) and [`table`] (who sits out, leaves or joins late). Everything is re-exported
//! here, so `rules::game::X` paths stay as they were.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::cards::{self, Card, CardError};
use crate::rules::money::{self, MoneyInput};
use crate::rules::ruleset::{
    Buys, Contract, Decks, OptionError, OptionTextError, OptionValue, RoundSpec, RuleSet, Scheme,
};
use crate::rules::settlement::{self, ContinentalHand, HandError, SettleError, Settlement};

pub use crate::rules::names::MAX_NAME_CHARS;
/// Longest currency symbol, in characters.
pub const MAX_CURRENCY_CHARS: usize = 8;
/// Most cents a point or unit may be worth (1000.00 in the game's currency).
pub const MAX_CENTS: i64 = 100_000;
/// Most penalty points a player can be given in one round when typed.
pub const MAX_POINTS: i64 = 10_000;
/// Most buys per player in a round where the rule set sets no count limit (a sanity bound).
pub const MAX_BUYS_PER_ROUND: i64 = 30;
/// Most problems reported for one piece of input (absurd input could otherwise produce
/// thousands).
pub const MAX_ERRORS: usize = 20;
/// Most players a set-up's name checks look at; above it only the count is reported.
const MAX_NAMES_CHECKED: usize = 64;
/// Currency symbol when none is given.
pub const DEFAULT_CURRENCY: &str = "€";
/// Cents per point (or unit) when none are given.
pub const DEFAULT_CENTS: i64 = 1;
/// Points that the cents per point buy when not given: whole cents per point.
pub const DEFAULT_POINTS_PER_CENT: i64 = 1;
/// Most points one cent may stand for (docs/RULES.md 4 `rommee`: money at a tenth of a cent a point
/// is 1 cent per 10 points).
pub const MAX_POINTS_PER_CENT: i64 = settlement::MAX_POINTS_PER_CENT;

pub mod entry;
pub mod error;
pub mod note;
pub mod plausible;
pub mod raw;
pub mod round_info;
pub mod score;
pub mod setup;
pub mod state;
pub mod table;

pub use entry::*;
pub use error::*;
pub use note::MAX_NOTE_CHARS;
pub use raw::*;
pub use round_info::*;
pub use setup::*;
pub use state::*;
pub use table::*;

use self::error::hand_error_field;
use self::raw::given;
use self::score::{Bonuses, score};
use self::setup::find_name;

#[cfg(test)]
pub(crate) mod tests;
