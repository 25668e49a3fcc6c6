//! Storage of games, their rounds, their history and replayable answers.
//!
//! Domain-free: the rules engine decides what a round's entry means and which points count;
//! this module stores both as JSON, keeps a version per game for optimistic concurrency, and
//! records every change in `history`. Every write is one `BEGIN IMMEDIATE` transaction.
//! Idempotency keys are stored with what identifies their request ([`Keyed`], made by the
//! caller): a key replays only for the same request.

use serde_json::Value;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, FromRow};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

pub use super::guard::{Keyed, Once};
use super::guard::{Refusal, Tokens};
use super::{Db, Engine, NOW, RowTable};

mod action;
mod changes;
mod redo;
mod sql;
pub use action::HistoryAction;
pub use changes::{Rewrite, rename_in_changes, rename_in_game, rename_record, rewrite};
pub use redo::{last_change, last_change_in, round_to_redo};
pub(in crate::db) use sql::load_of_group;
use sql::select_game;
pub use sql::{last_round, remove_round, store_round};

/// What is needed to start a game. JSON fields are stored as given.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// Rule-set id (docs/RULES.md section 4).
    pub rules: String,
    /// Rule-set option overrides, a JSON object.
    pub options: Value,
    /// Player names in seating order (clockwise).
    pub players: Vec<String>,
    /// Index into `players` of the first dealer.
    pub first_dealer: i64,
    /// Money settings (cents per point or unit, currency, scheme).
    pub money: Value,
}

/// The two capability tokens of a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameIds {
    /// Edit capability: whoever has it may change the game.
    pub id: String,
    /// Read-only capability for spectators and the printout.
    pub view_token: String,
}

impl Tokens for GameIds {
    fn from_tokens(id: String, view_token: String) -> Self {
        Self { id, view_token }
    }

    fn id(&self) -> &str {
        &self.id
    }
}

/// A stored game without its rounds.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// Edit capability token (the primary key).
    pub id: String,
    /// Read-only capability token.
    pub view_token: String,
    /// Rule-set id.
    pub rules: String,
    /// Rule-set option overrides (JSON object).
    pub options: Value,
    /// Player names in seating order.
    pub players: Vec<String>,
    /// Index into `players` of the first dealer.
    pub first_dealer: i64,
    /// Money settings (JSON).
    pub money: Value,
    /// Bumped by every change to the game or its rounds.
    pub version: i64,
    /// The table stopped before the last round.
    pub ended_early: bool,
    /// When the game was created.
    pub created_at: OffsetDateTime,
    /// When the game or one of its rounds last changed.
    pub updated_at: OffsetDateTime,
    /// The group the game belongs to, if any (migration 0005).
    pub group: Option<GameGroup>,
    /// The name of the group's house rules the game was started with, if any.
    pub house_rules: Option<String>,
    /// In a group's game: the group player's id in each seat (seating order); else empty.
    pub seats: Vec<i64>,
    /// The changes at the table, names and money since the start, in order (JSON array,
    /// migration 0006; docs/RULES.md section 8).
    pub changes: Value,
}

/// The group a game belongs to, as its pages and answers name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGroup {
    /// The group's edit capability.
    pub id: String,
    /// The group's read-only capability.
    pub view_token: String,
    /// The group's name.
    pub name: String,
}

/// One stored round.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// 1-based round number.
    pub round_no: i64,
    /// What was entered at the table (JSON, as the engine received it).
    pub entry: Value,
    /// The scores that count (JSON, as the engine computed them).
    pub points: Value,
    /// When the round was first entered.
    pub created_at: OffsetDateTime,
    /// When the round was last corrected (or entered).
    pub updated_at: OffsetDateTime,
}

/// A game with its rounds in order.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game.
    pub game: Game,
    /// Its rounds, ordered by `round_no` (1, 2, … with no gaps).
    pub rounds: Vec<Round>,
}

/// One change to a game.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryEntry {
    /// Increasing with time.
    pub id: i64,
    /// The round concerned, or `None` for a change to the whole game.
    pub round_no: Option<i64>,
    /// What happened.
    pub action: HistoryAction,
    /// The state before: `{"entry": …, "points": …}` for a round, `{"ended_early": …}` for
    /// the game; `None` when there was nothing.
    pub before: Option<Value>,
    /// The state after, in the same shape; `None` when the round was removed.
    pub after: Option<Value>,
    /// When it happened.
    pub at: OffsetDateTime,
}

#[derive(FromRow)]
struct GameRow {
    id: String,
    view_token: String,
    rules: String,
    options: String,
    players: String,
    first_dealer: i64,
    money: String,
    #[sqlx(default)]
    changes: Option<String>,
    version: i64,
    ended_early: i64,
    created_at: String,
    updated_at: String,
    /// `[id, view_token, name]` of the game's group, or NULL.
    #[sqlx(default)]
    grp: Option<String>,
    #[sqlx(default)]
    house_rules: Option<String>,
    /// The seats' group player ids as a JSON array, or NULL.
    #[sqlx(default)]
    seats: Option<String>,
}

impl TryFrom<GameRow> for Game {
    type Error = sqlx::Error;

    fn try_from(row: GameRow) -> Result<Self, Self::Error> {
        Ok(Self {
            options: json(&row.options)?,
            players: serde_json::from_str(&row.players).map_err(decode_error)?,
            money: json(&row.money)?,
            changes: match row.changes.as_deref() {
                Some(text) => json(text)?,
                None => Value::Array(Vec::new()),
            },
            created_at: timestamp(&row.created_at)?,
            updated_at: timestamp(&row.updated_at)?,
            ended_early: row.ended_early != 0,
            group: row
                .grp
                .as_deref()
                .map(|grp| {
                    let (id, view_token, name): (String, String, String) =
                        serde_json::from_str(grp).map_err(decode_error)?;
                    Ok::<_, sqlx::Error>(GameGroup {
                        id,
                        view_token,
                        name,
                    })
                })
                .transpose()?,
            house_rules: row.house_rules,
            seats: match row.seats.as_deref() {
                Some(seats) => serde_json::from_str(seats).map_err(decode_error)?,
                None => Vec::new(),
            },
            id: row.id,
            view_token: row.view_token,
            rules: row.rules,
            first_dealer: row.first_dealer,
            version: row.version,
        })
    }
}

impl Round {
    /// The round as a history snapshot: see [`snapshot`].
    fn snapshot(&self) -> Value {
        snapshot(&self.entry, &self.points)
    }
}

/// A round as the history keeps it, before and after a change: `{"entry": …, "points": …}`.
fn snapshot(entry: &Value, points: &Value) -> Value {
    serde_json::json!({ "entry": entry, "points": points })
}

/// A game's row with its rounds as a JSON array of `[round_no, entry, points, created_at,
/// updated_at]`.
#[derive(FromRow)]
struct GameWithRounds {
    #[sqlx(flatten)]
    game: GameRow,
    rounds: String,
}

#[derive(FromRow)]
struct HistoryRow {
    id: i64,
    round_no: Option<i64>,
    action: String,
    before: Option<String>,
    after: Option<String>,
    at: String,
}

impl TryFrom<HistoryRow> for HistoryEntry {
    type Error = sqlx::Error;

    fn try_from(row: HistoryRow) -> Result<Self, Self::Error> {
        Ok(Self {
            id: row.id,
            round_no: row.round_no,
            action: HistoryAction::parse(&row.action)?,
            before: row.before.as_deref().map(json).transpose()?,
            after: row.after.as_deref().map(json).transpose()?,
            at: timestamp(&row.at)?,
        })
    }
}

pub(super) fn decode_error(
    error: impl Into<Box<dyn std::error::Error + Send + Sync>>,
) -> sqlx::Error {
    sqlx::Error::Decode(error.into())
}

fn json(text: &str) -> Result<Value, sqlx::Error> {
    serde_json::from_str(text).map_err(decode_error)
}

pub(super) fn timestamp(text: &str) -> Result<OffsetDateTime, sqlx::Error> {
    OffsetDateTime::parse(text, &Rfc3339).map_err(decode_error)
}

/// A fresh capability token: 128 random bits from the thread's CSPRNG, as 32 hex digits.
/// Also the idempotency key of every form.
pub fn new_token() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Stores a new game at version 0 and returns its two capability tokens.
pub async fn insert_game(
    tx: &mut PoolConnection<Any>,
    game: &NewGame,
) -> Result<GameIds, sqlx::Error> {
    let ids = GameIds {
        id: new_token(),
        view_token: new_token(),
    };
    let players =
        serde_json::to_string(&game.players).map_err(|e| sqlx::Error::Encode(e.into()))?;
    sqlx::query(
        "INSERT INTO games (id, view_token, rules, options, players, first_dealer, money)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&ids.id)
    .bind(&ids.view_token)
    .bind(&game.rules)
    .bind(game.options.to_string())
    .bind(players)
    .bind(game.first_dealer)
    .bind(game.money.to_string())
    .execute(&mut **tx)
    .await?;
    Ok(ids)
}

const GAME_COLUMNS: &str = "id, view_token, rules, options, players, first_dealer, money, \
                            changes, version, ended_early, created_at, updated_at, house_rules";

/// What changes whenever anything a loaded game shows changes: its version (every write to the
/// game or its rounds, and a rename of one of its players by its group, bumps it) and its
/// group's version (a group's name, and adding the game to a group, bump that). Read in one
/// indexed statement; on PostgreSQL a server checks a kept game against it, since other
/// servers write too (`store::cache`).
pub type Stamp = (i64, Option<i64>);

/// The [`Stamp`] of the game whose `column` (`id` or `view_token`) is `value`, or `None` if
/// there is no such game.
pub async fn stamp(
    db: &Db,
    column: &'static str,
    value: &str,
) -> Result<Option<Stamp>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT g.version, grp.version FROM games g LEFT JOIN groups grp ON grp.id = g.group_id
         WHERE g.{column} = $1"
    ))
    .bind(value)
    .fetch_optional(db.reader())
    .await
}

/// Loads a game and its rounds by its edit token, or `None` if there is no such game.
pub async fn load_game(db: &Db, id: &str) -> Result<Option<GameRecord>, sqlx::Error> {
    load_where(db, "id", id).await
}

/// Loads a game and its rounds by its read-only token, or `None` if there is no such game.
pub async fn load_by_view_token(db: &Db, token: &str) -> Result<Option<GameRecord>, sqlx::Error> {
    load_where(db, "view_token", token).await
}

async fn load_where(
    db: &Db,
    column: &'static str,
    value: &str,
) -> Result<Option<GameRecord>, sqlx::Error> {
    // One statement reads one snapshot: no transaction needed.
    let mut conn = db.reader().acquire().await?;
    load_in(&mut conn, column, value).await
}

/// Loads a game and its rounds with one statement (inside a transaction, or alone: one
/// statement always reads one snapshot). The rounds come as one JSON array in the game's row:
/// every sqlx call is a round trip to the connection's worker thread, and those hops, not
/// SQLite, were most of the cost of a read.
pub async fn load_in(
    conn: &mut AnyConnection,
    column: &'static str,
    value: &str,
) -> Result<Option<GameRecord>, sqlx::Error> {
    let sql = format!("{} WHERE {column} = $1", select_game(Engine::of(conn)));
    sqlx::query_as::<_, GameWithRounds>(&sql)
        .bind(value)
        .fetch_optional(&mut *conn)
        .await?
        .map(GameRecord::try_from)
        .transpose()
}

impl TryFrom<GameWithRounds> for GameRecord {
    type Error = sqlx::Error;

    fn try_from(row: GameWithRounds) -> Result<Self, sqlx::Error> {
        let game = Game::try_from(row.game)?;
        let rounds: Vec<(i64, Value, Value, String, String)> =
            serde_json::from_str(&row.rounds).map_err(decode_error)?;
        let rounds = rounds
            .into_iter()
            .map(|(round_no, entry, points, created_at, updated_at)| {
                Ok(Round {
                    round_no,
                    entry,
                    points,
                    created_at: timestamp(&created_at)?,
                    updated_at: timestamp(&updated_at)?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(GameRecord { game, rounds })
    }
}

/// The game's history, oldest first.
pub async fn history(db: &Db, game_id: &str) -> Result<Vec<HistoryEntry>, sqlx::Error> {
    sqlx::query_as::<_, HistoryRow>(
        "SELECT id, round_no, action, before, after, at
         FROM history WHERE game_id = $1 ORDER BY id",
    )
    .bind(game_id)
    .fetch_all(db.reader())
    .await?
    .into_iter()
    .map(HistoryEntry::try_from)
    .collect()
}

/// Writes round `round_no` of `current` (the game as it is in this guarded write): a
/// correction of an entered round (recorded as a `correct` with before and after) or the
/// next new one (an `enter`); bumps the game's version and returns the game as written. A
/// round that is neither is refused ([`Refusal::NotNextRound`]).
pub async fn write_round(
    tx: &mut PoolConnection<Any>,
    current: &GameRecord,
    round_no: i64,
    (entry, points): (&Value, &Value),
) -> Result<Result<GameRecord, Refusal>, sqlx::Error> {
    let entered = i64::try_from(current.rounds.len()).map_err(|e| sqlx::Error::Encode(e.into()))?;
    if !(1..=entered + 1).contains(&round_no) {
        return Ok(Err(Refusal::NotNextRound {
            next_round: entered + 1,
        }));
    }
    let before = current
        .rounds
        .iter()
        .find(|round| round.round_no == round_no)
        .map(Round::snapshot);
    let action = if before.is_some() {
        HistoryAction::Correct
    } else {
        HistoryAction::Enter
    };
    let id = &current.game.id;
    store_round(tx, id, round_no, (entry, points), action, before.as_ref())
        .await
        .map(Ok)
}

/// Marks the game as ended early (or resumes it), recording an `end` in the history; the
/// caller bumps the version. Setting the value it already has changes nothing: `false`.
pub async fn set_ended_early(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    ended_early: bool,
) -> Result<bool, sqlx::Error> {
    let current: i64 = sqlx::query_scalar("SELECT ended_early FROM games WHERE id = $1")
        .bind(game_id)
        .fetch_one(&mut **tx)
        .await?;
    if (current != 0) == ended_early {
        return Ok(false);
    }
    sqlx::query("UPDATE games SET ended_early = $1 WHERE id = $2")
        .bind(i64::from(ended_early))
        .bind(game_id)
        .execute(&mut **tx)
        .await?;
    record(
        tx,
        game_id,
        None,
        HistoryAction::End,
        Some(&serde_json::json!({ "ended_early": !ended_early })),
        Some(&serde_json::json!({ "ended_early": ended_early })),
    )
    .await?;
    Ok(true)
}

/// The answer stored under idempotency key `key` (as stored, with its origin) for this game,
/// whatever request it answered: a form that comes back with a used key learns what that key
/// saved, so a phone recognises its own earlier save.
pub async fn answer_for_key(
    db: &Db,
    game_id: &str,
    key: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT response FROM idempotency WHERE game_id = $1 AND key = $2")
        .bind(game_id)
        .bind(key)
        .fetch_optional(db.reader())
        .await
}

/// Records a change to the game in its history.
pub async fn record(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
    round_no: Option<i64>,
    action: HistoryAction,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO history (game_id, round_no, action, before, after) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(game_id)
    .bind(round_no)
    .bind(action.as_str())
    .bind(before.map(Value::to_string))
    .bind(after.map(Value::to_string))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub(super) async fn bump_version(
    tx: &mut PoolConnection<Any>,
    game_id: &str,
) -> Result<i64, sqlx::Error> {
    super::guard::bump(tx, RowTable::Games, game_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_32_hex_digits_and_differ() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
