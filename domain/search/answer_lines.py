"""What a line is, by its shape: an error stated, a frame or a diagnostic's location, a
definition, a count, a tally of outcomes, a duration.

``answer_kinds`` reads which of these a question asks for; these read whether a line is one
(``E       AssertionError: assert 2 == 3``, ``at netTotal (src/invoice.ts:23:35)``, ``def
is_local_host(…)``, ``Found 187 errors.``, ``ℹ fail 5``, ``0.70s setup``). Indexing reads
counts too (``output_sections``).
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.line_facts import says_error

# An error stated: ``KeyError: 'HAT-00'``, ``psycopg.errors.QueryCanceled: …``, ``error TS2532:
# …``, ``ERROR:  column …``, ``error[E0308]: …``, pytest's ``E   …`` lines, a panic, vitest's
# ``→ reason``, ``Caused by:``. Each form is a pattern of its own that opens on one character
# class, its ``\b`` or lookbehind said after that character: the ``re`` engine then skips in C
# to where that class stands, where one case-blind alternation of every form, ``\b`` first,
# was tried at every position (6–38 µs a line). ``(?i:…)`` keeps the case-blind folds (``İ ı``
# of ``i``, ``ſ`` of ``s``, ``K`` of ``k``); together the forms match the lines that
# alternation matched (ADR 0220).
_CAUSE_LEAD = precompiled(r"\s*(?:E {2,}\S|→ \S)", re.IGNORECASE)  # at the line's start
_CAUSE_ERROR = precompiled(r"[eE](?<!\w[eE])(?i:rror(?:\[\w+\]| TS\d+)?):")
_CAUSE_PANIC = precompiled(r"[pP](?<!\w[pP])(?i:anic(?:ked)?)\b")
_CAUSE_CAUSED = precompiled(r"[cC](?<!\w[cC])(?i:aused by):")
# A failure named and then stated: coverage's ``Coverage failure: total of 44 is less than
# fail-under=85``, Gradle's ``FAILURE: Build failed with an exception.``.
_CAUSE_FAILURE = precompiled(r"[fF](?<!\w[fF])(?i:ailure):")
_CAUSE_MODULE = precompiled(r"\.(?<=\w\.)(?i:errors?|exceptions?)\.\w+:")
# A named error (``KeyError:``) opens on any letter: a line is searched for it only when it
# holds the name's end.
_CAUSE_NAMED_END = precompiled(r"[eE](?i:rror|xception):")
_CAUSE_NAMED = precompiled(r"\b[A-Z]\w*(?:Error|Exception)\b:", re.IGNORECASE)
# A time a tool reports: ``0.70s``, ``2537.421 ms``, ``1m 12s``, ``72 hours``, ``took 6m20s``,
# timeit's ``76.7 nsec per loop`` and ``124 usec`` (``µs``, ``μs``, ``us``: case-blind, ``µ``
# is ``μ``), time's and sqlite's ``real 0.109`` (not a clock time of day: ``12:03:44``). A
# number, its lookbehind said after its first digit, and a word naming a time, each opening on
# one character class as the forms of an error do.
_DURATION_NUMBER = precompiled(
    r"\d(?<![\w.]\d)\d*(?:\.\d+)?(?:m\s?\d+(?:\.\d+)?)?\s?"
    r"(?:[mµun]?s|[mµun]?secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?)\b",
    re.IGNORECASE,
)
# A row of the table cProfile and profile print (``pstats``): the calls (``4/1``: all, then the
# primitive ones), then the seconds of ``tottime  percall  cumtime  percall``, then the function
# (``40000    0.091    0.000    0.195    0.000 plan_routes.py:8(parse_stop)``). Its times carry
# no unit, the header says they are seconds. (Not after a digit, a slash or a blank: a search
# tries each start once, not once per digit of a long number.)
_PROFILE_ROW = precompiled(
    r"(?<![\d/ ]) *\d+(?:/\d+)? +\d+\.\d{3} +\d+\.\d{3} +\d+\.\d{3} +\d+\.\d{3} \S"
)
_DURATION_WORD = precompiled(
    r"[rReEdD](?<!\w[rReEdD])(?i:(?<=r)eal|(?<=e)lapsed|(?<=d)uration)\b[:=]?\s+\d"
)
_CAUSE_SIGNS = ("rror", "RROR", "xception", "E  ", "anic", "→", "aused by", "ailure:", "AILURE:")
# A stack frame or diagnostic location: ``at netTotal (src/invoice.ts:23:35)``, ``❯
# Module.netTotal src/invoice.ts:23:35``, ``inventory.py:31: in commit``, ``File "x.py", line
# 3, in f``, `` --> src/main.rs:4:5``, gdb's ``#1  0x… in restock (items=0x…) at inventory.c:18``,
# valgrind's ``==8651==    by 0x109191: open_session (sessions.c:12)``. And a compiler's or
# linter's diagnostic, its file, line and column before its message, whatever the message
# says (gcc's and go vet's ``ledger/ledger.go:30:3: fmt.Printf format %d has arg …``, ruff's
# ``app/db.py:23:43: UP007 …``, tsc's ``src/report.ts(11,32): error TS2532: …``, eslint's
# ``  21:3   error  Unexpected var …`` under its file): the line states what is wrong and where.
_LOCATION_LINE = precompiled(
    r"^\s*(?:at\s+\S.*:\d+:\d+\)?$|❯\s+\S.*:\d+(?::\d+)?$|-->\s+\S+:\d+"
    r"|File \"[^\"]+\", line \d+)"
    r"|^\S+:\d+:(?:\d+:)?\s+in\s+\S+$"
    r"|^#\d+\s+(?:0x[0-9a-f]+ in )?\S+ \(.*\) at \S+:\d+$"
    r"|^==\d+==\s+(?:at|by) 0x[0-9A-Fa-f]+: \S.* \(\S+:\d+\)$"
    r"|^\s*[\w./@+-]*\w\.[A-Za-z][\w+-]*(?::\d+:\d+:|\(\d+,\d+\):) \S"
    r"|^\s+\d+:\d+\s+(?:error|warning)\s+\S"
)
# A definition: ``def f(``, ``class C``, ``function f(``, ``fn f(``, ``func f(``, a compiled
# pattern (``X = re.compile(``), as code or as a diff line.
_CODE_LINE = precompiled(
    r"^[+-]?\s*(?:export\s+)?(?:pub(?:\(\w+\))?\s+)?(?:async\s+)?"
    r"(?:def|class|function|fn|func|interface|struct|enum|trait|impl)\s+\w"
    r"|=\s*(?:re\.compile|new RegExp|regexp\.MustCompile|Regex::new)\("
)
# A count a tool reports: ``187 errors``, ``5 failed``, ``431 packages``, ``34 total``, ``87%``
# (not a field's value: ``rows=8604 width=12``). It opens on its digit, its lookbehind said
# after it, so that the engine skips to the digits (ADR 0220).
COUNT_PHRASE = precompiled(
    r"\d(?<![=\w.:/-]\d)[\d,]*(?:\.\d+)?(?:\s+[A-Za-z][A-Za-z-]{2,}(?![\w-]*=)|%)"
)
# Where an address lies, in bytes from a block or a symbol: memcheck's and helgrind's ``is 0
# bytes inside data symbol "litres_total"``, ``is 8 bytes after a block``, ASan's ``is located
# 0 bytes to the right of``. An offset, not a count: the symbol named beside it is not counted.
_OFFSET = precompiled(r"\s+bytes?\s+(?:inside|after|before|to the (?:left|right) of)\b")
# A tally of outcomes written label first, alone on its line: node's ``ℹ fail 5``, TAP's
# ``# pass 2``, ``Failures: 3``. Only outcomes: node's ``ℹ tests 8`` beside them is a total a
# question about another run's counts reached. Only as an answer: a run's closing summary is
# still found by ``COUNT_PHRASE`` (``output_sections``).
_LABELLED_COUNT = precompiled(r"^\s*(?:[^A-Za-z0-9\s]\s+)?([A-Za-z]{2,})(?::\s*|\s+)\d[\d,]*\s*$")
_OUTCOME_LABELS = frozenset(
    [
        "pass",
        "passed",
        "passes",
        "passing",
        "fail",
        "failed",
        "fails",
        "failing",
        "failure",
        "failures",
        "skip",
        "skipped",
        "skips",
        "todo",
        "cancelled",
        "canceled",
        "error",
        "errors",
        "warning",
        "warnings",
        "pending",
        "broken",
        "xfail",
        "xpass",
    ]
)


def is_cause(line: str) -> bool:
    """Whether ``line`` states an error (an exception, an ``error:``, an ERROR-level entry)."""
    if not any(sign in line for sign in _CAUSE_SIGNS):
        return False
    return states_error(line) or says_error(line)


def states_error(line: str) -> bool:
    """Whether ``line`` holds one of the forms of an error stated (``KeyError:``, ``error:``,
    pytest's ``E   …``, a panic, ``Caused by:``), whatever else it says."""
    return (
        _CAUSE_LEAD.match(line) is not None
        or _CAUSE_ERROR.search(line) is not None
        or _CAUSE_PANIC.search(line) is not None
        or _CAUSE_CAUSED.search(line) is not None
        or _CAUSE_FAILURE.search(line) is not None
        or _CAUSE_MODULE.search(line) is not None
        or (_CAUSE_NAMED_END.search(line) is not None and _CAUSE_NAMED.search(line) is not None)
    )


def is_count(line: str) -> bool:
    """Whether ``line`` reports a count (``Found 36 errors in 6 files``)."""
    return COUNT_PHRASE.search(line) is not None


def is_location(line: str) -> bool:
    """Whether ``line`` is a stack frame or a diagnostic's location."""
    return (":" in line or 'File "' in line) and _LOCATION_LINE.search(line) is not None


def is_duration(line: str) -> bool:
    """Whether ``line`` states how long something took (``0.70s setup  test_catalog_search``,
    a row of a Python profile: ``_PROFILE_ROW``)."""
    if _DURATION_NUMBER.search(line) is not None:
        return True
    if _PROFILE_ROW.match(line) is not None:
        return True
    # The word's letters up to its first ``s`` or ``i`` fold to no letter but their own, so a
    # line without one of them lower-cased is not searched (``lower`` keeps their places).
    lowered = line.lower()
    return ("real" in lowered or "elap" in lowered or "durat" in lowered) and (
        _DURATION_WORD.search(line) is not None
    )


def is_definition(line: str) -> bool:
    """Whether ``line`` defines a function, class or type, or compiles a pattern."""
    # A definition starts the line (``^``, no MULTILINE); only a compiled pattern, which opens
    # on its ``=``, may stand further on: past the start, only the line's ``=`` are tried.
    if _CODE_LINE.match(line) is not None:
        return True
    at = line.find("=", 1)
    while at != -1:
        if _CODE_LINE.match(line, at) is not None:
            return True
        at = line.find("=", at + 1)
    return False


def states_count(line: str) -> bool:
    """Whether ``line`` reports a count (``is_count``) other than a status code before an
    address (npm's ``GET 200 https://…``), a progress mark (pytest's ``.E. [100%]``) or an
    address's offset in bytes (``is 0 bytes inside data symbol``): those count nothing a
    question asks about (ADR 0284, ADR 0352)."""
    found = COUNT_PHRASE.search(line)
    while found is not None:
        start, end = found.span()
        if (
            not line.startswith("://", end)
            and not (line[end - 1] == "%" and _bracketed(line, start, end))
            and not _is_offset(line, start)
        ):
            return True
        found = COUNT_PHRASE.search(line, end)
    return False


def _is_offset(line: str, start: int) -> bool:
    # Most counts are no bytes: the pattern runs only after the word.
    digits = start
    while digits < len(line) and (line[digits].isdigit() or line[digits] == ","):
        digits += 1
    return line.startswith(" byte", digits) and _OFFSET.match(line, digits) is not None


def _bracketed(line: str, start: int, end: int) -> bool:
    return line[:start].rstrip().endswith("[") and line[end:].lstrip().startswith("]")


def is_tally(line: str) -> bool:
    """Whether ``line`` is a tally of outcomes written label first (``# fail 4``, ``ℹ pass 3``,
    ``Failures: 3``)."""
    labelled = _LABELLED_COUNT.match(line)
    return labelled is not None and labelled.group(1).lower() in _OUTCOME_LABELS
