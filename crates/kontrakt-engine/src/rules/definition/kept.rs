//! What the rule sets as data keep for the program's life, bounded: the texts of their facts
//! (`&'static str`, kept once each) and the registry of stored rule sets by id. A client can
//! make neither grow without bound (docs/decisions.md, "What a client sends cannot grow a
//! server without bound").

use super::{Definition, KNOWN_OPTIONS, MAX_SOURCE_CHARS};
use crate::rules::preset::Preset;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

/// Most bytes of text `intern` keeps for the program's life. What a client can make the
/// program keep is bounded: a definition is checked under [`CHECKED_ID`] (a refused one
/// keeps no id), option names are the static names of [`KNOWN_OPTIONS`], a name or source
/// past the budget reads as [`OVER_BUDGET`], and a server stores no new rule set once the
/// budget is spent ([`has_room`]) until it restarts. An id is always kept exactly (a game
/// stores it), so ids of rule sets already stored may still be read past the budget: they
/// are bounded by what was stored.
pub const KEPT_BUDGET: usize = 4 << 20;

/// The id a definition is checked under before it has one: the same for every check, so a
/// flood of refused definitions keeps nothing.
pub const CHECKED_ID: &str = "rs-unsaved";

/// What a name or source reads as once [`KEPT_BUDGET`] is spent.
pub const OVER_BUDGET: &str = "…";

/// Most stored rule sets registered at once ([`register`]); the oldest one registered makes
/// room. A rule set no longer registered is read again from the database when it is next met
/// (the app's one resolver does that before anything parses an id).
pub const REGISTERED_MAX: usize = 2048;

/// The texts kept and their bytes.
struct Kept {
    texts: BTreeSet<&'static str>,
    bytes: usize,
}

static KEPT: Mutex<Kept> = Mutex::new(Kept {
    texts: BTreeSet::new(),
    bytes: 0,
});

/// A text that lives as long as the program, kept once per distinct text: the rule sets'
/// facts are `&'static str` (errors and answers borrow them). `exact`: kept even past
/// [`KEPT_BUDGET`] (an id); otherwise [`OVER_BUDGET`] answers once the budget is spent.
pub(super) fn kept(text: &str, exact: bool) -> &'static str {
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&found) = kept.texts.get(text) {
        return found;
    }
    if !exact && kept.bytes + text.len() > KEPT_BUDGET {
        return OVER_BUDGET;
    }
    let leaked: &'static str = Box::leak(text.to_owned().into_boxed_str());
    kept.texts.insert(leaked);
    kept.bytes += text.len();
    leaked
}

/// An id kept for the program's life, exactly ([`kept`]).
pub(crate) fn intern(text: &str) -> &'static str {
    kept(text, true)
}

/// Whether this program still has room to keep a new rule set's texts ([`KEPT_BUDGET`]): the
/// app stores no new rule set when it has not.
pub fn has_room() -> bool {
    let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    // Room for one more rule set's id, name and source at their longest.
    kept.bytes + 64 + 4 * 40 + 4 * MAX_SOURCE_CHARS <= KEPT_BUDGET
}

/// Bytes kept by `intern` so far (for tests and the operator).
pub fn kept_bytes() -> usize {
    KEPT.lock().unwrap_or_else(PoisonError::into_inner).bytes
}

/// The stored rule sets this program has read, by id, with the order they came in: a stored
/// rule set never changes, so while registered it answers for its id. The app registers each
/// one it stores or reads ([`register`]); `RuleSet::with_options` and the preset look-ups
/// answer for them as for a preset.
struct Registered {
    by_id: BTreeMap<String, Arc<Definition>>,
    order: VecDeque<String>,
}

static REGISTERED: RwLock<Registered> = RwLock::new(Registered {
    by_id: BTreeMap::new(),
    order: VecDeque::new(),
});

/// Makes a checked definition answer for its id ([`registered`]), making room by forgetting
/// the oldest past [`REGISTERED_MAX`]. A preset's id is never registered (the preset answers
/// for it).
pub fn register(def: Definition) {
    if Preset::from_id(&def.id).is_some() {
        return;
    }
    let mut all = REGISTERED.write().unwrap_or_else(PoisonError::into_inner);
    let id = def.id.clone();
    if all.by_id.insert(id.clone(), Arc::new(def)).is_none() {
        all.order.push_back(id);
    }
    while all.by_id.len() > REGISTERED_MAX {
        let Some(oldest) = all.order.pop_front() else {
            break;
        };
        all.by_id.remove(&oldest);
    }
}

/// The registered definition of a stored rule set.
pub fn registered(id: &str) -> Option<Arc<Definition>> {
    let all = REGISTERED.read().unwrap_or_else(PoisonError::into_inner);
    all.by_id.get(id).cloned()
}

/// How many stored rule sets are registered now (at most [`REGISTERED_MAX`]).
pub fn registered_count() -> usize {
    REGISTERED
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .by_id
        .len()
}

/// An option's static name from [`KNOWN_OPTIONS`]; an unknown one (refused by the checks,
/// which read the definition's own text) is kept nowhere.
pub(super) fn option_name(name: &str) -> &'static str {
    KNOWN_OPTIONS
        .iter()
        .find(|(known, _)| *known == name)
        .map_or("unknown", |(known, _)| known)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A flood of checks of definitions with new option names under the check's id keeps
    /// nothing: what a client sends to be checked cannot grow the program.
    #[test]
    fn checking_keeps_no_text_per_definition() {
        let mut def = Preset::from_id("contract").unwrap().definition().clone();
        def.base = Some("contract".into());
        def.id = CHECKED_ID.into();
        def.check().unwrap();
        for i in 0..200 {
            let mut def = def.clone();
            def.options[0].name = format!("nonsense_{i}");
            let _ = def.check();
            let _ = def.option_specs();
        }
        let kept_now = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        assert!(
            !kept_now.texts.iter().any(|t| t.starts_with("nonsense_")),
            "unknown option names are kept"
        );
        drop(kept_now);
        // Names and sources are kept up to the budget and then read as the placeholder.
        let over = kept(&"x".repeat(KEPT_BUDGET + 1), false);
        assert_eq!(over, OVER_BUDGET);
        assert!(kept_bytes() <= KEPT_BUDGET);
        assert_eq!(intern(CHECKED_ID), CHECKED_ID);
    }

    /// At most [`REGISTERED_MAX`] stored rule sets are registered; the oldest makes room.
    #[test]
    fn the_registry_is_bounded() {
        let base = Preset::from_id("contract").unwrap().definition().clone();
        for i in 0..REGISTERED_MAX + 10 {
            let mut def = base.clone();
            def.id = format!("rs-bounded-{i}");
            register(def);
        }
        assert!(registered_count() <= REGISTERED_MAX);
        assert!(registered("rs-bounded-0").is_none());
        assert!(registered(&format!("rs-bounded-{}", REGISTERED_MAX + 9)).is_some());
    }
}
