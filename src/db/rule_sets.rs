//! A table's own rule sets: stored once, never changed (a change is a new rule set with a new
//! id, so a game keeps the exact rules it started with), read by id. The definition is JSON
//! text the rules engine reads (`rules::definition`); the database only insists that it is
//! JSON. Part of `db`: SQL only, no rules and no words.

use super::Db;
use super::guard::{self, Keyed, Made, Outcome, Refusal, Tokens};

/// The ids of a stored rule set (its read-only token is its id: a rule set is read-only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSetId(pub String);

impl Tokens for RuleSetId {
    fn from_tokens(id: String, _view_token: String) -> Self {
        RuleSetId(id)
    }

    fn id(&self) -> &str {
        &self.0
    }
}

/// Stores a rule set standing alone, as the first of its versions ([`create_owned_rule_set`]
/// with no owner and nothing replaced).
pub async fn create_rule_set(
    db: &Db,
    id: &str,
    name: &str,
    definition: &str,
    keyed: Option<Keyed<'_>>,
) -> Result<Outcome<RuleSetId, RuleSetId>, sqlx::Error> {
    let new = NewRuleSet {
        id,
        name,
        definition,
        owner: None,
        replaces: None,
    };
    create_owned_rule_set(db, &new, keyed).await
}

/// A rule set to store: its id, name and definition (JSON text), the group that owns it (its
/// edit id) and the earlier version it follows.
#[derive(Clone, Copy, Debug)]
pub struct NewRuleSet<'a> {
    /// The new id (`rs-<token>`).
    pub id: &'a str,
    /// Its name.
    pub name: &'a str,
    /// Its definition, JSON text.
    pub definition: &'a str,
    /// The owning group's edit id; `None`: it stands alone.
    pub owner: Option<&'a str>,
    /// The id of an earlier version: the new one is the next version of that family.
    pub replaces: Option<&'a str>,
}

/// Stores a rule set, once per key when there is one: a repeat of the same request answers
/// with the rule set the first one stored ([`Outcome::Replayed`]), another request with the
/// key is [`Outcome::KeyReused`]. An owner no group has is [`Outcome::NotFound`]; a
/// `replaces` no stored rule set has is [`Refusal::NoSuchRuleSet`]. A new version takes the
/// family's next number (its family is locked on PostgreSQL, so two new versions at once get
/// two numbers). One transaction: nothing is half stored.
pub async fn create_owned_rule_set(
    db: &Db,
    new: &NewRuleSet<'_>,
    keyed: Option<Keyed<'_>>,
) -> Result<Outcome<RuleSetId, RuleSetId>, sqlx::Error> {
    let mut creating = match guard::create::<RuleSetId, RuleSetId>(db, Made::RuleSet, keyed).await?
    {
        Ok(creating) => creating,
        Err(outcome) => return Ok(outcome),
    };
    if let Some(owner) = new.owner {
        let group: Option<(String,)> = sqlx::query_as("SELECT id FROM groups WHERE id = $1")
            .bind(owner)
            .fetch_optional(&mut **creating)
            .await?;
        if group.is_none() {
            return Ok(Outcome::NotFound);
        }
    }
    let (family, version) = match new.replaces {
        None => (None, 1),
        Some(earlier) => {
            let row: Option<(String,)> =
                sqlx::query_as(&format!("SELECT {FAMILY} FROM rule_sets WHERE id = $1"))
                    .bind(earlier)
                    .fetch_optional(&mut **creating)
                    .await?;
            let Some((family,)) = row else {
                return Ok(Outcome::Refused(Refusal::NoSuchRuleSet));
            };
            super::lock_key(&mut creating, &family).await?;
            let (last,): (i64,) = sqlx::query_as(&format!(
                "SELECT COALESCE(MAX(version), 1) FROM rule_sets WHERE {FAMILY} = $1"
            ))
            .bind(&family)
            .fetch_one(&mut **creating)
            .await?;
            (Some(family), last + 1)
        }
    };
    sqlx::query(
        "INSERT INTO rule_sets (id, view_token, name, definition, group_id, family, version) \
         VALUES ($1, $1, $2, $3, $4, $5, $6)",
    )
    .bind(new.id)
    .bind(new.name)
    .bind(new.definition)
    .bind(new.owner)
    .bind(family)
    .bind(version)
    .execute(&mut **creating)
    .await?;
    let made = RuleSetId(new.id.to_owned());
    creating.commit(&made).await?;
    Ok(Outcome::Done(made))
}

/// A rule set's family as SQL: its `family`, or for a first version its own (`rf-` and the
/// id's token).
const FAMILY: &str = "COALESCE(family, 'rf-' || substr(id, 4))";

/// What the lists show of a stored rule set (not its definition).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSetRow {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The owning group's edit id, if one.
    pub owner: Option<String>,
    /// Its family (`rf-<token>`): the versions of one rule set.
    pub family: String,
    /// Its number in the family, 1 first.
    pub version: i64,
}

type Row = (String, String, Option<String>, String, i64);

fn row((id, name, owner, family, version): Row) -> RuleSetRow {
    RuleSetRow {
        id,
        name,
        owner,
        family,
        version,
    }
}

const COLUMNS: &str = "id, name, group_id, COALESCE(family, 'rf-' || substr(id, 4)), version";

/// A stored rule set's row, by id.
pub async fn rule_set_row(db: &Db, id: &str) -> Result<Option<RuleSetRow>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM rule_sets WHERE id = $1"))
        .bind(id)
        .fetch_optional(db.reader())
        .await
        .map(|r| r.map(row))
}

/// Every version of a family, first first.
pub async fn family_rows(db: &Db, family: &str) -> Result<Vec<RuleSetRow>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM rule_sets WHERE {FAMILY} = $1 ORDER BY version"
    ))
    .bind(family)
    .fetch_all(db.reader())
    .await
    .map(|rows| rows.into_iter().map(row).collect())
}

/// Every rule set a group owns, each family's versions together (the family of the oldest
/// first), first version first.
pub async fn group_rows(db: &Db, group: &str) -> Result<Vec<RuleSetRow>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM rule_sets WHERE group_id = $1 ORDER BY created_at, id"
    ))
    .bind(group)
    .fetch_all(db.reader())
    .await
    .map(|rows| rows.into_iter().map(row).collect())
}

/// The rows of the stored rule sets among `ids` (ids no rule set has are left out).
pub async fn rows_of(db: &Db, ids: &[String]) -> Result<Vec<RuleSetRow>, sqlx::Error> {
    let mut out = Vec::new();
    for id in ids {
        if let Some(found) = rule_set_row(db, id).await? {
            out.push(found);
        }
    }
    Ok(out)
}

/// The definition of a stored rule set, as stored.
pub async fn rule_set_definition(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_as::<_, (String,)>("SELECT definition FROM rule_sets WHERE id = $1")
        .bind(id)
        .fetch_optional(db.reader())
        .await
        .map(|row| row.map(|(definition,)| definition))
}

/// [`rule_set_definition`] inside a write that is open.
pub async fn rule_set_definition_in(
    conn: &mut sqlx::AnyConnection,
    id: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_as::<_, (String,)>("SELECT definition FROM rule_sets WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
        .map(|row| row.map(|(definition,)| definition))
}
