"""What the semantic layer costs a search, measured by ``capy bench perf --semantic``.

Every chunk of the perf store, and one small tool output beside them, gets a vector: random
unit vectors stand in for the chunks' (scoring costs the same whatever their values; embedding
10 k chunks would take the model ~20 minutes of a core), while every question is embedded by
the real model, as a search does. The searches have the default scope, as ``capy_search``
searches: the tool output is left out, so scoring sees a scope narrower than the store.
Over the same questions, each timed with words alone and with the layer, in turn, each side
first every other question (the load and the pages left cached weigh on both alike): the perf
questions, where the layer is asked only when the words are weak, as capy applies it; and
questions in other words than the logs', where almost every search asks the layer a new
question. CPU time is reported beside wall time: on a shared machine it is the steadier of
the two. Before the random vectors, a sample of the store's chunks is embedded by the model
to give its throughput.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from rich.progress import Progress

from application.ports.embedder import Embedder
from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.content_type import ContentType
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.bench.embedding_cache import WrappedEmbedder

# Chunks the model embeds for its throughput (~5 passages each: ~15 s of one core).
EMBED_SAMPLE = 24
# Texts embedded at once, as the embedding job hands them over.
EMBED_BATCH = 8
# What a search searches unless told otherwise: indexed documents and past sessions.
SCOPE = SearchScope()
# "Search p50 with the layer ≤ words p50 + this" is the goal each row is held to.
GOAL_EXTRA_MS = 8.0


class CountingEmbedder(WrappedEmbedder):
    """``inner``, counting the texts it is asked to embed (so many questions asked the layer)."""

    def __init__(self, inner: Embedder) -> None:
        super().__init__(inner)
        self.texts = 0

    def embed(self, texts: Sequence[str]) -> list[bytes]:
        self.texts += len(texts)
        return self._inner.embed(texts)


def timings(
    wall: list[float], cpu: list[float], thread: list[float] | None = None
) -> dict[str, float]:
    """p50 and p95 of wall time and p50 of CPU time, in ms; with ``thread``, also the p50 of
    the CPU time of the searching thread alone (the layer may work on another, ADR 0142: with
    a core free, that thread's time is what the caller waits)."""
    ordered = sorted(wall)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    found = {
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(p95 * 1000, 3),
        "cpu_p50_ms": round(statistics.median(cpu) * 1000, 3),
    }
    if thread is not None:
        found["thread_cpu_p50_ms"] = round(statistics.median(thread) * 1000, 3)
    return found


def measure_meaning(
    container: Any,
    counter: CountingEmbedder,
    queries: list[str],
    weak: list[str],
    bar: Progress,
    *,
    limit: int,
    scope: SearchScope = SCOPE,
    embed_sample: int = EMBED_SAMPLE,
) -> dict[str, Any]:
    """The ``semantic`` part of a size's report: why it is absent, or its measurements. Each
    search has ``scope`` (the default: what ``capy_search`` searches unless told otherwise)."""
    status = counter.status()
    if not status.available:
        return {"available": False, "reason": status.reason}
    store = container.adapters.knowledge_store()
    words = SearchKnowledge(store, container.core.clock(), track_access=False)
    layered: SearchKnowledge = container.use_cases.search_knowledge()
    embedding = _throughput(container, counter, embed_sample, bar)
    _index_output(container)
    _random_vectors(container, counter, bar)
    layered.search("warm the model up", limit, scope)
    report: dict[str, Any] = {"available": True, "model": counter.model_id}
    report["embedding"] = embedding
    for name, asked in (("queries", queries), ("weak_queries", weak)):
        report[name] = _paired(
            (words, layered), counter, asked, bar, name=name, limit=limit, scope=scope
        )
    layer = container.use_cases.semantic_layer()
    wall: list[float] = []
    cpu: list[float] = []
    for query in queries:  # a question not embedded before, the layer alone
        began, began_cpu = time.perf_counter(), time.process_time()
        layer.nearest(query + " ?", scope, 60)
        wall.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
    report["layer_alone"] = timings(wall, cpu)
    return report


def _paired(
    searches: tuple[SearchKnowledge, SearchKnowledge],
    counter: CountingEmbedder,
    queries: list[str],
    bar: Progress,
    *,
    name: str,
    limit: int,
    scope: SearchScope,
) -> dict[str, Any]:
    """Each query with words alone and with the layer, in turn; how many searches embedded a
    new question."""
    samples: dict[str, tuple[list[float], list[float], list[float]]] = {
        "words": ([], [], []),
        "with_layer": ([], [], []),
    }
    asked = 0
    task = bar.add_task(f"capy: {name.replace('_', ' ')}, words and layer", total=len(queries))
    sides = list(zip(("words", "with_layer"), searches, strict=True))
    for number, query in enumerate(queries):
        # Each side first every other question: the second search of a question finds the
        # pages the first one decrypted still cached, which would favour one side.
        for side, search in sides if number % 2 == 0 else sides[::-1]:
            before = counter.texts
            began, began_cpu = time.perf_counter(), time.process_time()
            began_thread = time.thread_time()
            search.search(query, limit, scope)
            samples[side][0].append(time.perf_counter() - began)
            samples[side][1].append(time.process_time() - began_cpu)
            samples[side][2].append(time.thread_time() - began_thread)
            asked += counter.texts > before
        bar.advance(task)
    bar.remove_task(task)
    result: dict[str, Any] = {side: timings(*pair) for side, pair in samples.items()}
    result["count"] = len(queries)
    result["asked_layer"] = asked
    for unit in ("p50_ms", "cpu_p50_ms", "thread_cpu_p50_ms"):
        extra = result["with_layer"][unit] - result["words"][unit]
        result[f"extra_{unit}"] = round(extra, 3)
    # The goal is what the user waits for: the wall p50. Process CPU counts the layer's work on
    # its worker thread too (ADR 0142), which a free core does beside the words' search.
    result["within_goal"] = result["extra_p50_ms"] <= GOAL_EXTRA_MS
    return result


def _throughput(
    container: Any, model: Embedder, sample: int, bar: Progress
) -> dict[str, float | int]:
    """The model's speed on the store's first ``sample`` chunks (their passages), in batches as
    the embedding job hands them over."""
    vectors = container.adapters.chunk_vectors()
    pending = vectors.pending(model.model_id, ALL_KINDS, sample)
    passages = [item.passages for item in pending]
    task = bar.add_task("capy: embedding a sample", total=len(passages))
    began, began_cpu = time.perf_counter(), time.process_time()
    for start in range(0, len(passages), EMBED_BATCH):
        batch = passages[start : start + EMBED_BATCH]
        model.embed([text for texts in batch for text in texts])
        bar.advance(task, len(batch))
    wall, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    bar.remove_task(task)
    count = sum(len(texts) for texts in passages)
    return {
        "chunks": len(passages),
        "passages": count,
        "chunks_per_s": round(len(passages) / max(wall, 1e-9), 2),
        "chunks_per_cpu_s": round(len(passages) / max(cpu, 1e-9), 2),
        "passages_per_s": round(count / max(wall, 1e-9), 2),
    }


def _index_output(container: Any) -> None:
    """One small tool output, indexed as the server indexes one: a default search leaves such
    outputs out, so the layer's scoring sees a scope narrower than the store, as it does in a
    running capy."""
    container.use_cases.index_content().execute(
        IndexRequest(
            content="Reason: OOMKilled\nExit Code: 137\nRestart Count: 4\n",
            label="kubectl describe pod api-7f9c",
            kind=SourceKind.EPHEMERAL,
            content_type=ContentType.PLAINTEXT,
        )
    )


def _random_vectors(container: Any, model: Embedder, bar: Progress) -> None:
    """A random unit vector for each passage of every chunk (see the module's docstring)."""
    import numpy as np

    vectors = container.adapters.chunk_vectors()
    rng = np.random.default_rng(7)
    task = bar.add_task("capy: vectors", total=None)
    while waiting := vectors.pending(model.model_id, ALL_KINDS, 1000):
        stored = []
        for item in waiting:
            block = rng.standard_normal((len(item.passages), model.dimensions)).astype("<f4")
            block /= np.linalg.norm(block, axis=1, keepdims=True)
            stored.append((item.text_hash, [row.tobytes() for row in block]))
        vectors.store_vectors(model.model_id, stored)
    bar.remove_task(task)
