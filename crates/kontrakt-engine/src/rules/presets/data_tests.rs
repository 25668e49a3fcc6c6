//! The presets' data files against the builders they were written from: each file is the
//! definition of its preset as built (`KONTRAKT_UPDATE_PRESETS=1 cargo test -p
//! kontrakt-engine presets::data_tests` writes them again), and the loader with any options
//! builds exactly the rule set the builders build with them. Test-only; std and proptest.

use super::super::definition::Definition;
use super::super::ruleset::{OptionKind, OptionSpec, OptionValue, RuleSet};
use super::built::built;
use super::{PRESET_FILES, Preset};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// The data file's text for a preset as built with its defaults.
fn file_text(preset: Preset) -> String {
    let rs = built(preset, &BTreeMap::new()).unwrap();
    serde_json::to_string_pretty(&Definition::of(&rs, &preset.built_option_specs())).unwrap() + "\n"
}

#[test]
fn every_data_file_is_its_preset_as_built() {
    let update = std::env::var("KONTRAKT_UPDATE_PRESETS").is_ok();
    for (preset, (id, text)) in Preset::ALL.into_iter().zip(PRESET_FILES) {
        assert_eq!(preset.id(), id);
        let want = file_text(preset);
        if update {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("presets/{id}.json"));
            std::fs::write(path, &want).unwrap();
        } else {
            assert_eq!(
                text, want,
                "presets/{id}.json: rewrite with KONTRAKT_UPDATE_PRESETS=1"
            );
        }
    }
}

#[test]
fn every_preset_with_its_defaults_is_the_rule_set_built() {
    for preset in Preset::ALL {
        let none = BTreeMap::new();
        assert_eq!(
            RuleSet::of_preset(preset, &none).unwrap(),
            built(preset, &none).unwrap(),
            "{}",
            preset.id()
        );
        assert_eq!(preset.info(), preset.built_info());
        assert_eq!(preset.option_specs(), preset.built_option_specs());
    }
}

/// A value of an option: its default, or any value it takes.
fn value(spec: &OptionSpec) -> BoxedStrategy<OptionValue> {
    let any_value: BoxedStrategy<OptionValue> = match &spec.kind {
        OptionKind::Bool => any::<bool>().prop_map(OptionValue::Bool).boxed(),
        OptionKind::Int {
            values: Some(values),
            ..
        } => proptest::sample::select(values.clone())
            .prop_map(OptionValue::Int)
            .boxed(),
        OptionKind::Int { min, max, .. } => (*min..=*max).prop_map(OptionValue::Int).boxed(),
        OptionKind::Choice { values } => proptest::sample::select(values.clone())
            .prop_map(OptionValue::Text)
            .boxed(),
        OptionKind::List { max_len, max } => proptest::collection::vec(0..=*max, 1..=*max_len)
            .prop_map(OptionValue::List)
            .boxed(),
    };
    prop_oneof![Just(spec.default.clone()), any_value].boxed()
}

/// A preset with some of its options set.
fn preset_with_options() -> impl Strategy<Value = (Preset, BTreeMap<String, OptionValue>)> {
    proptest::sample::select(Preset::ALL.to_vec()).prop_flat_map(|preset| {
        let specs = preset.built_option_specs();
        let values: Vec<_> = specs.iter().map(value).collect();
        let names: Vec<String> = specs.iter().map(|s| s.name.to_owned()).collect();
        (Just(preset), values)
            .prop_map(move |(preset, values)| (preset, names.iter().cloned().zip(values).collect()))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_preset_with_any_options_is_the_rule_set_built_with_them(
        (preset, options) in preset_with_options()
    ) {
        prop_assert_eq!(
            RuleSet::of_preset(preset, &options),
            built(preset, &options),
            "{} {:?}", preset.id(), options
        );
    }
}

#[test]
fn every_option_alone_at_each_of_its_values_is_the_rule_set_built() {
    for preset in Preset::ALL {
        for spec in preset.built_option_specs() {
            let values: Vec<OptionValue> = match &spec.kind {
                OptionKind::Bool => vec![OptionValue::Bool(true), OptionValue::Bool(false)],
                OptionKind::Int {
                    values: Some(v), ..
                } => v.iter().copied().map(OptionValue::Int).collect(),
                OptionKind::Int { min, max, .. } => {
                    [*min, *max, (min + max) / 2].map(OptionValue::Int).to_vec()
                }
                OptionKind::Choice { values } => {
                    values.iter().cloned().map(OptionValue::Text).collect()
                }
                OptionKind::List { .. } => vec![OptionValue::List(vec![1, 2])],
            };
            for v in values {
                let o = BTreeMap::from([(spec.name.to_owned(), v.clone())]);
                assert_eq!(
                    RuleSet::of_preset(preset, &o),
                    built(preset, &o),
                    "{} {} {v:?}",
                    preset.id(),
                    spec.name
                );
            }
        }
    }
}
