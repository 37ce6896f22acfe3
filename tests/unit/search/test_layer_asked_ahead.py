"""The semantic layer asked ahead on its worker thread while the words are searched (ADR 0142):
the same results as asked in turn, and a worker that fails or hangs never fails a search."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from adapters.memory.fake_embedder import FakeEmbedder
from application.ports.knowledge_store import KnowledgeStore
from application.search.semantic import SemanticLayer
from application.use_cases.search_knowledge import SearchKnowledge
from domain.source_kind import ALL_KINDS
from entrypoints.containers.applications import CliContainer
from tests.support.pod_and_deploy import (
    EVERY_KIND,
    MEANINGS,
    POD_AND_DEPLOY,
    indexed_container,
)

QUESTIONS = (
    "memory exhausted",  # other words: asked ahead and asked
    "why was the pod out of memory",
    "helm rollback billing",  # every word known: nothing asked ahead
    "helm rollback billing canary",  # asked ahead, then not asked: the words are strong
    "kafka consumer lag",  # asked ahead, nothing near
)


class ThreadNoting(FakeEmbedder):
    """The fake model, noting the thread each text was embedded on; on the worker it waits
    for ``release`` first while ``hold`` is set."""

    def __init__(self) -> None:
        super().__init__(MEANINGS)
        self.threads: list[str] = []
        self.hold = False
        self.release = threading.Event()
        self.started = threading.Event()

    def embed(self, texts: Sequence[str]) -> list[bytes]:
        name = threading.current_thread().name
        self.threads.append(name)
        if name.startswith("capy-meaning"):
            self.started.set()
            if self.hold:
                self.release.wait(10)
        return super().embed(texts)


@pytest.fixture
def model() -> ThreadNoting:
    return ThreadNoting()


@pytest.fixture
def container(model: ThreadNoting) -> Iterator[CliContainer]:
    container = indexed_container(model, POD_AND_DEPLOY)
    container.use_cases.embed_chunks().run(ALL_KINDS)
    yield container
    container.shutdown_resources()


def _layer(container: CliContainer, model: FakeEmbedder, **options: Any) -> SemanticLayer:
    adapters = container.adapters
    return SemanticLayer(
        model,
        adapters.knowledge_store(),
        adapters.chunk_vectors(),
        container.core.clock(),
        **options,
    )


class InTurn(SemanticLayer):
    """The layer as it was asked before: only when the search asks it, on the search's thread."""

    def ask_ahead(self, *question: object) -> bool:
        return False


def _search(container: CliContainer, layer: SemanticLayer) -> SearchKnowledge:
    return SearchKnowledge(
        container.adapters.knowledge_store(), container.core.clock(), False, layer
    )


def _replies(search: SearchKnowledge) -> list[object]:
    return [search.search(question, 3, EVERY_KIND) for question in QUESTIONS]


def test_a_question_in_other_words_is_embedded_on_the_worker_while_words_are_searched(
    container: CliContainer, model: ThreadNoting
) -> None:
    model.threads.clear()
    found = _search(container, _layer(container, model)).search("memory exhausted", 3, EVERY_KIND)
    assert "OOMKilled" in found.results[0].content
    assert "semantic" in found.results[0].layer
    assert model.threads == ["capy-meaning_0"]


def test_asked_ahead_or_in_turn_every_reply_is_the_same(
    container: CliContainer, model: ThreadNoting
) -> None:
    in_turn = InTurn(
        FakeEmbedder(MEANINGS),
        container.adapters.knowledge_store(),
        container.adapters.chunk_vectors(),
        container.core.clock(),
    )
    ahead = _replies(_search(container, _layer(container, model)))
    assert ahead == _replies(_search(container, in_turn))
    assert any(r.results and "semantic" in r.results[0].layer for r in ahead)  # type: ignore[attr-defined]


def test_a_search_whose_words_are_all_known_asks_nothing_ahead(
    container: CliContainer, model: ThreadNoting
) -> None:
    layer = _layer(container, model)
    model.threads.clear()
    assert not layer.ask_ahead(
        "helm rollback billing", ("helm", "rollback", "billing"), EVERY_KIND, 60, _knows(container)
    )
    assert _search(container, layer).search("helm rollback billing", 3).results
    assert model.threads == []  # not embedded, on no thread


def test_a_question_asked_ahead_that_the_words_answer_is_dropped(
    container: CliContainer, model: ThreadNoting
) -> None:
    layer = _layer(container, model)
    found = _search(container, layer).search("helm rollback billing canary", 3, EVERY_KIND)
    assert found.results[0].title.endswith("Rollback")
    assert "semantic" not in found.results[0].layer
    assert getattr(layer._ahead, "pending", None) is None  # nothing kept for a later search


def test_a_worker_that_fails_turns_the_layer_off_for_that_search_only(
    container: CliContainer, model: ThreadNoting, caplog: pytest.LogCaptureFixture
) -> None:
    layer = _layer(container, model)
    search = _search(container, layer)
    store = container.adapters.knowledge_store()
    asked = store.search

    def broken(query: object, *args: object, **kwargs: object) -> object:
        if getattr(query, "meaning", None) is not None:
            raise OSError("disk I/O error")
        return asked(query, *args, **kwargs)  # type: ignore[arg-type]

    store.search = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="capy.search"):
        failed = search.search("memory exhausted", 3, EVERY_KIND)
    assert not any("semantic" in r.layer for r in failed.results)
    assert "this search goes on with words alone: disk I/O error" in caplog.text
    store.search = asked  # type: ignore[method-assign]
    again = search.search("memory exhausted", 3, EVERY_KIND)
    assert "semantic" in again.results[0].layer  # the next search has the layer again


def test_a_worker_that_does_not_answer_in_time_leaves_the_search_to_the_words(
    container: CliContainer, model: ThreadNoting, caplog: pytest.LogCaptureFixture
) -> None:
    layer = _layer(container, model, ahead_seconds=0.05)
    search = _search(container, layer)
    words_alone = _search(container, _layer(container, FakeEmbedder(available=False)))
    model.hold = True
    with caplog.at_level(logging.WARNING, logger="capy.search"):
        late = search.search("memory exhausted", 3, EVERY_KIND)
    model.hold = False
    model.release.set()
    assert late == words_alone.search("memory exhausted", 3, EVERY_KIND)
    assert "did not answer within 0 s" in caplog.text
    assert "semantic" in search.search("pod memory exhausted", 3, EVERY_KIND).results[0].layer


def test_a_question_the_busy_worker_has_not_started_is_asked_on_the_search_s_thread(
    container: CliContainer, model: ThreadNoting
) -> None:
    layer = _layer(container, model)
    knows = _knows(container)
    model.hold = True
    other = threading.Thread(  # another search's question holds the worker
        target=layer.ask_ahead, args=("memory exhausted", ("memory",), EVERY_KIND, 60, knows)
    )
    other.start()
    other.join()
    assert model.started.wait(10)
    assert layer.ask_ahead("memory oomkilled", ("memory", "oomkilled"), EVERY_KIND, 60, knows)
    try:
        near = layer.searched("memory oomkilled", EVERY_KIND, 60)  # waits behind it: asked here
    finally:
        model.release.set()
    assert near and "OOMKilled" in near[0].content
    assert model.threads[-1] == threading.current_thread().name


def test_a_question_asked_ahead_and_dropped_is_waited_for_not_left_running(
    container: CliContainer, model: ThreadNoting
) -> None:
    layer = _layer(container, model)
    model.hold = True
    assert layer.ask_ahead("memory exhausted", ("memory",), EVERY_KIND, 60, _knows(container))
    assert model.started.wait(10)
    threading.Timer(0.2, model.release.set).start()
    layer.settle()  # returns once the worker is done with the store
    assert model.release.is_set()
    assert layer._worker is not None
    assert layer._worker.submit(lambda: True).result(timeout=5)  # the worker is free


def test_with_the_layer_off_nothing_is_asked_ahead_and_no_thread_starts(
    container: CliContainer,
) -> None:
    layer = _layer(container, FakeEmbedder(available=False))
    assert not layer.ask_ahead(
        "memory exhausted", ("memory", "exhausted"), EVERY_KIND, 60, _knows(container)
    )
    assert layer._worker is None


def _knows(container: CliContainer) -> Callable[[str], bool]:
    store: KnowledgeStore = container.adapters.knowledge_store()
    return store.has_word


def test_on_one_core_nothing_is_asked_ahead_and_the_search_is_the_same(
    container: CliContainer, model: ThreadNoting
) -> None:
    ahead = _search(container, _layer(container, model)).search("memory exhausted", 3, EVERY_KIND)
    layer = _layer(container, model, cores=1)
    model.threads.clear()
    assert not layer.ask_ahead(
        "pod memory exhausted", ("pod", "memory", "exhausted"), EVERY_KIND, 60, _knows(container)
    )
    assert layer._worker is None
    assert _search(container, layer).search("memory exhausted", 3, EVERY_KIND) == ahead
    assert model.threads == [threading.current_thread().name]  # asked in turn, on its thread
