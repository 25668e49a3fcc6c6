//! Reading a rule set written as "a preset and only what differs": the preset's definition
//! with the derived round fields left out, and what differs laid over it key by key. The
//! JSON API (`POST /api/v1/rulesets`) and the House rules page (the shipped examples in
//! `docs/rulesets/`) read such a file the same way.
//!
//! A shared web piece: rules and JSON only; nothing from `pages` or `api`, which both use it.

use serde_json::Value;

/// Fields the catalogue derives, left out of a base's rounds before what differs is laid
/// over them (they would no longer agree with a changed round).
pub const DERIVED_ROUND_FIELDS: [&str; 4] =
    ["number", "contract", "contract_de", "needs_more_than_dealt"];

/// `over` laid on `base`: objects key by key, anything else replaced.
pub fn merge(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(base), Value::Object(over)) => {
            for (key, value) in over {
                match base.get_mut(&key) {
                    Some(slot) if slot.is_object() && value.is_object() => merge(slot, value),
                    _ => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (slot, value) => *slot = value,
    }
}

/// A definition's rounds without the fields the catalogue derives.
pub fn strip_derived_rounds(definition: &mut Value) {
    if let Some(Value::Array(rounds)) = definition.get_mut("rounds") {
        for round in rounds.iter_mut().filter_map(Value::as_object_mut) {
            for field in DERIVED_ROUND_FIELDS {
                round.remove(field);
            }
        }
    }
}
