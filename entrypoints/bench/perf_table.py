"""Rich rendering of a performance report."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from entrypoints.cli.console import stdout_console


def print_perf(report: dict[str, Any], console: Console | None = None) -> None:
    console = console or stdout_console()
    meta = report["metadata"]
    console.print(
        f"[bold]capy bench perf[/] — git {meta['git_sha'][:10]}, "
        f"Python {meta['python_version']}, SQLite {meta['sqlite_version']}, "
        f"{meta['cpus']} CPUs; search limit {report['search_limit']}"
    )
    table = Table(title_justify="left")
    for name in (
        "chunks",
        "index/s capy",
        "index/s raw",
        "raw p+t",
        "capy÷raw",
        "search ms p50/p95",
        "raw ms p50/p95",
        "p50÷raw",
        "RSS MB",
    ):
        table.add_column(name, justify="right")
    for row in report["sizes"]:
        capy, raw = row["capy"], row["raw_fts5"]
        table.add_row(
            f"{capy['chunks']:,}",
            f"{capy['index_chunks_per_s']:,.0f}",
            f"{raw['index_chunks_per_s']:,.0f}",
            f"{raw['porter_trigram_chunks_per_s']:,.0f}",
            f"{row['index_speed_vs_raw']:.2f}",
            f"{capy['search']['p50_ms']:.2f}/{capy['search']['p95_ms']:.2f}",
            f"{raw['search']['p50_ms']:.3f}/{raw['search']['p95_ms']:.3f}",
            f"{row['search_p50_vs_raw']:.1f}×",
            f"{row['peak_rss_mb']:.0f}",
        )
    console.print(table)
    console.print(
        "capy: encrypted store through the index and search use cases (both FTS tables, "
        "redaction, vocabulary, RRF, rerank); raw: one unencrypted porter FTS5 table, one MATCH; "
        "raw p+t: unencrypted porter and trigram tables filled in the same transactions."
    )
