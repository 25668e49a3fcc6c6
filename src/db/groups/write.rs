//! The writes to a group, each one `BEGIN IMMEDIATE` transaction: check the idempotency key
//! and the expected version, change, record the change in `group_history` (before and after),
//! bump the group's version, remember the key. A child of [`super`]; SQL only, no rules and
//! no words (a refusal is a [`Refusal`] code; the caller says it).
//!
//! Renaming a player rewrites the name in every game of the group it sits in (seats, round
//! entries, points and the games' history), so the new name shows everywhere, old games
//! included (docs/decisions.md, 2026-11-24). How a name appears inside a round's entry is the
//! caller's to know: it passes `rename_entry`.

use serde_json::{Map, Value, json};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection};

use super::super::Db;
use super::super::games::{
    Creation, GameIds, Keyed, NewGame, Once, decode_error, insert_game, load_in,
};
use super::{KeyedName, insert_player, players_in, record};

/// SQL for "now" in the format of the schema's timestamp defaults.
const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// What a write to a group did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupWrite<T> {
    /// Done; the group is now at `version`.
    Written {
        /// The group's version after the write.
        version: i64,
        /// What the write made (a new player's id, …).
        value: T,
    },
    /// The idempotency key was used before for this request: the answer stored then.
    /// Nothing changed.
    Replayed(String),
    /// The idempotency key was used before for another request. Nothing changed.
    KeyReused,
    /// The group is no longer at the expected version. Nothing changed.
    Conflict {
        /// The group's version now.
        current_version: i64,
    },
    /// The write does not fit the group as it is. Nothing changed.
    Refused(Refusal),
    /// No group has this id.
    NotFound,
}

/// Why a write to a group was refused (the caller words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Another player of the group already has a name read the same: that player's name.
    NameTaken(String),
    /// Another house rule set of the group already has a name read the same: its name.
    RulesNameTaken(String),
    /// No player of this group has this id.
    NoSuchPlayer,
    /// No house rules of this group have this id.
    NoSuchHouseRules,
    /// No game has this id.
    NoSuchGame,
    /// The game already belongs to a group (this one, if `same`).
    GameInGroup {
        /// The group is this one.
        same: bool,
    },
}

/// Returns early from a write with its outcome.
macro_rules! settle {
    ($e:expr) => {
        match $e {
            Ok(value) => value,
            Err(outcome) => return Ok(outcome),
        }
    };
}

/// The group's current version after checking `once`'s key and `expected`; `Err` is the
/// outcome to answer without writing.
async fn begin<T>(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
) -> Result<Result<i64, GroupWrite<T>>, sqlx::Error> {
    crate::db::lock_row(tx, crate::db::RowTable::Groups, group_id).await?;
    if let Some(once) = once {
        let row: Option<(String, String)> = sqlx::query_as(
            "SELECT response, request_hash FROM group_idempotency WHERE group_id = $1 AND key = $2",
        )
        .bind(group_id)
        .bind(once.key)
        .fetch_optional(&mut **tx)
        .await?;
        if let Some((response, request)) = row {
            return Ok(Err(if request == once.request {
                GroupWrite::Replayed(response)
            } else {
                GroupWrite::KeyReused
            }));
        }
    }
    let version: Option<i64> = sqlx::query_scalar("SELECT version FROM groups WHERE id = $1")
        .bind(group_id)
        .fetch_optional(&mut **tx)
        .await?;
    let Some(version) = version else {
        return Ok(Err(GroupWrite::NotFound));
    };
    if expected.is_some_and(|expected| expected != version) {
        return Ok(Err(GroupWrite::Conflict {
            current_version: version,
        }));
    }
    Ok(Ok(version))
}

/// Records the change, bumps the group's version, remembers the key; returns the version.
async fn finish(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    action: &str,
    (before, after): (Option<&Value>, Option<&Value>),
    once: Option<Once<'_>>,
) -> Result<i64, sqlx::Error> {
    record(tx, group_id, action, before, after).await?;
    let version = sqlx::query_scalar(&format!(
        "UPDATE groups SET version = version + 1, updated_at = {NOW} WHERE id = $1 RETURNING version"
    ))
    .bind(group_id)
    .fetch_one(&mut **tx)
    .await?;
    if let Some(once) = once {
        sqlx::query(
            "INSERT INTO group_idempotency (group_id, key, request_hash, response)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(group_id)
        .bind(once.key)
        .bind(once.request)
        .bind(once.response)
        .execute(&mut **tx)
        .await?;
    }
    Ok(version)
}

/// The player of the group whose key is `key`, as `(id, name)`.
async fn player_by_key(
    conn: &mut AnyConnection,
    group_id: &str,
    key: &str,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, name FROM group_players WHERE group_id = $1 AND name_key = $2")
        .bind(group_id)
        .bind(key)
        .fetch_optional(conn)
        .await
}

/// Adds a player to the group; returns the new player's id. A name read the same as a
/// player's already in the group (retired or not) is refused.
pub async fn add_player(
    db: &Db,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
    player: &KeyedName,
) -> Result<GroupWrite<i64>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    settle!(begin(&mut tx, group_id, expected, once).await?);
    if let Some((_, name)) = player_by_key(&mut tx, group_id, &player.key).await? {
        return Ok(GroupWrite::Refused(Refusal::NameTaken(name)));
    }
    let id = insert_player(&mut tx, group_id, player).await?;
    let after = json!({ "player": id, "name": player.name });
    let version = finish(&mut tx, group_id, "add_player", (None, Some(&after)), once).await?;
    tx.commit().await?;
    Ok(GroupWrite::Written { version, value: id })
}

/// Renames a player of the group, and the name in every game of the group the player sits in
/// (their seats' names, the round entries through `rename_entry(entry, old, new)`, the
/// rounds' points and the games' history), each such game's version bumped. A name read the
/// same as another player's is refused; the same player's new spelling is fine.
pub async fn rename_player(
    db: &Db,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
    (player_id, player): (i64, &KeyedName),
    rename_entry: impl Fn(&Value, &str, &str) -> Value,
) -> Result<GroupWrite<()>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    settle!(begin(&mut tx, group_id, expected, once).await?);
    let old: Option<String> =
        sqlx::query_scalar("SELECT name FROM group_players WHERE id = $1 AND group_id = $2")
            .bind(player_id)
            .bind(group_id)
            .fetch_optional(&mut **tx)
            .await?;
    let Some(old) = old else {
        return Ok(GroupWrite::Refused(Refusal::NoSuchPlayer));
    };
    if let Some((other, name)) = player_by_key(&mut tx, group_id, &player.key).await?
        && other != player_id
    {
        return Ok(GroupWrite::Refused(Refusal::NameTaken(name)));
    }
    sqlx::query("UPDATE group_players SET name = $1, name_key = $2 WHERE id = $3")
        .bind(&player.name)
        .bind(&player.key)
        .bind(player_id)
        .execute(&mut **tx)
        .await?;
    let game_ids: Vec<String> =
        sqlx::query_scalar("SELECT game_id FROM game_seats WHERE player_id = $1")
            .bind(player_id)
            .fetch_all(&mut **tx)
            .await?;
    for game_id in game_ids {
        let renames = [(old.clone(), player.name.clone())];
        rename_in_game(&mut tx, &game_id, &renames, &rename_entry, true).await?;
    }
    let before = json!({ "player": player_id, "name": old });
    let after = json!({ "player": player_id, "name": player.name });
    let version = finish(
        &mut tx,
        group_id,
        "rename",
        (Some(&before), Some(&after)),
        once,
    )
    .await?;
    tx.commit().await?;
    Ok(GroupWrite::Written { version, value: () })
}

/// Renames players inside one stored game: `renames` are `(old, new)` pairs, none of whose
/// new names is another pair's old name, in its seats, rounds, history and table changes.
/// Bumps the game's version if anything changed and `bump` (a caller that records its own
/// change and bumps the version itself passes `false`).
pub(crate) async fn rename_in_game(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    renames: &[(String, String)],
    rename_entry: &impl Fn(&Value, &str, &str) -> Value,
    bump: bool,
) -> Result<(), sqlx::Error> {
    let renames: Vec<&(String, String)> = renames.iter().filter(|(o, n)| o != n).collect();
    if renames.is_empty() {
        return Ok(());
    }
    let Some(game) = load_in(&mut *tx, "id", game_id).await? else {
        return Ok(());
    };
    let rename = |name: &String| {
        renames
            .iter()
            .find(|(old, _)| old == name)
            .map_or_else(|| name.clone(), |(_, new)| new.clone())
    };
    let players: Vec<String> = game.game.players.iter().map(rename).collect();
    let entry = |entry: &Value| {
        renames
            .iter()
            .fold(entry.clone(), |e, (old, new)| rename_entry(&e, old, new))
    };
    let points = |points: &Value| match points {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (rename(k), v.clone()))
                .collect::<Map<_, _>>(),
        ),
        other => other.clone(),
    };
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
    let changes = renames
        .iter()
        .fold(game.game.changes.clone(), |c, (old, new)| {
            super::super::games::rename_in_changes(&c, old, new)
        });
    sqlx::query(&format!(
        "UPDATE games SET players = $1, changes = $2, version = version + $3, updated_at = {NOW} \
         WHERE id = $4"
    ))
    .bind(serde_json::to_string(&players).map_err(|e| sqlx::Error::Encode(e.into()))?)
    .bind(changes.to_string())
    .bind(i64::from(bump))
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    for round in &game.rounds {
        sqlx::query(
            "UPDATE rounds SET entry = $1, points = $2 WHERE game_id = $3 AND round_no = $4",
        )
        .bind(entry(&round.entry).to_string())
        .bind(points(&round.points).to_string())
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

/// Retires a player (hidden from new games, kept in every game and the history) or brings
/// one back. Setting what is already set changes nothing but the version.
pub async fn set_retired(
    db: &Db,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
    player_id: i64,
    retired: bool,
) -> Result<GroupWrite<()>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    settle!(begin(&mut tx, group_id, expected, once).await?);
    let now: Option<(String, i64)> =
        sqlx::query_as("SELECT name, retired FROM group_players WHERE id = $1 AND group_id = $2")
            .bind(player_id)
            .bind(group_id)
            .fetch_optional(&mut **tx)
            .await?;
    let Some((name, was)) = now else {
        return Ok(GroupWrite::Refused(Refusal::NoSuchPlayer));
    };
    sqlx::query("UPDATE group_players SET retired = $1 WHERE id = $2")
        .bind(i64::from(retired))
        .bind(player_id)
        .execute(&mut **tx)
        .await?;
    let before = json!({ "player": player_id, "name": name, "retired": was != 0 });
    let after = json!({ "player": player_id, "name": name, "retired": retired });
    let version = finish(
        &mut tx,
        group_id,
        "retire",
        (Some(&before), Some(&after)),
        once,
    )
    .await?;
    tx.commit().await?;
    Ok(GroupWrite::Written { version, value: () })
}

/// Saves house rules under a name (replacing the group's house rules of a name read the
/// same); returns their id.
pub async fn save_house_rules(
    db: &Db,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
    name: &KeyedName,
    (rules, options): (&str, &Value),
) -> Result<GroupWrite<i64>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    settle!(begin(&mut tx, group_id, expected, once).await?);
    let old: Option<(i64, String, String, String)> = sqlx::query_as(
        "SELECT id, name, rules, options FROM group_rulesets WHERE group_id = $1 AND name_key = $2",
    )
    .bind(group_id)
    .bind(&name.key)
    .fetch_optional(&mut **tx)
    .await?;
    let before = match &old {
        Some((_, name, rules, options)) => Some(json!({
            "name": name,
            "rules": rules,
            "options": serde_json::from_str::<Value>(options).map_err(decode_error)?,
        })),
        None => None,
    };
    let id: i64 = match old {
        Some((id, ..)) => {
            sqlx::query(
                "UPDATE group_rulesets SET name = $1, rules = $2, options = $3 WHERE id = $4",
            )
            .bind(&name.name)
            .bind(rules)
            .bind(options.to_string())
            .bind(id)
            .execute(&mut **tx)
            .await?;
            id
        }
        None => {
            sqlx::query_scalar(
                "INSERT INTO group_rulesets (group_id, name, name_key, rules, options)
                 VALUES ($1, $2, $3, $4, $5) RETURNING id",
            )
            .bind(group_id)
            .bind(&name.name)
            .bind(&name.key)
            .bind(rules)
            .bind(options.to_string())
            .fetch_one(&mut **tx)
            .await?
        }
    };
    let after = json!({ "name": name.name, "rules": rules, "options": options });
    let version = finish(
        &mut tx,
        group_id,
        "save_rules",
        (before.as_ref(), Some(&after)),
        once,
    )
    .await?;
    tx.commit().await?;
    Ok(GroupWrite::Written { version, value: id })
}

/// Deletes the group's house rules `id`. Games started with them keep their name.
pub async fn delete_house_rules(
    db: &Db,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
    id: i64,
) -> Result<GroupWrite<()>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    settle!(begin(&mut tx, group_id, expected, once).await?);
    let old: Option<(String, String, String)> = sqlx::query_as(
        "DELETE FROM group_rulesets WHERE id = $1 AND group_id = $2 RETURNING name, rules, options",
    )
    .bind(id)
    .bind(group_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((name, rules, options)) = old else {
        return Ok(GroupWrite::Refused(Refusal::NoSuchHouseRules));
    };
    let before = json!({
        "name": name,
        "rules": rules,
        "options": serde_json::from_str::<Value>(&options).map_err(decode_error)?,
    });
    let version = finish(
        &mut tx,
        group_id,
        "delete_rules",
        (Some(&before), None),
        once,
    )
    .await?;
    tx.commit().await?;
    Ok(GroupWrite::Written { version, value: () })
}

/// Records a settle-up of `balances` (the caller's JSON); the ledger starts again after it.
/// Returns the settle-up's id.
pub async fn settle_up(
    db: &Db,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
    balances: &Value,
) -> Result<GroupWrite<i64>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let version = settle!(begin(&mut tx, group_id, expected, once).await?);
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO settle_ups (group_id, version, balances) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(group_id)
    .bind(version + 1)
    .bind(balances.to_string())
    .fetch_one(&mut **tx)
    .await?;
    let after = json!({ "settle_up": id, "balances": balances });
    let version = finish(&mut tx, group_id, "settle_up", (None, Some(&after)), once).await?;
    tx.commit().await?;
    Ok(GroupWrite::Written { version, value: id })
}

/// Creates a game in the group: `seats` are the group players' ids in seating order (the
/// game's `players` their names, as the caller made them), `house_rules` the name of the
/// house rules it starts with. With a key, once per key and request (the table of game
/// creations, like [`create_game_once`](super::super::games::create_game_once)).
pub async fn create_group_game(
    db: &Db,
    group_id: &str,
    game: &NewGame,
    (seats, house_rules): (&[i64], Option<&str>),
    keyed: Option<Keyed<'_>>,
) -> Result<GroupWrite<Creation>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if let Some(keyed) = keyed {
        tx.lock_key(keyed.key).await?;
        let existing = sqlx::query_as::<_, (String, String, Option<String>)>(
            "SELECT g.id, g.view_token, c.request_hash FROM game_creations c
             JOIN games g ON g.id = c.game_id WHERE c.key = $1",
        )
        .bind(keyed.key)
        .fetch_optional(&mut **tx)
        .await?;
        if let Some((id, view_token, request)) = existing {
            let creation = if request.as_deref() == Some(keyed.request) {
                Creation::Replayed(GameIds { id, view_token })
            } else {
                Creation::KeyReused
            };
            let version = sqlx::query_scalar("SELECT version FROM groups WHERE id = $1")
                .bind(group_id)
                .fetch_optional(&mut **tx)
                .await?
                .unwrap_or_default();
            return Ok(GroupWrite::Written {
                version,
                value: creation,
            });
        }
    }
    settle!(begin(&mut tx, group_id, None, None).await?);
    let players = players_in(&mut tx, group_id).await?;
    if seats.iter().any(|id| !players.iter().any(|p| p.id == *id)) {
        return Ok(GroupWrite::Refused(Refusal::NoSuchPlayer));
    }
    let ids = insert_game(&mut tx, game).await?;
    link_game(&mut tx, group_id, &ids.id, seats).await?;
    sqlx::query("UPDATE games SET house_rules = $1 WHERE id = $2")
        .bind(house_rules)
        .bind(&ids.id)
        .execute(&mut **tx)
        .await?;
    if let Some(keyed) = keyed {
        sqlx::query("INSERT INTO game_creations (key, game_id, request_hash) VALUES ($1, $2, $3)")
            .bind(keyed.key)
            .bind(&ids.id)
            .bind(keyed.request)
            .execute(&mut **tx)
            .await?;
    }
    // The read-only token names the game in the group's history: the history is the group's,
    // and a read-only link to the group must never lead to a game's edit link.
    let after = json!({ "game": ids.view_token, "players": game.players, "seats": seats,
                        "house_rules": house_rules });
    let version = finish(&mut tx, group_id, "add_game", (None, Some(&after)), None).await?;
    tx.commit().await?;
    Ok(GroupWrite::Written {
        version,
        value: Creation::Created(ids),
    })
}

/// One game of a paper sheet to import ([`import_games`]): the game, the players of its seats
/// (matched to the group's by key; a name the group does not know joins it), the day it was
/// played (`created_at` of the game and its rounds, an RFC 3339 timestamp) and its rounds as
/// `(entry, points)` JSON in order.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    /// The game to store.
    pub game: NewGame,
    /// Each seat's name with its group key, in seating order.
    pub seats: Vec<KeyedName>,
    /// When it was played (RFC 3339).
    pub played_at: String,
    /// Its rounds, `(entry, points)`, round 1 first.
    pub rounds: Vec<(Value, Value)>,
    /// The table stopped before the rule set's last round.
    pub ended_early: bool,
}

/// Imports the games of a paper sheet into the group in one transaction, once per key: each
/// game with its seats, rounds (and their history rows) and its day; players the group does
/// not know join it. `respond` makes the answer (stored under the key) from the new games'
/// ids. The group's history records each new player (`add_player`) and each game (`add_game`,
/// by its read-only token) as the other writes do; an empty list writes nothing.
pub async fn import_games(
    db: &Db,
    group_id: &str,
    games: &[ImportedGame],
    keyed: Keyed<'_>,
    respond: impl FnOnce(&[GameIds]) -> String,
) -> Result<GroupWrite<Vec<GameIds>>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let probe = Once {
        key: keyed.key,
        request: keyed.request,
        response: "",
    };
    let version = settle!(begin(&mut tx, group_id, None, Some(probe)).await?);
    let mut afters = Vec::with_capacity(games.len());
    let mut made = Vec::with_capacity(games.len());
    for imported in games {
        let mut seats = Vec::with_capacity(imported.seats.len());
        for name in &imported.seats {
            let id = match player_by_key(&mut tx, group_id, &name.key).await? {
                Some((id, _)) => id,
                None => {
                    let id = insert_player(&mut tx, group_id, name).await?;
                    let after = json!({ "player": id, "name": name.name, "import": true });
                    record(&mut tx, group_id, "add_player", None, Some(&after)).await?;
                    id
                }
            };
            seats.push(id);
        }
        let ids = insert_game(&mut tx, &imported.game).await?;
        link_game(&mut tx, group_id, &ids.id, &seats).await?;
        sqlx::query(
            "UPDATE games SET created_at = $1, updated_at = $1, ended_early = $2 WHERE id = $3",
        )
        .bind(&imported.played_at)
        .bind(i64::from(imported.ended_early))
        .bind(&ids.id)
        .execute(&mut **tx)
        .await?;
        for (no, (entry, points)) in imported.rounds.iter().enumerate() {
            let round_no = i64::try_from(no + 1).map_err(|e| sqlx::Error::Encode(e.into()))?;
            sqlx::query(
                "INSERT INTO rounds (game_id, round_no, entry, points, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $5)",
            )
            .bind(&ids.id)
            .bind(round_no)
            .bind(entry.to_string())
            .bind(points.to_string())
            .bind(&imported.played_at)
            .execute(&mut **tx)
            .await?;
            let after = json!({ "entry": entry, "points": points });
            sqlx::query(
                "INSERT INTO history (game_id, round_no, action, before, after)
                 VALUES ($1, $2, 'enter', NULL, $3)",
            )
            .bind(&ids.id)
            .bind(round_no)
            .bind(after.to_string())
            .execute(&mut **tx)
            .await?;
        }
        // Each game joins the group's history as any added game does (read-only token only),
        // marked with the day the sheet gives.
        afters.push(
            json!({ "game": ids.view_token, "players": imported.game.players,
                            "seats": seats, "house_rules": null,
                            "imported": imported.played_at }),
        );
        made.push(ids);
    }
    let Some(last) = afters.pop() else {
        return Ok(GroupWrite::Written {
            version,
            value: made,
        });
    };
    for after in &afters {
        record(&mut tx, group_id, "add_game", None, Some(after)).await?;
    }
    let response = respond(&made);
    let once = Once {
        key: keyed.key,
        request: keyed.request,
        response: &response,
    };
    let version = finish(
        &mut tx,
        group_id,
        "add_game",
        (None, Some(&last)),
        Some(once),
    )
    .await?;
    tx.commit().await?;
    Ok(GroupWrite::Written {
        version,
        value: made,
    })
}

/// Sets a game's group and seats.
async fn link_game(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    game_id: &str,
    seats: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE games SET group_id = $1 WHERE id = $2")
        .bind(group_id)
        .bind(game_id)
        .execute(&mut **tx)
        .await?;
    for (seat, player) in seats.iter().enumerate() {
        sqlx::query("INSERT INTO game_seats (game_id, seat, player_id) VALUES ($1, $2, $3)")
            .bind(game_id)
            .bind(i64::try_from(seat).map_err(|e| sqlx::Error::Encode(e.into()))?)
            .bind(player)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Adds a standalone game to the group: each of its players (`keys`: the comparison key of
/// each seat's name, in seating order) is matched to the group's player with that key, or
/// joins the group; names spelt differently from the group's are rewritten to the group's
/// spelling in the game (as [`rename_player`] does). Returns the seats' player ids.
pub async fn add_game(
    db: &Db,
    group_id: &str,
    expected: Option<i64>,
    once: Option<Once<'_>>,
    (game_id, keys): (&str, &[String]),
    rename_entry: impl Fn(&Value, &str, &str) -> Value,
) -> Result<GroupWrite<Vec<i64>>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    settle!(begin(&mut tx, group_id, expected, once).await?);
    tx.lock_row(crate::db::RowTable::Games, game_id).await?;
    let Some(game) = load_in(&mut tx, "id", game_id).await? else {
        return Ok(GroupWrite::Refused(Refusal::NoSuchGame));
    };
    if let Some(group) = &game.game.group {
        return Ok(GroupWrite::Refused(Refusal::GameInGroup {
            same: group.id == group_id,
        }));
    }
    let mut seats = Vec::new();
    let mut renames = Vec::new();
    let mut joined = Vec::new();
    for (name, key) in game.game.players.iter().zip(keys) {
        match player_by_key(&mut tx, group_id, key).await? {
            Some((id, group_name)) => {
                seats.push(id);
                renames.push((name.clone(), group_name));
            }
            None => {
                let player = KeyedName {
                    name: name.clone(),
                    key: key.clone(),
                };
                seats.push(insert_player(&mut tx, group_id, &player).await?);
                joined.push(name.clone());
            }
        }
    }
    rename_in_game(&mut tx, game_id, &renames, &rename_entry, true).await?;
    link_game(&mut tx, group_id, game_id, &seats).await?;
    let after = json!({ "game": game.game.view_token, "players": game.game.players,
                        "seats": seats, "joined": joined, "added": true });
    let version = finish(&mut tx, group_id, "add_game", (None, Some(&after)), once).await?;
    tx.commit().await?;
    Ok(GroupWrite::Written {
        version,
        value: seats,
    })
}
