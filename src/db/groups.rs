//! Storage of groups (migration 0005): a group's players, house rules, settle-ups, history and
//! which games (and which player in each seat) belong to it; the pieces of its writes are in
//! `write`.
//!
//! Domain-free like the rest of `db`: names arrive with their comparison key already made by
//! the caller (the key is what the UNIQUE indexes compare), rule sets and options are stored
//! as given, and the balances of a settle-up are the caller's JSON. Every write is one guarded
//! write ([`crate::db::guard`]) that `store` composes of the pieces here: it records the
//! change in `group_history` and bumps the group's version; a stale expected version changes
//! nothing.
//!
//! Depends on no other layer (see [`crate::db`]); uses `db::games` for the games' rows.

use std::collections::HashMap;

use serde_json::Value;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, FromRow};
use time::OffsetDateTime;

use super::Db;
use super::games::{self, GameRecord, decode_error, timestamp};
use super::guard::Tokens;

pub mod renames;
mod write;
pub use write::*;

/// A name with its comparison key (made by the caller: what people read as the same name
/// gives the same key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedName {
    /// The name as shown.
    pub name: String,
    /// The name as compared.
    pub key: String,
}

/// What is needed to start a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGroup {
    /// The group's name.
    pub name: String,
    /// Its first players (keys differ: the caller checked).
    pub players: Vec<KeyedName>,
}

/// The two capability tokens of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupIds {
    /// Edit capability.
    pub id: String,
    /// Read-only capability.
    pub view_token: String,
}

impl Tokens for GroupIds {
    fn from_tokens(id: String, view_token: String) -> Self {
        Self { id, view_token }
    }

    fn id(&self) -> &str {
        &self.id
    }
}

/// A stored group's own row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Edit capability (primary key).
    pub id: String,
    /// Read-only capability.
    pub view_token: String,
    /// The group's name.
    pub name: String,
    /// Bumped by every write to the group.
    pub version: i64,
    /// When the group was created.
    pub created_at: OffsetDateTime,
    /// When the group last changed.
    pub updated_at: OffsetDateTime,
}

/// A player of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Stable identity within the database.
    pub id: i64,
    /// The name as shown now.
    pub name: String,
    /// The name as compared.
    pub key: String,
    /// Hidden from new games, kept everywhere else.
    pub retired: bool,
    /// When the player joined the group.
    pub created_at: OffsetDateTime,
}

/// A group's saved house rules.
#[derive(Clone, Debug, PartialEq)]
pub struct HouseRules {
    /// Row id.
    pub id: i64,
    /// The name the group gave them ("Oma's Liverpool").
    pub name: String,
    /// Rule-set id.
    pub rules: String,
    /// Option overrides (JSON object).
    pub options: Value,
    /// When they were saved.
    pub created_at: OffsetDateTime,
}

/// A settle-up: the balances paid, after which the ledger starts at zero.
#[derive(Clone, Debug, PartialEq)]
pub struct SettleUp {
    /// Row id (increasing with time).
    pub id: i64,
    /// The group's version this settle-up brought it to.
    pub version: i64,
    /// The balances settled (the caller's JSON: cents by player id).
    pub balances: Value,
    /// When it was recorded.
    pub at: OffsetDateTime,
}

/// One change to a group.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupHistoryEntry {
    /// Increasing with time.
    pub id: i64,
    /// `create`, `add_player`, `rename`, `retire`, `add_game`, `save_rules`, `delete_rules`,
    /// `settle_up` or `rename_group`.
    pub action: String,
    /// The state before, where there was one.
    pub before: Option<Value>,
    /// The state after, where there is one.
    pub after: Option<Value>,
    /// When it happened.
    pub at: OffsetDateTime,
}

/// A group with everything stored about it that its pages show.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupRecord {
    /// The group's row.
    pub group: Group,
    /// Its players, in the order they joined.
    pub players: Vec<Player>,
    /// Its house rules, by name.
    pub house_rules: Vec<HouseRules>,
    /// Its settle-ups, oldest first.
    pub settle_ups: Vec<SettleUp>,
    /// Its games with their rounds, oldest first (each game's `seats` name its players).
    pub games: Vec<GameRecord>,
}

/// A game of a group as [`load_group_keeping`] read it.
#[derive(Clone, Debug, PartialEq)]
pub enum GroupGame {
    /// The caller's copy is current: the game's version is the one it gave.
    Kept(String),
    /// Read from the database (new to the caller, or changed since).
    Read(Box<GameRecord>),
}

/// A group as [`load_group_keeping`] read it: [`GroupRecord`] with only the games the
/// caller did not already hold at their current version.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupParts {
    /// The group's row.
    pub group: Group,
    /// Its players, in the order they joined.
    pub players: Vec<Player>,
    /// Its house rules, by name.
    pub house_rules: Vec<HouseRules>,
    /// Its settle-ups, oldest first.
    pub settle_ups: Vec<SettleUp>,
    /// Its games, oldest first.
    pub games: Vec<GroupGame>,
}

#[derive(FromRow)]
struct GroupRow {
    id: String,
    view_token: String,
    name: String,
    version: i64,
    created_at: String,
    updated_at: String,
}

impl TryFrom<GroupRow> for Group {
    type Error = sqlx::Error;

    fn try_from(row: GroupRow) -> Result<Self, Self::Error> {
        Ok(Self {
            created_at: timestamp(&row.created_at)?,
            updated_at: timestamp(&row.updated_at)?,
            id: row.id,
            view_token: row.view_token,
            name: row.name,
            version: row.version,
        })
    }
}

#[derive(FromRow)]
struct PlayerRow {
    id: i64,
    name: String,
    name_key: String,
    retired: i64,
    created_at: String,
}

impl TryFrom<PlayerRow> for Player {
    type Error = sqlx::Error;

    fn try_from(row: PlayerRow) -> Result<Self, Self::Error> {
        Ok(Self {
            id: row.id,
            name: row.name,
            key: row.name_key,
            retired: row.retired != 0,
            created_at: timestamp(&row.created_at)?,
        })
    }
}

fn json(text: &str) -> Result<Value, sqlx::Error> {
    serde_json::from_str(text).map_err(decode_error)
}

/// Stores a new group at version 0 with its first players (and a `create` in its history) in
/// a creation's write ([`crate::db::guard::create`]); returns its two capability tokens.
pub async fn insert_group(
    tx: &mut PoolConnection<Any>,
    group: &NewGroup,
) -> Result<GroupIds, sqlx::Error> {
    let ids = GroupIds {
        id: games::new_token(),
        view_token: games::new_token(),
    };
    sqlx::query("INSERT INTO groups (id, view_token, name) VALUES ($1, $2, $3)")
        .bind(&ids.id)
        .bind(&ids.view_token)
        .bind(&group.name)
        .execute(&mut **tx)
        .await?;
    for player in &group.players {
        insert_player(tx, &ids.id, player).await?;
    }
    let after = serde_json::json!({
        "name": group.name,
        "players": group.players.iter().map(|p| &p.name).collect::<Vec<_>>(),
    });
    record(tx, &ids.id, "create", None, Some(&after)).await?;
    Ok(ids)
}

/// Inserts a player and returns its id.
pub async fn insert_player(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    player: &KeyedName,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO group_players (group_id, name, name_key) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(group_id)
    .bind(&player.name)
    .bind(&player.key)
    .fetch_one(&mut **tx)
    .await
}

/// Records a change to a group in its history.
pub async fn record(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    action: &str,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO group_history (group_id, action, before, after) VALUES ($1, $2, $3, $4)",
    )
    .bind(group_id)
    .bind(action)
    .bind(before.map(Value::to_string))
    .bind(after.map(Value::to_string))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

const GROUP_COLUMNS: &str = "id, view_token, name, version, created_at, updated_at";

/// A group's own row by its edit id.
pub async fn group(db: &Db, id: &str) -> Result<Option<Group>, sqlx::Error> {
    group_where(db.reader(), "id", id).await
}

/// A group's own row by its read-only token.
pub async fn group_by_view_token(db: &Db, token: &str) -> Result<Option<Group>, sqlx::Error> {
    group_where(db.reader(), "view_token", token).await
}

async fn group_where(
    pool: &sqlx::AnyPool,
    column: &'static str,
    value: &str,
) -> Result<Option<Group>, sqlx::Error> {
    sqlx::query_as::<_, GroupRow>(&format!(
        "SELECT {GROUP_COLUMNS} FROM groups WHERE {column} = $1"
    ))
    .bind(value)
    .fetch_optional(pool)
    .await?
    .map(Group::try_from)
    .transpose()
}

/// A group with its players, house rules, settle-ups and games by its edit id, read in one
/// transaction (one snapshot).
pub async fn load_group(db: &Db, id: &str) -> Result<Option<GroupRecord>, sqlx::Error> {
    load_where(db, "id", id, &HashMap::new())
        .await
        .map(|parts| parts.map(GroupRecord::from))
}

/// [`load_group`] by the group's read-only token.
pub async fn load_group_by_view_token(
    db: &Db,
    token: &str,
) -> Result<Option<GroupRecord>, sqlx::Error> {
    load_where(db, "view_token", token, &HashMap::new())
        .await
        .map(|parts| parts.map(GroupRecord::from))
}

/// A group by its edit id (`column` `id`) or read-only token (`view_token`), in one snapshot,
/// reading only the games that `known` (game id: the version the caller holds) does not hold
/// at their current version: the others are [`GroupGame::Kept`]. A round entered in one game
/// of a 1,000-game group reads that game again, not the 999 others.
pub async fn load_group_keeping(
    db: &Db,
    column: GroupColumn,
    value: &str,
    known: &HashMap<String, i64>,
) -> Result<Option<GroupParts>, sqlx::Error> {
    let column = match column {
        GroupColumn::Id => "id",
        GroupColumn::ViewToken => "view_token",
    };
    load_where(db, column, value, known).await
}

/// Which of its links a group is read by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupColumn {
    /// The edit id.
    Id,
    /// The read-only token.
    ViewToken,
}

impl From<GroupParts> for GroupRecord {
    /// Only for parts read with nothing known: every game was read.
    fn from(parts: GroupParts) -> Self {
        Self {
            group: parts.group,
            players: parts.players,
            house_rules: parts.house_rules,
            settle_ups: parts.settle_ups,
            games: parts
                .games
                .into_iter()
                .filter_map(|g| match g {
                    GroupGame::Read(record) => Some(*record),
                    GroupGame::Kept(_) => None,
                })
                .collect(),
        }
    }
}

async fn load_where(
    db: &Db,
    column: &'static str,
    value: &str,
    known: &HashMap<String, i64>,
) -> Result<Option<GroupParts>, sqlx::Error> {
    let mut tx = db.begin_read().await?;
    let group = sqlx::query_as::<_, GroupRow>(&format!(
        "SELECT {GROUP_COLUMNS} FROM groups WHERE {column} = $1"
    ))
    .bind(value)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(group) = group else {
        return Ok(None);
    };
    let group = Group::try_from(group)?;
    let parts = load_parts(&mut tx, group, known).await?;
    tx.commit().await?;
    Ok(Some(parts))
}

/// Past this many games to read, one statement reads every game of the group (a group read
/// for the first time) rather than one statement per game.
const READ_ONE_BY_ONE: usize = 16;

/// Everything of a group but its own row.
async fn load_parts(
    conn: &mut AnyConnection,
    group: Group,
    known: &HashMap<String, i64>,
) -> Result<GroupParts, sqlx::Error> {
    let players = players_in(conn, &group.id).await?;
    let house_rules = sqlx::query_as::<_, (i64, String, String, String, String)>(
        "SELECT id, name, rules, options, created_at FROM group_rulesets
         WHERE group_id = $1 ORDER BY name_key",
    )
    .bind(&group.id)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|(id, name, rules, options, created_at)| {
        Ok(HouseRules {
            id,
            name,
            rules,
            options: json(&options)?,
            created_at: timestamp(&created_at)?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let settle_ups = sqlx::query_as::<_, (i64, i64, String, String)>(
        "SELECT id, version, balances, at FROM settle_ups WHERE group_id = $1 ORDER BY id",
    )
    .bind(&group.id)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|(id, version, balances, at)| {
        Ok(SettleUp {
            id,
            version,
            balances: json(&balances)?,
            at: timestamp(&at)?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    // Every write to a game (its rounds, its end, a rename of one of its players) bumps its
    // version in the same transaction, so a game whose version is the caller's is the
    // caller's copy.
    let versions: Vec<(String, i64)> = sqlx::query_as(
        "SELECT id, version FROM games WHERE group_id = $1 ORDER BY created_at, rowid",
    )
    .bind(&group.id)
    .fetch_all(&mut *conn)
    .await?;
    let unknown = versions
        .iter()
        .filter(|(id, version)| known.get(id) != Some(version))
        .count();
    let mut read: HashMap<String, GameRecord> = HashMap::with_capacity(unknown);
    if unknown > READ_ONE_BY_ONE {
        for game in games::load_of_group(&mut *conn, &group.id).await? {
            read.insert(game.game.id.clone(), game);
        }
    } else {
        for (id, version) in &versions {
            if known.get(id) != Some(version)
                && let Some(game) = games::load_in(&mut *conn, "id", id).await?
            {
                read.insert(id.clone(), game);
            }
        }
    }
    let games_of = versions
        .into_iter()
        .filter_map(|(id, version)| {
            if known.get(&id) == Some(&version) {
                Some(GroupGame::Kept(id))
            } else {
                read.remove(&id).map(|game| GroupGame::Read(Box::new(game)))
            }
        })
        .collect();
    Ok(GroupParts {
        group,
        players,
        house_rules,
        settle_ups,
        games: games_of,
    })
}

pub async fn players_in(
    conn: &mut AnyConnection,
    group_id: &str,
) -> Result<Vec<Player>, sqlx::Error> {
    sqlx::query_as::<_, PlayerRow>(
        "SELECT id, name, name_key, retired, created_at FROM group_players
         WHERE group_id = $1 ORDER BY id",
    )
    .bind(group_id)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(Player::try_from)
    .collect()
}

/// The group's history, oldest first.
pub async fn history(db: &Db, group_id: &str) -> Result<Vec<GroupHistoryEntry>, sqlx::Error> {
    sqlx::query_as::<_, (i64, String, Option<String>, Option<String>, String)>(
        "SELECT id, action, before, after, at FROM group_history WHERE group_id = $1 ORDER BY id",
    )
    .bind(group_id)
    .fetch_all(db.reader())
    .await?
    .into_iter()
    .map(|(id, action, before, after, at)| {
        Ok(GroupHistoryEntry {
            id,
            action,
            before: before.as_deref().map(json).transpose()?,
            after: after.as_deref().map(json).transpose()?,
            at: timestamp(&at)?,
        })
    })
    .collect()
}
