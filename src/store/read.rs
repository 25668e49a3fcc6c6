//! Reading a game: through the [`GameCache`] when nothing was written since it was read,
//! else from the database, decoded and kept.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]), nor on `store`'s writes.

use std::sync::Arc;

use super::Error;
use super::cache::{GameCache, Key};
use super::game::{LoadedGame, understand};
use crate::db::games::{self, GameRecord};
use crate::db::{Db, Engine};

/// A game by its edit id (from the [`GameCache`] when nothing was written since it was read).
pub async fn load(db: &Db, cache: &GameCache, id: &str) -> Result<Option<Arc<LoadedGame>>, Error> {
    cached(db, cache, Key::Edit(id), games::load_game(db, id)).await
}

/// A game by its read-only token (from the [`GameCache`] when it can).
pub async fn load_view(
    db: &Db,
    cache: &GameCache,
    token: &str,
) -> Result<Option<Arc<LoadedGame>>, Error> {
    cached(
        db,
        cache,
        Key::View(token),
        games::load_by_view_token(db, token),
    )
    .await
}

/// The game under `key` from the cache, or else `read` from the database and kept.
async fn cached(
    db: &Db,
    cache: &GameCache,
    key: Key<'_>,
    read: impl Future<Output = Result<Option<GameRecord>, sqlx::Error>>,
) -> Result<Option<Arc<LoadedGame>>, Error> {
    if db.engine() == Engine::Postgres {
        return cached_across_servers(db, cache, key, read).await;
    }
    if let Some(game) = cache.get(db, key) {
        return Ok(Some(game));
    }
    // Taken before the read: a write finishing during it keeps the result out of the cache.
    let read_at = db.generation();
    let Some(record) = read.await? else {
        return Ok(None);
    };
    let record = super::renames::resolve(db, record).await?;
    super::rule_sets::resolve(db, &record.game.rules).await?;
    let game = Arc::new(understand(record)?);
    cache.put(db, read_at, &game);
    Ok(Some(game))
}

/// Whether `id` is a game's read-only token (an edit id that is none may be one: that link
/// can never change or reveal the edit link).
/// [`cached`] where other servers write too: a kept game answers only while its stamp is the
/// database's (see [`super::cache`]).
async fn cached_across_servers(
    db: &Db,
    cache: &GameCache,
    key: Key<'_>,
    read: impl Future<Output = Result<Option<GameRecord>, sqlx::Error>>,
) -> Result<Option<Arc<LoadedGame>>, Error> {
    let stamp = match key {
        Key::Edit(id) => games::stamp(db, "id", id).await?,
        Key::View(token) => games::stamp(db, "view_token", token).await?,
    };
    let Some(stamp) = stamp else {
        return Ok(None);
    };
    if let Some(game) = cache.get_stamped(db, key, stamp) {
        return Ok(Some(game));
    }
    let read_at = db.generation();
    let Some(record) = read.await? else {
        return Ok(None);
    };
    let record = super::renames::resolve(db, record).await?;
    super::rule_sets::resolve(db, &record.game.rules).await?;
    let game = Arc::new(understand(record)?);
    cache.put_stamped(db, read_at, &game, stamp);
    Ok(Some(game))
}

pub async fn is_view_token(db: &Db, id: &str) -> Result<bool, Error> {
    Ok(games::load_by_view_token(db, id).await?.is_some())
}

/// The answer a write of game `id` stored under idempotency key `key` (as the store keeps
/// keys, with their origin), if the key was used: what that request changed, in the words the
/// caller chose when it wrote.
pub async fn answer_for_key(db: &Db, id: &str, key: &str) -> Result<Option<String>, Error> {
    Ok(games::answer_for_key(db, id, key).await?)
}
