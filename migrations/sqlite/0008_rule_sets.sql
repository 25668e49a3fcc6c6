-- A table's own rule sets (docs/API.md, "Rule sets"): a definition in the catalogue entry's
-- format, stored as JSON text the rules engine reads; the database only insists that it is
-- JSON. A stored rule set never changes: a change is a new rule set with a new id, so a game
-- keeps the exact rules it started with. `view_token` is the id (a rule set is read-only);
-- it lets creations share the guarded write of games and groups.
CREATE TABLE rule_sets (
    id         TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
    view_token TEXT NOT NULL,
    name       TEXT NOT NULL,
    definition TEXT NOT NULL CHECK (json_valid(definition)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Which API request with an Idempotency-Key created which rule set (as game_creations).
CREATE TABLE rule_set_creations (
    key          TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    rule_set_id  TEXT NOT NULL REFERENCES rule_sets (id) ON DELETE CASCADE,
    request_hash TEXT NOT NULL,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
