//! The table's changes during a game (docs/RULES.md section 8: sit out, leave, join late) and
//! the changes of names, stake and currency after the start: each rewrites the game row (its
//! players, money and `changes` list, migration 0006) and, for a rename, every stored name, in
//! one transaction with the version check, recorded in the history. A child of [`super`] (it
//! shares its private helpers: keys, versions, history); like it, SQL only, no rules and no
//! words: what to write is the caller's to compute.

use serde_json::Map;

use super::*;

/// A change to the whole game as the caller computed it from the game at `expected_version`.
#[derive(Clone, Debug)]
pub struct Rewrite {
    /// The game's players as they are to be stored (the set-up's seats).
    pub players: Vec<String>,
    /// The money settings as they are to be stored.
    pub money: Value,
    /// The `changes` list as it is to be stored.
    pub changes: Value,
    /// Names to change in every round, in the game's history and in the seats: `(old, new)`.
    pub rename: Option<(String, String)>,
    /// What the history records.
    pub action: HistoryAction,
    /// The history's `before`.
    pub before: Option<Value>,
    /// The history's `after`.
    pub after: Option<Value>,
}

/// `changes` (a game's list) with the player `old` called `new` wherever a change names a
/// player (`player`, `after`); a rename's own `from` and `to` stay as they were written.
pub fn rename_in_changes(changes: &Value, old: &str, new: &str) -> Value {
    let Value::Array(items) = changes else {
        return changes.clone();
    };
    let items = items
        .iter()
        .map(|item| match item {
            Value::Object(map) => {
                let mut map: Map<String, Value> = map.clone();
                for field in ["player", "after"] {
                    if map.get(field).and_then(Value::as_str) == Some(old) {
                        map.insert(field.into(), Value::String(new.into()));
                    }
                }
                Value::Object(map)
            }
            other => other.clone(),
        })
        .collect();
    Value::Array(items)
}

/// Writes `rewrite` if the game is still at `expected_version`: the players, money and
/// changes; for a rename, every round's entry (through `rename_entry(entry, old, new)`) and
/// points and the game's history too; then the history row, a new version, and `once`'s
/// answer. A conflict does not use up the key.
pub async fn rewrite_once(
    db: &Db,
    game_id: &str,
    expected_version: i64,
    rewrite: &Rewrite,
    rename_entry: impl Fn(&Value, &str, &str) -> Value,
    once: Option<Once<'_>>,
) -> Result<WriteOutcome, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    // On PostgreSQL, writers of this game from other servers wait here (SQLite: no-op).
    tx.lock_row(crate::db::RowTable::Games, game_id).await?;
    match replayed(&mut tx, game_id, once).await? {
        Stored::New => {}
        Stored::Same(response) => return Ok(WriteOutcome::Replayed(response)),
        Stored::Other => return Ok(WriteOutcome::KeyReused),
    }
    let Some(current_version) = current_version(&mut tx, game_id).await? else {
        return Ok(WriteOutcome::GameNotFound);
    };
    if current_version != expected_version {
        return Ok(WriteOutcome::Conflict { current_version });
    }
    if let Some((old, new)) = &rewrite.rename {
        let renames = [(old.clone(), new.clone())];
        crate::db::groups::rename_in_game(&mut tx, game_id, &renames, &rename_entry, false).await?;
    }
    let encode = |e: serde_json::Error| sqlx::Error::Encode(e.into());
    sqlx::query("UPDATE games SET players = $1, money = $2, changes = $3 WHERE id = $4")
        .bind(serde_json::to_string(&rewrite.players).map_err(encode)?)
        .bind(rewrite.money.to_string())
        .bind(rewrite.changes.to_string())
        .bind(game_id)
        .execute(&mut **tx)
        .await?;
    record(
        &mut tx,
        game_id,
        None,
        rewrite.action,
        rewrite.before.as_ref(),
        rewrite.after.as_ref(),
    )
    .await?;
    let version = bump_version(&mut tx, game_id).await?;
    remember(&mut tx, game_id, once).await?;
    tx.commit().await?;
    Ok(WriteOutcome::Written { version })
}

/// What an idempotency key already holds for this game: `None` when it is new, else the
/// stored answer ([`WriteOutcome::Replayed`]) or [`WriteOutcome::KeyReused`]. For a change
/// the rules refuse as the game is now, which may be the repeat of one already made.
pub async fn used_key(
    db: &Db,
    game_id: &str,
    once: Once<'_>,
) -> Result<Option<WriteOutcome>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    tx.lock_row(crate::db::RowTable::Games, game_id).await?;
    let outcome = match replayed(&mut tx, game_id, Some(once)).await? {
        Stored::New => None,
        Stored::Same(response) => Some(WriteOutcome::Replayed(response)),
        Stored::Other => Some(WriteOutcome::KeyReused),
    };
    tx.commit().await?;
    Ok(outcome)
}
