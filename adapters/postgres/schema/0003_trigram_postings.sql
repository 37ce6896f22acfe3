-- Substrings through an index a member can use (ADR 0112). ILIKE is not leakproof, so under
-- row-level security no index answers it (ADR 0097) and a substring search read only the
-- project's newest chunks. Text equality is leakproof: one row per (source, trigram of its
-- lower-cased text) lists the source's chunks holding that trigram. A substring's chunks are
-- among those of its rarest trigram; ILIKE then checks the candidates alone.
CREATE TABLE capy.trigrams (
    project   text     NOT NULL,
    trigram   text     NOT NULL,
    source_id bigint   NOT NULL,
    chunk_ids bigint[] NOT NULL,
    PRIMARY KEY (project, trigram, source_id)
);
-- A source's rows go with it (deleted by the writer: a foreign key would check every one of
-- the thousands of rows a document writes).
CREATE INDEX trigrams_source ON capy.trigrams (source_id);

CREATE POLICY member_rows ON capy.trigrams
    USING (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user))
    WITH CHECK (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user));
ALTER TABLE capy.trigrams ENABLE ROW LEVEL SECURITY;
ALTER TABLE capy.trigrams FORCE ROW LEVEL SECURITY;

-- The owner is no member: row-level security is lifted for this transaction only, to fill the
-- trigrams of the chunks already there (the same text the substrings layer matches).
ALTER TABLE capy.chunks NO FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.trigrams NO FORCE ROW LEVEL SECURITY;
-- Every trigram of a text: three passes of non-overlapping three-character matches, starting at
-- its first, second and third character (linear; substr at every position is not).
SET LOCAL work_mem = '64MB';
INSERT INTO capy.trigrams (project, trigram, source_id, chunk_ids)
SELECT g.project, g.trigram, g.source_id, array_agg(g.id ORDER BY g.id)
FROM (SELECT DISTINCT c.project, c.source_id, c.id, m[1] AS trigram
      FROM capy.chunks c
      CROSS JOIN LATERAL (SELECT lower(c.title || E'\n' || c.content) AS text OFFSET 0) t
      CROSS JOIN generate_series(1, 3) k
      CROSS JOIN LATERAL regexp_matches(substr(t.text, k), '(...)', 'g') m) g
GROUP BY g.project, g.trigram, g.source_id;
ALTER TABLE capy.chunks FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.trigrams FORCE ROW LEVEL SECURITY;
