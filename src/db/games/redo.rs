//! Redo: putting back the round the game's latest change (an undo) removed, exactly as the
//! undo recorded it. A child of [`super`] (it shares its private helpers: keys, versions,
//! history); like it, SQL only, no rules and no words.

use super::*;

/// What [`redo_last_undo_once`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RedoOutcome {
    /// Round `round_no` was put back as it was before the undo; the game is now at `version`.
    Redone {
        /// The game's new version.
        version: i64,
        /// The round that was put back.
        round_no: i64,
    },
    /// The game's last change is not an undo (nothing was undone, or something changed
    /// since). Nothing changed.
    NothingToRedo,
    /// The idempotency key was used before: this is the answer given then. Nothing changed.
    Replayed(String),
    /// The idempotency key was used before for a different request. Nothing changed.
    KeyReused,
    /// The game is no longer at the expected version. Nothing changed.
    Conflict {
        /// The game's version now.
        current_version: i64,
    },
    /// No game has this id.
    GameNotFound,
}

/// The game's latest change, if it has any.
pub async fn last_change(db: &Db, game_id: &str) -> Result<Option<HistoryEntry>, sqlx::Error> {
    sqlx::query_as::<_, HistoryRow>(
        "SELECT id, round_no, action, before, after, at
         FROM history WHERE game_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(game_id)
    .fetch_optional(db.reader())
    .await?
    .map(HistoryEntry::try_from)
    .transpose()
}

/// Takes back the game's latest change if it is an undo and the game is still at
/// `expected_version`: the removed round is stored again exactly as the undo recorded it
/// (entry and points), recorded as an `enter` in the history, and the version bumped. Any
/// other change after the undo (a new round, a correction, an end) makes it
/// [`RedoOutcome::NothingToRedo`]. At most once per idempotency key, like
/// [`undo_last_round_once`].
pub async fn redo_last_undo_once(
    db: &Db,
    game_id: &str,
    expected_version: i64,
    once: Option<Once<'_>>,
) -> Result<RedoOutcome, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    tx.lock_row(super::RowTable::Games, game_id).await?;
    match replayed(&mut tx, game_id, once).await? {
        Stored::New => {}
        Stored::Same(response) => return Ok(RedoOutcome::Replayed(response)),
        Stored::Other => return Ok(RedoOutcome::KeyReused),
    }
    let Some(current_version) = current_version(&mut tx, game_id).await? else {
        return Ok(RedoOutcome::GameNotFound);
    };
    if current_version != expected_version {
        return Ok(RedoOutcome::Conflict { current_version });
    }
    let last: Option<(Option<i64>, String, Option<String>)> = sqlx::query_as(
        "SELECT round_no, action, before FROM history WHERE game_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(game_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((Some(round_no), action, Some(before))) = last else {
        return Ok(RedoOutcome::NothingToRedo);
    };
    if HistoryAction::parse(&action)? != HistoryAction::Undo {
        return Ok(RedoOutcome::NothingToRedo);
    }
    let next: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(round_no), 0) + 1 FROM rounds WHERE game_id = $1")
            .bind(game_id)
            .fetch_one(&mut **tx)
            .await?;
    if next != round_no {
        return Ok(RedoOutcome::NothingToRedo);
    }
    let before = json(&before)?;
    let (Some(entry), Some(points)) = (before.get("entry"), before.get("points")) else {
        return Err(decode_error(
            "an undo in the history without the round it removed",
        ));
    };
    let written = store_round(
        &mut tx,
        game_id,
        round_no,
        (entry, points),
        HistoryAction::Enter,
        None,
    )
    .await?;
    remember(&mut tx, game_id, once).await?;
    tx.commit().await?;
    Ok(RedoOutcome::Redone {
        version: written.game.version,
        round_no,
    })
}
