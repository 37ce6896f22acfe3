"""The performance corpus: deterministic, and the chunk count asked for."""

from __future__ import annotations

import random

import pytest

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.content_type import ContentType
from entrypoints.bench.perf_corpus import (
    _SERVICES,
    _vocabulary,
    perf_corpus,
    perf_queries,
    weak_queries,
)


@pytest.mark.parametrize("size", [60, 1010])
def test_documents_chunk_into_the_requested_number_of_sections(size: int) -> None:
    corpus = perf_corpus(size)
    chunks = sum(len(chunk(d.text, ContentType.PLAINTEXT)) for d in corpus.documents)
    assert chunks == size


def test_corpus_and_queries_are_deterministic() -> None:
    assert perf_corpus(300) == perf_corpus(300)
    corpus = perf_corpus(300)
    queries = perf_queries(corpus, 50)
    assert queries == perf_queries(corpus, 50)
    assert all(1 <= len(q.split()) <= 3 for q in queries)


def _section_as_first_written(rng: random.Random, words: list[str], weights: list[float]) -> str:
    """The section as it was built before the cumulative weights were summed once."""
    service = rng.choice(_SERVICES)
    lines = [f"[{service}] step {rng.randint(1, 9999)} at 2025-06-{rng.randint(1, 28):02d}"]
    while len("\n".join(lines).encode("utf-8")) <= MAX_CHUNK_BYTES // 2:
        picked = rng.choices(words, weights, k=rng.randint(6, 12))
        lines.append(" ".join(picked) + f" id={rng.getrandbits(32):08x}")
    return "\n".join(lines)


def test_sections_are_the_ones_plain_weights_drew() -> None:
    rng = random.Random(11)
    words = _vocabulary(rng, 4000)
    weights = [1.0 / (rank + 1) for rank in range(len(words))]
    expected = [_section_as_first_written(rng, words, weights) for _ in range(80)]
    corpus = perf_corpus(80)
    assert "\n\n".join(d.text for d in corpus.documents) == "\n\n".join(expected)


def test_weak_queries_are_distinct_and_mostly_words_the_corpus_lacks() -> None:
    corpus = perf_corpus(300)
    weak = weak_queries(corpus, 60)
    assert weak == weak_queries(corpus, 60) and len(set(weak)) == 60
    text = " ".join(d.text for d in corpus.documents).lower()
    for query in weak:
        absent = [word for word in query.split() if word not in corpus.vocabulary]
        assert len(absent) >= 3
        assert not any(f" {word} " in f" {text} " for word in absent)
