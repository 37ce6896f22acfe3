"""Contract: a knowledge store's file upkeep never changes what it holds or what a search finds."""

from __future__ import annotations

import pytest

from application.ports.file_upkeep import FileUpkeep
from application.ports.knowledge_store import KnowledgeStore
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.unit.store.documents import document
from tests.unit.store.queries import substrings, words

ALL = SearchScope(kinds=ALL_KINDS)


def _found(store: KnowledgeStore) -> list[tuple[str, str]]:
    return [
        (hit.label, hit.content)
        for query in (words("kept"), substrings("ept wor"))
        for hit in store.search(query, ALL, 10)
    ]


def test_free_share_is_a_share(store: KnowledgeStore, upkeep: FileUpkeep) -> None:
    assert 0.0 <= upkeep.free_share() <= 1.0
    gone = store.index(document("gone", ("T", "payload " * 2000))).source
    store.delete_sources([gone.id])
    assert 0.0 <= upkeep.free_share() <= 1.0


def test_compact_prunes_words_no_chunk_holds_and_keeps_the_rest(
    store: KnowledgeStore, upkeep: FileUpkeep
) -> None:
    gone = store.index(document("a", ("T", "zanzibar"), vocabulary=frozenset({"zanzibar"}))).source
    store.index(document("b", ("T", "kept words"), vocabulary=frozenset({"kept", "words"})))
    store.delete_sources([gone.id])
    before = _found(store)
    upkeep.compact()
    upkeep.checkpoint()

    assert not store.has_word("zanzibar")
    assert store.has_word("kept") and store.has_word("words")
    assert _found(store) == before != []
    assert upkeep.free_share() == 0.0


@pytest.mark.parametrize("required", [True, False])
def test_checkpoints_and_releasing_memory_keep_every_row(
    store: KnowledgeStore, upkeep: FileUpkeep, required: bool
) -> None:
    store.index(document("b", ("T", "kept words")))
    before = _found(store)
    upkeep.checkpoint(required=required)
    upkeep.release_memory()
    upkeep.release_memory()
    assert _found(store) == before != []
    upkeep.drop_cached_pages()
    assert _found(store) == before
    upkeep.drop_cached_pages()
    upkeep.drop_cached_pages()  # nothing cached: nothing to drop, nothing fails
    assert _found(store) == before
    assert [s.label for s in store.sources()] == ["b"]
