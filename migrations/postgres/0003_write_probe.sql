-- PostgreSQL twin of migrations/sqlite/0003_write_probe.sql.
CREATE TABLE write_probe (
    data BYTEA NOT NULL
);
