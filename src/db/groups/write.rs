//! The pieces of the writes to a group, each run inside a guarded write ([`crate::db::guard`])
//! that `store` opens: each piece checks, changes and says what changed ([`Changed`]: the
//! history's action with before and after), or gives the [`Refusal`]; [`finish`] records the
//! change in `group_history`, bumps the group's version, stores the key's answer and commits.
//! A child of [`super`]; SQL only, no rules and no words (a refusal is a code; the caller says
//! it).
//!
//! Renaming a player rewrites the name in every game of the group it sits in (seats, round
//! entries, points and the games' history), so the new name shows everywhere, old games
//! included (docs/decisions.md, 2026-11-24); the games are rewritten after the group's write,
//! in small batches ([`super::renames`], docs/decisions.md 2026-11-27). How a name appears
//! inside a round's entry is the caller's to know: it passes `rename_entry`.

use serde_json::{Value, json};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection};

use super::super::games::{GameIds, NewGame, decode_error, insert_game, load_in, rename_in_game};
use super::super::guard::{Guarded, Refusal};
use super::{KeyedName, insert_player, players_in, record};

/// What a piece of a group write changed, for the group's history, and what it made.
#[derive(Clone, Debug, PartialEq)]
pub struct Changed<T> {
    /// What the write made (a new player's id, …).
    pub value: T,
    /// The history's action.
    pub action: &'static str,
    /// The history's `before`.
    pub before: Option<Value>,
    /// The history's `after`.
    pub after: Option<Value>,
}

impl<T> Changed<T> {
    fn new(value: T, action: &'static str, before: Option<Value>, after: Option<Value>) -> Self {
        Self {
            value,
            action,
            before,
            after,
        }
    }
}

/// A piece's result: what changed, or why the database refused it.
pub type Piece<T> = Result<Result<Changed<T>, Refusal>, sqlx::Error>;

/// Closes a group's guarded write: records `changed` in the group's history, bumps the
/// group's version, stores `answer` under the write's key and commits. Returns the group's
/// new version and what the write made.
pub async fn finish<T>(
    mut write: Guarded,
    changed: Changed<T>,
    answer: &str,
) -> Result<(i64, T), sqlx::Error> {
    let group_id = write.id().to_string();
    let version = record_change(&mut write, &group_id, &changed).await?;
    write.bumped(version);
    write.commit(answer).await?;
    Ok((version, changed.value))
}

/// Records `changed` in the group's history and bumps the group's version; returns it. What
/// [`finish`] does before it commits, for a write that is not the group's own guarded write
/// (a creation that adds a game to the group).
pub async fn record_change<T>(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    changed: &Changed<T>,
) -> Result<i64, sqlx::Error> {
    record(
        tx,
        group_id,
        changed.action,
        changed.before.as_ref(),
        changed.after.as_ref(),
    )
    .await?;
    crate::db::guard::bump(tx, crate::db::RowTable::Groups, group_id).await
}

/// The player of the group whose key is `key`, as `(id, name)`.
pub async fn player_by_key(
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

/// Adds a player to the group; makes the new player's id. A name read the same as a
/// player's already in the group (retired or not) is refused.
pub async fn add_player(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    player: &KeyedName,
) -> Piece<i64> {
    if let Some((_, name)) = player_by_key(tx, group_id, &player.key).await? {
        return Ok(Err(Refusal::NameTaken(name)));
    }
    let id = insert_player(tx, group_id, player).await?;
    let after = json!({ "player": id, "name": player.name });
    Ok(Ok(Changed::new(id, "add_player", None, Some(after))))
}

/// Renames a player of the group and queues the rename of the games the player sits in
/// ([`super::renames`]: the caller carries it out in small batches after this write
/// commits). A name read the same as another player's is refused; the same player's new
/// spelling is fine.
pub async fn rename_player(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    (player_id, player): (i64, &KeyedName),
) -> Piece<()> {
    let old: Option<String> =
        sqlx::query_scalar("SELECT name FROM group_players WHERE id = $1 AND group_id = $2")
            .bind(player_id)
            .bind(group_id)
            .fetch_optional(&mut **tx)
            .await?;
    let Some(old) = old else {
        return Ok(Err(Refusal::NoSuchPlayer));
    };
    if let Some((other, name)) = player_by_key(tx, group_id, &player.key).await?
        && other != player_id
    {
        return Ok(Err(Refusal::NameTaken(name)));
    }
    sqlx::query("UPDATE group_players SET name = $1, name_key = $2 WHERE id = $3")
        .bind(&player.name)
        .bind(&player.key)
        .bind(player_id)
        .execute(&mut **tx)
        .await?;
    super::renames::queue(tx, group_id, player_id, (&old, &player.name)).await?;
    let before = json!({ "player": player_id, "name": old });
    let after = json!({ "player": player_id, "name": player.name });
    Ok(Ok(Changed::new((), "rename", Some(before), Some(after))))
}

/// Retires a player (hidden from new games, kept in every game and the history) or brings
/// one back. Setting what is already set changes nothing but the version.
pub async fn set_retired(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    player_id: i64,
    retired: bool,
) -> Piece<()> {
    let now: Option<(String, i64)> =
        sqlx::query_as("SELECT name, retired FROM group_players WHERE id = $1 AND group_id = $2")
            .bind(player_id)
            .bind(group_id)
            .fetch_optional(&mut **tx)
            .await?;
    let Some((name, was)) = now else {
        return Ok(Err(Refusal::NoSuchPlayer));
    };
    sqlx::query("UPDATE group_players SET retired = $1 WHERE id = $2")
        .bind(i64::from(retired))
        .bind(player_id)
        .execute(&mut **tx)
        .await?;
    let before = json!({ "player": player_id, "name": name, "retired": was != 0 });
    let after = json!({ "player": player_id, "name": name, "retired": retired });
    Ok(Ok(Changed::new((), "retire", Some(before), Some(after))))
}

/// Saves house rules under a name (replacing the group's house rules of a name read the
/// same); makes their id.
pub async fn save_house_rules(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    name: &KeyedName,
    (rules, options): (&str, &Value),
) -> Piece<i64> {
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
    Ok(Ok(Changed::new(id, "save_rules", before, Some(after))))
}

/// Deletes the group's house rules `id`. Games started with them keep their name.
pub async fn delete_house_rules(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    id: i64,
) -> Piece<()> {
    let old: Option<(String, String, String)> = sqlx::query_as(
        "DELETE FROM group_rulesets WHERE id = $1 AND group_id = $2 RETURNING name, rules, options",
    )
    .bind(id)
    .bind(group_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((name, rules, options)) = old else {
        return Ok(Err(Refusal::NoSuchHouseRules));
    };
    let before = json!({
        "name": name,
        "rules": rules,
        "options": serde_json::from_str::<Value>(&options).map_err(decode_error)?,
    });
    Ok(Ok(Changed::new((), "delete_rules", Some(before), None)))
}

/// Records a settle-up of `balances` (the caller's JSON) made at the group's version
/// `version` (the settle-up keeps the version the write moves the group to); the ledger
/// starts again after it. Makes the settle-up's id.
pub async fn settle_up(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    version: i64,
    balances: &Value,
) -> Piece<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO settle_ups (group_id, version, balances) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(group_id)
    .bind(version + 1)
    .bind(balances.to_string())
    .fetch_one(&mut **tx)
    .await?;
    let after = json!({ "settle_up": id, "balances": balances });
    Ok(Ok(Changed::new(id, "settle_up", None, Some(after))))
}

/// Takes back the group's latest settle-up while nothing newer happened: it is the one that
/// brought the group to `version`, its version now. Its games are open again. Refused with
/// [`Refusal::NothingToUndo`] when there is no such settle-up (another change came after it).
pub async fn undo_settle_up(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    version: i64,
) -> Piece<i64> {
    let id: Option<i64> = sqlx::query_scalar(
        "DELETE FROM settle_ups WHERE group_id = $1 AND version = $2 \
         AND id = (SELECT MAX(id) FROM settle_ups WHERE group_id = $1) RETURNING id",
    )
    .bind(group_id)
    .bind(version)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(match id {
        Some(id) => {
            let before = json!({ "settle_up": id });
            Ok(Changed::new(id, "undo_settle_up", Some(before), None))
        }
        None => Err(Refusal::NothingToUndo),
    })
}

/// Creates a game in the group, in a creation's write ([`crate::db::guard::create`]) that has
/// locked the group ([`crate::db::guard::lock`]): `seats` are the group players' ids in
/// seating order (the game's `players` their names, as the caller made them), `house_rules`
/// the name of the house rules it starts with. Makes the new game's tokens.
pub async fn create_group_game(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    game: &NewGame,
    (seats, house_rules): (&[i64], Option<&str>),
) -> Piece<GameIds> {
    let players = players_in(tx, group_id).await?;
    if seats.iter().any(|id| !players.iter().any(|p| p.id == *id)) {
        return Ok(Err(Refusal::NoSuchPlayer));
    }
    let ids = insert_game(tx, game).await?;
    link_game(tx, group_id, &ids.id, seats).await?;
    sqlx::query("UPDATE games SET house_rules = $1 WHERE id = $2")
        .bind(house_rules)
        .bind(&ids.id)
        .execute(&mut **tx)
        .await?;
    // The read-only token names the game in the group's history: the history is the group's,
    // and a read-only link to the group must never lead to a game's edit link.
    let after = json!({ "game": ids.view_token, "players": game.players, "seats": seats,
                        "house_rules": house_rules });
    Ok(Ok(Changed::new(ids, "add_game", None, Some(after))))
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

/// Imports the games of a paper sheet into the group, in its guarded write: each game with
/// its seats, rounds (and their history rows) and its day; players the group does not know
/// join it. The group's history records each new player (`add_player`) and each game but the
/// last (`add_game`, by its read-only token) as the other writes do; the last game's
/// `add_game` is the change [`finish`] records. Makes the new games' ids; an empty list
/// changes nothing (`None`).
pub async fn import_games(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    games: &[ImportedGame],
) -> Result<Option<Changed<Vec<GameIds>>>, sqlx::Error> {
    let mut afters = Vec::with_capacity(games.len());
    let mut made = Vec::with_capacity(games.len());
    for imported in games {
        let mut seats = Vec::with_capacity(imported.seats.len());
        for name in &imported.seats {
            let id = match player_by_key(tx, group_id, &name.key).await? {
                Some((id, _)) => id,
                None => {
                    let id = insert_player(tx, group_id, name).await?;
                    let after = json!({ "player": id, "name": name.name, "import": true });
                    record(tx, group_id, "add_player", None, Some(&after)).await?;
                    id
                }
            };
            seats.push(id);
        }
        let ids = insert_game(tx, &imported.game).await?;
        link_game(tx, group_id, &ids.id, &seats).await?;
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
        return Ok(None);
    };
    for after in &afters {
        record(tx, group_id, "add_game", None, Some(after)).await?;
    }
    Ok(Some(Changed::new(made, "add_game", None, Some(last))))
}

/// How many games were imported into the group since `since` (a timestamp as the schema
/// writes them), and when the oldest of them was (each import records an `add_game` whose
/// `after` carries `"imported"`).
pub async fn imported_since(
    conn: &mut AnyConnection,
    group_id: &str,
    since: &str,
) -> Result<(i64, Option<String>), sqlx::Error> {
    let (count, oldest): (i64, Option<String>) = sqlx::query_as(
        "SELECT COUNT(*), MIN(at) FROM group_history
         WHERE group_id = $1 AND action = 'add_game' AND at >= $2
           AND after LIKE '%\"imported\":%'",
    )
    .bind(group_id)
    .bind(since)
    .fetch_one(conn)
    .await?;
    Ok((count, oldest))
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
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    (game_id, keys): (&str, &[String]),
    rename_entry: impl Fn(&Value, &str, &str) -> Value,
) -> Piece<Vec<i64>> {
    crate::db::lock_row(tx, crate::db::RowTable::Games, game_id).await?;
    let Some(game) = load_in(tx, "id", game_id).await? else {
        return Ok(Err(Refusal::NoSuchGame));
    };
    if let Some(group) = &game.game.group {
        return Ok(Err(Refusal::GameInGroup {
            same: group.id == group_id,
        }));
    }
    let mut seats = Vec::new();
    let mut renames = Vec::new();
    let mut joined = Vec::new();
    for (name, key) in game.game.players.iter().zip(keys) {
        match player_by_key(tx, group_id, key).await? {
            Some((id, group_name)) => {
                seats.push(id);
                renames.push((name.clone(), group_name));
            }
            None => {
                let player = KeyedName {
                    name: name.clone(),
                    key: key.clone(),
                };
                seats.push(insert_player(tx, group_id, &player).await?);
                joined.push(name.clone());
            }
        }
    }
    rename_in_game(tx, game_id, &renames, &rename_entry, true).await?;
    link_game(tx, group_id, game_id, &seats).await?;
    let after = json!({ "game": game.game.view_token, "players": game.game.players,
                        "seats": seats, "joined": joined, "added": true });
    Ok(Ok(Changed::new(seats, "add_game", None, Some(after))))
}

/// Makes `player`, who joined the group's game `game` (its read-only token; `None` for a
/// rematch, which seats them) late, a player of the group, inside the game's guarded write
/// (which locked the group first, [`crate::db::guard::Target::locking_first`]), so the game's
/// change and the group's new player are saved together or not at all. A name the group
/// knows, retired or not, is left as it is (`false`); a new player is recorded (`add_player`,
/// with the game that brought them: `late_join`) and bumps the group's version (`true`).
pub async fn join_late(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    player: &KeyedName,
    game: Option<&str>,
) -> Result<bool, sqlx::Error> {
    if player_by_key(tx, group_id, &player.key).await?.is_some() {
        return Ok(false);
    }
    let id = insert_player(tx, group_id, player).await?;
    let mut after = json!({ "player": id, "name": player.name });
    if let Some(game) = game {
        after["late_join"] = Value::from(game);
    }
    record(tx, group_id, "add_player", None, Some(&after)).await?;
    crate::db::guard::bump(tx, crate::db::RowTable::Groups, group_id).await?;
    Ok(true)
}

/// Takes back what [`join_late`] did for the group's game `game` (its read-only token, edit
/// id `game_id`) when the join itself is undone: the group player of key `key` is removed if
/// that join made them (the group's history says so) and nothing else of the group has come
/// to know them since: a seat in a game, a rename, a retirement, a settle-up naming them, or a
/// late join at another of the group's tables (`is_them` tells whether a joiner's name is this
/// player's: the caller knows how names are read). Recorded as `remove_player`, the group's
/// version bumped; `false` when the player stays. The cheap checks come first; the other
/// tables' joins are read last, and only from games that have any.
pub async fn leave_late(
    tx: &mut PoolConnection<Any>,
    group_id: &str,
    key: &str,
    (game, game_id): (&str, &str),
    is_them: impl Fn(&str) -> bool,
) -> Result<bool, sqlx::Error> {
    let Some((id, name)) = player_by_key(tx, group_id, key).await? else {
        return Ok(false);
    };
    let history: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT action, before, after FROM group_history WHERE group_id = $1
         AND action IN ('add_player', 'rename', 'retire', 'remove_player') ORDER BY id",
    )
    .bind(group_id)
    .fetch_all(&mut **tx)
    .await?;
    let parse = |text: &Option<String>| {
        text.as_deref()
            .and_then(|t| serde_json::from_str::<Value>(t).ok())
    };
    let mut made_by_this_join = false;
    for (action, before, after) in &history {
        let (before, after) = (parse(before), parse(after));
        let names_player =
            |v: &Option<Value>| v.as_ref().and_then(|v| v.get("player")?.as_i64()) == Some(id);
        if !(names_player(&before) || names_player(&after)) {
            continue;
        }
        let late_join = after.as_ref().and_then(|v| v.get("late_join")?.as_str());
        match (action.as_str(), late_join) {
            ("add_player", Some(token)) if token == game => made_by_this_join = true,
            // An earlier player of this id, removed: SQLite gives a removed last id out again.
            ("remove_player", _) => made_by_this_join = false,
            // Renamed, retired, added another way: the group knows them on its own account.
            _ => return Ok(false),
        }
    }
    if !made_by_this_join {
        return Ok(false);
    }
    let seated: Option<i64> =
        sqlx::query_scalar("SELECT player_id FROM game_seats WHERE player_id = $1 LIMIT 1")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
    let settled: Option<String> = sqlx::query_scalar(
        "SELECT balances FROM settle_ups WHERE group_id = $1 AND balances LIKE $2 LIMIT 1",
    )
    .bind(group_id)
    .bind(format!("%\"{id}\"%"))
    .fetch_optional(&mut **tx)
    .await?;
    if seated.is_some() || settled.is_some() {
        return Ok(false);
    }
    // Another table's starting players have seats; its late joiners are in its changes.
    let changes: Vec<String> = sqlx::query_scalar(
        "SELECT changes FROM games WHERE group_id = $1 AND id <> $2 AND changes LIKE '%\"join\"%'",
    )
    .bind(group_id)
    .bind(game_id)
    .fetch_all(&mut **tx)
    .await?;
    for list in changes {
        let items: Vec<Value> = serde_json::from_str(&list).map_err(decode_error)?;
        let joined_there = items.iter().any(|item| {
            item.get("change").and_then(Value::as_str) == Some("join")
                && item
                    .get("player")
                    .and_then(Value::as_str)
                    .is_some_and(&is_them)
        });
        if joined_there {
            return Ok(false);
        }
    }
    sqlx::query("DELETE FROM group_players WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    let before = json!({ "player": id, "name": name, "late_join": game });
    record(tx, group_id, "remove_player", Some(&before), None).await?;
    crate::db::guard::bump(tx, crate::db::RowTable::Groups, group_id).await?;
    Ok(true)
}
