//! Carrying out a player's rename in the group's games, a small batch per write
//! ([`crate::db::groups::renames`], docs/decisions.md 2026-11-27), and showing a game the
//! rename has not reached yet with the new name.
//!
//! The rename's own request waits up to [`WAIT`] for its games (a group of a few hundred
//! games is done by then, so its answer comes after every game shows the new name); a larger
//! group's games are finished in the background, and by the next start of the server if it
//! stops first. Readers see the new name throughout: [`resolve`] applies the pending renames
//! to a game read before its batch came.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use std::time::Duration;

use super::Error;
use super::entry;
use crate::db::Db;
use crate::db::games::{GameRecord, rename_record};
use crate::db::groups::renames::{self, PendingRename, Step};

/// How long a rename's request waits for its games before it answers.
pub const WAIT: Duration = Duration::from_secs(2);

/// One carrier of renames at a time in this process (renames run oldest first).
static CARRIER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Carries out every pending rename, a batch per write, until none is left; returns how
/// many batches it wrote. Each batch is a write of its own, so other writes take turns with
/// them.
pub async fn carry_out(db: &Db) -> Result<u64, Error> {
    let _one = CARRIER.lock().await;
    let mut batches = 0;
    loop {
        let mut write = db.begin_write().await?;
        let step = renames::step(&mut write, entry::rename).await?;
        write.commit().await?;
        if step == Step::Idle {
            return Ok(batches);
        }
        batches += 1;
        // Let every write that waited for this batch go first.
        tokio::task::yield_now().await;
    }
}

/// Starts [`carry_out`] in the background (logged if it fails; what is left is carried out
/// after the next rename or the next start).
pub fn start(db: &Db) -> tokio::task::JoinHandle<()> {
    let db = db.clone();
    tokio::spawn(async move {
        if let Err(e) = carry_out(&db).await {
            tracing::warn!(error = %e, "a player's rename could not reach every game yet");
        }
    })
}

/// Starts [`carry_out`] and waits for it up to [`WAIT`].
pub async fn start_and_wait(db: &Db) {
    let _ = tokio::time::timeout(WAIT, start(db)).await;
}

/// Starts carrying out what an earlier run of the server left pending (at its start).
pub async fn resume(db: &Db) -> Result<(), Error> {
    let mut conn = db.reader().acquire().await?;
    if renames::any(&mut conn).await? {
        tracing::info!("finishing a player's rename in the games it has not reached yet");
        start(db);
    }
    Ok(())
}

/// `record` (a game read from the database) with the renames still pending for it made, as
/// it will be stored once they reach it.
pub async fn resolve(db: &Db, mut record: GameRecord) -> Result<GameRecord, Error> {
    if record.game.group.is_none() {
        return Ok(record);
    }
    let mut conn = db.reader().acquire().await?;
    let pending = renames::for_game(&mut conn, &record.game.id).await?;
    if !pending.is_empty() {
        rename_record(&mut record, &pending, &entry::rename);
    }
    Ok(record)
}

/// Whether `record` (a game of the group `pending` was read for) has a rename of `pending`
/// still to come, and if so the record with them made.
pub fn resolve_in_group(pending: &[PendingRename], record: &GameRecord) -> Option<GameRecord> {
    let renames: Vec<(String, String)> = pending
        .iter()
        .filter(|rename| rename.applies(record))
        .map(|rename| (rename.old_name.clone(), rename.new_name.clone()))
        .collect();
    if renames.is_empty() {
        return None;
    }
    let mut record = record.clone();
    rename_record(&mut record, &renames, &entry::rename).then_some(record)
}
