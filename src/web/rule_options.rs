//! Rule-set options as form fields and query parameters, shared by the new-game form and
//! the meld checker: a field `opt.<name>` per option, its text, and the words for a choice.
//! The values are parsed and checked by `rules::` (`options_from_form`,
//! `RuleSet::with_options`); nothing here decides what a value means.

use super::i18n::{Lang, Msg};
use crate::rules::ruleset::OptionValue;

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
