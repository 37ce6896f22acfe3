"""The performance corpus: deterministic, and the chunk count asked for."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from entrypoints.bench.perf_corpus import perf_corpus, perf_queries


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
