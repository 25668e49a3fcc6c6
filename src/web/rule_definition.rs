//! A table's own rule set read from JSON, the same for the API (`POST /api/v1/rulesets`) and
//! the import page (`/rulesets/import`): a full definition, or `"base": "<preset id>"` and
//! only what differs laid over the preset's definition; and a rule set's `options` read from
//! JSON values. Problems are 422 sentences in the reader's language.
//!
//! A shared web piece: `rules` and `text`; nothing from `pages` or `api`.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::rules::definition::Definition;
use crate::rules::presets::Preset;
use crate::rules::ruleset::{Got, OptionError, OptionValue, RuleSet};
use crate::text::Lang;
use crate::text::definition::DefinitionMsg;
use crate::web::definitions::{merge, strip_derived_rounds};
use crate::web::{AppError, Result};

/// The `options` object: option name to JSON value, checked against the rule set later.
pub type RawOptions = BTreeMap<String, serde_json::Value>;

/// A rule set from its id and the `options` overrides. Unknown rule sets and options, and
/// values an option does not take, are 422 sentences.
pub fn rule_set(id: &str, options: &RawOptions, lang: Lang) -> Result<RuleSet> {
    let mut values = BTreeMap::new();
    let mut unreadable = BTreeMap::new();
    for (name, value) in options {
        let converted = option_value(value).unwrap_or_else(|| {
            unreadable.insert(name.clone(), value.to_string());
            // An empty list is a value no option takes, so `with_options` reports the name
            // (unknown option) or what the option expects; the JSON text replaces "a list".
            OptionValue::List(Vec::new())
        });
        values.insert(name.clone(), converted);
    }
    RuleSet::with_options(id, &values).map_err(|error| {
        let error = match error {
            OptionError::BadValue { name, expected, .. } if unreadable.contains_key(&name) => {
                let got = Got::Written(unreadable[&name].clone());
                OptionError::BadValue {
                    name,
                    expected,
                    got,
                }
            }
            other => other,
        };
        AppError::Unprocessable(error.clause(lang))
    })
}

/// A JSON value as an option value: true/false, a whole number, a word, or a list of whole
/// numbers. `None` for anything else (a fraction, null, an object, a mixed list).
fn option_value(value: &serde_json::Value) -> Option<OptionValue> {
    use serde_json::Value;
    match value {
        Value::Bool(b) => Some(OptionValue::Bool(*b)),
        Value::Number(n) => n.as_i64().map(OptionValue::Int),
        Value::String(s) => Some(OptionValue::Text(s.clone())),
        Value::Array(items) if !items.is_empty() => items
            .iter()
            .map(Value::as_i64)
            .collect::<Option<Vec<_>>>()
            .map(OptionValue::List),
        _ => None,
    }
}

/// The definition a body asks for, with the new id: the body itself, or its `base` preset's
/// definition with the body laid over it.
pub fn definition_of(body: Map<String, Value>, id: &str, lang: Lang) -> Result<Definition> {
    let unreadable = |detail: &dyn std::fmt::Display| {
        AppError::Unprocessable(crate::text::sentence(
            &DefinitionMsg::Unreadable.fill(lang, &[("detail", detail)]),
        ))
    };
    let base = match body.get("base") {
        Some(Value::String(base)) => Some(base.clone()),
        Some(other) => return Err(unreadable(&format!("\"base\" is {other}, not a preset id"))),
        None => None,
    };
    let mut body = body;
    let mut value = match base.as_deref().and_then(Preset::from_id) {
        Some(preset) => {
            // `"options": {"jokers": false}`: the base with those options, which become the
            // new rule set's defaults.
            let given = match body.get("options") {
                Some(Value::Object(_)) => body.remove("options"),
                _ => None,
            };
            let mut value = match given {
                Some(given) => {
                    let given: RawOptions = serde_json::from_value(given)?;
                    let rs = rule_set(preset.id(), &given, lang)?;
                    serde_json::to_value(Definition::of(&rs, &preset.option_specs()))?
                }
                None => serde_json::to_value(preset.definition())?,
            };
            strip_derived_rounds(&mut value);
            merge(&mut value, Value::Object(body));
            value
        }
        None => Value::Object(body),
    };
    if let Value::Object(map) = &mut value {
        // A preset's catalogue entry posted back names its preset by its id.
        let posted = map.get("id").and_then(Value::as_str).map(str::to_owned);
        if !map.contains_key("base")
            && let Some(posted) = posted.filter(|p| Preset::from_id(p).is_some())
        {
            map.insert("base".into(), Value::String(posted));
        }
        map.insert("id".into(), Value::String(id.to_owned()));
    }
    serde_json::from_value(value).map_err(|e| unreadable(&e))
}

/// What was pasted or linked as a rule set's id: the id itself, or a link to its page, its
/// rule book, its file or its API entry (`…/rulesets/{id}`, `…/rules/{id}`,
/// `…/rulesets/{id}/file`, with or without a query). `None` when no part is an id.
pub fn rule_set_id_of(given: &str) -> Option<&str> {
    let given = given.trim();
    let path = given.split(['?', '#']).next().unwrap_or_default();
    path.split('/')
        .rev()
        .find(|part| part.starts_with("rs-") || Preset::from_id(part).is_some())
        .filter(|id| id.len() <= 80 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_link_or_id_gives_the_rule_set_s_id() {
        for given in [
            "rs-0a1b",
            " https://kontrakt.example/rulesets/rs-0a1b ",
            "http://192.168.1.5:8080/rulesets/rs-0a1b?x=1",
            "/api/v1/rulesets/rs-0a1b/file",
            "/rules/rs-0a1b#top",
        ] {
            assert_eq!(rule_set_id_of(given), Some("rs-0a1b"), "{given}");
        }
        assert_eq!(rule_set_id_of("/rules/liverpool"), Some("liverpool"));
        assert_eq!(rule_set_id_of("https://example.com/groups/abc"), None);
        assert_eq!(rule_set_id_of("rs-<script>"), None);
    }
}
