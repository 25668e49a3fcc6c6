-- PostgreSQL twin of sqlite/0007_group_player_removal.sql: a late join undone takes back the
-- group player it made, recorded in the group's history as 'remove_player'. PostgreSQL
-- changes a CHECK in place; the constraint has PostgreSQL's default name.
ALTER TABLE group_history DROP CONSTRAINT group_history_action_check;
ALTER TABLE group_history ADD CONSTRAINT group_history_action_check
    CHECK (action IN ('create', 'add_player', 'rename', 'retire', 'add_game', 'save_rules',
                      'delete_rules', 'settle_up', 'rename_group', 'remove_player'));
