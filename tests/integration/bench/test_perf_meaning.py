"""``capy bench perf --semantic``'s measurements of the layer, on a small real store."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from adapters.memory.fake_embedder import FakeEmbedder
from entrypoints.bench.bench_store import StoreChoice, bench_container
from entrypoints.bench.perf import SEARCH_LIMIT, index_all
from entrypoints.bench.perf_corpus import perf_corpus, perf_queries, weak_queries
from entrypoints.bench.perf_meaning import CountingEmbedder, measure_meaning
from entrypoints.bench.perf_table import _print_meaning


def _measured(tmp_path: Path, model: FakeEmbedder) -> dict[str, object]:
    corpus = perf_corpus(120)
    counter = CountingEmbedder(model)
    with (
        Progress(console=Console(file=io.StringIO())) as bar,
        bench_container(StoreChoice.SQLCIPHER, tmp_path, embedder=counter) as container,
    ):
        index_all(container, corpus, lambda: None)
        return measure_meaning(
            container,
            counter,
            perf_queries(corpus, 6),
            weak_queries(corpus, 6),
            bar,
            limit=SEARCH_LIMIT,
            embed_sample=5,
        )


def _printed(chunks: int, report: dict[str, object]) -> str:
    out = io.StringIO()
    _print_meaning(chunks, report, Console(file=out, width=400))
    return out.getvalue()


def test_the_layer_is_timed_against_words_alone_over_the_same_questions(tmp_path: Path) -> None:
    model = FakeEmbedder()
    report = _measured(tmp_path, model)
    assert report["available"] is True and report["model"] == model.model_id
    for name in ("queries", "weak_queries"):
        pair = report[name]
        assert isinstance(pair, dict) and pair["count"] == 6
        for side in ("words", "with_layer"):
            assert pair[side]["p50_ms"] > 0 and pair[side]["cpu_p50_ms"] >= 0
        extra = pair["with_layer"]["cpu_p50_ms"] - pair["words"]["cpu_p50_ms"]
        assert abs(pair["extra_cpu_p50_ms"] - extra) < 0.01
        thread = pair["with_layer"]["thread_cpu_p50_ms"] - pair["words"]["thread_cpu_p50_ms"]
        assert abs(pair["extra_thread_cpu_p50_ms"] - thread) < 0.01
        # Held to the goal as stated: the wall p50 the user waits for.
        assert pair["within_goal"] == (pair["extra_p50_ms"] <= 8.0)
    # Questions in other words than the logs' all ask the layer; each is new to it.
    assert report["weak_queries"]["asked_layer"] == 6  # type: ignore[index]
    embedding = report["embedding"]
    assert isinstance(embedding, dict) and embedding["chunks"] == 5
    assert embedding["passages"] >= 5 and embedding["chunks_per_s"] > 0
    assert report["layer_alone"]["p50_ms"] > 0  # type: ignore[index]
    printed = _printed(120, report)
    assert "questions in other words" in printed and "6 of 6 embedded a new question" in printed
    assert "chunks/s" in printed


def test_without_the_layer_the_report_says_why(tmp_path: Path) -> None:
    model = FakeEmbedder(available=False)
    report = _measured(tmp_path, model)
    assert report == {"available": False, "reason": "fake embedder switched off"}
    assert model.embedded == []
    assert "not measured — fake embedder switched off" in _printed(120, report)
