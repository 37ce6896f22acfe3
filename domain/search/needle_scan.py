"""Looking for an outcome's pattern only where one of its needles stands.

A tool's outcome (``FATAL``, ``panic:``, ``exit code 1``, ``✗``) is a pattern that never spans a
line and always holds a needle (a substring) at a known distance from its start, or anywhere in
a match that opens its line. ``found_at_needles`` tries the pattern only there, ``holds_any``
gates it on a substring test, and ``folds_alike`` says when a text's lower-case copy can be
searched for a case-blind pattern's needles in its place.
"""

from __future__ import annotations

import re

AT_NEEDLE = (0,)  # a match opens with its needle
THE_LINE = None  # a match opens its line: the needle's line is searched


def holds_any(text: str, signs: tuple[str, ...]) -> bool:
    """``any(sign in text for sign in signs)`` as a plain loop: it runs on every line of every
    excerpt, where making the generator cost more than the substring tests."""
    for sign in signs:  # noqa: SIM110
        if sign in text:
            return True
    return False


# Letters a case-blind pattern matches to an ASCII letter that ``str.lower`` leaves alone or
# turns into two characters: dotted and dotless I, long s, the Kelvin sign.
ODD_FOLDS = ("\u0130", "\u0131", "\u017f", "\u212a")


def folds_alike(text: str, lowered: str) -> bool:
    """Whether ``lowered`` (``text.lower()``) can stand in for ``text`` in a case-blind match.
    An ASCII text can: ``lower`` keeps its length, and no odd letter is ASCII (ADR 0266)."""
    if text.isascii():
        return True
    return len(lowered) == len(text) and not any(letter in text for letter in ODD_FOLDS)


def found_at_needles(
    pattern: re.Pattern[str],
    text: str,
    haystack: str | None,
    needles: tuple[tuple[str, tuple[int, ...] | None], ...],
) -> bool:
    """Whether ``pattern`` matches ``text``. No match of these patterns spans a line, and each
    holds one of its ``needles`` as found in ``haystack`` (``text`` itself, or its lower-case
    copy for a case-blind pattern, ``None`` when that copy cannot stand in for it), at a known
    distance from the match's start (``backs``), or anywhere in a match that opens its line
    (``THE_LINE``): so the pattern is tried only where a match can start, at most once per
    line for those that open theirs. A scan of the whole text per pattern cost ~4 ms per chunk
    of 2 KB; a search of each line holding a needle ~14 µs a line; this, a ``match`` per
    needle found."""
    if haystack is None:
        return pattern.search(text) is not None
    tried: set[int] = set()
    for needle, backs in needles:
        at = haystack.find(needle)
        while at >= 0:
            if backs is not None:
                for back in backs:
                    if back <= at and pattern.match(text, at - back) is not None:
                        return True
                at = haystack.find(needle, at + 1)
                continue
            start = haystack.rfind("\n", 0, at) + 1
            end = haystack.find("\n", at)
            if end < 0:
                end = len(haystack)
            if start not in tried:
                tried.add(start)
                if pattern.search(text, start, end) is not None:
                    return True
            at = haystack.find(needle, end)
    return False
