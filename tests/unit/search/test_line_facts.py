"""Codes and numbers in tool output stand for the words an agent asks with."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.chunking.log_titles import log_title
from domain.compact_view import compact_view
from domain.search import latencies
from domain.search import line_facts as line_facts_module
from domain.search import package_facts as package_facts_module
from domain.search.line_facts import line_facts, text_facts

ACCESS = (
    '203.0.113.7 - - [03/Dec/2026:09:43:{s:02d} +0000] "{m} {p} HTTP/1.1" {c} 27 "-" "curl" rt={t}'
)


def access(second: int, method: str, path: str, code: int, took: float = 0.002) -> str:
    return ACCESS.format(s=second, m=method, p=path, c=code, t=took)


def test_status_codes_latencies_levels_and_outcomes_become_words() -> None:
    assert "server error" in line_facts(access(1, "GET", "/api/export", 500))
    assert "gateway timeout" in line_facts(access(1, "GET", "/api/sync", 504))
    assert "unauthorized failed login" in line_facts(access(1, "POST", "/login", 401))
    # ADR 0239: a request refused for its credentials or its rights was rejected.
    assert "rejected" in line_facts(access(1, "POST", "/login", 401))
    assert "rejected" in line_facts(access(1, "GET", "/admin", 403))
    assert "rejected" not in line_facts(access(1, "GET", "/missing", 404))
    assert "rejected" not in line_facts(access(1, "POST", "/api", 429))
    assert "slow" in line_facts(access(1, "GET", "/api/report", 200, 1.469))
    assert "slow" in line_facts("LOG:  duration: 2537.421 ms  statement: SELECT 1")
    assert line_facts("Dec 03 09:43:51 web-01 api[1]: ERROR export failed") == "error"
    assert "failed" in line_facts("tests/test_cart.py::test_total FAILED")
    assert line_facts(access(1, "GET", "/", 200)) == "ok success"
    assert line_facts("a plain line about 500 things") == ""
    # ADR 0248: a process's exit status is no HTTP status.
    assert "request" not in line_facts("  Non-zero exit status: 255")
    assert "request" not in line_facts("    Exit Code:    137")
    assert text_facts("t/04-labels.t (Wstat: 65280)\n  Non-zero exit status: 255") == ""
    assert "bad gateway" in line_facts("upstream status: 502")


def test_a_log_chunk_is_titled_by_its_span_and_the_worst_it_holds() -> None:
    lines = [access(1, "GET", "/", 200)] * 5 + [
        access(2, "POST", "/login", 401),
        access(3, "GET", "/api/export", 500),
        access(3, "GET", "/api/export", 500),
        access(4, "GET", "/api/report", 200, 1.2),
    ]
    assert log_title("\n".join(lines)) == (
        "09:43:01–09:43:04: 500 server error ×2 (GET /api/export), slow ≥1s ×1 "
        "(GET /api/report), 401 unauthorized ×1 (POST /login)"
    )
    assert log_title("no timestamps\nhere at all\n") is None


def test_the_compact_view_shows_both_ends_titles_and_how_to_search() -> None:
    output = "\n".join(f"line {i}" for i in range(1000))
    view = compact_view("execute:shell:ab12cd34", output, sections=50, titles=["a", "b"])
    assert "line 0" in view and "line 999" in view and "line 500" not in view
    assert "Sections: a; b" in view
    assert 'source: "execute:shell:ab12cd34"' in view
    assert len(view) < 1500


def test_a_chunk_of_an_access_log_carries_the_words_its_statuses_stand_for() -> None:
    from domain.chunking import chunk
    from domain.content_type import ContentType

    lines = [access(s % 60, "GET", "/api/orders", 200) for s in range(80)]
    lines[40] = access(40, "GET", "/api/orders/7", 404)
    facts = " ".join(c.facts for c in chunk("\n".join(lines), ContentType.PLAINTEXT))
    assert "not found" in facts and "request response" in facts
    assert all(c.facts == "" for c in chunk("plain\ntext", ContentType.PLAINTEXT))


def test_a_json_record_says_which_problems_it_counts() -> None:
    from domain.search.record_facts import record_facts

    record = '{\n  "filePath": "src/customer.ts",\n  "errorCount": 4,\n  "warningCount": 0\n}'
    assert record_facts(record) == "errors"
    assert record_facts('{"numFailedTests": 5, "numFailedTestSuites": 3}') == "failed failure"
    assert record_facts('{"errorCount": 0, "warningCount": 0, "failures": 0}') == ""
    assert record_facts('{"errorRate": 1.5, "message": "errorCount: 3"}') == ""
    # ADR 0243: npm never publishes a private package.
    assert record_facts('{\n  "name": "invoice-kit",\n  "private": true,\n}') == "published"
    assert record_facts('{"private": false, "errorCount": 2}') == "errors"
    assert record_facts('{"private": true, "publishConfig": {"access": "restricted"}}') == ""
    assert record_facts('{"name": "a", "isPrivate": "private: true"}') == ""


def test_a_package_built_for_one_platform_is_a_native_binary() -> None:
    from domain.search.package_facts import package_facts

    fetched = "npm http fetch GET 200 https://registry.npmjs.org/@rollup/rollup-linux-x64-gnu 9ms"
    assert package_facts(fetched) == "native binary platform"
    assert package_facts("added @esbuild/darwin-arm64@0.21.5") == "native binary platform"
    assert package_facts("npm http fetch GET 200 https://registry.npmjs.org/rollup 9ms") == ""
    assert package_facts("the linux-x64 runner is busy") == ""


@settings(max_examples=300, deadline=None)
@given(st.from_regex(latencies._SECONDS))
def test_every_latency_field_holds_one_of_the_signs_that_let_the_pattern_run(text: str) -> None:
    match = latencies._SECONDS.search(text)
    assert match is not None
    assert any(sign in match.group() for sign in latencies._SECONDS_SIGNS)


@given(st.text(alphabet="rtimeoelapsdk=: x", max_size=30))
def test_the_spelt_out_sign_test_is_the_signs(text: str) -> None:
    expected = any(sign in text for sign in latencies._SECONDS_SIGNS)
    assert latencies._may_have_latency_field(text) == expected


@given(st.text(alphabet="codestaCODESTAu=: x", max_size=30))
def test_the_spelt_out_status_field_test_is_the_signs(text: str) -> None:
    expected = any(sign in text for sign in line_facts_module._FIELD_SIGNS)
    assert line_facts_module._may_have_status_field(text) == expected


@given(st.text(alphabet="ERORFATLCIPNeorcitalm[]W ", max_size=30))
def test_the_spelt_out_level_test_is_the_signs(text: str) -> None:
    from domain.chunking import log_titles

    expected = any(sign in text for sign in log_titles._ERROR_SIGNS)
    assert log_titles._may_say_error(text) == expected


_MS_PIECES = [
    "ms",
    "m",
    "s",
    "1000",
    "999",
    "1500.5",
    "0.5",
    ".",
    "1",
    "0",
    " ",
    "\n",
    "\u2003",
    "x",
    "_",
    "-",
    "\u0663",
    "\u0661\u0660\u0660\u0660",
    "items",
    "msec",
    "2.5.1",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_MS_PIECES), max_size=16).map("".join))
def test_slow_milliseconds_are_found_where_the_whole_scan_finds_them(text: str) -> None:
    whole = any(float(m.group(1)) >= 1000 for m in latencies._MILLISECONDS.finditer(text))
    found = latencies.slow_latencies(text, in_lines=False)
    assert (next(found, None) is not None) == whole


def _slow_milliseconds_walked(text: str, in_lines: bool) -> list[tuple[int, int]]:
    """The ``ms`` half of ``slow_latencies`` as it was first written: from each ``ms``, back
    one character at a time while ``_in_number``, then the pattern searched from there."""
    module = latencies
    pattern = module._MILLISECONDS_IN_LINES if in_lines else module._MILLISECONDS_AT
    spans = []
    at = text.find("ms")
    while at >= 0:
        start = at
        while start and module._in_number(text[start - 1], in_lines):
            start -= 1
        if start < at:
            found = pattern.search(text, start, at + 3)
            if found is not None and float(found.group(1)) >= 1000:
                spans.append(found.span())
        at = text.find("ms", at + 2)
    return spans


# Runs longer than the characters stripped at once, and every kind of character the walk
# judges: ASCII blanks of both kinds, a line break, digits and spaces that are not ASCII.
_LONG_MS_PIECES = [*_MS_PIECES, "0" * 40, " " * 33, "\x0b", "\x1c", "\r", "\t", "\u00a0", "9" * 31]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_LONG_MS_PIECES), max_size=24).map("".join))
def test_slow_milliseconds_are_those_of_the_walk_back_by_characters(text: str) -> None:
    for in_lines in (False, True):
        found = [m.span() for m in latencies.slow_latencies(text, in_lines=in_lines)]
        assert found == _slow_milliseconds_walked(text, in_lines)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=80))
def test_slow_milliseconds_of_any_text_are_those_of_the_walk_back(text: str) -> None:
    assume(not any(sign in text for sign in latencies._SECONDS_SIGNS))
    for in_lines in (False, True):
        found = [m.span() for m in latencies.slow_latencies(text + " 1000 ms", in_lines=in_lines)]
        assert found == _slow_milliseconds_walked(text + " 1000 ms", in_lines)


_STATUS_PIECES = [
    "status",
    "STATUS",
    "Status",
    "\u017ftatus",
    "code",
    "Code",
    "CODE",
    "status_code",
    "=",
    ":",
    " ",
    "\n",
    '"',
    "200",
    "404",
    "503",
    "5",
    "99",
    "1000",
    "x",
    "_",
    "-",
    "exit code",
    "exit ",
    "Exit-",
    "\u212a",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_STATUS_PIECES), max_size=16).map("".join))
def test_status_fields_are_found_as_the_whole_scan_finds_them(text: str) -> None:
    def found(matches: object) -> list[tuple[tuple[int, int], str]]:
        return [(m.span(), m.group(1)) for m in matches]  # type: ignore[attr-defined]

    whole = found(line_facts_module._FIELD_STATUS.finditer(text))
    assert found(line_facts_module._field_statuses(text)) == whole


@given(
    st.lists(
        st.sampled_from(["code", "CODE", "Code", "cOde", "status", "STATUS", "Status", "stat"])
        | st.text(alphabet="cCoOdDeEsStTaAuU İK\u017f=:", max_size=6),
        max_size=12,
    ).map("".join)
)
def test_a_text_holding_a_status_field_s_sign_is_never_passed_over(text: str) -> None:
    if any(sign in text for sign in line_facts_module.STATUS_FIELD_SIGNS):
        assert line_facts_module.may_hold_a_field_sign(text)


_PLATFORM_PIECES = [
    "linux-",
    "linux",
    "darwin-",
    "win32-",
    "bsd-",
    "freebsd-",
    "android-",
    "sunos-",
    "aix-",
    "ai",
    "x-",
    "-",
    "--",
    "x",
    " ",
    "\n",
    "2025-06-01",
    "@rollup/rollup-",
    "x64",
    "arm64",
]


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(_PLATFORM_PIECES), max_size=40).map("".join))
def test_platform_signs_looked_for_behind_each_dash_are_the_signs_in_the_text(text: str) -> None:
    signs = package_facts_module.PLATFORM_SIGNS
    assert package_facts_module._holds_a_platform_sign(text) == any(s in text for s in signs)


def test_a_platform_sign_past_many_dashes_is_still_found() -> None:
    many = "a-b " * (package_facts_module._FEW_DASHES + 3)
    assert package_facts_module._holds_a_platform_sign(many + "@esbuild/darwin-arm64")
    assert not package_facts_module._holds_a_platform_sign(many)
    assert package_facts_module._holds_a_platform_sign(
        "x" * package_facts_module._FEW_DASHES + "aix-"
    )


_SECONDS_PIECES = [*latencies._SECONDS_SIGNS, *latencies._SECONDS_NAMES]
_SECONDS_PIECES += ["=", ":", "id=", "r", "t", "ime", "urt=", " ", "\n", "x", "1.5", "==", "::"]


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(_SECONDS_PIECES), max_size=60).map("".join))
def test_latency_signs_looked_for_behind_each_separator_are_the_signs_in_the_text(
    text: str,
) -> None:
    signs = latencies._SECONDS_SIGNS
    held = any(s in text for s in signs)
    few = max(text.count("="), text.count(":")) <= latencies._FEW_SEPARATORS
    may_hold = latencies._may_hold_a_seconds_sign(text)
    assert may_hold == held if few else may_hold or not held


def _may_hold_a_seconds_sign_as_it_was(text: str) -> bool:
    """``_may_hold_a_seconds_sign`` as first written: up to ``_FEW_SEPARATORS`` of each
    separator found one by one, the names asked for behind each with ``endswith``."""
    for separator in "=:":
        at = text.find(separator)
        for _ in range(latencies._FEW_SEPARATORS):
            if at < 0:
                break
            if text.endswith(latencies._SECONDS_NAMES, 0, at):
                return True
            at = text.find(separator, at + 1)
        else:
            if at >= 0:
                return True
    return False


_SEPARATOR_PIECES = [*_SECONDS_PIECES, "id=1 ", "a:b ", "=" * 31, ":" * 33, "urt", "\u0130"]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_SEPARATOR_PIECES), max_size=40).map("".join))
def test_a_seconds_sign_searched_behind_each_separator_answers_as_the_walk_did(
    text: str,
) -> None:
    assert latencies._may_hold_a_seconds_sign(text) == _may_hold_a_seconds_sign_as_it_was(text)


@settings(max_examples=500)
@given(st.text())
def test_a_seconds_sign_in_any_text_answers_as_the_walk_did(text: str) -> None:
    assert latencies._may_hold_a_seconds_sign(text) == _may_hold_a_seconds_sign_as_it_was(text)


def test_a_seconds_sign_at_the_limit_of_few_separators() -> None:
    few = "id=1 " * latencies._FEW_SEPARATORS
    for text in (few, few + "x=", few + "took=", "took=" + few, few[:-1] + "rt=", ":" + few):
        assert latencies._may_hold_a_seconds_sign(text) == _may_hold_a_seconds_sign_as_it_was(text)


def test_a_latency_sign_past_many_separators_may_be_there() -> None:
    many = "id=1 a:b " * (latencies._FEW_SEPARATORS + 3)
    assert latencies._may_hold_a_seconds_sign(many + "took:1.5")
    assert latencies._may_hold_a_seconds_sign(many + "rt=1.5")
    assert latencies._may_hold_a_seconds_sign("=" * 40 + "elapsed:2")
    assert not latencies._may_hold_a_seconds_sign("id=1 a:b " * 3)
    assert list(latencies.slow_latencies(many, in_lines=True)) == []


@settings(max_examples=1000)
@given(st.lists(st.sampled_from([*_SECONDS_PIECES, "0.5", "2 ms", "1500ms"]), max_size=40))
def test_slow_latencies_are_those_of_the_eight_sign_scans(pieces: list[str]) -> None:
    text = "".join(pieces)
    for in_lines in (False, True):
        found = [m.span() for m in latencies.slow_latencies(text, in_lines=in_lines)]
        pattern = latencies._SECONDS_IN_LINES if in_lines else latencies._SECONDS_AT
        expected = []
        for sign in latencies._SECONDS_SIGNS:
            at = text.find(sign)
            while at >= 0:
                match = pattern.match(text, at + len(sign) - 1)
                if match is not None and float(match.group(1)) >= 1.0:
                    expected.append(match.span())
                at = text.find(sign, at + 1)
        assert found[: len(expected)] == expected


@settings(max_examples=3000)
@given(st.lists(st.sampled_from([*_SECONDS_PIECES, "timed", "took ", "elapsedtook:"]), max_size=40))
def test_latency_separators_are_those_of_a_scan_per_sign(pieces: list[str]) -> None:
    text = "".join(pieces)
    expected = []
    for sign in latencies._SECONDS_SIGNS:
        at = text.find(sign)
        while at >= 0:
            expected.append(at + len(sign) - 1)
            at = text.find(sign, at + 1)
    assert latencies._seconds_separators(text) == expected


def test_the_signs_looked_for_and_the_names_looked_for_make_every_sign() -> None:
    module = latencies
    by_name = [name + sep for name in module._NAMES_LOOKED_FOR for sep in "=:"]
    assert [*module._SIGNS_LOOKED_FOR, *by_name] == list(module._SECONDS_SIGNS)


def _text_facts_scanning_again(text: str) -> str:
    """``text_facts`` as it was before it read a window's held scans: each scan its own."""
    module = line_facts_module
    codes: list[int] = []
    if "HTTP/" in text:
        codes.extend(int(m.group(1)) for m in module._REQUEST_STATUS.finditer(text))
    if module.may_hold_a_field_sign(text) and any(sign in text for sign in module._FIELD_SIGNS):
        codes.extend(int(m.group(1)) for m in module._field_statuses(text))
    words: dict[str, None] = {}
    for code in dict.fromkeys(codes):
        words.update(dict.fromkeys(f"{module._status_words(code)} request response".split()))
    if next(latencies.slow_latencies(text, in_lines=False), None) is not None:
        words.update(dict.fromkeys(("slow", "latency")))
    return " ".join(words)


_WINDOW_PIECES = [
    *_MS_PIECES,
    *_STATUS_PIECES,
    *_SECONDS_PIECES,
    '"GET /a HTTP/1.1" 503 ',
    '"POST /login HTTP/2" 401 ',
    '"GET /b HTTP/1.0" 200 ',
    "rt=\n1.5",
    "rt= 2.5",
    'took:"3s',
    "1500\nms",
    "2000 ms",
]
_WINDOWS = st.lists(st.sampled_from(_WINDOW_PIECES), max_size=24).map("".join)


@settings(max_examples=1500, deadline=None)
@given(_WINDOWS, _WINDOWS)
def test_a_window_s_facts_read_from_its_title_s_scans_are_those_scanned_again(
    other: str, text: str
) -> None:
    expected = _text_facts_scanning_again(text)
    line_facts_module.window_scans(other)  # another text's scans held: not read for this one
    assert line_facts_module.text_facts(text) == expected
    line_facts_module.window_scans(text)
    assert line_facts_module._held_scans(text) is not None
    assert line_facts_module.text_facts(text) == expected


@settings(max_examples=1500, deadline=None)
@given(_WINDOWS)
def test_a_latency_found_in_its_line_is_found_by_the_whole_text_s_search(text: str) -> None:
    if latencies.slow_offsets(text):
        assert next(latencies.slow_latencies(text, in_lines=False), None) is not None


def test_scans_are_held_for_the_text_itself_not_an_equal_copy() -> None:
    text = '"GET /a HTTP/1.1" 503 rt=2.5\n'
    copy = "".join([text[:5], text[5:]])
    assert copy == text and copy is not text
    line_facts_module.window_scans(text)
    assert line_facts_module._held_scans(text) is not None
    assert line_facts_module._held_scans(copy) is None
    assert line_facts_module.text_facts(copy) == line_facts_module.text_facts(text)
