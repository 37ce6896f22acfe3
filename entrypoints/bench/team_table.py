"""``capy bench team``'s tables: SQLCipher and the team store side by side."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def print_team(report: dict[str, Any], console: Console) -> None:
    search = report["search"]
    table = Table(title=f"Search at {search['size']:,} chunks ({search['queries']} queries)")
    for column in ("", "SQLCipher", "PostgreSQL (team)"):
        table.add_column(column, justify="right" if column else "left")
    local, team = search["sqlcipher"], search["team"]
    table.add_row("chunks", f"{local['chunks']:,}", f"{team['chunks']:,}")
    table.add_row("indexing (s)", str(local["index_seconds"]), str(team["index_seconds"]))
    for name in ("p50_ms", "p95_ms", "max_ms"):
        table.add_row(f"search {name}", str(local["search"][name]), str(team["search"][name]))
    for name in ("p50_ms", "p95_ms", "worst_unit_p95_ms"):
        table.add_row(
            f"substrings {name}", str(local["substrings"][name]), str(team["substrings"][name])
        )
    table.add_row(
        "worst substring unit", local["substrings"]["worst_unit"], team["substrings"]["worst_unit"]
    )
    table.add_row("search p50, team ÷ SQLCipher", "", str(search["search_p50_team_vs_sqlcipher"]))
    console.print(table)
    if "load" not in report:
        return
    load = Table(title="Concurrent clients (half indexing, half searching)")
    for column in ("", *(run["store"] for run in report["load"])):
        load.add_column(column, justify="right" if column else "left")
    rows = [
        ("clients", "clients"),
        ("seconds", "seconds"),
        ("errors", "errors"),
        ("documents indexed", "documents_indexed"),
        ("searches", "searches"),
        ("labels indexed", "labels_expected"),
        ("lost sources", "lost_sources"),
        ("duplicated sources", "duplicated_sources"),
    ]
    for title, key in rows:
        load.add_row(title, *(str(run[key]) for run in report["load"]))
    for part in ("index", "search"):
        for name in ("p50_ms", "p95_ms"):
            load.add_row(f"{part} {name}", *(str(run[part][name]) for run in report["load"]))
    console.print(load)
    for run in report["load"]:
        for error in run["first_errors"]:
            console.print(f"{run['store']} error: {error}", markup=False)
