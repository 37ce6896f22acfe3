"""Excerpts, spelt out for speed, are what the plain computation gives: a section's windows
ranked the same, scores to the bit and in the same order (for lines with and without the words
their codes stand for, of the kinds a question asks for or not, short, long and not ASCII), and
the same lines kept within a reply's bytes."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import example, given, settings
from hypothesis import strategies as st

from domain.chunking.utf8 import byte_len
from domain.search import best_lines as best_lines_module
from domain.search import reply_tuning
from domain.search.answer_kinds import AnswerKind, answer_kinds, answers
from domain.search.best_lines import (
    SEGMENT_BYTES,
    WEAK_SEGMENT_SHARE,
    _ranked,
    _windows,
    best_lines,
)
from domain.search.indentation import indented, trimmed
from domain.search.line_facts import FACT_WORDS, line_facts
from domain.search.matching import TermGroups, term_groups
from domain.search.query import parse_query
from domain.search.snippet import ELLIPSIS, _without_repeated_title, extract_snippet


def _reference_ranked(
    lines: list[str],
    groups: TermGroups,
    kinds: frozenset[AnswerKind] = frozenset(),
    *,
    width: int = SEGMENT_BYTES,
    units_of: dict[tuple[int, int], list[bool]] | None = None,
) -> list[tuple[float, float, int, int]]:
    """Every window's units through ``TermGroups.present``, rarities summed per window, sorted
    on score, line and start."""
    windows: list[tuple[int, int, list[bool]]] = []
    asks_facts = any(groups.present(FACT_WORDS))
    wanted = sorted(kinds)
    for number, line in enumerate(lines):
        facts = line_facts(line) if asks_facts else ""
        shaped = [answers(kind, line, groups) for kind in wanted] if wanted else []
        for start, piece in _windows(line, width):
            if not facts and not any(shaped) and groups.holds_none(piece.lower()):
                continue
            present = groups.present(f"{piece}\n{facts}" if facts else piece)
            if shaped:
                present += shaped
            if any(present):
                windows.append((number, start, present))
    terms = len(groups.units)
    holding = [
        sum(1 for _, _, present in windows if present[u]) for u in range(terms + len(wanted))
    ]
    found = []
    for number, start, present in windows:
        scores = [1 / holding[u] for u, hit in enumerate(present) if hit and u < terms]
        shaped_score = sum(1 / holding[u] for u, hit in enumerate(present) if hit and u >= terms)
        found.append((sum(scores) + shaped_score, sum(scores), number, start))
    found.sort(key=lambda c: (-c[0], c[2], c[3]))
    if units_of is not None:
        units_of.update(((number, start), present) for number, start, present in windows)
    return found


# Words of queries and lines: plain ones, ones whose codes a line states (a 500, ERROR, FAILED,
# a slow latency), ones asking for a kind of line (why, how many, where), a phrase, and
# letters whose lower case differs in length (İ), parts of identifiers (``ParseRateLimit``).
_WORDS = [
    "pool",
    "size",
    "timeout",
    "server",
    "error",
    "errors",
    "failed",
    "slow",
    "warning",
    "passed",
    "why",
    "how many",
    "where",
    "count",
    "İstanbul",
    '"pool size"',
    "db",
    "rate",
]
_PIECES = [
    "pool",
    "size",
    "pool size",
    "Timeout",
    "timeouts",
    '"GET /api HTTP/1.1" 500 ',
    "status=404",
    "ERROR",
    "[warn]",
    "FAILED",
    "PASSED",
    "rt=2.5",
    "Found 3 errors",
    "at main (src/app.ts:3:4)",
    "Traceback",
    "İstanbul",
    "é",
    "  ",
    "x" * 120,
    "feedback",
    "dbname",
    "ParseRateLimit",
    "generated",
    ":",
    "{",
]
_LINE = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=8).map(" ".join)
_QUERY = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4).map(" ".join)


def _prepared(query: str) -> tuple[TermGroups, frozenset[AnswerKind]] | None:
    parsed = parse_query(query)
    return None if parsed.is_empty else (term_groups(parsed), answer_kinds(query))


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=12), _QUERY, st.sampled_from([12, 40, SEGMENT_BYTES]))
def test_windows_rank_as_the_plain_computation_ranks_them(
    lines: list[str], query: str, width: int
) -> None:
    prepared = _prepared(query)
    if prepared is None:
        return
    groups, kinds = prepared
    lines = [line.strip() for line in lines if line.strip()]
    assert _ranked(lines, groups, kinds, width=width) == _reference_ranked(
        lines, groups, kinds, width=width
    )


def _reference_snippet(content: str, query: str, title: str, budget: int) -> str:
    """The excerpt as it was assembled, from windows ranked by ``_reference_ranked``."""
    if byte_len(content) <= budget:
        return _without_repeated_title(trimmed(content), title)
    with patch.object(best_lines_module, "_ranked", _reference_ranked):
        found = best_lines(
            content,
            query,
            reply_tuning.SNIPPET_SEGMENTS,
            context=reply_tuning.SNIPPET_CONTEXT_LINES,
            title=title,
            weak_share=WEAK_SEGMENT_SHARE,
        )
    shown: dict[int, str] = {}
    used = 0

    def add(number: int, text: str, widens: str) -> None:
        nonlocal used
        if number in shown:
            grows = byte_len(text) - byte_len(shown[number])
            if widens and shown[number] == widens and used + grows <= budget:
                shown[number] = text
                used += grows
            return
        cost = byte_len(text) + 1
        if not shown or used + cost <= budget:
            shown[number] = text
            used += cost

    context = reply_tuning.SNIPPET_CONTEXT_SHARE
    wanted = [(pick.share, pick.line, pick.text, "") for pick in found.picks]
    wanted += [
        (pick.share * context, near, text, "") for pick in found.picks for near, text in pick.around
    ]
    wanted += [
        (pick.share * context, pick.line, pick.wider, pick.text)
        for pick in found.picks
        if pick.wider
    ]
    for _, number, text, widens in sorted(wanted, key=lambda item: -item[0]):
        add(number, text, widens)
    parts: list[str] = []
    previous = -1
    for number in sorted(shown):
        if number > previous + 1:
            parts.append(ELLIPSIS)
        parts.append(indented(found.indents, number, shown[number]))
        previous = number
    return "\n".join(parts)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_LINE, min_size=1, max_size=30),
    _QUERY,
    st.sampled_from(["", "pool", "Guide > pool size"]),
    st.sampled_from([60, 300, 700]),
)
# A line holding a unit only as a code's word and a line naming it whole, of a question asking
# for a kind neither is: the two hold the same units, so the one naming it whole comes first.
@example(
    ['pool pool pool "GET /api HTTP/1.1" 500  pool', "pool Found 3 errors"], "error why", "", 60
)
def test_excerpts_are_the_plain_computations(
    lines: list[str], query: str, title: str, budget: int
) -> None:
    content = "\n".join(lines)
    assert extract_snippet(content, query, title=title, max_bytes=budget) == _reference_snippet(
        content, query, title, budget
    )
