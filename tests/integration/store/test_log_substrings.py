"""The substrings layer indexes a log window's distinct tokens: every part of a word is still
found, deleting removes exactly what was indexed, and stores made before keep working."""

from __future__ import annotations

import hashlib
from pathlib import Path

from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.search.store_query import Combine
from domain.search_hit import SearchScope
from domain.source import SourceDocument
from domain.source_kind import SourceKind
from tests.integration.store.helpers import open_store, raw_connection, store_before
from tests.unit.store.queries import substrings, words

LINE = (
    "2026-12-03 09:43:{s:02d} ERROR [http-nio-8080-exec-{s}] o.h.e.j.s.SqlExceptionHelper "
    "org.springframework.dao.DataIntegrityViolationException: duplicate key value"
)
TITLE = "09:43:00–09:43:19: ERROR ×20"


def _window(first: int = 0) -> str:
    return "\n".join(LINE.format(s=s) for s in range(first, first + 20))


def _log(label: str, *windows: str) -> SourceDocument:
    return SourceDocument(
        label=label,
        kind=SourceKind.DURABLE,
        content_type=ContentType.PLAINTEXT,
        content_hash=hashlib.sha256("".join(windows).encode()).hexdigest(),
        size_bytes=sum(len(w) for w in windows),
        chunks=tuple(Chunk(title=TITLE, content=w) for w in windows),
    )


def _checked(path: Path) -> list[tuple[int, int, int]]:
    """Both full-text indexes agree with themselves; each chunk's id, the length of its text
    and how many runs of three characters the substrings layer holds for it."""
    connection = raw_connection(path)
    for table in ("chunks", "chunks_trigram"):
        connection.execute(f"INSERT INTO {table} ({table}) VALUES ('integrity-check')")
    connection.execute(
        "CREATE VIRTUAL TABLE temp.trigrams USING fts5vocab(main, chunks_trigram, instance)"
    )
    rows = connection.execute(
        "SELECT t.id, length(t.content), count(*) FROM chunk_texts t "
        "JOIN temp.trigrams v ON v.doc = t.id AND v.col = 'content' GROUP BY t.id ORDER BY t.id"
    ).fetchall()
    connection.close()
    return rows


def test_parts_of_words_in_a_log_window_are_found_from_its_distinct_tokens(
    tmp_path: Path,
) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(_log("app.log", _window(0), _window(20)))
    for part in ("DataIntegrityViolation", "nio-8080-exec-1", "09:43:3", "SqlExceptionHelp"):
        hits = store.search(substrings(part), SearchScope(), 5)
        assert hits, part
        assert all(hit.content.startswith("2026-12-03 09:43:") for hit in hits)
    assert store.search(substrings("duplicate key value"), SearchScope(), 5)
    # Tokens left between two kept ones make no phrase the log never said; a phrase the log
    # says is found by the words layer, and by this one only where its words first met.
    assert not store.search(substrings("09:43:01 [http"), SearchScope(), 5)
    assert not store.search(substrings("09:43:01 ERROR"), SearchScope(), 5)
    assert store.search(words("09:43:01 ERROR"), SearchScope(), 5)
    store.close()
    rows = _checked(path)
    assert len(rows) == 2
    assert all(trigrams * 3 < length for _, length, trigrams in rows)


def test_deleting_a_log_removes_what_was_indexed_for_it(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(_log("app.log", _window(0)))
    store.index(_log("app.log", _window(40)))  # new content: the old chunks are deleted
    assert store.search(substrings("exec-45"), SearchScope(), 5)
    assert not store.search(substrings("exec-5]"), SearchScope(), 5)
    assert store.delete_sources(s.id for s in store.sources()) == 1
    assert not store.search(substrings("DataIntegrityViolation"), SearchScope(), 5)
    store.close()
    assert _checked(path) == []


def test_a_store_of_the_previous_schema_is_migrated_and_keeps_working(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store_before(path, "0009", ((TITLE, _window(0)),))
    older = open_store(path)  # migrates: the trigram table is rebuilt over the view
    assert older.search(substrings("DataIntegrityViolation"), SearchScope(), 5)
    older.index(_log("new.log", _window(100)))
    hits = older.search(substrings("exec-10"), SearchScope(), 5)
    assert {hit.label for hit in hits} == {"old.log", "new.log"}
    older.close()
    # The chunk stored before keeps its whole text in the layer; the new one its tokens.
    (old_id, old_length, old_trigrams), (_, new_length, new_trigrams) = _checked(path)
    assert old_trigrams > old_length * 0.9
    assert new_trigrams * 3 < new_length
    older = open_store(path)
    old = next(s for s in older.sources() if s.label == "old.log")
    assert older.delete_sources([old.id]) == 1
    assert old_id not in [chunk_id for chunk_id, _, _ in _checked(path)]
    assert {h.label for h in older.search(substrings("exec-1"), SearchScope(), 5)} == {"new.log"}
    assert older.search(words("duplicate", "key"), SearchScope(), 5)
    assert older.delete_sources(s.id for s in older.sources()) == 1
    assert not older.search(substrings("Violation", "exec", combine=Combine.ANY), SearchScope(), 5)
    older.close()
    assert _checked(path) == []
