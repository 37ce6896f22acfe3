"""Titles for chunks of a log that say what is in them.

A window of a log titled by its first line (``198.51.100.23 - - [03/Dec/2026:09:43:51 …``) tells
the agent nothing and gives search nothing to match. A log chunk is titled by its time span and
what stands out in it, counted, the worst first: ``09:43:51–09:43:53: 500 server error ×3
(GET /api/export), slow ≥1s ×1 (GET /api/reports/monthly), 401 unauthorized ×2 (POST
/login)``. A chunk is a log when at least a third of its lines carry a timestamp (the rest:
continuation lines).

A window of a test run's per-test results is titled by its outcomes (``outcome_titles``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from itertools import islice

from domain.chunking.utf8 import truncate_bytes
from domain.search.auth_attacks import failed_login
from domain.search.latencies import is_slow
from domain.search.line_facts import STATUS_FIELD_SIGNS, field_status, status_of, window_scans

LOG_TITLE_MAX_BYTES = 200
MOST_NOTABLE = 3

_TIME = re.compile(
    r"(?:\d{4}[-/]\d{2}[-/]\d{2}[T ]|\d{2}/\w{3}/\d{4}:|\b\w{3} +\d{1,2} )(\d{2}:\d{2}:\d{2})"
)
# Every ``_TIME`` match holds a ``:`` (its time's); a date of fixed length starts at most this
# many characters before it (``2026-12-05T09:``).
_TIME_BEFORE_COLON = 13
# A request's path: its first character, then up to its first ``?`` (the query, left out).
# The path and query are one run of non-blanks ending at `` HTTP/``; read possessively, the
# run is not tried again at each of its characters as ``(\S+?)(?:\?\S*)? HTTP/`` did, with
# the same matches and groups.
_REQUEST = re.compile(r'"([A-Z]{3,7}) (\S[^\s?]*+)\S*+ HTTP/')
_ERROR = re.compile(r"\b(ERROR|FATAL|CRITICAL|PANIC)\b|\[(error|crit|alert|emerg)\]")
_WARNING = re.compile(r"\b(WARN(?:ING)?)\b|\[(warn)\]")
# A test that failed, as a runner writes it in a timestamped log (a CI job's log, ``go test
# -json``'s events): go's ``--- FAIL:`` and ``"Action":"fail"``, pytest's and cargo's ``FAILED``.
# Every match holds one of ``_FAILED_SIGNS``.
_FAILED_TEST = re.compile(r'--- FAIL\b|\bFAILED\b|"Action":"fail"')
_FAILED_SIGNS = ("FAIL", '"Action":"fail"')
# Substrings every match holds (``_may_say_error``, ``WARN`` or ``[warn]``): most lines of a log
# have none, and testing for them is cheaper than a search.
_ERROR_SIGNS = ("ERROR", "FATAL", "CRITICAL", "PANIC", "[error]", "[crit]", "[alert]", "[emerg]")
_SHORT_STATUS = {
    400: "bad request",
    401: "unauthorized",
    403: "forbidden",
    404: "not found",
    429: "too many requests",
    500: "server error",
    502: "bad gateway",
    503: "unavailable",
    504: "gateway timeout",
}


def _fact(line: str, attackers: frozenset[str]) -> tuple[int, str, str] | None:
    """The one notable thing a line records, as (severity, what, where): a 5xx status, a
    refused login of a client brute forcing it, a slow request, a 4xx status, an error or a
    warning; ``where`` is the request, when there is one (and the attacking client). The
    request is read only for a line that records something: most lines of a log do not."""
    status = status_of(line)
    if attackers and (login := failed_login(line)) is not None and login.client in attackers:
        what = f"{status} {_SHORT_STATUS.get(status, 'error')}" if status else "failed login"
        return 0, f"{what} brute force", f"{login.endpoint} from {login.client}"
    if status is not None and status >= 400:
        what = f"{status} {_SHORT_STATUS.get(status, 'error')}"
        return (0 if status >= 500 else 2), what, _where(line)
    if is_slow(line):
        return 1, "slow ≥1s", _where(line)
    if _may_say_error(line) and _ERROR.search(line):
        return 3, "ERROR", _where(line)
    if ("FAIL" in line or '"Action":"fail"' in line) and _FAILED_TEST.search(line):
        return 3, "FAILED", _where(line)
    if ("WARN" in line or "[warn]" in line) and _WARNING.search(line):
        return 4, "WARNING", _where(line)
    return None


def _may_say_error(line: str) -> bool:
    """Whether ``line`` holds one of ``_ERROR_SIGNS``; spelt out, as it runs for every line."""
    return (
        "ERROR" in line
        or "FATAL" in line
        or "CRITICAL" in line
        or "PANIC" in line
        or "[error]" in line
        or "[crit]" in line
        or "[alert]" in line
        or "[emerg]" in line
    )


def _where(line: str) -> str:
    request = _REQUEST.search(line)
    return f"{request.group(1)} {request.group(2)}" if request else ""


def _time(line: str) -> re.Match[str] | None:
    """``_TIME.search(line, 0, 64)``, begun where a match may start. No date holds a ``:``
    before its time's (``2026-12-05T``, ``05/Dec/2026:``, ``Dec 5 ``), so a match's time has the
    line's first ``:`` when the match starts before it. One that starts more than
    ``_TIME_BEFORE_COLON`` characters before it is ``Dec``, blanks and a day: blanks from
    11 to 5 characters before that ``:``. An access line's address (``198.51.100.23 - - [``)
    is so not tried character by character."""
    colon = line.find(":", 0, 64)
    if colon < 0:
        return None
    start = colon - _TIME_BEFORE_COLON
    if start <= 0 or line[colon - 6] == " ":
        start = 0
    return _TIME.search(line, start, 64)


def _span(lines: list[str]) -> str | None:
    """The time span of ``lines`` (blank lines left out), or None when under a third of them,
    or fewer than two, carry a timestamp (in their first 64 characters). Lines are read from the
    start only until a third of them are known to, then from the end to the last one."""
    total = len(lines)
    if total < 2:
        return None
    found = 0
    first = last = ""
    for line in lines:
        if match := _time(line):
            last = match.group(1)
            first = first or last
            found += 1
            if found * 3 >= total:
                break
    else:
        return None  # the loop stops at a third
    for line in reversed(lines):
        if match := _time(line):
            last = match.group(1)
            break
    return first if first == last else f"{first}–{last}"


def _facts(text: str) -> list[tuple[int, str, str]]:
    """``_fact`` of each line of ``text`` that has one, in order (no attackers), with the line
    in place of the request it names (``_where``, read only for what a title shows): each pattern
    scans the whole text once (the ones that find a status, a latency) or only the lines that
    hold one of its needles (a status field, a level), instead of every line being asked each
    question in turn. The same facts, for a fraction of the calls."""
    lines = text.split("\n")
    starts = [0] * len(lines)
    offset = 0
    for index, line in enumerate(lines):
        starts[index] = offset
        offset += len(line) + 1
    requests, slow_at, field_sign = window_scans(text)
    statuses: dict[int, int] = {}
    for at, code in requests:
        statuses.setdefault(bisect_right(starts, at) - 1, code)
    slow = {bisect_right(starts, at) - 1 for at in slow_at}
    fields = _lines_holding(text, starts, STATUS_FIELD_SIGNS) if field_sign else set()
    errors = _lines_holding(text, starts, _ERROR_SIGNS)
    warnings = _lines_holding(text, starts, _WARNING_SIGNS)
    failed = _lines_holding(text, starts, _FAILED_SIGNS)
    facts: list[tuple[int, str, str]] = []
    for index in sorted(statuses.keys() | slow | fields | errors | warnings | failed):
        line = lines[index]
        status = statuses.get(index)
        if status is None and index in fields:
            status = field_status(line)
        if status is not None and status >= 400:
            what = f"{status} {_SHORT_STATUS.get(status, 'error')}"
            facts.append((0 if status >= 500 else 2, what, line))
        elif index in slow:
            facts.append((1, "slow ≥1s", line))
        elif index in errors and _ERROR.search(line):
            facts.append((3, "ERROR", line))
        elif index in failed and _FAILED_TEST.search(line):
            facts.append((3, "FAILED", line))
        elif index in warnings and _WARNING.search(line):
            facts.append((4, "WARNING", line))
    return facts


_WARNING_SIGNS = ("WARN", "[warn]")


def _lines_holding(text: str, starts: list[int], needles: tuple[str, ...]) -> set[int]:
    """The indexes of the lines of ``text`` (starting at ``starts``) that hold a needle."""
    found: set[int] = set()
    for needle in needles:
        at = text.find(needle)
        while at >= 0:
            index = bisect_right(starts, at) - 1
            found.add(index)
            at = text.find(needle, starts[index + 1]) if index + 1 < len(starts) else -1
    return found


def filled_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` that are not blank, in order, as ``[line for line in
    text.split("\\n") if line.strip()]`` gives them; read one at a time from the text's start,
    for a caller that needs only the first few."""
    start, length = 0, len(text)
    while start <= length:
        end = text.find("\n", start)
        if end < 0:
            end = length
        line = text[start:end]
        if line.strip():
            yield line
        start = end + 1


def _enough_colons(text: str) -> list[str] | None:
    """The lines of ``text`` that are not blank, or None when it has too few colons for a
    third of them to hold an hh:mm:ss (two colons each). With fewer than two colons in the
    text, three lines that are not blank settle it, read from its start (most sections of
    output), instead of every line split and stripped."""
    # Under two colons asked with ``memchr``, not counted: none, or none after the first.
    if (":" not in text or text.find(":", text.find(":") + 1) < 0) and _three_filled(text):
        return None
    colons = text.count(":")
    lines = [line for line in text.split("\n") if line.strip()]
    return None if colons < 2 * (len(lines) // 3) else lines


def _three_filled(text: str) -> bool:
    """``len(list(islice(filled_lines(text), 3))) == 3``: when ``text``'s first three lines are
    none of them blank (most sections), they are all it reads, cut off by one ``split``; else
    it is asked as written."""
    head = text.split("\n", 3)
    if len(head) >= 3:
        a, b, c = head[0], head[1], head[2]
        # a line strips to nothing exactly when it is empty or all ``isspace()``
        if a and b and c and not (a.isspace() or b.isspace() or c.isspace()):
            return True
    return len(list(islice(filled_lines(text), 3))) == 3


def log_title(text: str, attackers: frozenset[str] = frozenset()) -> str | None:
    """The title of a log chunk, or None when ``text`` is not mostly timestamped lines;
    ``attackers`` are clients brute forcing a login (``auth_attacks``), named where they are."""
    lines = _enough_colons(text)
    if lines is None:
        return None
    span = _span(lines)
    if span is None:
        return None
    if attackers:
        facts = [fact for line in lines if (fact := _fact(line, attackers)) is not None]
        where_of: Callable[[str], str] = str  # ``_fact`` gives the place itself
    else:
        facts = _facts(text)
        where_of = _where  # read only for what the title shows
    if not facts:
        return f"{span}: {len(lines)} lines, nothing failed"
    counts: dict[tuple[int, str], int] = {}
    for severity, what, _ in facts:
        counts[severity, what] = counts.get((severity, what), 0) + 1
    notable = sorted(counts.items(), key=lambda item: (item[0][0], -item[1], item[0][1]))
    shown = []
    for (_, what), count in notable[:MOST_NOTABLE]:
        places: dict[str, int] = {}
        for _, said, at in facts:
            if said == what and (where := where_of(at)):
                places[where] = places.get(where, 0) + 1
        # The most common place, the first seen of equals (as ``Counter.most_common``).
        place = f" ({max(places, key=places.__getitem__)})" if places else ""
        shown.append(f"{what} ×{count}{place}")
    return truncate_bytes(f"{span}: {', '.join(shown)}", LOG_TITLE_MAX_BYTES)
