//! Redo: finding the round the game's latest change (an undo) removed, exactly as the undo
//! recorded it, to put it back. A child of [`super`] (it shares its private helpers: the
//! history); like it, SQL only, no rules and no words.

use super::*;

/// The game's latest change, if it has any.
pub async fn last_change(db: &Db, game_id: &str) -> Result<Option<HistoryEntry>, sqlx::Error> {
    let mut conn = db.reader().acquire().await?;
    last_change_in(&mut conn, game_id).await
}

/// [`last_change`] in a write under way (or on any connection).
pub async fn last_change_in(
    conn: &mut AnyConnection,
    game_id: &str,
) -> Result<Option<HistoryEntry>, sqlx::Error> {
    sqlx::query_as::<_, HistoryRow>(
        "SELECT id, round_no, action, before, after, at
         FROM history WHERE game_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(game_id)
    .fetch_optional(conn)
    .await?
    .map(HistoryEntry::try_from)
    .transpose()
}

/// The round the game's latest change (an undo) took back, as the undo recorded it:
/// `(round_no, entry, points)`, to store again as an `enter`. `None` when the latest change
/// is not an undo of a round, or the round it removed is no longer the next one (something
/// changed after the undo).
pub async fn round_to_redo(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
) -> Result<Option<(i64, Value, Value)>, sqlx::Error> {
    let last: Option<(Option<i64>, String, Option<String>)> = sqlx::query_as(
        "SELECT round_no, action, before FROM history WHERE game_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(game_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((Some(round_no), action, Some(before))) = last else {
        return Ok(None);
    };
    if HistoryAction::parse(&action)? != HistoryAction::Undo {
        return Ok(None);
    }
    let next: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(round_no), 0) + 1 FROM rounds WHERE game_id = $1")
            .bind(game_id)
            .fetch_one(&mut **tx)
            .await?;
    if next != round_no {
        return Ok(None);
    }
    let before = json(&before)?;
    let (Some(entry), Some(points)) = (before.get("entry"), before.get("points")) else {
        return Err(decode_error(
            "an undo in the history without the round it removed",
        ));
    };
    Ok(Some((round_no, entry.clone(), points.clone())))
}
