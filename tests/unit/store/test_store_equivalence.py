"""Property: the in-memory trigram layer finds exactly what SQLCipher's FTS5 trigram layer finds."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from application.ports.knowledge_store import KnowledgeStore
from domain.search.store_query import Combine, StoreQuery
from domain.search_hit import SearchLayer, SearchScope
from domain.source_kind import ALL_KINDS
from tests.unit.store.documents import document

pytest.importorskip("adapters.sqlcipher.sqlcipher_knowledge_store")
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore

WORDS = ["alpha", "alphabet", "beta", "betamax", "gamma", "Delta", "delta-9", "kube", "kubectl"]
words = st.sampled_from(WORDS)
texts = st.lists(words, min_size=1, max_size=8).map(" ".join)
SUBSTRINGS = ["alp", "pha", "bet", "max", "amm", "elt", "a-9", "kub", "ctl", "zzz", "DEL"]
# Words no stemmer changes, so the in-memory stand-in and Porter must agree on them.
WHOLE_WORDS = ["alpha", "beta", "gamma", "delta", "kube", "kubectl", "betamax", "9", "zzz"]


def expressions(terms: list[str]) -> st.SearchStrategy[tuple[tuple[str, ...], ...]]:
    """Groups of alternatives, as the domain builds them (the layer and combination apart)."""
    groups = st.lists(st.sampled_from(terms), min_size=1, max_size=3, unique=True).map(tuple)
    return st.lists(groups, min_size=1, max_size=3).map(tuple)


combines = st.sampled_from(list(Combine))
Match = tuple[tuple[tuple[str, ...], ...], Combine]


_examples = itertools.count()


@pytest.fixture(scope="module")
def pair(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[KnowledgeStore, KnowledgeStore]]:
    path: Path = tmp_path_factory.mktemp("equivalence") / "knowledge.db"
    real = SqlcipherKnowledgeStore(path, "equivalence key")
    yield InMemoryKnowledgeStore(), real
    real.close()


def _agree(
    pair: tuple[KnowledgeStore, KnowledgeStore], layer: SearchLayer, docs: list[str], match: Match
) -> None:
    query = StoreQuery(layer, match[0], match[1])
    prefix = f"|ex{next(_examples)}|"
    for store in pair:
        for n, text in enumerate(docs):
            store.index(document(f"{prefix}{n}", ("T", text)))
    scope = SearchScope(kinds=ALL_KINDS, source=prefix)
    memory, real = (
        sorted((h.label, h.content) for h in store.search(query, scope, 50)) for store in pair
    )
    assert memory == real


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    docs=st.lists(texts, min_size=1, max_size=5), match=st.tuples(expressions(SUBSTRINGS), combines)
)
def test_trigram_layers_agree(
    pair: tuple[KnowledgeStore, KnowledgeStore], docs: list[str], match: Match
) -> None:
    _agree(pair, SearchLayer.SUBSTRINGS, docs, match)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    docs=st.lists(texts, min_size=1, max_size=5),
    match=st.tuples(expressions(WHOLE_WORDS), combines),
)
def test_porter_layers_agree_on_plain_words(
    pair: tuple[KnowledgeStore, KnowledgeStore], docs: list[str], match: Match
) -> None:
    _agree(pair, SearchLayer.WORDS, docs, match)
