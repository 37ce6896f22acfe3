"""The worker process: the same rows as indexing in process, nothing of it reaching the store
when it fails, no secret reaching it."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.memory.fixed_clock import FixedClock
from adapters.preparer_process import process_preparer
from adapters.preparer_process.frame_drain import FrameDrain
from adapters.preparer_process.process_preparer import ProcessPreparer
from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from application.ports.document_preparer import PreparationFailed
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from domain.content_type import ContentType
from domain.redaction import redact_secrets
from domain.settings import Settings
from domain.source import DocumentHead
from domain.source_kind import SourceKind
from entrypoints.bench.perf_log import log_text

MISBEHAVING = "tests.integration.preparer.misbehaving_worker"
FIXTURES = Path(__file__).parents[2] / "fixtures" / "bench-real" / "captured"
KEY = "k" * 32


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore]]:
    clock = FixedClock()
    whole = SqlcipherKnowledgeStore(tmp_path / "whole.db", KEY, clock=clock)
    streamed = SqlcipherKnowledgeStore(tmp_path / "streamed.db", KEY, clock=clock)
    yield whole, streamed
    whole.close()
    streamed.close()


# Every row of both full-text tables: what each search layer indexes, not only what is shown.
_INDEXED = (
    "SELECT rowid, title, content, facts FROM chunks ORDER BY rowid",
    "SELECT rowid, title, content FROM chunks_trigram ORDER BY rowid",
)


def _stored(store: SqlcipherKnowledgeStore) -> tuple[object, ...]:
    sources = store.sources()
    chunks = [[(c.chunk_id, c.chunk) for c in store.chunks_of(s.id)] for s in sources]
    connection = store._pool.connection()
    indexed = [connection.execute(query).fetchall() for query in _INDEXED]
    return sources, chunks, indexed, _terms(connection), store.vocabulary_between(1, 1000)


def _terms(connection: Connection) -> list[str]:
    """A hash of every term of both full-text indexes with each place it has: the contentless
    trigram table keeps no text to compare, and a streamed document's terms are written in
    other segments than a whole one's (ADR 0185)."""
    hashes = []
    for table in ("chunks", "chunks_trigram"):
        connection.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{table}_places "
            f"USING fts5vocab(main, {table}, 'instance')"
        )
        digest = hashlib.sha256()
        for row in connection.execute(f"SELECT term, doc, col, offset FROM temp.{table}_places"):
            digest.update(repr(row).encode())
        hashes.append(digest.hexdigest())
    return hashes


def _index_both(
    stores: tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore],
    text: str,
    wanted: ContentType | None = None,
    preparer: ProcessPreparer | None = None,
    section_facts: str = "",
) -> None:
    whole, streamed = stores
    settings = Settings()
    request = IndexRequest(
        content=text,
        label="doc",
        kind=SourceKind.DURABLE,
        content_type=wanted,
        section_facts=section_facts,
    )
    expected = IndexContent(whole, settings).execute(request)
    got = IndexContent(
        streamed, settings, preparer=preparer or ProcessPreparer(), stream_from_chars=0
    ).execute(request)
    assert got == expected
    assert _stored(streamed) == _stored(whole)


@pytest.mark.parametrize("feed", ["memory file", "pipe"])
def test_a_log_is_stored_as_in_process(
    stores: tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore],
    monkeypatch: pytest.MonkeyPatch,
    feed: str,
) -> None:
    # A system without anonymous memory files writes the text to a pipe (ADR 0274).
    if feed == "pipe":
        monkeypatch.setattr(process_preparer, "_memory_file", lambda *_: None)
    _index_both(stores, log_text(2_000_000) + "\npassword=hunter2hunter2 AKIAIOSFODNN7EXAMPLE\n")


@pytest.mark.skipif(not hasattr(os, "memfd_create"), reason="no anonymous memory files here")
@given(
    facts=st.text(st.characters(blacklist_categories=["Cs"]), max_size=30),
    text=st.text(max_size=300),
    slice_chars=st.integers(1, 40),
)
@settings(max_examples=100, deadline=None)
def test_a_memory_file_holds_what_a_pipe_is_sent(facts: str, text: str, slice_chars: int) -> None:
    # The bytes the worker reads from its stdin are the same on either feed (ADR 0274).
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(process_preparer, "SLICE_CHARS", slice_chars)
        fd = process_preparer._memory_file(facts, text)
    assert fd is not None
    try:
        with os.fdopen(fd, "rb", closefd=False) as held:
            got = held.read()
    finally:
        os.close(fd)
    sent = " ".join(facts.split()).encode("utf-8", "surrogatepass") + b"\n"
    assert got == sent + text.encode("utf-8", "surrogatepass")


@pytest.mark.parametrize(
    "name",
    [
        "cargo-build-error.txt",
        "cargo-test.txt",
        "cargo-metadata.json",
        "docs-rustdoc-lints.md",
        "docker-ps.txt",
        "eslint.json",
    ],
)
def test_fixtures_are_stored_as_in_process(
    stores: tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore], name: str
) -> None:
    _index_both(stores, (FIXTURES / name).read_text())


@pytest.mark.parametrize(
    ("name", "wanted"),
    [
        ("log", ContentType.PLAINTEXT),
        ("cargo-test.txt", ContentType.PLAINTEXT),
        ("eslint.json", ContentType.JSON),
        ("docs-rustdoc-lints.md", ContentType.MARKDOWN),
    ],
)
def test_an_output_s_command_words_are_stored_as_in_process(
    stores: tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore],
    name: str,
    wanted: ContentType,
) -> None:
    """A command's output: every section also found by the command's words, stored by the
    worker as ``IndexContent`` stores the sections it cuts with them in process."""
    text = log_text(1_000_000) if name == "log" else (FIXTURES / name).read_text()
    _index_both(stores, text, wanted, section_facts="python3 gen_log.py --verbose")


def test_a_type_asked_for_is_checked_as_in_process(
    stores: tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore],
) -> None:
    _index_both(stores, "not json at all\n" * 50, ContentType.JSON)


def test_a_memory_file_that_cannot_be_written_leaves_the_pipe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(process_preparer, "_write_all", full)
    assert process_preparer._memory_file("", "some text") is None
    prepared = ProcessPreparer(module=MISBEHAVING).prepare("echo over the pipe", None)
    try:
        assert prepared.head.note == "echo over the pipe"
    finally:
        prepared.close()


def test_the_worker_sees_no_key_and_no_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CAPY_DB_KEY", KEY)
    monkeypatch.setenv("CAPY_DB_KEY_FILE", "/somewhere/key")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    prepared = ProcessPreparer(module=MISBEHAVING).prepare("env", None)
    try:
        seen = json.loads(prepared.head.note)
    finally:
        prepared.close()
    # Python itself sets LC_CTYPE in a C locale (PEP 538); macOS its own text encoding.
    added = {name for name in seen if not name.startswith("__CF")}
    assert added <= {"PYTHONPATH", "LC_CTYPE", "SYSTEMROOT"}
    assert KEY not in json.dumps(seen)


@pytest.mark.parametrize(
    ("text", "kept_by"),
    [
        ("echo nothing to hide here\n" * 3, "the worker given the text"),
        ("echo password=hunter2hunter2 AKIAIOSFODNN7EXAMPLE\n", "a worker given it redacted"),
    ],
)
def test_what_is_read_back_was_cut_from_the_redacted_text(text: str, kept_by: str) -> None:
    # The worker cuts the text as given while the server redacts it (ADR 0174): what the
    # server reads back comes from a worker that was given the redacted text.
    prepared = ProcessPreparer(module=MISBEHAVING).prepare(text, None)
    try:
        seen = prepared.head.note
    finally:
        prepared.close()
    assert seen == redact_secrets(text), kept_by
    assert "hunter2hunter2" not in seen
    assert "AKIAIOSFODNN7EXAMPLE" not in seen


@pytest.mark.parametrize("behaviour", ["die", "die-late", "raise", "stall"])
def test_a_failing_worker_stores_nothing_of_it(tmp_path: Path, behaviour: str) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "k.db", KEY, clock=FixedClock())
    before = store.index(
        DocumentHead("doc", SourceKind.DURABLE, ContentType.PLAINTEXT, "1" * 64, 3).document(())
    ).source
    preparer = ProcessPreparer(module=MISBEHAVING, stall_seconds=1.0)
    started = time.monotonic()
    with pytest.raises(PreparationFailed):
        prepared = preparer.prepare(behaviour + " of a document", None)
        try:
            head = prepared.head
            document = DocumentHead(
                "doc", SourceKind.DURABLE, head.content_type, head.content_hash, head.size_bytes
            )
            store.index_streamed(document, prepared.batches(), prepared.vocabulary)
        finally:
            prepared.close()
    assert time.monotonic() - started < 30
    assert store.sources() == [before]
    assert store.stats().chunk_count == 0
    store.close()


@pytest.mark.parametrize("behaviour", ["die", "die-late", "raise", "stall"])
def test_a_failing_worker_leaves_the_document_indexed_in_process(
    stores: tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore], behaviour: str
) -> None:
    text = behaviour + "\n" + (FIXTURES / "cargo-test.txt").read_text()
    _index_both(stores, text, preparer=ProcessPreparer(module=MISBEHAVING, stall_seconds=1.0))


_KEY_LINE = "2025-06-14T00:00:00Z INFO  upload with AKIAIOSFODNN7EXAMPLE done\n"


@pytest.mark.parametrize("share", [0.0, 0.99])
def test_frames_held_while_the_server_redacts_are_dropped_unread(
    stores: tuple[SqlcipherKnowledgeStore, SqlcipherKnowledgeStore],
    monkeypatch: pytest.MonkeyPatch,
    share: float,
) -> None:
    # The worker given the text as it is sends frames while the server redacts it (ADR 0230):
    # when redaction changes the text, those frames are dropped undecoded with that worker.
    log = log_text(2_000_000)
    at = log.index("\n", int(len(log) * share)) + 1 if share else 0
    text = log[:at] + _KEY_LINE + log[at:]
    drains: list[FrameDrain] = []
    dropped: list[list[bytes]] = []
    decoded: list[object] = []
    drain_class, decode, redact = FrameDrain, process_preparer.decode_frame, redact_secrets
    close = drain_class.close

    def started(source: IO[bytes]) -> FrameDrain:
        drains.append(drain_class(source))
        return drains[-1]

    def redacted_once_frames_are_held(content: str) -> str:
        # Frames of the first worker held before the verdict: the path under test, every time.
        deadline = time.monotonic() + 60
        while len(drains[0]._frames) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        return redact(content)

    def closed(drain: FrameDrain) -> None:
        dropped.append(list(drain._frames))
        close(drain)

    def read(data: bytes) -> object:
        decoded.append(decode(data))
        return decoded[-1]

    monkeypatch.setattr(process_preparer, "FrameDrain", started)
    monkeypatch.setattr(process_preparer, "redact_secrets", redacted_once_frames_are_held)
    monkeypatch.setattr(drain_class, "close", closed)
    monkeypatch.setattr(process_preparer, "decode_frame", read)
    _index_both(stores, text)
    assert len(drains) == 2
    assert len(dropped[0]) >= 2
    if not share:  # the first rows held hold the key: cut from the text before redaction
        assert any(b"AKIAIOSFODNN7EXAMPLE" in frame for frame in dropped[0])
    assert decoded
    assert not any("AKIAIOSFODNN7EXAMPLE" in repr(message) for message in decoded)
