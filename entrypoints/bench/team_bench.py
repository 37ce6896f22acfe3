"""The team store next to the SQLCipher file: search latency at one size (interleaved query by
query, so load from elsewhere hits both alike), substring queries of common short units, and
many clients indexing and searching at once (``capy bench team``)."""

from __future__ import annotations

import functools
import itertools
import secrets
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from rich.progress import Progress

from adapters.shared_knowledge_store import TEAM_PREFIX
from application.use_cases.index_request import IndexRequest
from domain.content_type import ContentType
from domain.search.store_query import Combine, StoreQuery
from domain.search_hit import SearchLayer
from domain.source_kind import SourceKind
from entrypoints.bench.bench_store import StoreChoice, bench_container
from entrypoints.bench.perf import SCOPE, SEARCH_LIMIT, index_all
from entrypoints.bench.perf_corpus import perf_corpus, perf_queries

SIDES = (StoreChoice.SQLCIPHER, StoreChoice.TEAM)
# Common short units: the substring layer's worst case (each matches most chunks).
SUBSTRING_UNITS = ("the", "ing", "ion", "err", "req", "res", "con", "tim")
SUBSTRING_ROUNDS = 5


def percentiles(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(p95 * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }


def run_search_comparison(size: int, query_count: int, bar: Progress) -> dict[str, Any]:
    """Both stores indexed with the same chunks; each query timed on one, then the other."""
    corpus = perf_corpus(size)
    queries = perf_queries(corpus, query_count)
    with (
        tempfile.TemporaryDirectory(prefix="capy-team-bench-") as tmp,
        bench_container(StoreChoice.SQLCIPHER, Path(tmp) / "sqlcipher") as local,
        bench_container(StoreChoice.TEAM, Path(tmp) / "team") as team,
    ):
        containers = {StoreChoice.SQLCIPHER: local, StoreChoice.TEAM: team}
        report: dict[str, Any] = {"size": size, "queries": len(queries)}
        for side, container in containers.items():
            task = bar.add_task(f"{side}: indexing", total=len(corpus.documents))
            seconds = index_all(container, corpus, functools.partial(bar.advance, task))
            bar.remove_task(task)
            chunks = container.adapters.knowledge_store().stats().chunk_count
            report[side.value] = {"chunks": chunks, "index_seconds": round(seconds, 2)}
        searches = {side: c.use_cases.search_knowledge() for side, c in containers.items()}
        samples: dict[StoreChoice, list[float]] = {side: [] for side in SIDES}
        for search in searches.values():
            search.search(queries[0], SEARCH_LIMIT, SCOPE)  # warm, as a running server is
        task = bar.add_task("searching both", total=len(queries))
        for query in queries:
            for side in SIDES:
                began = time.perf_counter()
                searches[side].search(query, SEARCH_LIMIT, SCOPE)
                samples[side].append(time.perf_counter() - began)
            bar.advance(task)
        bar.remove_task(task)
        substrings = _substring_probe(containers, bar)
    for side in SIDES:
        report[side.value]["search"] = percentiles(samples[side])
        report[side.value]["substrings"] = substrings[side]
    report["search_p50_team_vs_sqlcipher"] = round(
        report["team"]["search"]["p50_ms"] / max(report["sqlcipher"]["search"]["p50_ms"], 1e-6), 2
    )
    return report


def _substring_probe(containers: dict[StoreChoice, Any], bar: Progress) -> dict[StoreChoice, Any]:
    """The substrings layer asked directly for common short units (the pipeline asks it only
    when the words layer comes up short, so this is its worst case)."""
    stores = {side: c.adapters.knowledge_store() for side, c in containers.items()}
    per_unit: dict[StoreChoice, dict[str, list[float]]] = {
        side: {unit: [] for unit in SUBSTRING_UNITS} for side in SIDES
    }
    task = bar.add_task("substrings", total=SUBSTRING_ROUNDS * len(SUBSTRING_UNITS))
    for _ in range(SUBSTRING_ROUNDS):
        for unit in SUBSTRING_UNITS:
            for side in SIDES:
                began = time.perf_counter()
                stores[side].search(
                    StoreQuery(SearchLayer.SUBSTRINGS, ((unit,),), Combine.ALL), SCOPE, 50
                )
                per_unit[side][unit].append(time.perf_counter() - began)
            bar.advance(task)
    bar.remove_task(task)
    result: dict[StoreChoice, Any] = {}
    for side in SIDES:
        every = [s for samples in per_unit[side].values() for s in samples]
        worst = max(per_unit[side], key=lambda u: percentiles(per_unit[side][u])["p95_ms"])
        result[side] = {
            **percentiles(every),
            "worst_unit": worst,
            "worst_unit_p95_ms": percentiles(per_unit[side][worst])["p95_ms"],
        }
    return result


def run_load(side: StoreChoice, clients: int, seconds: float, bar: Progress) -> dict[str, Any]:
    """Half the clients index (own labels, plus labels all indexers share), half search, for
    ``seconds``; then every label indexed is checked to be there exactly once."""
    corpus = perf_corpus(2000, seed=17)
    queries = perf_queries(corpus, 200, seed=19)
    writers = max(clients // 2, 1)
    readers = max(clients - writers, 1)
    key = secrets.token_hex(32)
    with tempfile.TemporaryDirectory(prefix=f"capy-load-{side}-") as tmp:
        member = None
        if side is StoreChoice.TEAM:
            from entrypoints.bench.team_store import new_member

            member = new_member()
        index_times: list[float] = []
        search_times: list[float] = []
        errors: list[str] = []
        expected: set[str] = set()
        lock = threading.Lock()
        stop = time.perf_counter() + seconds
        start = threading.Barrier(writers + readers)

        def open_container(n: int) -> Any:
            return bench_container(
                side, Path(tmp), extra_env={"CAPY_DB_KEY": key}, team_member=member
            )

        def writer(n: int) -> None:
            with open_container(n) as container:
                index = container.use_cases.index_content()
                start.wait()
                for round_ in itertools.count():
                    if time.perf_counter() >= stop:
                        return
                    document = corpus.documents[(n * 7 + round_) % len(corpus.documents)]
                    shared = round_ % 5 == 4
                    label = f"load/shared/{round_ % 10}" if shared else f"load/{n}/{round_}"
                    began = time.perf_counter()
                    try:
                        index.execute(
                            IndexRequest(
                                content=f"{document.text}\n\nwriter {n} round {round_}",
                                label=label,
                                kind=SourceKind.DURABLE,
                                content_type=ContentType.PLAINTEXT,
                            )
                        )
                    except Exception as error:
                        with lock:
                            errors.append(f"index {label}: {type(error).__name__}: {error}")
                        continue
                    elapsed = time.perf_counter() - began
                    with lock:
                        index_times.append(elapsed)
                        expected.add(label)

        def reader(n: int) -> None:
            with open_container(n) as container:
                search = container.use_cases.search_knowledge()
                start.wait()
                for round_ in itertools.count():
                    if time.perf_counter() >= stop:
                        return
                    query = queries[(n * 13 + round_) % len(queries)]
                    began = time.perf_counter()
                    try:
                        search.search(query, SEARCH_LIMIT, SCOPE)
                    except Exception as error:
                        with lock:
                            errors.append(f"search {query!r}: {type(error).__name__}: {error}")
                        continue
                    with lock:
                        search_times.append(time.perf_counter() - began)

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
        threads += [threading.Thread(target=reader, args=(n,)) for n in range(readers)]
        task = bar.add_task(f"{side}: {clients} clients", total=None)
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        bar.remove_task(task)
        with open_container(0) as container:
            labels = [s.label for s in container.adapters.knowledge_store().sources()]
    # A member's store shows the team's sources as ``team:<label>`` (their home); the label
    # indexed is what follows.
    labels = [label.removeprefix(TEAM_PREFIX) for label in labels]
    present = set(labels)
    return {
        "store": side.value,
        "clients": writers + readers,
        "seconds": seconds,
        "errors": len(errors),
        "first_errors": errors[:5],
        "documents_indexed": len(index_times),
        "searches": len(search_times),
        "labels_expected": len(expected),
        "lost_sources": len(expected - present),
        "duplicated_sources": len(labels) - len(present),
        "index": percentiles(index_times),
        "search": percentiles(search_times),
    }
