#!/usr/bin/env python3
"""The raw single-row commit rate of SQLite itself on this disk, as Kontrakt configures it
(WAL, synchronous=FULL): one connection, N one-row INSERTs each in its own
BEGIN IMMEDIATE ... COMMIT transaction, straight through Python's sqlite3 to the C library
(no async runtime, pool or worker thread in between). The same measurement as
`cargo bench --bench raw_commit` (rusqlite), without a build: benches/load.sh runs this one.

Usage: python3 benches/raw_commit.py [DIR]   (env COMMITS, default 5000; DIR: where the
database goes, default a temporary directory; use the disk the server's database is on).
Prints a sentence and a last line raw_commits_per_second=N for scripts.
"""
import os
import sqlite3
import sys
import tempfile
import time

commits = int(os.environ.get("COMMITS", "5000"))
with tempfile.TemporaryDirectory(dir=sys.argv[1] if len(sys.argv) > 1 else None) as folder:
    db = sqlite3.connect(os.path.join(folder, "raw.db"), isolation_level=None)
    assert db.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    db.execute("PRAGMA synchronous = FULL")
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL) STRICT")

    def commit(value):
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (v) VALUES (?)", (value,))
        db.execute("COMMIT")

    # Warm up: the WAL file is created and grown once.
    for _ in range(100):
        commit("warm-up")
    started = time.perf_counter()
    for i in range(commits):
        commit(f"row {i}")
    seconds = time.perf_counter() - started
    assert db.execute("SELECT count(*) FROM t").fetchone()[0] == commits + 100
    db.close()
rate = commits / seconds
print(
    f"{commits} single-row transactions (BEGIN IMMEDIATE, INSERT, COMMIT; WAL, "
    f"synchronous=FULL; Python's sqlite3 {sqlite3.sqlite_version}, no async runtime) in "
    f"{seconds:.2f} s: {rate:.0f} commits per second"
)
print(f"raw_commits_per_second={rate:.0f}")
