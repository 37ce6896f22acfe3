"""A big text handed to be indexed (``HeldText``) is held packed while the store inserts it, and
everything read of it — rows, fallback, reply — is what the plain string gives (ADR 0257)."""

from __future__ import annotations

import weakref
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from application.ports.document_preparer import PreparationFailed, PreparedHead
from application.use_cases import held_text
from application.use_cases.held_text import HeldText
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from application.use_cases.prepare_document import InProcessPreparation, InProcessPreparer
from application.use_cases.summarise_output import SummariseOutput
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.search.intent_confidence import may_answer_whole
from domain.settings import Settings
from domain.source import DocumentHead, IndexOutcome
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

_LOG = "".join(
    f"2026-01-02T09:43:{i % 60:02d}Z GET /api/export/{i} {500 if i % 7 == 0 else 200} {i}ms\n"
    for i in range(3000)
)
_TABLE = "NAME   READY   STATUS   RESTARTS\n" + "".join(
    f"api-{i}   {i % 2}/1   {'CrashLoopBackOff' if i % 9 == 0 else 'Running'}   {i}\n"
    for i in range(400)
)


@settings(max_examples=200, deadline=None)
@given(text=st.text(), slice_chars=st.integers(1, 64))
def test_a_packed_text_reads_back_as_it_was(text: str, slice_chars: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(held_text, "PACK_SLICE_CHARS", slice_chars)
        held = HeldText(text)
        held.pack()
        assert held.packed
        assert held.text() == text
    assert not held.packed
    assert held.text() == text


def test_a_lone_surrogate_survives_packing() -> None:
    held = HeldText("a\udc80b" * 1000)
    held.pack()
    assert held.text() == "a\udc80b" * 1000


class _Text(str):
    """A string that can be watched going away (a ``str`` cannot be weakly referenced)."""


class _OwnCopy:
    """Prepares a copy of the text, as the worker process does: nothing here holds the one it
    was given once ``prepare`` returns."""

    def __init__(self, fail_after: int | None = None) -> None:
        self._fail_after = fail_after

    def prepare(
        self, content: str, wanted: ContentType | None, section_facts: str = ""
    ) -> InProcessPreparation | _Failing:
        copy = (content + " ")[:-1]
        prepared = InProcessPreparer().prepare(copy, wanted, section_facts)
        return prepared if self._fail_after is None else _Failing(prepared, self._fail_after)


class _Failing:
    """A preparation whose worker dies after ``batches`` batches."""

    def __init__(self, prepared: InProcessPreparation, batches: int) -> None:
        self._prepared = prepared
        self._batches = batches

    @property
    def head(self) -> PreparedHead:
        return self._prepared.head

    def batches(self) -> Iterator[tuple[Chunk, ...]]:
        for number, batch in enumerate(self._prepared.batches()):
            if number == self._batches:
                raise PreparationFailed("the worker ended early")
            yield batch

    def vocabulary(self) -> Iterator[frozenset[str]]:
        return self._prepared.vocabulary()

    def close(self) -> None:
        self._prepared.close()


class _Watching(InMemoryKnowledgeStore):
    """Notes, as the store starts inserting a streamed document, whether the text is gone."""

    def __init__(self, gone: weakref.ref[_Text]) -> None:
        super().__init__(clock=FixedClock())
        self._gone = gone
        self.seen: list[bool] = []

    def index_streamed(
        self,
        head: DocumentHead,
        batches: Iterator[tuple[Chunk, ...]],
        vocabulary: object,
    ) -> IndexOutcome:
        self.seen.append(self._gone() is None)
        return super().index_streamed(head, batches, vocabulary)  # type: ignore[arg-type]


def _streaming(store: InMemoryKnowledgeStore, preparer: _OwnCopy) -> IndexContent:
    return IndexContent(store, Settings(), preparer=preparer, stream_from_chars=0)  # type: ignore[arg-type]


def test_a_handed_text_is_held_by_nothing_while_the_store_inserts_it() -> None:
    text = _Text(_LOG)
    store = _Watching(weakref.ref(text))
    held = HeldText(text)
    del text
    result = _streaming(store, _OwnCopy()).execute(IndexRequest(content=held, label="doc"))
    assert store.seen == [True]
    assert held.packed
    assert held.text() == _LOG
    whole = InMemoryKnowledgeStore(clock=FixedClock())
    assert IndexContent(whole, Settings()).execute(IndexRequest(content=_LOG, label="doc")) == (
        result
    )
    for a, b in zip(store.sources(), whole.sources(), strict=True):
        assert store.chunks_of(a.id) == whole.chunks_of(b.id)


def test_a_string_given_as_is_is_not_packed() -> None:
    text = _Text(_LOG)
    store = _Watching(weakref.ref(text))
    _streaming(store, _OwnCopy()).execute(IndexRequest(content=text, label="doc"))
    assert store.seen == [False]


def test_a_packed_text_is_indexed_here_when_its_worker_fails() -> None:
    held = HeldText(_LOG)
    store = InMemoryKnowledgeStore(clock=FixedClock())
    result = _streaming(store, _OwnCopy(fail_after=1)).execute(
        IndexRequest(content=held, label="doc")
    )
    whole = InMemoryKnowledgeStore(clock=FixedClock())
    assert IndexContent(whole, Settings()).execute(IndexRequest(content=_LOG, label="doc")) == (
        result
    )
    assert [s.chunk_count for s in store.sources()] == [s.chunk_count for s in whole.sources()]
    for a, b in zip(store.sources(), whole.sources(), strict=True):
        assert store.chunks_of(a.id) == whole.chunks_of(b.id)


def _summariser() -> SummariseOutput:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    found = container.use_cases.summarise_output()
    assert isinstance(found, SummariseOutput)
    return found


@pytest.mark.parametrize(
    ("output", "intent"),
    [
        (_LOG, "which requests failed with 500"),
        (_LOG, "kafka rebalance"),
        (_TABLE, "which pods are in CrashLoopBackOff"),
        ("short output: 3 files changed\n", "what changed"),
    ],
)
def test_a_held_output_gets_the_reply_its_string_gets(output: str, intent: str) -> None:
    label = "execute:shell:0badc0de"
    expected = _summariser().summarise(label, intent, output, "kubectl get pods")
    assert _summariser().summarise(label, intent, HeldText(output), "kubectl get pods") == (
        expected
    )
    assert _summariser().overview(label, HeldText(output), "ls") == _summariser().overview(
        label, output, "ls"
    )


def test_a_held_text_with_a_lone_surrogate_is_indexed_as_its_string_is() -> None:
    text = _LOG + "broken \udc80 byte\n"
    store = InMemoryKnowledgeStore(clock=FixedClock())
    result = _streaming(store, _OwnCopy()).execute(
        IndexRequest(content=HeldText(text), label="doc")
    )
    whole = InMemoryKnowledgeStore(clock=FixedClock())
    assert IndexContent(whole, Settings()).execute(IndexRequest(content=text, label="doc")) == (
        result
    )
    for a, b in zip(store.sources(), whole.sources(), strict=True):
        assert store.chunks_of(a.id) == whole.chunks_of(b.id)


def _packing_summariser() -> SummariseOutput:
    """``_summariser`` whose indexing hands the text to a worker and packs the box meanwhile."""
    found = _summariser()
    found._index = IndexContent(
        found._store,
        Settings(),
        preparer=_OwnCopy(),  # type: ignore[arg-type]
        stream_from_chars=0,
    )
    return found


@settings(max_examples=3, deadline=None)
@given(slice_chars=st.integers(1, 5000), rows=st.integers(300, 400))
def test_a_packed_output_s_table_and_view_are_its_string_s(slice_chars: int, rows: int) -> None:
    label = "execute:shell:0badc0de"
    table = "".join(_TABLE.splitlines(keepends=True)[: rows + 1])
    intent = "which pods are in CrashLoopBackOff"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(held_text, "PACK_SLICE_CHARS", slice_chars)
        expected = _summariser().summarise(label, intent, table, "kubectl get pods")
        held = HeldText(table)
        reply = _packing_summariser().summarise(label, intent, held, "kubectl get pods")
        assert reply == expected
        assert held.packed  # the rows were read from the packed text, not unpacked
        assert not may_answer_whole(len(table))
        held = HeldText(table)
        view = _packing_summariser().overview(label, held, "ls")
        assert view == _summariser().overview(label, table, "ls")
        assert held.packed
