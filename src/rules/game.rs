//! A game at the table: its set-up, the seating and the banner of each round, the result of a
//! round as entered and its score, and the game's state with places and money
//! (RULES.md sections 4, 5 and 6).
//!
//! Parse, don't validate: what people type arrives in the raw structs [`RawSetup`] and
//! [`RawRound`] (as JSON or as an HTML form fills them), and `TryFrom` turns it into a
//! [`GameSetup`] or a [`RoundEntry`], or into [`FieldErrors`]: every problem keyed by the
//! field that caused it, each a sentence in English and German. A page shows them next to
//! its fields; the JSON API joins them into one sentence.
//!
//! Pure: imports `std`, `serde` and `thiserror` only. No web, database or JSON library here.
//! Players are indices in seating order (clockwise); names are for input and display.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::cards::{self, Card, CardError};
use super::money::{self, MoneyInput};
use super::ruleset::{
    Buys, Contract, Decks, OptionError, OptionKind, OptionValue, RoundSpec, RuleSet, Scheme,
    option_specs,
};
use super::settlement::{self, ContinentalHand, HandError, SettleError, Settlement};

/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 30;
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
/// Most points one cent may stand for (RULES.md 4 `rommee`: money at a tenth of a cent a point
/// is 1 cent per 10 points).
pub const MAX_POINTS_PER_CENT: i64 = settlement::MAX_POINTS_PER_CENT;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// What a number field holds, for an error that says it must be a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// The cents a point or unit is worth.
    PointValue,
    /// The points one cent stands for.
    PointsPerCent,
    /// A player's penalty points.
    Points,
    /// A player's buys.
    Buys,
    /// The jokers in a Continental winning hand.
    Jokers,
}

/// One problem with a set-up, a round's entry or a change to a game. Carries its parameters;
/// `text` says it in either language (`GameError::message`, and `Display` in English).
#[derive(Debug, Clone, PartialEq)]
pub enum GameError {
    /// No rule set was chosen.
    NoRules,
    /// The rule set or one of its options is not known, or an option value is out of range.
    Options(OptionError),
    /// The settlement scheme chosen is not one the rule set offers.
    SettlementNotOffered { given: String, offered: Vec<Scheme> },
    /// `settlement` and `options.settlement` disagree.
    SettlementTwice { given: String, option: String },
    /// Too few or too many players for the rule set.
    PlayerCount {
        given: usize,
        min: u8,
        max: u8,
        rules: &'static str,
    },
    /// A player's name is empty.
    EmptyName { seat: usize },
    /// A player's name is too long.
    NameTooLong { seat: usize },
    /// A player's name holds control characters (tabs, line breaks).
    NameHasControl { seat: usize },
    /// Two players have the same name (ignoring case).
    DuplicateName { name: String },
    /// The first dealer is not one of the players.
    UnknownFirstDealer { given: String },
    /// A number field holds something else.
    NotANumber { what: Quantity, given: String },
    /// The value of a point or unit is out of range.
    CentsOutOfRange { given: i64 },
    /// Both `cents_per_point` and `cents_per_unit` are given, with different values.
    CentsTwice,
    /// The points one cent stands for are outside 1 to [`MAX_POINTS_PER_CENT`].
    PointsPerCentOutOfRange { given: i64 },
    /// Points per cent other than 1 in a rule set that does not settle by points.
    PointsPerCentNotUsed { rules: &'static str },
    /// The currency symbol is too long or holds control characters.
    BadCurrency,
    /// A round number outside the game.
    RoundOutOfRange { round: i64, of: usize },
    /// A round after the next one.
    RoundNotYet { round: i64, next: usize },
    /// Every round is entered.
    GameFinished { of: usize },
    /// The table ended the game early.
    EndedEarly,
    /// `round` in the entry differs from the round being entered.
    RoundMismatch { given: i64, round: usize },
    /// A name that is not a player of the game.
    UnknownPlayer { name: String, players: Vec<String> },
    /// Nobody went out, in a rule set where someone always does.
    WinnerRequired,
    /// `went_out` and `winner` name different players.
    WinnerTwice,
    /// Points or cards given for the player who went out.
    WinnerHasPoints { player: String },
    /// A player other than the one who went out has neither points nor cards.
    MissingPenalty { player: String },
    /// Both points and cards for one player.
    PointsAndCards { player: String },
    /// One player's points (or cards, or buys) given twice under spellings of the name.
    GivenTwice { player: String },
    /// Typed points outside 0 to [`MAX_POINTS`].
    PointsOutOfRange { player: String, given: i64 },
    /// Cards that cannot be read.
    BadCards { player: String, error: CardError },
    /// A cut bonus in a rule set without one.
    CutBonusNotPlayed { rules: &'static str },
    /// Hand-Rommé in a rule set without it.
    HandRommeeNotPlayed { rules: &'static str },
    /// Hand-Rommé in a round that nobody won.
    HandRommeeNeedsWinner,
    /// Buys in a round where buying is not allowed.
    BuysNotAllowed {
        player: String,
        round: usize,
        rounds: Vec<usize>,
    },
    /// More buys than the round allows.
    TooManyBuys {
        player: String,
        given: i64,
        limit: i64,
        round: usize,
    },
    /// A negative number of buys.
    NegativeBuys { player: String },
    /// Points or cards in Continental, which is scored in units.
    UnitsOnly,
    /// A Continental field (`jokers`, `first_turn`, …) in another rule set.
    ContinentalOnly { field: &'static str },
    /// A Continental hand that cannot be (the settlement module's check).
    Hand(HandError),
    /// The money cannot be settled.
    Settlement(SettleError),
    /// Ending early before any round was entered.
    NothingToEnd,
    /// Ending early after the last round.
    AlreadyFinished,
    /// Undo with no round entered.
    NothingToUndo,
    /// A form's option value that cannot be read.
    BadOptionText {
        name: String,
        given: String,
        expected: &'static str,
    },
}

impl GameError {
    /// A stable code for the problem, e.g. `missing_penalty`.
    pub fn code(&self) -> &'static str {
        use GameError::*;
        match self {
            NoRules => "no_rules",
            Options(OptionError::UnknownRuleSet(_)) => "unknown_rules",
            Options(OptionError::Unknown { .. }) => "unknown_option",
            Options(OptionError::BadValue { .. }) => "bad_option_value",
            SettlementNotOffered { .. } => "settlement_not_offered",
            SettlementTwice { .. } => "settlement_twice",
            PlayerCount { .. } => "player_count",
            EmptyName { .. } => "empty_name",
            NameTooLong { .. } => "name_too_long",
            NameHasControl { .. } => "name_has_control",
            DuplicateName { .. } => "duplicate_name",
            UnknownFirstDealer { .. } => "unknown_first_dealer",
            NotANumber { .. } => "not_a_number",
            CentsOutOfRange { .. } => "cents_out_of_range",
            CentsTwice => "cents_twice",
            PointsPerCentOutOfRange { .. } => "points_per_cent_out_of_range",
            PointsPerCentNotUsed { .. } => "points_per_cent_not_used",
            BadCurrency => "bad_currency",
            RoundOutOfRange { .. } => "round_out_of_range",
            RoundNotYet { .. } => "round_not_yet",
            GameFinished { .. } => "game_finished",
            EndedEarly => "ended_early",
            RoundMismatch { .. } => "round_mismatch",
            UnknownPlayer { .. } => "unknown_player",
            WinnerRequired => "winner_required",
            WinnerTwice => "winner_twice",
            WinnerHasPoints { .. } => "winner_has_points",
            MissingPenalty { .. } => "missing_penalty",
            PointsAndCards { .. } => "points_and_cards",
            GivenTwice { .. } => "given_twice",
            PointsOutOfRange { .. } => "points_out_of_range",
            BadCards { .. } => "bad_cards",
            CutBonusNotPlayed { .. } => "cut_bonus_not_played",
            HandRommeeNotPlayed { .. } => "hand_rommee_not_played",
            HandRommeeNeedsWinner => "hand_rommee_needs_winner",
            BuysNotAllowed { .. } => "buys_not_allowed",
            TooManyBuys { .. } => "too_many_buys",
            NegativeBuys { .. } => "negative_buys",
            UnitsOnly => "units_only",
            ContinentalOnly { .. } => "continental_only",
            Hand(_) => "invalid_hand",
            Settlement(_) => "settlement",
            NothingToEnd => "nothing_to_end",
            AlreadyFinished => "already_finished",
            NothingToUndo => "nothing_to_undo",
            BadOptionText { .. } => "bad_option_text",
        }
    }
}

impl std::error::Error for GameError {}

/// The field a Continental hand error belongs to.
fn hand_error_field(e: &HandError) -> &'static str {
    match e {
        HandError::WinnerOutOfRange { .. } => "winner",
        HandError::TooManyJokers { .. } => "jokers",
        HandError::BothTurns | HandError::SecondTurnNotPlayed => "second_turn",
        HandError::FirstTurnNotPlayed => "first_turn",
        HandError::OneSuitNotPlayed => "one_suit",
        HandError::NoWildsNotPlayed | HandError::NoWildsWithJokers { .. } => "no_wilds",
    }
}

/// One problem and the field it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    /// The field: `rules`, `options`, `players`, `first_dealer`, `cents_per_point`,
    /// `cents_per_unit`, `currency`, `settlement` for a set-up; `round`, `went_out`, `points`,
    /// `cards`, `buys`, `cut_bonus`, `hand_rommee`, `winner`, `jokers`, `first_turn`,
    /// `second_turn`, `one_suit`, `no_wilds`, a player's name (their points or cards) or
    /// [`buys_field`] of a name for a round.
    pub field: String,
    /// What is wrong.
    pub error: GameError,
}

/// The field key of a player's buys in a round's [`FieldErrors`]: `buys.<name>`.
pub fn buys_field(player: &str) -> String {
    format!("buys.{player}")
}

/// Every problem found in one piece of input, in the order found, keyed by field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldErrors(Vec<FieldError>);

impl FieldErrors {
    /// No errors yet.
    pub fn new() -> FieldErrors {
        FieldErrors::default()
    }

    /// One error.
    pub fn single(field: impl Into<String>, error: GameError) -> FieldErrors {
        let mut errors = FieldErrors::new();
        errors.add(field, error);
        errors
    }

    /// Adds an error for `field` (beyond [`MAX_ERRORS`], further errors are dropped).
    pub fn add(&mut self, field: impl Into<String>, error: GameError) {
        if self.0.len() >= MAX_ERRORS {
            return;
        }
        self.0.push(FieldError {
            field: field.into(),
            error,
        });
    }

    /// Nothing is wrong.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many problems.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// All problems in the order found.
    pub fn iter(&self) -> impl Iterator<Item = &FieldError> {
        self.0.iter()
    }

    /// The first problem of `field`.
    pub fn get(&self, field: &str) -> Option<&GameError> {
        self.0.iter().find(|e| e.field == field).map(|e| &e.error)
    }

    fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value())
        } else {
            Err(self)
        }
    }
}

impl std::error::Error for FieldErrors {}

// ---------------------------------------------------------------------------------------------
// Raw input
// ---------------------------------------------------------------------------------------------

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

/// Cards as typed: one string in the notation (`"AS JK 10H"`) or a list of card strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RawCards {
    /// `"AS JK 10H"`.
    Text(String),
    /// `["AS", "JK", "10H"]`.
    List(Vec<String>),
}

impl RawCards {
    /// The cards, `Ok(None)` when nothing was given.
    fn parse(&self) -> Result<Option<Vec<Card>>, CardError> {
        let cards = match self {
            RawCards::Text(s) => cards::parse_cards(s)?,
            RawCards::List(l) => cards::parse_card_list(l)?,
        };
        Ok((!cards.is_empty()).then_some(cards))
    }
}

/// A game's set-up as given: the JSON body of `POST /api/v1/games`, or what a new-game form
/// fills in (every field may be missing; [`GameSetup::try_from`] says what is wrong).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RawSetup {
    /// Rule-set id (RULES.md section 4).
    pub rules: String,
    /// Option overrides; see [`options_from_form`] for form text.
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
    /// (RULES.md 4 `rommee`). Points schemes only.
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
}

/// Text that is blank counts as not given.
fn given(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// Option values from a form's text fields, for a new-game form that shows every option of
/// the rule set: a checkbox that is missing from the form is `false`; blank number, choice
/// or list fields keep the default. Lists are numbers separated by commas or spaces.
/// Errors are keyed `rules` or `options`.
pub fn options_from_form(
    rules: &str,
    form: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, OptionValue>, FieldErrors> {
    let Some(specs) = option_specs(rules.trim()) else {
        return Err(FieldErrors::single(
            "rules",
            GameError::Options(OptionError::UnknownRuleSet(rules.trim().to_string())),
        ));
    };
    let mut errors = FieldErrors::new();
    let mut out = BTreeMap::new();
    for name in form.keys() {
        if !specs.iter().any(|s| s.name == name) {
            errors.add(
                "options",
                GameError::Options(OptionError::Unknown {
                    name: name.clone(),
                    rules: super::ruleset::preset_info(rules.trim()).map_or("", |i| i.id),
                    known: specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
                }),
            );
        }
    }
    for spec in &specs {
        let text = form.get(spec.name).map(|t| t.trim());
        let bad = |expected| GameError::BadOptionText {
            name: spec.name.to_string(),
            given: text.unwrap_or_default().to_string(),
            expected,
        };
        match (&spec.kind, text) {
            (OptionKind::Bool, None) => {
                out.insert(spec.name.to_string(), OptionValue::Bool(false));
            }
            (OptionKind::Bool, Some(t)) => match t.to_ascii_lowercase().as_str() {
                "true" | "on" | "1" | "yes" => {
                    out.insert(spec.name.to_string(), OptionValue::Bool(true));
                }
                "false" | "off" | "0" | "no" | "" => {
                    out.insert(spec.name.to_string(), OptionValue::Bool(false));
                }
                _ => errors.add("options", bad("is on or off")),
            },
            (_, None) | (_, Some("")) => {}
            (OptionKind::Int { .. }, Some(t)) => match t.parse::<i64>() {
                Ok(n) => {
                    out.insert(spec.name.to_string(), OptionValue::Int(n));
                }
                Err(_) => errors.add("options", bad("is a whole number")),
            },
            (OptionKind::Choice { .. }, Some(t)) => {
                out.insert(spec.name.to_string(), OptionValue::Text(t.to_string()));
            }
            (OptionKind::List { .. }, Some(t)) => {
                let parsed: Result<Vec<i64>, _> = t
                    .split([',', ' '])
                    .filter(|p| !p.trim().is_empty())
                    .map(|p| p.trim().parse::<i64>())
                    .collect();
                match parsed {
                    Ok(list) => {
                        out.insert(spec.name.to_string(), OptionValue::List(list));
                    }
                    Err(_) => errors.add(
                        "options",
                        bad("is a list of whole numbers separated by commas"),
                    ),
                }
            }
        }
    }
    errors.into_result(|| out)
}

// ---------------------------------------------------------------------------------------------
// Set-up and seating
// ---------------------------------------------------------------------------------------------

/// A valid game set-up: the rule set with its options, the players in seating order, the first
/// dealer and the money settings. Made only by [`GameSetup::try_from`] a [`RawSetup`].
#[derive(Debug, Clone, PartialEq)]
pub struct GameSetup {
    rules: RuleSet,
    players: Vec<String>,
    first_dealer: usize,
    cents: i64,
    points_per_cent: i64,
    currency: String,
}

impl TryFrom<RawSetup> for GameSetup {
    type Error = FieldErrors;

    fn try_from(raw: RawSetup) -> Result<GameSetup, FieldErrors> {
        GameSetup::parse(&raw)
    }
}

impl TryFrom<&RawSetup> for GameSetup {
    type Error = FieldErrors;

    fn try_from(raw: &RawSetup) -> Result<GameSetup, FieldErrors> {
        GameSetup::parse(raw)
    }
}

impl GameSetup {
    fn parse(raw: &RawSetup) -> Result<GameSetup, FieldErrors> {
        let mut errors = FieldErrors::new();
        let rules = parse_rules(raw, &mut errors);

        // Players: trimmed, non-empty, short, plain, unique ignoring case.
        let players: Vec<String> = raw.players.iter().map(|n| n.trim().to_string()).collect();
        let checked = if players.len() > MAX_NAMES_CHECKED {
            &players[..0]
        } else {
            &players[..]
        };
        for (i, name) in checked.iter().enumerate() {
            let seat = i + 1;
            if name.is_empty() {
                errors.add("players", GameError::EmptyName { seat });
            } else if name.chars().count() > MAX_NAME_CHARS {
                errors.add("players", GameError::NameTooLong { seat });
            } else if name.chars().any(char::is_control) {
                errors.add("players", GameError::NameHasControl { seat });
            }
        }
        let mut seen: Vec<String> = Vec::new();
        let mut reported: Vec<String> = Vec::new();
        for name in checked.iter().filter(|n| !n.is_empty()) {
            let key = name.to_lowercase();
            if seen.contains(&key) && !reported.contains(&key) {
                errors.add("players", GameError::DuplicateName { name: name.clone() });
                reported.push(key);
            } else {
                seen.push(key);
            }
        }
        // The count is checked against the preset even when an option is wrong, so every
        // problem is reported at once.
        let info = rules
            .as_ref()
            .map(|rs| rs.info)
            .or_else(|| super::ruleset::preset_info(raw.rules.trim()));
        if let Some(info) = info
            && !(usize::from(info.min_players)..=usize::from(info.max_players))
                .contains(&players.len())
        {
            errors.add(
                "players",
                GameError::PlayerCount {
                    given: players.len(),
                    min: info.min_players,
                    max: info.max_players,
                    rules: info.name,
                },
            );
        }

        let first_dealer = match given(&raw.first_dealer) {
            None => 0,
            Some(name) => find_name(&players, name).unwrap_or_else(|| {
                errors.add(
                    "first_dealer",
                    GameError::UnknownFirstDealer {
                        given: name.to_string(),
                    },
                );
                0
            }),
        };

        // Money per point or unit.
        let mut number = |field: &'static str, value: &Option<RawNumber>| match value
            .as_ref()
            .map(RawNumber::parse)
        {
            None | Some(Ok(None)) => None,
            Some(Ok(Some(n))) => Some((field, n)),
            Some(Err(text)) => {
                errors.add(
                    field,
                    GameError::NotANumber {
                        what: Quantity::PointValue,
                        given: text,
                    },
                );
                None
            }
        };
        let per_point = number("cents_per_point", &raw.cents_per_point);
        let per_unit = number("cents_per_unit", &raw.cents_per_unit);
        let cents = match (per_point, per_unit) {
            (Some((_, a)), Some((field, b))) if a != b => {
                errors.add(field, GameError::CentsTwice);
                DEFAULT_CENTS
            }
            (Some((field, n)), _) | (None, Some((field, n))) => {
                if !(0..=MAX_CENTS).contains(&n) {
                    errors.add(field, GameError::CentsOutOfRange { given: n });
                }
                n
            }
            (None, None) => DEFAULT_CENTS,
        };
        let points_per_cent = match raw.points_per_cent.as_ref().map(RawNumber::parse) {
            None | Some(Ok(None)) => DEFAULT_POINTS_PER_CENT,
            Some(Ok(Some(n))) => {
                if !(1..=MAX_POINTS_PER_CENT).contains(&n) {
                    errors.add(
                        "points_per_cent",
                        GameError::PointsPerCentOutOfRange { given: n },
                    );
                } else if n != DEFAULT_POINTS_PER_CENT
                    && let Some(rs) = &rules
                    && matches!(rs.scheme, Scheme::Places | Scheme::Units)
                {
                    errors.add(
                        "points_per_cent",
                        GameError::PointsPerCentNotUsed {
                            rules: rs.info.name,
                        },
                    );
                }
                n
            }
            Some(Err(text)) => {
                errors.add(
                    "points_per_cent",
                    GameError::NotANumber {
                        what: Quantity::PointsPerCent,
                        given: text,
                    },
                );
                DEFAULT_POINTS_PER_CENT
            }
        };

        let currency = given(&raw.currency).unwrap_or(DEFAULT_CURRENCY).to_string();
        if currency.chars().count() > MAX_CURRENCY_CHARS || currency.chars().any(char::is_control) {
            errors.add("currency", GameError::BadCurrency);
        }

        match rules {
            Some(rules) if errors.is_empty() => Ok(GameSetup {
                rules,
                players,
                first_dealer,
                cents,
                points_per_cent,
                currency,
            }),
            _ => Err(errors),
        }
    }

    /// The set-up as a canonical [`RawSetup`] (every option with its value, names as stored),
    /// for storage: parsing it again gives an equal set-up.
    pub fn to_raw(&self) -> RawSetup {
        let cents = Some(RawNumber::Int(self.cents));
        let units = self.rules.scheme == Scheme::Units;
        RawSetup {
            rules: self.rules.id().to_string(),
            options: self.rules.options.clone(),
            players: self.players.clone(),
            first_dealer: Some(self.players[self.first_dealer].clone()),
            cents_per_point: if units { None } else { cents.clone() },
            cents_per_unit: if units { cents } else { None },
            points_per_cent: (self.points_per_cent != DEFAULT_POINTS_PER_CENT)
                .then_some(RawNumber::Int(self.points_per_cent)),
            currency: Some(self.currency.clone()),
            settlement: None,
        }
    }

    /// The rule set with its options.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Player names in seating order.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The name of player `i` (seating order, from 0).
    pub fn name(&self, i: usize) -> &str {
        &self.players[i]
    }

    /// The player with this name (ignoring case and surrounding spaces).
    pub fn find_player(&self, name: &str) -> Option<usize> {
        find_name(&self.players, name)
    }

    /// Index of the first round's dealer.
    pub fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    /// Cents per point, or per unit where the scheme is `units`.
    pub fn cents(&self) -> i64 {
        self.cents
    }

    /// Points that [`GameSetup::cents`] buys: 1 for whole cents per point, 10 for a tenth of
    /// a cent a point (points schemes only).
    pub fn points_per_cent(&self) -> i64 {
        self.points_per_cent
    }

    /// The name of the money value: `cents_per_unit` for Continental, else `cents_per_point`.
    pub fn cents_field(&self) -> &'static str {
        if self.rules.scheme == Scheme::Units {
            "cents_per_unit"
        } else {
            "cents_per_point"
        }
    }

    /// Currency symbol.
    pub fn currency(&self) -> &str {
        &self.currency
    }

    /// The settlement scheme (RULES.md section 6).
    pub fn scheme(&self) -> Scheme {
        self.rules.scheme
    }

    /// Rounds in the game.
    pub fn round_count(&self) -> usize {
        self.rules.round_count(self.players.len())
    }

    /// Lower totals are better (every rule set but Continental).
    pub fn lower_is_better(&self) -> bool {
        !self.rules.higher_is_better
    }

    /// The dealer of round `round` (from 1): the first dealer, then clockwise
    /// (RULES.md section 4, "Dealer rotates clockwise").
    pub fn dealer(&self, round: usize) -> usize {
        let n = self.players.len();
        (self.first_dealer + round.saturating_sub(1) % n) % n
    }

    /// Liverpool: who cuts in round `round`: the player before the dealer in seating order
    /// (the dealer's right). `None` where the rule set has no cut bonus (RULES.md 4 liverpool).
    pub fn cutter(&self, round: usize) -> Option<usize> {
        let n = self.players.len();
        self.rules
            .cut_bonus
            .map(|_| (self.dealer(round) + n - 1) % n)
    }

    /// The banner of round `round`, or `None` outside the game.
    pub fn round_info(&self, round: usize) -> Option<RoundInfo> {
        let spec = self.rules.round(round, self.players.len())?;
        Some(RoundInfo::new(self, round, &spec))
    }

    /// Parses a round's entry as round `round` of this game (see [`RoundEntry`]).
    pub fn parse_round(&self, round: usize, raw: &RawRound) -> Result<RoundEntry, FieldErrors> {
        RoundEntry::try_from((self, round, raw))
    }
}

fn find_name(players: &[String], name: &str) -> Option<usize> {
    let key = name.trim().to_lowercase();
    players.iter().position(|p| p.to_lowercase() == key)
}

/// The rule set with its options and settlement scheme; errors keyed `rules`, `options` or
/// `settlement`.
fn parse_rules(raw: &RawSetup, errors: &mut FieldErrors) -> Option<RuleSet> {
    let id = raw.rules.trim();
    if id.is_empty() {
        errors.add("rules", GameError::NoRules);
        return None;
    }
    let rs = match RuleSet::with_options(id, &raw.options) {
        Ok(rs) => rs,
        Err(e @ OptionError::UnknownRuleSet(_)) => {
            errors.add("rules", GameError::Options(e));
            return None;
        }
        Err(e) => {
            errors.add("options", GameError::Options(e));
            return None;
        }
    };
    let Some(wanted) = given(&raw.settlement) else {
        return Some(rs);
    };
    if !rs.schemes.iter().any(|s| s.id() == wanted) {
        errors.add(
            "settlement",
            GameError::SettlementNotOffered {
                given: wanted.to_string(),
                offered: rs.schemes.clone(),
            },
        );
        return None;
    }
    match raw.options.get("settlement") {
        Some(OptionValue::Text(option)) if option != wanted => {
            errors.add(
                "settlement",
                GameError::SettlementTwice {
                    given: wanted.to_string(),
                    option: option.clone(),
                },
            );
            None
        }
        _ if rs.scheme.id() == wanted => Some(rs),
        _ => {
            // The scheme is offered, so the rule set has the `settlement` option.
            let mut options = raw.options.clone();
            options.insert("settlement".into(), OptionValue::Text(wanted.to_string()));
            match RuleSet::with_options(id, &options) {
                Ok(rs) => Some(rs),
                Err(e) => {
                    errors.add("settlement", GameError::Options(e));
                    None
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The banner of a round
// ---------------------------------------------------------------------------------------------

/// What the table needs to know before a round (RULES.md section 4): the banner of the game
/// page and the `next_round` of the JSON state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundInfo {
    /// The round, from 1.
    pub round: usize,
    /// Rounds in the game ("round 3 of 7").
    pub of: usize,
    /// Who deals (player index).
    pub dealer: usize,
    /// Who cuts, where the rule set has a cut bonus (Liverpool).
    pub cutter: Option<usize>,
    /// The contract; `None` where there are no contracts (Rommé).
    pub contract: Option<Contract>,
    /// Cards dealt to each player.
    pub deal: u8,
    /// Liverpool: cutting exactly this many cards earns the cut bonus.
    pub cut_target: Option<u32>,
    /// Decks and jokers for this player count.
    pub decks: Decks,
    /// Buying (May I) in this round.
    pub buys: Buys,
    /// The contract is the whole hand: every card melded at once, no discard.
    pub go_out_all: bool,
    /// The contract needs more cards than are dealt (buys make it possible).
    pub needs_more_than_dealt: bool,
    /// The round may end with nobody going out.
    pub no_winner_allowed: bool,
    /// The round's special rules, in the order a banner lists them (`text` says each).
    pub restrictions: Vec<Restriction>,
}

impl RoundInfo {
    fn new(setup: &GameSetup, round: usize, spec: &RoundSpec) -> RoundInfo {
        let rs = &setup.rules;
        let players = setup.player_count();
        let contract = spec.contract.clone();
        let decks = rs.decks(players);
        RoundInfo {
            round,
            of: setup.round_count(),
            dealer: setup.dealer(round),
            cutter: setup.cutter(round),
            contract,
            deal: spec.deal,
            cut_target: rs.cut_target(players, spec),
            decks,
            buys: spec.buys,
            go_out_all: spec.go_out_all,
            needs_more_than_dealt: spec.needs_more_than_dealt(),
            no_winner_allowed: rs.no_winner_allowed,
            restrictions: restrictions(rs, spec),
        }
    }
}

/// A special rule of a round, for its banner (RULES.md sections 3 and 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Restriction {
    /// No contract: the first meld must be worth at least these points (Rommé).
    OpeningPoints(u32),
    /// Go out with exactly this many cards, all in runs at once.
    GoOutWithAll(u8),
    /// Go out all at once: every card melded, no discard.
    GoOutAll,
    /// The contract meld holds exactly the cards the contract asks for.
    ExactMinimum,
    /// Two runs of one suit may not join end to end.
    NoContiguousRuns,
    /// Every run in its own suit.
    RunsDifferentSuits,
    /// No two sets of the same rank.
    NoTwoSetsSameRank,
    /// The contract needs more cards than are dealt (only buying makes it possible).
    NeedsMoreThanDealt,
}

/// The special rules of a round, in banner order.
pub fn restrictions(rs: &RuleSet, spec: &RoundSpec) -> Vec<Restriction> {
    let mut out = Vec::new();
    if let Some(points) = rs.opening_points {
        out.push(Restriction::OpeningPoints(points));
    }
    match spec.total_cards {
        Some(n) => out.push(Restriction::GoOutWithAll(n)),
        None if spec.go_out_all => out.push(Restriction::GoOutAll),
        None => {}
    }
    for (on, restriction) in [
        (spec.exact_minimum, Restriction::ExactMinimum),
        (spec.no_contiguous_runs, Restriction::NoContiguousRuns),
        (spec.runs_different_suits, Restriction::RunsDifferentSuits),
        (spec.no_two_sets_same_rank, Restriction::NoTwoSetsSameRank),
        (
            spec.needs_more_than_dealt(),
            Restriction::NeedsMoreThanDealt,
        ),
    ] {
        if on {
            out.push(restriction);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// A round's entry and its score
// ---------------------------------------------------------------------------------------------

/// What was entered for a player who did not go out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Penalty {
    /// Points typed as a total.
    Points(i64),
    /// Cards left in hand and what they count under the rule set's table.
    Cards {
        /// The cards as entered.
        cards: Vec<Card>,
        /// Their penalty points.
        points: i64,
    },
}

impl Penalty {
    /// The penalty points (before doubling and bonuses).
    pub fn points(&self) -> i64 {
        match self {
            Penalty::Points(p) | Penalty::Cards { points: p, .. } => *p,
        }
    }
}

/// A valid round result, scored. Made only by parsing a [`RawRound`] against a
/// [`GameSetup`] and a round number ([`GameSetup::parse_round`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundEntry {
    round: usize,
    went_out: Option<usize>,
    penalties: Vec<Option<Penalty>>,
    cut_bonus: bool,
    hand_rommee: bool,
    buys: Vec<i64>,
    hand: Option<ContinentalHand>,
    points: Vec<i64>,
}

impl<'a> TryFrom<(&'a GameSetup, usize, &'a RawRound)> for RoundEntry {
    type Error = FieldErrors;

    /// Parses `raw` as round `round` of the game set up by `setup` (RULES.md sections 4-5).
    fn try_from(
        (setup, round, raw): (&'a GameSetup, usize, &'a RawRound),
    ) -> Result<RoundEntry, FieldErrors> {
        parse_entry(setup, round, raw)
    }
}

impl RoundEntry {
    /// The round, from 1.
    pub fn round(&self) -> usize {
        self.round
    }

    /// Who went out (Continental: who won the hand); `None` for a round nobody won.
    pub fn went_out(&self) -> Option<usize> {
        self.went_out
    }

    /// What was entered for player `i`: `None` for the one who went out (and in Continental).
    pub fn penalty(&self, i: usize) -> Option<&Penalty> {
        self.penalties.get(i).and_then(Option::as_ref)
    }

    /// Liverpool: the cutter hit the target.
    pub fn cut_bonus(&self) -> bool {
        self.cut_bonus
    }

    /// Rommé: Hand-Rommé.
    pub fn hand_rommee(&self) -> bool {
        self.hand_rommee
    }

    /// Buys per player in this round.
    pub fn buys(&self) -> &[i64] {
        &self.buys
    }

    /// Continental: the winning hand.
    pub fn hand(&self) -> Option<&ContinentalHand> {
        self.hand.as_ref()
    }

    /// The scores that count for this round, per player (RULES.md section 5).
    pub fn points(&self) -> &[i64] {
        &self.points
    }

    /// The entry as a canonical [`RawRound`] (names as in the set-up, cards in the notation),
    /// for storage and for filling a correction form. Parsing it again gives an equal entry.
    pub fn to_raw(&self, setup: &GameSetup) -> RawRound {
        let name = |i: usize| setup.name(i).to_string();
        let mut raw = RawRound {
            round: i64::try_from(self.round).ok(),
            ..RawRound::default()
        };
        for (i, penalty) in self.penalties.iter().enumerate() {
            match penalty {
                Some(Penalty::Points(p)) => {
                    raw.points.insert(name(i), RawNumber::Int(*p));
                }
                Some(Penalty::Cards { cards, .. }) => {
                    raw.cards
                        .insert(name(i), RawCards::Text(cards::format_cards(cards)));
                }
                None => {}
            }
        }
        for (i, &b) in self.buys.iter().enumerate() {
            if b != 0 {
                raw.buys.insert(name(i), RawNumber::Int(b));
            }
        }
        raw.cut_bonus = self.cut_bonus.then_some(true);
        raw.hand_rommee = self.hand_rommee.then_some(true);
        match &self.hand {
            Some(h) => {
                raw.winner = Some(name(h.winner));
                raw.jokers = Some(RawNumber::Int(i64::from(h.jokers)));
                raw.first_turn = h.first_turn.then_some(true);
                raw.second_turn = h.second_turn.then_some(true);
                raw.one_suit = h.one_suit.then_some(true);
                raw.no_wilds = h.no_wilds.then_some(true);
            }
            None => raw.went_out = self.went_out.map(name),
        }
        raw
    }
}

/// A player named in a map of the entry: the index, or an error keyed `field`.
fn player_in(
    setup: &GameSetup,
    name: &str,
    field: &str,
    errors: &mut FieldErrors,
) -> Option<usize> {
    let found = setup.find_player(name);
    if found.is_none() {
        errors.add(
            field,
            GameError::UnknownPlayer {
                name: name.trim().to_string(),
                players: setup.players.clone(),
            },
        );
    }
    found
}

fn parse_entry(setup: &GameSetup, round: usize, raw: &RawRound) -> Result<RoundEntry, FieldErrors> {
    let rs = &setup.rules;
    let n = setup.player_count();
    let Some(spec) = rs.round(round, n) else {
        return Err(FieldErrors::single(
            "round",
            GameError::RoundOutOfRange {
                round: i64::try_from(round).unwrap_or(i64::MAX),
                of: setup.round_count(),
            },
        ));
    };
    let mut errors = FieldErrors::new();
    if let Some(given) = raw.round
        && usize::try_from(given).ok() != Some(round)
    {
        errors.add("round", GameError::RoundMismatch { given, round });
    }

    // Who went out: `went_out`, or `winner` (Continental's name for it).
    let named = match (given(&raw.went_out), given(&raw.winner)) {
        (Some(a), Some(b)) if find_name(&setup.players, a) != find_name(&setup.players, b) => {
            errors.add("winner", GameError::WinnerTwice);
            None
        }
        (Some(a), _) => Some(("went_out", a)),
        (None, Some(b)) => Some(("winner", b)),
        (None, None) => None,
    };
    let went_out = named.and_then(|(field, name)| player_in(setup, name, field, &mut errors));
    if named.is_none() && !rs.no_winner_allowed {
        let field = if rs.penalty.is_none() {
            "winner"
        } else {
            "went_out"
        };
        errors.add(field, GameError::WinnerRequired);
    }

    let buys = parse_buys(setup, round, &spec, raw, &mut errors);

    if raw.cut_bonus == Some(true) && rs.cut_bonus.is_none() {
        errors.add(
            "cut_bonus",
            GameError::CutBonusNotPlayed {
                rules: rs.info.name,
            },
        );
    }
    if raw.hand_rommee == Some(true) {
        if !rs.hand_rommee {
            errors.add(
                "hand_rommee",
                GameError::HandRommeeNotPlayed {
                    rules: rs.info.name,
                },
            );
        } else if named.is_none() {
            errors.add("hand_rommee", GameError::HandRommeeNeedsWinner);
        }
    }

    let (penalties, hand) = if rs.penalty.is_none() {
        (vec![None; n], parse_hand(setup, went_out, raw, &mut errors))
    } else {
        let continental_fields = [
            (
                "jokers",
                raw.jokers
                    .as_ref()
                    .is_some_and(|j| !matches!(j.parse(), Ok(None | Some(0)))),
            ),
            ("first_turn", raw.first_turn == Some(true)),
            ("second_turn", raw.second_turn == Some(true)),
            ("one_suit", raw.one_suit == Some(true)),
            ("no_wilds", raw.no_wilds == Some(true)),
        ];
        for (field, set) in continental_fields {
            if set {
                errors.add(field, GameError::ContinentalOnly { field });
            }
        }
        let check_missing = went_out.is_some() || (named.is_none() && rs.no_winner_allowed);
        (
            parse_penalties(setup, went_out, check_missing, raw, &mut errors),
            None,
        )
    };

    if !errors.is_empty() {
        return Err(errors);
    }
    let cut_bonus = raw.cut_bonus == Some(true);
    let hand_rommee = raw.hand_rommee == Some(true);
    let points = score(
        setup,
        round,
        went_out,
        &penalties,
        cut_bonus,
        hand_rommee,
        hand.as_ref(),
    );
    Ok(RoundEntry {
        round,
        went_out,
        penalties,
        cut_bonus,
        hand_rommee,
        buys,
        hand,
        points,
    })
}

/// Points or cards for every player but the one who went out (RULES.md section 5).
/// `check_missing`: say which players lack both (only useful once the winner is known, or
/// nobody won).
fn parse_penalties(
    setup: &GameSetup,
    went_out: Option<usize>,
    check_missing: bool,
    raw: &RawRound,
    errors: &mut FieldErrors,
) -> Vec<Option<Penalty>> {
    let n = setup.player_count();
    let mut typed: Vec<Vec<i64>> = vec![Vec::new(); n];
    let mut counted: Vec<Vec<Vec<Card>>> = vec![Vec::new(); n];
    for (name, value) in &raw.points {
        let Some(i) = player_in(setup, name, "points", errors) else {
            continue;
        };
        let player = setup.name(i).to_string();
        match value.parse() {
            Ok(None) => {}
            Ok(Some(p)) if (0..=MAX_POINTS).contains(&p) => typed[i].push(p),
            Ok(Some(p)) => errors.add(
                player.clone(),
                GameError::PointsOutOfRange { player, given: p },
            ),
            Err(text) => errors.add(
                player.clone(),
                GameError::NotANumber {
                    what: Quantity::Points,
                    given: text,
                },
            ),
        }
    }
    for (name, value) in &raw.cards {
        let Some(i) = player_in(setup, name, "cards", errors) else {
            continue;
        };
        let player = setup.name(i).to_string();
        match value.parse() {
            Ok(None) => {}
            Ok(Some(cards)) => counted[i].push(cards),
            Err(error) => errors.add(player.clone(), GameError::BadCards { player, error }),
        }
    }
    let mut out = vec![None; n];
    for i in 0..n {
        let player = setup.name(i).to_string();
        let (points, cards) = (typed[i].len(), counted[i].len());
        if Some(i) == went_out {
            if points + cards > 0 {
                errors.add(player.clone(), GameError::WinnerHasPoints { player });
            }
            continue;
        }
        out[i] = match (points, cards) {
            (1, 0) => Some(Penalty::Points(typed[i][0])),
            (0, 1) => {
                let cards = counted[i].pop().unwrap_or_default();
                let points = setup.rules.penalty_points(&cards).unwrap_or(0);
                Some(Penalty::Cards { cards, points })
            }
            (0, 0) => {
                if check_missing && errors.get(&player).is_none() {
                    errors.add(player.clone(), GameError::MissingPenalty { player });
                }
                None
            }
            (p, c) if p > 0 && c > 0 => {
                errors.add(player.clone(), GameError::PointsAndCards { player });
                None
            }
            _ => {
                // Two spellings of one name in the same map.
                errors.add(player.clone(), GameError::GivenTwice { player });
                None
            }
        };
    }
    out
}

/// Buys per player, within the round's limit and only where buying is allowed
/// (RULES.md section 4: `progressive` rounds 9-14, `shanghai` at most 2).
fn parse_buys(
    setup: &GameSetup,
    round: usize,
    spec: &RoundSpec,
    raw: &RawRound,
    errors: &mut FieldErrors,
) -> Vec<i64> {
    let n = setup.player_count();
    let mut buys = vec![0i64; n];
    let mut seen = vec![false; n];
    for (name, value) in &raw.buys {
        let Some(i) = player_in(setup, name, "buys", errors) else {
            continue;
        };
        let player = setup.name(i).to_string();
        let field = buys_field(&player);
        let count = match value.parse() {
            Ok(None) | Ok(Some(0)) => continue,
            Ok(Some(b)) => b,
            Err(text) => {
                errors.add(
                    field,
                    GameError::NotANumber {
                        what: Quantity::Buys,
                        given: text,
                    },
                );
                continue;
            }
        };
        if std::mem::replace(&mut seen[i], true) {
            errors.add(field, GameError::GivenTwice { player });
        } else if count < 0 {
            errors.add(field, GameError::NegativeBuys { player });
        } else if !spec.buys.allowed {
            let rounds = (1..=setup.round_count())
                .filter(|&r| setup.rules.round(r, n).is_some_and(|s| s.buys.allowed))
                .collect();
            errors.add(
                field,
                GameError::BuysNotAllowed {
                    player,
                    round,
                    rounds,
                },
            );
        } else {
            let limit = spec.buys.limit.map_or(MAX_BUYS_PER_ROUND, i64::from);
            if count > limit {
                errors.add(
                    field,
                    GameError::TooManyBuys {
                        player,
                        given: count,
                        limit,
                        round,
                    },
                );
            } else {
                buys[i] = count;
            }
        }
    }
    buys
}

/// Continental: the winning hand, checked with the settlement module's rules
/// (RULES.md section 4 `continental`).
fn parse_hand(
    setup: &GameSetup,
    winner: Option<usize>,
    raw: &RawRound,
    errors: &mut FieldErrors,
) -> Option<ContinentalHand> {
    if !raw.points.is_empty() || !raw.cards.is_empty() {
        errors.add("points", GameError::UnitsOnly);
    }
    let jokers = match raw.jokers.as_ref().map(RawNumber::parse) {
        None | Some(Ok(None)) => 0,
        Some(Ok(Some(j))) => match u32::try_from(j) {
            Ok(j) => j,
            Err(_) => {
                errors.add(
                    "jokers",
                    GameError::Hand(HandError::TooManyJokers { jokers: u32::MAX }),
                );
                return None;
            }
        },
        Some(Err(text)) => {
            errors.add(
                "jokers",
                GameError::NotANumber {
                    what: Quantity::Jokers,
                    given: text,
                },
            );
            return None;
        }
    };
    let hand = ContinentalHand {
        winner: winner?,
        jokers,
        first_turn: raw.first_turn == Some(true),
        second_turn: raw.second_turn == Some(true),
        one_suit: raw.one_suit == Some(true),
        no_wilds: raw.no_wilds == Some(true),
    };
    match settlement::hand_units(&hand, &money::units_config(&setup.rules)) {
        Ok(_) => Some(hand),
        Err(e) => {
            errors.add(hand_error_field(&e), GameError::Hand(e));
            None
        }
    }
}

/// The scores that count for one round (RULES.md section 5):
/// - the player who went out scores 0, everyone else the penalty entered for them;
/// - Rommé Hand-Rommé doubles the others' penalties;
/// - Liverpool cut bonus: the cut bonus (50) off the round's cutter's score;
/// - Continental: the hand's units, the winner receiving them from each other player.
fn score(
    setup: &GameSetup,
    round: usize,
    went_out: Option<usize>,
    penalties: &[Option<Penalty>],
    cut_bonus: bool,
    hand_rommee: bool,
    hand: Option<&ContinentalHand>,
) -> Vec<i64> {
    let n = setup.player_count();
    if let Some(hand) = hand {
        // Checked while parsing.
        let units = settlement::hand_units(hand, &money::units_config(&setup.rules)).unwrap_or(0);
        let others = i64::try_from(n - 1).unwrap_or(0);
        return (0..n)
            .map(|i| {
                if i == hand.winner {
                    units * others
                } else {
                    -units
                }
            })
            .collect();
    }
    let factor = if hand_rommee { 2 } else { 1 };
    let mut points: Vec<i64> = (0..n)
        .map(|i| {
            if Some(i) == went_out {
                0
            } else {
                penalties[i].as_ref().map_or(0, Penalty::points) * factor
            }
        })
        .collect();
    if cut_bonus && let (Some(bonus), Some(cutter)) = (setup.rules.cut_bonus, setup.cutter(round)) {
        points[cutter] -= bonus;
    }
    points
}

// ---------------------------------------------------------------------------------------------
// The game's state
// ---------------------------------------------------------------------------------------------

/// An entered round with its banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredRound {
    /// Dealer, cutter, contract … of the round.
    pub info: RoundInfo,
    /// What was entered, with the scores that count ([`RoundEntry::points`]).
    pub entry: RoundEntry,
}

/// Where a game stands: the score sheet, the next round, and when it is over, places and money
/// (RULES.md sections 5-6).
#[derive(Debug, Clone, PartialEq)]
pub struct GameState {
    /// Entered rounds, 1, 2, … in order.
    pub rounds: Vec<ScoredRound>,
    /// Each player's total: the sum of their round points.
    pub totals: Vec<i64>,
    /// Each player's buys over the game.
    pub buys: Vec<i64>,
    /// The players with the best total (empty before the first round).
    pub leaders: Vec<usize>,
    /// Current place per player, 1 = best, ties share (lower totals are better except in
    /// Continental).
    pub places: Vec<u32>,
    /// The round to play next; `None` when the game is over.
    pub next_round: Option<RoundInfo>,
    /// Every round is entered, or the table ended the game early after at least one round.
    pub finished: bool,
    /// The table ended the game early.
    pub ended_early: bool,
    /// When finished: the money, or why it cannot be settled.
    pub settlement: Option<Result<Settlement, GameError>>,
}

impl GameState {
    /// The state after `entries`, which must be rounds 1, 2, … of this set-up in order (as
    /// [`GameSetup::parse_round`] made them; entries of another set-up are left out).
    pub fn new(setup: &GameSetup, entries: Vec<RoundEntry>, ended_early: bool) -> GameState {
        let n = setup.player_count();
        let mut totals = vec![0i64; n];
        let mut buys = vec![0i64; n];
        let mut rounds = Vec::with_capacity(entries.len());
        for entry in entries {
            // Entries parsed for another set-up (a caller's bug) are left out, never a panic.
            let Some(info) = setup.round_info(entry.round) else {
                continue;
            };
            if entry.points.len() != n || entry.buys.len() != n {
                continue;
            }
            for (total, p) in totals.iter_mut().zip(&entry.points) {
                *total = total.saturating_add(*p);
            }
            for (sum, b) in buys.iter_mut().zip(&entry.buys) {
                *sum = sum.saturating_add(*b);
            }
            rounds.push(ScoredRound { info, entry });
        }
        let played = rounds.len();
        let finished = played >= setup.round_count() || (ended_early && played > 0);
        let next_round = if finished || ended_early {
            None
        } else {
            setup.round_info(played + 1)
        };
        let lower = setup.lower_is_better();
        let places = settlement::places(&totals, lower);
        let leaders = if played == 0 {
            Vec::new()
        } else {
            (0..n).filter(|&i| places[i] == 1).collect()
        };
        let settlement = finished.then(|| {
            let input = MoneyInput {
                totals: totals.clone(),
                buys: buys.clone(),
                hands: rounds.iter().filter_map(|r| r.entry.hand.clone()).collect(),
                cents: setup.cents,
                points_per_cent: setup.points_per_cent,
            };
            money::settle(&setup.rules, n, &input).map_err(GameError::Settlement)
        });
        GameState {
            rounds,
            totals,
            buys,
            leaders,
            places,
            next_round,
            finished,
            ended_early,
            settlement,
        }
    }

    /// The state from stored raw entries (round 1 first). A stored entry that no longer
    /// parses is returned with its round number and its errors.
    pub fn from_raw(
        setup: &GameSetup,
        raws: &[RawRound],
        ended_early: bool,
    ) -> Result<GameState, (usize, FieldErrors)> {
        let entries = raws
            .iter()
            .enumerate()
            .map(|(i, raw)| setup.parse_round(i + 1, raw).map_err(|e| (i + 1, e)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(GameState::new(setup, entries, ended_early))
    }

    /// Which round an entry goes to: `requested` (an entered round: a correction; the next
    /// one: a new round), or the next round when `None`. Errors are keyed `round`.
    pub fn target_round(
        &self,
        setup: &GameSetup,
        requested: Option<i64>,
    ) -> Result<usize, FieldErrors> {
        let of = setup.round_count();
        let next = self.rounds.len() + 1;
        let fail = |e| Err(FieldErrors::single("round", e));
        let round = match requested {
            None => next,
            Some(r) => match usize::try_from(r) {
                Ok(u) if (1..=of).contains(&u) => u,
                _ => return fail(GameError::RoundOutOfRange { round: r, of }),
            },
        };
        if round < next {
            return Ok(round);
        }
        if round > next {
            return fail(GameError::RoundNotYet {
                round: i64::try_from(round).unwrap_or(i64::MAX),
                next,
            });
        }
        if self.ended_early {
            return fail(GameError::EndedEarly);
        }
        if next > of {
            return fail(GameError::GameFinished { of });
        }
        Ok(round)
    }

    /// Whether the table may end the game now (RULES.md section 6 needs at least one round).
    pub fn check_end_early(&self) -> Result<(), GameError> {
        if self.rounds.is_empty() {
            Err(GameError::NothingToEnd)
        } else if self.finished && !self.ended_early {
            Err(GameError::AlreadyFinished)
        } else {
            Ok(())
        }
    }

    /// Each player's total after each entered round (the running totals of a score sheet):
    /// `running_totals()[r][i]` is player `i`'s total after round `r + 1`.
    pub fn running_totals(&self) -> Vec<Vec<i64>> {
        let mut sums = vec![0i64; self.totals.len()];
        self.rounds
            .iter()
            .map(|r| {
                for (sum, p) in sums.iter_mut().zip(r.entry.points()) {
                    *sum = sum.saturating_add(*p);
                }
                sums.clone()
            })
            .collect()
    }

    /// Whether there is a round to undo.
    pub fn check_undo(&self) -> Result<(), GameError> {
        if self.rounds.is_empty() {
            Err(GameError::NothingToUndo)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup_with(
        rules: &str,
        players: &[&str],
        options: &[(&str, OptionValue)],
        cents: i64,
    ) -> GameSetup {
        GameSetup::try_from(RawSetup {
            rules: rules.into(),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
            players: players.iter().map(|p| p.to_string()).collect(),
            cents_per_point: Some(RawNumber::Int(cents)),
            ..RawSetup::default()
        })
        .unwrap_or_else(|e| panic!("set-up of {rules} is valid: {e}"))
    }

    fn setup(rules: &str, players: &[&str]) -> GameSetup {
        setup_with(rules, players, &[], 1)
    }

    fn raw(went_out: Option<&str>, points: &[(&str, i64)]) -> RawRound {
        RawRound {
            went_out: went_out.map(str::to_string),
            points: points
                .iter()
                .map(|(k, v)| (k.to_string(), RawNumber::Int(*v)))
                .collect(),
            ..RawRound::default()
        }
    }

    fn play(setup: &GameSetup, rounds: &[RawRound]) -> GameState {
        GameState::from_raw(setup, rounds, false)
            .unwrap_or_else(|(n, e)| panic!("round {n} is valid: {e}"))
    }

    fn settled(state: &GameState) -> &Settlement {
        state
            .settlement
            .as_ref()
            .expect("the game is finished")
            .as_ref()
            .expect("the game settles")
    }

    fn errors(setup: &GameSetup, round: usize, raw: &RawRound) -> FieldErrors {
        setup
            .parse_round(round, raw)
            .expect_err("the entry is refused")
    }

    const LIVERPOOL: [&str; 4] = ["Ann", "Ben", "Cy", "Di"];

    #[test]
    fn the_dealer_rotates_clockwise_from_the_first_dealer() {
        let mut raw = RawSetup {
            rules: "contract".into(),
            players: vec!["Ann".into(), "Ben".into(), "Cy".into()],
            first_dealer: Some(" cy ".into()),
            ..RawSetup::default()
        };
        let s = GameSetup::try_from(&raw).unwrap();
        assert_eq!(s.first_dealer(), 2);
        let dealers: Vec<usize> = (1..=7).map(|r| s.dealer(r)).collect();
        assert_eq!(dealers, [2, 0, 1, 2, 0, 1, 2]);
        raw.first_dealer = None;
        let s = GameSetup::try_from(&raw).unwrap();
        assert_eq!(s.dealer(1), 0, "the first player deals first by default");
        assert_eq!(s.cutter(1), None, "contract rummy has no cutter");
        assert_eq!(s.round_info(1).unwrap().cut_target, None);
    }

    #[test]
    fn liverpool_cutter_is_the_player_before_the_dealer_and_the_target_is_players_times_deal_plus_one()
     {
        let s = setup("liverpool", &LIVERPOOL);
        let r1 = s.round_info(1).unwrap();
        assert_eq!((r1.dealer, r1.cutter), (0, Some(3)), "Ann deals, Di cuts");
        assert_eq!(r1.cut_target, Some(41));
        assert_eq!(r1.deal, 10);
        let r2 = s.round_info(2).unwrap();
        assert_eq!((r2.dealer, r2.cutter), (1, Some(0)), "Ben deals, Ann cuts");
        let r4 = s.round_info(4).unwrap();
        assert_eq!(r4.cut_target, Some(49), "4 x 12 + 1");
        let r7 = s.round_info(7).unwrap();
        assert_eq!((r7.dealer, r7.cutter), (2, Some(1)));
        assert!(r7.go_out_all);
        assert!(r7.restrictions.contains(&Restriction::GoOutAll));
        assert_eq!(r7.of, 7);
        assert!(s.round_info(8).is_none());
    }

    #[test]
    fn cards_are_counted_with_the_rule_sets_penalty_table() {
        let s = setup("shanghai", &["A", "B", "C"]);
        let mut r = raw(Some("C"), &[("B", 10)]);
        r.cards.insert(
            "a".into(),
            RawCards::List(vec!["AS".into(), "JK".into(), "7H".into()]),
        );
        let e = s.parse_round(1, &r).unwrap();
        assert_eq!(e.points(), [75, 10, 0], "A 20 + joker 50 + 7 counts 5");
        let p = setup("progressive", &["A", "B"]);
        let mut r = raw(Some("B"), &[]);
        r.cards
            .insert("A".into(), RawCards::Text("2H JK AS KD 3C".into()));
        assert_eq!(
            p.parse_round(1, &r).unwrap().points(),
            [20 + 20 + 15 + 10 + 5, 0]
        );
    }

    #[test]
    fn hand_rommee_doubles_the_others_penalties() {
        let s = setup("rommee", &["A", "B", "C"]);
        let mut r = raw(Some("A"), &[("B", 20)]);
        r.cards
            .insert("C".into(), RawCards::Text("AS KH 7D JK".into()));
        assert_eq!(s.parse_round(1, &r).unwrap().points(), [0, 20, 48]);
        r.hand_rommee = Some(true);
        assert_eq!(s.parse_round(1, &r).unwrap().points(), [0, 40, 96]);
    }

    #[test]
    fn shanghai_allows_at_most_two_buys_per_player_and_round() {
        let s = setup("shanghai", &["A", "B", "C"]);
        let mut r = raw(Some("A"), &[("B", 10), ("C", 10)]);
        r.buys.insert("C".into(), RawNumber::Text("2".into()));
        assert!(s.parse_round(1, &r).is_ok());
        r.buys.insert("C".into(), RawNumber::Int(3));
        let e = errors(&s, 1, &r);
        assert_eq!(e.get("buys.C").unwrap().code(), "too_many_buys");
        // Contract rummy's May I has no count limit.
        let c = setup("contract", &["A", "B", "C"]);
        assert_eq!(c.parse_round(1, &r).unwrap().buys(), [0, 0, 3]);
    }

    #[test]
    fn a_round_without_a_winner_is_allowed_in_the_contract_family_only() {
        let r = raw(None, &[("A", 5), ("B", 10), ("C", 15)]);
        for id in [
            "contract",
            "liverpool",
            "may-i",
            "shanghai",
            "progressive",
            "hollywood",
        ] {
            let s = setup(id, &["A", "B", "C"]);
            assert_eq!(s.parse_round(1, &r).unwrap().points(), [5, 10, 15], "{id}");
            assert_eq!(s.parse_round(1, &r).unwrap().went_out(), None);
        }
        let s = setup("rommee", &["A", "B", "C"]);
        let e = errors(&s, 1, &r);
        assert_eq!(e.get("went_out"), Some(&GameError::WinnerRequired));
        let s = setup("continental", &["A", "B", "C"]);
        let e = errors(&s, 1, &RawRound::default());
        assert_eq!(e.get("winner"), Some(&GameError::WinnerRequired));
        // Blank text counts as nobody.
        let s = setup("contract", &["A", "B", "C"]);
        let mut blank = r.clone();
        blank.went_out = Some("  ".into());
        assert_eq!(s.parse_round(1, &blank).unwrap().went_out(), None);
    }

    #[test]
    fn a_continental_hand_gives_the_winner_its_units_from_every_other_player() {
        let s = setup_with(
            "continental",
            &["A", "B", "C"],
            &[("turn_bonuses", OptionValue::Bool(true))],
            10,
        );
        let r = RawRound {
            winner: Some("A".into()),
            jokers: Some(RawNumber::Int(2)),
            first_turn: Some(true),
            ..RawRound::default()
        };
        let e = s.parse_round(1, &r).unwrap();
        // 1 + 2 x 2 jokers + 10 for the first turn = 15 units from each of 2 players.
        assert_eq!(e.points(), [30, -15, -15]);
        assert_eq!(e.hand().unwrap().jokers, 2);
        assert_eq!(e.went_out(), Some(0));
        // `went_out` is accepted for the winner too.
        let same = RawRound {
            went_out: Some("a".into()),
            winner: None,
            ..r.clone()
        };
        assert_eq!(s.parse_round(1, &same).unwrap(), e);
    }

    #[test]
    fn entries_survive_a_round_trip_through_their_raw_form() {
        let s = setup("liverpool", &LIVERPOOL);
        let mut r = raw(Some("ann"), &[("Ben", 35), ("Cy", 12)]);
        r.cards
            .insert("di".into(), RawCards::Text("as jk 10h".into()));
        r.cut_bonus = Some(true);
        r.buys.insert("BEN".into(), RawNumber::Text(" 2 ".into()));
        let e = s.parse_round(1, &r).unwrap();
        let canonical = e.to_raw(&s);
        assert_eq!(canonical.went_out.as_deref(), Some("Ann"));
        assert_eq!(canonical.cards["Di"], RawCards::Text("AS JK 10H".into()));
        assert_eq!(canonical.buys["Ben"], RawNumber::Int(2));
        assert_eq!(s.parse_round(1, &canonical).unwrap(), e);
        let c = setup_with(
            "continental",
            &["A", "B"],
            &[("twos_wild", OptionValue::Bool(true))],
            1,
        );
        let hand = RawRound {
            winner: Some("B".into()),
            no_wilds: Some(true),
            ..RawRound::default()
        };
        let e = c.parse_round(1, &hand).unwrap();
        assert_eq!(e.points(), [-11, 11]);
        assert_eq!(c.parse_round(1, &e.to_raw(&c)).unwrap(), e);
    }

    #[test]
    fn form_text_becomes_option_values_with_unchecked_boxes_false() {
        let form: BTreeMap<String, String> = [
            ("joker_points".to_string(), "50".to_string()),
            ("settlement".to_string(), "pairwise".to_string()),
            ("ace".to_string(), "".to_string()),
        ]
        .into();
        let options = options_from_form("contract", &form).unwrap();
        assert_eq!(options["jokers"], OptionValue::Bool(false));
        assert_eq!(options["joker_points"], OptionValue::Int(50));
        assert!(!options.contains_key("ace"));
        let payouts: BTreeMap<String, String> =
            [("payouts".to_string(), "0, 3, 6".to_string())].into();
        assert_eq!(
            options_from_form("progressive", &payouts).unwrap()["payouts"],
            OptionValue::List(vec![0, 3, 6])
        );
        let bad: BTreeMap<String, String> = [("joker_points".to_string(), "x".to_string())].into();
        assert!(
            options_from_form("contract", &bad)
                .unwrap_err()
                .get("options")
                .is_some()
        );
    }

    // ----- Finished games of every rule set, worked by hand -----

    #[test]
    fn contract_game_settles_lowest_collects() {
        let s = setup("contract", &["A", "B", "C"]);
        let mut rounds = vec![raw(Some("A"), &[("B", 10), ("C", 25)]); 6];
        rounds.push(raw(Some("B"), &[("A", 30), ("C", 5)]));
        let state = play(&s, &rounds);
        // A 30, B 6 x 10 = 60, C 6 x 25 + 5 = 155; A collects 30 from B and 125 from C.
        assert_eq!(state.totals, [30, 60, 155]);
        assert!(state.finished && state.next_round.is_none());
        assert_eq!(state.leaders, [0]);
        let m = settled(&state);
        assert_eq!(m.net_cents, [155, -30, -125]);
        assert_eq!(m.places, [1, 2, 3]);
    }

    #[test]
    fn liverpool_game_with_two_cut_bonuses_settles_lowest_collects() {
        let s = setup("liverpool", &LIVERPOOL);
        let mut rounds = Vec::new();
        for n in 1..=7 {
            let mut r = raw(Some("Ann"), &[("Ben", 35), ("Cy", 12)]);
            r.cards
                .insert("Di".into(), RawCards::Text("AS JK 10H".into()));
            // Round 1 Di cuts, round 2 Ann cuts (she went out: 0 - 50).
            r.cut_bonus = Some(n <= 2);
            rounds.push(r);
        }
        let state = play(&s, &rounds);
        assert_eq!(state.rounds[0].entry.points(), [0, 35, 12, -10]);
        assert_eq!(state.rounds[1].entry.points(), [-50, 35, 12, 40]);
        // Ann -50, Ben 245, Cy 84, Di 7 x 40 - 50 = 230.
        assert_eq!(state.totals, [-50, 245, 84, 230]);
        let m = settled(&state);
        assert_eq!(m.net_cents, [295 + 134 + 280, -295, -134, -280]);
        assert_eq!(m.places, [1, 4, 2, 3]);
    }

    #[test]
    fn may_i_game_with_a_round_nobody_won_settles_at_two_cents() {
        let s = setup_with("may-i", &["A", "B", "C"], &[], 2);
        let mut rounds = vec![raw(Some("B"), &[("A", 20), ("C", 8)]); 6];
        rounds.push(raw(None, &[("A", 5), ("B", 10), ("C", 15)]));
        let state = play(&s, &rounds);
        // A 125, B 10, C 63: B collects 115 and 53 points, 2 cents each.
        assert_eq!(state.totals, [125, 10, 63]);
        assert_eq!(settled(&state).net_cents, [-230, 336, -106]);
    }

    #[test]
    fn shanghai_game_counts_cards_and_settles() {
        let s = setup("shanghai", &["A", "B", "C"]);
        let mut r = raw(Some("C"), &[("B", 10)]);
        r.cards
            .insert("A".into(), RawCards::Text("AS JK 7H".into()));
        r.buys.insert("A".into(), RawNumber::Int(2));
        let state = play(&s, &vec![r; 7]);
        assert_eq!(state.totals, [525, 70, 0]);
        assert_eq!(state.buys, [14, 0, 0]);
        assert_eq!(settled(&state).net_cents, [-525, -70, 595]);
    }

    #[test]
    fn shanghai_powe_game_has_eight_rounds_and_tied_places_share() {
        let s = setup("shanghai-powe", &["A", "B", "C"]);
        let seven = play(&s, &vec![raw(Some("A"), &[("B", 5), ("C", 5)]); 7]);
        assert!(!seven.finished);
        assert_eq!(seven.next_round.as_ref().unwrap().round, 8);
        let state = play(&s, &vec![raw(Some("A"), &[("B", 5), ("C", 5)]); 8]);
        assert_eq!(state.totals, [0, 40, 40]);
        let m = settled(&state);
        assert_eq!(m.net_cents, [80, -40, -40]);
        assert_eq!(m.places, [1, 2, 2]);
        assert_eq!(state.places, [1, 2, 2]);
    }

    #[test]
    fn shanghai_kolsov_game_of_ten_rounds_splits_payments_between_tied_lowest() {
        let s = setup("shanghai-kolsov", &["A", "B", "C", "D"]);
        let mut rounds = vec![raw(Some("A"), &[("B", 10), ("C", 20), ("D", 30)]); 5];
        rounds.extend(vec![raw(Some("B"), &[("A", 10), ("C", 20), ("D", 30)]); 5]);
        let state = play(&s, &rounds);
        assert_eq!(state.totals, [50, 50, 200, 300]);
        assert_eq!(state.leaders, [0, 1]);
        // C pays 150 and D 250, each split between A and B.
        let m = settled(&state);
        assert_eq!(m.net_cents, [200, 200, -150, -250]);
        assert_eq!(m.places, [1, 1, 3, 4]);
        assert!(s.round_info(8).unwrap().needs_more_than_dealt);
    }

    #[test]
    fn progressive_game_pays_places_and_the_kitty_of_buys() {
        let s = setup("progressive", &["A", "B", "C", "D"]);
        let mut rounds = vec![raw(Some("B"), &[("A", 10), ("C", 30), ("D", 20)]); 15];
        rounds[8].buys.insert("A".into(), RawNumber::Int(1));
        rounds[11].buys.insert("C".into(), RawNumber::Int(2));
        let state = play(&s, &rounds);
        assert_eq!(state.totals, [150, 0, 450, 300]);
        assert_eq!(state.buys, [1, 0, 2, 0]);
        // B first +12, A second -2, D third -4, C fourth -6; the kitty of 3 to B.
        let m = settled(&state);
        assert_eq!(m.net_cents, [-3, 15, -8, -4]);
        assert_eq!(m.places, [2, 1, 4, 3]);
    }

    #[test]
    fn continental_game_of_two_hands_settles_units_and_the_highest_total_wins() {
        let s = setup_with(
            "continental",
            &["A", "B", "C"],
            &[
                ("turn_bonuses", OptionValue::Bool(true)),
                ("hands", OptionValue::Int(2)),
            ],
            10,
        );
        let hands = [
            RawRound {
                winner: Some("A".into()),
                jokers: Some(RawNumber::Int(2)),
                first_turn: Some(true),
                ..RawRound::default()
            },
            RawRound {
                winner: Some("B".into()),
                ..RawRound::default()
            },
        ];
        let state = play(&s, &hands);
        // Hand 1: 15 units from each: A +30, B -15, C -15. Hand 2: 1 unit: B +2, A -1, C -1.
        assert_eq!(state.totals, [29, -13, -16]);
        assert_eq!(state.leaders, [0]);
        let m = settled(&state);
        assert_eq!(m.net_cents, [290, -130, -160]);
        assert_eq!(m.places, [1, 2, 3]);
        assert_eq!(s.cents_field(), "cents_per_unit");
    }

    #[test]
    fn rommee_game_with_hand_rommee_settles_pairwise() {
        let s = setup_with(
            "rommee",
            &["A", "B", "C", "D"],
            &[("rounds", OptionValue::Int(2))],
            1,
        );
        let mut first = raw(Some("A"), &[("B", 20), ("C", 10)]);
        first
            .cards
            .insert("D".into(), RawCards::Text("AS KH 7D JK".into()));
        first.hand_rommee = Some(true);
        let second = raw(Some("C"), &[("A", 30), ("B", 15), ("D", 5)]);
        let state = play(&s, &[first, second]);
        assert_eq!(state.rounds[0].entry.points(), [0, 40, 20, 96]);
        assert_eq!(state.totals, [30, 55, 20, 101]);
        // Sum 206; net = 206 - 4 x total.
        let m = settled(&state);
        assert_eq!(m.net_cents, [86, -14, 126, -198]);
        assert_eq!(m.places, [2, 3, 1, 4]);
        // By default a Rommé game has one round per player.
        assert_eq!(setup("rommee", &["A", "B", "C"]).round_count(), 3);
    }

    #[test]
    fn hollywood_game_of_four_contracts_for_five_players_uses_three_decks() {
        let s = setup_with(
            "hollywood",
            &["A", "B", "C", "D", "E"],
            &[("contracts", OptionValue::Int(4))],
            1,
        );
        assert_eq!(s.round_info(1).unwrap().decks.decks, 3);
        let r = raw(Some("E"), &[("A", 10), ("B", 20), ("C", 30), ("D", 40)]);
        let state = play(&s, &vec![r; 4]);
        assert_eq!(state.totals, [40, 80, 120, 160, 0]);
        assert_eq!(settled(&state).net_cents, [-40, -80, -120, -160, 400]);
    }

    #[test]
    fn a_game_ended_early_settles_the_rounds_played() {
        let s = setup("contract", &["A", "B", "C"]);
        let state =
            GameState::from_raw(&s, &[raw(Some("A"), &[("B", 10), ("C", 20)])], true).unwrap();
        assert!(state.finished);
        assert_eq!(settled(&state).net_cents, [30, -10, -20]);
        assert_eq!(state.check_end_early(), Ok(()));
        let done = play(&s, &vec![raw(Some("A"), &[("B", 10), ("C", 20)]); 7]);
        assert_eq!(done.check_end_early(), Err(GameError::AlreadyFinished));
    }

    #[test]
    fn rommee_at_a_tenth_of_a_cent_a_point_pays_a_tenth_of_the_pairwise_difference() {
        let raw_setup = RawSetup {
            rules: "rommee".into(),
            players: vec!["A".into(), "B".into(), "C".into(), "D".into()],
            options: [("rounds".to_string(), OptionValue::Int(1))].into(),
            cents_per_point: Some(RawNumber::Int(1)),
            points_per_cent: Some(RawNumber::Text(" 10 ".into())),
            ..RawSetup::default()
        };
        let s = GameSetup::try_from(&raw_setup).unwrap();
        assert_eq!(s.points_per_cent(), 10);
        assert_eq!(GameSetup::try_from(s.to_raw()).unwrap(), s, "round trip");
        // RULES.md 4 `rommee`: money at a tenth of a cent a point.
        let state = play(&s, &[raw(Some("A"), &[("B", 140), ("C", 0), ("D", 270)])]);
        assert_eq!(state.totals, [0, 140, 0, 270]);
        // Sum 410: nets (410 - 4 x total) / 10 = 41, -15, 41, -67.
        assert_eq!(settled(&state).net_cents, [41, -15, 41, -67]);
    }

    #[test]
    fn points_per_cent_other_than_one_are_refused_where_money_is_not_by_points() {
        for rules in ["progressive", "continental"] {
            let raw_setup = RawSetup {
                rules: rules.into(),
                players: vec!["A".into(), "B".into()],
                points_per_cent: Some(RawNumber::Int(10)),
                ..RawSetup::default()
            };
            let errors = GameSetup::try_from(&raw_setup).unwrap_err();
            assert_eq!(
                errors.get("points_per_cent").map(GameError::code),
                Some("points_per_cent_not_used"),
                "{rules}"
            );
        }
    }

    #[test]
    fn running_totals_add_up_round_by_round_to_the_totals() {
        let s = setup("contract", &["A", "B", "C"]);
        let state = play(
            &s,
            &[
                raw(Some("A"), &[("B", 10), ("C", 20)]),
                raw(Some("B"), &[("A", 5), ("C", 1)]),
            ],
        );
        assert_eq!(state.running_totals(), [[0, 10, 20], [5, 10, 21]]);
        assert_eq!(state.running_totals().last().unwrap(), &state.totals);
    }
}
