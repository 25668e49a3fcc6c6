//! A player's rename reaching the group's games in small batches (migration 0011,
//! docs/decisions.md 2026-11-27). The group's write renames the player's row and queues a
//! [`PendingRename`]; each [`step`] then rewrites at most a batch of the games the player sits
//! in, in a write of its own, and records how far it got (`done_through`: game ids are
//! walked in order), so no write holds the single writer (SQLite) or a group's games
//! (PostgreSQL) for more than one batch, at any group size, and a crash resumes where the last
//! committed batch ended. Renames are carried out oldest first, one at a time, so a name freed
//! by one rename and taken by a later one never meets itself in a game.
//!
//! While a rename is pending, a game it has not reached yet still stores the old name:
//! readers apply the pending renames to what they read ([`for_game`], [`for_group`] with
//! [`PendingRename::applies`]) and a write to such a game first rewrites it in its own transaction.
//!
//! A child of [`super`]; SQL only.

use serde_json::Value;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, FromRow};

use super::super::games::{GameRecord, rename_in_game};
use super::super::{Engine, RowTable, lock_row};
use super::GroupColumn;

/// Games rewritten in one write. A game of seven rounds takes about a millisecond to
/// rewrite, so one batch holds the writer for a few milliseconds.
pub const BATCH: i64 = 4;

/// A rename not yet made in every game of its player.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct PendingRename {
    /// Its place in the queue.
    pub id: i64,
    /// The player's group.
    pub group_id: String,
    /// The player renamed.
    pub player_id: i64,
    /// The name the games still to be rewritten hold.
    pub old_name: String,
    /// The player's name now.
    pub new_name: String,
    /// The last game id rewritten ("" before the first batch).
    pub done_through: String,
}

impl PendingRename {
    /// Whether this rename has still to reach `game` (a game of its group).
    pub fn applies(&self, game: &GameRecord) -> bool {
        game.game.id.as_str() > self.done_through.as_str()
            && game.game.seats.contains(&self.player_id)
    }
}

const COLUMNS: &str = "id, group_id, player_id, old_name, new_name, done_through";

/// Queues the rename of `player_id` from `old` to `new` in the games the player sits in (in
/// the group's write that renamed the player).
pub async fn queue(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    player_id: i64,
    (old, new): (&str, &str),
) -> Result<(), sqlx::Error> {
    if old == new {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO pending_renames (group_id, player_id, old_name, new_name)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(group_id)
    .bind(player_id)
    .bind(old)
    .bind(new)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The renames pending for the group with this edit id or read-only token, oldest first.
pub async fn for_group(
    conn: &mut AnyConnection,
    column: GroupColumn,
    value: &str,
) -> Result<Vec<PendingRename>, sqlx::Error> {
    let column = match column {
        GroupColumn::Id => "id",
        GroupColumn::ViewToken => "view_token",
    };
    sqlx::query_as(&format!(
        "SELECT r.id, r.group_id, r.player_id, r.old_name, r.new_name, r.done_through
         FROM pending_renames r JOIN groups g ON g.id = r.group_id
         WHERE g.{column} = $1 ORDER BY r.id"
    ))
    .bind(value)
    .fetch_all(conn)
    .await
}

/// The `(old, new)` names of the renames still to reach the game with this edit id, oldest
/// first.
pub async fn for_game(
    conn: &mut AnyConnection,
    game_id: &str,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.old_name, r.new_name FROM pending_renames r
         JOIN game_seats s ON s.player_id = r.player_id
         WHERE s.game_id = $1 AND r.done_through < $1 ORDER BY r.id",
    )
    .bind(game_id)
    .fetch_all(conn)
    .await
}

/// Whether any rename is pending.
pub async fn any(conn: &mut AnyConnection) -> Result<bool, sqlx::Error> {
    let one: Option<i64> = sqlx::query_scalar("SELECT id FROM pending_renames LIMIT 1")
        .fetch_optional(conn)
        .await?;
    Ok(one.is_some())
}

/// What one [`step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nothing was pending.
    Idle,
    /// Rewrote these games of the oldest pending rename (at most [`BATCH`]); `finished` when
    /// that rename has now reached every game and left the queue.
    Batch {
        /// The games rewritten (each renamed only if it still held the old name).
        games: Vec<String>,
        /// Whether the rename is done.
        finished: bool,
    },
}

/// Carries the oldest pending rename one batch further, in the write `tx` (which the caller
/// commits): rewrites the next [`BATCH`] games of its player (each game's version bumped if it
/// still held the old name; its row locked first on PostgreSQL), and records how far it got,
/// or takes the rename off the queue when no game is left.
pub async fn step(
    tx: &mut PoolConnection<Any>,
    rename_entry: impl Fn(&Value, &str, &str) -> Value,
) -> Result<Step, sqlx::Error> {
    let lock = match Engine::of(tx) {
        Engine::Postgres => " FOR UPDATE",
        Engine::Sqlite => "",
    };
    let pending: Option<PendingRename> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM pending_renames ORDER BY id LIMIT 1{lock}"
    ))
    .fetch_optional(&mut **tx)
    .await?;
    let Some(pending) = pending else {
        return Ok(Step::Idle);
    };
    let games: Vec<String> = sqlx::query_scalar(
        "SELECT game_id FROM game_seats WHERE player_id = $1 AND game_id > $2
         ORDER BY game_id LIMIT $3",
    )
    .bind(pending.player_id)
    .bind(&pending.done_through)
    .bind(BATCH)
    .fetch_all(&mut **tx)
    .await?;
    let renames = [(pending.old_name.clone(), pending.new_name.clone())];
    for game in &games {
        lock_row(tx, RowTable::Games, game).await?;
        rename_in_game(tx, game, &renames, &rename_entry, true).await?;
    }
    let finished = i64::try_from(games.len()).unwrap_or(i64::MAX) < BATCH;
    if finished {
        sqlx::query("DELETE FROM pending_renames WHERE id = $1")
            .bind(pending.id)
            .execute(&mut **tx)
            .await?;
    } else if let Some(last) = games.last() {
        sqlx::query("UPDATE pending_renames SET done_through = $1 WHERE id = $2")
            .bind(last)
            .bind(pending.id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(Step::Batch { games, finished })
}

/// Makes the renames pending for the game `game_id` in it, inside a write of that game (which
/// bumps its version itself); returns whether the game changed.
pub async fn resolve_in_write(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    rename_entry: impl Fn(&Value, &str, &str) -> Value,
) -> Result<bool, sqlx::Error> {
    let renames = for_game(tx, game_id).await?;
    for rename in &renames {
        rename_in_game(
            tx,
            game_id,
            std::slice::from_ref(rename),
            &rename_entry,
            false,
        )
        .await?;
    }
    Ok(!renames.is_empty())
}
