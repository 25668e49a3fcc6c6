//! Every game's creation, once per idempotency key when there is one: the one path of the
//! new-game form, `POST /api/v1/games` and both rematch routes ([`create_game`]), and of
//! both rematches, which seat the table as the game ended and stay in the game's group
//! ([`create_rematch`]).
//!
//! A shared web piece: games and groups through `store` and `db::games`' creation, a group
//! problem's sentence from [`crate::web::groups`]; nothing from `pages` or `api`, which both
//! use it, and no SQL of its own.

use crate::web::AppError;
use crate::web::Result;

/// Creates a game, once per key when there is one: a repeat of the same request gets the game
/// the first one created; a key used before for another request is refused (422). The one
/// path of every game creation (new-game form, `POST /api/v1/games`, both rematch routes).
pub async fn create_game(
    db: &crate::db::Db,
    game: &crate::db::games::NewGame,
    keyed: Option<crate::db::games::Keyed<'_>>,
) -> Result<crate::db::games::GameIds> {
    use crate::db::games::{self, Creation};
    match keyed {
        Some(keyed) => match games::create_game_once(db, game, keyed).await? {
            Creation::Created(ids) | Creation::Replayed(ids) => Ok(ids),
            Creation::KeyReused => Err(AppError::Said(
                axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                crate::text::Msg::ErrKeyReused,
            )),
        },
        None => Ok(games::create_game(db, game).await?),
    }
}

/// Creates the rematch of `game`, once per key when there is one, the one path of both
/// rematch routes. It seats the table as the game ended (`rules::game::GameSetup::rematch`,
/// docs/RULES.md section 8); a table too small for the rule set is a 422 with the rule set's
/// sentence. A game of a group is rematched in the same group, through
/// `store::groups::create_group_game` (its seats, house rules and the group's history); a
/// standalone game through [`create_game`]. A group game whose player has since retired is
/// refused with the group's sentence (422), in `lang`.
pub async fn create_rematch(
    db: &crate::db::Db,
    game: &crate::store::LoadedGame,
    keyed: Option<crate::db::games::Keyed<'_>>,
    lang: crate::text::Lang,
) -> Result<crate::db::games::GameIds> {
    use crate::db::games::Creation;
    use crate::store::groups::{GroupOutcome, create_group_game};
    let stored = &game.record.game;
    let raw = crate::store::rematch_setup(game);
    // The table as it ended may no longer be a table for the rule set (everyone but two
    // left a game that needs three): the rule set's sentence, not a rematch.
    let standalone = crate::rules::game::GameSetup::try_from(raw.clone()).map_err(|errors| {
        AppError::Unprocessable(
            errors
                .iter()
                .map(|e| e.error.message(lang))
                .collect::<Vec<_>>()
                .join(" "),
        )
    })?;
    let Some(group) = &stored.group else {
        return create_game(db, &crate::store::new_game(&standalone)?, keyed).await;
    };
    // A late joiner the group does not know yet joins the group first, as a standalone
    // game's players do when it is added to a group (docs/decisions.md 2026-11-24); the
    // set-up's players are the group's already.
    let starting = &game.setup.players()[..game.setup.starting_players()];
    for name in raw.players.iter().filter(|name| !starting.contains(name)) {
        crate::store::groups::join_group(db, &group.id, name).await?;
    }
    let outcome =
        create_group_game(db, &group.id, raw, stored.house_rules.as_deref(), keyed).await?;
    match outcome {
        GroupOutcome::Done(_, Creation::Created(ids) | Creation::Replayed(ids)) => Ok(ids),
        GroupOutcome::Done(_, Creation::KeyReused) | GroupOutcome::KeyReused => {
            Err(AppError::Said(
                axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                crate::text::Msg::ErrKeyReused,
            ))
        }
        GroupOutcome::Problem(problem) => Err(AppError::Unprocessable(
            crate::web::groups::problem_sentence(&problem, lang),
        )),
        GroupOutcome::Invalid(errors) => Err(AppError::Unprocessable(
            errors
                .iter()
                .map(|e| e.error.message(lang))
                .collect::<Vec<_>>()
                .join(" "),
        )),
        // The group went away under the game (it cannot: groups are never deleted): a
        // standalone rematch rather than none.
        GroupOutcome::NotFound | GroupOutcome::Conflict(_) | GroupOutcome::Replayed(_) => {
            create_game(db, &crate::store::new_game(&standalone)?, keyed).await
        }
    }
}
