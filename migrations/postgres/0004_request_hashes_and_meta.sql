-- PostgreSQL twin of migrations/sqlite/0004_request_hashes_and_meta.sql.
ALTER TABLE game_creations ADD COLUMN request_hash TEXT;
ALTER TABLE idempotency ADD COLUMN request_hash TEXT;

CREATE TABLE meta (
    name  TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
