//! Starting a game: a new game (the new-game form, `POST /api/v1/games`) and a rematch of a
//! finished one (both rematch routes), each once per idempotency key when there is one, in
//! one creation's write ([`crate::db::guard::create`]) read top to bottom: a repeat of the
//! same request gets the game the first one created; a key used before for another request
//! creates nothing.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]); no words: what is wrong is a code
//! ([`Refused`]) the caller words.

use super::Error;
use super::game::{LoadedGame, new_game, rematch_setup};
use super::groups::{GroupOutcome, GroupProblem, create_group_game};
use crate::db::Db;
use crate::db::games::{GameIds, Keyed, NewGame, insert_game};
use crate::db::guard::{self, Made};
use crate::rules::game::{FieldErrors, GameSetup};

/// Why a game was not started.
#[derive(Debug)]
pub enum Refused {
    /// The key was used before for another request.
    KeyReused,
    /// The set-up is not a table for the rule set (the engine's problems, by field).
    Invalid(FieldErrors),
    /// The game's group refuses the set-up (a player retired since, …).
    Group(GroupProblem),
}

/// Creates a game, once per key when there is one: a repeat of the same request gets the game
/// the first one created, unchanged.
pub async fn create_game(
    db: &Db,
    game: &NewGame,
    keyed: Option<Keyed<'_>>,
) -> Result<Result<GameIds, Refused>, Error> {
    let mut creating = match guard::create::<GameIds, GameIds>(db, Made::Game, keyed).await? {
        Ok(creating) => creating,
        Err(outcome) => return Ok(outcome.created().ok_or(Refused::KeyReused)),
    };
    let ids = insert_game(&mut creating, game).await?;
    creating.commit(&ids).await?;
    Ok(Ok(ids))
}

/// Creates the rematch of `game`, once per key when there is one. It seats the table as the
/// game ended (`rules::game::GameSetup::rematch`, docs/RULES.md section 8); a table too small
/// for the rule set is [`Refused::Invalid`]. A game of a group is rematched in the same group
/// through [`create_group_game`] (its seats, house rules and the group's history; its late
/// joiners the group does not know yet join the group in the same write, as a standalone
/// game's players do when it is added to a group, docs/decisions.md 2026-11-24); a standalone
/// game through [`create_game`].
pub async fn create_rematch(
    db: &Db,
    game: &LoadedGame,
    keyed: Option<Keyed<'_>>,
) -> Result<Result<GameIds, Refused>, Error> {
    let stored = &game.record.game;
    super::rule_sets::resolve(db, &stored.rules).await?;
    let raw = rematch_setup(game);
    // The table as it ended may no longer be a table for the rule set (everyone but two
    // left a game that needs three): the rule set's problems, not a rematch.
    let standalone = match GameSetup::try_from(raw.clone()) {
        Ok(setup) => setup,
        Err(errors) => return Ok(Err(Refused::Invalid(errors))),
    };
    let Some(group) = &stored.group else {
        return create_game(db, &new_game(&standalone)?, keyed).await;
    };
    let starting = &game.setup.players()[..game.setup.starting_players()];
    let joiners: Vec<String> = raw
        .players
        .iter()
        .filter(|name| !starting.contains(name))
        .cloned()
        .collect();
    let house_rules = stored.house_rules.as_deref();
    let outcome = create_group_game(db, &group.id, (raw, &joiners), house_rules, keyed).await?;
    Ok(match outcome {
        GroupOutcome::Done(_, ids) => Ok(ids),
        GroupOutcome::KeyReused => Err(Refused::KeyReused),
        GroupOutcome::Problem(problem) => Err(Refused::Group(problem)),
        GroupOutcome::Invalid(errors) => Err(Refused::Invalid(errors)),
        // The group went away under the game (it cannot: groups are never deleted): a
        // standalone rematch rather than none.
        GroupOutcome::NotFound | GroupOutcome::Conflict(_) | GroupOutcome::Replayed(_) => {
            return create_game(db, &new_game(&standalone)?, keyed).await;
        }
    })
}
