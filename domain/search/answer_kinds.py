"""The kind of line a question asks for, recognised by its shape.

"Why does item count fail", "what goes wrong with the payments upstream", "tax for an unknown
country crashes" ask for the line that states an error, and that line rarely holds the
question's words (``E       AssertionError: assert 2 == 3``). "How many test files failed",
"overall test counts" ask for the line that counts (``Test Files  6 failed (6)``, ``Found 187
errors.``). A question's cue words name the kind; a line's shape says whether it is one.
Search prefers sections holding such a line, and excerpts show it.
"""

from __future__ import annotations

import re
from enum import StrEnum

from domain.search.line_facts import line_facts
from domain.search.matching import TermGroups


class AnswerKind(StrEnum):
    CAUSE = "cause"
    COUNT = "count"


_CAUSE_CUES = frozenset(
    [
        "why",
        "cause",
        "caused",
        "causes",
        "reason",
        "reasons",
        "wrong",
        "crash",
        "crashes",
        "crashed",
        "crashing",
        "broke",
        "broken",
        "breaks",
        "throw",
        "throws",
        "thrown",
        "raise",
        "raises",
        "raised",
    ]
)
_COUNT_CUES = frozenset(["count", "counts", "total", "totals", "overall", "summary", "tally"])
_COUNT_PHRASES = ("how many", "number of")
_WORD = re.compile(r"[a-z]+")

# An error stated: ``KeyError: 'HAT-00'``, ``psycopg.errors.QueryCanceled: …``, ``error TS2532:
# …``, ``ERROR:  column …``, ``error[E0308]: …``, pytest's ``E   …`` lines, a panic, vitest's
# ``→ reason``, ``Caused by:``.
_CAUSE_LINE = re.compile(
    r"\b[A-Z]\w*(?:Error|Exception)\b:"
    r"|\b\w+\.(?:errors?|exceptions?)\.\w+:"
    r"|\berror(?:\[\w+\]| TS\d+)?:"
    r"|^\s*E {2,}\S"
    r"|\bpanic(?:ked)?\b"
    r"|^\s*→ \S"
    r"|\bCaused by:",
    re.IGNORECASE,
)
_CAUSE_SIGNS = ("rror", "RROR", "xception", "E  ", "anic", "→", "aused by")
# A count a tool reports: ``187 errors``, ``5 failed``, ``431 packages``, ``34 total``, ``87%``
# (not a field's value: ``rows=8604 width=12``).
COUNT_PHRASE = re.compile(
    r"(?<![=\w.:/-])\d[\d,]*(?:\.\d+)?(?:\s+[A-Za-z][A-Za-z-]{2,}(?![\w-]*=)|%)"
)


def answer_kinds(query: str) -> frozenset[AnswerKind]:
    """The kinds of line ``query`` asks for (often none)."""
    lowered = query.lower()
    words = set(_WORD.findall(lowered))
    kinds: set[AnswerKind] = set()
    if words & _CAUSE_CUES:
        kinds.add(AnswerKind.CAUSE)
    if words & _COUNT_CUES or any(phrase in lowered for phrase in _COUNT_PHRASES):
        kinds.add(AnswerKind.COUNT)
    return frozenset(kinds)


def is_cause(line: str) -> bool:
    """Whether ``line`` states an error (an exception, an ``error:``, an ERROR-level entry)."""
    if not any(sign in line for sign in _CAUSE_SIGNS):
        return False
    return _CAUSE_LINE.search(line) is not None or "error" in line_facts(line).split()


def is_count(line: str) -> bool:
    """Whether ``line`` reports a count (``Found 36 errors in 6 files``)."""
    return COUNT_PHRASE.search(line) is not None


def answers(kind: AnswerKind, line: str, groups: TermGroups) -> bool:
    """Whether ``line`` is an answer of ``kind``: an error stated, or a count of one of the
    query's terms (``Found 36 errors`` for "how many mypy errors")."""
    if kind is AnswerKind.CAUSE:
        return is_cause(line)
    return is_count(line) and any(groups.present(line))


def holds_answer(kinds: frozenset[AnswerKind], text: str, groups: TermGroups) -> bool:
    """Whether some line of ``text`` is of one of ``kinds``."""
    if not kinds:
        return False
    return any(answers(kind, line, groups) for line in text.split("\n") for kind in kinds)
