"""The lines of a matching section that answer a query, best first.

A section's first line rarely holds the fact the agent asked for; the lines where the query's
terms occur usually do, and the line next to them often holds the rest (an error and its
location, a key and its value). The best few windows of the section — a window is a line, or a
piece of a long line (compact JSON, minified output) — are ranked by how many of the query's
terms they contain, each with the lines that explain it. A section that starts with its own
heading (a markdown heading, a JSON key, a log line that became the title) would spend a line
on what the reply already shows as the section's title, so a first line that only repeats the
title is left out. ``domain.search.snippet`` fits them into a reply's bytes.
"""

from __future__ import annotations

from functools import lru_cache, partial
from operator import itemgetter

import attrs

from domain.chunking.utf8 import byte_len, truncate_bytes
from domain.search.answer_kinds import AnswerKind, answer_kinds, answers
from domain.search.explaining_lines import explaining
from domain.search.extreme_rows import extreme_asked, with_extremes
from domain.search.failure_lines import (
    failure_lines,
    panic_frame,
    reports_failure,
    reports_panic,
)
from domain.search.indentation import indentation
from domain.search.line_facts import EVERY_PART, FACT_WORDS, asked_parts, line_facts
from domain.search.matching import TermGroups, term_groups
from domain.search.query import parse_query
from domain.search.whole_names import whole_first, window_text

SEGMENT_BYTES = 300
CONTEXT_LINES = 1
ELLIPSIS = "…"
# A snippet leaves out windows scoring under this share of the best one: they match only the
# query's common words (the "test" of every line of a test run). Only the query's own words
# count here: a line scoring high because it is of the kind asked for (an error for "why") must
# not make the line that explains it weak. The snippet spends its bytes on matching lines before
# their context, so a low floor costs little; 0.35 (when context came first) dropped answers
# that share only one word with the query.
WEAK_SEGMENT_SHARE = 0.1
# What a heading or a key carries around its words: markdown hashes, quotes, braces, the colon
# after a JSON key, the rules framing a tool's section header (``=== FAILURES ===``).
_DECORATION = "#\"'`{}[]:,=_-~*─━═⎯"
_TITLE_SEPARATOR = " > "


def _normalised(text: str) -> str:
    return " ".join(text.strip().strip(_DECORATION + " \t").split()).casefold()


def repeats_title(line: str, title: str) -> bool:
    """Whether ``line`` says nothing but the section's title or one level of its breadcrumb.

    Titles of nested sections read ``Guide > Install > Linux``; a section's first line is often
    the heading of one of those levels (``## Install``).
    """
    said = _normalised(line)
    if not said:
        return False
    levels = [title, *title.split(_TITLE_SEPARATOR)]
    return any(said == _normalised(level) for level in levels)


def _windows(line: str, width: int) -> list[tuple[int, str]]:
    """``line`` itself when short, else overlapping windows of about ``width`` bytes."""
    if byte_len(line) <= width:
        return [(0, line)]
    step = max(1, len(truncate_bytes(line, width)) // 2)
    found: list[tuple[int, str]] = []
    for start in range(0, len(line), step):
        piece = truncate_bytes(line[start:], width)
        found.append((start, piece))
        if start + len(piece) >= len(line):
            break
    return found


def _segment(lines: list[str], number: int, start: int, width: int) -> str:
    """The text shown for the window of line ``number`` from ``start``: at most ``width``
    bytes, an ellipsis where the line goes on."""
    line = lines[number]
    if not start and len(line) <= width and line.isascii():
        return line.strip()  # a short line whole: what the general case gives, without its work
    piece = truncate_bytes(line[start:], width)
    head = ELLIPSIS if start > 0 else ""
    tail = ELLIPSIS if start + len(piece) < len(line) else ""
    return f"{head}{piece.strip()}{tail}"


@lru_cache(maxsize=64)
def _prepared(query: str) -> tuple[TermGroups, frozenset[AnswerKind]] | None:
    """The query's units and the kinds of answer it asks for (``None``: no units); parsed once
    for every result of a search, not once per result."""
    parsed = parse_query(query)
    return None if parsed.is_empty else (term_groups(parsed), answer_kinds(query))


@lru_cache(maxsize=256)
def _fact_parts(groups: TermGroups) -> int:
    """The parts of a line's facts (``line_facts``) that could hold one of the query's units:
    a unit found in a line's facts is found in the words of the part that said it, so the
    other parts are not worked out. A phrase may run from one part's words into another's."""
    if any(unit.phrase for unit in groups.matchers):
        return EVERY_PART
    return asked_parts(needle for unit in groups.matchers for needle in unit.scan)


_NOTHING: list[bool] = []  # no kind asked for: no line is of one (never changed)


def _ranked(
    lines: list[str],
    groups: TermGroups,
    kinds: frozenset[AnswerKind] = frozenset(),
    *,
    width: int = SEGMENT_BYTES,
    units_of: dict[tuple[int, int], list[bool]] | None = None,
) -> list[tuple[float, float, int, int]]:
    """(score, term score, line, start) of every window holding at least one term (or being
    of a kind asked for), best first; ``units_of`` is given each window's units.

    A window scores the sum, over the intent's terms it contains (in its text, or in the words
    its line's codes stand for: ``server error`` for a 500), of how rare each term is in this
    section (``1 / number of windows holding it``): the line with the one unusual term
    beats lines repeating the common ones. A line of the kind the intent asks for (an error
    stated for "why", a count for "how many") counts as one more term; the term score leaves
    that out (whether a line is weak is judged by the intent's own words).
    """
    windows: list[tuple[int, int, list[bool]]] = []
    parts = _fact_parts(groups) if any(groups.presence(FACT_WORDS)) else 0
    wanted = sorted(kinds)
    terms = len(groups.units)
    holding = [0] * (terms + len(wanted))
    matchers = groups.matchers
    holds_none = groups.holds_none
    for number, line in enumerate(lines):
        facts = line_facts(line, parts) if parts else ""  # "server error" for a 500, …
        shaped = [answers(kind, line, groups) for kind in wanted] if wanted else _NOTHING
        plain = not facts and not any(shaped)
        # A short ASCII line is its only window: ``_windows`` (its byte length, a list) spared
        # on most lines of a section.
        short = line.isascii() and len(line) <= width
        for start, piece in ((0, line),) if short else _windows(line, width):
            if plain:
                lowered = piece.lower()
                if holds_none(lowered):
                    continue  # no unit, no kind asked for: the window scores nothing
                # What ``groups.present`` gives, unremembered: a section's lines seldom recur,
                # and its memo keeps the titles and labels reranking asks about again.
                present = [unit.present(lowered, piece) for unit in matchers]
                if shaped:
                    present += shaped  # none of the kinds: held as a shaped line's are
            else:
                present = groups.present(f"{piece}\n{facts}" if facts else piece)
                if shaped:
                    present += shaped
            if any(present):
                windows.append((number, start, present))
                for unit, hit in enumerate(present):
                    if hit:
                        holding[unit] += 1
    rarity = [1 / held if held else 0.0 for held in holding]
    found = []
    if wanted:
        for number, start, present in windows:
            scores = [rarity[u] for u, hit in enumerate(present) if hit and u < terms]
            shaped_score = sum(rarity[u] for u, hit in enumerate(present) if hit and u >= terms)
            found.append((sum(scores) + shaped_score, sum(scores), number, start))
    else:  # the common case: the intent's terms are the whole score
        for number, start, present in windows:
            score = sum([weight for weight, hit in zip(rarity, present, strict=True) if hit])
            found.append((score, score, number, start))
    # Windows were found in document order: a stable sort on the score alone breaks its ties
    # by line and start (``whole_first`` then reorders those holding the same units).
    found.sort(key=itemgetter(0), reverse=True)
    if units_of is not None:
        units_of.update(((number, start), present) for number, start, present in windows)
    return found


@attrs.frozen
class Pick:
    """One of a section's best windows: its line (among the non-blank lines), where the window
    starts in it, its text, and the lines worth showing around it (number and text), the most
    telling first."""

    line: int
    start: int
    text: str
    around: tuple[tuple[int, str], ...] = ()
    share: float = 1.0  # its score as a share of the best window's
    # A window of a long line: the same window reaching further on both sides, what a snippet
    # with bytes to spare shows instead of it ("" for a line shown whole).
    wider: str = ""
    # A line reporting a failed test: the lines of its block that say why; a Go panic: the
    # frame where it happened (``domain.search.failure_lines``), weighed as the line itself.
    told: tuple[tuple[int, str], ...] = ()


@attrs.frozen
class BestLines:
    """A section's best windows, best first (lines counted among its non-blank lines, a first
    line repeating the title left out)."""

    picks: tuple[Pick, ...]
    # each counted line's indentation in the output, by line number
    indents: tuple[str, ...] = ()


def best_lines(
    content: str,
    query: str,
    segments: int,
    width: int = SEGMENT_BYTES,
    context: int = CONTEXT_LINES,
    *,
    title: str = "",
    weak_share: float = 0.0,
) -> BestLines:
    """The up to ``segments`` windows of ``content`` that best match ``query``, best first.

    Each short line comes with what explains it: the object's other scalar members for a JSON
    member, the ``BLOCK_LINES`` after a line opening a block, else ``context`` lines on either
    side (the next one first: an error's location, a key's value), and the line after the next
    one when the next one announces it (ends in ``:``, ``{``, ``[`` or ``(``: ``Expected values
    to be strictly equal:`` before ``-300 !== 0``). The first non-blank line
    stands in when no term of the query occurs (a fuzzy or substring match); no window is
    longer than ``width`` bytes plus the ellipses. A first line that only repeats ``title`` (the
    section title shown next to it) is never shown. Windows scoring under ``weak_share`` of the
    best one are left out.
    """
    raw = [line for line in content.splitlines() if line and not line.isspace()]
    lines = [line.strip() for line in raw]
    if lines and title and repeats_title(lines[0], title):
        lines, raw = lines[1:], raw[1:]
    if not lines:
        return BestLines(())
    prepared = _prepared(query)
    held: dict[tuple[int, int], list[bool]] = {}
    ranked = [] if prepared is None else _ranked(lines, *prepared, width=width, units_of=held)
    direction = extreme_asked(query)
    if direction and ranked and prepared is not None:  # "the most …": a table's row holds it
        ranked = with_extremes(ranked, raw, prepared[0], direction, held)
    if not ranked:
        return BestLines((Pick(0, 0, _segment(lines, 0, 0, width)),), (indentation(raw[0]),))
    best: list[tuple[int, int, float]] = []
    floor = max(term_score for _, term_score, _, _ in ranked) * weak_share
    top = ranked[0][0] or 1.0
    units = prepared[0].matchers if prepared is not None else ()
    texts = partial(window_text, lines, width=width)
    for score, term_score, number, start in whole_first(ranked, units, held, texts):
        if len(best) == segments:
            break
        if term_score < floor and score == term_score:
            continue  # only the query's common words, and not of a kind it asks for
        if all(n != number or abs(s - start) >= width for n, s, _ in best):
            best.append((number, start, score / top))
    picks = []
    for number, start, share in best:
        whole = start == 0 and byte_len(lines[number]) <= width
        around = explaining(lines, number, context) if whole else []
        # why a failed test failed, worth as much as the line reporting it
        told = failure_lines(lines, number) if context and reports_failure(lines[number]) else []
        if context and not told and reports_panic(lines[number]):
            told = panic_frame(lines, number)  # where it panicked, as much as the panic
        shown = tuple(
            (near, _segment(lines, near, 0, width))
            for near in around
            if 0 <= near < len(lines) and near != number
        )
        text = _segment(lines, number, start, width)
        wider = _wider(lines, number, start, width)
        why = tuple((near, _segment(lines, near, 0, width)) for near in told)
        picks.append(Pick(number, start, text, shown, share, wider, why))
    return BestLines(tuple(picks), tuple(map(indentation, raw)))


def _wider(lines: list[str], number: int, start: int, width: int) -> str:
    """The window of line ``number`` from ``start`` grown half a window to the left and to
    twice its width (never ending before it does), or ``""`` when the line fits in a window."""
    line = lines[number]
    if byte_len(line) <= width:
        return ""
    left = max(0, start - max(1, len(truncate_bytes(line[start:], width)) // 2))
    return _segment(lines, number, left, max(2 * width, byte_len(line[left:start]) + width))
