//! Every game's creation as the web answers it: the new-game form and `POST /api/v1/games`
//! ([`create_game`]), and both rematch routes ([`create_rematch`]), each through the store's
//! one creation write (`store::create`), once per idempotency key when there is one. What the
//! store refuses becomes the answer: a key used before for another request, a table the rule
//! set or the game's group refuses (422, with the sentence in the reader's language).
//!
//! A shared web piece: games through `store`, a group problem's sentence from
//! [`crate::web::groups`]; nothing from `pages` or `api`, which both use it, and no SQL.

use crate::db::Db;
use crate::db::games::{GameIds, Keyed, NewGame};
use crate::store::LoadedGame;
use crate::store::create::{self, Refused};
use crate::text::Lang;
use crate::web::AppError;
use crate::web::Result;

/// Creates a game, once per key when there is one: a repeat of the same request gets the game
/// the first one created; a key used before for another request is refused (422).
pub async fn create_game(db: &Db, game: &NewGame, keyed: Option<Keyed<'_>>) -> Result<GameIds> {
    let made = create::create_game(db, game, keyed).await?;
    made.map_err(|refused| refusal(refused, Lang::En))
}

/// Creates the rematch of `game`, once per key when there is one: the table as the game ended,
/// in the game's group if it has one (`store::create::create_rematch`). A table too small for
/// the rule set, or a group game whose player has since retired, is a 422 with the sentence
/// in `lang`.
pub async fn create_rematch(
    db: &Db,
    game: &LoadedGame,
    keyed: Option<Keyed<'_>>,
    lang: Lang,
) -> Result<GameIds> {
    let made = create::create_rematch(db, game, keyed).await?;
    made.map_err(|refused| refusal(refused, lang))
}

/// The answer to a game the store did not start.
fn refusal(refused: Refused, lang: Lang) -> AppError {
    match refused {
        Refused::KeyReused => AppError::Said(
            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            crate::text::Msg::ErrKeyReused,
        ),
        Refused::Invalid(errors) => AppError::Unprocessable(
            errors
                .iter()
                .map(|e| e.error.message(lang))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Refused::Group(problem) => {
            AppError::Unprocessable(crate::web::groups::problem_sentence(&problem, lang))
        }
    }
}
