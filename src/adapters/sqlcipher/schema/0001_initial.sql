-- Sources, their chunk texts, the two full-text layers over those texts, and the vocabulary.
CREATE TABLE sources (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    label            TEXT    NOT NULL,
    kind             TEXT    NOT NULL DEFAULT 'durable'
                             CHECK (kind IN ('durable', 'ephemeral', 'session')),
    content_type     TEXT    NOT NULL DEFAULT 'plaintext',
    chunk_count      INTEGER NOT NULL DEFAULT 0,
    code_chunk_count INTEGER NOT NULL DEFAULT 0,
    size_bytes       INTEGER NOT NULL DEFAULT 0,
    content_hash     TEXT    NOT NULL,
    indexed_at       TEXT    NOT NULL,
    last_accessed_at TEXT    NOT NULL,
    access_count     INTEGER NOT NULL DEFAULT 0
);

CREATE UNIQUE INDEX sources_label ON sources (label);
CREATE INDEX sources_kind ON sources (kind);

-- One row per chunk; its id is the rowid of the chunk in both full-text tables.
CREATE TABLE chunk_texts (
    id        INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
    title     TEXT    NOT NULL,
    content   TEXT    NOT NULL,
    has_code  INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX chunk_texts_source ON chunk_texts (source_id);

CREATE VIRTUAL TABLE chunks USING fts5 (
    title, content,
    content = 'chunk_texts', content_rowid = 'id',
    tokenize = 'porter unicode61'
);

CREATE VIRTUAL TABLE chunks_trigram USING fts5 (
    title, content,
    content = 'chunk_texts', content_rowid = 'id',
    tokenize = 'trigram'
);

CREATE TABLE vocabulary (word TEXT PRIMARY KEY) WITHOUT ROWID;

-- The writer inserts into both full-text tables itself (batched, faster than a trigger per row);
-- deleting a source cascades to chunk_texts and from there, through this trigger, to both.
CREATE TRIGGER chunk_texts_ad AFTER DELETE ON chunk_texts BEGIN
    INSERT INTO chunks (chunks, rowid, title, content)
        VALUES ('delete', old.id, old.title, old.content);
    INSERT INTO chunks_trigram (chunks_trigram, rowid, title, content)
        VALUES ('delete', old.id, old.title, old.content);
END;
