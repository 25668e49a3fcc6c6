-- A settle-up can be undone while it is the group's latest change (docs/decisions.md,
-- 2026-11-27): the group's history gains the action 'undo_settle_up', its `before` the
-- settle-up taken back. SQLite cannot change a CHECK in place, so the table is rebuilt with
-- every row kept (ids too) and its index made again, as in 0007.
CREATE TABLE group_history_new (
    id          INTEGER PRIMARY KEY,
    group_id    TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    action      TEXT NOT NULL CHECK (action IN ('create', 'add_player', 'rename', 'retire',
                                                'add_game', 'save_rules', 'delete_rules',
                                                'settle_up', 'rename_group',
                                                'remove_player', 'undo_settle_up')),
    before      TEXT CHECK (before IS NULL OR json_valid(before)),
    after       TEXT CHECK (after IS NULL OR json_valid(after)),
    at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

INSERT INTO group_history_new (id, group_id, action, before, after, at)
    SELECT id, group_id, action, before, after, at FROM group_history;

DROP INDEX group_history_by_group;
DROP TABLE group_history;
ALTER TABLE group_history_new RENAME TO group_history;
CREATE INDEX group_history_by_group ON group_history (group_id, id);
