//! Rule sets: the shared types every preset is built from (RuleSet, RoundSpec, contracts,
//! buys, decks, penalty tables, options and their checks) and what follows from them for a
//! table (rounds, contracts, deal, decks, buys, cut target, penalty table). Which preset asks
//! for what is in [`super::presets`], one file per family.
//!
//! Dependency rule: this file knows no preset and never imports `presets` (which builds on
//! the types here); the field `RuleSet::preset` is typed by the leaf [`super::preset`]. Pure: std and serde only. Every rule a table can disagree on is an option, never a
//! special case in a caller.

use super::cards::Card;
use super::meld::{MeldKind, MeldRules};
use super::play::GoingOut;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::preset::Preset;

/// Option values by name, every option of the preset filled in.
pub type Options = BTreeMap<String, OptionValue>;

/// One meld a contract asks for: a kind and a minimum length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    pub kind: MeldKind,
    pub min: u8,
}

/// A contract: one or more alternative lists of requirements (docs/RULES.md section 3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contract {
    pub alternatives: Vec<Vec<Requirement>>,
}

fn req(kind: MeldKind, min: u8) -> Requirement {
    Requirement { kind, min }
}

/// Builds a contract from a compact text: `2s3 1r4`, alternatives separated by `/`.
/// `s` set, `r` run, `p` pair; count then kind then minimum length. Panics on a malformed
/// spec: specs are written in this file (and in tests), never taken from input.
pub fn contract(spec: &str) -> Contract {
    let alternatives = spec
        .split('/')
        .map(|alt| {
            let mut reqs = Vec::new();
            for part in alt.split_whitespace() {
                let kind_at = part.find(['s', 'r', 'p']).expect("kind letter");
                let count: usize = part[..kind_at].parse().expect("count");
                let kind = match &part[kind_at..=kind_at] {
                    "s" => MeldKind::Set,
                    "r" => MeldKind::Run,
                    _ => MeldKind::Pair,
                };
                let min: u8 = part[kind_at + 1..].parse().expect("minimum");
                reqs.extend(std::iter::repeat_n(req(kind, min), count));
            }
            reqs
        })
        .collect();
    Contract { alternatives }
}

impl Contract {
    /// Fewest cards any alternative needs.
    pub fn min_cards(&self) -> usize {
        self.alternatives
            .iter()
            .map(|a| a.iter().map(|r| r.min as usize).sum())
            .min()
            .unwrap_or(0)
    }
}

/// Buying / "May I?" in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Buys {
    /// Buying is allowed in this round.
    pub allowed: bool,
    /// Most buys per player in this round (None: no count limit).
    pub limit: Option<u8>,
    /// Stock cards the buyer takes besides the discard.
    pub extra_cards: u8,
}

pub(crate) const NO_BUYS: Buys = Buys {
    allowed: false,
    limit: None,
    extra_cards: 0,
};

/// Everything about one round of a rule set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundSpec {
    /// 1-based.
    pub number: u8,
    /// The round's contract; `None` where there are no contracts (Rommé).
    pub contract: Option<Contract>,
    /// Cards dealt to each player.
    pub deal: u8,
    /// The contract meld is the whole hand: every card melded at once, no discard.
    pub go_out_all: bool,
    /// The contract meld may hold only the minimum cards.
    pub exact_minimum: bool,
    /// Two same-suit runs of the contract meld may not join end to end.
    pub no_contiguous_runs: bool,
    /// Two same-suit runs of the contract meld that do not overlap need at least this many
    /// ranks between them (`same_suit_runs` `gap-2`: 2; 0 otherwise, where
    /// `no_contiguous_runs` says whether they may touch).
    pub runs_apart: u8,
    /// Every run of the contract meld in its own suit.
    pub runs_different_suits: bool,
    /// No two sets of one rank in the contract meld.
    pub no_two_sets_same_rank: bool,
    /// The whole hand has exactly this many cards (Continental: 15).
    pub total_cards: Option<u8>,
    pub buys: Buys,
}

impl RoundSpec {
    /// A round without a contract (Rommé), dealt `deal` cards.
    pub fn without_contract(number: u8, deal: u8) -> RoundSpec {
        RoundSpec {
            number,
            contract: None,
            deal,
            go_out_all: false,
            exact_minimum: false,
            no_contiguous_runs: false,
            runs_apart: 0,
            runs_different_suits: false,
            no_two_sets_same_rank: false,
            total_cards: None,
            buys: NO_BUYS,
        }
    }

    /// Where the round goes out all at once: the fewest cards that can go out, every card
    /// held after drawing, so the deal plus one (docs/RULES.md section 4 `contract`: "after
    /// drawing a player holds >= 13 cards"). `None` where the round does not go out all at
    /// once, or where the hand has an exact size instead ([`RoundSpec::total_cards`]).
    pub fn go_out_all_min_cards(&self) -> Option<usize> {
        (self.go_out_all && self.total_cards.is_none()).then(|| self.deal as usize + 1)
    }

    /// Ranks that must lie between two runs of one suit in the contract meld that do not
    /// overlap: 0, 1 where they may not join end to end, 2 with `same_suit_runs` `gap-2`.
    pub fn run_gap(&self) -> usize {
        usize::from(self.no_contiguous_runs).max(self.runs_apart as usize)
    }

    /// The most cards a player can lay down in this round without buying: the deal, keeping
    /// a card to discard; the deal plus the drawn card where the round goes out all at once
    /// or the rule set goes out without a discard (`going_out`: `NoDiscard`, `EitherWay`).
    pub fn cards_to_lay(&self, going_out: GoingOut) -> usize {
        let no_discard = matches!(going_out, GoingOut::NoDiscard | GoingOut::EitherWay);
        self.deal as usize + usize::from(self.go_out_all || no_discard)
    }

    /// The contract needs more cards than a player can lay without buying
    /// ([`RoundSpec::cards_to_lay`] under the rule set's `going_out`). Buys make it possible;
    /// the app shows it rather than rejecting it.
    pub fn needs_more_than_dealt(&self, going_out: GoingOut) -> bool {
        let holds = self.cards_to_lay(going_out);
        self.contract
            .as_ref()
            .is_some_and(|c| c.min_cards() > holds)
    }
}

/// How money is settled (docs/RULES.md section 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scheme {
    LowestCollects,
    Pairwise,
    Places,
    Units,
}

impl Scheme {
    /// The option value.
    pub fn id(self) -> &'static str {
        match self {
            Scheme::LowestCollects => "lowest-collects",
            Scheme::Pairwise => "pairwise",
            Scheme::Places => "places",
            Scheme::Units => "units",
        }
    }

    pub(crate) fn from_id(s: &str) -> Option<Scheme> {
        [
            Scheme::LowestCollects,
            Scheme::Pairwise,
            Scheme::Places,
            Scheme::Units,
        ]
        .into_iter()
        .find(|x| x.id() == s)
    }
}

/// Penalty points per card (docs/RULES.md section 4, each preset's "Penalty"). Where 2s are
/// wild, the 2's entry is what a wild 2 counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PenaltyTable {
    /// Points by rank, index 0 = ace … 12 = king.
    pub by_rank: [i64; 13],
    pub joker: i64,
}

impl PenaltyTable {
    /// Points of one card.
    pub fn points(&self, card: Card) -> i64 {
        match card {
            Card::Joker => self.joker,
            Card::Natural { rank, .. } => self.by_rank[rank.number() as usize - 1],
        }
    }

    /// Points of cards left in hand.
    pub fn total(&self, cards: &[Card]) -> i64 {
        cards.iter().map(|&c| self.points(c)).sum()
    }
}

/// A value an option can take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
    List(Vec<i64>),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Text(s) => f.write_str(s),
            OptionValue::List(l) => write!(
                f,
                "{}",
                l.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

/// What values an option accepts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OptionKind {
    Bool,
    Int {
        min: i64,
        max: i64,
        /// Where only some numbers of the range work (Rommé's 10, 13 or 15 cards dealt): those
        /// numbers, so a form offers nothing else (docs/API.md: added 2026-11-24).
        #[serde(skip_serializing_if = "Option::is_none")]
        values: Option<Vec<i64>>,
    },
    Choice {
        values: Vec<String>,
    },
    /// A list of whole numbers (cents), each within 0..=max.
    List {
        max_len: usize,
        max: i64,
    },
}

/// One option of a rule set with its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    pub name: &'static str,
    #[serde(flatten)]
    pub kind: OptionKind,
    pub default: OptionValue,
}

impl OptionSpec {
    /// The one reading of an option's value from text, for forms, links and the command line
    /// alike: on/off `true false on off 1 0 yes no` (any case), a whole number, a choice (as
    /// written; [`RuleSet::with_options`] checks it is one of the values), or whole numbers
    /// separated by commas or spaces. Surrounding spaces do not count. Ranges are checked when
    /// the options are applied, not here.
    pub fn parse_text(&self, text: &str) -> Result<OptionValue, OptionTextError> {
        let text = text.trim();
        let bad = |expected| OptionTextError {
            name: self.name,
            given: text.to_owned(),
            expected,
        };
        match &self.kind {
            OptionKind::Bool => parse_on_off(text)
                .map(OptionValue::Bool)
                .ok_or_else(|| bad(Expected::OnOff)),
            OptionKind::Int { .. } => text
                .parse()
                .map(OptionValue::Int)
                .map_err(|_| bad(Expected::WholeNumber)),
            OptionKind::Choice { .. } => Ok(OptionValue::Text(text.to_owned())),
            OptionKind::List { .. } => text
                .split([',', ' '])
                .filter(|p| !p.trim().is_empty())
                .map(|p| p.trim().parse())
                .collect::<Result<Vec<i64>, _>>()
                .map(OptionValue::List)
                .map_err(|_| bad(Expected::NumberList)),
        }
    }
}

/// On or off as text: `true on 1 yes` / `false off 0 no`, any case, surrounding spaces
/// ignored; `None` for anything else. The one list of these words ([`OptionSpec::parse_text`]
/// and the pages' checkboxes read with it).
pub fn parse_on_off(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" | "yes" => Some(true),
        "false" | "off" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// Text that is not a value of its option's kind ([`OptionSpec::parse_text`]); the words
/// are in `text::rules`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionTextError {
    /// The option.
    pub name: &'static str,
    /// The text, trimmed.
    pub given: String,
    /// What the option takes.
    pub expected: Expected,
}

/// What an option takes, where a value is not one of them (said by `text::rules`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// Form text: on or off (`true false on off 1 0 yes no`).
    OnOff,
    /// Form text: a whole number.
    WholeNumber,
    /// Form text: whole numbers separated by commas (or spaces).
    NumberList,
    /// A value: true or false.
    TrueFalse,
    /// A whole number from `min` to `max`.
    Range { min: i64, max: i64 },
    /// One of these words.
    OneOf(Vec<String>),
    /// One of these numbers (a range the preset narrows further).
    AnyOf(Vec<i64>),
    /// A list of 1 to `max_len` whole numbers from 0 to `max`.
    List { max_len: usize, max: i64 },
}

/// The value an option was given, as an error shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Got {
    /// A value as read.
    Value(OptionValue),
    /// A value as written where it could not be read (a JSON fraction, `null`).
    Written(String),
}

/// Why [`RuleSet::round_for_check`] has no round (the words are in `text::rules`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundError {
    /// No round given where the rule set has several.
    Missing {
        /// The rule set's (English) name.
        rules: &'static str,
        /// Its rounds.
        count: usize,
    },
    /// A round given where the rule set has no contracts and checks an opening meld
    /// (Rommé): the round would change nothing, so it is refused rather than ignored.
    NoRounds {
        /// The rule set's (English) name.
        rules: &'static str,
    },
    /// A round the rule set does not have.
    OutOfRange {
        /// The round asked for.
        round: usize,
        /// The rule set's (English) name.
        rules: &'static str,
        /// Its rounds.
        count: usize,
    },
}

/// Why cards left in hand have no score ([`RuleSet::score_hand`]; the words are in
/// `text::rules`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreError {
    /// The rule set scores in units per hand won (Continental).
    NoCardPoints,
    /// Jokers named in a game played without jokers.
    JokersNotInPlay { jokers: usize },
}

/// Options that could not be applied (the words are in `text::rules`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// A rule set id that is not a preset.
    UnknownRuleSet(String),
    /// An option the rule set does not have.
    Unknown {
        name: String,
        /// The rule set's id.
        rules: &'static str,
        /// Its options, separated by ", ".
        known: String,
    },
    /// A value the option does not take.
    BadValue {
        name: String,
        expected: Expected,
        got: Got,
    },
}

/// The identity and fixed facts of a preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PresetInfo {
    pub id: &'static str,
    /// The English name, as facts in errors and the API name the rule set (its words in
    /// other languages, and every preset's description, are in `text::rules`).
    pub name: &'static str,
    pub source: &'static str,
    pub min_players: u8,
    pub max_players: u8,
}

/// A rule set: a preset with its options applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSet {
    pub info: PresetInfo,
    /// The preset it starts from.
    pub preset: Preset,
    /// Every option with its value (defaults filled in).
    pub options: BTreeMap<String, OptionValue>,
    pub meld: MeldRules,
    pub rounds: Vec<RoundSpec>,
    pub penalty: Option<PenaltyTable>,
    /// Liverpool: points taken off the cutter who hits the target.
    pub cut_bonus: Option<i64>,
    /// Shanghai family, optional: points taken off the player who goes out (`going_out_bonus`;
    /// `None` where it is off).
    pub going_out_bonus: Option<i64>,
    /// Shanghai family, optional: points taken off the player who went down (laid the contract)
    /// first in the round (`first_down_bonus`; `None` where it is off).
    pub first_down_bonus: Option<i64>,
    /// Rommé: the first meld must be worth this much.
    pub opening_points: Option<u32>,
    /// Rommé: going out in one turn without having melded before doubles the others' penalties.
    pub hand_rommee: bool,
    /// Rommé (rounds without contracts): going out by laying every meld down at once, a
    /// player may keep cards worth at most this many penalty points unmelded in hand
    /// (Wiener Rommé, seed 002: "maximal 9"); 0: every card must be melded.
    pub go_out_left_max: u32,
    /// A round may end with no winner (stock and discards exhausted).
    pub no_winner_allowed: bool,
    /// Rommé: one round per player unless `rounds` is set.
    pub rounds_per_player: bool,
    pub scheme: Scheme,
    /// Settlement schemes a table may choose from.
    pub schemes: Vec<Scheme>,
    /// Higher totals are better (Continental in points mode).
    pub higher_is_better: bool,
    /// A discard that fits a meld on the table may be claimed with a "Shanghai" call
    /// (docs/RULES.md 4 `shanghai`; not in `shanghai-powe`).
    pub shanghai_calls: bool,
    /// Where the option `twos_wild` makes 2s wild, a 2 left in hand counts the joker's
    /// points (Rommé; Hollywood's 2 counts 15 either way).
    pub wild_twos_score_as_jokers: bool,
    /// Laying off, joker swaps and going out (docs/RULES.md 4), shown to the table.
    pub play: super::play::Play,
    /// Jokers per deck count or fixed total: see [`RuleSet::decks`].
    pub deck_rule: DeckRule,
}

/// How many decks and jokers a game uses for its player count ([`RuleSet::decks`]); in a
/// definition `"deck": {"kind": "fixed", "decks": 2, "jokers": 4}` and the like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum DeckRule {
    /// 2 decks + (players - 1) jokers.
    TwoPlusPlayersMinusOne,
    /// One deck per 2 players (rounded up), each with this many jokers.
    PerTwoPlayers { jokers_per_deck: u8 },
    /// Fixed decks and jokers.
    Fixed { decks: u8, jokers: u8 },
    /// Continental: 2-5 players 2 decks, 6-8 three, 9-12 four; one joker per deck.
    Continental,
    /// Hollywood: 2 decks, 3 with more than 4 players; jokers per deck.
    Hollywood { jokers_per_deck: u8 },
}

/// Decks and jokers in play for a player count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Decks {
    pub decks: u8,
    pub jokers: u8,
}

impl Decks {
    /// Cards in all.
    pub fn cards(&self) -> u32 {
        self.decks as u32 * 52 + self.jokers as u32
    }
}

#[cfg(test)]
pub(crate) fn standard_penalty(ace: i64, joker: i64, two: i64) -> PenaltyTable {
    let mut by_rank = [0; 13];
    for (i, v) in by_rank.iter_mut().enumerate() {
        *v = match i + 1 {
            1 => ace,
            2 => two,
            n @ 3..=10 => n as i64,
            _ => 10,
        };
    }
    PenaltyTable { by_rank, joker }
}

#[cfg(test)]
pub(crate) fn opt_bool(name: &'static str, default: bool) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Bool,
        default: OptionValue::Bool(default),
    }
}

#[cfg(test)]
pub(crate) fn opt_int(name: &'static str, min: i64, max: i64, default: i64) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Int {
            min,
            max,
            values: None,
        },
        default: OptionValue::Int(default),
    }
}

#[cfg(test)]
/// A whole-number option that takes only these numbers (in order; the first is the smallest,
/// the last the largest).
pub(crate) fn opt_int_of(name: &'static str, values: &[i64], default: i64) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Int {
            min: values[0],
            max: values[values.len() - 1],
            values: Some(values.to_vec()),
        },
        default: OptionValue::Int(default),
    }
}

#[cfg(test)]
pub(crate) fn opt_choice(name: &'static str, values: &[&str], default: &str) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Choice {
            values: values.iter().map(|s| s.to_string()).collect(),
        },
        default: OptionValue::Text(default.to_string()),
    }
}

/// The options that change what a meld checker answers (docs/RULES.md sections 2 and 4): which
/// cards are wild, where the ace stands, the contracts and what a contract meld may hold,
/// the cards dealt, a first meld's minimum points. The others (money, penalty points, buys,
/// bonuses, play after the contract) leave every check, solution and fit as it is.
pub const MELD_OPTIONS: [&str; 13] = [
    "jokers",
    "same_suit_runs",
    "wilds_per_meld",
    "all_wild_melds",
    "joker_count",
    "jokers_per_deck",
    "twos_wild",
    "ace",
    "exact_minimum",
    "contracts",
    "hands",
    "cards_dealt",
    "opening_points",
];

/// Checks and completes options against a preset's specs.
pub(crate) fn resolve_options(
    id: &'static str,
    specs: &[OptionSpec],
    given: &BTreeMap<String, OptionValue>,
) -> Result<Options, OptionError> {
    let mut out: BTreeMap<String, OptionValue> = specs
        .iter()
        .map(|s| (s.name.to_string(), s.default.clone()))
        .collect();
    for (name, value) in given {
        let Some(spec) = specs.iter().find(|s| s.name == name) else {
            return Err(OptionError::Unknown {
                name: name.clone(),
                rules: id,
                known: specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
            });
        };
        let bad = |expected: Expected| OptionError::BadValue {
            name: name.clone(),
            expected,
            got: Got::Value(value.clone()),
        };
        match (&spec.kind, value) {
            (OptionKind::Bool, OptionValue::Bool(_)) => {}
            (OptionKind::Bool, _) => return Err(bad(Expected::TrueFalse)),
            (
                OptionKind::Int {
                    values: Some(values),
                    ..
                },
                OptionValue::Int(n),
            ) if values.contains(n) => {}
            (
                OptionKind::Int {
                    values: Some(values),
                    ..
                },
                _,
            ) => return Err(bad(Expected::AnyOf(values.clone()))),
            (OptionKind::Int { min, max, .. }, OptionValue::Int(n)) if (min..=max).contains(&n) => {
            }
            (OptionKind::Int { min, max, .. }, _) => {
                return Err(bad(Expected::Range {
                    min: *min,
                    max: *max,
                }));
            }
            (OptionKind::Choice { values }, OptionValue::Text(s)) if values.contains(s) => {}
            (OptionKind::Choice { values }, _) => {
                return Err(bad(Expected::OneOf(values.clone())));
            }
            (OptionKind::List { max_len, max }, OptionValue::List(l))
                if !l.is_empty()
                    && l.len() <= *max_len
                    && l.iter().all(|v| (0..=*max).contains(v)) => {}
            (OptionKind::List { max_len, max }, _) => {
                return Err(bad(Expected::List {
                    max_len: *max_len,
                    max: *max,
                }));
            }
        }
        out.insert(name.clone(), value.clone());
    }
    Ok(out)
}

pub(crate) fn get_bool(o: &BTreeMap<String, OptionValue>, name: &str) -> bool {
    matches!(o.get(name), Some(OptionValue::Bool(true)))
}

pub(crate) fn get_int(o: &BTreeMap<String, OptionValue>, name: &str) -> i64 {
    match o.get(name) {
        Some(OptionValue::Int(n)) => *n,
        _ => 0,
    }
}

pub(crate) fn get_text<'a>(o: &'a BTreeMap<String, OptionValue>, name: &str) -> &'a str {
    match o.get(name) {
        Some(OptionValue::Text(s)) => s,
        _ => "",
    }
}

#[cfg(test)]
/// Per-round restriction switches, listed by round number.
pub(crate) struct RoundPlan<'a> {
    pub(crate) contracts: &'a [&'a str],
    pub(crate) deals: &'a [u8],
    pub(crate) exact_minimum_rounds: &'a [u8],
    pub(crate) no_contiguous_rounds: &'a [u8],
    pub(crate) different_suits_rounds: &'a [u8],
    pub(crate) two_sets_same_rank_forbidden: bool,
    pub(crate) go_out_all_last: bool,
    pub(crate) buys: &'a dyn Fn(u8) -> Buys,
}

#[cfg(test)]
pub(crate) fn plan_rounds(p: &RoundPlan) -> Vec<RoundSpec> {
    let n = p.contracts.len() as u8;
    p.contracts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let number = i as u8 + 1;
            let last = number == n;
            let go_out_all = p.go_out_all_last && last;
            RoundSpec {
                number,
                contract: Some(contract(c)),
                deal: p.deals[i.min(p.deals.len() - 1)],
                go_out_all,
                exact_minimum: !go_out_all && p.exact_minimum_rounds.contains(&number),
                no_contiguous_runs: p.no_contiguous_rounds.contains(&number),
                runs_apart: 0,
                runs_different_suits: p.different_suits_rounds.contains(&number),
                no_two_sets_same_rank: p.two_sets_same_rank_forbidden,
                total_cards: None,
                buys: (p.buys)(number),
            }
        })
        .collect()
}

impl RuleSet {
    /// The penalty points of cards kept in hand when going out, as `go_out_left_max`
    /// measures them: the penalty table's sum (the round's score for them). Where the rule
    /// set scores in units there are no points to count, so any card kept is too many.
    pub fn left_points(&self, cards: &[Card]) -> u32 {
        match &self.penalty {
            Some(t) => u32::try_from(t.total(cards).max(0)).unwrap_or(u32::MAX),
            None if cards.is_empty() => 0,
            None => u32::MAX,
        }
    }

    /// The preset id.
    pub fn id(&self) -> &'static str {
        self.info.id
    }

    /// Rounds in a game for this many players (Rommé by default: one per player).
    pub fn round_count(&self, players: usize) -> usize {
        if self.rounds_per_player {
            players
        } else {
            self.rounds.len()
        }
    }

    /// Whether any round of the rule set allows buying (Rommé has no buying at all, so a
    /// table is never told there is none "this round").
    pub fn has_buying(&self) -> bool {
        !self.rounds_per_player && self.rounds.iter().any(|r| r.buys.allowed)
    }

    /// The spec of round `n` (1-based) for this many players, or `None` out of range.
    pub fn round(&self, n: usize, players: usize) -> Option<RoundSpec> {
        if n == 0 || n > self.round_count(players) {
            return None;
        }
        if self.rounds_per_player {
            return Some(RoundSpec::without_contract(
                n as u8,
                get_int(&self.options, "cards_dealt") as u8,
            ));
        }
        self.rounds.get(n - 1).cloned()
    }

    /// The round spec used for checking melds outside a game: round `n`, or for Rommé (no
    /// contracts) the opening, where a round number is an error.
    pub fn round_for_check(&self, n: Option<usize>) -> Result<RoundSpec, RoundError> {
        if self.opening_points.is_some() {
            if n.is_some() {
                return Err(RoundError::NoRounds {
                    rules: self.info.name,
                });
            }
            return Ok(RoundSpec::without_contract(
                1,
                get_int(&self.options, "cards_dealt") as u8,
            ));
        }
        let count = self.rounds.len();
        match n {
            None if count == 1 => Ok(self.rounds[0].clone()),
            None => Err(RoundError::Missing {
                rules: self.info.name,
                count,
            }),
            Some(n) if n >= 1 && n <= count => Ok(self.rounds[n - 1].clone()),
            Some(n) => Err(RoundError::OutOfRange {
                round: n,
                rules: self.info.name,
                count,
            }),
        }
    }

    /// Decks and jokers for a player count (docs/RULES.md section 4).
    pub fn decks(&self, players: usize) -> Decks {
        let p = players.max(1) as u8;
        let mut d = match self.deck_rule {
            DeckRule::TwoPlusPlayersMinusOne => Decks {
                decks: 2,
                jokers: p.saturating_sub(1),
            },
            DeckRule::PerTwoPlayers { jokers_per_deck } => {
                let decks = p.div_ceil(2);
                Decks {
                    decks,
                    jokers: decks * jokers_per_deck,
                }
            }
            DeckRule::Fixed { decks, jokers } => Decks { decks, jokers },
            DeckRule::Continental => {
                let decks = match p {
                    0..=5 => 2,
                    6..=8 => 3,
                    _ => 4,
                };
                Decks {
                    decks,
                    jokers: decks,
                }
            }
            DeckRule::Hollywood { jokers_per_deck } => {
                let decks = if p > 4 { 3 } else { 2 };
                Decks {
                    decks,
                    jokers: decks * jokers_per_deck,
                }
            }
        };
        if !self.meld.jokers {
            d.jokers = 0;
        }
        d
    }

    /// Liverpool cut target: players x cards dealt + 1 (the deal plus the first up-card).
    pub fn cut_target(&self, players: usize, round: &RoundSpec) -> Option<u32> {
        self.cut_bonus
            .map(|_| players as u32 * round.deal as u32 + 1)
    }

    /// Is the player count within the rule set's range?
    pub fn players_ok(&self, players: usize) -> bool {
        (self.info.min_players as usize..=self.info.max_players as usize).contains(&players)
    }

    /// Penalty points of cards left in hand (docs/RULES.md section 5); `None` where the rule set
    /// scores in units (Continental).
    pub fn penalty_points(&self, cards: &[Card]) -> Option<i64> {
        self.penalty.as_ref().map(|t| t.total(cards))
    }

    /// Penalty points of cards someone says are left in hand: an error where the rule set
    /// scores in units, or where a joker is named in a game played without jokers.
    pub fn score_hand(&self, cards: &[Card]) -> Result<i64, ScoreError> {
        let points = self.penalty_points(cards).ok_or(ScoreError::NoCardPoints)?;
        let jokers = cards.iter().filter(|&&c| c == Card::Joker).count();
        if !self.meld.jokers && jokers > 0 {
            return Err(ScoreError::JokersNotInPlay { jokers });
        }
        Ok(points)
    }
}

/// Tests: a preset with options given as name/value pairs.
#[cfg(test)]
pub(crate) fn test_preset(id: &str, pairs: &[(&str, OptionValue)]) -> RuleSet {
    let o: BTreeMap<String, OptionValue> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    RuleSet::with_options(id, &o).expect("valid options")
}

#[cfg(test)]
mod parse_text {
    use super::*;

    fn spec(kind: OptionKind) -> OptionSpec {
        OptionSpec {
            name: "x",
            kind,
            default: OptionValue::Bool(false),
        }
    }

    #[test]
    fn one_means_true_and_every_on_off_word_is_read_in_any_case() {
        let b = spec(OptionKind::Bool);
        for on in ["1", "true", "On", " YES "] {
            assert_eq!(b.parse_text(on), Ok(OptionValue::Bool(true)), "{on}");
        }
        for off in ["0", "false", "OFF", "no"] {
            assert_eq!(b.parse_text(off), Ok(OptionValue::Bool(false)), "{off}");
        }
        let e = b.parse_text("maybe").unwrap_err();
        assert_eq!(e.expected, Expected::OnOff);
        assert_eq!(e.given, "maybe");
    }

    #[test]
    fn numbers_choices_and_lists_separated_by_commas_or_spaces() {
        let int = spec(OptionKind::Int {
            min: 0,
            max: 9,
            values: None,
        });
        assert_eq!(int.parse_text(" 42 "), Ok(OptionValue::Int(42)));
        assert_eq!(
            int.parse_text("x").unwrap_err().expected,
            Expected::WholeNumber
        );
        let choice = spec(OptionKind::Choice {
            values: vec!["wrap".into()],
        });
        assert_eq!(
            choice.parse_text("wrap"),
            Ok(OptionValue::Text("wrap".into()))
        );
        let list = spec(OptionKind::List { max_len: 6, max: 9 });
        assert_eq!(
            list.parse_text("0, 2 4,6"),
            Ok(OptionValue::List(vec![0, 2, 4, 6]))
        );
        assert_eq!(list.parse_text("5"), Ok(OptionValue::List(vec![5])));
        assert!(list.parse_text("1, a").is_err());
    }
}
