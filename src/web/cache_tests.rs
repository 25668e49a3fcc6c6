//! The game cache ([`crate::store::cache`]) seen through the app: reads, writes and both links.

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt as _;
use serde_json::{Value, json};
use tower::ServiceExt as _;

use std::sync::Arc;

use crate::db::{Db, games};
use crate::store::cache::{CAPACITY, Key};
use crate::store::{GameCache, LoadedGame};
use crate::web::{AppState, app};

/// The store's reads, by the app's state.
mod record {
    use std::sync::Arc;

    pub use crate::store::understand;
    use crate::store::{self, Error, LoadedGame};
    use crate::web::AppState;

    pub async fn load(state: &AppState, id: &str) -> Result<Option<Arc<LoadedGame>>, Error> {
        store::load(&state.db, &state.games, id).await
    }

    pub async fn load_view(
        state: &AppState,
        token: &str,
    ) -> Result<Option<Arc<LoadedGame>>, Error> {
        store::load_view(&state.db, &state.games, token).await
    }
}

async fn state() -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = Db::open(&dir.path().join("cache.db"))
        .await
        .expect("the database opens");
    (AppState::new(db), dir)
}

/// The same database with a cache of its own: its writes drop `state`'s entries without
/// priming them.
fn elsewhere(state: &AppState) -> AppState {
    AppState {
        games: GameCache::default(),
        ..state.clone()
    }
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
        json!({"round": 1, "version": after.record.game.version,
               "went_out": "Ann", "points": {"Ben": 5, "Cy": 10}}),
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
    // Written by another server process's cache (the same database): this cache is not
    // primed by it, so only the stale read could end up in it.
    post(
        &elsewhere(&state),
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
    // Through another cache, so that this one is not primed with the game as written.
    post(
        &elsewhere(&state),
        &format!("/api/v1/games/{id}/end"),
        json!({}),
    )
    .await;
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
    // Fill the cache with copies under other ids: past its capacity the game read longest
    // ago goes.
    for n in 0..CAPACITY {
        let mut copy = LoadedGame::clone(&game);
        copy.record.game.id = format!("id-{n}");
        copy.record.game.view_token = format!("view-{n}");
        state
            .games
            .put(&state.db, state.db.generation(), &Arc::new(copy));
    }
    assert_eq!(state.games.len(), CAPACITY);
    assert!(!state.games.holds(&id), "the game read first went first");
    assert!(state.games.get(&state.db, Key::View("view-1023")).is_some());
    assert!(state.games.get(&state.db, Key::View("view-0")).is_some());
}

/// `game` under the id `id-{n}` and the token `view-{n}`.
fn copy_of(game: &LoadedGame, n: usize) -> Arc<LoadedGame> {
    let mut copy = LoadedGame::clone(game);
    copy.record.game.id = format!("id-{n}");
    copy.record.game.view_token = format!("view-{n}");
    Arc::new(copy)
}

#[tokio::test]
async fn past_its_byte_budget_the_cache_drops_the_games_read_longest_ago() {
    let (state, _dir) = state().await;
    let (id, _) = new_game(&state).await;
    let game = record::load(&state, &id).await.unwrap().expect("the game");
    let one = crate::store::budget::game_bytes(&game);
    // Room for three games, not four.
    let cache = GameCache::with_budget(3 * one + one / 2);
    let (db, at) = (&state.db, state.db.generation());
    for n in 0..3 {
        cache.put(db, at, &copy_of(&game, n));
    }
    assert_eq!(cache.len(), 3);
    assert_eq!(cache.bytes(), 3 * one);
    // Game 0 is read again, so game 1 is now the one read longest ago.
    assert!(cache.get(db, Key::Edit("id-0")).is_some());
    cache.put(db, at, &copy_of(&game, 3));
    assert_eq!(cache.len(), 3);
    assert!(cache.bytes() <= 3 * one + one / 2);
    assert!(cache.holds("id-0") && cache.holds("id-2") && cache.holds("id-3"));
    assert!(!cache.holds("id-1"), "the game read longest ago went");
    assert!(
        cache.get(db, Key::View("view-1")).is_none(),
        "its token went too"
    );
    // Kept again, a game already kept is counted once.
    cache.put(db, at, &copy_of(&game, 3));
    assert_eq!(cache.bytes(), 3 * one);
}

#[tokio::test]
async fn a_game_bigger_than_the_whole_budget_is_not_kept() {
    let (state, _dir) = state().await;
    let (id, _) = new_game(&state).await;
    let game = record::load(&state, &id).await.unwrap().expect("the game");
    let cache = GameCache::with_budget(crate::store::budget::game_bytes(&game) - 1);
    cache.put(&state.db, state.db.generation(), &game);
    assert!(cache.is_empty());
    assert_eq!(cache.bytes(), 0);
}

#[tokio::test]
async fn a_write_keeps_the_game_it_wrote_for_the_next_read() {
    let (state, _dir) = state().await;
    let (id, view) = new_game(&state).await;
    post(
        &state,
        &format!("/api/v1/games/{id}/rounds"),
        json!({"went_out": "Ann", "points": {"Ben": 35, "Cy": 12}}),
    )
    .await;
    let kept = state
        .games
        .get(&state.db, Key::View(&view))
        .expect("the written game is kept");
    assert_eq!(kept.state.totals, vec![0, 35, 12]);
    let read = record::load(&state, &id).await.unwrap().expect("the game");
    assert!(Arc::ptr_eq(&kept, &read), "the next read is a hit");
    assert_eq!(
        read.record,
        games::load_game(&state.db, &id)
            .await
            .unwrap()
            .expect("the game"),
        "what is kept is what is stored"
    );
    post(&state, &format!("/api/v1/games/{id}/undo"), json!({})).await;
    let undone = state
        .games
        .get(&state.db, Key::Edit(&id))
        .expect("the undone game is kept");
    assert!(undone.state.rounds.is_empty());
}
