"""The reply intent search gives the agent instead of a large output.

When an execute-style tool's output is large and the agent stated an intent, capy indexes the
output and answers with this summary: how many sections were indexed, which ones match the
intent (each with its title and the few lines where the intent's terms occur), the source's
distinctive terms, and how to get the full text. The quality benchmark measures compression and
needle recall on exactly this text, so the tools and the benchmark must build it with this one
function.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from domain.chunking.utf8 import byte_len
from domain.intent_preview import preview_segments


@attrs.frozen
class IntentMatch:
    """One matching section: its title and its full content (the preview is cut from it)."""

    title: str
    content: str


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
            first, *more = preview_segments(match.content, intent) or [""]
            lines.append(f"  - {match.title}: {first}" if first else f"  - {match.title}")
            lines.extend(f"      {segment}" for segment in more)
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
