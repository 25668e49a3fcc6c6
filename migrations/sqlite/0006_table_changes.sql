-- Changes at the table during a game (issue 11, docs/RULES.md section 8): a player sits out
-- the next round, leaves or joins late; names, stake and currency are changed after the
-- start. Each is kept in the history (new actions) and undone like a round.
--
-- `games.changes`: the changes in the order they were made, a JSON array of objects
-- `{"after_round": n, "change": "sit_out" | "leave" | "join" | "rename" | "settings", …}`;
-- the rules engine replays the table's changes with the rounds, as it replays the rounds.
ALTER TABLE games ADD COLUMN changes TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(changes) AND json_type(changes) = 'array');

-- The history's `action` CHECK allowed only enter/correct/undo/end; SQLite cannot change a
-- CHECK in place, so the table is rebuilt with every row kept (ids too) and its index made
-- again. Nothing references `history`, so foreign keys are untouched.
CREATE TABLE history_new (
    id       INTEGER PRIMARY KEY,
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- NULL for changes that concern the whole game ('end', the table's changes, their undo).
    round_no INTEGER,
    action   TEXT NOT NULL CHECK (action IN ('enter', 'correct', 'undo', 'end', 'sit_out',
                                             'leave', 'join', 'rename', 'settings')),
    before   TEXT CHECK (before IS NULL OR json_valid(before)),
    after    TEXT CHECK (after IS NULL OR json_valid(after)),
    at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

INSERT INTO history_new (id, game_id, round_no, action, before, after, at)
    SELECT id, game_id, round_no, action, before, after, at FROM history;

DROP INDEX history_by_game;
DROP TABLE history;
ALTER TABLE history_new RENAME TO history;
CREATE INDEX history_by_game ON history (game_id, id);
