"""The reply to a large output run without an intent: a compact view instead of the output.

The output is indexed anyway; the agent gets its first and last lines (where a command says what
it does and how it ended), the titles of its sections, its distinctive terms and how to search
it — a few kilobytes instead of up to 100 KB. ADR 0043 gives the rule and what it costs.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from domain.chunking.utf8 import byte_len, truncate_bytes
from domain.search.distinctive_terms import telling_terms

HEAD_LINES = 12
TAIL_LINES = 12
LINE_BYTES = 200
MAX_TITLES = 15
MAX_TERMS = 25


def _lines(lines: Sequence[str]) -> list[str]:
    return [
        truncate_bytes(line, LINE_BYTES) + ("…" if byte_len(line) > LINE_BYTES else "")
        for line in lines
    ]


@attrs.frozen
class OutputEnds:
    """What the compact view shows of an output: its size (``N lines, S KB``), its first
    ``HEAD_LINES`` lines and its last ``TAIL_LINES`` after those, each cut to ``LINE_BYTES``
    (``_lines``). Taken before the output is indexed, from its ends alone: a big output's
    view needs neither its list of lines (~15 MB for 10 MB of log) nor the text again once
    it is stored (ADR 0267)."""

    size: str
    count: int
    head: tuple[str, ...]
    tail: tuple[str, ...]

    @classmethod
    def of(cls, output: str) -> OutputEnds:
        """The ends of ``output``, read as ``output.rstrip("\n").split("\n")`` reads them."""
        end = len(output)
        while end and output[end - 1] == "\n":
            end -= 1
        count = output.count("\n", 0, end) + 1
        head: list[str] = []
        start = 0
        while len(head) < min(HEAD_LINES, count):
            stop = output.find("\n", start, end)
            stop = end if stop < 0 else stop
            head.append(output[start:stop])
            start = stop + 1
        tail: list[str] = []
        stop = end
        while len(tail) < max(0, min(TAIL_LINES, count - HEAD_LINES)):
            start = output.rfind("\n", 0, stop) + 1
            tail.append(output[start:stop])
            stop = start - 1
        size = f"{count:,} lines, {byte_len(output) / 1024:.1f}KB"
        return cls(size, count, tuple(_lines(head)), tuple(_lines(tail[::-1])))


def compact_view(
    source: str,
    output: str | OutputEnds,
    *,
    sections: int,
    titles: Sequence[str],
    terms: Sequence[str] = (),
) -> str:
    """What the agent reads instead of ``output`` (indexed as ``source`` in ``sections``), or
    instead of the output whose ``OutputEnds`` it is given."""
    ends = output if isinstance(output, OutputEnds) else OutputEnds.of(output)
    reply = [
        f'The output ({ends.size}) was indexed as "{source}" ({sections} sections) instead of '
        "being shown whole.",
        "",
        f"First {len(ends.head)} lines:",
        *ends.head,
    ]
    if ends.count > HEAD_LINES:
        skipped = ends.count - HEAD_LINES - len(ends.tail)
        reply += ["", f"… {skipped:,} lines … last {len(ends.tail)} lines:" if skipped else ""]
        reply += ends.tail
    distinct = list(dict.fromkeys(t for t in titles if t))
    if len(distinct) > 1:
        reply += ["", "Sections: " + "; ".join(distinct[:MAX_TITLES])]
        if len(distinct) > MAX_TITLES:
            reply[-1] += f"; … and {len(distinct) - MAX_TITLES} more"
    shown = telling_terms(terms)[:MAX_TERMS]
    if shown:
        reply += ["", "Searchable terms: " + ", ".join(shown)]
    reply += [
        "",
        f'Ask for what you need: capy_search(queries: ["..."], source: "{source}"), or run it '
        "again with `intent` to get the matching sections directly.",
    ]
    return "\n".join(reply)
