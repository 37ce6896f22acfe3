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
        "enc p+t",
        "capy÷raw",
        "capy÷enc",
        "÷enc CPU",
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
            f"{raw['encrypted_porter_trigram_chunks_per_s']:,.0f}",
            f"{row['index_speed_vs_raw']:.2f}",
            f"{row['index_speed_vs_encrypted_porter_trigram']:.2f}",
            f"{row['index_cpu_speed_vs_encrypted_porter_trigram']:.2f}",
            f"{capy['search']['p50_ms']:.2f}/{capy['search']['p95_ms']:.2f}",
            f"{raw['search']['p50_ms']:.3f}/{raw['search']['p95_ms']:.3f}",
            f"{row['search_p50_vs_raw']:.1f}×",
            f"{row['peak_rss_mb']:.0f}",
        )
    console.print(table)
    console.print(
        "capy: encrypted store through the index and search use cases (both FTS tables, "
        "redaction, vocabulary, RRF, rerank); raw: one unencrypted porter FTS5 table, one MATCH; "
        "raw p+t: unencrypted porter and trigram tables filled in the same transactions; "
        "enc p+t: the same in a SQLCipher file (the limit for what capy stores); ÷enc CPU: "
        "capy÷enc by this process's CPU seconds, which other processes' load leaves alone."
    )
    _print_search_cpu(report["sizes"], console)
    for row in report["sizes"]:
        if "semantic" in row["capy"]:
            _print_meaning(row["capy"]["chunks"], row["capy"]["semantic"], console)
    if "log" in report:
        log = report["log"]
        console.print(
            f"a {log['bytes'] / 1e6:.0f} MB log indexed whole: {log['seconds']:.1f} s, "
            f"{log['mb_per_s']:.2f} MB/s ({log['sections']:,} sections); the same chunks in "
            f"an encrypted porter+trigram pair: {log['encrypted_porter_trigram_mb_per_s']:.2f} MB/s"
            f"; by CPU seconds {log['cpu_mb_per_s']:.2f} MB/s "
            f"({log.get('critical_cpu_mb_per_s', 0):.2f} MB/s on the busier of server and worker)"
            f", the pair "
            f"{log['encrypted_porter_trigram_cpu_mb_per_s']:.2f} MB/s"
        )
    if "cli_start" in report:
        _print_processes(report, console)


def _print_search_cpu(sizes: list[dict[str, Any]], console: Console) -> None:
    """The searches' CPU per query beside the clock's: what this process spent, which other
    processes' load does not stretch (on an idle machine the two agree)."""
    parts = [
        f"{row['capy']['chunks']:,} chunks {row['capy']['search']['cpu_p50_ms']:.2f} ms "
        f"(raw {row['raw_fts5']['search']['cpu_p50_ms']:.3f}, {row['search_cpu_p50_vs_raw']:.1f}×)"
        for row in sizes
        if "cpu_p50_ms" in row["capy"]["search"]
    ]
    if parts:
        console.print("search CPU per query, p50: " + "; ".join(parts))


def _print_processes(report: dict[str, Any], console: Console) -> None:
    start = report["cli_start"]
    console.print(
        f"whole process, median of {start['rounds']} interleaved rounds "
        f"(python -c pass: {start['bare_ms']:.1f} ms):"
    )
    for command, time in start["commands"].items():
        console.print(
            f"  {command:<36} {time['median_ms']:7.1f} ms  {time['ratio']:5.1f}× python",
            markup=False,
        )
    _print_server_memory(report["server_memory"], console)
    if "server_model_memory" in report:
        _print_model_memory(report["server_model_memory"], console)


def _print_server_memory(memory: dict[str, Any], console: Console) -> None:
    console.print(
        f"capy serve RSS: idle {memory['idle_mb']:.1f} MB; one {memory['big_output_mb']} MB "
        f"capy_execute output peaks at {memory['big_peak_mb']:.1f} MB, then "
        f"{memory['after_big_mb']:.1f} MB; after {memory['calls']:,} more calls "
        f"{memory['after_calls_mb']:.1f} MB (the higher of two readings near the end)"
    )
    if "searches" in memory:
        console.print(
            f"  the calls: a working day in {memory['calls_s']:.0f} s — "
            f"{memory['searches']:,} queries reached the store "
            f"({memory['store_sections']:,} sections after), {memory['refused']} search calls "
            "refused by the throttle",
            markup=False,
        )


def _print_model_memory(memory: dict[str, Any], console: Console) -> None:
    if not memory["available"]:
        console.print(f"capy serve with the model: not measured — {memory['reason']}")
        return
    console.print(
        f"capy serve RSS with the semantic layer: idle {memory['idle_mb']:.1f} MB, "
        f"{memory['model_loaded_mb']:.1f} MB with the model loaded (a document embedded in "
        f"{memory['embed_wait_s']:.0f} s and searched; peak {memory['peak_mb']:.1f} MB); "
        f"with the layer off (as without the extra): idle {memory['layer_off_idle_mb']:.1f} "
        f"MB, {memory['layer_off_after_search_mb']:.1f} MB after the same calls"
    )


def _print_meaning(chunks: int, meaning: dict[str, Any], console: Console) -> None:
    """The semantic layer's rows of one size (``perf_meaning``), or why they are absent."""
    if not meaning["available"]:
        console.print(f"semantic layer at {chunks:,} chunks: not measured — {meaning['reason']}")
        return
    console.print(f"semantic layer ({meaning['model']}) at {chunks:,} chunks, p50 wall (CPU):")
    for key, what in (
        ("queries", "the perf questions"),
        ("weak_queries", "questions in other words"),
    ):
        pair = meaning[key]
        words, layer = pair["words"], pair["with_layer"]
        verdict = "within" if pair["within_goal"] else "over"
        console.print(
            f"  {what}: words {words['p50_ms']:.1f} ({words['cpu_p50_ms']:.1f}) ms, with the "
            f"layer {layer['p50_ms']:.1f} ({layer['cpu_p50_ms']:.1f}) ms: "
            f"{pair['extra_p50_ms']:+.1f} ms wall, {verdict} the +8 ms goal "
            f"({pair['extra_cpu_p50_ms']:+.1f} ms CPU in all, "
            f"{pair.get('extra_thread_cpu_p50_ms', pair['extra_cpu_p50_ms']):+.1f} ms on the "
            "searching thread); "
            f"{pair['asked_layer']} of {pair['count']} embedded a new question",
            markup=False,
        )
    alone, embedding = meaning["layer_alone"], meaning["embedding"]
    console.print(
        f"  the layer alone for a new question: {alone['p50_ms']:.1f} "
        f"({alone['cpu_p50_ms']:.1f}) ms; the model embeds {embedding['chunks_per_s']:.2f} "
        f"chunks/s ({embedding['chunks_per_cpu_s']:.2f} per CPU second, "
        f"{embedding['passages_per_s']:.1f} passages/s; {embedding['chunks']} chunks, "
        f"{embedding['passages']} passages)",
        markup=False,
    )
