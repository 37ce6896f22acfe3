-- Chunks carry the words their lines' codes stand for (``server error`` for an access log's 500,
-- ``slow`` for rt=1.4), searched by the porter layer like the text and never shown; the porter
-- index's words can be counted (ADR 0044).
-- FTS5 tables take no new column, so the porter table is created again over the wider text
-- table and rebuilt from it; chunks stored before this have no facts until indexed again.
ALTER TABLE chunk_texts ADD COLUMN facts TEXT NOT NULL DEFAULT '';

DROP TRIGGER chunk_owners_ad;
DROP TABLE chunks;

CREATE VIRTUAL TABLE chunks USING fts5 (
    title, content, facts,
    content = 'chunk_texts', content_rowid = 'id',
    tokenize = 'porter unicode61'
);

INSERT INTO chunks (chunks) VALUES ('rebuild');

-- How many chunks hold each indexed word: search weighs a query's words by it (ADR 0044).
CREATE VIRTUAL TABLE chunks_vocab USING fts5vocab (chunks, row);

CREATE TRIGGER chunk_owners_ad AFTER DELETE ON chunk_owners BEGIN
    INSERT INTO chunks (chunks, rowid, title, content, facts)
        SELECT 'delete', id, title, content, facts FROM chunk_texts WHERE id = old.id;
    INSERT INTO chunks_trigram (chunks_trigram, rowid, title, content)
        SELECT 'delete', id, title, content FROM chunk_texts WHERE id = old.id;
    DELETE FROM chunk_texts WHERE id = old.id;
END;
