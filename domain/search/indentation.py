"""The indentation a snippet keeps on the lines it shows.

A snippet ranks and cuts a section's non-blank lines without their leading blanks (a match
does not depend on how deep a line sat), but shows each whole line with its indentation: it
says which YAML key or Python block a line belongs to, which column of a combined diff marks
it (`` +`` is not ``+ ``), and it is what an agent finds again when it greps the output for
the line it read. A window cut from the middle of a long line has no indentation to keep.
The bytes a snippet may spend are counted without the indentation, so a reply holds the same
lines it would hold without it.
"""

from __future__ import annotations

ELLIPSIS = "…"


def indentation(line: str) -> str:
    """The blanks ``line`` opens with."""
    return line[: len(line) - len(line.lstrip())]


def indented(indents: tuple[str, ...], number: int, text: str) -> str:
    """``text``, the window shown of line ``number``, with the line's indentation from
    ``indents`` when the window opens where the line does (not on an ellipsis)."""
    if text.startswith(ELLIPSIS) or number >= len(indents):
        return text
    return indents[number] + text


def trimmed(text: str) -> str:
    """``text`` without blank lines at either end and blanks ending it, its first line keeping
    the indentation it opens with."""
    kept = text.strip()
    if not kept:
        return ""
    start = len(text) - len(text.lstrip())
    return text[text.rfind("\n", 0, start) + 1 : start + len(kept)]
