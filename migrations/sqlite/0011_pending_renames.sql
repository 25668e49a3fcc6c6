-- A player's rename reaches the group's games in small batches, each its own short write, so
-- a rename never holds the single writer for the whole group (docs/decisions.md,
-- 2026-11-27). The group's own row changes at once; this row says which games are still to
-- be rewritten: every game the player sits in whose id sorts after `done_through`. Readers
-- apply a pending rename to a game not yet rewritten; the server finishes what a crash left
-- at its next start. Renames of a group are carried out oldest first.
CREATE TABLE pending_renames (
    id            INTEGER PRIMARY KEY,
    group_id      TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    player_id     INTEGER NOT NULL REFERENCES group_players (id) ON DELETE CASCADE,
    old_name      TEXT NOT NULL,
    new_name      TEXT NOT NULL,
    done_through  TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX pending_renames_by_group ON pending_renames (group_id, id);
