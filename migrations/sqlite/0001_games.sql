-- Games: the record of one table's play.
--
-- Storage only: rule-specific data (options, money, what was entered, the points that count)
-- are JSON text the rules engine reads and writes; the database only insists that it is JSON.
-- Tables are STRICT so a wrong type is an error, not a silent conversion.
-- Timestamps are UTC RFC 3339 text with milliseconds.
--
-- Migration policy: a file that has landed is never edited; change the schema with a new file.

CREATE TABLE games (
    -- Edit capability: a random token of at least 128 bits, shared only with the table.
    id           TEXT PRIMARY KEY NOT NULL,
    -- Read-only capability for spectators and the printout; a separate random token.
    view_token   TEXT NOT NULL UNIQUE,
    -- Rule-set id (RULES.md section 4).
    rules        TEXT NOT NULL,
    options      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    -- Player names in seating order (clockwise).
    players      TEXT NOT NULL CHECK (json_valid(players) AND json_type(players) = 'array'),
    -- Index into players of the first round's dealer.
    first_dealer INTEGER NOT NULL DEFAULT 0 CHECK (first_dealer >= 0),
    -- Money settings: cents per point or unit, currency, scheme.
    money        TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(money)),
    -- Bumped by every write to the game or its rounds (optimistic concurrency).
    version      INTEGER NOT NULL DEFAULT 0,
    ended_early  INTEGER NOT NULL DEFAULT 0 CHECK (ended_early IN (0, 1)),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (first_dealer < json_array_length(players))
) STRICT;

CREATE TABLE rounds (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    round_no   INTEGER NOT NULL CHECK (round_no >= 1),
    -- What was entered at the table, as the engine received it.
    entry      TEXT NOT NULL CHECK (json_valid(entry)),
    -- The scores that count for this round (bonuses and doubling applied).
    points     TEXT NOT NULL CHECK (json_valid(points)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game_id, round_no)
) STRICT;

-- Every change to a game, so a correction or an undo can be explained and reverted by hand.
CREATE TABLE history (
    id       INTEGER PRIMARY KEY,
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- NULL for changes that concern the whole game ('end').
    round_no INTEGER,
    action   TEXT NOT NULL CHECK (action IN ('enter', 'correct', 'undo', 'end')),
    before   TEXT CHECK (before IS NULL OR json_valid(before)),
    after    TEXT CHECK (after IS NULL OR json_valid(after)),
    at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX history_by_game ON history (game_id, id);

-- Answers already given to a client-chosen Idempotency-Key, replayed on a repeat.
CREATE TABLE idempotency (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key        TEXT NOT NULL,
    response   TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game_id, key)
) STRICT;
