-- The vocabulary's newest words (ADR 0122). Each indexed document adds its new words here, to a
-- table small enough that a document's few thousand new words touch few of its pages; the store
-- folds them into `vocabulary` in one transaction now and then (and at every vacuum). A word is
-- in one of the two tables, never both; a search reads both.
CREATE TABLE vocabulary_recent (word TEXT PRIMARY KEY) WITHOUT ROWID;
