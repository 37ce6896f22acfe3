-- The semantic layer's vectors (ADR 0081): one per passage of each distinct chunk text and
-- model, keyed by the SHA-256 of the chunk's text, so a chunk indexed again unchanged (or the
-- same text in another source) is never embedded twice. Plain BLOBs of little-endian float32, encrypted
-- with the rest of the file: a capy without the semantic extra opens and uses the file as
-- before and simply never reads them.
ALTER TABLE chunk_owners ADD COLUMN text_hash TEXT;

CREATE INDEX chunk_owners_text_hash ON chunk_owners (text_hash);

CREATE TABLE chunk_vectors (
    id        INTEGER PRIMARY KEY,
    model     TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    part      INTEGER NOT NULL,
    vector    BLOB NOT NULL,
    UNIQUE (model, text_hash, part)
);
