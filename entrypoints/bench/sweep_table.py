"""Printing the session sweep benchmark: one column per history size."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

_ROWS: tuple[tuple[str, Callable[[dict[str, Any]], str]], ...] = (
    ("history", lambda s: f"{s['history']['mb']} MB"),
    ("sessions (files)", lambda s: f"{s['history']['sessions']} ({s['history']['files']})"),
    ("largest session", lambda s: f"{s['history']['largest_session_mb']} MB"),
    ("sweep, indexing", lambda s: f"{s['first_seconds']} s"),
    ("  MB of JSONL / s", lambda s: str(s["mb_per_s"])),
    ("  sessions / s", lambda s: str(s["sessions_per_s"])),
    ("RSS before", lambda s: f"{s['rss_before_mb']} MB"),
    ("peak RSS indexing", lambda s: f"{s['peak_rss_mb']} MB (+{s['peak_over_baseline_mb']})"),
    ("peak RSS reading only", lambda s: f"{s['read_only_peak_rss_mb']} MB"),
    ("sweep, nothing changed", lambda s: f"{s['second_seconds'] * 1000:.1f} ms"),
)


def print_sweep_bench(report: dict[str, Any], console: Console) -> None:
    sizes: list[dict[str, Any]] = report["sizes"]
    table = Table(title="Session sweep (each history swept in a fresh process)")
    table.add_column("")
    for size in sizes:
        table.add_column(f"{size['target_mb']} MB", justify="right")
    for name, cell in _ROWS:
        table.add_row(name, *(cell(size) for size in sizes))
    console.print(table)
    quality = report.get("quality")
    if quality:
        console.print(
            f"Search over swept sessions: {quality['questions']} questions, "
            f"{quality['sessions_indexed']} sessions indexed "
            f"({quality['distractor_sessions']} of them distractors): "
            f"R@1 {quality['r_at_1']}, R@3 {quality['r_at_3']}, MRR {quality['mrr']}"
        )
        for case in quality["cases"]:
            if case["rank"] != 1:
                rank = case["rank"] or "not in top 10"
                console.print(f"  {case['id']} rank {rank}: {case['query']}")
