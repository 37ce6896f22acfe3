-- The session sweep's record of each session file it read: unchanged files are never read again.
CREATE TABLE swept_sessions (
    session_key TEXT    PRIMARY KEY,
    fingerprint TEXT    NOT NULL,
    swept_at    TEXT    NOT NULL,
    outcome     TEXT    NOT NULL,
    label       TEXT    NOT NULL DEFAULT '',
    follows     TEXT    NOT NULL DEFAULT '',
    turns       INTEGER NOT NULL DEFAULT 0
);
