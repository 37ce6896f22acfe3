-- Sessions, their sidecar files, one search row per message, and vault-wide markers.
-- Large blobs are the last column of their row: SQLite reaches a column behind a blob only by
-- walking the blob's overflow pages, so listing sessions would otherwise read every transcript.
CREATE TABLE vault_sessions (
    uuid               TEXT    PRIMARY KEY,
    title              TEXT,
    start_time         TEXT,
    end_time           TEXT,
    message_count      INTEGER NOT NULL DEFAULT 0,
    size_bytes         INTEGER NOT NULL DEFAULT 0,
    content_hash       TEXT    NOT NULL,
    machine_id         TEXT    NOT NULL,
    claude_project_dir TEXT    NOT NULL,
    project_path       TEXT    NOT NULL,
    git_branch         TEXT,
    archived_at        TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL,
    index_version      INTEGER NOT NULL DEFAULT 0,
    stored_bytes       INTEGER NOT NULL DEFAULT 0,
    file_count         INTEGER NOT NULL DEFAULT 0,
    encoding           TEXT    CHECK (encoding IN ('raw', 'zstd')),
    raw_jsonl          BLOB    NOT NULL
);

CREATE INDEX idx_sessions_end_time ON vault_sessions (end_time DESC);
CREATE INDEX idx_sessions_index_version ON vault_sessions (index_version);

CREATE TABLE vault_files (
    session_uuid  TEXT NOT NULL REFERENCES vault_sessions (uuid) ON DELETE CASCADE,
    relative_path TEXT NOT NULL,
    encoding      TEXT CHECK (encoding IN ('raw', 'zstd')),
    raw_content   BLOB NOT NULL,
    PRIMARY KEY (session_uuid, relative_path)
);

-- One narrow row per searchable message; its id is the message's rowid in vault_fts, whose
-- text it holds (external content: the text is stored once). Deleting a session cascades here
-- and, through the trigger, out of the full-text index.
CREATE TABLE vault_messages (
    id            INTEGER PRIMARY KEY,
    session_uuid  TEXT    NOT NULL REFERENCES vault_sessions (uuid) ON DELETE CASCADE,
    subagent_id   TEXT    NOT NULL DEFAULT '',
    turn_index    INTEGER NOT NULL DEFAULT 0,
    message_index INTEGER NOT NULL DEFAULT 0,
    line_index    INTEGER NOT NULL DEFAULT 0,
    role          TEXT    NOT NULL CHECK (role IN ('user', 'assistant', 'tool', 'system')),
    content_text  TEXT    NOT NULL
);

CREATE INDEX vault_messages_session ON vault_messages (session_uuid);

CREATE VIRTUAL TABLE vault_fts USING fts5 (
    content_text,
    content = 'vault_messages', content_rowid = 'id',
    tokenize = 'porter unicode61'
);

CREATE TRIGGER vault_messages_ai AFTER INSERT ON vault_messages BEGIN
    INSERT INTO vault_fts (rowid, content_text) VALUES (new.id, new.content_text);
END;

CREATE TRIGGER vault_messages_ad AFTER DELETE ON vault_messages BEGIN
    INSERT INTO vault_fts (vault_fts, rowid, content_text)
        VALUES ('delete', old.id, old.content_text);
END;

-- Vault-wide markers, e.g. min_reader_version: the oldest capy that can read every row.
CREATE TABLE vault_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
