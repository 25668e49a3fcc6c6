//! Rule-set options as form fields and query parameters, shared by the new-game form and
//! the meld checker: a field `opt.<name>` per option, its text, and the words for a choice.
//! The values are parsed and checked by `rules::` (`options_from_form`,
//! `RuleSet::with_options`); nothing here decides what a value means.

use super::i18n::{Lang, Msg, PageCtx};
use crate::rules::ruleset::{OptionKind, OptionSpec, OptionValue};

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

/// The words for an option's choice value, where the app has them; else the value.
pub fn choice_label(value: &str, lang: Lang) -> String {
    let msg = match value {
        "low-or-high" => Msg::AceLowOrHigh,
        "high-only" => Msg::AceHighOnly,
        "wrap" => Msg::AceWrap,
        "winner" => Msg::KittyWinner,
        "two-thirds" => Msg::KittyTwoThirds,
        "any" => Msg::JokerSwapAny,
        "runs-only" => Msg::JokerSwapRuns,
        "none" => Msg::JokerSwapNone,
        _ => return value.to_owned(),
    };
    msg.text(lang).to_owned()
}

/// An option's value in words: on / off, the words for a choice, the number or list.
pub fn value_label(value: &OptionValue, lang: Lang) -> String {
    match value {
        OptionValue::Bool(true) => Msg::OptionOn.text(lang).to_owned(),
        OptionValue::Bool(false) => Msg::OptionOff.text(lang).to_owned(),
        OptionValue::Text(text) => choice_label(text, lang),
        other => other.to_string(),
    }
}

/// Is the text of a checkbox-like field on?
pub fn is_on(text: &str) -> bool {
    matches!(
        text.trim().to_ascii_lowercase().as_str(),
        "on" | "true" | "1" | "yes"
    )
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
    pub fn new(ctx: &PageCtx, spec: &OptionSpec, text: String, in_force: &OptionValue) -> Self {
        let lang = ctx.lang;
        let mut field = OptionField {
            field: format!("{OPTION_PREFIX}{}", spec.name),
            id: format!("opt-{}", spec.name),
            label: match lang {
                Lang::En => spec.description,
                Lang::De => spec.description_de,
            },
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
            OptionKind::Int { min, max } => {
                field.hint = ctx.f(Msg::NewOptionRange, &[("min", min), ("max", max)]);
            }
            OptionKind::Choice { values } => {
                field.kind = "select";
                let typed = field.value.trim();
                let current = if values.iter().any(|v| v == typed) {
                    typed.to_owned()
                } else {
                    option_text(in_force)
                };
                field.choices = values
                    .iter()
                    .map(|v| OptionChoice {
                        value: v.clone(),
                        label: choice_label(v, lang),
                        selected: *v == current,
                    })
                    .collect();
            }
            OptionKind::List { .. } => {
                field.kind = "list";
                field.hint = ctx.t(Msg::NewOptionList).to_owned();
            }
        }
        field
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values_are_written_as_the_forms_read_them() {
        assert_eq!(option_text(&OptionValue::Bool(true)), "on");
        assert_eq!(option_text(&OptionValue::Bool(false)), "off");
        assert_eq!(option_text(&OptionValue::Int(25)), "25");
        assert_eq!(option_text(&OptionValue::Text("wrap".into())), "wrap");
        assert_eq!(option_text(&OptionValue::List(vec![0, 2, 4])), "0, 2, 4");
        assert!(is_on("On") && is_on("1") && !is_on("off") && !is_on(""));
        assert_eq!(
            value_label(&OptionValue::Text("wrap".into()), Lang::De),
            "Um die Ecke (D-K-A-2)"
        );
        assert_eq!(value_label(&OptionValue::Bool(false), Lang::De), "aus");
    }
}
