//! `GET /api/v1/rules` and `GET /api/v1/rules/{id}`: the rule sets as data, for clients that
//! build their own screens (docs/RULES.md section 4). Everything shown is read off the preset with
//! its default options; nothing is decided here.

use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use utoipa::ToSchema;

use crate::rules::meld::WildShare;
use crate::rules::play::{GoingOut, Play};

use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::presets::Preset;
use crate::rules::presets::{PRESET_IDS, option_specs};
use crate::rules::ruleset::{
    Buys, DeckRule, OptionKind, OptionSpec, OptionValue, PresetInfo, Requirement, RoundSpec,
    RuleSet, Scheme,
};
use crate::text::Lang;
use crate::text::rules::{option_description, preset_description, preset_name};

/// A rule set's identity: its facts with the names and descriptions in English and German.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RuleSetInfo)]
pub struct PresetJson {
    pub id: &'static str,
    pub name: &'static str,
    pub name_de: &'static str,
    pub description: &'static str,
    pub description_de: &'static str,
    pub source: &'static str,
    pub min_players: u8,
    pub max_players: u8,
}

impl PresetJson {
    fn of(info: &PresetInfo) -> Self {
        Self {
            id: info.id,
            name: info.name,
            name_de: preset_name(info, Lang::De),
            description: preset_description(info, Lang::En),
            description_de: preset_description(info, Lang::De),
            source: info.source,
            min_players: info.min_players,
            max_players: info.max_players,
        }
    }
}

/// A rule-set option: its name, type, allowed values and default, and what it does in
/// English and German.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RuleSetOption)]
pub struct OptionJson {
    pub name: &'static str,
    #[serde(flatten)]
    #[schema(value_type = crate::web::schema::OptionKind)]
    pub kind: OptionKind,
    #[schema(value_type = crate::web::schema::OptionValue)]
    pub default: OptionValue,
    pub description: &'static str,
    pub description_de: &'static str,
}

impl OptionJson {
    fn of(preset: Preset, spec: OptionSpec) -> Self {
        Self {
            name: spec.name,
            description: option_description(preset, spec.name, Lang::En),
            description_de: option_description(preset, spec.name, Lang::De),
            kind: spec.kind,
            default: spec.default,
        }
    }
}

/// A rule set in the list: who it is for and where it comes from.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RuleSetSummary)]
pub struct Summary {
    #[serde(flatten)]
    pub info: PresetJson,
    /// Rounds in a game; null where there is one round per player (Rommé).
    pub rounds: Option<usize>,
    /// Where the full description is.
    pub url: String,
}

impl Summary {
    fn of(rs: &RuleSet) -> Self {
        Self {
            info: PresetJson::of(&rs.info),
            rounds: (!rs.rounds_per_player).then_some(rs.rounds.len()),
            url: format!("/api/v1/rules/{}", rs.id()),
        }
    }
}

/// The answer of `GET /api/v1/rules`.
#[derive(Debug, Serialize, ToSchema)]
pub struct RuleSetList {
    pub rule_sets: Vec<Summary>,
}

/// Every preset, in display order.
pub fn list() -> RuleSetList {
    RuleSetList {
        rule_sets: PRESET_IDS
            .iter()
            .filter_map(|id| RuleSet::preset(id).ok())
            .map(|rs| Summary::of(&rs))
            .collect(),
    }
}

/// One round: its contract in English and German, the deal, and the round's rules.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RuleSetRound)]
pub struct RoundJson {
    pub number: u8,
    /// The contract in words; null where there are no contracts (Rommé).
    pub contract: Option<String>,
    pub contract_de: Option<String>,
    /// The contract as data: alternatives, each a list of melds (`{"kind": "set" | "run" |
    /// "pair", "min": N}`); null where there are no contracts (added 2026-11-27).
    #[schema(value_type = Option<Vec<Vec<crate::web::schema::Requirement>>>)]
    pub requirements: Option<Vec<Vec<Requirement>>>,
    /// Cards dealt to each player.
    pub deal: u8,
    /// The contract meld is the whole hand, melded at once without a discard.
    pub go_out_all: bool,
    /// The contract meld holds only the minimum cards.
    pub exact_minimum: bool,
    /// Contract-wide restrictions (docs/RULES.md section 3): `no_contiguous_runs`,
    /// `runs_two_ranks_apart` (added 2026-11-24), `runs_different_suits`,
    /// `no_two_sets_same_rank`.
    pub restrictions: Vec<&'static str>,
    /// The melds must hold exactly this many cards (Continental).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_cards: Option<u8>,
    #[schema(value_type = crate::web::schema::Buys)]
    pub buys: Buys,
    /// The contract needs more cards than are dealt (buys make it possible).
    pub needs_more_than_dealt: bool,
}

impl RoundJson {
    fn of(round: &RoundSpec, going_out: GoingOut) -> Self {
        let restrictions = [
            (round.no_contiguous_runs, "no_contiguous_runs"),
            (round.runs_apart >= 2, "runs_two_ranks_apart"),
            (round.runs_different_suits, "runs_different_suits"),
            (round.no_two_sets_same_rank, "no_two_sets_same_rank"),
        ]
        .into_iter()
        .filter_map(|(on, code)| on.then_some(code))
        .collect();
        Self {
            number: round.number,
            contract: round
                .contract
                .as_ref()
                .map(|c| crate::text::rules::describe_contract(c, Lang::En)),
            contract_de: round
                .contract
                .as_ref()
                .map(|c| crate::text::rules::describe_contract(c, Lang::De)),
            requirements: round.contract.as_ref().map(|c| c.alternatives.clone()),
            deal: round.deal,
            go_out_all: round.go_out_all,
            exact_minimum: round.exact_minimum,
            restrictions,
            total_cards: round.total_cards,
            buys: round.buys,
            needs_more_than_dealt: round.needs_more_than_dealt(going_out),
        }
    }
}

/// How melds are read under the rule set (docs/RULES.md section 2).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MeldRules)]
pub struct MeldRulesJson {
    /// `low-or-high`, `high-only` or `wrap`.
    #[schema(value_type = crate::web::schema::AceMode)]
    pub ace: &'static str,
    pub jokers: bool,
    pub twos_wild: bool,
    /// A wild 2 may also stand for itself; false where the rank order skips 2 (Continental
    /// with wild 2s; added 2026-11-27).
    pub twos_natural: bool,
    /// Most wild cards in one meld; null for no limit.
    pub max_wilds_per_meld: Option<u8>,
    /// Fewest natural cards in one meld (0: all-wild melds allowed).
    pub min_naturals_per_meld: u8,
    /// At most this share of a meld wild: `half` or `third`; null for none (`wilds_per_meld`;
    /// Added 2026-11-24).
    #[schema(value_type = Option<String>)]
    pub max_wild_share: Option<WildShare>,
    /// A set's cards must be of different suits.
    pub set_suits_differ: bool,
    /// Most cards in a set; null for no limit.
    pub set_max: Option<u8>,
    /// The shortest set the rule set accepts (Added 2026-11-24).
    pub set_min: u8,
    /// The shortest run the rule set accepts (Added 2026-11-24).
    pub run_min: u8,
}

/// Penalty points by card, in rank order: `{"A": 15, "2": 2, …, "K": 10, "JK": 15}`.
#[derive(Debug)]
pub struct PenaltyJson(Vec<(&'static str, i64)>);

impl Serialize for PenaltyJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(card, points)| (card, points)))
    }
}

impl PenaltyJson {
    fn of(rs: &RuleSet) -> Option<Self> {
        let points = |card: Card| rs.penalty_points(&[card]);
        let mut table = Vec::with_capacity(14);
        for rank in Rank::all() {
            table.push((rank.symbol(), points(Card::new(rank, Suit::Hearts))?));
        }
        if rs.meld.jokers {
            table.push(("JK", points(Card::Joker)?));
        }
        Some(Self(table))
    }
}

/// The answer of `GET /api/v1/rules/{id}`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RuleSetDetail)]
pub struct Detail {
    #[serde(flatten)]
    pub info: PresetJson,
    /// The default money settlement.
    #[schema(value_type = crate::web::schema::Scheme)]
    pub scheme: Scheme,
    /// The settlements a table may choose (option `settlement`).
    #[schema(value_type = Vec<crate::web::schema::Scheme>)]
    pub schemes: Vec<Scheme>,
    /// Options with their types, allowed values and defaults.
    pub options: Vec<OptionJson>,
    /// The rounds of a game; empty where there is one round per player (Rommé by default).
    pub rounds: Vec<RoundJson>,
    /// A game has one round per player (everyone deals once) instead of fixed rounds.
    pub rounds_per_player: bool,
    /// Where rounds are per player: what every round is like.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub each_round: Option<RoundJson>,
    /// Rommé: the first meld must be worth at least this many points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening_points: Option<u32>,
    pub melds: MeldRulesJson,
    /// Penalty points of cards left in hand; null where the rule set scores in units.
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub penalty: Option<PenaltyJson>,
    /// Liverpool: points taken off the cutter who hits the target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut_bonus: Option<i64>,
    /// Points taken off the player who goes out, where the table plays that bonus (added
    /// 2026-11-27).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub going_out_bonus: Option<i64>,
    /// Points taken off the player who laid the contract first in the round, where the table
    /// plays that bonus (added 2026-11-27).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_down_bonus: Option<i64>,
    /// Higher totals are better (Continental in points mode).
    pub higher_is_better: bool,
    /// Decks and jokers for a player count (added 2026-11-27).
    #[schema(value_type = crate::web::schema::DeckRule)]
    pub deck: DeckRule,
    /// Going out in one turn without having melded before doubles the others' penalties
    /// (Rommé; added 2026-11-27).
    pub hand_rommee: bool,
    /// Rommé: going out by laying every meld down at once, a player may keep cards worth at
    /// most this many penalty points in hand (Wiener Rommé: 9); left out where it is 0, every
    /// card melded (added 2026-11-27).
    #[serde(skip_serializing_if = "is_zero")]
    pub go_out_left_max: u32,
    /// A round may end with no winner (stock and discards exhausted; added 2026-11-27).
    pub no_winner_allowed: bool,
    /// A discard that fits a meld on the table may be claimed with a "Shanghai" call (added
    /// 2026-11-27).
    pub shanghai_calls: bool,
    /// Where the option `twos_wild` makes 2s wild, a 2 left in hand counts the joker's
    /// points (Rommé; added 2026-11-27).
    pub wild_twos_score_as_jokers: bool,
    /// Laying off, joker swaps and going out.
    #[schema(value_type = crate::web::schema::Play)]
    pub play: Play,
    /// The same as sentences for the table: `{"en": [...], "de": [...]}`.
    #[schema(value_type = crate::web::schema::PlayNotes)]
    pub play_notes: BTreeMap<&'static str, Vec<&'static str>>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The full description of a preset with its default options, or `None` for an unknown id.
pub fn detail(id: &str) -> Option<Detail> {
    let rs = RuleSet::preset(id).ok()?;
    Some(detail_of(&rs, option_specs(id)?))
}

/// The full description of a rule set with its options' specs: a preset's or a table's own.
pub fn detail_of(rs: &RuleSet, specs: Vec<OptionSpec>) -> Detail {
    Detail {
        info: PresetJson::of(&rs.info),
        scheme: rs.scheme,
        schemes: rs.schemes.clone(),
        options: specs
            .into_iter()
            .map(|spec| OptionJson::of(rs.preset, spec))
            .collect(),
        rounds: if rs.rounds_per_player {
            Vec::new()
        } else {
            rs.rounds
                .iter()
                .map(|round| RoundJson::of(round, rs.play.going_out))
                .collect()
        },
        rounds_per_player: rs.rounds_per_player,
        each_round: rs
            .rounds_per_player
            .then(|| rs.round(1, rs.info.min_players.into()))
            .flatten()
            .map(|round| RoundJson::of(&round, rs.play.going_out)),
        opening_points: rs.opening_points,
        melds: MeldRulesJson {
            ace: rs.meld.ace.id(),
            jokers: rs.meld.jokers,
            twos_wild: rs.meld.twos_wild,
            twos_natural: rs.meld.twos_natural,
            max_wilds_per_meld: rs.meld.max_wilds,
            min_naturals_per_meld: rs.meld.min_naturals,
            max_wild_share: rs.meld.wild_share,
            set_suits_differ: rs.meld.set_distinct_suits,
            set_max: rs.meld.set_max,
            set_min: rs.meld.set_min,
            run_min: rs.meld.run_min,
        },
        penalty: PenaltyJson::of(rs),
        cut_bonus: rs.cut_bonus,
        going_out_bonus: rs.going_out_bonus,
        first_down_bonus: rs.first_down_bonus,
        higher_is_better: rs.higher_is_better,
        deck: rs.deck_rule,
        hand_rommee: rs.hand_rommee,
        go_out_left_max: rs.go_out_left_max,
        no_winner_allowed: rs.no_winner_allowed,
        shanghai_calls: rs.shanghai_calls,
        wild_twos_score_as_jokers: rs.wild_twos_score_as_jokers,
        play: rs.play,
        play_notes: [Lang::En, Lang::De]
            .into_iter()
            .map(|l| (l.code(), crate::text::rules::play_notes(&rs.play, l)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::definition::Definition;

    #[test]
    fn every_catalogue_entry_read_back_as_a_definition_is_the_preset_itself() {
        for id in PRESET_IDS {
            let json = serde_json::to_value(detail(id).unwrap()).unwrap();
            let def: Definition = serde_json::from_value(json).unwrap();
            let rs = crate::text::definition::load(&def).unwrap();
            assert_eq!(rs, RuleSet::preset(id).unwrap(), "{id}");
        }
    }
}
