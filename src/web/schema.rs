//! Schemas of the OpenAPI document (`GET /api/v1/openapi.json`) for JSON whose Rust type
//! describes no schema of its own: values of `rules` types (cards, options, rule-set
//! facts, a round's entry as typed), the bodies read into `rules` raw types, the answers
//! built with `json!`, and the error bodies.
//!
//! Mirror types: they are only described, never built. The engine stays free of the
//! document (`rules` derives no schema and holds no words); what each mirror says is
//! checked against what the server really sends by the integration test `openapi::`, which
//! validates real answers against the document.
//!
//! A shared web piece, below the API and the game's JSON ([`crate::web::game_json`]), whose
//! descriptions name these mirrors: depends on nothing of the app; nothing but the
//! document uses it.
#![expect(dead_code, reason = "schema mirrors are only described, never built")]

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema as _, ToSchema};

/// A card in the notation of docs/RULES.md section 1: rank then suit (`10H`, `TH`, `QS`,
/// `A♦`), or a joker (`JK`, `*`). Answers write `10` for ten, a suit letter, and `JK`.
#[derive(ToSchema, Serialize)]
#[schema(example = "10H")]
pub struct Card(String);

/// Cards: a list of cards, or one string of cards separated by spaces or commas.
#[derive(ToSchema, Serialize)]
#[serde(untagged)]
pub enum Cards {
    /// `"3H 4H 5H"`.
    Text(String),
    /// `["3H", "4H", "5H"]`.
    List(Vec<Card>),
}

/// Melds: a list of melds (each a list of cards or one string), or one string with `|`
/// between melds (`"3H 4H 5H | 9C 9D 9S"`).
#[derive(ToSchema, Serialize)]
#[serde(untagged)]
pub enum Melds {
    /// `"3H 4H 5H | 9C 9D 9S"`.
    Text(String),
    /// `[["3H", "4H", "5H"], "9C 9D 9S"]`.
    List(Vec<Cards>),
}

/// A rank as answers write it.
#[derive(ToSchema, Serialize)]
pub enum Rank {
    A,
    #[serde(rename = "2")]
    Two,
    #[serde(rename = "3")]
    Three,
    #[serde(rename = "4")]
    Four,
    #[serde(rename = "5")]
    Five,
    #[serde(rename = "6")]
    Six,
    #[serde(rename = "7")]
    Seven,
    #[serde(rename = "8")]
    Eight,
    #[serde(rename = "9")]
    Nine,
    #[serde(rename = "10")]
    Ten,
    J,
    Q,
    K,
}

/// A suit as answers write it: clubs, diamonds, hearts, spades.
#[derive(ToSchema, Serialize)]
pub enum Suit {
    C,
    D,
    H,
    S,
}

/// What a meld is.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MeldKind {
    Set,
    Run,
    Pair,
}

/// A value a rule-set option takes: on/off, a whole number, a word, or a list of whole
/// numbers (`GET /api/v1/rules/{id}` says which, and the allowed values).
#[derive(ToSchema, Serialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
    List(Vec<i64>),
}

/// Option overrides by name, e.g. `{"jokers": false, "joker_points": 50}`. Unknown names
/// and values an option does not take are refused (422).
#[derive(ToSchema, Serialize)]
pub struct Options(BTreeMap<String, OptionValue>);

/// What values an option accepts (`type` says which kind).
#[derive(ToSchema, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`; where only some of them work, `values` lists
    /// exactly those (Added 2026-11-24).
    Int {
        min: i64,
        max: i64,
        #[serde(skip_serializing_if = "Option::is_none")]
        values: Option<Vec<i64>>,
    },
    /// One of `values`.
    Choice { values: Vec<String> },
    /// At most `max_len` whole numbers, each from 0 to `max`.
    List { max_len: usize, max: i64 },
}

/// A money settlement scheme (docs/RULES.md section 6).
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scheme {
    LowestCollects,
    Pairwise,
    Places,
    Units,
}

/// Buying ("May I?") in a round.
#[derive(ToSchema, Serialize)]
pub struct Buys {
    /// Buying is allowed in this round.
    pub allowed: bool,
    /// Most buys per player in this round; null: no limit.
    pub limit: Option<u8>,
    /// Stock cards the buyer takes besides the discard.
    pub extra_cards: u8,
}

/// One meld a contract asks for: a set, a run or a pair of at least `min` cards.
#[derive(ToSchema, Serialize)]
pub struct Requirement {
    pub kind: MeldKindCode,
    pub min: u8,
}

/// A kind of meld.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MeldKindCode {
    Set,
    Run,
    Pair,
}

/// How many decks and jokers a game uses (`kind` says which rule; added 2026-11-27).
#[derive(ToSchema, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum DeckRule {
    /// 2 decks and one joker fewer than the players.
    TwoPlusPlayersMinusOne,
    /// One deck per 2 players (rounded up), each with `jokers_per_deck` jokers.
    PerTwoPlayers { jokers_per_deck: u8 },
    /// Always `decks` decks and `jokers` jokers.
    Fixed { decks: u8, jokers: u8 },
    /// 2 decks for 2-5 players, 3 for 6-8, 4 for 9-12; one joker per deck.
    Continental,
    /// 2 decks, 3 with more than 4 players; `jokers_per_deck` jokers per deck.
    Hollywood { jokers_per_deck: u8 },
}

/// Where the ace may stand in a run.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AceMode {
    /// A-2-3 and Q-K-A are runs; K-A-2 is not.
    LowOrHigh,
    /// The ace only above the king.
    HighOnly,
    /// Runs may turn the corner: Q-K-A-2-3.
    Wrap,
}

/// The play rules as sentences for the table, in English and German.
#[derive(ToSchema, Serialize)]
pub struct PlayNotes {
    pub en: Vec<String>,
    pub de: Vec<String>,
}

/// When a player may lay cards off on melds on the table.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LayOff {
    NextTurnAfterContract,
    AfterContract,
    Anytime,
    AfterOpening,
    NotAtAll,
}

/// Whether a joker on the table may be swapped for the card it stands for.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum JokerSwap {
    RunsOnly,
    Any,
    AfterOpening,
    Never,
}

/// How a player goes out.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GoingOut {
    WithDiscard,
    NoDiscard,
    EitherWay,
    FaceDownDiscard,
}

/// The play rules of a rule set.
#[derive(ToSchema, Serialize)]
pub struct Play {
    pub lay_off: LayOff,
    pub joker_swap: JokerSwap,
    pub going_out: GoingOut,
}

/// The code of a problem the checker found (docs/API.md, `/check`).
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemCode {
    JokersNotInPlay,
    NoNatural,
    MixedCards,
    /// Added 2026-11-24: a Rommé opening meld of two cards.
    NotAPair,
    SetSuitRepeats,
    SetTooBig,
    RunRepeatsRank,
    RunGaps,
    AceOnlyHigh,
    NoCorner,
    RunTooLong,
    TooManyWilds,
    TooFewNaturals,
    WrongMeldCount,
    WrongKind,
    TooShort,
    TooLong,
    ContiguousRuns,
    /// Added 2026-11-24: two runs of one suit closer than `same_suit_runs` `gap-2` allows.
    RunsTooClose,
    SameSuitRuns,
    SameRankSets,
    /// Added 2026-11-24: an either-or contract whose shapes the melds match none of.
    NoAlternative,
    CardCount,
    /// Added 2026-11-24: going out all at once with fewer cards than a hand holds then.
    TooFewToGoOut,
    OpeningTooLow,
    /// Added 2026-11-27: going out (Rommé) with cards kept in hand worth more than the rule
    /// set's `go_out_left_max` (`points`, `max`).
    TooManyLeft,
    /// Added 2026-11-24: a 2 declared as another card where 2s are not wild (`card`).
    PinOnNatural,
    /// Added 2026-11-24: a declared wild card that does not fit the meld as declared
    /// (`card`, `declared`, `needs`: what the meld could use there, maybe empty).
    PinDoesNotFit,
    /// Added 2026-11-24: a meld of wild cards only (where the rule set allows one) with a
    /// wild card not declared (`undeclared`: how many).
    AllWildUndeclared,
}

/// One reason melds are not legal: a stable `code`, the problem's parameters beside it
/// (`meld`, `suit`, `max`, `len`, … as the code has them) and a `message` in the answer's
/// language.
pub struct Problem;

impl utoipa::PartialSchema for Problem {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .description(Some(
                "One reason melds are not legal: a stable `code`, the problem's parameters \
                 beside it (`meld`, `suit`, `max`, `len`, … as the code has them) and a \
                 `message` in the answer's language (`lang`, else `Accept-Language`, else \
                 English), a sentence a player at the table understands.",
            ))
            .property("code", Ref::from_schema_name(ProblemCode::name()))
            .required("code")
            .property("message", ObjectBuilder::new().schema_type(Type::String))
            .required("message")
            .additional_properties(Some(AdditionalProperties::FreeForm(true)))
            .into()
    }
}

impl ToSchema for Problem {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((ProblemCode::name().into(), ProblemCode::schema()));
    }
}

/// The language of an answer's sentences (any case: `DE` is `de`). Added 2026-11-24.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    De,
}

/// A whole number as typed: a JSON number (`35`, `35.0`), or text holding one (`"35"`).
#[derive(ToSchema, Serialize)]
#[serde(untagged)]
pub enum Number {
    Number(f64),
    Text(String),
}

/// A game's set-up: the body of `POST /api/v1/games`. Fields it does not know are refused
/// with 400 naming them.
#[derive(ToSchema, Serialize)]
pub struct NewGame {
    /// Rule-set id (`GET /api/v1/rules`).
    pub rules: String,
    /// Option overrides.
    #[schema(required = false)]
    pub options: Options,
    /// Names in seating order (clockwise): trimmed, 1 to 40 characters, different.
    pub players: Vec<String>,
    /// The first dealer's name; missing: the first player.
    pub first_dealer: Option<String>,
    /// Money per point (points schemes).
    pub cents_per_point: Option<Number>,
    /// Money per unit (`continental`), instead of `cents_per_point`.
    pub cents_per_unit: Option<Number>,
    /// A cent per so many points (1 to 1,000; missing: 1), beside `cents_per_point`.
    pub points_per_cent: Option<Number>,
    /// Currency symbol, at most 8 characters; missing: `€`.
    pub currency: Option<String>,
    /// The settlement, where the rule set offers several (as the option `settlement`).
    pub settlement: Option<String>,
    /// The language of the answer's sentences; missing: `Accept-Language`, else English
    /// (Added 2026-11-24). Taken out of the body before the set-up is read.
    pub lang: Option<Lang>,
}

/// A round's result as entered (names as in the game, cards in the notation). Each player
/// but the one who went out has `points` or `cards`.
#[derive(ToSchema, Serialize)]
pub struct RoundEntry {
    /// The round to enter or correct; missing: the next round.
    pub round: Option<i64>,
    /// Who went out; null for a round nobody won, where the rules allow it.
    pub went_out: Option<String>,
    /// Penalty points per player.
    #[schema(required = false)]
    pub points: BTreeMap<String, Number>,
    /// Cards left in hand per player, counted with the rule set's penalty table.
    #[schema(required = false)]
    pub cards: BTreeMap<String, Cards>,
    /// `liverpool`: the round's cutter hit the cut target.
    pub cut_bonus: Option<bool>,
    /// Shanghai rule sets with the `first_down_bonus` option: who went down (laid the
    /// contract) first in the round; that player's round score loses the bonus. Missing or
    /// blank: nobody; a 422 (`first_down_not_played`) where the game has no such bonus
    /// (Added 2026-11-24).
    pub went_down_first: Option<String>,
    /// Buys ("May I?") per player in this round.
    #[schema(required = false)]
    pub buys: BTreeMap<String, Number>,
    /// `rommee`: the winner went out with Hand-Rommé (the others' penalties double).
    pub hand_rommee: Option<bool>,
    /// `continental`: who won the hand (`went_out` is taken too).
    pub winner: Option<String>,
    /// `continental`: jokers in the winning hand.
    pub jokers: Option<Number>,
    /// `continental`: went out on the first turn.
    pub first_turn: Option<bool>,
    /// `continental`: went out on the second turn.
    pub second_turn: Option<bool>,
    /// `continental`: all runs in one suit.
    pub one_suit: Option<bool>,
    /// `continental`: won without any wild card.
    pub no_wilds: Option<bool>,
    /// A note on the round ("Oma's hand was misdealt"): one line of plain text, at most 200
    /// characters (line breaks become spaces); blank is none (Added 2026-11-24).
    pub note: Option<String>,
    /// `true`: save a result the plausibility check finds unlikely (a player who did not go
    /// out with 0, points near the most a hand can count); without it such an entry is a 422
    /// with `"code": "unlikely"`. Not stored (Added 2026-11-24).
    pub confirm: Option<bool>,
}

/// The body of `POST /api/v1/games/{id}/rounds`: a round entry plus the version it was made
/// against. Fields it does not know are refused with 400 naming them.
#[derive(ToSchema, Serialize)]
pub struct RoundBody {
    #[serde(flatten)]
    pub entry: RoundEntry,
    /// The game's `version` the entry was made against: a stale one is a 409. Needed (428
    /// without) to change a round that is already entered.
    pub version: Option<i64>,
    /// The language of the answer's sentences; missing: `Accept-Language`, else English
    /// (Added 2026-11-24).
    pub lang: Option<Lang>,
}

/// The body of undo, end and resume: `{"version": N}`, `{}` or nothing.
#[derive(ToSchema, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VersionBody {
    /// The game's `version` the change was made against: a stale one is a 409.
    pub version: Option<i64>,
    /// The language of the answer's sentences; missing: `Accept-Language`, else English
    /// (Added 2026-11-24).
    pub lang: Option<Lang>,
}

/// The answer of `POST /api/v1/games` (201).
#[derive(ToSchema, Serialize)]
pub struct NewGameAnswer {
    /// The game's edit id (128 random bits): whoever has it can change the game.
    pub id: String,
    /// The game's page.
    pub url: String,
    /// The read-only page.
    pub view_url: String,
    /// `/api/v1/games/{id}`.
    pub api_url: String,
    /// `/api/v1/view/{token}`.
    pub view_api_url: String,
}

/// What a history entry records.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryAction {
    /// A round entered.
    Enter,
    /// A round corrected.
    Correct,
    /// The last round removed (`after` is null).
    Undo,
    /// An early end or its resumption (`ended_early` before and after).
    End,
    /// A player sits out the next round (Added 2026-11-24; `after` is the change).
    SitOut,
    /// A player left the table (Added 2026-11-24).
    Leave,
    /// A player joined late (Added 2026-11-24).
    Join,
    /// A player renamed (Added 2026-11-24; `from` and `to`).
    Rename,
    /// The stake or currency changed (Added 2026-11-24; the money `before` and `after`).
    Settings,
}

/// One change of a game.
#[derive(ToSchema, Serialize)]
pub struct HistoryEntry {
    pub id: i64,
    /// The round changed; null for a change of the whole game.
    pub round: Option<i64>,
    pub action: HistoryAction,
    /// What was there before; null where nothing was.
    pub before: Option<serde_json::Value>,
    /// What is there after; null where nothing is.
    pub after: Option<serde_json::Value>,
    /// When (RFC 3339).
    #[schema(format = DateTime)]
    pub at: String,
}

/// The answer of `GET /api/v1/games/{id}/history`: every change, oldest first.
#[derive(ToSchema, Serialize)]
pub struct History {
    /// How many entries `history` has.
    pub count: usize,
    pub history: Vec<HistoryEntry>,
}

/// Every error under `/api/`: one English sentence saying what was wrong.
#[derive(ToSchema, Serialize)]
pub struct Error {
    #[schema(example = "unknown card \"11H\" in meld 2")]
    pub error: String,
}

/// One problem of a game's set-up or round entry, by field.
#[derive(ToSchema, Serialize)]
pub struct FieldProblem {
    /// `round`, `went_out`, a player's name, `buys.<name>`, …
    pub field: String,
    /// A stable code, e.g. `unknown_player`, `too_many_buys`, `duplicate_name`.
    pub code: String,
    /// The English sentence.
    pub message: String,
}

/// A 422 of the games API: every sentence in `error`; where the input was read, each
/// problem by field too.
#[derive(ToSchema, Serialize)]
pub struct Invalid {
    /// Every sentence.
    pub error: String,
    /// A sentence per field.
    pub fields: Option<BTreeMap<String, String>>,
    pub problems: Option<Vec<FieldProblem>>,
    /// `unlikely` when the entry is possible but odd and was sent without `"confirm": true`:
    /// `problems` then lists each oddity, and the same entry with `"confirm": true` is saved
    /// (Added 2026-11-24).
    pub code: Option<String>,
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use utoipa::PartialSchema;

    use super::*;
    use crate::rules::game::{RawRound, RawSetup};
    use crate::web::extract::struct_fields;

    fn properties<T: PartialSchema>() -> BTreeSet<String> {
        let schema = serde_json::to_value(T::schema()).unwrap();
        schema["properties"]
            .as_object()
            .expect("an object schema")
            .keys()
            .cloned()
            .collect()
    }

    fn fields(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn the_problem_codes_are_those_the_checker_has_sentences_for() {
        // Every `Problem` has a sentence (an exhaustive match in `text::check`), named as
        // the problem; its code is that name in snake_case. `RunSpan` is a piece of the
        // `contiguous_runs` sentence, not a problem; `RunGapsNoWilds` is `run_gaps`'s sentence
        // for a run without wild cards; `PinNeeds` is `pin_does_not_fit`'s sentence when it
        // knows what the meld needs, `Or` a piece of it.
        let snake = |name: String| {
            name.chars().fold(String::new(), |mut out, c| {
                if c.is_ascii_uppercase() && !out.is_empty() {
                    out.push('_');
                }
                out.push(c.to_ascii_lowercase());
                out
            })
        };
        let spoken: BTreeSet<String> = crate::text::check::ProblemMsg::ALL
            .iter()
            .map(|msg| snake(format!("{msg:?}")))
            // Sentences of other codes: run spans, `run_gaps`, `too_many_wilds`,
            // `too_many_left` (nothing may be left) and pin variants, and the word between
            // alternatives.
            .filter(|code| {
                ![
                    "run_span",
                    "run_gaps_no_wilds",
                    "too_large_share_half",
                    "too_large_share_third",
                    "pin_needs",
                    "nothing_left",
                    "or",
                ]
                .contains(&code.as_str())
            })
            .collect();
        let schema = serde_json::to_value(ProblemCode::schema()).unwrap();
        let documented: BTreeSet<String> = schema["enum"]
            .as_array()
            .expect("an enum")
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            documented, spoken,
            "a problem code is missing from schema::ProblemCode (or a sentence is not a problem)"
        );
    }

    #[test]
    fn the_body_mirrors_name_exactly_the_fields_the_server_reads() {
        // `lang` is taken out of the body (`input::take_lang`) before the set-up is read.
        let mut setup = fields(struct_fields::<RawSetup>());
        setup.insert("lang".to_owned());
        assert_eq!(properties::<NewGame>(), setup);
        assert_eq!(
            properties::<RoundEntry>(),
            fields(struct_fields::<RawRound>())
        );
    }
}
