"""Tables of sessions and search hits on the terminal (rich; one row per line)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from domain.vault.importing import ImportStatus, SessionOutcome
from domain.vault.search import VaultHit
from domain.vault.session import VaultSession
from entrypoints.cli.console import stdout_console
from entrypoints.cli.sizes import byte_size as size
from entrypoints.vault_cli.formatting import local_time, short_path, title_of

if TYPE_CHECKING:
    from rich.text import Text


def print_sessions(sessions: Sequence[VaultSession], home: Path) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, header_style="bold")
    for name, justify in (
        ("ID", "left"),
        ("DATE", "left"),
        ("MSGS", "right"),
        ("SIZE", "right"),
        ("PROJECT", "left"),
        ("TITLE", "left"),
    ):
        table.add_column(name, justify=justify, no_wrap=True, overflow="ellipsis")  # type: ignore[arg-type]
    for session in sessions:
        table.add_row(
            session.short_id,
            local_time(session.end_time),
            str(session.message_count),
            size(session.size_bytes),
            Text(short_path(session.project_path, home)),
            Text(title_of(session)),
        )
    stdout_console(highlight=False).print(table)


def print_hits(hits: Sequence[VaultHit], home: Path) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("ID", no_wrap=True)
    table.add_column("DATE", no_wrap=True)
    table.add_column("ROLE", no_wrap=True)
    table.add_column("PROJECT", no_wrap=True, overflow="ellipsis", max_width=28)
    table.add_column("SNIPPET", overflow="fold")
    for hit in hits:
        role = hit.role.value + ("*" if hit.subagent_id else "")
        table.add_row(
            hit.uuid[:8],
            local_time(hit.end_time),
            role,
            Text(short_path(hit.project_path, home)),
            _snippet(hit.snippet),
        )
    console = stdout_console(highlight=False)
    console.print(table)
    if any(hit.subagent_id for hit in hits):
        console.print("* in a subagent's transcript", style="dim")


def _snippet(snippet: str) -> Text:
    """The snippet on one line, the matched words (marked [like this]) in bold."""
    from rich.text import Text

    text = Text(" ".join(snippet.split()))
    text.highlight_regex(r"\[[^\[\]\n]+\]", "bold")
    return text


def print_import(outcomes: Sequence[SessionOutcome], home: Path) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("ID", no_wrap=True)
    table.add_column("STATUS", no_wrap=True)
    table.add_column("PROJECT", no_wrap=True, overflow="ellipsis", max_width=28)
    table.add_column("SIZE", justify="right", no_wrap=True)
    table.add_column("TITLE", no_wrap=True, overflow="ellipsis", max_width=50)
    for outcome in outcomes:
        note = outcome.detail if outcome.status is ImportStatus.ERROR else outcome.title or ""
        table.add_row(
            outcome.uuid[:8],
            outcome.status.value,
            Text(short_path(outcome.project, home)),
            size(outcome.size_bytes),
            Text(note),
        )
    stdout_console(highlight=False).print(table)
