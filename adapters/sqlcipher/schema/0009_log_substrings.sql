-- The substrings (trigram) layer indexes a log window's distinct tokens, not its every line
-- (ADR 0144), so what it indexes is no longer the chunk's stored text. Search reads only the
-- table's rowids and bm25 (the texts come from `chunk_texts`), so the table keeps no content
-- and forgets a chunk by its rowid (`contentless_delete`, SQLite 3.43): deleting needs no copy
-- of the text it was given, for the chunks stored before this and after, whatever it was.
-- FTS5 tables cannot change their content option, so the table is created again and filled
-- with every stored chunk's text as it was indexed: once, on the first start after this.
-- rewrites the store: rebuilding its index of parts of words from every stored text
DROP TRIGGER chunk_owners_ad;
DROP TABLE chunks_trigram;

CREATE VIRTUAL TABLE chunks_trigram USING fts5 (
    title, content,
    content = '', contentless_delete = 1,
    tokenize = 'trigram'
);

INSERT INTO chunks_trigram (rowid, title, content) SELECT id, title, content FROM chunk_texts;

CREATE TRIGGER chunk_owners_ad AFTER DELETE ON chunk_owners BEGIN
    INSERT INTO chunks (chunks, rowid, title, content, facts)
        SELECT 'delete', id, title, content, facts FROM chunk_texts WHERE id = old.id;
    DELETE FROM chunks_trigram WHERE rowid = old.id;
    DELETE FROM chunk_texts WHERE id = old.id;
END;
