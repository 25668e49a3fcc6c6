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
use crate::db::games::{Creation, Keyed, Once};
use crate::db::groups::{self, GroupCreation, GroupRecord, GroupWrite, HouseRules, KeyedName};
use crate::rules::game::{FieldErrors, GameSetup, RawSetup};
use crate::rules::names::{NameProblem, check_name, group_key};
use crate::rules::ruleset::RuleSet;

/// Longest group or house-rules name, in characters.
pub const MAX_GROUP_NAME_CHARS: usize = 60;

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

impl<T> From<GroupWrite<T>> for GroupOutcome<T> {
    fn from(write: GroupWrite<T>) -> Self {
        use crate::db::groups::Refusal;
        match write {
            GroupWrite::Written { version, value } => Self::Done(version, value),
            GroupWrite::Replayed(answer) => Self::Replayed(answer),
            GroupWrite::KeyReused => Self::KeyReused,
            GroupWrite::Conflict { current_version } => Self::Conflict(current_version),
            GroupWrite::NotFound => Self::NotFound,
            GroupWrite::Refused(refusal) => Self::Problem(match refusal {
                Refusal::NameTaken(name) => GroupProblem::NameTaken(name),
                Refusal::RulesNameTaken(name) => GroupProblem::RulesNameTaken(name),
                Refusal::NoSuchPlayer => GroupProblem::NoSuchPlayer,
                Refusal::NoSuchHouseRules => GroupProblem::UnknownHouseRules(String::new()),
                Refusal::NoSuchGame => GroupProblem::NoSuchGame,
                Refusal::GameInGroup { same } => GroupProblem::GameInGroup { same },
            }),
        }
    }
}

/// A player's name checked (trimmed, composed, plain) with its group key.
pub fn player_name(name: &str) -> Result<KeyedName, GroupProblem> {
    let name = check_name(name).map_err(|p| GroupProblem::PlayerName(name.to_string(), p))?;
    Ok(KeyedName {
        key: group_key(&name),
        name,
    })
}

/// A group's or house rules' name checked like a player's, up to
/// [`MAX_GROUP_NAME_CHARS`] characters, with its key.
pub fn group_name(name: &str) -> Result<KeyedName, GroupProblem> {
    // The player check with room for a longer name: checked in two halves would accept
    // nothing it refuses but the length.
    let trimmed = name.trim();
    if trimmed.chars().count() > MAX_GROUP_NAME_CHARS {
        return Err(GroupProblem::GroupName(NameProblem::TooLong));
    }
    let name = match check_name(trimmed) {
        Ok(name) => name,
        Err(NameProblem::TooLong) => trimmed.to_string(),
        Err(problem) => return Err(GroupProblem::GroupName(problem)),
    };
    Ok(KeyedName {
        key: group_key(&name),
        name,
    })
}

/// Creates a group with its first players, once per key and request.
pub async fn create_group(
    db: &Db,
    name: &str,
    players: &[String],
    keyed: Option<Keyed<'_>>,
) -> Result<Result<GroupCreation, GroupProblem>, Error> {
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
    Ok(Ok(groups::create_group_once(db, &group, keyed).await?))
}

/// A group by its edit id, with every game understood.
pub async fn load_group(db: &Db, id: &str) -> Result<Option<LoadedGroup>, Error> {
    groups::load_group(db, id).await?.map(loaded).transpose()
}

/// A group by its read-only token.
pub async fn load_group_view(db: &Db, token: &str) -> Result<Option<LoadedGroup>, Error> {
    groups::load_group_by_view_token(db, token)
        .await?
        .map(loaded)
        .transpose()
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

/// Makes `name`, a player who joined a game of the group late, a player of the group, so the
/// group's numbers can count them (`numbers::seat_ids`). A name the group already knows,
/// retired or not, is left as it is: [`add_player`] refuses it without writing.
pub async fn join_group(db: &Db, group_id: &str, name: &str) -> Result<(), Error> {
    add_player(db, group_id, None, None, name).await?;
    Ok(())
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
    Ok(groups::add_player(db, group_id, version, once, &player)
        .await?
        .into())
}

/// Renames a player everywhere, old games included (their names are rewritten in the same
/// transaction: docs/decisions.md 2026-11-24).
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
    Ok(groups::rename_player(
        db,
        group_id,
        version,
        once,
        (player_id, &player),
        entry::rename,
    )
    .await?
    .into())
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
    Ok(
        groups::set_retired(db, group_id, version, once, player_id, retired)
            .await?
            .into(),
    )
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
    Ok(
        groups::save_house_rules(db, group_id, version, once, &name, (rules.id(), &options))
            .await?
            .into(),
    )
}

/// Deletes house rules by id.
pub async fn delete_house_rules(
    db: &Db,
    group_id: &str,
    version: Option<i64>,
    once: Option<Once<'_>>,
    id: i64,
) -> Result<GroupOutcome<()>, Error> {
    Ok(groups::delete_house_rules(db, group_id, version, once, id)
        .await?
        .into())
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
    Ok(
        groups::settle_up(db, group_id, Some(version), once, &stored)
            .await?
            .into(),
    )
}

/// Creates a game in the group: the set-up's players are names of the group's players (any
/// spelling people read the same), seated in the order given; the game stores the group's
/// spelling. `house_rules`: the name of the group's house rules it starts with (already
/// applied to `raw` by the caller, see [`house_rules_named`]).
pub async fn create_group_game(
    db: &Db,
    group_id: &str,
    mut raw: RawSetup,
    house_rules: Option<&str>,
    keyed: Option<Keyed<'_>>,
) -> Result<GroupOutcome<Creation>, Error> {
    let Some(group) = groups::load_group(db, group_id).await? else {
        return Ok(GroupOutcome::NotFound);
    };
    let mut seats = Vec::new();
    for name in &mut raw.players {
        let key = group_key(name);
        let Some(player) = group.players.iter().find(|p| p.key == key) else {
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
    Ok(
        groups::create_group_game(db, group_id, &game, (&seats, house_rules), keyed)
            .await?
            .into(),
    )
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
    Ok(
        groups::add_game(db, group_id, version, once, (game_id, &keys), entry::rename)
            .await?
            .into(),
    )
}

/// The set-up of the group's last game, for a new game's defaults (rule set, options, money,
/// players and first dealer one seat on).
pub fn last_setup(group: &LoadedGroup) -> Option<RawSetup> {
    group.games.last().map(|game| game.setup.to_raw())
}
