"""A status code written with its reason phrase (``202 Accepted``) says it is a response's
status: "finalize response status code change" meets a changelog's "`finalize` now returns
`202 Accepted`"."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking.dispatch import chunk
from domain.content_type import ContentType
from domain.search import status_phrases
from domain.search.status_phrases import status_phrase_facts
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.searched_outputs import search_over

EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

CHANGELOG = """\
# Billing API 3.2

## What changed
- `finalize` now returns `202 Accepted` and finishes the invoice in the background.
- Invoices list is paginated by cursor.
"""
SCHEMA = """\
-- schema.sql: billing database
-- finalize sets status; a change of status is kept in invoice_events (response_ms too)
CREATE TABLE invoices (id bigint, status text, finalized_at timestamptz);
CREATE TABLE invoice_events (invoice_id bigint, change text, response_ms int);
"""


def test_a_code_with_its_own_reason_phrase_is_a_status() -> None:
    assert status_phrase_facts("`finalize` now returns `202 Accepted`").split()[:3] == [
        "status",
        "code",
        "response",
    ]
    assert "unavailable" in status_phrase_facts("HTTP/1.1 503 Service Unavailable")
    assert "not" in status_phrase_facts("GET /x answered 404 Not Found")
    # 200's phrase is two capitals, as servers print it.
    assert status_phrase_facts("HTTP/1.1 200 OK") == "status code response ok success"
    assert status_phrase_facts("Completed 200 OK in 12ms").startswith("status code response")
    # RFC 7231's older names are still what most servers print.
    assert status_phrase_facts("422 Unprocessable Entity")
    assert status_phrase_facts("413 Payload Too Large")


def test_a_number_without_its_own_phrase_is_no_status() -> None:
    assert status_phrase_facts("404 Found") == ""  # 302's phrase, not 404's
    assert status_phrase_facts("took 200 Ok") == ""  # the phrase is OK
    assert status_phrase_facts("took 200 OKAY") == ""
    assert status_phrase_facts("v1.202 Accepted") == ""  # a version, not a code
    assert status_phrase_facts("201 rows") == ""
    assert status_phrase_facts("") == ""


def test_markdown_and_plain_sections_carry_the_words() -> None:
    marked = chunk(CHANGELOG, ContentType.MARKDOWN)
    assert any("status" in piece.facts.split() for piece in marked)
    plain = chunk("HTTP/1.1 503 Service Unavailable\nretry later\n", ContentType.PLAINTEXT)
    assert "code" in plain[0].facts.split()


def test_the_changelog_answers_what_status_code_changed() -> None:
    search = search_over({"schema.sql": SCHEMA, "CHANGELOG.md": CHANGELOG})
    found = search.search("finalize response status code change", 3, EVERY_KIND)
    assert found.results[0].source == "CHANGELOG.md"


# The rule as first written: the look-behind opening the pattern, no lower-case shortcut.
_FIRST_STATUS = re.compile(r"(?<![\w.])([1-5]\d\d) (OK\b|[A-Z][a-z]+(?: [A-Z][a-z]+){0,3})")
_STATUS_PIECES = [
    "200",
    "202",
    "404",
    "413",
    "422",
    "503",
    "1",
    "5",
    "0",
    "٣",
    " ",
    "  ",
    "\n",
    ".",
    "_",
    "x",
    "v1.",
    "Accepted",
    "Not Found",
    "Found",
    "Not",
    " Found",
    "Payload Too Large",
    "Unprocessable Entity",
    "Unprocessable Content",
    "Service Unavailable",
    "OK",
    "OKAY",
    "Ok",
    "ok",
    "accepted",
    "İ",
    "ǅ",
    "É",
    "Gone",
    "Conflict",
]


def _first_rule(text: str) -> str:
    codes: dict[int, None] = {}
    for match in _FIRST_STATUS.finditer(text):
        code, named = int(match.group(1)), match.group(2)
        for phrase in (status_phrases._PHRASES.get(code), status_phrases._OLDER.get(code)):
            if phrase is not None and named.startswith(phrase):
                codes[code] = None
    if not codes:
        return ""
    words: dict[str, None] = dict.fromkeys(("status", "code", "response"))
    for code in codes:
        words.update(dict.fromkeys(status_phrases.status_words(code).split()))
    return " ".join(words)


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_STATUS_PIECES), max_size=14).map("".join) | st.text(max_size=40))
def test_the_scan_from_a_digit_finds_what_the_first_rule_found(text: str) -> None:
    assert status_phrase_facts(text) == _first_rule(text)


def test_a_lower_case_text_is_no_status_and_a_capital_anywhere_is_read() -> None:
    assert status_phrase_facts("returns 202 accepted now") == ""
    assert status_phrase_facts("returns 202 Accepted now") == _first_rule(
        "returns 202 Accepted now"
    )
    assert status_phrase_facts("returns 202 Accepted now").startswith("status code response")
    assert status_phrase_facts("x.202 Accepted") == ""


_MARKED_PIECES = [*_STATUS_PIECES, "[REDACTED_SECRET]", "[REDACTED]", "[REDACTED", "]", "["]
_MARKED_PIECES += ["REDACTED", "_SECRET]", "x=", " ", "token ", "\n", "Σ", "ſ", "OK"]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_MARKED_PIECES), max_size=16).map("".join))
def test_a_section_whose_capitals_are_redaction_markers_is_read_as_the_first_rule(
    text: str,
) -> None:
    assert status_phrase_facts(text) == _first_rule(text)


def test_a_marker_beside_a_status_phrase_leaves_it_read() -> None:
    assert status_phrase_facts("token=[REDACTED_SECRET] 202 accepted") == ""
    said = status_phrase_facts("token=[REDACTED_SECRET] 202 Accepted")
    assert said == _first_rule("token=[REDACTED_SECRET] 202 Accepted") != ""


_SHAPE_PIECES = [*_STATUS_PIECES, "24178 HTTP/1.1", " HTTP", "Ka", "Oa", "Kz", "OK", "O", "K", "0"]
_SHAPE_PIECES += ["Zz", "Aa", "AA", "1", "9", " ", "\n", "-", "é", "٣", "Ω"]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_SHAPE_PIECES), max_size=16).map("".join))
def test_a_text_without_a_status_s_shape_has_no_match(text: str) -> None:
    # The shape test rules out only texts the pattern finds nothing in.
    if not status_phrases._may_write_a_status(text):
        assert status_phrases._STATUS.search(text) is None
    assert status_phrase_facts(text) == _first_rule(text)


def test_every_capital_after_a_code_keeps_the_shape() -> None:
    for capital in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        assert status_phrases._may_write_a_status(f"x 404 {capital}ab")
    assert status_phrases._may_write_a_status("HTTP/1.1 200 OK")
    assert not status_phrases._may_write_a_status('"GET /api/users/24178 HTTP/1.1" 200 512')
    assert status_phrases._may_write_a_status("٢٠٢ Accepted")  # not ASCII: the pattern decides
