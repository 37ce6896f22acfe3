"""Deleting sources because a user or the retention policy asked: nothing of them stays in the
file (ADR 0152).

The store's ordinary writes leave the whole pages they free as they are, encrypted
(``secure_delete = FAST``). A deletion that was asked for zeroes every page it frees
(``secure_delete = ON``) and takes the sources' words out of everything that held them:

- the full-text segments. FTS5 deletes by adding delete markers and leaves the words in the
  older segments until a merge rewrites them. A few chunks leave through FTS5's own
  ``secure-delete`` (each word taken out of the segments that hold it; on for this
  transaction only, no table's definition changes); many leave as markers and then one
  ``optimize`` rewrites every segment — whichever costs less for the share deleted;
- the vocabulary: the sources' words that no chunk left holds (what a vacuum prunes).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError
from adapters.sqlcipher.maintenance import FTS_TABLES, VOCABULARY_TABLES, unmatched_words
from adapters.sqlcipher.transactions import write_transaction
from domain.search.stopwords import STOPWORDS
from domain.search.words import MIN_WORD_LENGTH
from domain.vocabulary import document_vocabulary

# FTS5's ``secure-delete`` costs ~1.8 ms of CPU per chunk deleted, an ``optimize`` ~0.1 ms per
# chunk stored (10 k chunks): past one chunk deleted in 16 stored, the optimize is cheaper.
OPTIMIZE_SHARE = 16
_MODES = ("OFF", "ON", "FAST")  # PRAGMA secure_delete's values, by number
_TEXTS = """SELECT t.title, t.content, t.facts FROM chunk_texts AS t
    JOIN chunk_owners AS o ON o.id = t.id WHERE o.source_id = ?"""


def purge_sources(connection: Connection, ids: Sequence[int]) -> int:
    """Deletes the sources (their chunks leave both layers through the schema's trigger)."""
    ordinary = connection.execute("PRAGMA secure_delete").fetchone()[0]
    connection.execute("PRAGMA secure_delete = ON")
    try:
        with write_transaction(connection):
            deleted, words, marked = _delete(connection, ids)
            _prune(connection, words)
            if marked:
                for table in FTS_TABLES:
                    connection.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")
    finally:
        # by name: the number 2 reads as "on", not as FAST
        connection.execute(f"PRAGMA secure_delete = {_MODES[ordinary]}")
    return deleted


def _delete(connection: Connection, ids: Sequence[int]) -> tuple[int, set[str], int]:
    """Deletes inside the caller's transaction; the sources' words, and how many chunks left
    as delete markers (0 when FTS5 took their words out itself)."""
    stored = connection.execute("SELECT count(*) FROM chunk_owners").fetchone()[0]
    leaving = _chunk_count(connection, ids)
    markers = leaving * OPTIMIZE_SHARE > stored
    if not markers:
        _fts_secure_delete(connection, on=True)
    deleted = 0
    words: set[str] = set()
    for source_id in ids:
        words |= _words(connection, source_id)
        deleted += connection.execute("DELETE FROM sources WHERE id = ?", (source_id,)).rowcount
    if not markers:
        _fts_secure_delete(connection, on=False)
    return deleted, words, leaving if markers else 0


def _chunk_count(connection: Connection, ids: Sequence[int]) -> int:
    row = connection.execute(
        "SELECT coalesce(sum(chunk_count), 0) FROM sources"
        " WHERE id IN (SELECT value FROM json_each(?))",
        (json.dumps(list(ids)),),
    ).fetchone()
    return int(row[0])


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


def _prune(connection: Connection, words: set[str]) -> None:
    if not words:
        return
    try:
        for table in VOCABULARY_TABLES:
            connection.execute(
                unmatched_words(table, only_these=True), (json.dumps(sorted(words)),)
            )
    except OperationalError:
        return  # a word FTS5 cannot parse: keep them all, as a vacuum does


def _fts_secure_delete(connection: Connection, *, on: bool) -> None:
    for table in FTS_TABLES:
        connection.execute(
            f"INSERT INTO {table} ({table}, rank) VALUES ('secure-delete', ?)", (int(on),)
        )
