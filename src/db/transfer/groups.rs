//! Groups in an export file: each group with its players, house rules, settle-ups
//! and history, exactly as stored; a group's games name it and their seats' players (in
//! [`super::GameExport`]). A child of [`super`]; SQL only.
//!
//! Player ids are the database's row numbers, so an import numbers them afresh: every place
//! that names a player by id is translated (the games' seats, the settle-ups' `balances` and
//! `names`, which are keyed by player id, and the history's `player` and `seats`). Import
//! writes the groups in one transaction before the games' batches, so a game never names a
//! group that is not there yet.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::AnyConnection;

use super::{ImportError, json};

/// One group with everything stored about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupExport {
    /// Edit capability token.
    pub id: String,
    /// Read-only capability token.
    pub view_token: String,
    /// The group's name.
    pub name: String,
    /// Its version.
    pub version: i64,
    /// As stored (UTC RFC 3339).
    pub created_at: String,
    /// As stored.
    pub updated_at: String,
    /// Its players in the order they joined.
    pub players: Vec<PlayerExport>,
    /// Its house rules.
    pub house_rules: Vec<HouseRulesExport>,
    /// Its settle-ups, oldest first.
    pub settle_ups: Vec<SettleUpExport>,
    /// Every change, oldest first.
    pub history: Vec<GroupHistoryExport>,
}

/// A player of a group.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerExport {
    /// The id in the exporting database (seats, settle-ups and history name players by it).
    pub id: i64,
    /// The name.
    pub name: String,
    /// The name as compared.
    pub name_key: String,
    /// Retired.
    pub retired: bool,
    /// As stored.
    pub created_at: String,
}

/// Saved house rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseRulesExport {
    /// Their name.
    pub name: String,
    /// The name as compared.
    pub name_key: String,
    /// Rule-set id.
    pub rules: String,
    /// Options.
    pub options: Value,
    /// As stored.
    pub created_at: String,
}

/// A settle-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettleUpExport {
    /// The group's version it brought the group to.
    pub version: i64,
    /// The balances (keys of `balances` and `names` are player ids).
    pub balances: Value,
    /// As stored.
    pub at: String,
}

/// A change to a group.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupHistoryExport {
    /// What happened.
    pub action: String,
    /// Before.
    pub before: Option<Value>,
    /// After.
    pub after: Option<Value>,
    /// As stored.
    pub at: String,
}

/// A game's place in its group: `(group id, house rules, seats' player ids)`.
pub(super) type GameGroupRow = (Option<String>, Option<String>, Vec<i64>);

/// Every group (or only the group with edit id `only`), and each game's group, house rules
/// and seats (by game id; with `only`, its games only).
pub(super) async fn export_groups(
    conn: &mut AnyConnection,
    only: Option<&str>,
) -> Result<(Vec<GroupExport>, HashMap<String, GameGroupRow>), sqlx::Error> {
    let sql = format!(
        "SELECT id, view_token, name, version, created_at, updated_at
         FROM groups {} ORDER BY created_at, id",
        if only.is_some() { "WHERE id = $1" } else { "" }
    );
    let rows: Vec<(String, String, String, i64, String, String)> =
        super::bound(sqlx::query_as(&sql), only)
            .fetch_all(&mut *conn)
            .await?;
    let mut groups = Vec::with_capacity(rows.len());
    for (id, view_token, name, version, created_at, updated_at) in rows {
        let players = sqlx::query_as::<_, (i64, String, String, i64, String)>(
            "SELECT id, name, name_key, retired, created_at FROM group_players
             WHERE group_id = $1 ORDER BY id",
        )
        .bind(&id)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|(id, name, name_key, retired, created_at)| PlayerExport {
            id,
            name,
            name_key,
            retired: retired != 0,
            created_at,
        })
        .collect();
        let house_rules = sqlx::query_as::<_, (String, String, String, String, String)>(
            "SELECT name, name_key, rules, options, created_at FROM group_rulesets
             WHERE group_id = $1 ORDER BY id",
        )
        .bind(&id)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|(name, name_key, rules, options, created_at)| {
            Ok(HouseRulesExport {
                name,
                name_key,
                rules,
                options: json(&options)?,
                created_at,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let settle_ups = sqlx::query_as::<_, (i64, String, String)>(
            "SELECT version, balances, at FROM settle_ups WHERE group_id = $1 ORDER BY id",
        )
        .bind(&id)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|(version, balances, at)| {
            Ok(SettleUpExport {
                version,
                balances: json(&balances)?,
                at,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let history = sqlx::query_as::<_, (String, Option<String>, Option<String>, String)>(
            "SELECT action, before, after, at FROM group_history WHERE group_id = $1 ORDER BY id",
        )
        .bind(&id)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|(action, before, after, at)| {
            Ok(GroupHistoryExport {
                action,
                before: before.as_deref().map(json).transpose()?,
                after: after.as_deref().map(json).transpose()?,
                at,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        groups.push(GroupExport {
            id,
            view_token,
            name,
            version,
            created_at,
            updated_at,
            players,
            house_rules,
            settle_ups,
            history,
        });
    }
    let seats = match crate::db::Engine::of(conn) {
        crate::db::Engine::Sqlite => "json_group_array(player_id ORDER BY seat)",
        crate::db::Engine::Postgres => "COALESCE(json_agg(player_id ORDER BY seat), '[]')::text",
    };
    let which = if only.is_some() {
        "group_id = $1"
    } else {
        "group_id IS NOT NULL OR house_rules IS NOT NULL"
    };
    let sql = format!(
        "SELECT id, group_id, house_rules,
                (SELECT {seats} FROM game_seats WHERE game_seats.game_id = games.id)
         FROM games WHERE {which}",
    );
    let games: Vec<(String, Option<String>, Option<String>, String)> =
        super::bound(sqlx::query_as(&sql), only)
            .fetch_all(&mut *conn)
            .await?;
    let mut of_games = HashMap::new();
    for (id, group, house_rules, seats) in games {
        let seats: Vec<i64> =
            serde_json::from_str(&seats).map_err(|e| sqlx::Error::Decode(e.into()))?;
        of_games.insert(id, (group, house_rules, seats));
    }
    Ok((groups, of_games))
}

/// Player ids of the file → player ids of this database.
pub(super) type PlayerIds = HashMap<i64, i64>;

/// Whether each group of the file is in the database: `None` absent, `Some(true)` with the
/// same id and read-only token, `Some(false)` sharing only one of them.
pub(super) async fn group_presence(
    conn: &mut AnyConnection,
    group: &GroupExport,
) -> Result<Option<bool>, sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, view_token FROM groups WHERE id IN ($1, $2) OR view_token IN ($1, $2)",
    )
    .bind(&group.id)
    .bind(&group.view_token)
    .fetch_all(&mut *conn)
    .await?;
    Ok(match rows.as_slice() {
        [] => None,
        [(id, token)] if *id == group.id && *token == group.view_token => Some(true),
        _ => Some(false),
    })
}

/// Writes the groups that are not in the database yet (all of them, or with `resume` those
/// an earlier run did not write) and returns how the file's player ids map to this
/// database's, for every group of the file.
pub(super) async fn import_groups(
    conn: &mut AnyConnection,
    groups: &[GroupExport],
) -> Result<PlayerIds, ImportError> {
    let mut ids = PlayerIds::new();
    for group in groups {
        if group_presence(conn, group).await?.is_none() {
            insert_group(conn, group).await?;
        }
        for player in &group.players {
            let id: i64 = sqlx::query_scalar(
                "SELECT id FROM group_players WHERE group_id = $1 AND name_key = $2",
            )
            .bind(&group.id)
            .bind(&player.name_key)
            .fetch_one(&mut *conn)
            .await?;
            ids.insert(player.id, id);
        }
    }
    Ok(ids)
}

async fn insert_group(conn: &mut AnyConnection, group: &GroupExport) -> Result<(), ImportError> {
    sqlx::query(
        "INSERT INTO groups (id, view_token, name, version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&group.id)
    .bind(&group.view_token)
    .bind(&group.name)
    .bind(group.version)
    .bind(&group.created_at)
    .bind(&group.updated_at)
    .execute(&mut *conn)
    .await?;
    let mut ids = PlayerIds::new();
    for player in &group.players {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO group_players (group_id, name, name_key, retired, created_at)
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(&group.id)
        .bind(&player.name)
        .bind(&player.name_key)
        .bind(i64::from(player.retired))
        .bind(&player.created_at)
        .fetch_one(&mut *conn)
        .await?;
        ids.insert(player.id, id);
    }
    for rules in &group.house_rules {
        sqlx::query(
            "INSERT INTO group_rulesets (group_id, name, name_key, rules, options, created_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&group.id)
        .bind(&rules.name)
        .bind(&rules.name_key)
        .bind(&rules.rules)
        .bind(rules.options.to_string())
        .bind(&rules.created_at)
        .execute(&mut *conn)
        .await?;
    }
    for settle in &group.settle_ups {
        sqlx::query(
            "INSERT INTO settle_ups (group_id, version, balances, at) VALUES ($1, $2, $3, $4)",
        )
        .bind(&group.id)
        .bind(settle.version)
        .bind(renumbered(&settle.balances, &ids).to_string())
        .bind(&settle.at)
        .execute(&mut *conn)
        .await?;
    }
    for entry in &group.history {
        sqlx::query(
            "INSERT INTO group_history (group_id, action, before, after, at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&group.id)
        .bind(&entry.action)
        .bind(
            entry
                .before
                .as_ref()
                .map(|v| renumbered(v, &ids).to_string()),
        )
        .bind(
            entry
                .after
                .as_ref()
                .map(|v| renumbered(v, &ids).to_string()),
        )
        .bind(&entry.at)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A settle-up's balances or a history entry with the player ids it holds translated: the
/// keys of `balances` and `names`, the number `player` and the numbers of `seats`.
fn renumbered(value: &Value, ids: &PlayerIds) -> Value {
    let id = |old: i64| ids.get(&old).copied().unwrap_or(old);
    let Value::Object(map) = value else {
        return value.clone();
    };
    let mut map = map.clone();
    for field in ["balances", "names"] {
        if let Some(Value::Object(by_id)) = map.get(field) {
            let by_id: serde_json::Map<String, Value> = by_id
                .iter()
                .map(|(k, v)| {
                    let k = k
                        .parse::<i64>()
                        .map_or_else(|_| k.clone(), |old| id(old).to_string());
                    (k, v.clone())
                })
                .collect();
            map.insert(field.into(), Value::Object(by_id));
        }
    }
    if let Some(old) = map.get("player").and_then(Value::as_i64) {
        map.insert("player".into(), id(old).into());
    }
    if let Some(Value::Array(seats)) = map.get("seats") {
        let seats: Vec<Value> = seats
            .iter()
            .map(|s| s.as_i64().map_or_else(|| s.clone(), |old| id(old).into()))
            .collect();
        map.insert("seats".into(), Value::Array(seats));
    }
    Value::Object(map)
}

/// Links an imported game to its group and seats (player ids of the file, translated).
pub(super) async fn link_game(
    conn: &mut AnyConnection,
    game_id: &str,
    (group, house_rules, seats): (Option<&str>, Option<&str>, &[i64]),
    ids: &PlayerIds,
) -> Result<(), sqlx::Error> {
    if group.is_none() && house_rules.is_none() {
        return Ok(());
    }
    sqlx::query("UPDATE games SET group_id = $1, house_rules = $2 WHERE id = $3")
        .bind(group)
        .bind(house_rules)
        .bind(game_id)
        .execute(&mut *conn)
        .await?;
    for (seat, player) in seats.iter().enumerate() {
        let player = ids.get(player).copied().unwrap_or(*player);
        sqlx::query("INSERT INTO game_seats (game_id, seat, player_id) VALUES ($1, $2, $3)")
            .bind(game_id)
            .bind(i64::try_from(seat).map_err(|e| sqlx::Error::Encode(e.into()))?)
            .bind(player)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
