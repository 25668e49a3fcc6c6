-- Idempotency keys replay only for the same request (issue 14): beside each key, a SHA-256
-- of the request it answered (route and canonical body, hex). NULL for keys stored before
-- this migration: a game creation without a hash never replays (its edit link is not handed
-- to a request that cannot be shown to be the same); a per-game key without one replays as
-- before (whoever sends it already holds the game's edit link).
ALTER TABLE game_creations ADD COLUMN request_hash TEXT;
ALTER TABLE idempotency ADD COLUMN request_hash TEXT;

-- Settings of this database, created at first start: `form_secret`, the key of the HMAC
-- that signs the idempotency keys the server puts in its forms. Copied by `backup` (the
-- whole file), never written by `export`.
CREATE TABLE meta (
    name  TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) STRICT;
