"""``capy bench vault-history`` and ``capy bench vault``: measuring the vault on a big history."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Annotated

from cyclopts import Parameter

from domain.errors import InvalidInput
from entrypoints.cli.commands.bench import bench


@bench.command(name="vault-history")
def vault_history(
    out: Annotated[Path, Parameter(help="Folder to write the history into (part-1, part-2, …).")],
    /,
    *,
    parts: Annotated[
        str, Parameter(help="Size of each part in MB, comma-separated (part-1 first).")
    ] = "200,800",
    seed: Annotated[int, Parameter(help="Random seed: the same seed writes the same history.")] = 7,
) -> None:
    """Write a Claude Code history to measure the vault on (1 GB by default, in two parts).

    Sessions in Claude Code's own layout and line format, with subagents, tool-result files
    and screenshots; the text is real (this Python's standard library: its files, comments
    and their lines as tool output). Nothing is read from or written to ~/.claude.
    """
    from entrypoints.bench.vault_history import MB, write_history

    sizes = _megabytes(parts)
    if out.exists() and any(out.iterdir()):
        raise InvalidInput(f"{out} is not empty", "choose a new folder for the history")
    for part in write_history(out, sizes, seed):
        print(f"{part.root}: {part.sessions} sessions, {part.bytes / MB:,.0f} MB")


@bench.command(name="vault")
def vault_bench(
    *,
    history: Annotated[Path, Parameter(help="A history written by `capy bench vault-history`.")],
    queries: Annotated[int, Parameter(help="Searches timed on the imported vault.")] = 200,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> None:
    """Import speed (MB/s), peak memory (first part alone vs the whole history), vault size
    against the raw history, re-import with nothing changed, and search latency.

    Every import runs in a child process with a fresh vault in a temporary folder; your own
    vault and key are never touched.
    """
    from rich.console import Console

    from entrypoints.bench.vault_bench import run_vault_bench

    if queries < 1:
        raise InvalidInput("--queries must be at least 1", "pass e.g. --queries 200")
    with tempfile.TemporaryDirectory(prefix="capy-vault-bench-") as workdir:
        try:
            report = run_vault_bench(history, Path(workdir), queries, Console(stderr=True))
        except FileNotFoundError as error:
            raise InvalidInput(str(error), "write one with `capy bench vault-history`") from None
    _print(report)
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


def _print(report: dict[str, object]) -> None:
    from rich.table import Table

    from entrypoints.cli.console import stdout_console

    table = Table(
        "import", "sessions", "MB", "largest MB", "s", "MB/s", "peak RSS MB", title="vault import"
    )
    for key, label in (
        ("import_first_part", "part-1, new vault"),
        ("import_whole", "all, new vault"),
        ("reimport_unchanged", "all, unchanged"),
    ):
        run = report[key]
        assert isinstance(run, dict)
        sessions = sum(run["sessions"].values())
        table.add_row(
            label,
            f"{sessions:,}",
            f"{run['bytes'] / 1e6:,.0f}",
            f"{run['largest_session'] / 1e6:,.1f}",
            f"{run['seconds']}",
            f"{run['mb_per_s']}",
            f"{run['peak_rss_mb']}",
        )
    console = stdout_console()
    console.print(table)
    search = report["search"]
    assert isinstance(search, dict)
    console.print(
        f"vault file {int(report['vault_file_bytes']) / 1e6:,.0f} MB = "  # type: ignore[call-overload]
        f"{report['vault_vs_raw']} × the raw history; archived blobs compress "
        f"{search['compression_ratio']}×"
    )
    console.print(
        f"search over {search['sessions']:,} sessions: p50 {search['p50_ms']} ms, "
        f"p95 {search['p95_ms']} ms ({search['queries']} queries, "
        f"{search['hits_per_query']} hits each)"
    )


def _megabytes(value: str) -> list[int]:
    hint = "pass sizes in MB separated by commas, e.g. --parts 200,800"
    try:
        sizes = [int(part) for part in value.split(",") if part.strip()]
    except ValueError:
        raise InvalidInput(f'cannot read --parts "{value}"', hint) from None
    if not sizes or any(size < 1 for size in sizes):
        raise InvalidInput(f'--parts "{value}" needs positive sizes', hint)
    return sizes
