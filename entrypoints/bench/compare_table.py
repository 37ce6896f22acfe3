"""Rich rendering of a report comparison."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from entrypoints.bench.compare import CaseChange, Comparison, Delta
from entrypoints.cli.console import stdout_console

SHOWN_CASES = 15


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _change(delta: Delta) -> str:
    change = delta.change
    if change is None:
        return "–"
    text = f"{change:+.3f}"
    if delta.regression:
        return f"[bold red]{text} ![/]"
    if abs(change) < 1e-9:
        return f"[dim]{text}[/]"
    return text


def _rank(rank: int | None) -> str:
    return "–" if rank is None else str(rank)


def _print_cases(console: Console, what: str, changes: tuple[CaseChange, ...]) -> None:
    if not changes:
        return
    console.print(f"{len(changes)} case(s) {what}:")
    for change in changes[:SHOWN_CASES]:
        console.print(
            f"  {change.case_id}: rank {_rank(change.before)} → {_rank(change.after)}  "
            f"[dim]{change.query}[/]"
        )
    if len(changes) > SHOWN_CASES:
        console.print(f"  … and {len(changes) - SHOWN_CASES} more")


def print_comparison(comparison: Comparison, console: Console | None = None) -> None:
    console = console or stdout_console()
    before, after = comparison.before_meta, comparison.after_meta
    console.print(
        f"[bold]capy bench compare[/] — A: git {str(before.get('git_sha', '?'))[:10]} "
        f"({before.get('timestamp', '?')}), B: git {str(after.get('git_sha', '?'))[:10]} "
        f"({after.get('timestamp', '?')}); regression = worse by more than {comparison.threshold}"
    )
    if comparison.hash_mismatch:
        console.print(
            "[bold yellow]warning:[/] the reports were measured on different fixture sets "
            f"({before.get('dataset_hash', '?')} {before.get('content_types', '')} vs "
            f"{after.get('dataset_hash', '?')} {after.get('content_types', '')}); "
            "deltas compare different questions"
        )
    scopes: list[str] = []
    for delta in comparison.deltas:
        if delta.scope not in scopes:
            scopes.append(delta.scope)
    for scope in scopes:
        table = Table(title=scope, title_justify="left")
        for name, justify in (("metric", "left"), ("A", "right"), ("B", "right"), ("Δ", "right")):
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for delta in comparison.deltas:
            if delta.scope == scope and (delta.before is not None or delta.after is not None):
                table.add_row(delta.metric, _num(delta.before), _num(delta.after), _change(delta))
        console.print(table)
    _print_cases(console, "left the top 5", comparison.lost)
    _print_cases(console, "entered the top 5", comparison.gained)
    regressions = comparison.regressions
    if regressions:
        names = ", ".join(f"{d.scope}/{d.metric}" for d in regressions)
        console.print(f"[bold red]{len(regressions)} regression(s):[/] {names}")
    else:
        console.print("[green]no regressions[/]")
