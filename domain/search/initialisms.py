"""Words a query spells out that the text writes as their initials (``dead letter queue`` →
``dlq`` of ``invoices_dlq``).

Tool output and the names in it abbreviate what an agent asks about in full: a queue resource
is ``invoices_dlq``, a limit ``SLA_MS``. A run of three or four of the query's words
(stopwords left out, as the query's terms are) whose first letters spell a word the store holds
as an abbreviation — a part of a name joined by ``-``, ``_`` or ``.`` (``abbreviated``) —
names that word, when one of the run's words is held nowhere and one slip
of a typist does not explain it: the query as typed cannot find it (ADR 0105). The same
letters as a word of prose (``row`` of "rule open to the world") are no abbreviation, and two
letters are the initials of too many words (``pr``, ``io``, ``db``), so runs are never shorter
than three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

MIN_RUN = 3
MAX_RUN = 4
_JOINERS = "-_."


def _initials(run: Sequence[str]) -> str | None:
    if not all(word.isascii() and word.isalpha() for word in run):
        return None
    return "".join(word[0] for word in run)


def spelt_out(
    terms: Sequence[str], unknown: Callable[[str], bool], held: Callable[[str], bool]
) -> dict[str, str]:
    """Each word of a run of ``terms`` whose initials the store holds (``held``), mapped to
    those initials; a run counts only when one of its words is ``unknown``. Longer runs first;
    a word belongs to one run at most; initials already among the terms are no abbreviation."""
    found: dict[str, str] = {}
    for size in range(MAX_RUN, MIN_RUN - 1, -1):
        for start in range(len(terms) - size + 1):
            run = terms[start : start + size]
            if any(word in found for word in run) or not any(unknown(word) for word in run):
                continue
            short = _initials(run)
            if short is None or short in terms or not held(short):
                continue
            found.update(dict.fromkeys(run, short))
    return found


def initialism_units(typed: Sequence[str], judged: Sequence[str]) -> tuple[bool, ...]:
    """Which of the ``typed`` units were judged as the initials of the run they belong to
    (``judged``: the same units after correction, in the same order)."""
    marks = [False] * len(typed)
    at = 0
    while at < len(judged):
        end = at
        while end < len(judged) and judged[end] == judged[at]:
            end += 1
        size = end - at
        if MIN_RUN <= size <= MAX_RUN and _initials(typed[at:end]) == judged[at] != typed[at]:
            marks[at:end] = [True] * size
        at = end
    return tuple(marks)


def abbreviated(text: str, short: str) -> bool:
    """Whether ``text`` writes ``short`` (lower case) as a part of a name joined by ``-``,
    ``_`` or ``.`` (``invoices_dlq``, ``gh-pr-list``): the form an abbreviation takes in the
    names tools print. The same letters as a word of prose (``row``) are none, nor a word in
    capitals alone (``ARG`` of a Dockerfile, ``SET`` of SQL: keywords as often as
    abbreviations)."""
    lowered = text.lower()
    at = lowered.find(short)
    while at != -1:
        end = at + len(short)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not before.isalnum() and not after.isalnum():
            joined = (before in _JOINERS and at > 1 and text[at - 2].isalnum()) or (
                after in _JOINERS and end + 1 < len(text) and text[end + 1].isalnum()
            )
            if joined:
                return True
        at = lowered.find(short, at + 1)
    return False
