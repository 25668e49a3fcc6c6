//! A table's own rule sets: stored once, never changed (a change is a new rule set with a new
//! id, so a game keeps the exact rules it started with), read by id. The definition is JSON
//! text the rules engine reads (`rules::definition`); the database only insists that it is
//! JSON. Part of `db`: SQL only, no rules and no words.

use super::Db;
use super::guard::{self, Keyed, Made, Outcome, Tokens};

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

/// Stores a rule set, once per key when there is one: a repeat of the same request answers
/// with the rule set the first one stored ([`Outcome::Replayed`]), another request with the
/// key is [`Outcome::KeyReused`]. One transaction: nothing is half stored.
pub async fn create_rule_set(
    db: &Db,
    id: &str,
    name: &str,
    definition: &str,
    keyed: Option<Keyed<'_>>,
) -> Result<Outcome<RuleSetId, RuleSetId>, sqlx::Error> {
    let mut creating = match guard::create::<RuleSetId, RuleSetId>(db, Made::RuleSet, keyed).await?
    {
        Ok(creating) => creating,
        Err(outcome) => return Ok(outcome),
    };
    sqlx::query("INSERT INTO rule_sets (id, view_token, name, definition) VALUES ($1, $1, $2, $3)")
        .bind(id)
        .bind(name)
        .bind(definition)
        .execute(&mut **creating)
        .await?;
    let made = RuleSetId(id.to_owned());
    creating.commit(&made).await?;
    Ok(Outcome::Done(made))
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
