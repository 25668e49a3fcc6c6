-- PostgreSQL twin of sqlite/0006_table_changes.sql: changes at the table during a game
-- (issue 11, docs/RULES.md section 8). A player sits out the next round, leaves or joins late;
-- names, stake and currency are changed after the start. Each is kept in the history (new
-- actions) and undone like a round.
--
-- `games.changes`: the changes in the order they were made, a JSON array of objects
-- `{"after_round": n, "change": "sit_out" | "leave" | "join" | "rename" | "settings", …}`.
ALTER TABLE games ADD COLUMN changes TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(changes) AND json_typeof(changes::json) = 'array');

-- PostgreSQL changes a CHECK in place: the history's actions grow by the table's changes
-- (SQLite rebuilds the table for this). The constraint has PostgreSQL's default name.
ALTER TABLE history DROP CONSTRAINT history_action_check;
ALTER TABLE history ADD CONSTRAINT history_action_check
    CHECK (action IN ('enter', 'correct', 'undo', 'end', 'sit_out', 'leave', 'join', 'rename',
                      'settings'));
