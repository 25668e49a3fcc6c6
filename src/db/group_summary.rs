//! A group's counts for a list of groups (the home page's groups): how many games
//! it has, how many players (not retired), and when its last game was started, in one query
//! on indexed columns, without loading or scoring its games.
//!
//! Part of `db`: SQL only, through sqlx's Any driver (the same text for both engines); depends
//! on no other layer of the app.

use time::OffsetDateTime;

use super::Db;

/// A group's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupSummary {
    /// Its games.
    pub games: i64,
    /// Its players who are not retired.
    pub players: i64,
    /// When its newest game was created; `None` without games.
    pub last_game: Option<OffsetDateTime>,
}

#[derive(sqlx::FromRow)]
struct SummaryRow {
    games: i64,
    players: i64,
    last_game: Option<String>,
}

const SUMMARY: &str = "SELECT \
     (SELECT COUNT(*) FROM games WHERE group_id = g.id) AS games, \
     (SELECT COUNT(*) FROM group_players WHERE group_id = g.id AND retired = 0) AS players, \
     (SELECT MAX(created_at) FROM games WHERE group_id = g.id) AS last_game \
     FROM groups g WHERE g.";

/// The counts of the group with edit id `id`; `None` for no such group.
pub async fn by_id(db: &Db, id: &str) -> Result<Option<GroupSummary>, sqlx::Error> {
    summary(db, "id", id).await
}

/// The counts of the group with read-only token `token`; `None` for no such group.
pub async fn by_view_token(db: &Db, token: &str) -> Result<Option<GroupSummary>, sqlx::Error> {
    summary(db, "view_token", token).await
}

async fn summary(
    db: &Db,
    column: &'static str,
    value: &str,
) -> Result<Option<GroupSummary>, sqlx::Error> {
    let Some(row) = sqlx::query_as::<_, SummaryRow>(&format!("{SUMMARY}{column} = $1"))
        .bind(value)
        .fetch_optional(db.reader())
        .await?
    else {
        return Ok(None);
    };
    Ok(Some(GroupSummary {
        games: row.games,
        players: row.players,
        last_game: row
            .last_game
            .as_deref()
            .map(super::games::timestamp)
            .transpose()?,
    }))
}
