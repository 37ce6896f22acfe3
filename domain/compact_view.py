"""The reply to a large output run without an intent: a compact view instead of the output.

The output is indexed anyway; the agent gets its first and last lines (where a command says what
it does and how it ended), the titles of its sections, its distinctive terms and how to search
it — a few kilobytes instead of up to 100 KB. ADR 0043 gives the rule and what it costs.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def compact_view(
    source: str,
    output: str,
    *,
    sections: int,
    titles: Sequence[str],
    terms: Sequence[str] = (),
) -> str:
    """What the agent reads instead of ``output`` (indexed as ``source`` in ``sections``)."""
    lines = output.rstrip("\n").split("\n")
    size = f"{len(lines):,} lines, {byte_len(output) / 1024:.1f}KB"
    reply = [
        f'The output ({size}) was indexed as "{source}" ({sections} sections) instead of being '
        "shown whole.",
        "",
        f"First {min(HEAD_LINES, len(lines))} lines:",
        *_lines(lines[:HEAD_LINES]),
    ]
    if len(lines) > HEAD_LINES:
        tail = lines[max(HEAD_LINES, len(lines) - TAIL_LINES) :]
        skipped = len(lines) - HEAD_LINES - len(tail)
        reply += ["", f"… {skipped:,} lines … last {len(tail)} lines:" if skipped else ""]
        reply += _lines(tail)
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
