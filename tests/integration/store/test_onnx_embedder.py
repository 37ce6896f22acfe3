"""The real model on tiny inputs: offline, verified, deterministic, and near by meaning."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from adapters.embedding import model_files
from adapters.embedding.onnx_embedder import OnnxEmbedder, runs
from adapters.memory.vector_scores import dot, unpack

pytestmark = pytest.mark.skipif(
    bool(model_files.missing_modules()), reason="the semantic extra is not installed"
)


@pytest.fixture(autouse=True)
def layer_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(model_files.SWITCH, raising=False)


def test_a_plain_description_is_nearest_the_line_it_describes() -> None:
    model = OnnxEmbedder()
    assert not model.loaded  # constructing it loads nothing
    query, enospc, ok = model.embed(
        [
            "the disk is full",
            "OSError: [Errno 28] No space left on device",
            "GET /api/orders 200 12ms",
        ]
    )
    assert model.loaded
    assert len(query) == model.dimensions * 4
    assert abs(dot(unpack(query), unpack(query)) - 1.0) < 1e-4
    assert dot(unpack(query), unpack(enospc)) > dot(unpack(query), unpack(ok)) + 0.2
    assert model.embed(["the disk is full"]) == [query]


def test_a_model_file_that_is_not_the_pinned_one_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(model_files, "TOKENIZER_SHA256", "0" * 64)
    with pytest.raises(model_files.ModelFileError, match="SHA-256"):
        OnnxEmbedder().embed(["anything"])


def test_switched_off_it_says_so_and_loads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(model_files.SWITCH, "0")
    model = OnnxEmbedder()
    assert model.status().available is False
    assert "CAPY_SEMANTIC" in model.status().reason
    with pytest.raises(model_files.ModelFileError):
        model.embed(["anything"])
    assert not model.loaded


def _until(condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Poll ``condition`` for up to ``seconds`` (a bound, not a timing under test)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_an_idle_model_is_dropped_and_loads_again_when_asked() -> None:
    released: list[int] = []
    model = OnnxEmbedder(idle_seconds=0.05, release_memory=lambda: released.append(1))
    try:
        (first,) = model.embed(["the disk is full"])
        assert _until(lambda: not model.loaded)
        assert _until(lambda: bool(released))  # the freed model handed back to the system
        assert model.embed(["the disk is full"]) == [first]  # loaded again, same vector
    finally:
        model.close()
    assert not model.loaded


def test_a_batch_releases_its_buffers_and_a_kept_model_stays() -> None:
    released: list[int] = []
    model = OnnxEmbedder(idle_seconds=None, release_memory=lambda: released.append(1))
    model.embed(["one question"])
    assert released == []  # a single query frees too little to walk the heaps for
    model.embed(["a passage", "another passage"])
    assert released == [1]
    assert model.loaded
    assert model.unload()
    assert not model.loaded
    assert not model.unload()  # nothing left to drop


def test_texts_run_in_bounded_groups_and_come_back_in_their_order() -> None:
    model = OnnxEmbedder(idle_seconds=None)
    texts = [
        "a long passage " + "with many more words in it " * 40,
        "short",
        "OSError: [Errno 28] No space left on device",
        "medium length line about a failed build step",
    ]
    together = model.embed(texts)
    alone = [model.embed([text])[0] for text in texts]
    for mixed, single in zip(together, alone, strict=True):
        # the same vector whatever else shared its run (padding is masked out)
        assert dot(unpack(mixed), unpack(single)) > 0.9999


def test_runs_hold_at_most_the_budget_of_word_pieces() -> None:
    lengths = [300, 10, 200, 12, 50, 11, 256]
    grouped = runs(lengths, budget=512, most=16)
    assert sorted(i for run in grouped for i in run) == list(range(len(lengths)))
    for run in grouped:
        assert len(run) == 1 or len(run) * max(lengths[i] for i in run) <= 512
    assert grouped[0] == [1, 5, 3, 4]  # the short ones share a run, shortest first
    assert [300] in [[lengths[i] for i in run] for run in grouped]  # over half: alone
    assert runs([5] * 20, budget=512, most=16) == [list(range(16)), list(range(16, 20))]
    assert runs([], budget=512, most=16) == []
