//! The one resolver of a rule-set id: every place that parses a game's rules (the pages, the
//! API, the store's reads and writes, group import, rematches) asks [`resolve`] first, so a
//! rule set another server stored on the same database answers here as soon as it is met.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use super::Error;
use crate::db::Db;
use crate::db::rule_sets::{rule_set_definition, rule_set_definition_in};
use crate::rules::definition::{Definition, register, registered};
use crate::rules::presets::Preset;

/// Longest id a stored rule set can have (`rs-` and its token, with room to spare): a longer
/// one is no stored rule set's and costs no database read.
const MAX_ID_LEN: usize = 80;

/// Makes `id` answer in this program when it is a stored rule set's: a preset's id or a rule
/// set already registered answers at once; an unknown `rs-` id is read from the database and
/// registered (a stored rule set never changes, so reading it once is enough). Nothing for an
/// id no rule set has: the caller's parsing of the id says what is wrong.
pub async fn resolve(db: &Db, id: &str) -> Result<(), Error> {
    let id = id.trim();
    if !unknown(id) {
        return Ok(());
    }
    registered_from(rule_set_definition(db, id).await?)
}

/// [`resolve`] inside a write that is open (its connection reads).
pub async fn resolve_in(conn: &mut sqlx::AnyConnection, id: &str) -> Result<(), Error> {
    let id = id.trim();
    if !unknown(id) {
        return Ok(());
    }
    registered_from(rule_set_definition_in(conn, id).await?)
}

/// Whether `id` may be a stored rule set this program has not registered.
fn unknown(id: &str) -> bool {
    Preset::from_id(id).is_none()
        && id.starts_with("rs-")
        && id.len() <= MAX_ID_LEN
        && registered(id).is_none()
}

/// Registers a stored definition that was read.
fn registered_from(text: Option<String>) -> Result<(), Error> {
    if let Some(text) = text {
        let def: Definition = serde_json::from_str(&text)?;
        register(def);
    }
    Ok(())
}

/// [`resolve`] for each of `ids` (a group's games).
pub async fn resolve_all(db: &Db, ids: &[String]) -> Result<(), Error> {
    let mut seen = std::collections::BTreeSet::new();
    for id in ids {
        if seen.insert(id.as_str()) {
            resolve(db, id).await?;
        }
    }
    Ok(())
}
