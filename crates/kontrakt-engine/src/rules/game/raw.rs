//! Raw input: what people type, as JSON or as an HTML form fills it ([`RawSetup`],
//! [`RawRound`], [`RawNumber`], [`RawCards`]), before it is parsed.
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;

/// A number as typed: a JSON number, or text from a form field (blank text means "not given").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RawNumber {
    /// A whole JSON number.
    Int(i64),
    /// Any other JSON number (accepted when whole).
    Float(f64),
    /// Text, e.g. from a form.
    Text(String),
}

impl From<i64> for RawNumber {
    fn from(n: i64) -> RawNumber {
        RawNumber::Int(n)
    }
}

impl From<&str> for RawNumber {
    fn from(s: &str) -> RawNumber {
        RawNumber::Text(s.to_string())
    }
}

impl RawNumber {
    /// The whole number, `Ok(None)` for blank text, `Err(what was given)` otherwise.
    pub fn parse(&self) -> Result<Option<i64>, String> {
        match self {
            RawNumber::Int(n) => Ok(Some(*n)),
            RawNumber::Float(x) => {
                // Whole and well inside i64: `as` is exact there.
                if x.fract() == 0.0 && x.abs() < 1e15 {
                    Ok(Some(*x as i64))
                } else {
                    Err(x.to_string())
                }
            }
            RawNumber::Text(s) => {
                let t = s.trim();
                if t.is_empty() {
                    Ok(None)
                } else {
                    t.parse::<i64>().map(Some).map_err(|_| t.to_string())
                }
            }
        }
    }
}

/// Cards as typed: one string in the notation or a list of card strings (one type for the
/// game entries and the referee API).
pub use crate::rules::cards::CardsInput as RawCards;

/// A game's set-up as given: the JSON body of `POST /api/v1/games`, or what a new-game form
/// fills in (every field may be missing; [`GameSetup::try_from`] says what is wrong).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RawSetup {
    /// Rule-set id (docs/RULES.md section 4).
    pub rules: String,
    /// Option overrides; form text is read by each option's `OptionSpec::parse_text`.
    pub options: BTreeMap<String, OptionValue>,
    /// Names in seating order (clockwise).
    pub players: Vec<String>,
    /// The first dealer's name; blank or missing: the first player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<String>,
    /// Money per point (points schemes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cents_per_point: Option<RawNumber>,
    /// Money per unit (Continental); either this or `cents_per_point`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cents_per_unit: Option<RawNumber>,
    /// How many points `cents_per_point` buys (1 to [`MAX_POINTS_PER_CENT`]); missing: 1.
    /// With 1 cent per point and 10 points per cent a point is worth a tenth of a cent
    /// (docs/RULES.md 4 `rommee`). Points schemes only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_per_cent: Option<RawNumber>,
    /// Currency symbol; blank or missing: [`DEFAULT_CURRENCY`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// Settlement scheme id, where the rule set offers several (the `settlement` option).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settlement: Option<String>,
}

/// A round's result as given: the JSON body of `POST /api/v1/games/{id}/rounds`, or what a
/// round form fills in. Blank text counts as not given. Player names are matched ignoring
/// case and surrounding spaces.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RawRound {
    /// The round to enter or correct; missing: the next round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    /// Who went out; `null` (or blank) for a round nobody won, where the rules allow it.
    pub went_out: Option<String>,
    /// Penalty points per player, typed.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub points: BTreeMap<String, RawNumber>,
    /// Cards left in hand per player, counted with the rule set's penalty table.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub cards: BTreeMap<String, RawCards>,
    /// Liverpool: the round's cutter hit the cut target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut_bonus: Option<bool>,
    /// Shanghai with the first-down bonus: who went down (laid the contract) first in the
    /// round; missing or blank: nobody (docs/RULES.md 4 `shanghai`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub went_down_first: Option<String>,
    /// Buys (May I) per player in this round.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub buys: BTreeMap<String, RawNumber>,
    /// Rommé: the winner went out with Hand-Rommé.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_rommee: Option<bool>,
    /// Continental: who won the hand (`went_out` is accepted too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Continental: jokers in the winning hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<RawNumber>,
    /// Continental: went out on the first turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_turn: Option<bool>,
    /// Continental: went out on the second turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_turn: Option<bool>,
    /// Continental: all runs in one suit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub one_suit: Option<bool>,
    /// Continental: won without any wild card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_wilds: Option<bool>,
    /// A note on the round, one line of plain text (see [`super::note`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The table confirms a result the plausibility check finds unlikely
    /// ([`super::plausible`]); not part of the entry, never stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirm: Option<bool>,
}

/// Text that is blank counts as not given.
pub(super) fn given(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}
