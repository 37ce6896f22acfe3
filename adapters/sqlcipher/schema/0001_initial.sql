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

-- One narrow row per chunk (its id is the chunk's rowid in both full-text tables), kept apart
-- from the text so that ranking and filtering never read (and decrypt) the large text pages.
CREATE TABLE chunk_owners (
    id        INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
    has_code  INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX chunk_owners_source ON chunk_owners (source_id);

CREATE TABLE chunk_texts (
    id      INTEGER PRIMARY KEY,
    title   TEXT NOT NULL,
    content TEXT NOT NULL
);

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

-- The writer inserts into all four chunk tables itself, in batches. Deleting a source cascades
-- to chunk_owners and from there, through this trigger, to both full-text tables and the text.
CREATE TRIGGER chunk_owners_ad AFTER DELETE ON chunk_owners BEGIN
    INSERT INTO chunks (chunks, rowid, title, content)
        SELECT 'delete', id, title, content FROM chunk_texts WHERE id = old.id;
    INSERT INTO chunks_trigram (chunks_trigram, rowid, title, content)
        SELECT 'delete', id, title, content FROM chunk_texts WHERE id = old.id;
    DELETE FROM chunk_texts WHERE id = old.id;
END;
