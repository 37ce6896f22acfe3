"""The semantic layer through the real container, in-memory store and the fake embedder."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs
import pytest

from adapters.memory.fake_embedder import FakeEmbedder
from application.search.semantic import SemanticLayer
from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search_hit import LayerHit, SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from tests.support.near_layer import NearLayer
from tests.support.pod_and_deploy import (
    DOCS,
    EVERY_KIND,
    MEANINGS,
    POD,
    POD_AND_DEPLOY,
    indexed_container,
)


def _container(embedder: FakeEmbedder) -> CliContainer:
    return indexed_container(embedder, POD_AND_DEPLOY)


@pytest.fixture
def embedder() -> FakeEmbedder:
    return FakeEmbedder(MEANINGS)


@pytest.fixture
def container(embedder: FakeEmbedder) -> Iterator[CliContainer]:
    container = _container(embedder)
    yield container
    container.shutdown_resources()


def _embed_all(container: CliContainer) -> int:
    return int(container.use_cases.embed_chunks().run(ALL_KINDS))


def test_a_query_in_other_words_finds_the_chunk_by_meaning(container: CliContainer) -> None:
    _embed_all(container)
    found = container.use_cases.search_knowledge().search("memory exhausted", 3, EVERY_KIND)
    assert found.results, "the meaning is there: the search must not be silent"
    assert "OOMKilled" in found.results[0].content
    assert "semantic" in found.results[0].layer
    assert found.not_embedded == ()


def test_without_vectors_the_same_query_says_which_sources_wait(
    container: CliContainer,
) -> None:
    found = container.use_cases.search_knowledge().search("memory exhausted", 3, EVERY_KIND)
    assert not any("OOMKilled" in r.content for r in found.results)
    assert set(found.not_embedded) == {"kubectl describe pod", "docs/deploy.md"}


def test_a_query_the_words_answer_well_is_ranked_by_words_alone(
    container: CliContainer, embedder: FakeEmbedder
) -> None:
    _embed_all(container)
    embedder.embedded.clear()
    found = container.use_cases.search_knowledge().search("helm rollback billing", 3)
    assert found.results[0].title.endswith("Rollback")
    assert "semantic" not in found.results[0].layer
    assert embedder.embedded == []  # strong lexical evidence: the query is not even embedded


def test_a_question_whose_meaning_is_absent_stays_unanswered(container: CliContainer) -> None:
    _embed_all(container)
    found = container.use_cases.search_knowledge().search("kafka consumer lag", 3, EVERY_KIND)
    assert not found.results


def test_an_unchanged_text_is_embedded_once(
    container: CliContainer, embedder: FakeEmbedder
) -> None:
    first = _embed_all(container)
    assert first == len(embedder.embedded) > 0
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=POD, label="kubectl describe pod again"))
    index.execute(
        IndexRequest(content=DOCS + "\n## Notes\n\nnothing new\n", label="docs/deploy.md")
    )
    assert _embed_all(container) == 1  # only the new "Notes" section
    assert container.use_cases.embed_chunks().progress(ALL_KINDS).complete


def test_embedding_stops_when_asked_and_carries_on_later(container: CliContainer) -> None:
    embed = container.use_cases.embed_chunks()
    calls = iter([True, False])
    assert embed.run(ALL_KINDS, keep_going=lambda: next(calls), batch=1) == 1
    assert not embed.progress(ALL_KINDS).complete
    assert embed.run(ALL_KINDS) > 0
    assert embed.progress(ALL_KINDS).complete


def test_with_the_layer_off_search_works_by_words_and_embeds_nothing() -> None:
    off = FakeEmbedder(MEANINGS, available=False)
    container = _container(off)
    try:
        found = container.use_cases.search_knowledge().search("helm rollback", 3)
        assert found.results
        assert container.use_cases.search_knowledge().search("out of memory", 3).not_embedded == ()
        assert off.embedded == []
    finally:
        container.shutdown_resources()


def test_a_kind_left_out_is_neither_embedded_nor_reported(container: CliContainer) -> None:
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=POD, label="execute:shell", kind=SourceKind.EPHEMERAL))
    embed = container.use_cases.embed_chunks()
    embed.run({SourceKind.DURABLE})
    assert embed.progress({SourceKind.DURABLE}).complete
    assert embed.progress(ALL_KINDS).waiting_sources == ()  # same texts: already embedded


def test_only_the_sources_named_are_embedded(container: CliContainer) -> None:
    embed = container.use_cases.embed_chunks()
    assert embed.run(ALL_KINDS, labels=["docs/deploy.md"]) > 0
    assert embed.progress(ALL_KINDS, ["docs/deploy.md"]).complete
    assert embed.progress(ALL_KINDS).waiting_sources == ("kubectl describe pod",)


class BrokenModel(FakeEmbedder):
    """A model whose file fails its check on first use."""

    def __init__(self) -> None:
        super().__init__(MEANINGS)
        self.broken = False

    def embed(self, texts: Sequence[str]) -> list[bytes]:
        if self.broken:
            raise RuntimeError("model.onnx has SHA-256 0000…, not the pinned one")
        return super().embed(texts)


def test_a_model_that_cannot_load_turns_the_layer_off_not_the_search() -> None:
    model = BrokenModel()
    container = _container(model)
    try:
        _embed_all(container)
        model.broken = True
        search = container.use_cases.search_knowledge()
        assert search.search("memory exhausted", 3, EVERY_KIND).results == ()
        assert search.search("helm rollback", 3).results  # words still answer
    finally:
        container.shutdown_resources()


SPELLING = "# Phonetic\n\n" + "\n\n".join(
    f"## {word.title()}\n\nthe word {word} is spelt here"
    for word in ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")
)
WEAK = "alpha bravo charlie delta echo foxtrot"  # each section holds a sixth of it


def _weak_search(container: CliContainer, near: list[LayerHit], embedded: bool) -> list[str]:
    container.use_cases.index_content().execute(
        IndexRequest(content=SPELLING, label="notes/phonetic.md")
    )
    search = SearchKnowledge(
        container.adapters.knowledge_store(),
        container.core.clock(),
        semantic=NearLayer(container, near, embedded),
    )
    return [r.title for r in search.search(WEAK, 3, EVERY_KIND).results]


def _elsewhere(count: int) -> list[LayerHit]:
    return [
        LayerHit(10_000 + n, 1, "other", SourceKind.DURABLE, "t", "x", False, 0.3)
        for n in range(count)
    ]


def test_weak_words_whose_best_section_is_unrelated_in_meaning_are_no_answer(
    container: CliContainer,
) -> None:
    # Every chunk above the floor came back and the words' best is not one of them.
    assert _weak_search(container, [], embedded=True) == []


def test_a_best_section_not_embedded_yet_is_still_answered_by_its_words(
    container: CliContainer,
) -> None:
    assert _weak_search(container, [], embedded=False)


def test_when_more_chunks_are_near_than_were_asked_for_the_words_still_answer(
    container: CliContainer,
) -> None:
    # A full list says nothing about the chunks past its end: no judgement is made.
    assert _weak_search(container, _elsewhere(60), embedded=True)


def test_within_one_source_weak_words_still_answer(container: CliContainer) -> None:
    container.use_cases.index_content().execute(
        IndexRequest(content=SPELLING, label="notes/phonetic.md")
    )
    search = SearchKnowledge(
        container.adapters.knowledge_store(),
        container.core.clock(),
        semantic=NearLayer(container, [], embedded=True),
    )
    scope = SearchScope(kinds=ALL_KINDS, source="notes/phonetic.md", exact_source=True)
    assert search.search(WEAK, 3, scope).results  # an intent search over that output


def _section_hit(container: CliContainer, title: str) -> LayerHit:
    """The chunk of the section ``title`` as the layer would return it."""
    adapters = container.adapters
    layer = SemanticLayer(
        adapters.embedder(),
        adapters.knowledge_store(),
        adapters.chunk_vectors(),
        container.core.clock(),
    )
    _embed_all(container)
    word = title.rsplit(maxsplit=1)[-1].lower()
    found = layer.nearest(f"the word {word} is spelt here", EVERY_KIND, 60)
    # At 0.25: near, but too little for meaning to answer alone.
    return attrs.evolve(next(hit for hit in found if hit.title == title), relevance=0.25)


def test_a_section_the_words_return_further_down_that_is_near_keeps_their_answer(
    container: CliContainer,
) -> None:
    container.use_cases.index_content().execute(
        IndexRequest(content=SPELLING, label="notes/phonetic.md")
    )
    words = SearchKnowledge(container.adapters.knowledge_store(), container.core.clock())
    shown = [r.title for r in words.search(WEAK, 3, EVERY_KIND).results]
    hidden = next(
        f"Phonetic > {w.title()}"
        for w in ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")
        if f"Phonetic > {w.title()}" not in shown
    )

    def answer(near: list[LayerHit]) -> list[str]:
        search = SearchKnowledge(
            container.adapters.knowledge_store(),
            container.core.clock(),
            semantic=NearLayer(container, near, embedded=True),
        )
        return [r.title for r in search.search(WEAK, 3, EVERY_KIND).results]

    # The third section shown is near by meaning: the words found something related.
    assert answer([_section_hit(container, shown[2])])
    # Only a section the words would not show is near: they matched common words alone.
    assert answer([_section_hit(container, hidden)]) == []
