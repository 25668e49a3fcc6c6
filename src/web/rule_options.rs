//! Rule-set options as form fields and query parameters, shared by the new-game form and
//! the meld checker: a field `opt.<name>` per option, its text, and the words for a choice.
//! Each value is read by `rules::` (`OptionSpec::parse_text`) and checked there
//! (`RuleSet::with_options`); nothing here decides what a value means. What is HTML's alone
//! lives here: a checkbox missing from a form is off, a blank field keeps the rule book's value.

use super::i18n::{Lang, Msg, PageCtx};
use crate::rules::game::{Field, FieldErrors, GameError};
use crate::rules::presets::Preset;
use crate::rules::presets::option_specs;
use crate::rules::ruleset::{
    OptionError, OptionKind, OptionSpec, OptionValue, Options, parse_on_off,
};
use crate::text::rules::option_description;
use std::collections::BTreeMap;

/// The prefix of an option's form field or query parameter: `opt.jokers`.
pub const OPTION_PREFIX: &str = "opt.";

/// An option's value as a form or a link writes it: `on` / `off`, a number, a choice, a
/// list of numbers separated by commas.
pub fn option_text(value: &OptionValue) -> String {
    match value {
        OptionValue::Bool(true) => "on".to_owned(),
        OptionValue::Bool(false) => "off".to_owned(),
        other => other.to_string(),
    }
}

/// Option values from a form's text fields, for a new-game form that shows every option of
/// the rule set: a checkbox that is missing from the form is `false`; blank number, choice
/// or list fields keep the default. Each text is read by [`OptionSpec::parse_text`].
/// Errors are keyed `rules` or `options`.
pub fn options_from_form(
    rules: &str,
    form: &BTreeMap<String, String>,
) -> Result<Options, FieldErrors> {
    let rules = rules.trim();
    let Some(specs) = option_specs(rules) else {
        return Err(FieldErrors::single(
            Field::Rules,
            GameError::Options(OptionError::UnknownRuleSet(rules.to_string())),
        ));
    };
    let mut errors = FieldErrors::new();
    let mut out = BTreeMap::new();
    for name in form.keys() {
        if !specs.iter().any(|s| s.name == name) {
            errors.add(
                Field::Options,
                GameError::Options(OptionError::Unknown {
                    name: name.clone(),
                    rules: crate::rules::presets::preset_info(rules).map_or("", |i| i.id),
                    known: specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
                }),
            );
        }
    }
    for spec in &specs {
        let text = form.get(spec.name).map(|t| t.trim()).unwrap_or_default();
        if text.is_empty() {
            // An unchecked box is not sent at all; any other blank field keeps the default.
            if spec.kind == OptionKind::Bool {
                out.insert(spec.name.to_string(), OptionValue::Bool(false));
            }
            continue;
        }
        match spec.parse_text(text) {
            Ok(value) => {
                out.insert(spec.name.to_string(), value);
            }
            Err(e) => errors.add(Field::Options, GameError::BadOptionText(e)),
        }
    }
    errors.into_result(|| out)
}

/// The words for a choice value of `option`, where the app has them; else the value. (The
/// option counts: `any` is a joker swap "in any meld", but runs "may join".)
pub fn choice_label(option: &str, value: &str, lang: Lang) -> String {
    let msg = match (option, value) {
        (_, "low-or-high") => Msg::AceLowOrHigh,
        (_, "high-only") => Msg::AceHighOnly,
        (_, "wrap") => Msg::AceWrap,
        (_, "winner") => Msg::KittyWinner,
        (_, "two-thirds") => Msg::KittyTwoThirds,
        ("same_suit_runs", "any") => Msg::SameSuitAny,
        ("same_suit_runs", "not-touching") => Msg::SameSuitNotTouching,
        ("same_suit_runs", "gap-2") => Msg::SameSuitGap2,
        ("same_suit_runs", "never") => Msg::SameSuitNever,
        ("wilds_per_meld", "any") => Msg::WildsAny,
        ("wilds_per_meld", "one") => Msg::WildsOne,
        ("wilds_per_meld", "two-naturals") => Msg::WildsTwoNaturals,
        ("wilds_per_meld", "half") => Msg::WildsHalf,
        ("wilds_per_meld", "third") => Msg::WildsThird,
        (_, "any") => Msg::JokerSwapAny,
        (_, "runs-only") => Msg::JokerSwapRuns,
        (_, "none") => Msg::JokerSwapNone,
        _ => return value.to_owned(),
    };
    msg.text(lang).to_owned()
}

/// The value of `option` in words: on / off, the words for a choice, the number or list.
pub fn value_label(option: &str, value: &OptionValue, lang: Lang) -> String {
    match value {
        OptionValue::Bool(true) => Msg::OptionOn.text(lang).to_owned(),
        OptionValue::Bool(false) => Msg::OptionOff.text(lang).to_owned(),
        OptionValue::Text(text) => choice_label(option, text, lang),
        other => other.to_string(),
    }
}

/// Is the text of a checkbox-like field on?
pub fn is_on(text: &str) -> bool {
    parse_on_off(text) == Some(true)
}

/// A value of a choice option, as an `<option>` of its select.
pub struct OptionChoice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// An option of a rule set as a form field.
pub struct OptionField {
    /// `opt.jokers`.
    pub field: String,
    /// `opt-jokers`.
    pub id: String,
    /// The option's description in the page's language.
    pub label: &'static str,
    /// `check`, `number`, `select` or `list`.
    pub kind: &'static str,
    pub checked: bool,
    /// The text shown (as typed, or the value written by [`option_text`]).
    pub value: String,
    pub choices: Vec<OptionChoice>,
    /// The range of a number, the format of a list.
    pub hint: String,
    /// What is wrong with the value typed, where the page says it beside the field.
    pub error: Option<String>,
    /// "Rule book: …" where the value in force is not the rule book's.
    pub changed: Option<String>,
}

impl OptionField {
    /// The field of `spec` showing `text`: as typed, or the value in force as
    /// [`option_text`] writes it (an empty checkbox text is off). A select whose text is none
    /// of its values shows `in_force`.
    pub fn new(
        ctx: &PageCtx,
        preset: Preset,
        spec: &OptionSpec,
        text: String,
        in_force: &OptionValue,
    ) -> Self {
        let lang = ctx.lang;
        let mut field = OptionField {
            field: format!("{OPTION_PREFIX}{}", spec.name),
            id: format!("opt-{}", spec.name),
            label: option_description(preset, spec.name, lang),
            kind: "number",
            checked: false,
            value: text,
            choices: Vec::new(),
            hint: String::new(),
            error: None,
            changed: None,
        };
        match &spec.kind {
            OptionKind::Bool => {
                field.kind = "check";
                field.checked = is_on(&field.value);
            }
            OptionKind::Int {
                values: Some(values),
                ..
            } => {
                // Only these numbers work: a choice, never a number that fails.
                let choices = values.iter().map(|v| (v.to_string(), v.to_string()));
                field.select(choices.collect(), in_force);
            }
            OptionKind::Int { min, max, .. } => {
                field.hint = ctx.f(Msg::NewOptionRange, &[("min", min), ("max", max)]);
            }
            OptionKind::Choice { values } => {
                let choices = values
                    .iter()
                    .map(|v| (v.clone(), choice_label(spec.name, v, lang)));
                field.select(choices.collect(), in_force);
            }
            OptionKind::List { .. } => {
                field.kind = "list";
                field.hint = ctx.t(Msg::NewOptionList).to_owned();
            }
        }
        field
    }

    /// Makes the field a select of `choices` (value, label): the value typed is selected
    /// when it is one of them, else `in_force`.
    fn select(&mut self, choices: Vec<(String, String)>, in_force: &OptionValue) {
        self.kind = "select";
        let typed = self.value.trim();
        let current = if choices.iter().any(|(value, _)| value == typed) {
            typed.to_owned()
        } else {
            option_text(in_force)
        };
        self.choices = choices
            .into_iter()
            .map(|(value, label)| OptionChoice {
                selected: value == current,
                value,
                label,
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn option_values_are_written_as_the_forms_read_them() {
        assert_eq!(option_text(&OptionValue::Bool(true)), "on");
        assert_eq!(option_text(&OptionValue::Bool(false)), "off");
        assert_eq!(option_text(&OptionValue::Int(25)), "25");
        assert_eq!(option_text(&OptionValue::Text("wrap".into())), "wrap");
        assert_eq!(option_text(&OptionValue::List(vec![0, 2, 4])), "0, 2, 4");
        assert!(is_on("On") && is_on("1") && !is_on("off") && !is_on(""));
        assert_eq!(
            value_label("ace", &OptionValue::Text("wrap".into()), Lang::De),
            "Um die Ecke (D-K-A-2)"
        );
        assert_eq!(
            value_label("jokers", &OptionValue::Bool(false), Lang::De),
            "aus"
        );
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
                .get(&Field::Options)
                .is_some()
        );
    }
}
