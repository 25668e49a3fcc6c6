//! The one resolver of a rule-set id: every place that parses a game's rules (the pages, the
//! API, the store's reads and writes, group import, rematches) asks [`resolve`] first, so a
//! rule set another server stored on the same database answers here as soon as it is met.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use super::Error;
use crate::db::Db;
use crate::db::guard::{Keyed, Outcome, Refusal};
use crate::db::rule_sets::{
    NewRuleSet, RuleSetRow, create_owned_rule_set, rule_set_definition, rule_set_definition_in,
    rule_set_row,
};
use crate::rules::definition::{CHECKED_ID, Definition, Problem, has_room, register, registered};
use crate::rules::presets::Preset;

/// What [`create`] did.
#[derive(Debug)]
pub enum Created {
    /// Stored (or, for a repeated key, what the first request stored): its row, with its
    /// family and version.
    Stored(RuleSetRow),
    /// The definition breaks these rules; nothing stored.
    Refused(Vec<Problem>),
    /// This server keeps no more new rule sets until it restarts; nothing stored.
    NoRoom,
    /// No group has the owner's edit id (the caller tells a read-only token from an unknown
    /// one); nothing stored.
    NoSuchGroup,
    /// No stored rule set has the id it replaces; nothing stored.
    NoSuchRuleSet,
    /// The idempotency key was used for another request; nothing stored.
    KeyReused,
}

/// Stores a table's own rule set: checked first (every problem, [`crate::text::definition::load`]),
/// then stored under a new id (`rs-<token>`) for the group `owner` (its edit id; `None`: it
/// stands alone) as the next version of the rule set `replaces` names (`None`: a first
/// version), once per key. The one creation of a rule set: the API and the pages call it. A
/// stored rule set never changes, so a game keeps the exact version it started with.
pub async fn create(
    db: &Db,
    mut def: Definition,
    owner: Option<&str>,
    replaces: Option<&str>,
    key: Option<Keyed<'_>>,
) -> Result<Created, Error> {
    // Checked under one id for every check, so a refused definition keeps nothing in this
    // program; the new id is given once it passed.
    def.id = CHECKED_ID.to_owned();
    if let Err(problems) = crate::text::definition::load(&def) {
        return Ok(Created::Refused(problems));
    }
    if !has_room() {
        return Ok(Created::NoRoom);
    }
    let replaces = replaces.map(str::trim);
    if let Some(earlier) = replaces {
        // A version of a preset or of nothing stored: said before the write.
        if !earlier.starts_with("rs-") || earlier.len() > MAX_ID_LEN {
            return Ok(Created::NoSuchRuleSet);
        }
    }
    let id = format!("rs-{}", crate::db::games::new_token());
    def.id.clone_from(&id);
    let stored = serde_json::to_string(&def)?;
    let new = NewRuleSet {
        id: &id,
        name: &def.name,
        definition: &stored,
        owner,
        replaces,
    };
    let made = match create_owned_rule_set(db, &new, key).await? {
        Outcome::Done(made) => {
            register(def);
            made
        }
        Outcome::Replayed(made) => {
            resolve(db, &made.0).await?;
            made
        }
        Outcome::KeyReused => return Ok(Created::KeyReused),
        Outcome::NotFound => return Ok(Created::NoSuchGroup),
        Outcome::Refused(Refusal::NoSuchRuleSet) => return Ok(Created::NoSuchRuleSet),
        other => {
            return Err(Error::Invalid(format!("a rule set's creation: {other:?}")));
        }
    };
    match rule_set_row(db, &made.0).await? {
        Some(row) => Ok(Created::Stored(row)),
        None => Err(Error::Invalid(format!(
            "rule set {} was not stored",
            made.0
        ))),
    }
}

/// A stored rule set's row (name, owner, family, version), by id; `None` for a preset's id or
/// an id no rule set has.
pub async fn row(db: &Db, id: &str) -> Result<Option<RuleSetRow>, Error> {
    let id = id.trim();
    if !id.starts_with("rs-") || id.len() > MAX_ID_LEN {
        return Ok(None);
    }
    Ok(rule_set_row(db, id).await?)
}

/// Every version of the family `family` (`rf-<token>`), first first; empty for no family.
pub async fn family(db: &Db, family: &str) -> Result<Vec<RuleSetRow>, Error> {
    let family = family.trim();
    if !family.starts_with("rf-") || family.len() > MAX_ID_LEN {
        return Ok(Vec::new());
    }
    Ok(crate::db::rule_sets::family_rows(db, family).await?)
}

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

/// Every rule set the group with edit id `group` owns, oldest first.
pub async fn of_group(db: &Db, group: &str) -> Result<Vec<RuleSetRow>, Error> {
    Ok(crate::db::rule_sets::group_rows(db, group).await?)
}
