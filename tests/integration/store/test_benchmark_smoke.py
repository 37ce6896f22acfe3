"""The store benchmark (used by ``capy bench perf``) runs end to end on a tiny corpus."""

from __future__ import annotations

from pathlib import Path

from adapters.sqlcipher.store_benchmark import measure_indexing, measure_search


def test_benchmark_functions_run(tmp_path: Path) -> None:
    indexing = measure_indexing(tmp_path / "i", target_bytes=50_000)
    assert indexing.chunks > 0 and indexing.corpus_bytes >= 50_000
    assert indexing.store_mb_per_s > 0 and indexing.raw_mb_per_s > 0

    search = measure_search(tmp_path / "s", chunks=40, queries=6)
    assert search.chunks >= 40 and search.queries == 6
    assert search.porter_per_s > 0 and search.trigram_per_s > 0
