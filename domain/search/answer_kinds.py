"""The kind of line a question asks for, recognised by its shape.

"Why does item count fail", "what goes wrong with the payments upstream", "tax for an unknown
country crashes" ask for the line that states an error, and that line rarely holds the
question's words (``E       AssertionError: assert 2 == 3``); where it happened is the frame
line beside it (``at netTotal (src/invoice.ts:23:35)``), which "where does the error come
from" asks for too. "How many test files failed", "overall test counts" ask for the line that
counts (``Test Files  6 failed (6)``, ``Found 187 errors.``). "Function that checks whether a
host is local", "regex for versioned acronyms" ask for a definition (``def is_local_host(…)``).
A question's cue words name the kind; a line's shape says whether it is one (``answer_lines``).
Search prefers sections holding such a line, and excerpts show it.
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from domain.precompiled import precompiled
from domain.search.answer_lines import (
    is_cause,
    is_definition,
    is_duration,
    is_location,
    is_tally,
    states_count,
)
from domain.search.labelled_totals import counted_part
from domain.search.matching import TermGroups
from domain.search.query import ParsedQuery


class AnswerKind(StrEnum):
    CAUSE = "cause"
    LOCATION = "location"
    COUNT = "count"
    CODE = "code"
    DURATION = "duration"


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
# A crash by the name the tool gives it ("which function segfaulted", "the test that panicked")
# asks why and where as "crashed" does; unlike a cue word it names what the output says, so it
# stays a naming word of the query (corrected, weighed, never counted as found).
_CRASH_NAMES = frozenset(["segfault", "segfaults", "segfaulted", "panicked"])
_COUNT_CUES = frozenset(["count", "counts", "total", "totals", "overall", "summary", "tally"])
_LOCATION_CUES = frozenset(["where", "location", "located", "traceback", "stacktrace"])
_CODE_CUES = frozenset(
    [
        "function",
        "functions",
        "method",
        "methods",
        "class",
        "def",
        "definition",
        "signature",
        "regex",
        "regexp",
        "constructor",
    ]
)
_COUNT_PHRASES = ("how many", "number of")
# "How long does the catalog fixture take to set up" asks for a duration as "how many" asks for
# a count: ``long`` names no word of the answer (``0.70s setup  test_catalog_search``), it asks
# for the line's time.
_DURATION_PHRASES = ("how long",)
_DURATION_CUES = frozenset(["long"])
# Words only a phrase of the question gives their meaning: ``long`` of "how long" asks for a
# time, ``times`` of "how many times" for a count of calls. Neither names a word of the answer,
# so neither is a slip of a word the text holds (``log``, ``timed``): ``phrase_cues``.
_PHRASE_CUE = precompiled(r"\bhow\s+(long)\b|\b(?:how\s+many|number\s+of)\s+(times)\b")
# Of those, the ones no answer line says and no answer kind counts as found: ``times`` is not
# searched (its stem matches ``import time:``; ``cProfile`` counts calls as ``40000    0.020 …``),
# while ``long`` stays, found in every line that states a time (``is_cue``).
_UNSEARCHED_CUES = frozenset(["times"])
CUE_WORDS: frozenset[str] = _CAUSE_CUES | _COUNT_CUES | _LOCATION_CUES | _CODE_CUES
_WORD = precompiled(r"[a-z]+")
_PROMPT = "$ "  # a command echoed after its prompt: what was asked of a tool (ADR 0284)


def answer_kinds(query: str) -> frozenset[AnswerKind]:
    """The kinds of line ``query`` asks for (often none)."""
    lowered = query.lower()
    words = set(_WORD.findall(lowered))
    kinds: set[AnswerKind] = set()
    if words & _CAUSE_CUES or words & _CRASH_NAMES:
        kinds.add(AnswerKind.CAUSE)
    if words & _COUNT_CUES or any(phrase in lowered for phrase in _COUNT_PHRASES):
        kinds.add(AnswerKind.COUNT)
    if words & _LOCATION_CUES or AnswerKind.CAUSE in kinds:
        kinds.add(AnswerKind.LOCATION)  # where an error happened is half of why
    if words & _CODE_CUES:
        kinds.add(AnswerKind.CODE)
    if any(phrase in lowered for phrase in _DURATION_PHRASES):
        kinds.add(AnswerKind.DURATION)
    return frozenset(kinds)


def is_cue(unit: str, kinds: frozenset[AnswerKind]) -> bool:
    """Whether the query unit ``unit`` only names the kind of line asked for (``count``,
    ``why``; ``long`` of "how long"): a section holding such a line holds what it asks."""
    return unit in CUE_WORDS or (AnswerKind.DURATION in kinds and unit in _DURATION_CUES)


def phrase_cues(query: str) -> frozenset[str]:
    """The words of ``query`` that only ask, by the phrase they stand in: ``long`` of "how
    long", ``times`` of "how many times" (not "which times", where it may name a column)."""
    return frozenset(
        word for match in _PHRASE_CUE.finditer(query.lower()) for word in match.groups() if word
    )


def searched(query: ParsedQuery) -> ParsedQuery:
    """``query`` without the words its phrases only ask by and no answer line says (``times``
    of "how many times"); as parsed when they are all it asks."""
    unsearched = phrase_cues(query.raw) & _UNSEARCHED_CUES
    terms = tuple(t for t in query.terms if t not in unsearched)
    if not unsearched or not (terms or query.phrases) or len(terms) == len(query.terms):
        return query
    return attrs.evolve(query, terms=terms)


def answers(kind: AnswerKind, line: str, groups: TermGroups) -> bool:
    """Whether ``line`` is an answer of ``kind``: an error stated, a frame, a definition, or a
    count of one of the query's terms (``Found 36 errors`` for "how many mypy errors"). A
    command echoed after its prompt (``$ python3 -m timeit -s 'pat = re.compile(…)'``) is what
    was asked of a tool, never what it answered (ADR 0284)."""
    # The prompt is looked at only when a line has the shape: most lines have none.
    if kind is AnswerKind.CAUSE:
        return is_cause(line) and not line.startswith(_PROMPT)
    if kind is AnswerKind.LOCATION:
        return is_location(line) and not line.startswith(_PROMPT)
    if kind is AnswerKind.CODE:
        return is_definition(line) and not line.startswith(_PROMPT)
    if kind is AnswerKind.DURATION:
        # Two of the question's words on the line: a time beside one of them is any timing of
        # that thing (nginx's ``access_log … flush=5s`` for "how long are the logs kept").
        return (
            is_duration(line)
            and sum(groups.present(line)) >= min(2, len(groups.units) - 1)
            and not line.startswith(_PROMPT)
        )
    if (states_count(line) or is_tally(line)) and any(groups.present(line)):
        return not line.startswith(_PROMPT)
    # A count after a label naming one counts the label's other words (``labelled_totals``).
    counted = counted_part(line)
    return counted is not None and any(groups.present(counted)) and not line.startswith(_PROMPT)


def holds_answer(kinds: frozenset[AnswerKind], text: str, groups: TermGroups) -> bool:
    """Whether some line of ``text`` is of one of ``kinds``."""
    if not kinds:
        return False
    return any(answers(kind, line, groups) for line in text.split("\n") for kind in kinds)
