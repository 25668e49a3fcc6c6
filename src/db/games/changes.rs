//! The table's changes during a game (docs/RULES.md section 8: sit out, leave, join late) and
//! the changes of names, stake and currency after the start: each rewrites the game row (its
//! players, money and `changes` list, migration 0006) and, for a rename, every stored name, in
//! one guarded write ([`crate::db::guard`]), recorded in the history. A child of [`super`] (it
//! shares its private helpers: the history); like it, SQL only, no rules and no
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

/// Writes `rewrite` over the game in a guarded write ([`crate::db::guard`]): the players,
/// money and changes; for a rename, every round's entry (through `rename_entry(entry, old,
/// new)`) and points and the game's history too; then the history row. The caller bumps the
/// version.
pub async fn rewrite(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    rewrite: &Rewrite,
    rename_entry: impl Fn(&Value, &str, &str) -> Value,
) -> Result<(), sqlx::Error> {
    if let Some((old, new)) = &rewrite.rename {
        let renames = [(old.clone(), new.clone())];
        rename_in_game(tx, game_id, &renames, &rename_entry, false).await?;
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
        tx,
        game_id,
        None,
        rewrite.action,
        rewrite.before.as_ref(),
        rewrite.after.as_ref(),
    )
    .await
}

/// Renames players inside one stored game: `renames` are `(old, new)` pairs, none of whose
/// new names is another pair's old name, in its seats, rounds, history and table changes.
/// Writes nothing when no seat has an old name. Bumps the game's version if anything changed
/// and `bump` (a caller that records its own
/// change and bumps the version itself passes `false`).
pub async fn rename_in_game(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    renames: &[(String, String)],
    rename_entry: &impl Fn(&Value, &str, &str) -> Value,
    bump: bool,
) -> Result<(), sqlx::Error> {
    let renames: Vec<(String, String)> = renames.iter().filter(|(o, n)| o != n).cloned().collect();
    if renames.is_empty() {
        return Ok(());
    }
    let Some(mut game) = load_in(&mut *tx, "id", game_id).await? else {
        return Ok(());
    };
    let before = game.rounds.clone();
    if !rename_record(&mut game, &renames, rename_entry) {
        // No seat has an old name: the game was renamed already (or its own rename of the
        // seat came first), so nothing is written and its version stays.
        return Ok(());
    }
    let rename = |name: &String| {
        renames
            .iter()
            .find(|(old, _)| old == name)
            .map_or_else(|| name.clone(), |(_, new)| new.clone())
    };
    let entry = |entry: &Value| {
        renames
            .iter()
            .fold(entry.clone(), |e, (old, new)| rename_entry(&e, old, new))
    };
    let points = |points: &Value| renamed_points(points, &rename);
    let snapshot = |snap: &Value| match snap {
        Value::Object(map) if map.contains_key("entry") => {
            let mut map = map.clone();
            if let Some(e) = map.get("entry").map(entry) {
                map.insert("entry".into(), e);
            }
            if let Some(p) = map.get("points").map(points) {
                map.insert("points".into(), p);
            }
            Value::Object(map)
        }
        other => other.clone(),
    };
    sqlx::query(&format!(
        "UPDATE games SET players = $1, changes = $2, version = version + $3, updated_at = {NOW} \
         WHERE id = $4"
    ))
    .bind(serde_json::to_string(&game.game.players).map_err(|e| sqlx::Error::Encode(e.into()))?)
    .bind(game.game.changes.to_string())
    .bind(i64::from(bump))
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    for (round, old) in game.rounds.iter().zip(&before) {
        if round.entry == old.entry && round.points == old.points {
            continue;
        }
        sqlx::query(
            "UPDATE rounds SET entry = $1, points = $2 WHERE game_id = $3 AND round_no = $4",
        )
        .bind(round.entry.to_string())
        .bind(round.points.to_string())
        .bind(game_id)
        .bind(round.round_no)
        .execute(&mut **tx)
        .await?;
    }
    let history: Vec<(i64, Option<String>, Option<String>)> =
        sqlx::query_as("SELECT id, before, after FROM history WHERE game_id = $1")
            .bind(game_id)
            .fetch_all(&mut **tx)
            .await?;
    for (id, before, after) in history {
        let fix = |text: Option<String>| -> Result<Option<String>, sqlx::Error> {
            text.map(|t| {
                let value: Value = serde_json::from_str(&t).map_err(decode_error)?;
                Ok(snapshot(&value).to_string())
            })
            .transpose()
        };
        sqlx::query("UPDATE history SET before = $1, after = $2 WHERE id = $3")
            .bind(fix(before)?)
            .bind(fix(after)?)
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A round's `points` (an object by player name) with the names renamed by `rename`.
fn renamed_points(points: &Value, rename: &impl Fn(&String) -> String) -> Value {
    match points {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (rename(k), v.clone()))
                .collect::<Map<_, _>>(),
        ),
        other => other.clone(),
    }
}

/// `record` with `renames` (`(old, new)`, applied one after the other) made in memory: the
/// seats' names, every round's entry (through `rename_entry(entry, old, new)`) and points,
/// and the `changes` list; what [`rename_in_game`] writes, and what a reader shows of a game
/// a pending rename has not reached yet. Returns whether anything changed.
pub fn rename_record(
    record: &mut GameRecord,
    renames: &[(String, String)],
    rename_entry: &impl Fn(&Value, &str, &str) -> Value,
) -> bool {
    let mut changed = false;
    for (old, new) in renames.iter().filter(|(o, n)| o != n) {
        if !record.game.players.iter().any(|p| p == old) {
            continue;
        }
        changed = true;
        let rename = |name: &String| {
            if name == old {
                new.clone()
            } else {
                name.clone()
            }
        };
        for player in &mut record.game.players {
            *player = rename(player);
        }
        for round in &mut record.rounds {
            round.entry = rename_entry(&round.entry, old, new);
            round.points = renamed_points(&round.points, &rename);
        }
        record.game.changes = rename_in_changes(&record.game.changes, old, new);
    }
    changed
}
