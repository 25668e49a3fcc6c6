//! The one guarded write: how every change to a game or a group opens and closes.
//!
//! [`open`] begins the write transaction, locks the game's or group's row (on PostgreSQL;
//! SQLite's `BEGIN IMMEDIATE` already holds the database), then reads in one statement the
//! row's version and what its idempotency key holds: a key used before for the same request
//! answers with the stored answer ([`Outcome::Replayed`]), one used for another request is
//! refused ([`Outcome::KeyReused`]), a version other than the one the client expects is a
//! [`Outcome::Conflict`], and no row is [`Outcome::NotFound`]; nothing is written in any of
//! these. Otherwise the caller holds a [`Guarded`] write: the transaction in hand, with the
//! version it found. The caller (`store`) reads, decides and writes through this module's
//! siblings with it, then [`Guarded::bump`]s the version and [`Guarded::commit`]s, which
//! stores the answer under the key in the same transaction. Dropping a `Guarded` write rolls
//! it back.
//!
//! Every write answers with one [`Outcome`]; what the database itself finds wrong with a
//! write is a [`Refusal`] code (the caller says it in words). Part of `db`: SQL only, no
//! rules and no words.

use std::ops::{Deref, DerefMut};

use sqlx::pool::PoolConnection;
use sqlx::{Any, FromRow};

use super::{Db, NOW, RowTable, Write, lock_row};

/// A change to a game or a group that a repeat must not make twice (a double tap, a retry after a dropped
/// connection): the client's idempotency key and the answer to give now and to every repeat.
/// Keys are stored per game or group as given: the web layer should bound their length.
#[derive(Clone, Copy, Debug)]
pub struct Once<'a> {
    /// The client's idempotency key.
    pub key: &'a str,
    /// What identifies the request the key is for (a hash of its route and body): a repeat
    /// with the key replays only for the same request.
    pub request: &'a str,
    /// The answer stored under the key, returned by a repeat.
    pub response: &'a str,
}

impl<'a> Once<'a> {
    /// The key with its request, without the answer.
    pub fn keyed(self) -> Keyed<'a> {
        Keyed {
            key: self.key,
            request: self.request,
        }
    }
}

/// An idempotency key with the request it is sent with (a hash of its route and body, made
/// by the caller): a key replays the first answer only for the same request, and a
/// different request with a used key is refused (`KeyReused`) rather than ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keyed<'a> {
    /// The client's idempotency key.
    pub key: &'a str,
    /// What identifies the request.
    pub request: &'a str,
}

/// What a write did, whichever write it was: a game's or a group's, a creation or a change.
/// `T` is what a write made; `A` what a repeat of the same request is answered with (the
/// answer stored under its key, or for a creation the thing it created).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T, A = String> {
    /// Written and committed: what the write made.
    Done(T),
    /// The idempotency key was used before for this request: its answer. Nothing changed.
    Replayed(A),
    /// The idempotency key was used before for another request. Nothing changed.
    KeyReused,
    /// The row is no longer at the expected version. Nothing changed.
    Conflict {
        /// The version now.
        current_version: i64,
    },
    /// The write does not fit what is stored. Nothing changed.
    Refused(Refusal),
    /// No game or group has this id.
    NotFound,
}

impl<T, A> Outcome<T, A> {
    /// The same outcome with what the write made turned by `f`.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U, A> {
        match self {
            Self::Done(value) => Outcome::Done(f(value)),
            Self::Replayed(answer) => Outcome::Replayed(answer),
            Self::KeyReused => Outcome::KeyReused,
            Self::Conflict { current_version } => Outcome::Conflict { current_version },
            Self::Refused(refusal) => Outcome::Refused(refusal),
            Self::NotFound => Outcome::NotFound,
        }
    }
}

impl<I> Outcome<I, I> {
    /// What a creation made, or for a repeat of the same request made before; `None` for a
    /// key used before for another request (the one outcome of a creation besides these).
    pub fn created(self) -> Option<I> {
        match self {
            Self::Done(made) | Self::Replayed(made) => Some(made),
            _ => None,
        }
    }
}

/// Why the database refused a write (the caller words it).
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
    /// No stored rule set has this id (the earlier version a new one replaces).
    NoSuchRuleSet,
    /// The game already belongs to a group (this one, if `same`).
    GameInGroup {
        /// The group is this one.
        same: bool,
    },
    /// The game has no round to undo.
    NothingToUndo,
    /// The game's latest change is not an undo (or the round it took back is no longer the
    /// next one).
    NothingToRedo,
    /// A round that is neither entered nor the next one.
    NotNextRound {
        /// The number the next new round must have.
        next_round: i64,
    },
}

/// The row's table (`games`, `groups`), its keys' table (`idempotency`, `group_idempotency`)
/// and the keys' column naming the row.
fn tables(table: RowTable) -> (&'static str, &'static str, &'static str) {
    match table {
        RowTable::Games => ("games", "idempotency", "game_id"),
        RowTable::Groups => ("groups", "group_idempotency", "group_id"),
    }
}

/// The write to open: which row, the version the client expects, its key, and another row to
/// lock first.
#[derive(Clone, Copy, Debug)]
pub struct Target<'a> {
    subject: RowTable,
    id: &'a str,
    expected: Option<i64>,
    key: Option<Keyed<'a>>,
    first: Option<(RowTable, &'a str)>,
}

impl<'a> Target<'a> {
    /// A write to the game `id` (its edit token).
    pub fn game(id: &'a str) -> Self {
        Self::of(RowTable::Games, id)
    }

    /// A write to the group `id` (its edit id).
    pub fn group(id: &'a str) -> Self {
        Self::of(RowTable::Groups, id)
    }

    fn of(subject: RowTable, id: &'a str) -> Self {
        Self {
            subject,
            id,
            expected: None,
            key: None,
            first: None,
        }
    }

    /// The id of the game or group to write.
    pub fn id(&self) -> &'a str {
        self.id
    }

    /// Refused as a conflict unless the row is at `expected` (if given).
    pub fn expecting(mut self, expected: Option<i64>) -> Self {
        self.expected = expected;
        self
    }

    /// At most once per idempotency key (if given).
    pub fn keyed(mut self, key: Option<Keyed<'a>>) -> Self {
        self.key = key;
        self
    }

    /// Locks the row `id` of `table` before the target's own row: a write to a game that also
    /// changes its group locks the group first, the order in which a group's writes lock the
    /// games they change, so two such writes on PostgreSQL wait for each other instead of
    /// deadlocking.
    pub fn locking_first(mut self, table: RowTable, id: &'a str) -> Self {
        self.first = Some((table, id));
        self
    }
}

/// A write whose row is locked, key checked and version known: the transaction in hand.
#[derive(Debug)]
pub struct Guarded {
    write: Write,
    subject: RowTable,
    id: String,
    version: i64,
    /// The idempotency key and the request it came with.
    key: Option<(String, String)>,
}

/// The row's version and what its key holds, read in one statement.
#[derive(FromRow)]
struct Opening {
    version: i64,
    response: Option<String>,
    request_hash: Option<String>,
}

/// Opens a guarded write (see the module's header). `Err` is the outcome to answer without
/// writing; nothing is left open then.
pub async fn open<T>(
    db: &Db,
    target: Target<'_>,
) -> Result<Result<Guarded, Outcome<T>>, sqlx::Error> {
    let mut write = db.begin_write().await?;
    if let Some((table, id)) = target.first {
        lock_row(&mut write, table, id).await?;
    }
    lock_row(&mut write, target.subject, target.id).await?;
    let (rows, keys, owner) = tables(target.subject);
    // The version and the key in one statement: each statement is a trip to the connection.
    let opening: Option<Opening> = sqlx::query_as(&format!(
        "SELECT r.version, k.response, k.request_hash FROM {rows} r
         LEFT JOIN {keys} k ON k.{owner} = r.id AND k.key = $2 WHERE r.id = $1"
    ))
    .bind(target.id)
    .bind(target.key.map_or("", |k| k.key))
    .fetch_optional(&mut **write)
    .await?;
    let Some(opening) = opening else {
        return Ok(Err(Outcome::NotFound));
    };
    if let (Some(keyed), Some(response)) = (target.key, opening.response) {
        // A key stored before requests were recorded replays for any request.
        return Ok(Err(match opening.request_hash {
            Some(request) if request != keyed.request => Outcome::KeyReused,
            _ => Outcome::Replayed(response),
        }));
    }
    if target.expected.is_some_and(|v| v != opening.version) {
        return Ok(Err(Outcome::Conflict {
            current_version: opening.version,
        }));
    }
    Ok(Ok(Guarded {
        write,
        subject: target.subject,
        id: target.id.to_string(),
        version: opening.version,
        key: target
            .key
            .map(|k| (k.key.to_string(), k.request.to_string())),
    }))
}

/// Locks the row `id` of `subject` in a write that is under way (a creation that also changes
/// a group) and reads its version; `None` if there is no such row.
pub async fn lock(
    conn: &mut PoolConnection<Any>,
    subject: RowTable,
    id: &str,
) -> Result<Option<i64>, sqlx::Error> {
    lock_row(conn, subject, id).await?;
    let (rows, ..) = tables(subject);
    sqlx::query_scalar(&format!("SELECT version FROM {rows} WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut **conn)
        .await
}

/// Bumps the version (and `updated_at`) of the row `id` of `subject`; returns the new version.
pub async fn bump(
    conn: &mut PoolConnection<Any>,
    subject: RowTable,
    id: &str,
) -> Result<i64, sqlx::Error> {
    let (rows, ..) = tables(subject);
    sqlx::query_scalar(&format!(
        "UPDATE {rows} SET version = version + 1, updated_at = {NOW} WHERE id = $1
         RETURNING version"
    ))
    .bind(id)
    .fetch_one(&mut **conn)
    .await
}

impl Guarded {
    /// The id of the game or group the write changes.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The row's version when the write opened (or after [`Guarded::bump`]).
    pub fn version(&self) -> i64 {
        self.version
    }

    /// Bumps the row's version (and its `updated_at`); returns the new version. A write that
    /// bumps it in a statement of its own tells the guard with [`Guarded::bumped`].
    pub async fn bump(&mut self) -> Result<i64, sqlx::Error> {
        self.version = bump(&mut self.write, self.subject, &self.id).await?;
        Ok(self.version)
    }

    /// Tells the guard the version a statement of the write moved the row to.
    pub fn bumped(&mut self, version: i64) {
        self.version = version;
    }

    /// Stores `answer` under the write's key (if it has one) and commits; returns the
    /// database generation the commit moved to ([`Db::generation`]), under which a cache
    /// may keep what the write built.
    pub async fn commit(mut self, answer: &str) -> Result<u64, sqlx::Error> {
        if let Some((key, request)) = &self.key {
            let (_, keys, owner) = tables(self.subject);
            sqlx::query(&format!(
                "INSERT INTO {keys} ({owner}, key, response, request_hash) VALUES ($1, $2, $3, $4)"
            ))
            .bind(&self.id)
            .bind(key)
            .bind(answer)
            .bind(request)
            .execute(&mut **self.write)
            .await?;
        }
        self.write.commit().await
    }
}

impl Deref for Guarded {
    type Target = PoolConnection<Any>;

    fn deref(&self) -> &Self::Target {
        &self.write
    }
}

impl DerefMut for Guarded {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.write
    }
}

/// What a creation makes: a game or a group, each with its two capability tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    /// A game (its keys in `game_creations`).
    Game,
    /// A group (its keys in `group_creations`).
    Group,
    /// A table's own rule set (its keys in `rule_set_creations`).
    RuleSet,
}

impl Made {
    /// The made rows' table and the creations' table with its column naming the row.
    fn tables(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Self::Game => ("games", "game_creations", "game_id"),
            Self::Group => ("groups", "group_creations", "group_id"),
            Self::RuleSet => ("rule_sets", "rule_set_creations", "rule_set_id"),
        }
    }
}

/// The two capability tokens of something made: a game's or a group's.
pub trait Tokens: Sized {
    /// The tokens from the edit id and the read-only token.
    fn from_tokens(id: String, view_token: String) -> Self;
    /// The edit id.
    fn id(&self) -> &str;
}

/// A creation whose key is checked: the transaction in hand (there is no row to lock yet).
#[derive(Debug)]
pub struct Creating {
    write: Write,
    made: Made,
    /// The idempotency key and the request it came with.
    key: Option<(String, String)>,
}

/// Opens the write of a creation: with a key, the key is locked (on PostgreSQL a racing
/// duplicate waits here, then finds the first one's creation) and looked up: the same request
/// before answers with what it made ([`Outcome::Replayed`]), another request with
/// [`Outcome::KeyReused`] (the other creation is not revealed; keys stored before requests
/// were recorded count as another request). `Err` is the outcome to answer without writing.
pub async fn create<T, I: Tokens>(
    db: &Db,
    made: Made,
    key: Option<Keyed<'_>>,
) -> Result<Result<Creating, Outcome<T, I>>, sqlx::Error> {
    let mut write = db.begin_write().await?;
    if let Some(keyed) = key {
        write.lock_key(keyed.key).await?;
        let (rows, creations, owner) = made.tables();
        let existing = sqlx::query_as::<_, (String, String, Option<String>)>(&format!(
            "SELECT r.id, r.view_token, c.request_hash FROM {creations} c
             JOIN {rows} r ON r.id = c.{owner} WHERE c.key = $1"
        ))
        .bind(keyed.key)
        .fetch_optional(&mut **write)
        .await?;
        if let Some((id, view_token, request)) = existing {
            return Ok(Err(if request.as_deref() == Some(keyed.request) {
                Outcome::Replayed(I::from_tokens(id, view_token))
            } else {
                Outcome::KeyReused
            }));
        }
    }
    Ok(Ok(Creating {
        write,
        made,
        key: key.map(|k| (k.key.to_string(), k.request.to_string())),
    }))
}

impl Creating {
    /// Remembers that the key made `made` (if the creation has a key) and commits; returns
    /// the database generation the commit moved to.
    pub async fn commit(mut self, made: &impl Tokens) -> Result<u64, sqlx::Error> {
        if let Some((key, request)) = &self.key {
            let (_, creations, owner) = self.made.tables();
            sqlx::query(&format!(
                "INSERT INTO {creations} (key, {owner}, request_hash) VALUES ($1, $2, $3)"
            ))
            .bind(key)
            .bind(made.id())
            .bind(request)
            .execute(&mut **self.write)
            .await?;
        }
        self.write.commit().await
    }
}

impl Deref for Creating {
    type Target = PoolConnection<Any>;

    fn deref(&self) -> &Self::Target {
        &self.write
    }
}

impl DerefMut for Creating {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.write
    }
}
