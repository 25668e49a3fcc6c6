//! Group commit of SQLite's writes: the writes that queue for the one writer
//! connection while a transaction is open share it, each in a `SAVEPOINT` of its own, and one
//! `COMMIT` (one fsync under `synchronous=FULL`) makes them all durable at once. Nobody is
//! answered before that commit: [`super::Write::commit`] waits for its batch, and a write that
//! ended without committing (a replay, a conflict, a refusal: answers that may rest on what
//! another write of the batch did) is settled by [`settled`] before its answer leaves.
//!
//! How a batch goes: the first write to find no batch open runs `BEGIN IMMEDIATE; SAVEPOINT w`
//! and spawns the batch's flush, which queues for the writer connection like any write (the
//! pool hands it out first come, first served); the writes queued before the flush join the
//! open transaction with `SAVEPOINT w` and leave it with `RELEASE w` (done) or
//! `ROLLBACK TO w; RELEASE w` (undone: only their own statements). When the flush gets the
//! connection it commits, or a write that finds the batch full ([`MAX_MEMBERS`]) commits it
//! first. If SQLite ended the transaction itself (a full disk, an I/O error), the batch
//! fails: every member is told that nothing was saved, none was answered before.
//!
//! Part of `db`: depends on no other layer.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool};
use tokio::sync::watch;

/// Writes in one batch at most: a bound on how long the first of them waits for its answer.
pub(super) const MAX_MEMBERS: u64 = 64;

/// How a batch ended: the generation its commit moved the database to and how many writes
/// it held, or how it failed.
type Ended = Result<(u64, u64), Failure>;

/// Why a batch failed, and whether its writes may be on disk all the same: a `COMMIT` that
/// failed with an I/O error (a failing fsync) or was cancelled may have left the commit in
/// the write-ahead log, which the next start reads back. Every other failure came before the
/// commit, and the rollback keeps nothing.
#[derive(Debug, Clone)]
struct Failure {
    why: String,
    unconfirmed: bool,
}

impl Failure {
    fn before_commit(why: &str) -> Self {
        Self {
            why: why.to_owned(),
            unconfirmed: false,
        }
    }
}

/// One batch of writes sharing a transaction.
#[derive(Debug)]
pub(super) struct Batch {
    id: u64,
    ended: watch::Sender<Option<Ended>>,
}

impl Batch {
    /// Waits until the batch is committed (the generation it moved to and its number of
    /// writes) or failed (an error that [`super::is_write_refusal`] takes for a refusal).
    async fn wait(&self) -> Result<(u64, u64), sqlx::Error> {
        let mut ended = self.ended.subscribe();
        let outcome = ended
            .wait_for(Option::is_some)
            .await
            .map_err(|_| {
                refused(Failure {
                    why: "the batch of writes was abandoned".into(),
                    unconfirmed: true,
                })
            })?
            .clone();
        outcome
            .unwrap_or_else(|| {
                Err(Failure {
                    why: "the batch of writes did not end".into(),
                    unconfirmed: true,
                })
            })
            .map_err(refused)
    }

    fn end(&self, outcome: Ended) {
        self.ended.send_replace(Some(outcome));
    }
}

/// A failed batch as the error each of its writes gets; an [`Unconfirmed`] one where the
/// commit itself failed.
fn refused(failure: Failure) -> sqlx::Error {
    let message = format!(
        "the database refused the batch of writes this one was in: {}",
        failure.why
    );
    sqlx::Error::Io(if failure.unconfirmed {
        std::io::Error::other(Unconfirmed(message))
    } else {
        std::io::Error::other(message)
    })
}

/// A write whose commit failed in a way that may have kept it (see [`Failure`]): nobody can
/// say it was saved, nor that it was not ([`super::is_unconfirmed`]).
#[derive(Debug)]
pub struct Unconfirmed(String);

impl std::fmt::Display for Unconfirmed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unconfirmed {}

/// The batches of one SQLite database: which one is open on the writer connection.
#[derive(Debug, Default)]
pub(super) struct Batches {
    state: Mutex<State>,
    /// Batches committed so far (each one fsync).
    committed: AtomicU64,
}

#[derive(Debug, Default)]
struct State {
    open: Option<Open>,
    next_id: u64,
}

#[derive(Debug)]
struct Open {
    batch: Arc<Batch>,
    /// Writes released into it (done, waiting for the commit).
    members: u64,
}

/// The batch a write joined.
#[derive(Debug)]
pub(super) struct Joined {
    pub(super) batch: Arc<Batch>,
}

/// The shared counters a commit moves.
#[derive(Clone, Debug)]
pub(super) struct Counters {
    pub(super) generation: Arc<AtomicU64>,
    pub(super) refusing: Arc<AtomicBool>,
}

impl Batches {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Joins the open batch on `conn` (the writer connection, just acquired) or opens one.
    /// Commits a full batch first. On an error nothing was begun for this write.
    pub(super) async fn join(
        self: &Arc<Self>,
        conn: &mut PoolConnection<Any>,
        pool: &AnyPool,
        counters: &Counters,
    ) -> Result<Joined, sqlx::Error> {
        let open = {
            let state = self.state();
            state
                .open
                .as_ref()
                .map(|open| (open.batch.id, open.members))
        };
        if let Some((id, members)) = open {
            if members < MAX_MEMBERS {
                if let Err(e) = sqlx::query("SAVEPOINT w").execute(&mut **conn).await {
                    // Whether the batch's transaction survived is not known: it fails.
                    self.fail(Some(id), &e.to_string(), counters);
                    conn.close_on_drop();
                    return Err(e);
                }
                let batch = self.open_batch(id).ok_or_else(|| {
                    refused(Failure::before_commit(
                        "the batch ended while a write joined it",
                    ))
                })?;
                note(&batch);
                return Ok(Joined { batch });
            }
            self.flush(conn, Some(id), counters).await;
        }
        if let Err(e) = sqlx::query("BEGIN IMMEDIATE; SAVEPOINT w")
            .execute(&mut **conn)
            .await
        {
            // Nothing of a batch was registered; closing the connection ends whatever began.
            conn.close_on_drop();
            return Err(e);
        }
        let batch = {
            let mut state = self.state();
            state.next_id += 1;
            let batch = Arc::new(Batch {
                id: state.next_id,
                ended: watch::channel(None).0,
            });
            state.open = Some(Open {
                batch: Arc::clone(&batch),
                members: 0,
            });
            batch
        };
        note(&batch);
        // The flush queues behind the writes waiting now; they join this batch first.
        let (batches, pool, counters, id) =
            (Arc::clone(self), pool.clone(), counters.clone(), batch.id);
        tokio::spawn(async move {
            match pool.acquire().await {
                Ok(mut conn) => batches.flush(&mut conn, Some(id), &counters).await,
                Err(e) => batches.fail(Some(id), &e.to_string(), &counters),
            }
        });
        Ok(Joined { batch })
    }

    /// Batches committed so far.
    pub(super) fn committed(&self) -> u64 {
        self.committed.load(Ordering::SeqCst)
    }

    fn open_batch(&self, id: u64) -> Option<Arc<Batch>> {
        let state = self.state();
        state
            .open
            .as_ref()
            .filter(|open| open.batch.id == id)
            .map(|open| Arc::clone(&open.batch))
    }

    /// Counts a write released into batch `id`; its place in the batch (from 1).
    pub(super) fn released(&self, id: u64) -> Option<u64> {
        let mut state = self.state();
        let open = state.open.as_mut().filter(|open| open.batch.id == id)?;
        open.members += 1;
        Some(open.members)
    }

    /// Commits the open batch (only if it is batch `id`, when given) on `conn`, the writer
    /// connection, and tells its writes. A failed commit fails them all and closes `conn`.
    pub(super) async fn flush(
        &self,
        conn: &mut PoolConnection<Any>,
        id: Option<u64>,
        counters: &Counters,
    ) {
        let taken = {
            let mut state = self.state();
            if state
                .open
                .as_ref()
                .is_some_and(|open| id.is_none_or(|id| open.batch.id == id))
            {
                state.open.take()
            } else {
                None
            }
        };
        let Some(open) = taken else { return };
        // Cancelled during the commit (only a write that commits a full batch can be): its
        // writes are told that nothing was saved, which may be wrong in the safe direction.
        let mut ending = Ending(Some((Arc::clone(&open.batch), counters.clone())));
        let result = sqlx::query("COMMIT").execute(&mut **conn).await;
        ending.0 = None;
        // Each write of the batch moves the generation on, in the order they were made.
        let members = open.members.max(1);
        let generation = counters.generation.fetch_add(members, Ordering::SeqCst) + members;
        match result {
            Ok(_) => {
                self.committed.fetch_add(1, Ordering::SeqCst);
                // The first commit after a refused write: the log is emptied before the
                // writes are answered (rare, and it frees the room a small disk needs).
                if counters.refusing.swap(false, Ordering::SeqCst) {
                    super::checkpoint(conn).await;
                }
                open.batch.end(Ok((generation, members)));
            }
            Err(e) => {
                tracing::warn!(error = %e, "a commit failed; the writer connection is reopened");
                counters.refusing.store(true, Ordering::SeqCst);
                conn.close_on_drop();
                // An I/O error (a failing fsync) may come after the commit reached the log.
                open.batch.end(Err(Failure {
                    why: e.to_string(),
                    unconfirmed: super::is_unconfirmed(&e),
                }));
            }
        }
    }

    /// Fails batch `id` (`None`: whichever is open) if it is open: SQLite ended its
    /// transaction, or it cannot be committed. Its writes learn that nothing was saved.
    pub(super) fn fail(&self, id: Option<u64>, why: &str, counters: &Counters) {
        let taken = {
            let mut state = self.state();
            if state
                .open
                .as_ref()
                .is_some_and(|open| id.is_none_or(|id| open.batch.id == id))
            {
                state.open.take()
            } else {
                None
            }
        };
        if let Some(open) = taken {
            counters.refusing.store(true, Ordering::SeqCst);
            counters.generation.fetch_add(1, Ordering::SeqCst);
            open.batch.end(Err(Failure::before_commit(why)));
        }
    }
}

/// Fails a batch whose commit was cancelled (see [`Batches::flush`]).
struct Ending(Option<(Arc<Batch>, Counters)>);

impl Drop for Ending {
    fn drop(&mut self) {
        if let Some((batch, counters)) = self.0.take() {
            counters.generation.fetch_add(1, Ordering::SeqCst);
            batch.end(Err(Failure {
                why: "the commit was cancelled".into(),
                unconfirmed: true,
            }));
        }
    }
}

impl Joined {
    /// The batch's id.
    pub(super) fn id(&self) -> u64 {
        self.batch.id
    }

    /// Waits for the commit of the batch; the generation it moved to for the write at
    /// `place` (from [`Batches::released`]): the writes of a batch count one after another.
    pub(super) async fn committed(&self, place: u64) -> Result<u64, sqlx::Error> {
        let (generation, members) = self.batch.wait().await?;
        Ok(generation - members.saturating_sub(place))
    }
}

tokio::task_local! {
    /// The batches the writes of this task joined (see [`settled`]).
    static JOINED: RefCell<Vec<Arc<Batch>>>;
}

fn note(batch: &Arc<Batch>) {
    // Outside `settled` (the CLI, tests of the store) nobody answers before its own commit.
    let _ = JOINED.try_with(|joined| joined.borrow_mut().push(Arc::clone(batch)));
}

/// Runs `work` (a request's handler), then waits until every batch of writes it joined is
/// committed, so that no answer leaves before what it rests on is on disk: a replay, a
/// conflict or a refusal found inside a batch may rest on another write of that batch. Gives
/// the output and an error if one of those batches failed: then an answer that says
/// something was saved must not leave.
pub async fn settled<T>(work: impl Future<Output = T>) -> (T, Result<(), sqlx::Error>) {
    let (output, joined) = JOINED
        .scope(RefCell::new(Vec::new()), async {
            let output = work.await;
            (output, JOINED.with(RefCell::take))
        })
        .await;
    for batch in joined {
        if let Err(e) = batch.wait().await {
            return (output, Err(e));
        }
    }
    (output, Ok(()))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::Db;

    async fn rows(db: &Db) -> Vec<Vec<u8>> {
        sqlx::query_scalar("SELECT data FROM write_probe ORDER BY data")
            .fetch_all(db.reader())
            .await
            .unwrap()
    }

    /// Writes `data` into `write_probe` and commits, or (`keep` false) drops the write.
    async fn write(db: Db, data: Vec<u8>, keep: bool) -> Result<Option<u64>, sqlx::Error> {
        let mut tx = db.begin_write().await?;
        sqlx::query("INSERT INTO write_probe (data) VALUES ($1)")
            .bind(data)
            .execute(&mut **tx)
            .await?;
        if keep {
            tx.commit().await.map(Some)
        } else {
            Ok(None)
        }
    }

    /// Ten writes queued behind an open one: before group commit, eleven commits (eleven
    /// fsyncs); now the first one's and one for the ten, each with its own generation.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writes_queued_for_the_writer_share_one_commit() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("batch.db")).await.unwrap();
        let before = db.batches_committed();
        let first = db.begin_write().await.unwrap();
        let writers: Vec<_> = (0..10_u8)
            .map(|i| tokio::spawn(write(db.clone(), vec![i], true)))
            .collect();
        tokio::time::sleep(Duration::from_millis(300)).await;
        first.commit().await.unwrap();
        let mut generations = Vec::new();
        for writer in writers {
            generations.push(writer.await.unwrap().unwrap().unwrap());
        }
        assert_eq!(
            rows(&db).await,
            (0..10_u8).map(|i| vec![i]).collect::<Vec<_>>()
        );
        let commits = db.batches_committed() - before;
        assert!(commits <= 2, "{commits} commits for 11 writes");
        generations.sort_unstable();
        generations.dedup();
        assert_eq!(
            generations.len(),
            10,
            "each write has a generation of its own"
        );
        assert_eq!(*generations.last().unwrap(), db.generation());
        db.close().await;
    }

    /// A write that ends without committing takes back only its own statements: the writes
    /// before and after it in the same batch are saved.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_rolled_back_in_a_batch_leaves_the_others_saved() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("batch.db")).await.unwrap();
        let first = db.begin_write().await.unwrap();
        let a = tokio::spawn(write(db.clone(), b"a".to_vec(), true));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let b = tokio::spawn(write(db.clone(), b"b".to_vec(), false));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let c = tokio::spawn(write(db.clone(), b"c".to_vec(), true));
        tokio::time::sleep(Duration::from_millis(100)).await;
        first.commit().await.unwrap();
        assert!(a.await.unwrap().unwrap().is_some());
        assert!(b.await.unwrap().unwrap().is_none());
        assert!(c.await.unwrap().unwrap().is_some());
        assert_eq!(rows(&db).await, vec![b"a".to_vec(), b"c".to_vec()]);
        db.close().await;
    }

    /// When the database refuses a write of a batch (a full disk), every other write of the
    /// batch is told the truth: saved if and only if it answered that it was.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_refused_write_in_a_batch_never_leaves_another_acknowledged_but_lost() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("batch.db")).await.unwrap();
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(db.reader())
            .await
            .unwrap();
        db.limit_pages_for_tests(Some(u64::try_from(pages).unwrap() + 1))
            .await
            .unwrap();
        let first = db.begin_write().await.unwrap();
        let small = tokio::spawn(write(db.clone(), b"small".to_vec(), true));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let large = tokio::spawn(write(db.clone(), vec![7; 200_000], true));
        tokio::time::sleep(Duration::from_millis(100)).await;
        first.commit().await.unwrap();
        let small = small.await.unwrap();
        let large = large.await.unwrap();
        assert!(large.is_err(), "the disk is full");
        assert!(super::super::is_write_refusal(&large.unwrap_err()));
        let saved = rows(&db).await.contains(&b"small".to_vec());
        assert_eq!(small.is_ok(), saved, "{small:?}");
        db.limit_pages_for_tests(None).await.unwrap();
        db.probe_write().await.unwrap();
        assert!(!db.refusing_writes(Duration::from_secs(5)).await);
        db.close().await;
    }

    /// An answer given without a commit (a replay, a conflict) waits in [`settled`] for the
    /// batch whose writes it read.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_answer_read_inside_a_batch_waits_for_its_commit() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("batch.db")).await.unwrap();
        let first = db.begin_write().await.unwrap();
        let written = tokio::spawn(write(db.clone(), b"w".to_vec(), true));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let reader = db.clone();
        let seen = tokio::spawn(super::settled(async move {
            let mut tx = reader.begin_write().await.unwrap();
            let seen: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM write_probe")
                .fetch_one(&mut **tx)
                .await
                .unwrap();
            drop(tx);
            seen
        }));
        tokio::time::sleep(Duration::from_millis(100)).await;
        first.commit().await.unwrap();
        let (seen, settled) = seen.await.unwrap();
        settled.unwrap();
        assert_eq!(seen, 1, "it read the other write of its batch");
        // Settled: that write is committed (visible to readers).
        assert_eq!(rows(&db).await.len(), 1);
        written.await.unwrap().unwrap();
        db.close().await;
    }
}
