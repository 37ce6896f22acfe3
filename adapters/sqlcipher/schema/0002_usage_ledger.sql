-- What capy's tools kept out of agents' context windows, written after every tool call, so
-- that `capy stats` and `capy_stats` can show this session, today and all time even when a
-- client starts a new server for each session. One row per server session; its counts per
-- local day, event and name (a tool for replies, an origin for processed bytes).
CREATE TABLE usage_sessions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    started_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
);

CREATE TABLE usage_counts (
    session_id INTEGER NOT NULL REFERENCES usage_sessions (id) ON DELETE CASCADE,
    day        TEXT    NOT NULL,
    event      TEXT    NOT NULL CHECK (event IN ('reply', 'processed', 'indexed')),
    name       TEXT    NOT NULL,
    count      INTEGER NOT NULL DEFAULT 0,
    bytes      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, day, event, name)
) WITHOUT ROWID;

CREATE INDEX usage_counts_day ON usage_counts (day);
