-- PostgreSQL twin of migrations/sqlite/0008_rule_sets.sql.
CREATE TABLE rule_sets (
    id         TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
    view_token TEXT NOT NULL,
    name       TEXT NOT NULL,
    definition TEXT NOT NULL CHECK (json_valid(definition)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE rule_set_creations (
    key          TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    rule_set_id  TEXT NOT NULL REFERENCES rule_sets (id) ON DELETE CASCADE,
    request_hash TEXT NOT NULL,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
