"""The excerpt of a result an agent reads: the lines where the query matched, and little else.

A snippet is the section's best-matching lines (``domain.search.best_lines``: ranked by how many
of the query's terms a line holds — in its text or in the words its codes stand for — each term
weighted by how rare it is in the section), shown in document order; ``…`` stands on its own
line where lines were left out. The bytes go to the matching lines first, best first, and only
then to the lines that explain them (a line of context, a JSON object's other members, a
block's values): a fact further down is never crowded out by the neighbours of a better one.
Whole lines are kept, so a fact is never cut in the middle; only a line longer than a window
(compact JSON, minified output) is cut, around its match, with ``…`` at the cut; when the bytes
left after the context allow, its window reaches further on both sides (a JSON record's name a
few fields before the field that matched). A section no bigger than a snippet (a test's short
traceback, a commit) is shown whole.
"""

from __future__ import annotations

from operator import itemgetter

from domain.chunking.utf8 import byte_len
from domain.search import reply_tuning
from domain.search.best_lines import WEAK_SEGMENT_SHARE, best_lines, repeats_title
from domain.search.indentation import indented, trimmed

ELLIPSIS = "…"


def extract_snippet(
    content: str,
    query: str,
    *,
    title: str = "",
    max_bytes: int | None = None,
    context: int = reply_tuning.SNIPPET_CONTEXT_LINES,
) -> str:
    """The lines of ``content`` that answer ``query`` (see the module doc), at most about
    ``max_bytes`` (default ``reply_tuning.SNIPPET_MAX_BYTES``): lines past the budget are left out,
    never cut. ``context`` lines around each matching line explain it (0: the rows of a table,
    which its neighbours do not explain)."""
    budget = reply_tuning.SNIPPET_MAX_BYTES if max_bytes is None else max_bytes
    if byte_len(content) <= budget:
        return _without_repeated_title(trimmed(content), title)
    found = best_lines(
        content,
        query,
        reply_tuning.SNIPPET_SEGMENTS,
        context=context,
        title=title,
        weak_share=WEAK_SEGMENT_SHARE,
    )
    context_share = reply_tuning.SNIPPET_CONTEXT_SHARE
    # (share, line, text, the pick's own text when ``text`` is that pick's wider window)
    wanted = [(pick.share, pick.line, pick.text, "") for pick in found.picks]
    wanted += [(pick.share, near, text, "") for pick in found.picks for near, text in pick.told]
    wanted += [
        (pick.share * context_share, near, text, "")
        for pick in found.picks
        for near, text in pick.around
    ]
    wanted += [
        (pick.share * context_share, pick.line, pick.wider, pick.text)
        for pick in found.picks
        if pick.wider
    ]
    shown: dict[int, str] = {}
    used = 0
    # Best share first; a stable sort keeps the picks before their context at equal shares.
    for _, number, text, widens in sorted(wanted, key=itemgetter(0), reverse=True):
        if number in shown:
            # a window of a long line shows more of that line when the bytes allow
            grows = byte_len(text) - byte_len(shown[number])
            if widens and shown[number] == widens and used + grows <= budget:
                shown[number] = text
                used += grows
            continue
        cost = byte_len(text) + 1
        if not shown or used + cost <= budget:
            shown[number] = text
            used += cost
    parts: list[str] = []
    previous = -1
    for number in sorted(shown):
        if number > previous + 1:
            parts.append(ELLIPSIS)
        parts.append(indented(found.indents, number, shown[number]))
        previous = number
    return "\n".join(parts)


def _without_repeated_title(text: str, title: str) -> str:
    """``text`` without a first line that only repeats ``title`` (the reply shows the title
    right above it), unless nothing else is left."""
    first, _, rest = text.partition("\n")
    if title and rest.strip() and repeats_title(first, title):
        return trimmed(rest)
    return text
