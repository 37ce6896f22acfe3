"""Tables of sessions, search hits and imports on the terminal (rich; one row per line;
ids, dates and sizes whole at any width — ``entrypoints.cli.fitted_table``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from domain.vault.importing import ImportStatus, SessionOutcome
from domain.vault.search import VaultHit
from domain.vault.session import VaultSession
from entrypoints.cli.console import stdout_console
from entrypoints.cli.fitted_table import FitColumn, print_fitted
from entrypoints.cli.sizes import byte_size as size
from entrypoints.vault_cli.formatting import local_time, short_path, title_of

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

# Columns apart, no box: one session per line, easy to cut and paste.
_PLAIN: dict[str, object] = {"box": None, "pad_edge": False, "header_style": "bold"}


def print_sessions(
    sessions: Sequence[VaultSession], home: Path, console: Console | None = None
) -> None:
    from rich.text import Text

    columns = (
        FitColumn("ID", identifying=True),
        FitColumn("DATE", identifying=True),
        FitColumn("MSGS", identifying=True, justify="right"),
        FitColumn("SIZE", identifying=True, justify="right"),
        FitColumn("PROJECT", max_width=40, min_width=4),
        FitColumn("TITLE"),
    )
    rows = [
        (
            session.short_id,
            local_time(session.end_time),
            str(session.message_count),
            size(session.size_bytes),
            Text(short_path(session.project_path, home)),
            Text(title_of(session)),
        )
        for session in sessions
    ]
    print_fitted(console or _console(), columns, rows, **_PLAIN)


def print_hits(hits: Sequence[VaultHit], home: Path, console: Console | None = None) -> None:
    from rich.text import Text

    columns = (
        FitColumn("ID", identifying=True),
        FitColumn("DATE", identifying=True),
        FitColumn("ROLE", identifying=True),
        FitColumn("PROJECT", max_width=28),
        FitColumn("SNIPPET", overflow="fold", min_width=24),
    )
    rows = [
        (
            hit.uuid[:8],
            local_time(hit.end_time),
            hit.role.value + ("*" if hit.subagent_id else ""),
            Text(short_path(hit.project_path, home)),
            _snippet(hit.snippet),
        )
        for hit in hits
    ]
    out = console or _console()
    print_fitted(out, columns, rows, **_PLAIN)
    if any(hit.subagent_id for hit in hits):
        out.print("* in a subagent's transcript", style="dim")


def _snippet(snippet: str) -> Text:
    """The snippet on one line, the matched words (marked [like this]) in bold."""
    from rich.text import Text

    text = Text(" ".join(snippet.split()))
    text.highlight_regex(r"\[[^\[\]\n]+\]", "bold")
    return text


def print_import(
    outcomes: Sequence[SessionOutcome], home: Path, console: Console | None = None
) -> None:
    from rich.text import Text

    columns = (
        FitColumn("ID", identifying=True),
        FitColumn("STATUS", identifying=True),
        FitColumn("PROJECT", max_width=28),
        FitColumn("SIZE", identifying=True, justify="right"),
        FitColumn("TITLE", max_width=50),
    )
    rows = []
    for outcome in outcomes:
        note = outcome.detail if outcome.status is ImportStatus.ERROR else outcome.title or ""
        rows.append(
            (
                outcome.uuid[:8],
                outcome.status.value,
                Text(short_path(outcome.project, home)),
                size(outcome.size_bytes),
                Text(note),
            )
        )
    print_fitted(console or _console(), columns, rows, **_PLAIN)


def _console() -> Console:
    return stdout_console(highlight=False)
