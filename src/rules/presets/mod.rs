//! The ten presets of docs/RULES.md section 4 as a [`Preset`] enum, one file per family: each
//! family file holds its presets' facts, option specs, rule-set building, option checks and
//! play rules, so a new rule set touches its own file and the enum here, and the compiler
//! checks every `match` on [`Preset`].
//!
//! Dependency rule: presets build the shared types of [`super::ruleset`] and
//! [`super::play`]; those modules never import from here (the old free functions of
//! `ruleset` are re-exported there for callers). Pure: std and serde only, no words in
//! another language and no web vocabulary.

mod continental;
mod contract;
mod hollywood;
mod progressive;
mod rommee;
mod shanghai;

pub use super::preset::Preset;

use super::meld::{AceMode, MeldRules};
use super::play::Play;
use super::ruleset::{
    Buys, DeckRule, MELD_OPTIONS, OptionError, OptionSpec, OptionValue, Options, PresetInfo,
    RuleSet, Scheme, get_text, opt_bool, opt_choice, opt_int, resolve_options,
};
use std::collections::BTreeMap;

impl Preset {
    /// The family file that knows this preset.
    fn family(self) -> Family {
        match self {
            Preset::Contract => Family::Contract(contract::Variant::Contract),
            Preset::Liverpool => Family::Contract(contract::Variant::Liverpool),
            Preset::MayI => Family::Contract(contract::Variant::MayI),
            Preset::Shanghai => Family::Shanghai(shanghai::Variant::Shanghai),
            Preset::ShanghaiPowe => Family::Shanghai(shanghai::Variant::Powe),
            Preset::ShanghaiKolsov => Family::Shanghai(shanghai::Variant::Kolsov),
            Preset::Progressive => Family::Progressive,
            Preset::Continental => Family::Continental,
            Preset::Rommee => Family::Rommee,
            Preset::Hollywood => Family::Hollywood,
        }
    }

    /// The identity and fixed facts of the preset.
    pub fn info(self) -> PresetInfo {
        match self.family() {
            Family::Contract(v) => contract::info(v),
            Family::Shanghai(v) => shanghai::info(v),
            Family::Progressive => progressive::info(),
            Family::Continental => continental::info(),
            Family::Rommee => rommee::info(),
            Family::Hollywood => hollywood::info(),
        }
    }

    /// The option list, with defaults (docs/RULES.md section 4).
    pub fn option_specs(self) -> Vec<OptionSpec> {
        match self.family() {
            Family::Contract(v) => contract::options(v),
            Family::Shanghai(_) => shanghai::options(),
            Family::Progressive => progressive::options(),
            Family::Continental => continental::options(),
            Family::Rommee => rommee::options(),
            Family::Hollywood => hollywood::options(),
        }
    }

    /// The options that change what a meld checker answers ([`MELD_OPTIONS`]), in the
    /// preset's order.
    pub fn meld_option_specs(self) -> Vec<OptionSpec> {
        let mut specs = self.option_specs();
        specs.retain(|spec| MELD_OPTIONS.contains(&spec.name));
        specs
    }

    /// The play rules with these options (docs/RULES.md section 4).
    pub fn play(self, o: &Options) -> Play {
        match self.family() {
            Family::Contract(v) => contract::play(v),
            Family::Shanghai(v) => shanghai::play(v),
            Family::Progressive => progressive::play(),
            Family::Continental => continental::play(),
            Family::Rommee => rommee::play(o),
            Family::Hollywood => hollywood::play(o),
        }
    }

    /// Fills in what the preset decides: rounds, meld rules, decks, penalties, money.
    fn build(self, rs: &mut RuleSet, o: &Options, scheme: Option<Scheme>) {
        match self.family() {
            Family::Contract(v) => contract::build(v, rs, o),
            Family::Shanghai(v) => shanghai::build(v, rs, o),
            Family::Progressive => progressive::build(rs),
            Family::Continental => continental::build(rs, o),
            Family::Rommee => rommee::build(rs, o, scheme),
            Family::Hollywood => hollywood::build(rs, o),
        }
    }
}

/// The family files; a family with several presets names its variant.
#[derive(Debug, Clone, Copy)]
enum Family {
    Contract(contract::Variant),
    Shanghai(shanghai::Variant),
    Progressive,
    Continental,
    Rommee,
    Hollywood,
}

/// Rule-set ids in display order.
pub const PRESET_IDS: [&str; 10] = {
    let mut ids = [""; 10];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = Preset::ALL[i].id();
        i += 1;
    }
    ids
};

/// The option list of a preset, with defaults (docs/RULES.md section 4).
pub fn option_specs(id: &str) -> Option<Vec<OptionSpec>> {
    Preset::from_id(id).map(Preset::option_specs)
}

/// The options of a preset that change what a meld checker answers ([`MELD_OPTIONS`]), in
/// the preset's order.
pub fn meld_option_specs(id: &str) -> Option<Vec<OptionSpec>> {
    Preset::from_id(id).map(Preset::meld_option_specs)
}

/// Facts of a preset.
pub fn preset_info(id: &str) -> Option<PresetInfo> {
    Preset::from_id(id).map(Preset::info)
}

impl RuleSet {
    /// A preset with its defaults.
    pub fn preset(id: &str) -> Result<RuleSet, OptionError> {
        RuleSet::with_options(id, &BTreeMap::new())
    }

    /// A preset with options applied; unknown options or values are an error.
    pub fn with_options(
        id: &str,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<RuleSet, OptionError> {
        let preset =
            Preset::from_id(id).ok_or_else(|| OptionError::UnknownRuleSet(id.to_string()))?;
        RuleSet::of_preset(preset, given)
    }

    /// [`RuleSet::with_options`] for a preset already known.
    pub fn of_preset(
        preset: Preset,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<RuleSet, OptionError> {
        let info = preset.info();
        let o = resolve_options(preset.id(), &preset.option_specs(), given)?;
        let ace = AceMode::from_id(get_text(&o, "ace")).unwrap_or(AceMode::LowOrHigh);
        let scheme = Scheme::from_id(get_text(&o, "settlement"));
        let mut rs = RuleSet {
            info,
            preset,
            meld: MeldRules {
                ace,
                jokers: true,
                ..MeldRules::default()
            },
            rounds: Vec::new(),
            penalty: None,
            cut_bonus: None,
            opening_points: None,
            hand_rommee: false,
            no_winner_allowed: true,
            rounds_per_player: false,
            scheme: scheme.unwrap_or(Scheme::LowestCollects),
            schemes: vec![Scheme::LowestCollects, Scheme::Pairwise],
            higher_is_better: false,
            shanghai_calls: false,
            play: preset.play(&o),
            deck_rule: DeckRule::TwoPlusPlayersMinusOne,
            options: BTreeMap::new(),
        };
        preset.build(&mut rs, &o, scheme);
        min_lengths_from_contracts(&mut rs);
        rs.options = o;
        Ok(rs)
    }
}

/// The shortest set and run a rule set's meld rules accept: the shortest its contracts ask
/// for (docs/RULES.md section 4: sets of 3 everywhere, runs of 4 in the contract family,
/// runs of 3 in Progressive's round 12 and Continental); without contracts (Rommé) the
/// defaults of [`MeldRules`], sets of 3 and runs of 3 (seed 002).
fn min_lengths_from_contracts(rs: &mut RuleSet) {
    use super::meld::MeldKind;
    let shortest = |kind: MeldKind| {
        rs.rounds
            .iter()
            .filter_map(|r| r.contract.as_ref())
            .flat_map(|c| c.alternatives.iter().flatten())
            .filter(|req| req.kind == kind)
            .map(|req| req.min)
            .min()
    };
    if let Some(min) = shortest(MeldKind::Set) {
        rs.meld.set_min = min;
    }
    if let Some(min) = shortest(MeldKind::Run) {
        rs.meld.run_min = min;
    }
}

/// Buying as in Contract Rummy's "May I?": every round, no count limit, `extra` stock cards.
fn may_i(extra: u8) -> impl Fn(u8) -> Buys {
    move |_| Buys {
        allowed: true,
        limit: None,
        extra_cards: extra,
    }
}

/// The seven contracts of Contract Rummy, which Shanghai starts from too.
const CONTRACT_SEVEN: [&str; 7] = ["2s3", "1s3 1r4", "2r4", "3s3", "2s3 1r4", "1s3 2r4", "3r4"];

/// Every round number a preset may have.
const ALL_ROUNDS: [u8; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

const ACES: [&str; 3] = ["low-or-high", "high-only", "wrap"];

fn ace_option(default: AceMode) -> OptionSpec {
    opt_choice("ace", &ACES, default.id())
}

fn jokers_option() -> OptionSpec {
    opt_bool("jokers", true)
}

fn joker_points_option(default: i64) -> OptionSpec {
    opt_int("joker_points", 0, 500, default)
}

fn settlement_option(values: &[&str], default: &str) -> OptionSpec {
    opt_choice("settlement", values, default)
}

fn exact_minimum_option(default: bool) -> OptionSpec {
    opt_bool("exact_minimum", default)
}

/// The preset facts, in the order of [`PresetInfo`]'s fields.
fn info_row(
    id: &'static str,
    name: &'static str,
    source: &'static str,
    min_players: u8,
    max_players: u8,
) -> PresetInfo {
    PresetInfo {
        id,
        name,
        source,
        min_players,
        max_players,
    }
}

#[cfg(test)]
mod tests;
