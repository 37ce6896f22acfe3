"""How ``capy sweep`` shows what it found and did."""

from __future__ import annotations

from collections import Counter

from rich import box
from rich.console import Console
from rich.text import Text

from application.use_cases.sweep_request import SweepReport, SweepStatus, SweptThread
from domain.sessions.files import SessionHost
from entrypoints.cli.fitted_table import FitColumn, print_fitted
from entrypoints.cli.sizes import byte_size, plural

HOST_NAMES = {SessionHost.CLAUDE_CODE: "Claude Code", SessionHost.CODEX: "Codex"}
SHORT_HOST_NAMES = {SessionHost.CLAUDE_CODE: "claude", SessionHost.CODEX: "codex"}
STYLES = {
    SweepStatus.NEW: "green",
    SweepStatus.CHANGED: "yellow",
    SweepStatus.SKIPPED: "dim",
    SweepStatus.UNCHANGED: "dim",
}


def _details(row: SweptThread) -> str:
    if row.status in (SweepStatus.NEW, SweepStatus.CHANGED):
        text = plural(row.sections, "section")
    else:
        text = row.reason or ("indexed before" if row.status is SweepStatus.UNCHANGED else "")
    return f"{text}; {row.note}" if row.note else text


def summary(report: SweepReport) -> str:
    hosts = Counter(HOST_NAMES.get(row.host, row.host.value) for row in report.rows)
    files = "session file" if report.files_found == 1 else "session files"
    counts = ", ".join(
        f"{report.count(status)} {status.value}"
        for status in (
            SweepStatus.NEW,
            SweepStatus.CHANGED,
            SweepStatus.UNCHANGED,
            SweepStatus.SKIPPED,
        )
    )
    by_host = ", ".join(f"{name} {count}" for name, count in sorted(hosts.items()))
    where = f" ({by_host})" if len(hosts) > 1 else ""
    return f"{report.files_found} {files} for {report.project_root}{where}: {counts}"


def print_report(report: SweepReport, console: Console) -> None:
    """The sessions that are (or would be) indexed or skipped, then the counts; unchanged
    sessions are only counted."""
    shown = [row for row in report.rows if row.status is not SweepStatus.UNCHANGED]
    if shown:
        columns = (
            FitColumn("Started UTC", identifying=True),
            FitColumn("Session", identifying=True),
            FitColumn("Host", identifying=True),
            FitColumn("Size", identifying=True, justify="right"),
            FitColumn("Turns", identifying=True, justify="right"),
            FitColumn("Status", identifying=True),
            FitColumn("Details", overflow="fold", min_width=16),
        )
        rows = [
            (
                row.started.replace("T", " ")[:16] or "—",
                Text(f"{row.session_id[:8]}{f' +{row.sessions - 1}' if row.sessions > 1 else ''}"),
                SHORT_HOST_NAMES.get(row.host, row.host.value),
                byte_size(row.size_bytes),
                str(row.turns) if row.turns else "—",
                Text(row.status.value, style=STYLES[row.status]),
                Text(_details(row)),
            )
            for row in shown
        ]
        print_fitted(console, columns, rows, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    console.print(summary(report))
    if report.stopped:
        console.print("Stopped before the end: run it again to sweep the rest.")
