"""A chunk of a command's option list titled by the options it describes.

A man page or a ``--help`` lists a command's options, each an entry line naming it
(``--exclude=PATTERN``, ``-u, --unit=UNIT|PATTERN``) above or beside the lines that describe
it. Cut into windows or packed paragraphs, such a list gives chunks that start wherever the
cut fell, often inside the description of the entry before (``never, simple`` for the last
value of ``--backup``'s list): a title that says nothing of the options the chunk holds,
where the agent asking how to exclude files looks for ``--exclude``. A chunk starting inside
an entry and holding entries of its own is titled by their names (ADR 0345).
"""

from __future__ import annotations

import re

from domain.chunking.limits import TITLE_MAX_BYTES
from domain.chunking.utf8 import truncate_bytes

# An entry line: an option's name at the start (``-C``, ``--exclude=PATTERN``, ``-b [ID]``),
# more names or arguments after it (``, --directory=DIR``, `` FILE``); then its description
# on the same line past a gap of two spaces or more, or starting there and going on below,
# indented deeper, or only on the lines below.
_ENTRY = re.compile(
    r"[ \t]*(?P<names>--?[A-Za-z0-9][\w-]*(?:\[?=[^ \t,]*|\[[^ \t,]*)?"
    r"(?:,? (?:--?[A-Za-z0-9]|[\[<]|[A-Z][A-Z_-]+\b)[^ \t,]*)*),?(?P<gap>[ \t]*)(?=\S|$)"
)
_OPTION = re.compile(r"--?[A-Za-z0-9]")
_JOIN = ", "


def _depth(line: str) -> int:
    return len(line) - len(line.lstrip())


def _entries(lines: list[str]) -> list[str]:
    """The names of the option entries among ``lines`` (blank lines left out), in order."""
    names: list[str] = []
    for index, line in enumerate(lines):
        found = _ENTRY.match(line.rstrip())
        if found is None:
            continue
        below = lines[index + 1] if index + 1 < len(lines) else ""
        deeper = bool(below) and _depth(below) > _depth(line)
        beside = found.end() < len(line.rstrip())
        if deeper or (beside and len(found.group("gap")) >= 2):
            names.append(" ".join(found.group("names").split()))
    return names


def option_title(text: str) -> str | None:
    """The names of the option entries ``text`` holds, when it starts inside an entry's
    description (its first line indented deeper than a later one) and is not one itself;
    else None."""
    if not text[:1].isspace() or " -" not in text:  # most chunks: a line at the margin first
        return None
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 2:
        return None
    first = _depth(lines[0])
    if _OPTION.match(lines[0], first) or first <= min(_depth(line) for line in lines[1:]):
        return None
    names = _entries(lines)
    if not names:
        return None
    return truncate_bytes(_JOIN.join(names), TITLE_MAX_BYTES).rstrip(", ")
