"""Search results written without rich, where rich would write exactly these bytes.

Off a terminal rich adds no colour: ``print_results``' console writes each line's text, and
the heading as a rule — the query, a space, then ``─`` to the console's width. For such output
importing rich (a tenth of ``capy search``'s start) buys nothing, so the lines are written
here. Only when every condition below holds; otherwise ``print_plain`` writes nothing and
returns False, and rich prints as before:

- stdout is not a terminal, and neither ``FORCE_COLOR`` nor ``TTY_COMPATIBLE`` asks rich to
  treat it as one (rich would then send colour codes); not on Windows (rich's legacy console);
- stdout's encoding is a UTF one (rich draws the rule with ``-`` otherwise);
- every line printed is printable text (rich drops some control characters and expands tabs);
- the query is ASCII and shorter than the width (rich cuts a long heading with ``…`` and
  measures wide characters in cells).

The width is found as rich finds it: ``COLUMNS``, else the first of stdin, stdout and stderr
that is a terminal, else 80. ``tests/unit/cli_usage/test_plain_results.py`` holds the two
renderings byte for byte to each other.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from domain.search.reply import meaning_note

if TYPE_CHECKING:
    from domain.search.results import SearchResults
    from entrypoints.cli.search_output import QueryNotes

RULE = "─"


def print_plain(found: Sequence[SearchResults], notes: Sequence[QueryNotes]) -> bool:
    """Writes the results as rich would off a terminal; False (nothing written) when rich's
    rendering could differ from plain text."""
    if not _plain_stdout():
        return False
    lines = plain_lines(found, notes, console_width())
    if lines is None:
        return False
    sys.stdout.write("".join(line + "\n" for line in lines))
    return True


def plain_lines(
    found: Sequence[SearchResults], notes: Sequence[QueryNotes], width: int
) -> list[str] | None:
    """The lines ``print_results`` prints off a terminal at ``width``, or None when one of
    them is not plain text."""
    from entrypoints.cli.search_output import QueryNotes, absent_line

    lines: list[str] = []
    for index, results in enumerate(found):
        note = notes[index] if index < len(notes) else QueryNotes(unsearched=results.hidden_kinds)
        if index:
            lines.append("")
        query = results.query
        if not (query.isascii() and query.isprintable() and len(query) <= width - 2):
            return None
        lines.append(f"{query} {RULE * (width - len(query) - 1)}")
        if results.not_embedded:
            lines.append(meaning_note(results))
        if not results:
            lines.append("No results.")
            if note.absent:
                lines.append(absent_line(note.absent, str))
            _unsearched(lines, note, found_here=False)
            continue
        if results.corrected_query:
            lines.append(f"Also searched for: {results.corrected_query}")
        for result in results.results:
            lines.append(f"\n{result.rank}. {result.source} ({result.kind.value}, {result.layer})")
            lines.append(result.title)
            lines.append(result.snippet)
        _unsearched(lines, note, found_here=True)
    if not all(part.isprintable() for line in lines for part in line.split("\n")):
        return None
    return lines


def _unsearched(lines: list[str], note: QueryNotes, *, found_here: bool) -> None:
    from entrypoints.cli.search_output import unsearched_line

    line = unsearched_line(note, found_here=found_here, escape=str)
    if line is not None:
        lead, text, _style = line
        lines.append(lead + text)


def _plain_stdout() -> bool:
    """Whether rich would write stdout without colour and draw the rule with ``─``."""
    if sys.platform == "win32" or "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ:
        return False
    stdout = sys.stdout
    try:
        if stdout.isatty():
            return False
    except ValueError:  # closed
        return False
    encoding = (getattr(stdout, "encoding", "utf-8") or "utf-8").lower()
    return encoding.startswith("utf")


def console_width() -> int:
    """The width rich's console takes: ``COLUMNS``, else a terminal on stdin, stdout or stderr
    (the first that is one), else 80."""
    width = 0
    for descriptor in (0, 1, 2):
        try:
            width = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        width = int(columns)
    return width or 80
