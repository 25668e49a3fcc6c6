-- PostgreSQL twin of migrations/sqlite/0002_game_creations.sql.
CREATE TABLE game_creations (
    key        TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
