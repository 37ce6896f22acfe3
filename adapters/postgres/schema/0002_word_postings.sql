-- Under row-level security PostgreSQL puts a member's condition into an index scan only when
-- its operator is leakproof (the policy runs first, and a leaky function must not see rows the
-- policy hides). Text search's @@ and ILIKE are not leakproof, so the GIN indexes never served
-- a member: every words query read the project's chunks one by one, and a rare word read them
-- all. B-tree equality on text is leakproof: one row per (word, chunk) finds a word's chunks
-- through the primary key, and carries the word's occurrences per field for bm25 (ADR 0097).
CREATE TABLE capy.postings (
    project    text     NOT NULL,
    word       text     NOT NULL,
    chunk_id   bigint   NOT NULL REFERENCES capy.chunks (id) ON DELETE CASCADE,
    title_tf   smallint NOT NULL,
    content_tf smallint NOT NULL,
    facts_tf   smallint NOT NULL,
    PRIMARY KEY (chunk_id, word)
);
-- A word's chunks (search); the key above serves rescoring a chunk and the cascade.
CREATE INDEX postings_word ON capy.postings (project, word, chunk_id);

CREATE POLICY member_rows ON capy.postings
    USING (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user))
    WITH CHECK (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user));
ALTER TABLE capy.postings ENABLE ROW LEVEL SECURITY;
ALTER TABLE capy.postings FORCE ROW LEVEL SECURITY;

-- The owner is no member: row-level security is lifted for this transaction only, to fill the
-- postings of the chunks already there.
ALTER TABLE capy.chunks NO FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.postings NO FORCE ROW LEVEL SECURITY;
INSERT INTO capy.postings (project, word, chunk_id, title_tf, content_tf, facts_tf)
SELECT c.project, w.lexeme, c.id,
       cardinality(array_positions(w.weights, 'A')),
       cardinality(array_positions(w.weights, 'B')),
       cardinality(array_positions(w.weights, 'C'))
FROM capy.chunks c, unnest(c.words) w;
ALTER TABLE capy.chunks FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.postings FORCE ROW LEVEL SECURITY;

-- The GIN indexes served no member's query (see above) and cost every write.
DROP INDEX capy.chunks_words;
DROP INDEX capy.chunks_substrings;
