"""Scoring a question in slices of rows at once gives the scores of one einsum, to the bit, and
a real store's nearest chunks are the same whether it slices or not (ADR 0143)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from adapters.memory.fake_embedder import FakeEmbedder
from adapters.sqlcipher import chunk_vectors
from application.use_cases.embed_chunks import EmbedChunks
from domain.search.store_query import Meaning, StoreQuery
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from tests.integration.store.helpers import document, open_store

UNIT = st.floats(-1.0, 1.0, width=32, allow_nan=False)


@st.composite
def questions(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    rows = draw(st.integers(0, 700))
    dimensions = draw(st.integers(1, 48))
    matrix = draw(arrays(np.float32, (rows, dimensions), elements=UNIT))
    return matrix, draw(arrays(np.float32, (dimensions,), elements=UNIT))


@settings(max_examples=150, deadline=None)
@given(questions(), st.integers(1, 5))
def test_sliced_scores_are_the_whole_einsum_s_to_the_bit(
    question: tuple[np.ndarray, np.ndarray], slices: int
) -> None:
    matrix, query = question
    whole = np.einsum("ij,j->i", matrix, query)
    sliced = chunk_vectors.scored(matrix, query, slices=slices, least=1)
    assert sliced.dtype == whole.dtype
    assert sliced.tobytes() == whole.tobytes()


def test_a_real_matrix_is_sliced_only_from_its_row_count_up() -> None:
    rng = np.random.default_rng(3)
    matrix = rng.standard_normal((chunk_vectors.SLICE_ROWS + 7, 384)).astype("<f4")
    query = rng.standard_normal(384).astype("<f4")
    whole = np.einsum("ij,j->i", matrix, query)
    for slices in (1, 2, 3):
        assert chunk_vectors.scored(matrix, query, slices=slices).tobytes() == whole.tobytes()


@pytest.mark.parametrize("slices", [2, 3])
def test_a_store_finds_the_same_nearest_chunks_whether_it_slices_or_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, slices: int
) -> None:
    model = FakeEmbedder({"oomkilled": "memory", "enospc": "disk"}, dimensions=64)
    words = ["memory", "disk", "queue", "token", "cache", "index", "oomkilled", "enospc"]
    store = open_store(tmp_path / "k.db")
    try:
        for number in range(60):
            text = " ".join(words[(number * k) % len(words)] for k in (1, 3, 5)) + f" n{number}"
            kind = SourceKind.EPHEMERAL if number % 4 == 0 else SourceKind.DURABLE
            store.index(document(f"s{number}", text, kind))
        EmbedChunks(model, store).run(ALL_KINDS)
        scopes = (SearchScope(kinds=ALL_KINDS, kinds_explicit=True), SearchScope())
        found = {}
        for least in (10**9, 1):  # never sliced, then every matrix sliced
            monkeypatch.setattr(chunk_vectors, "SLICE_ROWS", least)
            monkeypatch.setattr(chunk_vectors, "_SLICES", slices)
            found[least] = [
                [
                    (h.chunk_id, h.relevance, h.content)
                    for h in store.search(
                        StoreQuery.by_meaning(q, Meaning(model.model_id, v, -1.0)), scope, 40
                    )
                ]
                for q, v in zip(
                    ("memory oomkilled", "disk full", "queue token"),
                    model.embed(["memory oomkilled", "disk full", "queue token"]),
                    strict=True,
                )
                for scope in scopes
            ]
        assert found[1] == found[10**9]
        assert all(found[1])
    finally:
        store.close()
