"""A log's chunks are read with a scan per pattern and a few needles, not calls per line: the
same titles and facts as the rules written line by line, which these tests keep as reference."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import log_titles, outcome_titles
from domain.chunking.log_titles import _TIME, _fact, _facts, _span, _time, _where, log_title
from domain.chunking.utf8 import truncate_bytes
from domain.search import latencies, line_facts
from domain.search.latencies import is_slow, slow_offsets
from domain.search.line_facts import status_of, text_facts

# Pieces of log lines, near-misses of every pattern included: names glued to a word, numbers
# with letters or Arabic digits around them, spaces of every kind, lines split inside a field.
_PIECES = [
    "2025-06-14T09:43:51Z ",
    "03/Dec/2026:09:43:55 ",
    "Dec  3 09:43:55 ",
    "09:44:02",
    '10.0.0.1 - - [03/Dec/2026:09:43:55 +0000] "GET /api/export?x=1 HTTP/1.1" 500 ',
    '"POST /login HTTP/1.1" 401 ',
    '"GET /a HTTP/1.1" 200 ',
    '" 404 ',
    "HTTP/",
    "status=504",
    "Status: 429",
    "code=",
    "STATUS",
    "rt=",
    "urt=",
    "xrt=",
    "request_time:",
    "upstream_response_time=",
    "elapsed=",
    "took:",
    "time=",
    '"',
    "1.5",
    "0.999",
    "2",
    "1000",
    "999.9",
    "12",
    ".",
    "s",
    "ms",
    " ms",
    "msx",
    "٣٣٣٣",
    "ERROR",
    "xERROR",
    "[error]",
    "FATAL",
    "[crit]",
    "WARN",
    "WARNING",
    "[warn]",
    "--- FAIL: TestX",
    "--- FAILx",
    "FAILED",
    "xFAILED",
    "FAIL",
    '"Action":"fail"',
    '"Action":"failing"',
    " ",
    "  ",
    "\t",
    "\u2028",
    "\xa0",
    "\n",
    "\n",
    "x",
    "é",
    "_",
    "=",
    ":",
]
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


def _lines_of(text: str, offsets: list[int]) -> set[int]:
    return {text.count("\n", 0, at) for at in offsets}


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_the_latency_patterns_read_from_a_fixed_character_find_the_same(text: str) -> None:
    def spans(pattern: re.Pattern[str], where: str) -> list[tuple[int, int]]:
        return [m.span(1) for m in pattern.finditer(where)]

    assert spans(latencies._SECONDS_AT, text) == spans(latencies._SECONDS, text)
    assert spans(latencies._MILLISECONDS_AT, text) == spans(latencies._MILLISECONDS, text)
    # Read in lines: each match is the one a search of its line alone finds.
    for pattern, original in (
        (latencies._SECONDS_IN_LINES, latencies._SECONDS),
        (latencies._MILLISECONDS_IN_LINES, latencies._MILLISECONDS),
    ):
        expected, start = [], 0
        for line in text.split("\n"):
            expected += [(start + a, start + b) for a, b in spans(original, line)]
            start += len(line) + 1
        assert spans(pattern, text) == expected


_NUMBER = st.from_regex(r"\A[0-9٣.]{1,7}\Z")
_LATENCY = st.tuples(
    _TEXT, _NUMBER, st.sampled_from(["", " ", "  ", "\n", "\t", "s"]), st.sampled_from(["ms", "s"])
).map("".join)
_LATENCIES = st.lists(st.one_of(_LATENCY, _TEXT), max_size=6).map("".join)


@settings(max_examples=400, deadline=None)
@given(_LATENCIES)
def test_numbers_before_ms_are_read_whole(text: str) -> None:
    lines = text.split("\n")
    assert _lines_of(text, slow_offsets(text)) == {i for i, ln in enumerate(lines) if is_slow(ln)}
    millis = any(float(m.group(1)) >= 1000.0 for m in latencies._MILLISECONDS.finditer(text))
    seconds = any(float(m.group(1)) >= 1.0 for m in latencies._SECONDS.finditer(text))
    assert ("slow latency" in text_facts(text)) == (millis or seconds)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_slow_offsets_mark_the_lines_that_are_slow(text: str) -> None:
    lines = text.split("\n")
    assert _lines_of(text, slow_offsets(text)) == {i for i, ln in enumerate(lines) if is_slow(ln)}


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_a_text_is_slow_as_its_whole_text_scans_say(text: str) -> None:
    seconds = latencies._may_have_latency_field(text) and any(
        float(m.group(1)) >= 1.0 for m in latencies._SECONDS.finditer(text)
    )
    millis = "ms" in text and any(
        float(m.group(1)) >= 1000.0 for m in latencies._MILLISECONDS.finditer(text)
    )
    assert ("slow latency" in text_facts(text)) == (seconds or millis)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_the_facts_of_a_chunk_are_each_lines_fact(text: str) -> None:
    expected = [f for line in text.split("\n") if (f := _fact(line, frozenset())) is not None]
    assert [(s, what, _where(line)) for s, what, line in _facts(text)] == expected


def _old_span(lines: list[str]) -> str | None:
    times = [m.group(1) for line in lines if (m := _TIME.search(line[:64]))]
    if len(lines) < 2 or len(times) * 3 < len(lines):
        return None
    return times[0] if times[0] == times[-1] else f"{times[0]}–{times[-1]}"


# Pieces of a timestamp's every form and what may stand before it: blanks of any length,
# words glued to a date, non-ASCII digits and letters, colons before the time.
_TIME_PIECES = [
    "2025-06-14T09:43:51Z",
    "2025/06/14 09:43:51",
    "03/Dec/2026:09:43:55",
    "Dec  3 09:43:55",
    "Dec 13 ",
    "09:43:55",
    "09:",
    "10.0.0.1 - - [",
    "Dec",
    "xDec",
    "é",
    "١٢",
    "12",
    "1",
    "2025",
    "-",
    "/",
    "T",
    ":",
    " ",
    "       ",
    " " * 12,
    "_",
    "[",
    "INFO: ",
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_TIME_PIECES), max_size=14).map("".join))
def test_a_line_s_time_is_found_from_where_a_match_may_start(line: str) -> None:
    found, expected = _time(line), _TIME.search(line, 0, 64)
    assert (found and (found.span(), found.groups())) == (
        expected and (expected.span(), expected.groups())
    )


@pytest.mark.parametrize("blanks", range(1, 20))
@pytest.mark.parametrize("before", ["", "x ", "10.0.0.1 - - [", "xDec "])
def test_a_day_after_many_blanks_is_found_however_far_from_its_colon(
    before: str, blanks: int
) -> None:
    for day in ("3", "13"):
        line = f"{before}Dec{' ' * blanks}{day} 09:43:55 up"
        found, expected = _time(line), _TIME.search(line, 0, 64)
        assert expected is not None
        assert found is not None
        assert (found.span(), found.group(1)) == (expected.span(), expected.group(1))


def _old_log_title(text: str, attackers: frozenset[str] = frozenset()) -> str | None:
    """``log_title`` as written before: every line asked every question."""
    lines = [line for line in text.split("\n") if line.strip()]
    if text.count(":") < 2 * (len(lines) // 3):
        return None
    span = _old_span(lines)
    if span is None:
        return None
    facts = [fact for line in lines if (fact := _fact(line, attackers)) is not None]
    if not facts:
        return f"{span}: {len(lines)} lines, nothing failed"
    counts = Counter((severity, what) for severity, what, _ in facts)
    places: dict[str, Counter[str]] = {}
    for _, what, where in facts:
        if where:
            places.setdefault(what, Counter())[where] += 1
    notable = sorted(counts.items(), key=lambda item: (item[0][0], -item[1], item[0][1]))
    shown = []
    for (_, what), count in notable[: log_titles.MOST_NOTABLE]:
        seen_at = places.get(what)
        shown.append(f"{what} ×{count}" + (f" ({seen_at.most_common(1)[0][0]})" if seen_at else ""))
    return truncate_bytes(f"{span}: {', '.join(shown)}", log_titles.LOG_TITLE_MAX_BYTES)


_LOG_LINE = st.lists(st.sampled_from(_PIECES[:8] + _PIECES[12:]), max_size=8).map("".join)
_LOG = st.lists(_LOG_LINE, max_size=24).map("\n".join)


@settings(max_examples=500, deadline=None)
@given(_LOG)
def test_log_titles_are_those_of_the_line_by_line_rules(text: str) -> None:
    lines = [line for line in text.split("\n") if line.strip()]
    assert _span(lines) == _old_span(lines)
    assert log_title(text) == _old_log_title(text)
    assert log_title(text, frozenset({"10.0.0.1"})) == _old_log_title(text, frozenset({"10.0.0.1"}))


# The request pattern as first written: a lazy path, an optional query, then `` HTTP/``.
_OLD_REQUEST = re.compile(r'"([A-Z]{3,7}) (\S+?)(?:\?\S*)? HTTP/')
# Pieces of request lines and their near-misses: quotes, methods too short or too long, paths
# and queries with ``?`` anywhere (first, doubled, last), blanks of every kind, ``HTTP/``
# without its blank, runs that end in a blank before something else.
_REQUEST_PIECES = [
    '"',
    '"GET ',
    '"POST ',
    '"GE ',
    '"PROPFIND ',
    '"OPTIONSX ',
    "GET",
    "/api/orders",
    "/a",
    "?",
    "??",
    "?x=1",
    "&y=2",
    "x",
    "é",
    "٣",
    " ",
    "  ",
    "\t",
    "\xa0",
    "\u2028",
    "\n",
    " HTTP/",
    " HTTP/1.1",
    "HTTP/",
    " HTTP",
    '" 200 ',
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_REQUEST_PIECES), max_size=12).map("".join))
def test_the_request_a_line_names_is_the_one_the_lazy_pattern_found(line: str) -> None:
    found, expected = log_titles._REQUEST.search(line), _OLD_REQUEST.search(line)
    assert (found and (found.span(), found.groups())) == (
        expected and (expected.span(), expected.groups())
    )
    old = f"{expected.group(1)} {expected.group(2)}" if expected else ""
    assert _where(line) == old


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ('"GET /a?b=1 HTTP/1.1" 200', "GET /a"),
        ('"GET ?x HTTP/1.1" 200', "GET ?x"),
        ('"GET ??x HTTP/1.1" 200', "GET ?"),
        ('"GET /a? HTTP/1.1" 200', "GET /a"),
        ('"GET /a b HTTP/1.1" "GET /c?d HTTP/1.0"', "GET /c"),
        ('"GE /a HTTP/1.1" 200', ""),
    ],
)
def test_a_request_s_path_stops_at_its_query(line: str, named: str) -> None:
    assert _where(line) == named


def test_the_request_named_is_the_most_common_the_first_seen_of_equals() -> None:
    text = "\n".join(
        [
            '1.1.1.1 - - [03/Dec/2026:09:43:51 +0000] "GET /b HTTP/1.1" 500 1',
            '1.1.1.1 - - [03/Dec/2026:09:43:52 +0000] "GET /a HTTP/1.1" 500 1',
            '1.1.1.1 - - [03/Dec/2026:09:43:53 +0000] "GET /a HTTP/1.1" 500 1',
            '1.1.1.1 - - [03/Dec/2026:09:43:54 +0000] "GET /c HTTP/1.1" 404 1 rt=2.5',
            '1.1.1.1 - - [03/Dec/2026:09:43:55 +0000] "GET /d HTTP/1.1" 200 1 rt=2.5',
            '1.1.1.1 - - [03/Dec/2026:09:43:56 +0000] "GET /e HTTP/1.1" 200 1 rt=3',
        ]
    )
    assert log_title(text) == (
        "09:43:51–09:43:56: 500 server error ×3 (GET /a), slow ≥1s ×2 (GET /d), "
        "404 not found ×1 (GET /c)"
    )
    assert log_title(text) == _old_log_title(text)


def test_a_line_reads_the_same_status_either_way() -> None:
    line = 'x "GET /a HTTP/1.1" 503 y status=200'
    assert status_of(line) == 503
    assert line_facts.request_statuses(line) == [(2, 503)]
    assert line_facts.field_status("status=200 rt=1") == 200


_LOGIN_PIECES = [
    '45.155.205.233 - - [03/Dec/2026:09:43:55 +0000] "POST /login HTTP/1.1" 401 ',
    '45.155.205.233 - - [03/Dec/2026:09:44:10 +0000] "POST /login HTTP/1.1" 403 ',
    '10.0.0.9 - - [03/Dec/2026:09:44:11 +0000] "GET /a HTTP/1.1" 401 ',
    "Dec  3 09:43:55 host sshd[42]: Failed password for invalid user admin from 203.0.113.5 "
    "port 52234 ssh2",
    "Dec  3 09:43:58 host sshd[42]: Invalid user x from 203.0.113.5 port 1",
    '" 401 ',
    "sshd",
    "\n",
    "\n",
    "x",
    " ",
]
_LOGINS = st.lists(st.sampled_from(_LOGIN_PIECES), max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(_LOGINS)
def test_refused_logins_are_read_from_the_lines_that_can_hold_one(text: str) -> None:
    from domain.search import auth_attacks
    from domain.search.auth_attacks import attack_facts, brute_force_attempts, failed_login

    logins = [login for line in text.split("\n") if (login := failed_login(line)) is not None]
    found = [
        failed_login(line)
        for line in auth_attacks._lines_holding(text, ('" 401 ', '" 403 ', "sshd"))
    ]
    assert [login for login in found if login is not None] == logins
    attempts = brute_force_attempts(text)
    wanted = {(a.client, a.endpoint) for a in attempts}
    clients = dict.fromkeys(x.client for x in logins if (x.client, x.endpoint) in wanted)
    expected = f"{auth_attacks.ATTACK_WORDS} {' '.join(clients)}" if clients else ""
    assert attack_facts(text, attempts) == expected


# Pieces of test results and their near-misses: node ids, cargo's dots, go's dashes, marks.
_RESULT_PIECES = [
    "tests/test_a.py::test_x PASSED",
    "tests/test_a.py::test_y FAILED",
    "::",
    ":",
    "test parse ... ok",
    "test parse .. ok",
    " ... ",
    "...",
    "--- FAIL: TestX",
    "--- PASS: TestY",
    "-- SKIP: TestZ",
    "--- ",
    "✓ adds",
    "× formats euros",
    "✗ ",
    "✕ x (3 ms)",
    "√ ok",
    "✔ adds",
    "✗ fails",
    "✔",
    " ERROR",
    "SKIPPED",
    "XFAIL",
    " ",
    "\t",
    "\n",
    "é",
]


@given(st.lists(st.one_of(st.sampled_from(_RESULT_PIECES), st.text(max_size=4)), max_size=30))
def test_a_window_without_a_result_s_shape_holds_no_result(pieces: list[str]) -> None:
    text = "".join(pieces)
    if not outcome_titles._may_hold_results(text):
        assert all(outcome_titles._test_result(line) is None for line in text.split("\n"))
        assert outcome_titles.outcome_title(text) is None


@pytest.mark.parametrize("line", [p for p in _RESULT_PIECES if outcome_titles._test_result(p)])
def test_each_shape_of_a_result_is_seen(line: str) -> None:
    assert outcome_titles._may_hold_results(line)


def test_a_log_holding_failed_tests_says_so_in_its_title() -> None:
    go_events = "\n".join(
        [
            '{"Time":"2026-12-06T18:28:43.29Z","Action":"run","Test":"TestA"}',
            '{"Time":"2026-12-06T18:28:43.30Z","Action":"output","Output":"--- FAIL: TestA (0.00s)\\n"}',
            '{"Time":"2026-12-06T18:28:43.31Z","Action":"fail","Test":"TestA","Elapsed":0}',
            '{"Time":"2026-12-06T18:28:43.32Z","Action":"pass","Test":"TestB","Elapsed":0}',
        ]
    )
    assert log_title(go_events) == "18:28:43: FAILED ×2"
    ci_job = "\n".join(
        [
            "2026-12-06T10:00:01Z === RUN   TestParse",
            "2026-12-06T10:00:02Z     --- FAIL: TestParse/empty (0.00s)",
            "2026-12-06T10:00:03Z FAILED tests/test_api.py::test_login - assert 401 == 200",
        ]
    )
    assert log_title(ci_job) == "10:00:01–10:00:03: FAILED ×2"


def test_words_like_a_failure_that_are_not_one_leave_a_log_quiet() -> None:
    log = "\n".join(
        [
            "2026-12-06T10:00:01Z retrying FAILOVER check",
            "2026-12-06T10:00:02Z state=UNFAILED",
            '2026-12-06T10:00:03Z {"Action":"failing-over"}',
        ]
    )
    assert log_title(log) == "10:00:01–10:00:03: 3 lines, nothing failed"
