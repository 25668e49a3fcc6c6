//! Loaded games kept in memory between reads, so the pages and the JSON of a game that is only
//! being looked at (every phone at the table polls it) cost no database round trip and no
//! re-scoring.
//!
//! Correctness rests on [`Db::generation`]: every write transaction moves it on right after
//! its commit. An entry is stored with the generation read *before* the database was read, and
//! the whole cache is dropped as soon as the generation differs from the one its entries were
//! read under. So an answer from the cache is never older than the last write that finished:
//!
//! - a write that committed before the read began is seen by the read itself;
//! - a write that commits while the read is under way moves the generation on; the entry (with
//!   the older generation) is dropped at the next lookup, whether it was stored before or
//!   after the move;
//! - between a commit and its count the old state may still be served, but the writer has not
//!   answered its client yet, so nobody can have seen the new state.
//!
//! Any write drops every entry: writes are a few a minute at a table, reads many a second.
//! Only games that exist are kept (a miss for an unknown id asks the database every time), and
//! at most [`CAPACITY`] of them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::record::LoadedGame;
use crate::db::Db;

/// Most games kept; past it the cache starts afresh.
pub const CAPACITY: usize = 1024;

/// Which link a game is looked up by.
#[derive(Clone, Copy, Debug)]
pub enum Key<'a> {
    /// The edit id.
    Edit(&'a str),
    /// The read-only token.
    View(&'a str),
}

/// The cache; cheap to clone (shared).
#[derive(Clone, Debug, Default)]
pub struct GameCache {
    inner: Arc<Mutex<Entries>>,
}

#[derive(Debug, Default)]
struct Entries {
    /// The database generation every entry was read under.
    generation: u64,
    /// Games by edit id.
    by_id: HashMap<String, Arc<LoadedGame>>,
    /// Edit id by read-only token.
    by_view: HashMap<String, String>,
}

impl Entries {
    /// Drops every entry if the database has been written since they were read.
    fn at(&mut self, generation: u64) {
        if self.generation != generation {
            self.by_id.clear();
            self.by_view.clear();
            self.generation = generation;
        }
    }
}

impl GameCache {
    fn lock(&self) -> MutexGuard<'_, Entries> {
        // A panic while holding the lock cannot leave the maps half-changed in a way that
        // matters: at worst an entry is missing.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The game if it is kept and nothing was written since it was read.
    pub fn get(&self, db: &Db, key: Key<'_>) -> Option<Arc<LoadedGame>> {
        let mut entries = self.lock();
        entries.at(db.generation());
        let id = match key {
            Key::Edit(id) => id,
            Key::View(token) => entries.by_view.get(token)?.as_str(),
        };
        entries.by_id.get(id).cloned()
    }

    /// Keeps `game`, read from the database when its generation was `read_at` (taken before
    /// the read began). Kept only if no write has finished since.
    pub fn put(&self, db: &Db, read_at: u64, game: &Arc<LoadedGame>) {
        let mut entries = self.lock();
        entries.at(db.generation());
        if entries.generation != read_at {
            return;
        }
        if entries.by_id.len() >= CAPACITY {
            entries.by_id.clear();
            entries.by_view.clear();
        }
        let record = &game.record.game;
        entries
            .by_view
            .insert(record.view_token.clone(), record.id.clone());
        entries.by_id.insert(record.id.clone(), Arc::clone(game));
    }

    /// How many games are kept (for tests).
    pub fn len(&self) -> usize {
        self.lock().by_id.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt as _;
    use serde_json::{Value, json};
    use tower::ServiceExt as _;

    use super::*;
    use crate::db::games;
    use crate::web::{AppState, app, record};

    async fn state() -> (AppState, tempfile::TempDir) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = Db::open(&dir.path().join("cache.db"))
            .await
            .expect("the database opens");
        (AppState::new(db), dir)
    }

    async fn post(state: &AppState, path: &str, body: Value) -> Value {
        let request = Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .expect("a request");
        let response = app(state.clone())
            .oneshot(request)
            .await
            .expect("an answer");
        let status = response.status();
        let bytes = response.into_body().collect().await.expect("a body");
        assert!(status.is_success(), "{path}: {status}");
        serde_json::from_slice(&bytes.to_bytes()).expect("JSON")
    }

    /// A Liverpool game of three: its edit id and read-only token.
    async fn new_game(state: &AppState) -> (String, String) {
        let created = post(
            state,
            "/api/v1/games",
            json!({"rules": "liverpool", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await;
        let id = created["id"].as_str().expect("an id").to_owned();
        let view = created["view_url"]
            .as_str()
            .and_then(|url| url.strip_prefix("/view/"))
            .expect("a read-only link")
            .to_owned();
        (id, view)
    }

    #[tokio::test]
    async fn a_game_read_twice_is_read_once_and_shared_by_both_links() {
        let (state, _dir) = state().await;
        let (id, view) = new_game(&state).await;
        assert!(state.games.is_empty());
        let first = record::load(&state, &id).await.unwrap().expect("the game");
        let again = record::load(&state, &id).await.unwrap().expect("the game");
        assert!(
            Arc::ptr_eq(&first, &again),
            "the second read is the kept game"
        );
        let viewed = record::load_view(&state, &view)
            .await
            .unwrap()
            .expect("the game");
        assert!(
            Arc::ptr_eq(&first, &viewed),
            "the read-only link finds it too"
        );
        assert_eq!(state.games.len(), 1);
    }

    #[tokio::test]
    async fn every_write_is_seen_by_the_next_read_through_either_link() {
        let (state, _dir) = state().await;
        let (id, view) = new_game(&state).await;
        let before = record::load(&state, &id).await.unwrap().expect("the game");
        assert_eq!(before.state.rounds.len(), 0);
        post(
            &state,
            &format!("/api/v1/games/{id}/rounds"),
            json!({"went_out": "Ann", "points": {"Ben": 35, "Cy": 12}}),
        )
        .await;
        let after = record::load(&state, &id).await.unwrap().expect("the game");
        assert_eq!(after.state.rounds.len(), 1);
        assert_eq!(after.record.game.version, before.record.game.version + 1);
        let viewed = record::load_view(&state, &view)
            .await
            .unwrap()
            .expect("the game");
        assert_eq!(viewed.state.totals, after.state.totals);
        assert_eq!(viewed.state.totals, vec![0, 35, 12]);

        // A correction, an undo and an end: each read after it sees it.
        post(
            &state,
            &format!("/api/v1/games/{id}/rounds"),
            json!({"round": 1, "went_out": "Ann", "points": {"Ben": 5, "Cy": 10}}),
        )
        .await;
        let corrected = record::load(&state, &id).await.unwrap().expect("the game");
        assert_eq!(corrected.state.totals, vec![0, 5, 10]);
        post(&state, &format!("/api/v1/games/{id}/undo"), json!({})).await;
        let undone = record::load_view(&state, &view)
            .await
            .unwrap()
            .expect("the game");
        assert_eq!(undone.state.rounds.len(), 0);
    }

    #[tokio::test]
    async fn a_read_overtaken_by_a_write_is_not_kept() {
        let (state, _dir) = state().await;
        let (id, _) = new_game(&state).await;
        // Read the database, then let a write finish before the result is kept.
        let read_at = state.db.generation();
        let stale = games::load_game(&state.db, &id)
            .await
            .unwrap()
            .map(record::understand)
            .expect("the game")
            .expect("it parses");
        post(
            &state,
            &format!("/api/v1/games/{id}/rounds"),
            json!({"went_out": "Ben", "points": {"Ann": 20, "Cy": 5}}),
        )
        .await;
        state.games.put(&state.db, read_at, &Arc::new(stale));
        assert!(state.games.get(&state.db, Key::Edit(&id)).is_none());
        let fresh = record::load(&state, &id).await.unwrap().expect("the game");
        assert_eq!(fresh.state.totals, vec![20, 0, 5]);
    }

    #[tokio::test]
    async fn an_entry_kept_before_a_write_is_dropped_by_it() {
        let (state, _dir) = state().await;
        let (id, view) = new_game(&state).await;
        post(
            &state,
            &format!("/api/v1/games/{id}/rounds"),
            json!({"went_out": "Cy", "points": {"Ann": 15, "Ben": 30}}),
        )
        .await;
        let kept = record::load(&state, &id).await.unwrap().expect("the game");
        assert!(state.games.get(&state.db, Key::View(&view)).is_some());
        post(&state, &format!("/api/v1/games/{id}/end"), json!({})).await;
        assert!(state.games.get(&state.db, Key::Edit(&id)).is_none());
        assert!(state.games.get(&state.db, Key::View(&view)).is_none());
        let ended = record::load(&state, &id).await.unwrap().expect("the game");
        assert!(!Arc::ptr_eq(&kept, &ended));
        assert!(ended.record.game.ended_early);
    }

    #[tokio::test]
    async fn unknown_links_are_not_kept_and_the_cache_is_bounded() {
        let (state, _dir) = state().await;
        assert!(record::load(&state, "0123").await.unwrap().is_none());
        assert!(record::load_view(&state, "0123").await.unwrap().is_none());
        assert!(state.games.is_empty());
        let (id, _) = new_game(&state).await;
        let game = record::load(&state, &id).await.unwrap().expect("the game");
        // Fill the cache with copies under other ids: it starts afresh past its capacity.
        for n in 0..CAPACITY {
            let mut copy = LoadedGame::clone(&game);
            copy.record.game.id = format!("id-{n}");
            copy.record.game.view_token = format!("view-{n}");
            state
                .games
                .put(&state.db, state.db.generation(), &Arc::new(copy));
        }
        assert!(state.games.len() <= CAPACITY);
        assert!(state.games.get(&state.db, Key::View("view-1023")).is_some());
        assert!(state.games.get(&state.db, Key::View("view-0")).is_none());
    }
}
