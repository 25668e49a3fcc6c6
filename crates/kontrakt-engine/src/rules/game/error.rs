//! A game's problems: [`GameError`] with its parameters, and [`FieldErrors`], every problem
//! of one piece of input keyed by the [`Field`] that caused it. Codes and facts only: the
//! sentences, and the key each field has in a form or a JSON body, are in `text::game`.
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;

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
    /// A player's name holds an invisible formatting character (zero-width space, bidi
    /// control, soft hyphen …), so it could look like another player's.
    NameHasInvisible { seat: usize },
    /// Two players have the same name as people read it (ignoring case and how accents are
    /// encoded).
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
    /// Who went down first, in a game without the first-down bonus (docs/RULES.md 4
    /// `shanghai`).
    FirstDownNotPlayed,
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
    /// A part of a Continental hand ([`Field::Jokers`], [`Field::FirstTurn`], …) in another
    /// rule set.
    ContinentalOnly { field: Field },
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
    /// Redo when the game's last change is not an undo.
    NothingToRedo,
    /// A form's option value that cannot be read.
    BadOptionText(OptionTextError),
    /// Impossible (docs/RULES.md section 5, "Plausibility"): more points than the most cards
    /// the player can hold count.
    PointsUnreachable {
        player: String,
        given: i64,
        max: i64,
        cards: usize,
    },
    /// Impossible: more than 0 points but fewer than the lowest card counts.
    PointsBelowLowestCard {
        player: String,
        given: i64,
        lowest: i64,
    },
    /// Impossible: points that no sum of the rule set's card values makes (every card counts
    /// a multiple of `step`).
    PointsNotAMultiple {
        player: String,
        given: i64,
        step: i64,
    },
    /// Impossible: more cards left in hand than the player can hold.
    TooManyCardsHeld {
        player: String,
        given: usize,
        max: usize,
    },
    /// Impossible: a card more often than the decks in play hold it (a joker in a game
    /// without jokers too).
    CardNotInDecks {
        player: String,
        card: Card,
        given: usize,
        decks_hold: usize,
    },
    /// Impossible (Continental): more jokers in the winning hand than the decks hold.
    JokersNotInDecks { given: u32, decks_hold: u32 },
    /// A round's note longer than [`MAX_NOTE_CHARS`].
    NoteTooLong { max: usize },
    /// A round's note with a control character other than whitespace.
    NoteHasControl,
    /// Unlikely: a player who did not go out has 0 points.
    ZeroNotOut { player: String },
    /// A player who does not play this round (sits out, left, or not yet joined) is named in
    /// its entry (docs/RULES.md section 8).
    NotPlaying { player: String, round: usize },
    /// A change for a player who has left the table.
    PlayerGone { player: String },
    /// The player already sits out that round.
    AlreadySittingOut { player: String, round: usize },
    /// Fewer than `min` players would play the round (or stay at the table).
    TooFewToPlay { round: usize, min: usize },
    /// A late joiner would make more players at the table than the rule set allows.
    TableFull { max: usize },
    /// Continental: a late joiner starts at 0 units (units are money between players).
    JoinStartNotZero,
    /// A change dated before one the table already made (a caller's mistake).
    ChangeOutOfOrder,
    /// A rename to the name the player already has.
    NameUnchanged { player: String },
    /// A player of a group's game is renamed on the group's page (every game of the group
    /// shows the group's names).
    RenameInGroup { group: String },
    /// Unlikely: points above three quarters of the most the player's cards can count.
    PointsVeryHigh {
        player: String,
        given: i64,
        max: i64,
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
            NameHasInvisible { .. } => "name_has_invisible",
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
            FirstDownNotPlayed => "first_down_not_played",
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
            NothingToRedo => "nothing_to_redo",
            BadOptionText(_) => "bad_option_text",
            PointsUnreachable { .. } => "points_unreachable",
            PointsBelowLowestCard { .. } => "points_below_lowest_card",
            PointsNotAMultiple { .. } => "points_not_a_multiple",
            TooManyCardsHeld { .. } => "too_many_cards_held",
            CardNotInDecks { .. } => "card_not_in_decks",
            JokersNotInDecks { .. } => "jokers_not_in_decks",
            NoteTooLong { .. } => "note_too_long",
            NoteHasControl => "note_has_control",
            ZeroNotOut { .. } => "zero_not_out",
            PointsVeryHigh { .. } => "points_very_high",
            NotPlaying { .. } => "not_playing",
            PlayerGone { .. } => "player_gone",
            AlreadySittingOut { .. } => "already_sitting_out",
            TooFewToPlay { .. } => "too_few_to_play",
            TableFull { .. } => "table_full",
            JoinStartNotZero => "join_start_not_zero",
            ChangeOutOfOrder => "change_out_of_order",
            NameUnchanged { .. } => "name_unchanged",
            RenameInGroup { .. } => "rename_in_group",
        }
    }
}

impl std::error::Error for GameError {}

/// The part of a set-up or a round's entry that a problem belongs to. A typed name only: the
/// key it has in a form or a JSON body (`cents_per_point`, `buys.Ann`, …) is `text::game`'s
/// `Field::key`, the one place that spells it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// The rule set (set-up).
    Rules,
    /// The rule set's options (set-up).
    Options,
    /// The players: their names and how many (set-up).
    Players,
    /// The first dealer (set-up).
    FirstDealer,
    /// The cents a point is worth (set-up).
    CentsPerPoint,
    /// The cents a unit is worth (set-up, Continental).
    CentsPerUnit,
    /// The points one cent stands for (set-up).
    PointsPerCent,
    /// The currency symbol (set-up).
    Currency,
    /// The settlement scheme (set-up).
    Settlement,
    /// The round being entered.
    Round,
    /// Who went out.
    WentOut,
    /// Who won (Continental's name for who went out), or the winner of a Continental hand.
    Winner,
    /// The points of the round as a whole: a name that is not a player, or points in a game
    /// scored in units.
    Points,
    /// The cards of the round as a whole: a name that is not a player.
    Cards,
    /// The buys of the round as a whole: a name that is not a player.
    Buys,
    /// The cut bonus.
    CutBonus,
    /// Hand-Rommé.
    HandRommee,
    /// Who went down (laid the contract) first: the Shanghai first-down bonus.
    WentDownFirst,
    /// The jokers in a Continental winning hand.
    Jokers,
    /// Going out on the first turn (Continental).
    FirstTurn,
    /// Going out on the second turn (Continental).
    SecondTurn,
    /// All runs in one suit (Continental).
    OneSuit,
    /// Winning without wild cards (Continental).
    NoWilds,
    /// The round's note.
    Note,
    /// One player's points or cards, by the player's name.
    Player(String),
    /// One player's buys, by the player's name.
    PlayerBuys(String),
}

/// The field a Continental hand error belongs to.
pub(super) fn hand_error_field(e: &HandError) -> Field {
    match e {
        HandError::WinnerOutOfRange { .. } => Field::Winner,
        HandError::TooManyJokers { .. } | HandError::JokersNotInDecks { .. } => Field::Jokers,
        HandError::BothTurns | HandError::SecondTurnNotPlayed => Field::SecondTurn,
        HandError::FirstTurnNotPlayed => Field::FirstTurn,
        HandError::OneSuitNotPlayed => Field::OneSuit,
        HandError::NoWildsNotPlayed | HandError::NoWildsWithJokers { .. } => Field::NoWilds,
    }
}

/// One problem and the field it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    /// The field.
    pub field: Field,
    /// What is wrong.
    pub error: GameError,
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
    pub fn single(field: Field, error: GameError) -> FieldErrors {
        let mut errors = FieldErrors::new();
        errors.add(field, error);
        errors
    }

    /// Adds an error for `field` (beyond [`MAX_ERRORS`], further errors are dropped).
    pub fn add(&mut self, field: Field, error: GameError) {
        if self.0.len() >= MAX_ERRORS {
            return;
        }
        self.0.push(FieldError { field, error });
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
    pub fn get(&self, field: &Field) -> Option<&GameError> {
        self.0.iter().find(|e| e.field == *field).map(|e| &e.error)
    }

    /// `value()` where nothing was added, else the errors.
    pub fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value())
        } else {
            Err(self)
        }
    }
}

impl std::error::Error for FieldErrors {}
