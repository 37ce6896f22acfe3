"""What a line of tool output says in words, when it says it in codes and numbers.

Agents ask "which endpoint returns server errors", "failed logins", "slow requests"; logs write
``"GET /api/export HTTP/1.1" 500``, ``401``, ``rt=1.469``, ``[error]``. The words a line's
codes stand for let search and excerpts meet the question where the text cannot: HTTP status
codes of access logs (``" 500 "`` after a request, ``status=504``), latencies (a second or more
is slow), log levels, and test outcomes. Pure and cheap: a handful of regular expressions per
line, no state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from domain.lazy_pattern import LazyPattern
from domain.precompiled import precompiled
from domain.search.latencies import is_slow, slow_latencies, slow_offsets
from domain.search.mark_facts import MARK_WORDS, mark_facts
from domain.search.mode_facts import MODE_WORDS, mode_facts
from domain.search.needle_scan import holds_any
from domain.search.outcome_words import OUTCOME_WORDS, adds_error, asked_outcome, outcome_facts

_REQUEST_STATUS = precompiled(r'"[A-Z]{3,7} \S+ HTTP/[\d.]+" ([1-5]\d\d) ')
# A process's ``exit status: 255`` or ``Exit Code: 137`` (prove's summary, a killed container)
# is no HTTP status.
_FIELD_STATUS = precompiled(
    r"\b(?<!exit )(?<!exit-)(?:status|status_code|code)[=:]\s*\"?([1-5]\d\d)\b", re.IGNORECASE
)
# Substrings a status field must contain: its regular expression only runs on lines that have one.
_FIELD_SIGNS = ("code", "status", "CODE", "STATUS", "Status", "Code")
_ERROR_LEVEL = precompiled(
    r"\b(?:ERROR|FATAL|CRITICAL|PANIC|EMERG)\b|\[(?:error|crit|alert|emerg)\]"
)
_WARNING_LEVEL = precompiled(r"\bWARN(?:ING)?\b|\[warn\]")
_FAILED = precompiled(r"\b(?:FAILED|FAIL|ERRORED)\b|^\s*[×✗✕]\s")
_PASSED = precompiled(r"\b(?:PASSED|PASS)\b|^\s*[✓✔]\s")
_SKIPPED = precompiled(r"\b(?:SKIPPED|SKIP)\b")
_XFAIL = precompiled(r"\bXFAIL(?:ED)?\b", re.IGNORECASE)

_ERROR_SIGNS = (
    "ERROR",
    "FATAL",
    "CRITICAL",
    "PANIC",
    "EMERG",
    "[error]",
    "[crit]",
    "[alert]",
    "[emerg]",
)
_CROSSES = ("×", "✗", "✕")
_TICKS = ("✓", "✔")

_STATUS_WORDS = {
    400: "client error bad request",
    # A request refused for its credentials or its rights was rejected (ADR 0239).
    401: "client error unauthorized failed login denied rejected",
    403: "client error forbidden denied rejected",
    404: "client error not found missing",
    405: "client error method not allowed",
    408: "client error request timeout",
    409: "client error conflict",
    413: "client error payload too large",
    422: "client error unprocessable",
    429: "client error too many requests throttled rate limited",
    500: "server error internal",
    502: "server error bad gateway upstream",
    503: "server error unavailable",
    504: "server error gateway timeout timed out upstream",
}


def _status_words(code: int) -> str:
    if code in _STATUS_WORDS:
        return _STATUS_WORDS[code]
    if code >= 500:
        return "server error"
    if code >= 400:
        return "client error"
    if code >= 300:
        return "redirect"
    if code == 201:
        return "ok success created"
    return "ok success"


def _status(line: str) -> int | None:
    found = (_REQUEST_STATUS.search(line) if "HTTP/" in line else None) or (
        _FIELD_STATUS.search(line)
        if ("=" in line or ":" in line) and _may_have_status_field(line)
        else None
    )
    return int(found.group(1)) if found else None


def _may_have_status_field(line: str) -> bool:
    """Whether ``line`` holds one of ``_FIELD_SIGNS``; spelt out, as it runs for every line of
    a log."""
    return (
        "code" in line
        or "status" in line
        or "CODE" in line
        or "STATUS" in line
        or "Status" in line
        or "Code" in line
    )


# Every word ``line_facts`` can say: a query none of whose terms is among them never needs it.
FACT_WORDS = " ".join(
    [
        *_STATUS_WORDS.values(),
        "server error client redirect ok success created slow latency warning failed failure",
        "passed skipped expected",
        OUTCOME_WORDS,
        MODE_WORDS,
        MARK_WORDS,
    ]
)

# The parts of a line's facts (bits), each with every word it can say: an excerpt asks only
# for the parts whose words hold one of its query's needles (``asked_parts``, ADR 0242). A
# run's outcome is asked word by word (ADR 0246): ``failed`` alone, ``timeout`` alone.
(
    STATUS_PART,
    SLOW_PART,
    LEVEL_PART,
    CHECK_PART,
    SKIP_PART,
    XFAIL_PART,
    ERROR_OUTCOME,
    FAILED_OUTCOME,
    CRASH_OUTCOME,
    TIMEOUT_OUTCOME,
    TYPO_OUTCOME,
    MODE_PART,
    MARK_PART,
) = (1 << bit for bit in range(13))
EVERY_PART = (1 << 13) - 1
_OUTCOME_PARTS = {
    ERROR_OUTCOME: "error",
    FAILED_OUTCOME: "failed",
    CRASH_OUTCOME: "crashed crash",
    TIMEOUT_OUTCOME: "timeout",
    TYPO_OUTCOME: "typo misspelled",
}
OUTCOME_PART = ERROR_OUTCOME | FAILED_OUTCOME | CRASH_OUTCOME | TIMEOUT_OUTCOME | TYPO_OUTCOME
PART_WORDS = {
    STATUS_PART: " ".join(
        [*_STATUS_WORDS.values(), "server error client error redirect ok success created"]
    ),
    SLOW_PART: "slow latency",
    LEVEL_PART: "error warning",
    CHECK_PART: "failed failure passed",
    SKIP_PART: "skipped",
    XFAIL_PART: "expected failure",
    **_OUTCOME_PARTS,
    MODE_PART: MODE_WORDS,
    MARK_PART: MARK_WORDS,
}


@lru_cache(maxsize=32)
def _outcome_words(parts: int) -> frozenset[str]:
    """The outcome words of the outcome parts among ``parts``."""
    return frozenset(
        word for part, words in _OUTCOME_PARTS.items() if parts & part for word in words.split()
    )


def asked_parts(needles: Iterable[str]) -> int:
    """The parts (bits) whose words hold one of ``needles`` as a substring: a needle with no
    blank in it occurs in a line's facts only inside the words of one part; a needle with a
    blank may join two parts' words, and asks for every part."""
    parts = 0
    for needle in needles:
        if needle != "".join(needle.split()):
            return EVERY_PART
        for part, words in PART_WORDS.items():
            if needle in words:
                parts |= part
    return parts


def line_facts(line: str, parts: int = EVERY_PART) -> str:
    """Words for the codes and numbers in ``line`` (``""`` when it holds none); ``parts``: the
    parts worked out (``PART_WORDS``), the others left out as if the line said nothing there."""
    words: list[str] = []
    if parts & STATUS_PART:
        status = _status(line)
        if status is not None:
            words.append(_status_words(status))
    if parts & SLOW_PART and is_slow(line):
        words.append("slow latency")
    # Plain substring tests first: the regular expressions only confirm a likely hit.
    if parts & LEVEL_PART:
        if holds_any(line, _ERROR_SIGNS) and _ERROR_LEVEL.search(line):
            words.append("error")
        elif ("WARN" in line or "[warn]" in line) and _WARNING_LEVEL.search(line):
            words.append("warning")
    if parts & CHECK_PART:
        first = line.lstrip()[:1]
        if ("FAIL" in line or "ERRORED" in line or first in _CROSSES) and _FAILED.search(line):
            words.append("failed failure")
        elif ("PASS" in line or first in _TICKS) and _PASSED.search(line):
            words.append("passed")
    if parts & SKIP_PART and "SKIP" in line and _SKIPPED.search(line):
        words.append("skipped")
    if parts & XFAIL_PART and ("XFAIL" in line or "xfail" in line) and _XFAIL.search(line):
        words.append("expected failure")
    outcome_parts = parts & OUTCOME_PART
    if outcome_parts:
        outcome = (
            outcome_facts(line)
            if outcome_parts == OUTCOME_PART
            else asked_outcome(line, _outcome_words(outcome_parts))
        )
        if outcome:
            words.append(outcome)
    if parts & MODE_PART:
        mode = mode_facts(line)  # "executable" for -rwxr-xr-x, "sticky" for drwxrwxrwt
        if mode:
            words.append(mode)
    if parts & MARK_PART:
        mark = mark_facts(line)  # "never assigned" for an uninitialized variable (ADR 0408)
        if mark:
            words.append(mark)
    return " ".join(words)


def says_error(line: str) -> bool:
    """``"error" in line_facts(line).split()``: a status of 400 or more, an error level, or an
    outcome that adds the word; the other facts are not worked out (ADR 0220)."""
    status = _status(line)
    if status is not None and status >= 400:
        return True
    if holds_any(line, _ERROR_SIGNS) and _ERROR_LEVEL.search(line):
        return True
    return adds_error(line)


def request_facts(line: str) -> str:
    """The words for what a request line records — its HTTP status (``server error``, ``not
    found``) as a request's response, and a latency of a second or more (``slow``) — or ``""``.
    Unlike levels and test outcomes, which logs spell out, these are written only as numbers."""
    words: list[str] = []
    status = _status(line)
    if status is not None:
        words.append(f"{_status_words(status)} request response")
    if is_slow(line):
        words.append("slow latency")
    return " ".join(words)


def text_facts(text: str, lowered: str | None = None) -> str:
    """The distinct ``request_facts`` words of ``text``'s lines, in first-seen order: the HTTP
    statuses and slow latencies it records, read with one scan of the whole text per pattern
    (a pass per line cost a tenth of indexing a log). A log window's title has just scanned
    it for its statuses and slow latencies (``window_scans``): those are read, not redone.
    ``lowered``: ``text.lower()``, when the caller has made it (ADR 0276)."""
    held = _held_scans(text)
    statuses, slow, field_sign = (
        (request_statuses(text), [], may_hold_a_field_sign(text, lowered)) if held is None else held
    )
    codes = [code for _, code in statuses]
    if field_sign and any(sign in text for sign in _FIELD_SIGNS):
        codes.extend(int(m.group(1)) for m in _field_statuses(text))
    words: dict[str, None] = {}
    for code in dict.fromkeys(codes):
        words.update(dict.fromkeys(f"{_status_words(code)} request response".split()))
    # A latency a search of its line finds is one the whole text's search finds (the same
    # match: only a blank that is no line break may stand inside one found in its line).
    if slow or next(slow_latencies(text, in_lines=False), None) is not None:
        words.update(dict.fromkeys(("slow", "latency")))
    return " ".join(words)


# How every ``_FIELD_STATUS`` match ends, after its name (``code``, ``status``, ``status_code``).
# (Latencies, ``rt=0.5``, are left to their pattern: an access log has such a tail at every
# ``=`` before a number, and trying each cost twice the scan.)
_STATUS_TAIL = LazyPattern(r'[=:]\s*"?[1-5]\d\d\b')
_STATUS_NAME_LENGTHS = (4, 6, 11)


def _field_statuses(text: str) -> Iterator[re.Match[str]]:
    """``_FIELD_STATUS.finditer(text)``, tried only where a match can start: a name's length
    before each ``=200``-like tail. Case-blind and opening on ``\b``, the pattern was tried at
    every position of every chunk saying ``code`` or ``status`` (``exit code 1``). Tails never
    overlap (one holds no ``=`` or ``:`` after its first), and a case-blind name is as long as
    it is spelt, so every match starts at one of these; taken in order, skipping those inside
    the last match, they give ``finditer``'s matches."""
    starts = sorted(
        {
            tail.start() - length
            for tail in _STATUS_TAIL.finditer(text)
            for length in _STATUS_NAME_LENGTHS
            if tail.start() >= length
        }
    )
    done = 0
    for at in starts:
        if at < done:
            continue
        found = _FIELD_STATUS.match(text, at)
        if found is not None:
            done = found.end()
            yield found


# A log's chunker asks these of every line: bound directly, without a call in between.
status_of = _status  # the HTTP status a log line records, if any
status_words = _status_words  # the words for an HTTP status


# A log's chunker reads a chunk's lines with one scan per pattern instead of calls per line.
STATUS_FIELD_SIGNS = _FIELD_SIGNS  # a line holds one when ``field_status`` can find a status


def may_hold_a_field_sign(text: str, lowered: str | None = None) -> bool:
    """False when ``text`` holds none of ``_FIELD_SIGNS``: each is ``code`` or ``status`` in
    some case, and lower-cases to it letter by letter, so a text holding one has a lower-case
    copy holding ``code`` or ``status``. A copy and two scans of a window, not six scans.
    ``lowered``: that copy, when the caller has made it."""
    if lowered is None:
        lowered = text.lower()
    return "code" in lowered or "status" in lowered


def request_statuses(text: str) -> list[tuple[int, int]]:
    """``(offset, status)`` of each request's HTTP status in ``text``: no match crosses a line,
    so the first in a line is the one ``status_of`` reads from that line."""
    if "H" not in text or "HTTP/" not in text:  # its capital first (``sign_gates``)
        return []
    return [(match.start(), int(match.group(1))) for match in _REQUEST_STATUS.finditer(text)]


WindowScans = tuple[list[tuple[int, int]], list[int], bool]
# The last text ``window_scans`` read, with what it found: one window's, a few KB. Held whole
# in one tuple, so a reader sees a text with its own scans.
_last_scans: list[tuple[str | None, WindowScans]] = [(None, ([], [], False))]


def window_scans(text: str) -> WindowScans:
    """``request_statuses``, ``slow_offsets`` and ``may_hold_a_field_sign`` of ``text``. The
    chunker asks them for a log window's title and then, of the same text, ``text_facts`` for
    the window's facts: kept for the last text asked, they are read there, not scanned again."""
    scans = (request_statuses(text), slow_offsets(text), may_hold_a_field_sign(text))
    _last_scans[0] = (text, scans)
    return scans


def _held_scans(text: str) -> WindowScans | None:
    """``window_scans(text)`` when it was the last text read (the same object), else None."""
    held, scans = _last_scans[0]
    return scans if held is text else None


def field_status(line: str) -> int | None:
    """The status a line of no request records in a field (``status=504``), as ``status_of``
    reads it."""
    if ("=" in line or ":" in line) and _may_have_status_field(line):
        found = _FIELD_STATUS.search(line)
        return int(found.group(1)) if found else None
    return None
