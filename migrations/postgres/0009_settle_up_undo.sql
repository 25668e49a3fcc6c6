-- PostgreSQL twin of sqlite/0008_settle_up_undo.sql: a settle-up undone while it is the
-- group's latest change, recorded in the group's history as 'undo_settle_up'.
ALTER TABLE group_history DROP CONSTRAINT group_history_action_check;
ALTER TABLE group_history ADD CONSTRAINT group_history_action_check
    CHECK (action IN ('create', 'add_player', 'rename', 'retire', 'add_game', 'save_rules',
                      'delete_rules', 'settle_up', 'rename_group', 'remove_player',
                      'undo_settle_up'));
