"""Deleting sources because a user or the retention policy asked: nothing of them stays in the
file (ADR 0152), and no step holds the write lock for long (ADR 0161).

The store's ordinary writes leave the whole pages they free as they are, encrypted
(``secure_delete = FAST``). A deletion that was asked for zeroes every page it frees
(``secure_delete = ON``) and takes the sources' text and words out of everything that held
them:

- the pages ordinary writes freed before (a source's segments merged away under FAST keep its
  words): every free page is overwritten with zeros first;
- the full-text segments. FTS5 deletes by adding delete markers (the trigram table, which
  keeps no content, by marking the rowid deleted) and leaves the words in the older segments
  until a merge rewrites them: after the deletion both tables are merged into one segment, in
  bounded steps. FTS5's own ``secure-delete`` does not reach the trigram table, so that table
  is rewritten whatever the share deleted, and then the porter table's merge costs less than
  taking its words out one by one (ADR 0168);
- the vocabulary: the sources' words that no chunk left holds (what a vacuum prunes).

Each step is a write transaction of its own (sources a few hundred chunks at a time, the
vocabulary a few thousand words at a time, one merge step of ``MERGE_PAGES`` pages), so
indexing waits for one step, not for the whole purge; every state between two steps is a
store that opens. When another connection wrote between the steps, the pages it freed may
hold merged copies of the deleted text: the free pages are zeroed once more at the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError
from adapters.sqlcipher.maintenance import (
    FTS_TABLES,
    VOCABULARY_TABLES,
    merge_into_one,
    pragma_int,
    unmatched_words,
)
from adapters.sqlcipher.transactions import write_transaction
from domain.search.stopwords import STOPWORDS
from domain.search.words import MIN_WORD_LENGTH
from domain.vocabulary import document_vocabulary

BATCH_CHUNKS = 100  # chunks deleted per write transaction
BATCH_WORDS = 2000  # vocabulary words checked per write transaction
MERGE_PAGES = 256  # pages of segments one merge step rewrites
PURGE_CACHE_KIB = 65536  # the page cache while purging (the store's: SQLite's 2 MB)
_MODES = ("OFF", "ON", "FAST")  # PRAGMA secure_delete's values, by number
_TEXTS = """SELECT t.title, t.content, t.facts FROM chunk_texts AS t
    JOIN chunk_owners AS o ON o.id = t.id WHERE o.source_id = ?"""
_FILL = "purge_zeroed_pages"


def purge_sources(connection: Connection, ids: Sequence[int]) -> int:
    """Deletes the sources (their chunks leave both layers through the schema's trigger)."""
    with _zeroing(connection):
        before = pragma_int(connection, "data_version")
        with write_transaction(connection):
            _zero_free_pages(connection)
            counts = _chunk_counts(connection, ids)
        deleted = 0
        words: set[str] = set()
        for batch in _batches(ids, counts):
            with write_transaction(connection):
                gone, said = _delete(connection, batch)
            deleted += gone
            words |= said
        # before the prune: a word is then looked up in one segment, not in dozens
        for table in FTS_TABLES if deleted else ():
            merge_into_one(connection, table, MERGE_PAGES)
        ordered = sorted(words)
        for start in range(0, len(ordered), BATCH_WORDS):
            with write_transaction(connection):
                _prune(connection, ordered[start : start + BATCH_WORDS])
        if pragma_int(connection, "data_version") != before:
            with write_transaction(connection):
                _zero_free_pages(connection)
    return deleted


@contextmanager
def _zeroing(connection: Connection) -> Iterator[None]:
    """``secure_delete = ON`` and a larger page cache for the purge, the connection's own after.

    The vocabulary's check looks each word up in every full-text segment: with the store's
    small cache the same pages are decrypted again and again (at 100 k chunks 2.0 s for one
    source's 4,000 words, with ``PURGE_CACHE_KIB`` 0.8 s)."""
    ordinary = pragma_int(connection, "secure_delete")
    cache = pragma_int(connection, "cache_size")
    connection.execute("PRAGMA secure_delete = ON")
    connection.execute(f"PRAGMA cache_size = {-PURGE_CACHE_KIB}")
    try:
        yield
    finally:
        connection.execute(f"PRAGMA cache_size = {cache}")
        # by name: the number 2 reads as "on", not as FAST
        connection.execute(f"PRAGMA secure_delete = {_MODES[ordinary]}")


def _zero_free_pages(connection: Connection) -> None:
    """Overwrites every free page with zeros: a blob as large as the free list takes its pages
    (and a few more at the end of the file), and leaves them zeroed."""
    free = pragma_int(connection, "freelist_count")
    if not free:
        return
    connection.execute(f"CREATE TABLE {_FILL} (zeros BLOB)")
    connection.execute(
        f"INSERT INTO {_FILL} VALUES (zeroblob(?))", (free * pragma_int(connection, "page_size"),)
    )
    connection.execute(f"DROP TABLE {_FILL}")


def _chunk_counts(connection: Connection, ids: Sequence[int]) -> dict[int, int]:
    rows = connection.execute(
        "SELECT id, chunk_count FROM sources WHERE id IN (SELECT value FROM json_each(?))",
        (json.dumps(list(ids)),),
    )
    return {int(source_id): int(count) for source_id, count in rows}


def _batches(ids: Sequence[int], counts: dict[int, int]) -> Iterator[list[int]]:
    """The existing sources, a batch at most ``BATCH_CHUNKS`` chunks (a larger source alone)."""
    batch: list[int] = []
    chunks = 0
    for source_id in ids:
        if source_id not in counts:
            continue
        if batch and chunks + counts[source_id] > BATCH_CHUNKS:
            yield batch
            batch, chunks = [], 0
        batch.append(source_id)
        chunks += counts[source_id]
    if batch:
        yield batch


def _delete(connection: Connection, ids: Sequence[int]) -> tuple[int, set[str]]:
    """Deletes inside the caller's transaction; the sources' words."""
    deleted = 0
    words: set[str] = set()
    for source_id in ids:
        words |= _words(connection, source_id)
        deleted += connection.execute("DELETE FROM sources WHERE id = ?", (source_id,)).rowcount
    return deleted, words


def _words(connection: Connection, source_id: int) -> set[str]:
    """The vocabulary words the source brought (the rule indexing used, ``document_vocabulary``
    of its text, and its chunks' fact words)."""
    words: set[str] = set()
    for title, content, facts in connection.execute(_TEXTS, (source_id,)):
        words |= document_vocabulary(
            f"{title}\n{content}",
            known=(w for w in facts.split() if len(w) >= MIN_WORD_LENGTH and w not in STOPWORDS),
        )
    return words


def _prune(connection: Connection, words: Sequence[str]) -> None:
    try:
        for table in VOCABULARY_TABLES:
            connection.execute(unmatched_words(table, only_these=True), (json.dumps(words),))
    except OperationalError:
        return  # a word FTS5 cannot parse: keep them all, as a vacuum does
