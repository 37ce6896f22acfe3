-- The substrings (trigram) layer indexes a log window's distinct tokens, not its every line
-- (ADR 0144): ``chunk_texts.substrings`` holds that text, NULL meaning the content itself (every
-- chunk stored before this, and every chunk that is not a log window). The trigram table reads
-- its text through a view that says so, and the delete trigger removes from it exactly the text
-- it was given, old rows and new.
-- FTS5 tables take no new content table, so the trigram table is created again over the view
-- and rebuilt from it: once, on the first start after this migration.
ALTER TABLE chunk_texts ADD COLUMN substrings TEXT;

CREATE VIEW chunk_substrings AS
    SELECT id, title, coalesce(substrings, content) AS content FROM chunk_texts;

DROP TRIGGER chunk_owners_ad;
DROP TABLE chunks_trigram;

CREATE VIRTUAL TABLE chunks_trigram USING fts5 (
    title, content,
    content = 'chunk_substrings', content_rowid = 'id',
    tokenize = 'trigram'
);

INSERT INTO chunks_trigram (chunks_trigram) VALUES ('rebuild');

CREATE TRIGGER chunk_owners_ad AFTER DELETE ON chunk_owners BEGIN
    INSERT INTO chunks (chunks, rowid, title, content, facts)
        SELECT 'delete', id, title, content, facts FROM chunk_texts WHERE id = old.id;
    INSERT INTO chunks_trigram (chunks_trigram, rowid, title, content)
        SELECT 'delete', id, title, coalesce(substrings, content) FROM chunk_texts
        WHERE id = old.id;
    DELETE FROM chunk_texts WHERE id = old.id;
END;
