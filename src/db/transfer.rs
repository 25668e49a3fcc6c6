//! Moving games between databases as JSON: [`export_games`] reads every game with its rounds
//! and history from one snapshot; [`import_games`] writes them into another database,
//! refusing the file if any game's id or read-only token is already there.
//!
//! Import runs beside a serving server: it writes [`BATCH`] games per transaction
//! and pauses between transactions, so the server's writes wait for at most one batch (well
//! within its busy timeout) instead of the whole file; a batch that finds the database busy
//! is retried with backoff. Each game is written whole. A failure after some batches says how
//! many games made it ([`ImportError::Partial`]); the same import run again with `resume`
//! skips exactly those (same id and same read-only token) and adds the rest.
//!
//! The file keeps everything a game's pages and answers are made of: the set-up, the two
//! capability tokens, the version, the timestamps exactly as stored, each round's entry and
//! points, and the history in order (history ids are not kept: the importing database numbers
//! them afresh, in the same order). Stored idempotency answers are not exported: they only
//! matter for a retry in flight, which does not survive a move. Domain-free like the rest of
//! `db`: whether a game still means something to the rules engine is checked by the caller.

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{AnyConnection, FromRow};

use super::Db;
use super::games::{Game, GameRecord, HistoryAction, Round};

mod groups;
mod rule_sets;
pub use groups::{GroupExport, GroupHistoryExport, HouseRulesExport, PlayerExport, SettleUpExport};
pub use rule_sets::RuleSetExport;

/// The `format` of an export file.
pub const FORMAT: &str = "kontrakt-games";
/// The version of the export format written; import reads this version.
pub const FORMAT_VERSION: i64 = 1;
/// Length of a capability token: [`super::games::new_token`] makes 32 lowercase hex digits
/// (128 bits), and an imported token must look the same.
pub const TOKEN_LEN: usize = 32;
/// Fewest different hex digits an imported token may have. 32 random hex digits have fewer
/// than 6 different ones about once in five billion; `000…0` or `abab…ab` have 1 or 2.
pub const MIN_TOKEN_DIGITS: usize = 6;
/// Highest game version imported. A game gains a version per change, so no real game comes
/// near it, and a version near `i64::MAX` would make every later change overflow (a 500).
/// New games start at version 0.
pub const MAX_VERSION: i64 = 1_000_000_000;

/// Games written per transaction by [`import_games`]: small enough that a transaction holds
/// the database for a fraction of a second, so a server beside it waits that long at most.
pub const BATCH: usize = 50;
/// The pause between two batches of an import, in which a server's waiting writes get the
/// database: as long as the batch before took, within these bounds, so an import holds the
/// database at most about half the time.
const PAUSE: (Duration, Duration) = (Duration::from_millis(10), Duration::from_millis(250));
/// How often a batch that found the database busy is tried again (after its busy timeout of
/// 5 s), waiting twice as long each time from [`FIRST_BACKOFF`].
const BUSY_RETRIES: u32 = 6;
/// The first wait before a busy batch is tried again.
const FIRST_BACKOFF: Duration = Duration::from_millis(100);

/// An export file: every game of a database.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Export {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`FORMAT_VERSION`] when written.
    pub version: i64,
    /// The games, oldest first.
    pub games: Vec<GameExport>,
    /// The groups, oldest first (Added 2026-11-24; left out of a file without any, so such a
    /// file is the same as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupExport>,
    /// The tables' own rule sets the games name (Added 2026-11-27; left out of a file without
    /// any, so such a file is the same as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rule_sets: Vec<RuleSetExport>,
}

/// One game with everything stored about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameExport {
    /// Edit capability token.
    pub id: String,
    /// Read-only capability token.
    pub view_token: String,
    /// Rule-set id.
    pub rules: String,
    /// Rule-set option overrides.
    pub options: Value,
    /// Player names in seating order.
    pub players: Vec<String>,
    /// Index into `players` of the first dealer.
    pub first_dealer: i64,
    /// Money settings.
    pub money: Value,
    /// The game's version (bumped by every change).
    pub version: i64,
    /// The table stopped before the last round.
    pub ended_early: bool,
    /// As stored (UTC RFC 3339).
    pub created_at: String,
    /// As stored (UTC RFC 3339).
    pub updated_at: String,
    /// The rounds, 1, 2, … with no gaps.
    pub rounds: Vec<RoundExport>,
    /// Every change, oldest first.
    pub history: Vec<HistoryExport>,
    /// The id of the game's group (Added 2026-11-24; left out for a standalone game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The name of the house rules the game was started with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_rules: Option<String>,
    /// In a group's game, the group players' ids (as in the file's `groups`) in seating order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<i64>,
    /// The changes at the table, names and money since the start, in order (Added
    /// 2026-11-24, docs/RULES.md section 8; left out where there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Value>,
}

/// One stored round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundExport {
    /// 1-based round number.
    pub round: i64,
    /// What was entered.
    pub entry: Value,
    /// The scores that count.
    pub points: Value,
    /// As stored.
    pub created_at: String,
    /// As stored.
    pub updated_at: String,
}

/// One history row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryExport {
    /// The round concerned, or `None` for the whole game.
    pub round: Option<i64>,
    /// `enter`, `correct`, `undo` or `end`.
    pub action: String,
    /// The state before.
    pub before: Option<Value>,
    /// The state after.
    pub after: Option<Value>,
    /// As stored.
    pub at: String,
}

/// Why an import wrote nothing. `db` says no sentences: each variant is a code with its
/// parameters (see [`ImportError::code`]); the command line words them in `text::transfer`.
/// `Display` gives the code and parameters, for logs.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A query failed.
    #[error("database: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// The file is not a Kontrakt export, or one of its games is inconsistent.
    #[error("{0}")]
    Invalid(Invalid),
    /// A game with this id or read-only token is already in the database.
    #[error("exists: game {0}")]
    Exists(String),
    /// A group with this id or read-only token is already in the database.
    #[error("group_exists: group {0}")]
    GroupExists(String),
    /// Some batches were written before an error: those games are in the database, each
    /// whole; the others are not.
    #[error("partial: {imported} of {total} games up to game {last}, then {cause}")]
    Partial {
        /// Games written (in the file's order, from its first).
        imported: usize,
        /// Games in the file.
        total: usize,
        /// The id of the last game written.
        last: String,
        /// What stopped the import.
        cause: Box<ImportError>,
    },
}

impl ImportError {
    /// The stable code: `database`, `exists`, `partial` or the [`Invalid`] code.
    pub fn code(&self) -> &'static str {
        match self {
            ImportError::Sqlx(_) => "database",
            ImportError::Invalid(invalid) => invalid.code(),
            ImportError::Exists(_) => "exists",
            ImportError::GroupExists(_) => "group_exists",
            ImportError::Partial { .. } => "partial",
        }
    }
}

/// Which capability token of a game is at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenField {
    /// The game's id (its edit link).
    Id,
    /// Its read-only link.
    ViewToken,
}

impl TokenField {
    /// The field's name in the file: `id` or `view_token`.
    pub fn name(self) -> &'static str {
        match self {
            TokenField::Id => "id",
            TokenField::ViewToken => "view_token",
        }
    }
}

/// What is wrong with an export file, as a code with parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// The file's `format` or `version` is not this one's ([`FORMAT`], [`FORMAT_VERSION`]).
    #[error("not_an_export: format {format:?}, version {version}")]
    NotAnExport {
        /// The file's format.
        format: String,
        /// The file's version.
        version: i64,
    },
    /// A token is not [`TOKEN_LEN`] lowercase hex digits with [`MIN_TOKEN_DIGITS`] different
    /// ones.
    #[error("guessable_token: game {game}, {}", field.name())]
    GuessableToken {
        /// The game's id as written in the file.
        game: String,
        /// Which token.
        field: TokenField,
    },
    /// The version is outside 0..=[`MAX_VERSION`].
    #[error("version_out_of_range: game {game}, version {version}")]
    VersionOutOfRange {
        /// The game's id.
        game: String,
        /// Its version.
        version: i64,
    },
    /// The id and the read-only token are the same.
    #[error("same_tokens: game {game}")]
    SameTokens {
        /// The game's id.
        game: String,
    },
    /// The rounds are not numbered 1, 2, … in order.
    #[error("rounds_out_of_order: game {game}, round {found} at place {place}")]
    RoundsOutOfOrder {
        /// The game's id.
        game: String,
        /// The round number found.
        found: i64,
        /// Its place in the list, from 1.
        place: usize,
    },
    /// A history entry has an action the app does not know.
    #[error("unknown_history_action: game {game}, {action:?}")]
    UnknownHistoryAction {
        /// The game's id.
        game: String,
        /// The action found.
        action: String,
    },
    /// A timestamp is not RFC 3339.
    #[error("bad_time: game {game}, {text:?}")]
    BadTime {
        /// The game's id.
        game: String,
        /// The text found.
        text: String,
    },
    /// Two games of the file share an id or a token.
    #[error("duplicate_game: game {game}")]
    DuplicateGame {
        /// The game's id.
        game: String,
    },
    /// A constraint of the schema refused a value of the game.
    #[error("refused_by_database: game {game}, {detail}")]
    RefusedByDatabase {
        /// The game's id.
        game: String,
        /// SQLite's own message.
        detail: String,
    },
}

impl Invalid {
    /// The stable code, e.g. `guessable_token`.
    pub fn code(&self) -> &'static str {
        match self {
            Invalid::NotAnExport { .. } => "not_an_export",
            Invalid::GuessableToken { .. } => "guessable_token",
            Invalid::VersionOutOfRange { .. } => "version_out_of_range",
            Invalid::SameTokens { .. } => "same_tokens",
            Invalid::RoundsOutOfOrder { .. } => "rounds_out_of_order",
            Invalid::UnknownHistoryAction { .. } => "unknown_history_action",
            Invalid::BadTime { .. } => "bad_time",
            Invalid::DuplicateGame { .. } => "duplicate_game",
            Invalid::RefusedByDatabase { .. } => "refused_by_database",
        }
    }
}

impl From<Invalid> for ImportError {
    fn from(invalid: Invalid) -> Self {
        ImportError::Invalid(invalid)
    }
}

/// What [`import_games_resuming`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Imported {
    /// Games written now.
    pub written: usize,
    /// Games skipped because an earlier run of the same import had written them.
    pub skipped: usize,
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
    changes: String,
    version: i64,
    ended_early: i64,
    created_at: String,
    updated_at: String,
}

#[derive(FromRow)]
struct RoundRow {
    game_id: String,
    round_no: i64,
    entry: String,
    points: String,
    created_at: String,
    updated_at: String,
}

#[derive(FromRow)]
struct HistoryRow {
    game_id: String,
    round_no: Option<i64>,
    action: String,
    before: Option<String>,
    after: Option<String>,
    at: String,
}

fn json(text: &str) -> Result<Value, sqlx::Error> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(e.into()))
}

/// Every game of the database with its rounds and history, read from one snapshot.
pub async fn export_games(db: &Db) -> Result<Export, sqlx::Error> {
    export_where(db, None).await
}

/// [`export_games`] of every game (`group` `None`) or of one group's games and that group
/// only: the statements select the group's rows, so a group's export costs its own games, not
/// the whole database's.
async fn export_where(db: &Db, group: Option<&str>) -> Result<Export, sqlx::Error> {
    let (games_of, of_games) = match group {
        Some(_) => (
            "WHERE group_id = $1",
            "WHERE game_id IN (SELECT id FROM games WHERE group_id = $1)",
        ),
        None => ("", ""),
    };
    let mut tx = db.begin_read().await?;
    let sql = format!(
        "SELECT id, view_token, rules, options, players, first_dealer, money, changes,
                version, ended_early, created_at, updated_at
         FROM games {games_of} ORDER BY created_at, id"
    );
    let rows: Vec<GameRow> = bound(sqlx::query_as(&sql), group)
        .fetch_all(&mut *tx)
        .await?;
    let mut rounds: BTreeMap<String, Vec<RoundExport>> = BTreeMap::new();
    let sql = format!(
        "SELECT game_id, round_no, entry, points, created_at, updated_at
         FROM rounds {of_games} ORDER BY game_id, round_no"
    );
    let round_rows: Vec<RoundRow> = bound(sqlx::query_as(&sql), group)
        .fetch_all(&mut *tx)
        .await?;
    for row in round_rows {
        rounds.entry(row.game_id).or_default().push(RoundExport {
            round: row.round_no,
            entry: json(&row.entry)?,
            points: json(&row.points)?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        });
    }
    let mut history: BTreeMap<String, Vec<HistoryExport>> = BTreeMap::new();
    let sql = format!(
        "SELECT game_id, round_no, action, before, after, at FROM history {of_games} ORDER BY id"
    );
    let history_rows: Vec<HistoryRow> = bound(sqlx::query_as(&sql), group)
        .fetch_all(&mut *tx)
        .await?;
    for row in history_rows {
        history.entry(row.game_id).or_default().push(HistoryExport {
            round: row.round_no,
            action: row.action,
            before: row.before.as_deref().map(json).transpose()?,
            after: row.after.as_deref().map(json).transpose()?,
            at: row.at,
        });
    }
    let (groups, mut of_games) = groups::export_groups(&mut tx, group).await?;
    let rules_named: Vec<String> = rows.iter().map(|row| row.rules.clone()).collect();
    let owners: Vec<String> = groups.iter().map(|g| g.id.clone()).collect();
    let rule_sets = rule_sets::export_rule_sets(&mut tx, &rules_named, &owners).await?;
    tx.commit().await?;

    let games = rows
        .into_iter()
        .map(|row| {
            let (group, house_rules, seats) = of_games.remove(&row.id).unwrap_or_default();
            Ok(GameExport {
                group,
                house_rules,
                seats,
                rounds: rounds.remove(&row.id).unwrap_or_default(),
                history: history.remove(&row.id).unwrap_or_default(),
                options: json(&row.options)?,
                players: serde_json::from_str(&row.players)
                    .map_err(|e| sqlx::Error::Decode(e.into()))?,
                money: json(&row.money)?,
                changes: match json(&row.changes)? {
                    Value::Array(items) => items,
                    _ => Vec::new(),
                },
                ended_early: row.ended_early != 0,
                id: row.id,
                view_token: row.view_token,
                rules: row.rules,
                first_dealer: row.first_dealer,
                version: row.version,
                created_at: row.created_at,
                updated_at: row.updated_at,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Export {
        format: FORMAT.to_owned(),
        version: FORMAT_VERSION,
        games,
        groups,
        rule_sets,
    })
}

/// One group with its games, in the format of [`export_games`] (a file [`import_games`] takes
/// back, into a database without the group); `None` when no group has this edit id. One
/// snapshot, reading only the group's rows.
pub async fn export_group(db: &Db, group_id: &str) -> Result<Option<Export>, sqlx::Error> {
    let export = export_where(db, Some(group_id)).await?;
    Ok((!export.groups.is_empty()).then_some(export))
}

/// `query` with the group's id bound as `$1`, when there is one.
fn bound<'q, O>(
    query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    group: Option<&'q str>,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
    match group {
        Some(id) => query.bind(id),
        None => query,
    }
}

/// Whether `token` looks like one [`super::games::new_token`] makes: [`TOKEN_LEN`] lowercase
/// hex digits, at least [`MIN_TOKEN_DIGITS`] of them different.
fn looks_made_here(token: &str) -> bool {
    let hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
    let mut digits = [false; 256];
    for &b in token.as_bytes() {
        digits[usize::from(b)] = true;
    }
    token.len() == TOKEN_LEN
        && token.as_bytes().iter().all(hex)
        && digits.iter().filter(|&&d| d).count() >= MIN_TOKEN_DIGITS
}

impl GameExport {
    /// The game as [`super::games::load_game`] would return it once imported, so the caller
    /// can check it with the rules engine before importing. Checks the timestamps, the
    /// round numbers and the tokens.
    pub fn to_record(&self) -> Result<GameRecord, ImportError> {
        let game = || self.id.clone();
        let time = |text: &str| {
            super::games::timestamp(text).map_err(|_| Invalid::BadTime {
                game: game(),
                text: text.to_string(),
            })
        };
        for (field, token) in [
            (TokenField::Id, &self.id),
            (TokenField::ViewToken, &self.view_token),
        ] {
            if !looks_made_here(token) {
                return Err(Invalid::GuessableToken {
                    game: game(),
                    field,
                }
                .into());
            }
        }
        if !(0..=MAX_VERSION).contains(&self.version) {
            return Err(Invalid::VersionOutOfRange {
                game: game(),
                version: self.version,
            }
            .into());
        }
        if self.id == self.view_token {
            return Err(Invalid::SameTokens { game: game() }.into());
        }
        for (i, round) in self.rounds.iter().enumerate() {
            if usize::try_from(round.round).ok() != Some(i + 1) {
                return Err(Invalid::RoundsOutOfOrder {
                    game: game(),
                    found: round.round,
                    place: i + 1,
                }
                .into());
            }
        }
        for entry in &self.history {
            HistoryAction::parse(&entry.action).map_err(|_| Invalid::UnknownHistoryAction {
                game: game(),
                action: entry.action.clone(),
            })?;
            time(&entry.at)?;
        }
        let rounds = self
            .rounds
            .iter()
            .map(|r| {
                Ok(Round {
                    round_no: r.round,
                    entry: r.entry.clone(),
                    points: r.points.clone(),
                    created_at: time(&r.created_at)?,
                    updated_at: time(&r.updated_at)?,
                })
            })
            .collect::<Result<Vec<_>, ImportError>>()?;
        Ok(GameRecord {
            game: Game {
                id: self.id.clone(),
                view_token: self.view_token.clone(),
                rules: self.rules.clone(),
                options: self.options.clone(),
                players: self.players.clone(),
                first_dealer: self.first_dealer,
                money: self.money.clone(),
                version: self.version,
                ended_early: self.ended_early,
                created_at: time(&self.created_at)?,
                updated_at: time(&self.updated_at)?,
                group: None,
                house_rules: None,
                seats: Vec::new(),
                changes: Value::Array(self.changes.clone()),
            },
            rounds,
        })
    }
}

/// Writes every game of `export`, [`BATCH`] games per `BEGIN IMMEDIATE` transaction, after
/// checking that none of them is in the database yet (else nothing is written:
/// [`ImportError::Exists`]). Returns how many games were imported.
pub async fn import_games(db: &Db, export: &Export) -> Result<usize, ImportError> {
    import_games_resuming(db, export, false)
        .await
        .map(|imported| imported.written)
}

/// [`import_games`]; with `resume`, games already in the database with the same id and the
/// same read-only token (written by an earlier run of this import that stopped) are skipped
/// instead of refusing the file. A game that shares only one of them with a game in the
/// database is still refused.
pub async fn import_games_resuming(
    db: &Db,
    export: &Export,
    resume: bool,
) -> Result<Imported, ImportError> {
    if export.format != FORMAT || export.version != FORMAT_VERSION {
        return Err(Invalid::NotAnExport {
            format: export.format.clone(),
            version: export.version,
        }
        .into());
    }
    let mut seen = HashSet::new();
    for game in &export.games {
        game.to_record()?;
        if !seen.insert(&game.id) || !seen.insert(&game.view_token) {
            return Err(Invalid::DuplicateGame {
                game: game.id.clone(),
            }
            .into());
        }
    }
    // Every game checked against the database before the first batch: a refusal writes
    // nothing.
    let mut todo = Vec::with_capacity(export.games.len());
    for game in &export.games {
        match present(db, game).await? {
            Presence::Absent => todo.push(game),
            Presence::Same if resume => {}
            Presence::Same | Presence::Other => return Err(ImportError::Exists(game.id.clone())),
        }
    }
    let mut seen = HashSet::new();
    for group in &export.groups {
        for (field, token) in [
            (TokenField::Id, &group.id),
            (TokenField::ViewToken, &group.view_token),
        ] {
            if !looks_made_here(token) || !seen.insert(token) {
                return Err(Invalid::GuessableToken {
                    game: group.id.clone(),
                    field,
                }
                .into());
            }
        }
        let mut conn = db.reader().acquire().await?;
        match groups::group_presence(&mut conn, group).await? {
            None => {}
            Some(true) if resume => {}
            Some(_) => return Err(ImportError::GroupExists(group.id.clone())),
        }
    }
    // The rule sets and the groups first, in one transaction: the games name them.
    let ids = {
        let mut tx = db.begin_write().await?;
        // Groups first: a rule set names the group that owns it.
        let ids = groups::import_groups(&mut tx, &export.groups).await?;
        let owners: Vec<&str> = export.groups.iter().map(|g| g.id.as_str()).collect();
        rule_sets::import_rule_sets(&mut tx, &export.rule_sets, &owners).await?;
        tx.commit().await?;
        ids
    };
    let skipped = export.games.len() - todo.len();
    let mut written = 0;
    for batch in todo.chunks(BATCH) {
        let started = std::time::Instant::now();
        if let Err(cause) = write_batch(db, batch, &ids).await {
            return Err(match written {
                0 => cause,
                _ => ImportError::Partial {
                    imported: skipped + written,
                    total: export.games.len(),
                    last: todo[written - 1].id.clone(),
                    cause: Box::new(cause),
                },
            });
        }
        written += batch.len();
        if written < todo.len() {
            tokio::time::sleep(started.elapsed().clamp(PAUSE.0, PAUSE.1)).await;
        }
    }
    Ok(Imported { written, skipped })
}

/// Whether a game of the file is in the database.
enum Presence {
    Absent,
    /// A game with the same id and the same read-only token.
    Same,
    /// A game that shares the id or the token (not both).
    Other,
}

async fn present(db: &Db, game: &GameExport) -> Result<Presence, sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, view_token FROM games WHERE id IN ($1, $2) OR view_token IN ($1, $2)",
    )
    .bind(&game.id)
    .bind(&game.view_token)
    .fetch_all(db.reader())
    .await?;
    Ok(match rows.as_slice() {
        [] => Presence::Absent,
        [(id, token)] if *id == game.id && *token == game.view_token => Presence::Same,
        _ => Presence::Other,
    })
}

/// Writes one batch in one transaction, trying again with backoff while the database is
/// busy (a server's write holding it past the busy timeout).
async fn write_batch(
    db: &Db,
    batch: &[&GameExport],
    ids: &groups::PlayerIds,
) -> Result<(), ImportError> {
    let mut backoff = FIRST_BACKOFF;
    let mut tries = 0;
    loop {
        let result = async {
            let mut tx = db.begin_write().await?;
            for game in batch {
                insert_game(&mut tx, game).await?;
                let place = (
                    game.group.as_deref(),
                    game.house_rules.as_deref(),
                    game.seats.as_slice(),
                );
                groups::link_game(&mut tx, &game.id, place, ids)
                    .await
                    .map_err(|e| constraint(game, e))?;
            }
            tx.commit().await?;
            Ok::<_, ImportError>(())
        }
        .await;
        match result {
            Err(ImportError::Sqlx(e)) if is_busy(&e) && tries < BUSY_RETRIES => {
                tries += 1;
                tracing::warn!(error = %e, "the database is busy; the import tries again");
                tokio::time::sleep(backoff).await;
                backoff *= 2;
            }
            other => return other,
        }
    }
}

/// SQLite's BUSY or LOCKED (any extended code), or the writer pool waiting too long.
fn is_busy(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => {
            super::primary_code(e.as_ref()).is_some_and(|code| matches!(code, 5 | 6))
        }
        sqlx::Error::PoolTimedOut => true,
        _ => false,
    }
}

async fn insert_game(conn: &mut AnyConnection, game: &GameExport) -> Result<(), ImportError> {
    let taken: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM games WHERE id IN ($1, $2) OR view_token IN ($1, $2)")
            .bind(&game.id)
            .bind(&game.view_token)
            .fetch_optional(&mut *conn)
            .await?;
    if taken.is_some() {
        return Err(ImportError::Exists(game.id.clone()));
    }
    let players =
        serde_json::to_string(&game.players).map_err(|e| sqlx::Error::Encode(e.into()))?;
    sqlx::query(
        "INSERT INTO games (id, view_token, rules, options, players, first_dealer, money,
                            changes, version, ended_early, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&game.id)
    .bind(&game.view_token)
    .bind(&game.rules)
    .bind(game.options.to_string())
    .bind(players)
    .bind(game.first_dealer)
    .bind(game.money.to_string())
    .bind(Value::Array(game.changes.clone()).to_string())
    .bind(game.version)
    .bind(i64::from(game.ended_early))
    .bind(&game.created_at)
    .bind(&game.updated_at)
    .execute(&mut *conn)
    .await
    .map_err(|e| constraint(game, e))?;
    for round in &game.rounds {
        sqlx::query(
            "INSERT INTO rounds (game_id, round_no, entry, points, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&game.id)
        .bind(round.round)
        .bind(round.entry.to_string())
        .bind(round.points.to_string())
        .bind(&round.created_at)
        .bind(&round.updated_at)
        .execute(&mut *conn)
        .await
        .map_err(|e| constraint(game, e))?;
    }
    for entry in &game.history {
        sqlx::query(
            "INSERT INTO history (game_id, round_no, action, before, after, at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&game.id)
        .bind(entry.round)
        .bind(&entry.action)
        .bind(entry.before.as_ref().map(Value::to_string))
        .bind(entry.after.as_ref().map(Value::to_string))
        .bind(&entry.at)
        .execute(&mut *conn)
        .await
        .map_err(|e| constraint(game, e))?;
    }
    Ok(())
}

/// A CHECK constraint of the schema refused a value: say which game.
fn constraint(game: &GameExport, error: sqlx::Error) -> ImportError {
    match &error {
        sqlx::Error::Database(db) if db.message().contains("constraint") => {
            Invalid::RefusedByDatabase {
                game: game.id.clone(),
                detail: db.message().to_string(),
            }
            .into()
        }
        _ => ImportError::Sqlx(error),
    }
}
