"""The excerpt of a result an agent reads: the lines where the query matched, and little else.

A snippet is the section's best-matching lines (ranked as the intent preview ranks them: by how
many of the query's terms a line holds — in its text or in the words its codes stand for — each
term weighted by how rare it is in the section), in document order, each with a line of
context; ``…`` stands on its own line where lines were left out. Whole lines are kept, so a
fact is never cut in the middle; only a line longer than a window (compact JSON, minified
output) is cut, around its match, with ``…`` at the cut. A section no bigger than a snippet
(a test's short traceback, a commit) is shown whole.
"""

from __future__ import annotations

from domain.chunking.utf8 import byte_len
from domain.intent_preview import WEAK_SEGMENT_SHARE, preview_lines
from domain.search.tuning import SNIPPET_CONTEXT_LINES, SNIPPET_MAX_BYTES, SNIPPET_SEGMENTS

ELLIPSIS = "…"


def extract_snippet(
    content: str,
    query: str,
    *,
    title: str = "",
    segments: int = SNIPPET_SEGMENTS,
    context: int = SNIPPET_CONTEXT_LINES,
    max_bytes: int = SNIPPET_MAX_BYTES,
) -> str:
    """The lines of ``content`` that answer ``query`` (see the module doc), at most about
    ``max_bytes``: lines past the budget are left out, never cut."""
    if byte_len(content) <= max_bytes:
        return content.strip()
    picked = preview_lines(
        content, query, segments, context=context, title=title, weak_share=WEAK_SEGMENT_SHARE
    )
    shown: list[str] = []
    used = 0
    previous = -1
    for number, text in picked:
        cost = byte_len(text) + 1
        if shown and used + cost > max_bytes:
            break
        if number > previous + 1 and (shown or number > 0):
            shown.append(ELLIPSIS)
        shown.append(text)
        used += cost
        previous = number
    return "\n".join(shown)
