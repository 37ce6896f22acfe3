"""``capy bench vault-ops`` and ``capy bench vault-tui``: the vault's upkeep and its interface."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Annotated

from cyclopts import Parameter

from domain.errors import InvalidInput
from entrypoints.cli.commands.bench import bench


@bench.command(name="vault-ops")
def vault_ops(
    *,
    history: Annotated[Path, Parameter(help="A history written by `capy bench vault-history`.")],
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> None:
    """Reindex and merge throughput, compact's bytes before and after, rekey's time and peak
    disk use — on vaults made from the history in a temporary folder (about four times the
    history's size on disk while it runs); your own vault and keys are never touched."""
    from rich.console import Console

    from entrypoints.bench.vault_ops_bench import describe, run_vault_ops_bench

    with tempfile.TemporaryDirectory(prefix="capy-vault-ops-") as workdir:
        try:
            report = run_vault_ops_bench(history, Path(workdir), Console(stderr=True))
        except FileNotFoundError as error:
            raise InvalidInput(str(error), "write one with `capy bench vault-history`") from None
    for name, line in describe(report):
        print(f"{name:<8} {line}")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


@bench.command(name="vault-tui")
def vault_tui(
    *,
    sessions: Annotated[int, Parameter(help="Sessions in the measured vault.")] = 5000,
    screenshots: Annotated[
        Path | None, Parameter(help="Write SVG screenshots of the interface into this folder.")
    ] = None,
    seed: Annotated[int, Parameter(help="Random seed of the generated sessions.")] = 7,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> None:
    """Time from starting `capy vault list --tui` to the list on screen, and search latency
    while typing, on a fresh vault of many sessions (made in a temporary folder)."""
    from rich.console import Console

    from entrypoints.bench.vault_tui_bench import run_vault_tui_bench

    if sessions < 2:
        raise InvalidInput("--sessions must be at least 2", "pass e.g. --sessions 5000")
    if screenshots is not None:
        screenshots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="capy-vault-tui-") as workdir:
        report = run_vault_tui_bench(
            Path(workdir), sessions, screenshots, seed, Console(stderr=True)
        )
    print(
        f"{report['sessions']:,} sessions: first list {report['start_to_first_list_s']} s after "
        f"the process started ({report['first_list_in_app_s']} s of it in the interface)"
    )
    print(
        f"typing {report['typed_queries']} queries: last key to results p50 "
        f"{report['key_to_results_p50_ms']} ms (max {report['key_to_results_max_ms']} ms, "
        f"0.2 s pause included); search per prefix p50 {report['search_per_prefix_p50_ms']} ms, "
        f"p95 {report['search_per_prefix_p95_ms']} ms"
    )
    if screenshots is not None:
        print(f"screenshots: {', '.join(sorted(p.name for p in screenshots.glob('*.svg')))}")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
