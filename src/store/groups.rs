//! Groups as the application sees them: a group with its games understood by the
//! rules engine, and the writes that check names (the way people read them), players and
//! rule sets before `db::groups` stores them.
//!
//! The ledger's balances a settle-up records come from [`super::numbers::group_ledger`]
//! (`rules::ledger` over the games no settle-up has settled, one account per currency).
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]); no SQL (that is `db::groups`), no
//! words (problems are [`GroupProblem`] codes, worded by `text::groups`).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Value, json};

use super::Error;
use super::entry;
use super::game::{new_game, understand};
pub use super::loaded_group::LoadedGroup;
use crate::db::Db;
use crate::db::RowTable;
use crate::db::games::{GameIds, Keyed, Once};
use crate::db::groups::{self, GroupIds, GroupRecord, HouseRules, KeyedName, Piece};
use crate::db::guard::{self, Guarded, Made, Outcome, Refusal, Target};
use crate::rules::game::{FieldErrors, GameSetup, RawSetup};
use crate::rules::names::{NameProblem, check_name, group_key};
use crate::rules::ruleset::RuleSet;

/// What is wrong with a write to a group, beyond the engine's own checks of a game's set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupProblem {
    /// The group's (or house rules') name.
    GroupName(NameProblem),
    /// A player's name (as given).
    PlayerName(String, NameProblem),
    /// Two names given read the same.
    NameTwice(String),
    /// The name reads the same as the group's player of this name.
    NameTaken(String),
    /// The name reads the same as the group's house rules of this name.
    RulesNameTaken(String),
    /// No player of the group has this name.
    UnknownPlayer(String),
    /// This player is retired (bring them back first).
    RetiredPlayer(String),
    /// No player of the group has this id.
    NoSuchPlayer,
    /// The group has no house rules of this name (or id).
    UnknownHouseRules(String),
    /// No game has this id.
    NoSuchGame,
    /// The game already belongs to a group (this one, if `same`).
    GameInGroup {
        /// The group is this one.
        same: bool,
    },
    /// The group has taken `max` imported games in the last 24 hours
    /// ([`super::import::MAX_IMPORTED_PER_DAY`]); the next import fits in `seconds`.
    TooManyImports {
        /// The most a group takes in 24 hours.
        max: i64,
        /// Seconds until the oldest of them is 24 hours old.
        seconds: u64,
    },
    /// The settle-up to take back is no longer the group's latest change.
    NothingToUndo,
}

/// What a write to a group did.
#[derive(Debug)]
pub enum GroupOutcome<T> {
    /// Done; the group's version now, and what the write made.
    Done(i64, T),
    /// A repeat of an earlier request with the same key: the answer stored then.
    Replayed(String),
    /// The key was used before for another request.
    KeyReused,
    /// The group changed since the version the client gave.
    Conflict(i64),
    /// Refused: what is wrong.
    Problem(GroupProblem),
    /// The game's set-up is wrong (the engine's problems, by field).
    Invalid(FieldErrors),
    /// No group has this id.
    NotFound,
}

impl<T> From<Outcome<T>> for GroupOutcome<T> {
    fn from(outcome: Outcome<T>) -> Self {
        match outcome {
            Outcome::Done(value) => Self::Done(0, value),
            Outcome::Replayed(answer) => Self::Replayed(answer),
            Outcome::KeyReused => Self::KeyReused,
            Outcome::Conflict { current_version } => Self::Conflict(current_version),
            Outcome::NotFound => Self::NotFound,
            Outcome::Refused(refusal) => Self::Problem(problem_of(refusal)),
        }
    }
}

/// What the database's refusal of a group write means for the group.
fn problem_of(refusal: Refusal) -> GroupProblem {
    match refusal {
        Refusal::NameTaken(name) => GroupProblem::NameTaken(name),
        Refusal::RulesNameTaken(name) => GroupProblem::RulesNameTaken(name),
        Refusal::NoSuchHouseRules => GroupProblem::UnknownHouseRules(String::new()),
        Refusal::NoSuchGame => GroupProblem::NoSuchGame,
        Refusal::GameInGroup { same } => GroupProblem::GameInGroup { same },
        Refusal::NothingToUndo => GroupProblem::NothingToUndo,
        // A game's refusals never come from a group's write.
        Refusal::NoSuchPlayer
        | Refusal::NothingToRedo
        | Refusal::NoSuchRuleSet
        | Refusal::NotNextRound { .. } => GroupProblem::NoSuchPlayer,
    }
}

/// A write to a group, top to bottom: the guarded write opens (the group's row locked, the
/// key and the version checked: [`guard::open`]), `body` changes the group with the
/// transaction in hand (one of `db::groups`' pieces, which says what changed or why the
/// database refuses it), and [`groups::finish`] records the change in the group's history,
/// bumps its version, stores `once`'s answer under its key and commits.
async fn write_group<T>(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    body: impl AsyncFnOnce(&mut Guarded) -> Piece<T>,
) -> Result<GroupOutcome<T>, Error> {
    let target = Target::group(group_id)
        .expecting(version)
        .keyed(once.map(Once::keyed));
    let mut write = match guard::open(db, target).await? {
        Ok(write) => write,
        Err(outcome) => return Ok(outcome.into()),
    };
    let changed = match body(&mut write).await? {
        Ok(changed) => changed,
        Err(refusal) => return Ok(GroupOutcome::Problem(problem_of(refusal))),
    };
    let answer = once.map_or("", |once| once.response);
    let (version, value) = groups::finish(write, changed, answer).await?;
    Ok(GroupOutcome::Done(version, value))
}

/// A player's name checked (trimmed, composed, plain) with its group key.
pub fn player_name(name: &str) -> Result<KeyedName, GroupProblem> {
    let name = check_name(name).map_err(|p| GroupProblem::PlayerName(name.to_string(), p))?;
    Ok(KeyedName {
        key: group_key(&name),
        name,
    })
}

/// A group's or house rules' name checked as a player's is (one limit for every name,
/// `rules::names::MAX_NAME_CHARS` characters), with its key.
pub fn group_name(name: &str) -> Result<KeyedName, GroupProblem> {
    let name = check_name(name).map_err(GroupProblem::GroupName)?;
    Ok(KeyedName {
        key: group_key(&name),
        name,
    })
}

/// The names of a group in an export file checked as the API checks them when a group is made
/// or a player joins (`kontrakt import` must not store what the app would refuse): the
/// group's and each house rules' name, each player's name (composed, no control or invisible
/// formatting character, not too long), and no two players, nor two house rules, that read
/// the same (compared by the key the app computes, not the one the file carries).
pub fn check_imported_names(group: &crate::db::transfer::GroupExport) -> Result<(), GroupProblem> {
    group_name(&group.name)?;
    let mut seen = std::collections::HashSet::new();
    for player in &group.players {
        let checked = player_name(&player.name)?;
        if !seen.insert(checked.key) {
            return Err(GroupProblem::NameTwice(player.name.clone()));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for rules in &group.house_rules {
        let checked = group_name(&rules.name)?;
        if !seen.insert(checked.key) {
            return Err(GroupProblem::RulesNameTaken(rules.name.clone()));
        }
    }
    Ok(())
}

/// Creates a group with its first players, once per key and request: a repeat of the same
/// request answers with the group the first one created ([`Outcome::created`]).
pub async fn create_group(
    db: &Db,
    name: &str,
    players: &[String],
    keyed: Option<Keyed<'_>>,
) -> Result<Result<Outcome<GroupIds, GroupIds>, GroupProblem>, Error> {
    let name = match group_name(name) {
        Ok(name) => name,
        Err(problem) => return Ok(Err(problem)),
    };
    let mut checked: Vec<KeyedName> = Vec::new();
    for player in players {
        let player = match player_name(player) {
            Ok(player) => player,
            Err(problem) => return Ok(Err(problem)),
        };
        if checked.iter().any(|p| p.key == player.key) {
            return Ok(Err(GroupProblem::NameTwice(player.name)));
        }
        checked.push(player);
    }
    let group = groups::NewGroup {
        name: name.name,
        players: checked,
    };
    let mut creating = match guard::create(db, Made::Group, keyed).await? {
        Ok(creating) => creating,
        Err(outcome) => return Ok(Ok(outcome)),
    };
    let ids = groups::insert_group(&mut creating, &group).await?;
    creating.commit(&ids).await?;
    Ok(Ok(Outcome::Done(ids)))
}

/// A group by its edit id, with every game understood.
pub async fn load_group(db: &Db, id: &str) -> Result<Option<LoadedGroup>, Error> {
    let Some(record) = groups::load_group(db, id).await? else {
        return Ok(None);
    };
    resolve_games(db, &record).await?;
    loaded(record).map(Some)
}

/// A group by its read-only token.
pub async fn load_group_view(db: &Db, token: &str) -> Result<Option<LoadedGroup>, Error> {
    let Some(record) = groups::load_group_by_view_token(db, token).await? else {
        return Ok(None);
    };
    resolve_games(db, &record).await?;
    loaded(record).map(Some)
}

/// Makes the rule sets of a group's games answer here ([`super::rule_sets::resolve`]).
async fn resolve_games(db: &Db, record: &GroupRecord) -> Result<(), Error> {
    let ids: Vec<String> = record.games.iter().map(|g| g.game.rules.clone()).collect();
    super::rule_sets::resolve_all(db, &ids).await
}

fn loaded(record: GroupRecord) -> Result<LoadedGroup, Error> {
    let games = record
        .games
        .into_iter()
        .map(|record| understand(record).map(Arc::new))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(LoadedGroup {
        group: record.group,
        players: record.players,
        house_rules: record.house_rules,
        settle_ups: record.settle_ups,
        games,
    })
}

/// Adds a player (refused when the name reads the same as a player's of the group).
pub async fn add_player(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    name: &str,
) -> Result<GroupOutcome<i64>, Error> {
    let player = match player_name(name) {
        Ok(player) => player,
        Err(problem) => return Ok(GroupOutcome::Problem(problem)),
    };
    write_group(db, group_id, version, once, async |write| {
        groups::add_player(write, group_id, &player).await
    })
    .await
}

/// Renames a player everywhere, old games included (docs/decisions.md 2026-11-24): the
/// player's row at once, the games in small batches after it ([`super::renames`],
/// docs/decisions.md 2026-11-27), waited for up to [`super::renames::WAIT`].
pub async fn rename_player(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    player_id: i64,
    name: &str,
) -> Result<GroupOutcome<()>, Error> {
    let player = match player_name(name) {
        Ok(player) => player,
        Err(problem) => return Ok(GroupOutcome::Problem(problem)),
    };
    let outcome = write_group(db, group_id, version, once, async |write| {
        groups::rename_player(write, group_id, (player_id, &player)).await
    })
    .await?;
    if matches!(outcome, GroupOutcome::Done(..)) {
        super::renames::start_and_wait(db).await;
    }
    Ok(outcome)
}

/// Retires a player (or brings one back).
pub async fn set_retired(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    player_id: i64,
    retired: bool,
) -> Result<GroupOutcome<()>, Error> {
    write_group(db, group_id, version, once, async |write| {
        groups::set_retired(write, group_id, player_id, retired).await
    })
    .await
}

/// Saves house rules: a name and a rule set with its options (every option, as a game
/// stores them), replacing the group's house rules of a name read the same.
pub async fn save_house_rules(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    name: &str,
    rules: &RuleSet,
) -> Result<GroupOutcome<i64>, Error> {
    let name = match group_name(name) {
        Ok(name) => name,
        Err(problem) => return Ok(GroupOutcome::Problem(problem)),
    };
    let options = serde_json::to_value(&rules.options)?;
    write_group(db, group_id, version, once, async |write| {
        groups::save_house_rules(write, group_id, &name, (rules.id(), &options)).await
    })
    .await
}

/// Deletes house rules by id.
pub async fn delete_house_rules(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    id: i64,
) -> Result<GroupOutcome<()>, Error> {
    write_group(db, group_id, version, once, async |write| {
        groups::delete_house_rules(write, group_id, id).await
    })
    .await
}

/// Records a settle-up of the open ledger as it is now ([`super::numbers::group_ledger`]),
/// if the group is still at `version` (read through `cache`). The stored JSON: `{"balances": {player id: cents}}`
/// in the group's currency (`"currency"`), `"others": [{"currency", "balances"}]` for games
/// played in other currencies, `"names": {player id: name}` and `"games": [read-only tokens
/// of the games it settles]`.
pub async fn settle_up(
    db: &Db,
    cache: &super::group_cache::GroupCache,
    group_id: &str,
    version: i64,
    once: Option<Once<'_>>,
) -> Result<GroupOutcome<i64>, Error> {
    // Through the cache: only the games changed since the group was last read are scored.
    let Some(group) = cache.load(db, group_id).await? else {
        return Ok(GroupOutcome::NotFound);
    };
    let open = super::numbers::group_ledger(&group).map_err(|e| Error::Invalid(e.to_string()))?;
    let by_id = |balances: &BTreeMap<i64, i64>| -> BTreeMap<String, i64> {
        balances
            .iter()
            .map(|(id, c)| (id.to_string(), *c))
            .collect()
    };
    let names: BTreeMap<String, &str> = open
        .accounts
        .iter()
        .flat_map(|a| a.ledger.balance_cents.keys())
        .filter_map(|id| group.player(*id).map(|p| (id.to_string(), p.name.as_str())))
        .collect();
    let (balances, currency) = match open.accounts.first() {
        Some(first) => (
            by_id(&first.ledger.balance_cents),
            Some(first.currency.clone()),
        ),
        None => (BTreeMap::new(), super::numbers::group_currency(&group)),
    };
    let others: Vec<Value> = open
        .accounts
        .iter()
        .skip(1)
        .map(|a| json!({"currency": a.currency, "balances": by_id(&a.ledger.balance_cents)}))
        .collect();
    let stored = json!({
        "balances": balances,
        "currency": currency,
        "others": others,
        "names": names,
        "games": open.games(),
    });
    // The write checks the key first (a retry replays), then the version: a group read at
    // another version than the client's, or changed since it was read, is a conflict. (A
    // game of the group finishing in between does not move the group's version: its money
    // then waits for the next settle-up, as it is not among the games recorded here.)
    write_group(db, group_id, Some(version), once, async |write| {
        let at = write.version();
        groups::settle_up(write, group_id, at, &stored).await
    })
    .await
}

/// Takes back the group's latest settle-up, if it is still the group's latest change (the
/// group at `version` is at the version that settle-up brought it to): the games it settled
/// are open again. Anything newer: [`GroupProblem::NothingToUndo`].
pub async fn undo_settle_up(
    db: &Db,
    group_id: &str,
    version: i64,
    once: Option<Once<'_>>,
) -> Result<GroupOutcome<i64>, Error> {
    write_group(db, group_id, Some(version), once, async |write| {
        groups::undo_settle_up(write, group_id, version).await
    })
    .await
}

/// Creates a game in the group, once per key and request, in one write read top to bottom:
/// the key is checked (a repeat of the same request answers with the game it created), the
/// group is locked, `joiners` (names the group does not know yet, such as a rematch's late
/// joiners) join it, then the set-up's players are matched to the group's players (any
/// spelling people read the same), seated in the order given, and the game stores the group's
/// spelling. `house_rules`: the name of the group's house rules it starts with (already
/// applied to `raw` by the caller, see [`house_rules_named`]).
pub async fn create_group_game(
    db: &Db,
    group_id: &str,
    (mut raw, joiners): (RawSetup, &[String]),
    house_rules: Option<&str>,
    keyed: Option<Keyed<'_>>,
) -> Result<GroupOutcome<GameIds>, Error> {
    let mut creating = match guard::create::<GameIds, GameIds>(db, Made::Game, keyed).await? {
        Ok(creating) => creating,
        Err(Outcome::Replayed(ids)) => return Ok(GroupOutcome::Done(0, ids)),
        Err(_) => return Ok(GroupOutcome::KeyReused),
    };
    let Some(_) = guard::lock(&mut creating, RowTable::Groups, group_id).await? else {
        return Ok(GroupOutcome::NotFound);
    };
    for name in joiners {
        if let Ok(player) = player_name(name) {
            groups::join_late(&mut creating, group_id, &player, None).await?;
        }
    }
    let players = groups::players_in(&mut creating, group_id).await?;
    let mut seats = Vec::new();
    for name in &mut raw.players {
        let key = group_key(name);
        let Some(player) = players.iter().find(|p| p.key == key) else {
            return Ok(GroupOutcome::Problem(GroupProblem::UnknownPlayer(
                name.trim().to_string(),
            )));
        };
        if player.retired {
            return Ok(GroupOutcome::Problem(GroupProblem::RetiredPlayer(
                player.name.clone(),
            )));
        }
        if seats.contains(&player.id) {
            return Ok(GroupOutcome::Problem(GroupProblem::NameTwice(
                player.name.clone(),
            )));
        }
        seats.push(player.id);
        // The first dealer is named like the players: in the group's spelling too.
        if raw
            .first_dealer
            .as_deref()
            .is_some_and(|dealer| group_key(dealer) == key)
        {
            raw.first_dealer = Some(player.name.clone());
        }
        name.clone_from(&player.name);
    }
    let setup = match GameSetup::try_from(raw) {
        Ok(setup) => setup,
        Err(errors) => return Ok(GroupOutcome::Invalid(errors)),
    };
    let game = new_game(&setup)?;
    let piece = groups::create_group_game(&mut creating, group_id, &game, (&seats, house_rules));
    let changed = match piece.await? {
        Ok(changed) => changed,
        Err(refusal) => return Ok(GroupOutcome::Problem(problem_of(refusal))),
    };
    let version = groups::record_change(&mut creating, group_id, &changed).await?;
    creating.commit(&changed.value).await?;
    Ok(GroupOutcome::Done(version, changed.value))
}

/// The group's house rules of a name read the same as `name`.
pub fn house_rules_named<'a>(group: &'a [HouseRules], name: &str) -> Option<&'a HouseRules> {
    let key = group_key(name);
    group.iter().find(|h| group_key(&h.name) == key)
}

/// Adds the standalone game `game_id` (its edit id) to the group: its players are matched
/// to the group's by the way people read their names; those the group does not know join it.
pub async fn add_game(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    game_id: &str,
) -> Result<GroupOutcome<Vec<i64>>, Error> {
    // No such game: the write still runs, so an unknown group is told first.
    let keys: Vec<String> = match crate::db::games::load_game(db, game_id).await? {
        Some(game) => game.game.players.iter().map(|n| group_key(n)).collect(),
        None => Vec::new(),
    };
    write_group(db, group_id, version, once, async |write| {
        groups::add_game(write, group_id, (game_id, &keys), entry::rename).await
    })
    .await
}

/// The set-up of the group's last game, for a new game's defaults (rule set, options, money,
/// players and first dealer one seat on).
pub fn last_setup(group: &LoadedGroup) -> Option<RawSetup> {
    group.games.last().map(|game| game.setup.to_raw())
}
