//! The ten presets of docs/RULES.md section 4 as data: one definition file per preset in
//! `crates/kontrakt-engine/presets/` (the catalogue entry's format, [`Definition`]), embedded
//! in the binary and read by the same loader that reads a table's own rule set. What an
//! option does is the loader's, by the option's name ([`Definition::with_options`]); nothing
//! here asks which preset it is.
//!
//! The family files (one per preset family) are the builders the data files were written
//! from. They are kept for the tests only: `data_tests` pins every preset's data file, with
//! every option, to what they build.
//!
//! Dependency rule: presets build on [`super::ruleset`] and [`super::definition`]; those
//! modules never import from here. Pure: std, serde and serde_json (to read the embedded
//! files), no words in another language and no web vocabulary.

#[cfg(test)]
mod built;
#[cfg(test)]
mod continental;
#[cfg(test)]
mod contract;
#[cfg(test)]
mod data_tests;
#[cfg(test)]
mod hollywood;
#[cfg(test)]
mod progressive;
#[cfg(test)]
mod rommee;
#[cfg(test)]
mod shanghai;

pub use super::preset::Preset;

use super::definition::{Definition, registered};
use super::ruleset::{MELD_OPTIONS, OptionError, OptionSpec, OptionValue, PresetInfo, RuleSet};
use std::collections::BTreeMap;
use std::sync::OnceLock;

// What the family files build with (the builders the data files were written from).
#[cfg(test)]
use built::{
    ALL_ROUNDS, CONTRACT_SEVEN, ace_option, exact_minimum_option, info_row, joker_points_option,
    joker_swap_of, joker_swap_option, jokers_option, may_i, settlement_option,
};

/// The data files, in the order of [`Preset::ALL`].
const PRESET_FILES: [(&str, &str); 10] = [
    ("contract", include_str!("../../../presets/contract.json")),
    ("liverpool", include_str!("../../../presets/liverpool.json")),
    ("may-i", include_str!("../../../presets/may-i.json")),
    ("shanghai", include_str!("../../../presets/shanghai.json")),
    (
        "shanghai-powe",
        include_str!("../../../presets/shanghai-powe.json"),
    ),
    (
        "shanghai-kolsov",
        include_str!("../../../presets/shanghai-kolsov.json"),
    ),
    (
        "progressive",
        include_str!("../../../presets/progressive.json"),
    ),
    (
        "continental",
        include_str!("../../../presets/continental.json"),
    ),
    ("rommee", include_str!("../../../presets/rommee.json")),
    ("hollywood", include_str!("../../../presets/hollywood.json")),
];

impl Preset {
    /// The preset's definition, read from its data file once.
    pub fn definition(self) -> &'static Definition {
        static READ: OnceLock<Vec<Definition>> = OnceLock::new();
        let all = READ.get_or_init(|| {
            PRESET_FILES
                .iter()
                .map(|(id, text)| {
                    // The files are the program's own; `data_tests` reads every one.
                    serde_json::from_str(text)
                        .unwrap_or_else(|e| panic!("presets/{id}.json is not a definition: {e}"))
                })
                .collect()
        });
        let at = Preset::ALL.iter().position(|&p| p == self).unwrap_or(0);
        &all[at]
    }

    /// The identity and fixed facts of the preset.
    pub fn info(self) -> PresetInfo {
        self.definition().info()
    }

    /// The option list, with defaults (docs/RULES.md section 4).
    pub fn option_specs(self) -> Vec<OptionSpec> {
        self.definition().option_specs()
    }

    /// The options that change what a meld checker answers ([`MELD_OPTIONS`]), in the
    /// preset's order.
    pub fn meld_option_specs(self) -> Vec<OptionSpec> {
        let mut specs = self.option_specs();
        specs.retain(|spec| MELD_OPTIONS.contains(&spec.name));
        specs
    }
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

/// The option list of a rule set, with defaults (docs/RULES.md section 4): a preset's, or a
/// stored rule set's that was registered ([`super::definition::register`]).
pub fn option_specs(id: &str) -> Option<Vec<OptionSpec>> {
    match Preset::from_id(id) {
        Some(preset) => Some(preset.option_specs()),
        None => registered(id).map(|def| def.option_specs()),
    }
}

/// The options of a rule set that change what a meld checker answers ([`MELD_OPTIONS`]), in
/// its order.
pub fn meld_option_specs(id: &str) -> Option<Vec<OptionSpec>> {
    let mut specs = option_specs(id)?;
    specs.retain(|spec| MELD_OPTIONS.contains(&spec.name));
    Some(specs)
}

/// Facts of a rule set: a preset's, or a registered stored rule set's.
pub fn preset_info(id: &str) -> Option<PresetInfo> {
    match Preset::from_id(id) {
        Some(preset) => Some(preset.info()),
        None => registered(id).map(|def| def.info()),
    }
}

impl RuleSet {
    /// A preset with its defaults.
    pub fn preset(id: &str) -> Result<RuleSet, OptionError> {
        RuleSet::with_options(id, &BTreeMap::new())
    }

    /// A preset, or a registered stored rule set, with options applied; unknown options or
    /// values are an error.
    pub fn with_options(
        id: &str,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<RuleSet, OptionError> {
        match Preset::from_id(id) {
            Some(preset) => RuleSet::of_preset(preset, given),
            None => registered(id)
                .ok_or_else(|| OptionError::UnknownRuleSet(id.to_string()))?
                .with_options(given),
        }
    }

    /// [`RuleSet::with_options`] for a preset already known: its data file's definition
    /// with the options applied.
    pub fn of_preset(
        preset: Preset,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<RuleSet, OptionError> {
        preset.definition().with_options(given)
    }
}

pub use super::definition::{SAME_SUIT_RUNS, WILDS_PER_MELD};

#[cfg(test)]
mod tests;
