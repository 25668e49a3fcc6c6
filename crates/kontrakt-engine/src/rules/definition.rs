//! Rule sets as data: the definition format, which is the catalogue entry of a rule set
//! (`GET /api/v1/rules/{id}`, docs/API.md) read back, and the loader that turns one into a
//! [`RuleSet`]. What the catalogue shows is what a table writes: rounds with their structured
//! contract (`requirements`), deal, restrictions and buys; the meld rules; the penalty points
//! per card; the money scheme; the play rules; the decks; the options with their defaults.
//!
//! Fields the catalogue derives for readers (the contract in words, `needs_more_than_dealt`,
//! descriptions, play notes, a round's `number`) may be left out; the words are compared by
//! `text::rules`, the facts here. Problems are codes with the field path they concern
//! ([`Problem`]); their sentences are in `text::rules`.
//!
//! Pure: std and serde only; knows no preset family (a definition names the preset whose
//! option words it borrows, [`Definition::base`]).

use super::cards::{Card, Rank, Suit};
use super::meld::{AceMode, MeldKind, MeldRules, WildShare};
use super::play::Play;
use super::play::{GoingOut, JokerSwap, LayOff};
use super::preset::Preset;
use super::ruleset::{
    Buys, Contract, DeckRule, NO_BUYS, OptionError, OptionKind, OptionSpec, OptionValue, Options,
    PenaltyTable, PresetInfo, Requirement, RoundSpec, RuleSet, Scheme, get_bool, get_int, get_text,
    resolve_options,
};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A rule set as data (docs/API.md, "Rule sets as data").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Definition {
    /// The rule set's id: a preset's id, or the id a stored rule set was given.
    pub id: String,
    /// The (English) name.
    pub name: String,
    /// The preset whose option words and pages the rule set borrows; left out where `id` is a
    /// preset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// Where the rules come from.
    #[serde(default)]
    pub source: String,
    pub min_players: u8,
    pub max_players: u8,
    /// The default money settlement.
    pub scheme: Scheme,
    /// The settlements a table may choose.
    pub schemes: Vec<Scheme>,
    /// Options with their types, allowed values and defaults.
    #[serde(default)]
    pub options: Vec<OptionDef>,
    /// The rounds of a game; empty where there is one round per player.
    #[serde(default)]
    pub rounds: Vec<RoundDef>,
    /// One round per player instead of fixed rounds (Rommé).
    #[serde(default)]
    pub rounds_per_player: bool,
    /// Derived: what every round is like where rounds are per player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub each_round: Option<RoundDef>,
    /// The first meld must be worth at least this many points (Rommé).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_points: Option<u32>,
    pub melds: MeldDef,
    /// Penalty points by card (`A`, `2` … `10`, `J`, `Q`, `K`, `JK`); null where the rule
    /// set scores in units.
    pub penalty: Option<BTreeMap<String, i64>>,
    /// Points taken off the cutter who hits the target (Liverpool).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_bonus: Option<i64>,
    /// Points taken off the player who goes out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub going_out_bonus: Option<i64>,
    /// Points taken off the player who laid the contract first in the round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_down_bonus: Option<i64>,
    /// Higher totals are better.
    #[serde(default)]
    pub higher_is_better: bool,
    /// Laying off, joker swaps and going out.
    pub play: Play,
    /// Decks and jokers for a player count.
    pub deck: DeckRule,
    /// Going out in one turn without having melded before doubles the others' penalties.
    #[serde(default)]
    pub hand_rommee: bool,
    /// Rommé: going out by laying every meld down at once, a player may keep cards worth
    /// at most this many penalty points in hand (Wiener Rommé: 9); left out or 0: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub go_out_left_max: u32,
    /// A round may end with no winner.
    #[serde(default = "yes")]
    pub no_winner_allowed: bool,
    /// A discard that fits a meld on the table may be claimed with a "Shanghai" call.
    #[serde(default)]
    pub shanghai_calls: bool,
    /// Where the option `twos_wild` makes 2s wild, a 2 left in hand counts the joker's
    /// points (Rommé).
    #[serde(default)]
    pub wild_twos_score_as_jokers: bool,
    /// Words the catalogue adds for readers (`name_de`, `description`, `description_de`,
    /// `play_notes`): read and ignored.
    #[serde(default, skip_serializing)]
    pub name_de: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub description: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub description_de: Option<IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub play_notes: Option<IgnoredAny>,
}

fn yes() -> bool {
    true
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The most penalty points [`Definition::go_out_left_max`] may allow: more than any hand
/// worth going out with keeps (a joker is 20 to 50 points in the presets).
pub const MAX_GO_OUT_LEFT: u32 = 50;

/// An option of a definition: its name, kind, allowed values and default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OptionDef {
    pub name: String,
    #[serde(flatten)]
    pub kind: OptionKind,
    pub default: OptionValue,
}

/// A restriction on a round's contract meld (docs/RULES.md section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Restriction {
    /// Two same-suit runs may not join end to end.
    NoContiguousRuns,
    /// Two same-suit runs that do not overlap need two ranks between them.
    RunsTwoRanksApart,
    /// Every run in its own suit.
    RunsDifferentSuits,
    /// No two sets of one rank.
    NoTwoSetsSameRank,
}

/// One round of a definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundDef {
    /// Derived: the round's place, 1-based; where sent it must be the place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
    /// Derived: the contract in English words; where sent it must agree with `requirements`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    /// Derived: the contract in German words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract_de: Option<String>,
    /// The contract: alternatives, each a list of melds; null where there are no contracts.
    #[serde(default)]
    pub requirements: Option<Vec<Vec<Requirement>>>,
    /// Cards dealt to each player.
    pub deal: u8,
    #[serde(default)]
    pub go_out_all: bool,
    #[serde(default)]
    pub exact_minimum: bool,
    #[serde(default)]
    pub restrictions: Vec<Restriction>,
    /// The melds hold exactly this many cards (Continental).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_cards: Option<u8>,
    #[serde(default = "no_buys")]
    pub buys: Buys,
    /// Derived: the contract needs more cards than a player can lay without buying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needs_more_than_dealt: Option<bool>,
}

fn no_buys() -> Buys {
    NO_BUYS
}

/// The meld rules of a definition (docs/RULES.md section 2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeldDef {
    pub ace: AceMode,
    pub jokers: bool,
    pub twos_wild: bool,
    /// A wild 2 may also stand for itself (false: the rank order skips 2, Continental).
    #[serde(default = "yes")]
    pub twos_natural: bool,
    pub max_wilds_per_meld: Option<u8>,
    pub min_naturals_per_meld: u8,
    #[serde(default)]
    pub max_wild_share: Option<WildShare>,
    pub set_suits_differ: bool,
    pub set_max: Option<u8>,
    pub set_min: u8,
    pub run_min: u8,
}

/// `same_suit_runs`: what two runs of one suit in a contract meld may be to each other
/// (docs/RULES.md section 3).
pub const SAME_SUIT_RUNS: [&str; 4] = ["any", "not-touching", "gap-2", "never"];
/// `wilds_per_meld`: how many of a meld's cards may be wild (docs/RULES.md section 2).
pub const WILDS_PER_MELD: [&str; 5] = ["any", "one", "two-naturals", "half", "third"];

/// The kind of value an option takes, as [`KNOWN_OPTIONS`] lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// On or off.
    Bool,
    /// A whole number.
    Int,
    /// One of these words (a definition may offer fewer).
    Choice(&'static [&'static str]),
    /// A list of whole numbers.
    List,
}

/// Every option a rule set may offer: the options whose meaning the app knows (what they do
/// to the data is `apply_options`; the others are read where they count: money, bonuses).
pub const KNOWN_OPTIONS: [(&str, Takes); 28] = [
    ("jokers", Takes::Bool),
    ("joker_points", Takes::Int),
    ("ace", Takes::Choice(&["low-or-high", "high-only", "wrap"])),
    ("exact_minimum", Takes::Bool),
    (
        "settlement",
        Takes::Choice(&["lowest-collects", "pairwise", "places", "units"]),
    ),
    ("cut_bonus", Takes::Int),
    ("buy_limit", Takes::Int),
    ("joker_swap", Takes::Choice(&["any", "runs-only", "none"])),
    ("going_out_bonus", Takes::Int),
    ("first_down_bonus", Takes::Int),
    ("joker_count", Takes::Int),
    ("twos_wild", Takes::Bool),
    ("cards_dealt", Takes::Int),
    ("opening_points", Takes::Int),
    ("discard_to_go_out", Takes::Bool),
    ("rounds", Takes::Int),
    ("turn_bonuses", Takes::Bool),
    ("one_suit_bonus", Takes::Bool),
    ("hands", Takes::Int),
    ("jokers_per_deck", Takes::Int),
    ("contracts", Takes::Int),
    ("lay_off_before_contract", Takes::Bool),
    ("payouts", Takes::List),
    ("kitty_split", Takes::Choice(&["winner", "two-thirds"])),
    ("buy_cents", Takes::Int),
    ("same_suit_runs", Takes::Choice(&SAME_SUIT_RUNS)),
    ("wilds_per_meld", Takes::Choice(&WILDS_PER_MELD)),
    ("all_wild_melds", Takes::Bool),
];

/// Most rounds a rule set may have.
pub const MAX_ROUNDS: usize = 30;
/// Most points a card, a bonus or a penalty may count.
pub const MAX_POINTS: i64 = 500;
/// Longest source text, in characters.
pub const MAX_SOURCE_CHARS: usize = 200;
/// Most players a rule set may be for.
pub const MAX_PLAYERS: u8 = 12;

/// A problem with a definition: what is wrong and the field it concerns (a path such as
/// `rounds[2].requirements[0][1].min`). The sentences are in `text::rules`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The field, as a path into the definition.
    pub path: String,
    pub kind: ProblemKind,
}

/// What is wrong with a definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// Neither the id nor `base` names a preset.
    UnknownBase { given: String },
    /// A penalty table without this card's points.
    PenaltyMissing { card: &'static str },
    /// A penalty key that is no card.
    PenaltyUnknownCard { key: String },
    /// A derived fact sent that does not agree with the data.
    Disagrees { field: &'static str },
    /// The name is empty, too long or not plain text.
    Name(super::names::NameProblem),
    /// The source is longer than [`MAX_SOURCE_CHARS`] or not plain text.
    Source,
    /// The player range is not 1 to [`MAX_PLAYERS`], smallest first.
    Players { min: u8, max: u8 },
    /// No rounds (and not one round per player).
    NoRounds,
    /// More than [`MAX_ROUNDS`] rounds.
    TooManyRounds { count: usize },
    /// A contract with no alternative, or an alternative with no meld.
    EmptyContract,
    /// A meld shorter than its kind allows (sets and runs 3, a pair exactly 2).
    TooShort { kind: MeldKind, min: u8, least: u8 },
    /// A meld longer than the deck allows.
    TooLong { kind: MeldKind, min: u8, most: u8 },
    /// A contract that needs more cards than a hand of its round can hold.
    Unreachable { needs: usize, most: usize },
    /// No cards dealt, or more than the deck has for the most players.
    Deal { deal: u8, players: u8, cards: u32 },
    /// Points outside 0 to [`MAX_POINTS`].
    Points { value: i64 },
    /// An option the app does not know.
    UnknownOption { name: String },
    /// An option of a kind other than its meaning (`jokers` as a number).
    OptionKind { name: String },
    /// A word an option does not take.
    UnknownValue { name: String, value: String },
    /// A default the option's own range or values do not take.
    BadDefault { name: String },
    /// The default settlement is not among those offered.
    SchemeNotOffered,
    /// The meld rules: a set or run shorter than 3, or a set's most below its least.
    MeldLimits,
    /// One round per player without the option `cards_dealt` (how many cards each round
    /// deals), or with rounds of its own besides.
    PerPlayer,
    /// `go_out_left_max` above [`MAX_GO_OUT_LEFT`].
    GoOutLeft { value: u32 },
    /// `go_out_left_max` in a rule set whose rounds have contracts (a contract meld has no
    /// cards left over to allow).
    GoOutLeftWithContracts,
}

impl ProblemKind {
    /// A stable code for the problem, e.g. `unreachable`, `too_long`, `unknown_option`.
    pub fn code(&self) -> &'static str {
        match self {
            ProblemKind::UnknownBase { .. } => "unknown_base",
            ProblemKind::PenaltyMissing { .. } => "penalty_missing",
            ProblemKind::PenaltyUnknownCard { .. } => "penalty_unknown_card",
            ProblemKind::Disagrees { .. } => "disagrees",
            ProblemKind::Name(_) => "name",
            ProblemKind::Source => "source",
            ProblemKind::Players { .. } => "players",
            ProblemKind::NoRounds => "no_rounds",
            ProblemKind::TooManyRounds { .. } => "too_many_rounds",
            ProblemKind::EmptyContract => "empty_contract",
            ProblemKind::TooShort { .. } => "too_short",
            ProblemKind::TooLong { .. } => "too_long",
            ProblemKind::Unreachable { .. } => "unreachable",
            ProblemKind::Deal { .. } => "deal",
            ProblemKind::Points { .. } => "points",
            ProblemKind::UnknownOption { .. } => "unknown_option",
            ProblemKind::OptionKind { .. } => "option_type",
            ProblemKind::UnknownValue { .. } => "unknown_value",
            ProblemKind::BadDefault { .. } => "bad_default",
            ProblemKind::SchemeNotOffered => "scheme_not_offered",
            ProblemKind::MeldLimits => "meld_limits",
            ProblemKind::PerPlayer => "rounds_per_player",
            ProblemKind::GoOutLeft { .. } => "go_out_left",
            ProblemKind::GoOutLeftWithContracts => "go_out_left_with_contracts",
        }
    }
}

mod kept;
pub(crate) use kept::intern;
use kept::kept;

pub use kept::{
    CHECKED_ID, KEPT_BUDGET, OVER_BUDGET, REGISTERED_MAX, has_room, kept_bytes, register,
    registered, registered_count,
};

const RESTRICTIONS: [Restriction; 4] = [
    Restriction::NoContiguousRuns,
    Restriction::RunsTwoRanksApart,
    Restriction::RunsDifferentSuits,
    Restriction::NoTwoSetsSameRank,
];

impl RoundDef {
    /// The round of a rule set as data (the derived `number` and `needs_more_than_dealt`
    /// filled in; the words are left to `text`).
    pub fn of(round: &RoundSpec, rs: &RuleSet) -> RoundDef {
        let restrictions = RESTRICTIONS
            .into_iter()
            .filter(|r| match r {
                Restriction::NoContiguousRuns => round.no_contiguous_runs,
                Restriction::RunsTwoRanksApart => round.runs_apart >= 2,
                Restriction::RunsDifferentSuits => round.runs_different_suits,
                Restriction::NoTwoSetsSameRank => round.no_two_sets_same_rank,
            })
            .collect();
        RoundDef {
            number: Some(round.number),
            contract: None,
            contract_de: None,
            requirements: round.contract.as_ref().map(|c| c.alternatives.clone()),
            deal: round.deal,
            go_out_all: round.go_out_all,
            exact_minimum: round.exact_minimum,
            restrictions,
            total_cards: round.total_cards,
            buys: round.buys,
            needs_more_than_dealt: Some(round.needs_more_than_dealt(rs.play.going_out)),
        }
    }

    /// The round at place `number` (1-based).
    fn spec(&self, number: u8) -> RoundSpec {
        let has = |r: Restriction| self.restrictions.contains(&r);
        RoundSpec {
            number,
            contract: self.requirements.as_ref().map(|alternatives| Contract {
                alternatives: alternatives.clone(),
            }),
            deal: self.deal,
            go_out_all: self.go_out_all,
            exact_minimum: self.exact_minimum,
            no_contiguous_runs: has(Restriction::NoContiguousRuns),
            runs_apart: if has(Restriction::RunsTwoRanksApart) {
                2
            } else {
                0
            },
            runs_different_suits: has(Restriction::RunsDifferentSuits),
            no_two_sets_same_rank: has(Restriction::NoTwoSetsSameRank),
            total_cards: self.total_cards,
            buys: self.buys,
        }
    }
}

impl Definition {
    /// The rule set this definition describes, validated: every problem found where it
    /// cannot be built or breaks a limit (docs/API.md, "Rule sets as data"). A contract that
    /// needs buys is allowed (it shows as `needs_more_than_dealt`); one no hand of its round
    /// can reach is not.
    pub fn check(&self) -> Result<RuleSet, Vec<Problem>> {
        let mut problems = self.limit_problems();
        match self.rule_set() {
            Ok(rs) => {
                problems.extend(self.deck_problems(&rs));
                if problems.is_empty() {
                    Ok(rs)
                } else {
                    Err(problems)
                }
            }
            Err(more) => {
                problems.extend(more);
                Err(problems)
            }
        }
    }

    /// Problems visible without building the rule set: names, players, rounds, points,
    /// options.
    fn limit_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut add = |path: String, kind: ProblemKind| out.push(Problem { path, kind });
        if let Err(problem) = super::names::check_name(&self.name) {
            add("name".into(), ProblemKind::Name(problem));
        }
        if self.source.chars().count() > MAX_SOURCE_CHARS || !super::names::is_plain(&self.source) {
            add("source".into(), ProblemKind::Source);
        }
        if self.min_players < 1
            || self.min_players > self.max_players
            || self.max_players > MAX_PLAYERS
        {
            add(
                "max_players".into(),
                ProblemKind::Players {
                    min: self.min_players,
                    max: self.max_players,
                },
            );
        }
        if self.rounds.is_empty() && !self.rounds_per_player {
            add("rounds".into(), ProblemKind::NoRounds);
        }
        let deals = self.options.iter().any(|o| o.name == "cards_dealt");
        if self.rounds_per_player && (!deals || !self.rounds.is_empty()) {
            add("rounds_per_player".into(), ProblemKind::PerPlayer);
        }
        if self.rounds.len() > MAX_ROUNDS {
            add(
                "rounds".into(),
                ProblemKind::TooManyRounds {
                    count: self.rounds.len(),
                },
            );
        }
        if !self.schemes.contains(&self.scheme) {
            add("scheme".into(), ProblemKind::SchemeNotOffered);
        }
        let m = &self.melds;
        if m.set_min < 3 || m.run_min < 3 || m.set_max.is_some_and(|most| most < m.set_min) {
            add("melds".into(), ProblemKind::MeldLimits);
        }
        for (key, &value) in self.penalty.iter().flatten() {
            if !(0..=MAX_POINTS).contains(&value) {
                add(format!("penalty.{key}"), ProblemKind::Points { value });
            }
        }
        for (field, value) in [
            ("cut_bonus", self.cut_bonus),
            ("going_out_bonus", self.going_out_bonus),
            ("first_down_bonus", self.first_down_bonus),
        ] {
            if let Some(value) = value.filter(|v| !(0..=MAX_POINTS).contains(v)) {
                add(field.into(), ProblemKind::Points { value });
            }
        }
        if self.go_out_left_max > MAX_GO_OUT_LEFT {
            add(
                "go_out_left_max".into(),
                ProblemKind::GoOutLeft {
                    value: self.go_out_left_max,
                },
            );
        } else if self.go_out_left_max > 0 && self.rounds.iter().any(|r| r.requirements.is_some()) {
            add(
                "go_out_left_max".into(),
                ProblemKind::GoOutLeftWithContracts,
            );
        }
        for (i, round) in self.rounds.iter().enumerate() {
            let Some(alternatives) = &round.requirements else {
                continue;
            };
            if alternatives.is_empty() || alternatives.iter().any(Vec::is_empty) {
                add(
                    format!("rounds[{i}].requirements"),
                    ProblemKind::EmptyContract,
                );
            }
            for (j, alternative) in alternatives.iter().enumerate() {
                for (k, req) in alternative.iter().enumerate() {
                    let least = if req.kind == MeldKind::Pair { 2 } else { 3 };
                    if req.min < least || (req.kind == MeldKind::Pair && req.min != 2) {
                        add(
                            format!("rounds[{i}].requirements[{j}][{k}].min"),
                            ProblemKind::TooShort {
                                kind: req.kind,
                                min: req.min,
                                least,
                            },
                        );
                    }
                }
            }
        }
        for (i, option) in self.options.iter().enumerate() {
            out.extend(option_problems(i, option));
        }
        out
    }

    /// Problems that need the rule set: melds longer than the deck allows, contracts no hand
    /// can reach, deals the deck cannot give.
    fn deck_problems(&self, rs: &RuleSet) -> Vec<Problem> {
        let mut out = Vec::new();
        let players = self.max_players.max(1);
        let decks = rs.decks(players as usize);
        let wilds = u32::from(decks.jokers)
            + if rs.meld.twos_wild {
                u32::from(decks.decks) * 4
            } else {
                0
            };
        let of_a_rank = if rs.meld.set_distinct_suits {
            4
        } else {
            u32::from(decks.decks) * 4
        };
        let set_most = rs
            .meld
            .set_max
            .map_or(of_a_rank + wilds, u32::from)
            .min(u32::from(u8::MAX)) as u8;
        let skips_two = rs.meld.twos_wild && !rs.meld.twos_natural;
        let run_most = match rs.meld.ace {
            AceMode::LowOrHigh => 14,
            AceMode::HighOnly | AceMode::Wrap => 13,
        } - u8::from(skips_two);
        for (i, round) in rs.rounds.iter().enumerate() {
            if round.deal == 0 || u32::from(round.deal) * u32::from(players) > decks.cards() {
                out.push(Problem {
                    path: format!("rounds[{i}].deal"),
                    kind: ProblemKind::Deal {
                        deal: round.deal,
                        players,
                        cards: decks.cards(),
                    },
                });
            }
            let Some(contract) = &round.contract else {
                continue;
            };
            for (j, alternative) in contract.alternatives.iter().enumerate() {
                for (k, req) in alternative.iter().enumerate() {
                    let most = match req.kind {
                        MeldKind::Set => set_most,
                        MeldKind::Run => run_most,
                        // A pair of other than 2 is too short or not a pair
                        // (`limit_problems`).
                        MeldKind::Pair => u8::MAX,
                    };
                    if req.min > most {
                        out.push(Problem {
                            path: format!("rounds[{i}].requirements[{j}][{k}].min"),
                            kind: ProblemKind::TooLong {
                                kind: req.kind,
                                min: req.min,
                                most,
                            },
                        });
                    }
                }
            }
            let buys = match (round.buys.allowed, round.buys.limit) {
                (false, _) => Some(0),
                (true, None) => None,
                (true, Some(limit)) => {
                    Some(usize::from(limit) * (1 + usize::from(round.buys.extra_cards)))
                }
            };
            let most = match (round.total_cards, buys) {
                (Some(total), _) => Some(usize::from(total)),
                (None, Some(bought)) => Some(usize::from(round.deal) + 1 + bought),
                (None, None) => None,
            };
            let needs = contract.min_cards();
            if let Some(most) = most.filter(|&most| needs > most) {
                out.push(Problem {
                    path: format!("rounds[{i}].requirements"),
                    kind: ProblemKind::Unreachable { needs, most },
                });
            }
        }
        out
    }
}

/// The problems of one option: a name the app does not know, a kind other than its
/// meaning, a word it does not take, a default outside its own values.
fn option_problems(i: usize, option: &OptionDef) -> Vec<Problem> {
    let mut out = Vec::new();
    let name = option.name.clone();
    let Some(&(_, takes)) = KNOWN_OPTIONS
        .iter()
        .find(|(known, _)| *known == option.name)
    else {
        out.push(Problem {
            path: format!("options[{i}].name"),
            kind: ProblemKind::UnknownOption { name },
        });
        return out;
    };
    let kind_fits = matches!(
        (takes, &option.kind),
        (Takes::Bool, OptionKind::Bool)
            | (Takes::Int, OptionKind::Int { .. })
            | (Takes::Choice(_), OptionKind::Choice { .. })
            | (Takes::List, OptionKind::List { .. })
    );
    if !kind_fits {
        out.push(Problem {
            path: format!("options[{i}].type"),
            kind: ProblemKind::OptionKind { name },
        });
        return out;
    }
    if let (Takes::Choice(words), OptionKind::Choice { values }) = (takes, &option.kind) {
        for (j, value) in values.iter().enumerate() {
            if !words.contains(&value.as_str()) {
                out.push(Problem {
                    path: format!("options[{i}].values[{j}]"),
                    kind: ProblemKind::UnknownValue {
                        name: name.clone(),
                        value: value.clone(),
                    },
                });
            }
        }
    }
    let bad_range = match &option.kind {
        OptionKind::Int { min, max, values } => {
            min > max || values.as_ref().is_some_and(|v| v.is_empty())
        }
        OptionKind::List { max_len, .. } => *max_len == 0,
        _ => false,
    };
    let spec = OptionSpec {
        name: "",
        kind: option.kind.clone(),
        default: option.default.clone(),
    };
    let given = BTreeMap::from([(String::new(), option.default.clone())]);
    if bad_range || resolve_options("", std::slice::from_ref(&spec), &given).is_err() {
        out.push(Problem {
            path: format!("options[{i}].default"),
            kind: ProblemKind::BadDefault { name },
        });
    }
    out
}

/// What each option does to a rule set's data, where its value is not the default
/// (`changed`). Keyed by the option's name, never by the preset: a table's own rule set that
/// offers an option gets the same meaning. The order matters where one option reads what
/// another set: the rounds first, then their rules, the meld rules, the penalty points.
fn apply_options(rs: &mut RuleSet, o: &Options, changed: &BTreeSet<&str>) {
    let on = |name: &str| changed.contains(name);
    // Rounds: how many, and how many cards.
    if on("contracts") {
        // The first N contracts (Hollywood: 4, 5 or all 7).
        rs.rounds.truncate(get_int(o, "contracts").max(0) as usize);
    }
    if on("hands") {
        // The first round played N times (Continental).
        let first = rs.rounds.first().cloned();
        rs.rounds = (1..=get_int(o, "hands").max(1) as u8)
            .filter_map(|number| first.clone().map(|r| RoundSpec { number, ..r }))
            .collect();
    }
    if on("rounds") {
        // A fixed number of rounds, each like every round, instead of one per player (Rommé).
        let n = get_int(o, "rounds").max(0) as u8;
        rs.rounds_per_player = n == 0;
        let deal = get_int(o, "cards_dealt") as u8;
        rs.rounds = (1..=n)
            .map(|number| RoundSpec::without_contract(number, deal))
            .collect();
    }
    if on("cards_dealt") {
        let deal = get_int(o, "cards_dealt") as u8;
        rs.rounds.iter_mut().for_each(|r| r.deal = deal);
    }
    // Each round's rules.
    if on("exact_minimum") {
        let exact = get_bool(o, "exact_minimum");
        for r in &mut rs.rounds {
            r.exact_minimum = exact && !r.go_out_all;
        }
    }
    if on("buy_limit") {
        let limit = get_int(o, "buy_limit") as u8;
        for r in &mut rs.rounds {
            r.buys.allowed = limit > 0;
            r.buys.limit = Some(limit);
        }
    }
    if on("same_suit_runs") {
        same_suit_runs(rs, get_text(o, "same_suit_runs"));
    }
    // The meld rules.
    if on("ace")
        && let Some(ace) = AceMode::from_id(get_text(o, "ace"))
    {
        rs.meld.ace = ace;
    }
    if on("jokers") {
        rs.meld.jokers = get_bool(o, "jokers");
    }
    if on("joker_count") {
        let jokers = get_int(o, "joker_count") as u8;
        rs.meld.jokers = jokers > 0;
        if let DeckRule::Fixed { decks, .. } = rs.deck_rule {
            rs.deck_rule = DeckRule::Fixed { decks, jokers };
        }
    }
    if on("jokers_per_deck") {
        let per = get_int(o, "jokers_per_deck") as u8;
        rs.meld.jokers = per > 0;
        rs.deck_rule = match rs.deck_rule {
            DeckRule::PerTwoPlayers { .. } => DeckRule::PerTwoPlayers {
                jokers_per_deck: per,
            },
            DeckRule::Hollywood { .. } => DeckRule::Hollywood {
                jokers_per_deck: per,
            },
            other => other,
        };
    }
    if on("twos_wild") {
        rs.meld.twos_wild = get_bool(o, "twos_wild");
    }
    if on("wilds_per_meld") || on("all_wild_melds") {
        let all_wild = get_bool(o, "all_wild_melds");
        let m = &mut rs.meld;
        (m.max_wilds, m.min_naturals, m.wild_share) = match get_text(o, "wilds_per_meld") {
            "one" => (Some(1), 1, None),
            "two-naturals" => (None, 2, None),
            "half" => (None, 1, Some(WildShare::Half)),
            "third" => (None, 1, Some(WildShare::Third)),
            _ => (None, u8::from(!all_wild), None),
        };
    }
    if on("opening_points") {
        rs.opening_points = Some(get_int(o, "opening_points") as u32);
    }
    // The penalty points.
    if let Some(t) = rs.penalty.as_mut() {
        if on("joker_points") {
            t.joker = get_int(o, "joker_points");
        }
        if rs.meld.twos_wild
            && rs.wild_twos_score_as_jokers
            && (on("twos_wild") || on("joker_points"))
        {
            t.by_rank[1] = t.joker;
        }
    }
    // Bonuses, money and play.
    if on("cut_bonus") {
        rs.cut_bonus = Some(get_int(o, "cut_bonus"));
    }
    let bonus = |name| Some(get_int(o, name)).filter(|&points| points != 0);
    if on("going_out_bonus") {
        rs.going_out_bonus = bonus("going_out_bonus");
    }
    if on("first_down_bonus") {
        rs.first_down_bonus = bonus("first_down_bonus");
    }
    if on("settlement")
        && let Some(scheme) = Scheme::from_id(get_text(o, "settlement"))
    {
        rs.scheme = scheme;
    }
    if on("joker_swap") {
        rs.play.joker_swap = match get_text(o, "joker_swap") {
            "runs-only" => JokerSwap::RunsOnly,
            "none" => JokerSwap::Never,
            _ => JokerSwap::Any,
        };
    }
    if on("discard_to_go_out") {
        rs.play.going_out = if get_bool(o, "discard_to_go_out") {
            GoingOut::WithDiscard
        } else {
            GoingOut::NoDiscard
        };
    }
    if on("lay_off_before_contract") {
        rs.play.lay_off = if get_bool(o, "lay_off_before_contract") {
            LayOff::Anytime
        } else {
            LayOff::AfterContract
        };
    }
}

/// `same_suit_runs`: what two runs of one suit in a contract meld may be to each other
/// (docs/RULES.md section 3), for the rounds whose contract asks for two runs or more and
/// those restricted anyway: `any` lifts the restrictions, `not-touching` forbids runs joining
/// end to end, `gap-2` asks for two ranks between runs that do not overlap, `never` gives
/// every run its own suit.
pub(crate) fn same_suit_runs(rs: &mut RuleSet, value: &str) {
    use super::meld::MeldKind;
    for round in &mut rs.rounds {
        let runs = round.contract.as_ref().map_or(0, |c| {
            c.alternatives
                .iter()
                .map(|a| a.iter().filter(|r| r.kind == MeldKind::Run).count())
                .max()
                .unwrap_or(0)
        });
        let flagged = round.no_contiguous_runs || round.runs_different_suits;
        if runs < 2 && !flagged {
            continue;
        }
        match value {
            "any" => {
                round.no_contiguous_runs = false;
                round.runs_apart = 0;
                round.runs_different_suits = false;
            }
            "not-touching" => {
                round.no_contiguous_runs = true;
                round.runs_apart = 0;
                round.runs_different_suits = false;
            }
            "gap-2" => {
                round.no_contiguous_runs = true;
                round.runs_apart = 2;
                round.runs_different_suits = false;
            }
            _ => round.runs_different_suits = true,
        }
    }
}

/// The penalty key of a card: its rank's symbol, or `JK`.
fn penalty_key(card: Card) -> &'static str {
    match card {
        Card::Joker => "JK",
        Card::Natural { rank, .. } => rank.symbol(),
    }
}

impl Definition {
    /// A rule set as data: everything the loader needs to build it again
    /// ([`Definition::rule_set`] gives back an equal rule set), with the options of these
    /// specs whose defaults are the values the rule set has.
    pub fn of(rs: &RuleSet, specs: &[OptionSpec]) -> Definition {
        let options = specs
            .iter()
            .map(|spec| OptionDef {
                name: spec.name.to_owned(),
                default: rs
                    .options
                    .get(spec.name)
                    .cloned()
                    .unwrap_or_else(|| spec.default.clone()),
                kind: spec.kind.clone(),
            })
            .collect();
        let penalty = rs.penalty.as_ref().map(|t| {
            Rank::all()
                .map(|rank| Card::new(rank, Suit::Hearts))
                .chain([Card::Joker])
                .map(|card| (penalty_key(card).to_owned(), t.points(card)))
                .collect()
        });
        let m = &rs.meld;
        Definition {
            id: rs.info.id.to_owned(),
            name: rs.info.name.to_owned(),
            base: (Preset::from_id(rs.info.id) != Some(rs.preset))
                .then(|| rs.preset.id().to_owned()),
            source: rs.info.source.to_owned(),
            min_players: rs.info.min_players,
            max_players: rs.info.max_players,
            scheme: rs.scheme,
            schemes: rs.schemes.clone(),
            options,
            rounds: rs.rounds.iter().map(|r| RoundDef::of(r, rs)).collect(),
            rounds_per_player: rs.rounds_per_player,
            each_round: None,
            opening_points: rs.opening_points,
            melds: MeldDef {
                ace: m.ace,
                jokers: m.jokers,
                twos_wild: m.twos_wild,
                twos_natural: m.twos_natural,
                max_wilds_per_meld: m.max_wilds,
                min_naturals_per_meld: m.min_naturals,
                max_wild_share: m.wild_share,
                set_suits_differ: m.set_distinct_suits,
                set_max: m.set_max,
                set_min: m.set_min,
                run_min: m.run_min,
            },
            penalty,
            cut_bonus: rs.cut_bonus,
            going_out_bonus: rs.going_out_bonus,
            first_down_bonus: rs.first_down_bonus,
            higher_is_better: rs.higher_is_better,
            play: rs.play,
            deck: rs.deck_rule,
            hand_rommee: rs.hand_rommee,
            go_out_left_max: rs.go_out_left_max,
            no_winner_allowed: rs.no_winner_allowed,
            shanghai_calls: rs.shanghai_calls,
            wild_twos_score_as_jokers: rs.wild_twos_score_as_jokers,
            name_de: None,
            description: None,
            description_de: None,
            play_notes: None,
        }
    }

    /// The preset whose option words the rule set borrows: `base`, or the preset `id` names.
    pub fn base(&self) -> Option<Preset> {
        match &self.base {
            Some(base) => Preset::from_id(base),
            None => Preset::from_id(&self.id),
        }
    }

    /// The rule set this definition describes, with every option at its default; every
    /// problem found where it cannot be built.
    pub fn rule_set(&self) -> Result<RuleSet, Vec<Problem>> {
        let mut problems = Vec::new();
        let preset = self.base();
        if preset.is_none() {
            problems.push(Problem {
                path: "base".into(),
                kind: ProblemKind::UnknownBase {
                    given: self.base.clone().unwrap_or_else(|| self.id.clone()),
                },
            });
        }
        let penalty = self
            .penalty
            .as_ref()
            .and_then(|p| self.penalty_table(p, &mut problems));
        let rounds: Vec<RoundSpec> = self
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| r.spec(i as u8 + 1))
            .collect();
        for (i, (def, spec)) in self.rounds.iter().zip(&rounds).enumerate() {
            if def.number.is_some_and(|n| n != spec.number) {
                problems.push(Problem {
                    path: format!("rounds[{i}].number"),
                    kind: ProblemKind::Disagrees { field: "number" },
                });
            }
            if def
                .needs_more_than_dealt
                .is_some_and(|n| n != spec.needs_more_than_dealt(self.play.going_out))
            {
                problems.push(Problem {
                    path: format!("rounds[{i}].needs_more_than_dealt"),
                    kind: ProblemKind::Disagrees {
                        field: "needs_more_than_dealt",
                    },
                });
            }
        }
        let (Some(preset), true) = (preset, problems.is_empty()) else {
            return Err(problems);
        };
        let m = &self.melds;
        Ok(RuleSet {
            info: self.info(),
            preset,
            options: self
                .options
                .iter()
                .map(|o| (o.name.clone(), o.default.clone()))
                .collect(),
            meld: MeldRules {
                ace: m.ace,
                jokers: m.jokers,
                twos_wild: m.twos_wild,
                twos_natural: m.twos_natural,
                max_wilds: m.max_wilds_per_meld,
                min_naturals: m.min_naturals_per_meld,
                set_distinct_suits: m.set_suits_differ,
                set_min: m.set_min,
                run_min: m.run_min,
                set_max: m.set_max,
                wild_share: m.max_wild_share,
            },
            rounds,
            penalty,
            cut_bonus: self.cut_bonus,
            going_out_bonus: self.going_out_bonus,
            first_down_bonus: self.first_down_bonus,
            opening_points: self.opening_points,
            hand_rommee: self.hand_rommee,
            go_out_left_max: self.go_out_left_max,
            no_winner_allowed: self.no_winner_allowed,
            rounds_per_player: self.rounds_per_player,
            scheme: self.scheme,
            schemes: self.schemes.clone(),
            higher_is_better: self.higher_is_better,
            shanghai_calls: self.shanghai_calls,
            wild_twos_score_as_jokers: self.wild_twos_score_as_jokers,
            play: self.play,
            deck_rule: self.deck,
        })
    }

    /// The rule set with options applied: unknown options or values are an error. The
    /// definition is the rule set with every option at its default, so an option at its
    /// default changes nothing; any other value changes the data as the option says
    /// (`apply_options`, docs/RULES.md section 4), the same for every rule set that has
    /// the option.
    pub fn with_options(
        &self,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<RuleSet, OptionError> {
        let specs = self.option_specs();
        let options = resolve_options(intern(&self.id), &specs, given)?;
        let mut rs = self
            .rule_set()
            .map_err(|_| OptionError::UnknownRuleSet(self.id.clone()))?;
        let changed: BTreeSet<&str> = specs
            .iter()
            .filter(|spec| options.get(spec.name) != Some(&spec.default))
            .map(|spec| spec.name)
            .collect();
        apply_options(&mut rs, &options, &changed);
        rs.options = options;
        Ok(rs)
    }

    /// The identity and fixed facts (texts kept for the program's life, `intern`).
    pub fn info(&self) -> PresetInfo {
        PresetInfo {
            id: intern(&self.id),
            name: kept(&self.name, false),
            source: kept(&self.source, false),
            min_players: self.min_players,
            max_players: self.max_players,
        }
    }

    /// The option specs of the definition (the static names of [`KNOWN_OPTIONS`]).
    pub fn option_specs(&self) -> Vec<OptionSpec> {
        self.options
            .iter()
            .map(|o| OptionSpec {
                name: kept::option_name(&o.name),
                kind: o.kind.clone(),
                default: o.default.clone(),
            })
            .collect()
    }

    fn penalty_table(
        &self,
        given: &BTreeMap<String, i64>,
        problems: &mut Vec<Problem>,
    ) -> Option<PenaltyTable> {
        let before = problems.len();
        for key in given.keys() {
            let known = key == "JK" || Rank::all().any(|r| r.symbol() == key);
            if !known {
                problems.push(Problem {
                    path: format!("penalty.{key}"),
                    kind: ProblemKind::PenaltyUnknownCard { key: key.clone() },
                });
            }
        }
        let mut by_rank = [0; 13];
        for (slot, rank) in by_rank.iter_mut().zip(Rank::all()) {
            match given.get(rank.symbol()) {
                Some(&points) => *slot = points,
                None => problems.push(Problem {
                    path: format!("penalty.{}", rank.symbol()),
                    kind: ProblemKind::PenaltyMissing {
                        card: rank.symbol(),
                    },
                }),
            }
        }
        let joker = match given.get("JK") {
            Some(&points) => points,
            None if !self.melds.jokers => 0,
            None => {
                problems.push(Problem {
                    path: "penalty.JK".into(),
                    kind: ProblemKind::PenaltyMissing { card: "JK" },
                });
                0
            }
        };
        (problems.len() == before).then_some(PenaltyTable { by_rank, joker })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::presets::PRESET_IDS;

    fn of_preset(id: &str) -> Definition {
        let rs = RuleSet::preset(id).unwrap();
        Definition::of(&rs, &rs.preset.option_specs())
    }

    #[test]
    fn every_preset_read_back_from_its_definition_is_the_same_rule_set() {
        for id in PRESET_IDS {
            let rs = RuleSet::preset(id).unwrap();
            let def = Definition::of(&rs, &rs.preset.option_specs());
            assert_eq!(def.rule_set().unwrap(), rs, "{id}");
            let json = serde_json::to_string(&def).unwrap();
            let back: Definition = serde_json::from_str(&json).unwrap();
            assert_eq!(back.rule_set().unwrap(), rs, "{id} through JSON");
        }
    }

    #[test]
    fn a_penalty_table_without_a_card_or_with_an_unknown_key_names_the_field() {
        let mut def = of_preset("contract");
        let table = def.penalty.as_mut().unwrap();
        table.remove("Q");
        table.insert("Z".into(), 3);
        let problems = def.rule_set().unwrap_err();
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["penalty.Z", "penalty.Q"]);
    }

    #[test]
    fn a_round_number_that_is_not_its_place_is_refused() {
        let mut def = of_preset("shanghai");
        def.rounds[1].number = Some(5);
        let problems = def.rule_set().unwrap_err();
        assert_eq!(problems[0].path, "rounds[1].number");
    }
}
