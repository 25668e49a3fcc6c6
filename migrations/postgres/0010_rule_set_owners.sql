-- PostgreSQL twin of migrations/sqlite/0010_rule_set_owners.sql (the comments there say what
-- each column is for).
ALTER TABLE rule_sets ADD COLUMN group_id TEXT REFERENCES groups (id) ON DELETE SET NULL;
ALTER TABLE rule_sets ADD COLUMN family TEXT CHECK (family IS NULL OR length(family) BETWEEN 1 AND 64);
ALTER TABLE rule_sets ADD COLUMN version BIGINT NOT NULL DEFAULT 1 CHECK (version >= 1);

CREATE UNIQUE INDEX rule_sets_by_family
    ON rule_sets (COALESCE(family, 'rf-' || substr(id, 4)), version);
CREATE INDEX rule_sets_by_group ON rule_sets (group_id);
