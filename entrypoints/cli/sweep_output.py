"""How ``capy sweep`` shows what it found and did."""

from __future__ import annotations

from collections import Counter

from rich import box
from rich.console import Console
from rich.table import Column, Table
from rich.text import Text

from application.use_cases.sweep_request import SweepReport, SweepStatus, SweptThread
from domain.sessions.files import SessionHost
from entrypoints.cli.sizes import byte_size

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
        sections = "section" if row.sections == 1 else "sections"
        text = f"{row.sections} {sections}"
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
        table = Table(
            Column("Started UTC", no_wrap=True),
            Column("Session", no_wrap=True),
            Column("Host", no_wrap=True),
            Column("Size", justify="right", no_wrap=True),
            Column("Turns", justify="right"),
            Column("Status", no_wrap=True),
            Column("Details", ratio=1),
            box=box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
        )
        for row in shown:
            more = f" +{row.sessions - 1}" if row.sessions > 1 else ""
            table.add_row(
                row.started.replace("T", " ")[:16] or "—",
                Text(f"{row.session_id[:8]}{more}"),
                SHORT_HOST_NAMES.get(row.host, row.host.value),
                byte_size(row.size_bytes),
                str(row.turns) if row.turns else "—",
                Text(row.status.value, style=STYLES[row.status]),
                Text(_details(row)),
            )
        console.print(table, soft_wrap=False)
    console.print(summary(report))
    if report.stopped:
        console.print("Stopped before the end: run it again to sweep the rest.")
