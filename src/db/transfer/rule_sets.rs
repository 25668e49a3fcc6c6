//! The rule sets of an export: a table's own rule set used by an exported game travels in the
//! file (its definition as stored), so the games load where they are imported. Domain-free:
//! whether a definition still reads and passes every check is the caller's question, asked
//! before anything is written.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::AnyConnection;

/// A stored rule set in an export file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSetExport {
    /// Its id, as the games name it (`"rules"`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its definition, as stored (the format of `POST /api/v1/rulesets`).
    pub definition: Value,
}

/// The stored rule sets the games name (`rules`), read in the export's snapshot.
pub(super) async fn export_rule_sets(
    conn: &mut AnyConnection,
    rules: &[String],
) -> Result<Vec<RuleSetExport>, sqlx::Error> {
    let ids: BTreeSet<&str> = rules.iter().map(String::as_str).collect();
    let mut out = Vec::new();
    for id in ids {
        let row: Option<(String, String)> =
            sqlx::query_as("SELECT name, definition FROM rule_sets WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
        if let Some((name, definition)) = row {
            out.push(RuleSetExport {
                id: id.to_owned(),
                name,
                definition: serde_json::from_str(&definition)
                    .map_err(|e| sqlx::Error::Decode(e.into()))?,
            });
        }
    }
    Ok(out)
}

/// Stores each rule set the database does not have yet (a stored rule set never changes and
/// its id is random, so one with the same id is the same rule set and is kept as it is).
pub(super) async fn import_rule_sets(
    conn: &mut AnyConnection,
    rule_sets: &[RuleSetExport],
) -> Result<(), sqlx::Error> {
    for rule_set in rule_sets {
        let present: Option<(String,)> = sqlx::query_as("SELECT id FROM rule_sets WHERE id = $1")
            .bind(&rule_set.id)
            .fetch_optional(&mut *conn)
            .await?;
        if present.is_none() {
            sqlx::query(
                "INSERT INTO rule_sets (id, view_token, name, definition) VALUES ($1, $1, $2, $3)",
            )
            .bind(&rule_set.id)
            .bind(&rule_set.name)
            .bind(rule_set.definition.to_string())
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}
