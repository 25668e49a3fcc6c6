//! The SQL of a game's storage that differs between the engines: reading a game with its
//! rounds in one statement (SQLite's and PostgreSQL's JSON functions), and storing a round
//! (one multi-statement round trip on SQLite, statement by statement on PostgreSQL), and
//! removing the last one for an undo (likewise).
//! Part of `db`: depends on no other layer.

use super::*;

/// `SELECT` of a game's row with its rounds as one JSON array, before its `WHERE`.
pub(super) fn select_game(engine: Engine) -> String {
    if engine == Engine::Postgres {
        return format!(
            "SELECT {GAME_COLUMNS},
                (SELECT COALESCE(json_agg(json_build_array(round_no, entry::json, points::json,
                                                           created_at, updated_at)
                                          ORDER BY round_no), '[]')::text
                 FROM rounds WHERE rounds.game_id = games.id) AS rounds,
                (SELECT json_build_array(g.id, g.view_token, g.name)::text
                 FROM groups g WHERE g.id = games.group_id) AS grp,
                (SELECT COALESCE(json_agg(player_id ORDER BY seat), '[]')::text
                 FROM game_seats WHERE game_seats.game_id = games.id) AS seats
             FROM games"
        );
    }
    format!(
        "SELECT {GAME_COLUMNS},
                (SELECT json_group_array(json_array(round_no, json(entry), json(points),
                                                    created_at, updated_at)
                                         ORDER BY round_no)
                 FROM rounds WHERE rounds.game_id = games.id) AS rounds,
                (SELECT json_array(g.id, g.view_token, g.name)
                 FROM groups g WHERE g.id = games.group_id) AS grp,
                (SELECT json_group_array(player_id ORDER BY seat)
                 FROM game_seats WHERE game_seats.game_id = games.id) AS seats
         FROM games"
    )
}

/// Every game of the group `group_id` with its rounds, oldest first, in one statement.
pub(in crate::db) async fn load_of_group(
    conn: &mut AnyConnection,
    group_id: &str,
) -> Result<Vec<GameRecord>, sqlx::Error> {
    let sql = format!(
        "{} WHERE group_id = $1 ORDER BY created_at, rowid",
        select_game(Engine::of(conn))
    );
    sqlx::query_as::<_, GameWithRounds>(&sql)
        .bind(group_id)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(GameRecord::try_from)
        .collect()
}

/// Writes round `round_no` (new or corrected), its history row with the round as it was
/// `before`, and bumps the game's version; returns the game as written.
pub async fn store_round(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    round_no: i64,
    (entry, points): (&Value, &Value),
    action: HistoryAction,
    before: Option<&Value>,
) -> Result<GameRecord, sqlx::Error> {
    // One round trip to the connection's worker thread for the three writes and the read
    // back: each trip costs a thread hand-off, which under load cost more than SQLite's work.
    // SQLite runs the statements in order; the parameters are numbered across them.
    let after = snapshot(entry, points);
    if Engine::of(tx) == Engine::Postgres {
        // PostgreSQL prepares one statement at a time: the same writes, one by one.
        sqlx::query(&format!(
            "INSERT INTO rounds (game_id, round_no, entry, points) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, round_no)
             DO UPDATE SET entry = excluded.entry, points = excluded.points, updated_at = {NOW}"
        ))
        .bind(game_id)
        .bind(round_no)
        .bind(entry.to_string())
        .bind(points.to_string())
        .execute(&mut **tx)
        .await?;
        record(tx, game_id, Some(round_no), action, before, Some(&after)).await?;
        bump_version(tx, game_id).await?;
        return load_in(tx, "id", game_id)
            .await?
            .ok_or(sqlx::Error::RowNotFound);
    }
    let sql = format!(
        "INSERT INTO rounds (game_id, round_no, entry, points) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, round_no)
         DO UPDATE SET entry = excluded.entry, points = excluded.points, updated_at = {NOW};
         INSERT INTO history (game_id, round_no, action, before, after)
         VALUES ($1, $2, $5, $6, $7);
         UPDATE games SET version = version + 1, updated_at = {NOW} WHERE id = $1;
         {} WHERE id = $1",
        select_game(Engine::Sqlite)
    );
    sqlx::query_as::<_, GameWithRounds>(&sql)
        .bind(game_id)
        .bind(round_no)
        .bind(entry.to_string())
        .bind(points.to_string())
        .bind(action.as_str())
        .bind(before.map(Value::to_string))
        .bind(after.to_string())
        // Not `fetch_optional`: through the Any driver it looks only at the first statement's
        // result (the insert's, no row); `fetch_all` reads every statement's.
        .fetch_all(&mut **tx)
        .await?
        .into_iter()
        .next()
        .ok_or(sqlx::Error::RowNotFound)
        .and_then(GameRecord::try_from)
}

/// A game's version with its highest round's number, entry and points (none without rounds).
type LastRound = (i64, Option<i64>, Option<String>, Option<String>);

/// The game's version and its highest round (its number and the round as a history
/// snapshot), in one statement; `None` if there is no such game.
pub async fn last_round(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
) -> Result<Option<(i64, Option<(i64, Value)>)>, sqlx::Error> {
    let row: Option<LastRound> = sqlx::query_as(
        "SELECT g.version, r.round_no, r.entry, r.points FROM games g
         LEFT JOIN rounds r ON r.game_id = g.id
              AND r.round_no = (SELECT MAX(round_no) FROM rounds WHERE game_id = g.id)
         WHERE g.id = $1",
    )
    .bind(game_id)
    .fetch_optional(&mut **tx)
    .await?;
    row.map(|(version, round_no, entry, points)| {
        let last = match (round_no, entry, points) {
            (Some(round_no), Some(entry), Some(points)) => {
                Some((round_no, snapshot(&json(&entry)?, &json(&points)?)))
            }
            _ => None,
        };
        Ok((version, last))
    })
    .transpose()
}

/// Removes round `round_no` (as it was: `before`), records the `undo` in the history and
/// bumps the game's version: one round trip on SQLite. Returns the new version.
pub async fn remove_round(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    round_no: i64,
    before: &Value,
) -> Result<i64, sqlx::Error> {
    let action = HistoryAction::Undo;
    if Engine::of(tx) == Engine::Postgres {
        sqlx::query("DELETE FROM rounds WHERE game_id = $1 AND round_no = $2")
            .bind(game_id)
            .bind(round_no)
            .execute(&mut **tx)
            .await?;
        record(tx, game_id, Some(round_no), action, Some(before), None).await?;
        return bump_version(tx, game_id).await;
    }
    let sql = format!(
        "DELETE FROM rounds WHERE game_id = $1 AND round_no = $2;
         INSERT INTO history (game_id, round_no, action, before, after)
         VALUES ($1, $2, $3, $4, NULL);
         UPDATE games SET version = version + 1, updated_at = {NOW} WHERE id = $1
         RETURNING version"
    );
    sqlx::query_scalar::<_, i64>(&sql)
        .bind(game_id)
        .bind(round_no)
        .bind(action.as_str())
        .bind(before.to_string())
        // `fetch_all`: through the Any driver `fetch_one` would look at the first statement.
        .fetch_all(&mut **tx)
        .await?
        .into_iter()
        .next()
        .ok_or(sqlx::Error::RowNotFound)
}
