"""What a purge (cleanup, retention purge, session sweep) costs on a large store (ADR 0161).

    python bench/purge_cost.py build 100000 /tmp/purge/100k     # once per size
    python bench/purge_cost.py run /tmp/purge/100k --rounds 3   # each case on a fresh copy

``build`` indexes the perf benchmark's synthetic corpus (50 chunks per source) through capy's
own indexing; ``run`` copies the built file for every case, deletes sources picked at random
(1, 50, and 1/16, 1/4, 1/2 of them) and prints the CPU and clock seconds of ``delete_sources``
and of the checkpoint after it. ``--phases`` times the purge's steps one by one.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KEY = "purge-cost-bench-key"


def build(size: int, directory: Path) -> None:
    from entrypoints.bench.bench_store import StoreChoice, bench_container
    from entrypoints.bench.perf import index_all
    from entrypoints.bench.perf_corpus import perf_corpus

    directory.mkdir(parents=True, exist_ok=True)
    corpus = perf_corpus(size)
    with bench_container(
        StoreChoice.SQLCIPHER, directory, extra_env={"CAPY_DB_KEY": KEY}
    ) as container:
        began = time.process_time()
        index_all(container, corpus, lambda: None)
        store = container.adapters.knowledge_store()
        store.checkpoint()
        print(
            f"built {store.stats().chunk_count} chunks in {time.process_time() - began:.1f} s CPU"
        )


def _open(path: Path):  # type: ignore[no-untyped-def]
    from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore

    return SqlcipherKnowledgeStore(path, KEY, on_warning=lambda _: None)


def _cases(count: int) -> list[tuple[str, int]]:
    return [
        ("1 source", 1),
        ("50 sources", 50),
        ("1/16", max(1, count // 16)),
        ("1/4", count // 4),
        ("1/2", count // 2),
    ]


def _timed_transactions() -> list[tuple[float, float]]:
    """The CPU and clock seconds of each write transaction the purge takes (the lock's holds)."""
    from contextlib import contextmanager

    from adapters.sqlcipher import maintenance, purge

    held: list[tuple[float, float]] = []
    plain = purge.write_transaction

    @contextmanager
    def timed(connection):  # type: ignore[no-untyped-def]
        cpu, wall = time.process_time(), time.perf_counter()
        with plain(connection) as inside:
            yield inside
        held.append((time.process_time() - cpu, time.perf_counter() - wall))

    purge.write_transaction = timed  # type: ignore[assignment]
    maintenance.write_transaction = timed  # type: ignore[assignment]
    return held


def _one(built: Path, label: str, take: int, seed: int) -> dict[str, float | int | str]:
    with tempfile.TemporaryDirectory(dir=built.parent) as tmp:
        path = Path(tmp) / "knowledge.db"
        shutil.copyfile(built / "knowledge.db", path)
        store = _open(path)
        ids = sorted(s.id for s in store.sources())
        chosen = random.Random(seed).sample(ids, take)
        chunks = store.stats().chunk_count
        held = _timed_transactions()
        cpu, wall = time.process_time(), time.perf_counter()
        deleted = store.delete_sources(chosen)
        purge_cpu, purge_wall = time.process_time() - cpu, time.perf_counter() - wall
        cpu, wall = time.process_time(), time.perf_counter()
        store.checkpoint()
        fold_cpu, fold_wall = time.process_time() - cpu, time.perf_counter() - wall
        left = store.stats().chunk_count
        store.close()
    return {
        "case": label,
        "sources": deleted,
        "chunks_deleted": chunks - left,
        "chunks_stored": chunks,
        "purge_cpu": round(purge_cpu, 3),
        "purge_wall": round(purge_wall, 3),
        "transactions": len(held),
        "longest_cpu": round(max(c for c, _ in held), 3),
        "longest_wall": round(max(w for _, w in held), 3),
        "checkpoint_cpu": round(fold_cpu, 3),
        "checkpoint_wall": round(fold_wall, 3),
    }


def run(
    built: Path, rounds: int, only: list[str] | None, first_seed: int = 0
) -> list[dict[str, float | int | str]]:
    store = _open(built / "knowledge.db")
    count = len(store.sources())
    store.close()
    results = []
    for round_ in range(rounds):
        for label, take in _cases(count):
            if only and label not in only:
                continue
            result = _one(built, label, take, seed=first_seed + round_)
            results.append(result)
            print(json.dumps(result), flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("size", type=int)
    b.add_argument("directory", type=Path)
    r = sub.add_parser("run")
    r.add_argument("directory", type=Path)
    r.add_argument("--rounds", type=int, default=3)
    r.add_argument("--only", action="append")
    r.add_argument("--seed", type=int, default=0, help="the first round's pick of sources")
    args = parser.parse_args()
    if args.command == "build":
        build(args.size, args.directory)
    else:
        run(args.directory, args.rounds, args.only, args.seed)


if __name__ == "__main__":
    main()
