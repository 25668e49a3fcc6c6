-- A table's own rule set belongs to a group (or stands alone) and is versioned (docs/API.md,
-- "Rule sets"; docs/decisions.md 2026-11-27). `group_id` is the owning group's edit id, NULL
-- for a rule set of its own (a group removed leaves its rule sets standing alone: games that
-- use them elsewhere keep them). `family` names a rule set's versions together
-- (`rf-<token>`); NULL is a first version, whose family is `'rf-' || substr(id, 4)` (the
-- rows stored before this migration and those an import brings are first versions).
-- `version` counts within a family, 1 first; a family never has a number twice. A stored
-- rule set still never changes: a new version is a new row with a new id.
ALTER TABLE rule_sets ADD COLUMN group_id TEXT REFERENCES groups (id) ON DELETE SET NULL;
ALTER TABLE rule_sets ADD COLUMN family TEXT CHECK (family IS NULL OR length(family) BETWEEN 1 AND 64);
ALTER TABLE rule_sets ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);

CREATE UNIQUE INDEX rule_sets_by_family
    ON rule_sets (COALESCE(family, 'rf-' || substr(id, 4)), version);
CREATE INDEX rule_sets_by_group ON rule_sets (group_id);
