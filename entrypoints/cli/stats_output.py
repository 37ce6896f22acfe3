"""``capy stats`` on a terminal: the figures of ``capy_stats`` as rich tables, not Markdown.

The words and numbers are the MCP report's own (``mcp_server.stats_report``); only the layout
differs — an agent reads Markdown, a person a table with the numbers in right-aligned columns.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from application.use_cases.describe_knowledge import KnowledgeOverview
from domain.server.usage import BYTES_PER_TOKEN, UsageCounts
from domain.server.usage_history import UsageHistory
from domain.wording import byte_size, plural
from entrypoints.cli.fitted_table import FitColumn, print_fitted
from entrypoints.mcp_server.stats_report import (
    TOKENS_NOTE,
    USAGE_ROWS,
    SessionUsage,
    history_note,
    knowledge_lines,
)

_PLAIN: dict[str, object] = {"box": None, "pad_edge": False, "header_style": "bold"}


def print_stats(
    console: Console,
    session: SessionUsage,
    history: UsageHistory,
    knowledge: KnowledgeOverview,
) -> None:
    counts = session.counts
    detail = f" ({session.detail})" if session.detail else ""
    console.print(Text(f"capy — {session.name}{detail}", style="bold"))
    console.print()
    if counts.total_calls == 0:
        console.print(
            f"No capy tool calls yet in {session.name}. Run noisy commands with capy_execute "
            "or capy_batch_execute (with an intent) to keep their output out of your context."
        )
        console.print()
    if counts.total_calls or history.all_time.total_calls:
        _usage(
            console,
            [(session.name, counts), ("today", history.today), ("all time", history.all_time)],
        )
        console.print()
    if note := history_note(history):
        console.print(note)
        console.print()
    if counts.total_calls:
        _tools(console, session)
        console.print()
    console.print(Text("Knowledge base", style="bold"))
    for line in knowledge_lines(knowledge):
        console.print(escape(line))
    console.print()
    console.print(TOKENS_NOTE, style="dim")


def _usage(console: Console, columns: list[tuple[str, UsageCounts]]) -> None:
    header = [FitColumn("", identifying=True)]
    header += [FitColumn(name, identifying=True, justify="right") for name, _ in columns]
    rows = [[label, *(cell(c) for _, c in columns)] for label, cell in USAGE_ROWS]
    print_fitted(console, header, rows, **_PLAIN)


def _tools(console: Console, session: SessionUsage) -> None:
    counts = session.counts
    columns = [
        FitColumn(f"Tool ({session.name})", identifying=True),
        FitColumn("Calls", identifying=True, justify="right"),
        FitColumn("Returned", identifying=True, justify="right"),
        FitColumn("≈ tokens", identifying=True, justify="right"),
    ]
    rows = [
        [
            name,
            f"{counts.tools[name].calls:,}",
            byte_size(counts.tools[name].bytes_returned),
            f"{counts.tools[name].bytes_returned // BYTES_PER_TOKEN:,}",
        ]
        for name in sorted(counts.tools)
    ]
    print_fitted(console, columns, rows, **_PLAIN)
    origins = ", ".join(f"{o.value} {byte_size(n)}" for o, n in counts.processed.items())
    if origins:
        console.print(f"Processed in {session.name}: {origins}.")
    if counts.cache_hits:
        console.print(
            f"Fetch cache: {plural(counts.cache_hits, 're-fetch', 're-fetches')} avoided."
        )
