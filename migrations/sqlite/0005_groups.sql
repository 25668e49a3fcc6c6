-- Groups (issue 10): a table of people who meet again keeps its players, its games, its house
-- rules and its settle-ups from one evening to the next.
--
-- Like a game, a group is a capability: its id is the edit link (128 random bits), its
-- view_token a separate read-only link. No accounts. Every change to a group bumps its
-- version (optimistic concurrency) and is recorded in `group_history`, before and after.
-- Standings and the ledger are never stored: they are computed from the stored games.
-- Tables are STRICT; timestamps are UTC RFC 3339 text with milliseconds, as in 0001.

CREATE TABLE groups (
    -- Edit capability: a random token of at least 128 bits, shared only with the table.
    id          TEXT PRIMARY KEY NOT NULL,
    -- Read-only capability; a separate random token.
    view_token  TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL CHECK (length(name) >= 1),
    -- Bumped by every write to the group (optimistic concurrency).
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- The people of a group, with a stable identity: a rename changes `name`, never `id`.
CREATE TABLE group_players (
    id          INTEGER PRIMARY KEY,
    group_id    TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(name) >= 1),
    -- The name as people read it (NFKC, case-folded, invisible characters and surrounding or
    -- repeated spaces removed), computed by the app: two players of a group never share one.
    name_key    TEXT NOT NULL CHECK (length(name_key) >= 1),
    -- Retired players are hidden from new games and kept in every game and the history.
    retired     INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE UNIQUE INDEX group_players_by_name ON group_players (group_id, name_key);

-- House rules: a named rule set of the group (a preset plus its options, "Oma's Liverpool").
CREATE TABLE group_rulesets (
    id          INTEGER PRIMARY KEY,
    group_id    TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(name) >= 1),
    -- Compared like player names: one house rule set of a name per group.
    name_key    TEXT NOT NULL CHECK (length(name_key) >= 1),
    -- Rule-set id (RULES.md section 4) and its option overrides, as a game stores them.
    rules       TEXT NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE UNIQUE INDEX group_rulesets_by_name ON group_rulesets (group_id, name_key);

-- A game belongs to at most one group; the name of the house rules it was started with is
-- kept on the game itself, so deleting or renaming a house rule set never changes an old game.
ALTER TABLE games ADD COLUMN group_id TEXT REFERENCES groups (id);
ALTER TABLE games ADD COLUMN house_rules TEXT;

CREATE INDEX games_by_group ON games (group_id, created_at) WHERE group_id IS NOT NULL;

-- Which group player sits in which seat of a group's game (seats as in `games.players`).
CREATE TABLE game_seats (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    player_id   INTEGER NOT NULL REFERENCES group_players (id),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
) STRICT;

CREATE INDEX game_seats_by_player ON game_seats (player_id);

-- "Settled up": the balances paid at that moment (JSON, cents by player id); the ledger starts
-- again at zero after the latest one.
CREATE TABLE settle_ups (
    id          INTEGER PRIMARY KEY,
    group_id    TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    -- The group's version this settle-up brought it to.
    version     INTEGER NOT NULL,
    balances    TEXT NOT NULL CHECK (json_valid(balances)),
    at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX settle_ups_by_group ON settle_ups (group_id, id);

-- Every change to a group, with the state before and after (JSON), like `history` for games.
CREATE TABLE group_history (
    id          INTEGER PRIMARY KEY,
    group_id    TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    action      TEXT NOT NULL CHECK (action IN ('create', 'add_player', 'rename', 'retire',
                                                'add_game', 'save_rules', 'delete_rules',
                                                'settle_up', 'rename_group')),
    before      TEXT CHECK (before IS NULL OR json_valid(before)),
    after       TEXT CHECK (after IS NULL OR json_valid(after)),
    at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX group_history_by_group ON group_history (group_id, id);

-- Which form submission (or API request with an Idempotency-Key) created which group, with a
-- SHA-256 of the request: a repeat of the same request opens the group already created.
CREATE TABLE group_creations (
    key          TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    group_id     TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    request_hash TEXT NOT NULL,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Answers already given to an idempotency key of a write to a group, replayed on a repeat of
-- the same request (the request's hash beside it).
CREATE TABLE group_idempotency (
    group_id     TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    key          TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    response     TEXT NOT NULL,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (group_id, key)
) STRICT;
