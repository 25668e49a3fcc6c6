-- Where `/readyz` tries a small write while the database has been refusing writes (a full
-- disk): a row is written and deleted in one transaction, so the table stays empty.
CREATE TABLE write_probe (
    data BLOB NOT NULL
) STRICT;
