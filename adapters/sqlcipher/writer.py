"""Everything that changes the knowledge database: index, touch, access tracking, deletion."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from datetime import datetime

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.purge import purge_sources
from adapters.sqlcipher.rows import SOURCE_COLUMNS, to_source, to_text
from adapters.sqlcipher.term_buffer import larger_term_buffer
from adapters.sqlcipher.transactions import write_transaction
from adapters.sqlcipher.word_list import json_words
from domain.chunk import Chunk
from domain.search.substring_text import substring_texts
from domain.source import DocumentHead, IndexOutcome, Source, SourceDocument

_BY_LABEL = f"SELECT {SOURCE_COLUMNS} FROM sources WHERE label = ?"
_BY_ID = f"SELECT {SOURCE_COLUMNS} FROM sources WHERE id = ?"
_INSERT_SOURCE = """INSERT INTO sources
    (label, kind, content_type, chunk_count, code_chunk_count, size_bytes, content_hash,
     indexed_at, last_accessed_at, access_count)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)"""
_INSERT_OWNER = "INSERT INTO chunk_owners (source_id, has_code) VALUES (?, ?)"
_OWNED_IDS = "SELECT id FROM chunk_owners WHERE source_id = ? AND id > ? ORDER BY id"
_ADD_WORDS = """INSERT OR IGNORE INTO vocabulary_recent (word)
    SELECT value FROM json_each(?) AS new
    WHERE NOT EXISTS (SELECT 1 FROM vocabulary WHERE word = new.value)"""
# A document whose new words alone make the store's fold due (a big log's ids) writes them
# straight into the vocabulary, where the fold that follows its commit would move them; the
# words waiting in the recent table stay for that fold, so no word is in both tables at any
# commit (ADR 0201).
_ADD_WORDS_TO_VOCABULARY = """INSERT OR IGNORE INTO vocabulary (word)
    SELECT value FROM json_each(?) AS new
    WHERE NOT EXISTS (SELECT 1 FROM vocabulary_recent WHERE word = new.value)"""
# A streamed document's terms are held in memory up to this many bytes in the trigram table
# before FTS5 writes a segment (its default is 1 MB): fewer segments to merge, for more memory
# while it is written (ADR 0185). 8 MB, written with the connection's small page cache (a
# streamed document is over ``OWN_PAGES_FROM_BYTES``): the 6 MB the cache gives back hold the
# 4 MB more of terms, and a 20 MB log's store costs an eighth less CPU than with 4 MB of terms
# and the 8 MB cache (ADR 0289; ADR 0257 had chosen 4 MB to stay within issue 24's 25 MB).
STREAMED_TERM_TABLES = ("chunks_trigram",)
STREAMED_TERM_BYTES = 8 * 1024 * 1024


def index_document(
    connection: Connection,
    document: SourceDocument,
    now: datetime,
    words: Sequence[str],
    fold_words: int,
) -> IndexOutcome:
    """Dedup by label, replace on new content, insert chunks in both layers: one transaction.

    ``words`` are the document's vocabulary words not yet known to be stored; ``fold_words``,
    how many new words make the store fold the recent ones into the vocabulary.
    """
    stamp = to_text(now)
    with write_transaction(connection):
        existing, held = _same_or_clear(connection, document, stamp)
        if held is not None:
            return held
        source_id = _insert(connection, document, stamp, words, fold_words)
        return IndexOutcome(
            source=_reload(connection, source_id),
            already_indexed=False,
            replaced=existing is not None,
        )


def _same_or_clear(
    connection: Connection, head: DocumentHead | SourceDocument, stamp: str
) -> tuple[Source | None, IndexOutcome | None]:
    """The label's stored source, and the outcome when it already holds this content (touched);
    a source with other content is deleted, to be replaced inside the caller's transaction."""
    row = connection.execute(_BY_LABEL, (head.label,)).fetchone()
    existing = to_source(row) if row else None
    if existing is not None and existing.content_hash == head.content_hash:
        connection.execute(
            "UPDATE sources SET kind = ?, last_accessed_at = ? WHERE id = ?",
            (head.kind.value, stamp, existing.id),
        )
        return existing, IndexOutcome(source=_reload(connection, existing.id), already_indexed=True)
    if existing is not None:
        connection.execute("DELETE FROM sources WHERE id = ?", (existing.id,))
    return existing, None


def _insert(
    connection: Connection,
    document: SourceDocument,
    stamp: str,
    words: Sequence[str],
    fold_words: int,
) -> int:
    chunks = document.chunks
    cursor = connection.execute(
        _INSERT_SOURCE,
        (
            document.label,
            document.kind.value,
            document.content_type.value,
            len(chunks),
            sum(1 for chunk in chunks if chunk.has_code),
            document.size_bytes,
            document.content_hash,
            stamp,
            stamp,
        ),
    )
    source_id = cursor.lastrowid
    assert source_id is not None
    _insert_chunks(connection, source_id, chunks, 0)
    _add_words(connection, words, fold_words)
    return source_id


def _add_words(connection: Connection, words: Sequence[str], fold_words: int) -> None:
    """One statement for the whole word list: far cheaper than one bound call per word. New
    words go to the small table of recent ones (ADR 0122): inserted into the large one, a
    document's new words (ids, hashes) land on nearly every one of its pages, each then written
    again. When they alone make the fold due, the fold would write those pages at once anyway:
    they go there now instead of twice through the recent table (ADR 0201)."""
    _add_word_lists(connection, (json_words(words),), len(words), fold_words)


def _add_word_lists(
    connection: Connection, lists: Iterable[str], count: int, fold_words: int
) -> None:
    """``_add_words`` for ``count`` words given as JSON arrays, no word in two."""
    statement = _ADD_WORDS_TO_VOCABULARY if count >= fold_words else _ADD_WORDS
    for words in lists:
        connection.execute(statement, (words,))


def _new_words(
    parts: Iterable[AbstractSet[str]],
    unseen: Callable[[AbstractSet[str]], Sequence[str]],
    listed_up_to: int,
) -> tuple[list[str], int, list[str]]:
    """The new words of a vocabulary given in parts: a JSON array a part, their number, and
    the words themselves while there are at most ``listed_up_to`` of them (else none). Only
    one part's words are held as strings at a time: a big log's ~100 k ids held at once were
    the server's peak (ADR 0251)."""
    lists: list[str] = []
    count = 0
    listed: list[str] = []
    for part in parts:
        words = unseen(part)
        del part
        count += len(words)
        lists.append(json_words(words))
        if count <= listed_up_to:
            listed.extend(words)
        else:
            listed.clear()
        del words
    return lists, count, listed


def index_streamed(
    connection: Connection,
    head: DocumentHead,
    batches: Iterable[Sequence[Chunk]],
    vocabulary: Callable[[], Iterable[AbstractSet[str]]],
    *,
    now: datetime,
    unseen: Callable[[AbstractSet[str]], Sequence[str]],
    fold_words: int,
    listed_up_to: int,
) -> tuple[IndexOutcome, int, int, Sequence[str]]:
    """``index_document`` for a document whose chunks come in batches, all in one transaction
    (an exception from ``batches`` or ``vocabulary`` rolls every row back: a kill leaves whole
    sources only). ``vocabulary``: its words in parts, no word in two. Returns the outcome,
    the chunks inserted, the number of words added, and those words when there are at most
    ``listed_up_to`` of them (else none)."""
    stamp = to_text(now)
    with write_transaction(connection):
        existing, held = _same_or_clear(connection, head, stamp)
        if held is not None:
            return held, 0, 0, ()
        source_id = connection.execute(
            _INSERT_SOURCE,
            (
                head.label,
                head.kind.value,
                head.content_type.value,
                0,
                0,
                head.size_bytes,
                head.content_hash,
                stamp,
                stamp,
            ),
        ).lastrowid
        assert source_id is not None
        count = code = last = 0
        with larger_term_buffer(connection, STREAMED_TERM_TABLES, STREAMED_TERM_BYTES):
            for batch in batches:
                last = _insert_chunks(connection, source_id, batch, last)
                count += len(batch)
                code += sum(1 for c in batch if c.has_code)
        connection.execute(
            "UPDATE sources SET chunk_count = ?, code_chunk_count = ? WHERE id = ?",
            (count, code, source_id),
        )
        lists, added, listed = _new_words(vocabulary(), unseen, listed_up_to)
        _add_word_lists(connection, lists, added, fold_words)
        del lists
        outcome = IndexOutcome(
            source=_reload(connection, source_id),
            already_indexed=False,
            replaced=existing is not None,
        )
        return outcome, count, added, listed


def _insert_chunks(
    connection: Connection, source_id: int, chunks: Sequence[Chunk], after: int
) -> int:
    """Inserts ``chunks`` of the source in every table; ``after``: the source's last chunk id
    so far (0 for none). Returns the last chunk id."""
    # The engine allocates the chunk ids (rowids, ascending in insert order); the other tables
    # take them from the source's new owner rows, one batch per table.
    connection.executemany(_INSERT_OWNER, ((source_id, int(c.has_code)) for c in chunks))
    ids = [row[0] for row in connection.execute(_OWNED_IDS, (source_id, after))]
    if len(ids) != len(chunks):
        raise ValueError(f"{len(ids)} chunk ids for {len(chunks)} chunks")
    # Rows are made one at a time as each statement binds them: a list of a tuple per chunk,
    # three times over, is thousands of small blocks alive at the call's peak, and freed ones
    # the interpreter keeps for reuse (its tuple free lists) long after the call.
    connection.executemany(
        "INSERT INTO chunk_texts (id, title, content, facts) VALUES (?, ?, ?, ?)",
        ((i, c.title, c.content, c.facts) for i, c in zip(ids, chunks, strict=True)),
    )
    connection.executemany(
        "INSERT INTO chunks (rowid, title, content, facts) VALUES (?, ?, ?, ?)",
        ((i, c.title, c.content, c.facts) for i, c in zip(ids, chunks, strict=True)),
    )
    # The substrings layer indexes a log window's distinct tokens (ADR 0144).
    reduced = substring_texts(chunks)
    connection.executemany(
        "INSERT INTO chunks_trigram (rowid, title, content) VALUES (?, ?, ?)",
        ((i, c.title, text or c.content) for i, c, text in zip(ids, chunks, reduced, strict=True)),
    )
    return ids[-1] if ids else after


def _reload(connection: Connection, source_id: int) -> Source:
    return to_source(connection.execute(_BY_ID, (source_id,)).fetchone())


def record_access(connection: Connection, source_ids: Iterable[int], at: datetime) -> None:
    ids = sorted(set(source_ids))
    if not ids:
        return
    with write_transaction(connection):
        connection.executemany(
            "UPDATE sources SET access_count = access_count + 1, last_accessed_at = ? WHERE id = ?",
            [(to_text(at), source_id) for source_id in ids],
        )


def delete_sources(connection: Connection, source_ids: Iterable[int]) -> int:
    """Deletes the sources; nothing of them stays in the file (``purge``, ADR 0152)."""
    ids = sorted(set(source_ids))
    if not ids:
        return 0
    return purge_sources(connection, ids)
