//! The rule sets of an export: a table's own rule set used by an exported game, and every
//! version an exported group owns, travels in the file (its definition as stored, with its
//! owner, family and version), so the games load where they are imported and the group keeps
//! its own rule sets. Domain-free:
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
    /// The exported group that owns it (its edit id); absent for one standing alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// Its family (`rf-<token>`) when it is a later version of a rule set; absent for a
    /// first version (the family is then its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    /// Its version within the family, 1 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<i64>,
}

/// A rule set's row as an export reads it.
type ExportRow = (String, String, Option<String>, Option<String>, i64);

/// The stored rule sets the games name (`rules`) and every version the exported `groups` own
/// (used by a game or not), read in the export's snapshot: owner, family and version go with
/// them, so the group's list of its own rule sets arrives whole.
pub(super) async fn export_rule_sets(
    conn: &mut AnyConnection,
    rules: &[String],
    groups: &[String],
) -> Result<Vec<RuleSetExport>, sqlx::Error> {
    let mut ids: BTreeSet<String> = rules.iter().cloned().collect();
    for group in groups {
        let owned: Vec<(String,)> = sqlx::query_as("SELECT id FROM rule_sets WHERE group_id = $1")
            .bind(group)
            .fetch_all(&mut *conn)
            .await?;
        ids.extend(owned.into_iter().map(|(id,)| id));
    }
    let mut out = Vec::new();
    for id in ids {
        let row: Option<ExportRow> = sqlx::query_as(
            "SELECT name, definition, group_id, family, version FROM rule_sets WHERE id = $1",
        )
        .bind(&id)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some((name, definition, owner, family, version)) = row {
            out.push(RuleSetExport {
                id,
                name,
                definition: serde_json::from_str(&definition)
                    .map_err(|e| sqlx::Error::Decode(e.into()))?,
                // Only an owner that travels in the same file: another group's edit id would
                // hand out its capability.
                group: owner.filter(|owner| groups.contains(owner)),
                family,
                version: (version != 1).then_some(version),
            });
        }
    }
    // Versions in order, so an import stores a family's first before its later ones.
    out.sort_by_key(|r| r.version.unwrap_or(1));
    Ok(out)
}

/// Stores each rule set the database does not have yet (a stored rule set never changes and
/// its id is random, so one with the same id is the same rule set and is kept as it is).
/// An owner is kept only when it is a group of the same file (`groups`: their edit ids), so a
/// file cannot hand a rule set to a group already on this server.
pub(super) async fn import_rule_sets(
    conn: &mut AnyConnection,
    rule_sets: &[RuleSetExport],
    groups: &[&str],
) -> Result<(), sqlx::Error> {
    for rule_set in rule_sets {
        let present: Option<(String,)> = sqlx::query_as("SELECT id FROM rule_sets WHERE id = $1")
            .bind(&rule_set.id)
            .fetch_optional(&mut *conn)
            .await?;
        if present.is_none() {
            sqlx::query(
                "INSERT INTO rule_sets (id, view_token, name, definition, group_id, family, version) \
                 VALUES ($1, $1, $2, $3, $4, $5, $6)",
            )
            .bind(&rule_set.id)
            .bind(&rule_set.name)
            .bind(rule_set.definition.to_string())
            .bind(rule_set.group.as_deref().filter(|g| groups.contains(g)))
            .bind(rule_set.family.as_deref())
            .bind(rule_set.version.unwrap_or(1))
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}
