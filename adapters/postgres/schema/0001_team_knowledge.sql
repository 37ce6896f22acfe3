-- The team knowledge base: sources and chunks per project, a words layer (tsvector in capy's own
-- text-search configuration) and a substrings layer (pg_trgm), under row-level security.
-- Applied by `capy team init` as the owner; members get rows, never tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA capy;

-- Snowball English without a stop-word list: "not", "and" and "with" are words a query may need.
CREATE TEXT SEARCH DICTIONARY capy.english_stem (TEMPLATE = pg_catalog.snowball, LANGUAGE = english);
CREATE TEXT SEARCH CONFIGURATION capy.english (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION capy.english
    ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword,
                      hword_asciipart, hword_part, hword_numpart
    WITH capy.english_stem;

-- Who may read and write which project's rows: one row per (member role, project).
CREATE TABLE capy.members (
    role_name  name NOT NULL,
    project    text NOT NULL CHECK (project <> ''),
    added_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (role_name, project)
);

-- Per project: chunk and token totals (bm25's average lengths); its row is also the lock that
-- makes writers of one project take turns.
CREATE TABLE capy.projects (
    project        text PRIMARY KEY,
    chunks         bigint NOT NULL DEFAULT 0,
    title_tokens   bigint NOT NULL DEFAULT 0,
    content_tokens bigint NOT NULL DEFAULT 0,
    facts_tokens   bigint NOT NULL DEFAULT 0
);

CREATE TABLE capy.sources (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project          text    NOT NULL,
    label            text    NOT NULL,
    kind             text    NOT NULL CHECK (kind IN ('durable', 'ephemeral', 'session')),
    content_type     text    NOT NULL,
    chunk_count      integer NOT NULL DEFAULT 0,
    code_chunk_count integer NOT NULL DEFAULT 0,
    size_bytes       bigint  NOT NULL DEFAULT 0,
    content_hash     text    NOT NULL,
    indexed_at       timestamptz NOT NULL,
    last_accessed_at timestamptz NOT NULL,
    access_count     integer NOT NULL DEFAULT 0,
    UNIQUE (project, label),
    UNIQUE (id, project)
);

CREATE TABLE capy.chunks (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project     text    NOT NULL,
    source_id   bigint  NOT NULL,
    has_code    boolean NOT NULL DEFAULT false,
    title       text    NOT NULL,
    content     text    NOT NULL,
    facts       text    NOT NULL DEFAULT '',
    title_len   integer NOT NULL DEFAULT 0,
    content_len integer NOT NULL DEFAULT 0,
    facts_len   integer NOT NULL DEFAULT 0,
    words       tsvector NOT NULL,
    FOREIGN KEY (source_id, project) REFERENCES capy.sources (id, project) ON DELETE CASCADE
);

CREATE INDEX chunks_source ON capy.chunks (source_id);
-- No pending list (fastupdate): a search would scan every entry written since the last
-- (auto)vacuum linearly, which on a busy project is most of them.
CREATE INDEX chunks_words ON capy.chunks USING gin (words) WITH (fastupdate = off);
CREATE INDEX chunks_substrings ON capy.chunks
    USING gin ((title || E'\n' || content) gin_trgm_ops) WITH (fastupdate = off);

-- How many of a project's chunks hold each word (lexeme): the rarity bm25 weighs by.
CREATE TABLE capy.word_counts (
    project text   NOT NULL,
    word    text   NOT NULL,
    chunks  bigint NOT NULL,
    PRIMARY KEY (project, word)
);

-- capy's own vocabulary words of a project (fuzzy correction of misspelt queries).
CREATE TABLE capy.vocabulary (
    project text NOT NULL,
    word    text NOT NULL,
    PRIMARY KEY (project, word)
);

-- Row-level security, forced on the owner too: a role sees and writes only its projects' rows.
-- Memberships are the owner's to manage (not forced): a member reads its own, writes none.
ALTER TABLE capy.members ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_memberships ON capy.members FOR SELECT USING (role_name = current_user);

CREATE POLICY member_rows ON capy.projects
    USING (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user))
    WITH CHECK (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user));
CREATE POLICY member_rows ON capy.sources
    USING (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user))
    WITH CHECK (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user));
CREATE POLICY member_rows ON capy.chunks
    USING (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user))
    WITH CHECK (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user));
CREATE POLICY member_rows ON capy.word_counts
    USING (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user))
    WITH CHECK (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user));
CREATE POLICY member_rows ON capy.vocabulary
    USING (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user))
    WITH CHECK (project IN (SELECT m.project FROM capy.members m WHERE m.role_name = current_user));

ALTER TABLE capy.projects ENABLE ROW LEVEL SECURITY;
ALTER TABLE capy.projects FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.sources ENABLE ROW LEVEL SECURITY;
ALTER TABLE capy.sources FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.chunks ENABLE ROW LEVEL SECURITY;
ALTER TABLE capy.chunks FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.word_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE capy.word_counts FORCE ROW LEVEL SECURITY;
ALTER TABLE capy.vocabulary ENABLE ROW LEVEL SECURITY;
ALTER TABLE capy.vocabulary FORCE ROW LEVEL SECURITY;

-- Members reach the schema through this group role (granted by `capy team add-member`).
REVOKE ALL ON SCHEMA capy FROM PUBLIC;
