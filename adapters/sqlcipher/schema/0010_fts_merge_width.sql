-- Both full-text tables merge their segments eight at a time instead of FTS5's default four
-- (ADR 0146): each posting is rewritten about half as often while documents are indexed, and
-- a search reads the same rows with the same scores. The setting is kept in each table's
-- `_config` row, so it applies to files made before it as soon as they are opened.
INSERT INTO chunks (chunks, rank) VALUES ('automerge', 8);
INSERT INTO chunks_trigram (chunks_trigram, rank) VALUES ('automerge', 8);
