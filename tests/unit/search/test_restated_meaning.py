"""A question silenced because the store lacks some of its words is answered after all when a
line of the section its other words found says what the missing words say (ADR 0125)."""

from __future__ import annotations

from array import array
from collections.abc import Iterator

import attrs
import pytest

from adapters.memory.fake_embedder import FakeEmbedder
from application.search.semantic import SemanticLayer
from application.use_cases.search_knowledge import SearchKnowledge
from domain import embedding_text
from domain.search import meaning
from domain.search_hit import LayerHit, SearchScope
from domain.source_kind import ALL_KINDS
from entrypoints.containers.applications import CliContainer
from tests.support.near_layer import NearLayer
from tests.support.pod_and_deploy import indexed_container

JOB = """# billing job

## Run on Monday

Exception in thread "main" RateLimitException: billing refused for customer cus_882
    at Billing.charge(Billing.java:41)
    at Billing.run(Billing.java:12)
    at Main.main(Main.java:7)

## Run on Tuesday

billing charged cus_113 12.00 EUR
billing charged cus_114 8.50 EUR
"""

DOCS = """# Deploy

## Rollback

Run `helm rollback billing 3` when the readiness probe fails for five minutes.
"""

# The fake model knows a rate limit is what throttles, and that billing is about payment.
MEANINGS = {
    "throttled": "ratelimit",
    "ratelimitexception": "ratelimit",
    "payment": "billing",
    "billing": "billing",
}
THROTTLED = "which customer was throttled by the payment provider"
EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)


@pytest.fixture
def embedder() -> FakeEmbedder:
    return FakeEmbedder(MEANINGS)


@pytest.fixture
def container(embedder: FakeEmbedder) -> Iterator[CliContainer]:
    container = indexed_container(embedder, {"java -jar billing.jar": JOB, "docs/deploy.md": DOCS})
    container.use_cases.embed_chunks().run(ALL_KINDS)
    yield container
    container.shutdown_resources()


def _titles(search: SearchKnowledge, query: str) -> list[str]:
    return [r.title for r in search.search(query, 3, EVERY_KIND).results]


def test_a_line_saying_what_the_unknown_words_say_answers_the_silenced_question(
    container: CliContainer, monkeypatch: pytest.MonkeyPatch
) -> None:
    search = container.use_cases.search_knowledge()
    assert _titles(search, THROTTLED)[:1] == ["billing job > Run on Monday"]
    # Without the rule the same question is silenced: "throttled", "payment" and "provider"
    # are no word of the store, and meaning alone is not far enough ahead to answer it.
    monkeypatch.setattr(meaning, "RESTATED_SIMILARITY", 2.0)
    assert _titles(container.use_cases.search_knowledge(), THROTTLED) == []


def test_the_lines_of_a_section_are_embedded_once(
    container: CliContainer, embedder: FakeEmbedder
) -> None:
    search = container.use_cases.search_knowledge()
    search.search(THROTTLED, 3, EVERY_KIND)
    first = len(embedder.embedded)
    assert any("RateLimitException" in text for text in embedder.embedded)
    search.search(THROTTLED + "?", 3, EVERY_KIND)  # another query: only it is embedded again
    assert len(embedder.embedded) - first <= 1


def _monday_at(container: CliContainer, cosine: float) -> list[LayerHit]:
    """The Monday run as the layer's only near chunk, at ``cosine``."""
    adapters = container.adapters
    layer = SemanticLayer(
        adapters.embedder(),
        adapters.knowledge_store(),
        adapters.chunk_vectors(),
        container.core.clock(),
    )
    found = layer.searched(THROTTLED, EVERY_KIND, 10) or []
    monday = next(hit for hit in found if "RateLimitException" in hit.content)
    return [attrs.evolve(monday, relevance=cosine)]


def _answered(container: CliContainer, query: str) -> list[str]:
    search = SearchKnowledge(
        container.adapters.knowledge_store(),
        container.core.clock(),
        semantic=NearLayer(container, _monday_at(container, 0.25)),
    )
    return _titles(search, query)


def test_a_section_whose_lines_do_not_say_the_unknown_words_stays_silent(
    container: CliContainer,
) -> None:
    # The same section near by meaning (0.25: too little to answer alone): it says what
    # "throttled ... payment" says, nothing of what "refunded ... provider" says.
    assert _answered(container, THROTTLED)[:1] == ["billing job > Run on Monday"]
    assert _answered(container, "which customer was refunded by the provider") == []


def test_lines_are_read_up_to_a_cap_and_short_ones_are_left_out() -> None:
    text = "\n".join(["ok", "  ", *(f"line {n}" for n in range(40))])
    lines = embedding_text.lines(text)
    assert lines[0] == "line 0"
    assert len(lines) == embedding_text.MAX_LINES
    assert embedding_text.lines("x" * 900) == ["x" * embedding_text.LINE_CHARS]


def _unit(*values: float) -> bytes:
    norm = sum(v * v for v in values) ** 0.5
    return array("f", (v / norm for v in values)).tobytes()


def test_a_line_restates_the_unknown_words_from_the_floor_up() -> None:
    unknown = _unit(1.0, 0.0)
    below = _unit(0.39, (1 - 0.39**2) ** 0.5)
    at = _unit(0.41, (1 - 0.41**2) ** 0.5)
    assert not meaning.restates(unknown, [below, _unit(0.0, 1.0)])
    assert meaning.restates(unknown, [below, at])
    assert not meaning.restates(unknown, [])
