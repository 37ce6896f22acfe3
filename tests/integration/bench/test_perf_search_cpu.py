"""``capy bench perf`` times each search by the clock and by this process's CPU, for capy and for
raw FTS5 alike, on a small real store."""

from __future__ import annotations

import io

from rich.console import Console
from rich.progress import Progress

from entrypoints.bench.perf import _measure


def test_each_side_s_searches_carry_their_cpu_beside_the_clock() -> None:
    with Progress(console=Console(file=io.StringIO())) as bar:
        row = _measure(120, 8, bar, None)
    for side in (row["capy"], row["raw_fts5"]):
        search = side["search"]
        assert search["p50_ms"] > 0 and search["cpu_p50_ms"] >= 0
        # One thread, no waiting on a disk it has just written: CPU never exceeds the clock by
        # more than the timers' resolution.
        assert search["cpu_p50_ms"] <= search["p95_ms"] + 1.0
    capy_cpu = row["capy"]["search"]["cpu_p50_ms"]
    raw_cpu = row["raw_fts5"]["search"]["cpu_p50_ms"]
    assert row["search_cpu_p50_vs_raw"] == round(capy_cpu / max(raw_cpu, 1e-6), 2)
