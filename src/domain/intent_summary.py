"""The reply intent search gives the agent instead of a large output.

When an execute-style tool's output is large and the agent stated an intent, capy indexes the
output and answers with this summary: how many sections were indexed, which ones match the
intent (title plus a one-line preview each), the source's distinctive terms, and how to get the
full text. The quality benchmark measures compression and needle recall on exactly this text,
so the tools and the benchmark must build it with this one function.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from domain.chunking.utf8 import byte_len, truncate_bytes

PREVIEW_BYTES = 120


@attrs.frozen
class IntentMatch:
    """One matching section: its title and its full content (the preview is cut from it)."""

    title: str
    content: str


def first_line(content: str, max_bytes: int = PREVIEW_BYTES) -> str:
    """The first non-blank line of ``content``, cut to ``max_bytes`` UTF-8 bytes."""
    for line in content.splitlines():
        if line.strip():
            return truncate_bytes(line.strip(), max_bytes)
    return ""


def _size(output: str) -> str:
    lines = output.count("\n") + 1
    kilobytes = byte_len(output) / 1024
    return f"{lines} lines, {kilobytes:.1f}KB"


def intent_summary(
    source: str,
    intent: str,
    *,
    sections_indexed: int,
    output: str,
    matches: Sequence[IntentMatch],
    terms: Sequence[str] = (),
) -> str:
    """The summary text for ``output`` indexed as ``source`` and searched for ``intent``.

    ``sections_indexed`` is the number of sections the source holds (also when the same output
    had been indexed before); ``matches`` are the search results, best first; ``terms`` the
    source's distinctive terms (may be empty).
    """
    lines = [f'Indexed {sections_indexed} sections from "{source}" into the knowledge base.']
    if matches:
        lines.append(f'{len(matches)} sections matched "{intent}" ({_size(output)}):')
        lines.append("")
        for match in matches:
            preview = first_line(match.content)
            lines.append(f"  - {match.title}: {preview}" if preview else f"  - {match.title}")
    else:
        lines.append(f'No sections matched "{intent}" ({_size(output)}).')
    if terms:
        lines.append("")
        lines.append("Searchable terms: " + ", ".join(terms))
    lines.append("")
    if matches:
        lines.append("Use search(queries: [...]) to retrieve the full content of any section.")
    else:
        lines.append("Use search(queries: [...]) with other words to explore the indexed content.")
    return "\n".join(lines)
