-- Which form submission (or API request with an Idempotency-Key) created which game, so a
-- double tap on "Start", the back button or a retry opens the game already created instead
-- of starting a second one. A separate table: games themselves are unchanged.
CREATE TABLE game_creations (
    key        TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
