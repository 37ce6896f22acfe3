"""Content-type auto-detection."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.chunking import detect_content_type
from domain.chunking.detection import is_tap
from domain.content_type import ContentType


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', ContentType.JSON),
        ("  [1, 2]\n", ContentType.JSON),
        ('{"a": ', ContentType.PLAINTEXT),
        ("42", ContentType.PLAINTEXT),
        ("# Title\n\nSee [docs](http://x).", ContentType.MARKDOWN),
        ("# Title\n```\ncode\n```", ContentType.MARKDOWN),
        ("# just one heading\nplain", ContentType.PLAINTEXT),
        ("Human: hi\nAssistant: hello", ContentType.TRANSCRIPT),
        ("\nHuman: hi\nmore\nAssistant: hello\n# heading\n# another", ContentType.TRANSCRIPT),
        ("Human: a question with no answer", ContentType.PLAINTEXT),
        ("total 12\n-rw-r--r-- 1 a b 0 x", ContentType.PLAINTEXT),
        ("# .env.example\n# secrets from the vault\nAPP_ENV=dev\nDB_URL=x", ContentType.PLAINTEXT),
        ("# compose file\n# usage: up\nservices:\n  api:\n    image: x", ContentType.PLAINTEXT),
        ("# syntax=docker/dockerfile:1\n# build\nFROM golang\nRUN go build", ContentType.PLAINTEXT),
        ("# deploy.sh\n# run me\nset -e;\nexport A=1", ContentType.PLAINTEXT),
        ("# Title\n\nSome prose.\n\n## Usage\n\nMore prose here.", ContentType.MARKDOWN),
        ("| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [x](y)", ContentType.MARKDOWN),
        ("# Setup\n\nRun it:\n\n```sh\nA=1\nB=2\nC=3\n```", ContentType.MARKDOWN),
    ],
)
def test_detect(text: str, expected: ContentType) -> None:
    assert detect_content_type(text) is expected


def test_markdown_signs_only_count_in_the_first_fifty_lines() -> None:
    text = "plain\n" * 60 + "# A\n# B\n"
    assert detect_content_type(text) is ContentType.PLAINTEXT


_KEY = st.from_regex(r"[A-Z][A-Z0-9_]{1,12}", fullmatch=True)
_COMMENT = st.from_regex(r"# [a-z][a-z .,]{0,40}", fullmatch=True)


@given(
    st.lists(st.tuples(_KEY, st.from_regex(r"[a-z0-9:/._-]{0,20}", fullmatch=True)), min_size=2),
    st.lists(_COMMENT, min_size=2, max_size=10),
)
def test_comments_in_key_value_files_are_not_markdown_headings(
    pairs: list[tuple[str, str]], comments: list[str]
) -> None:
    lines = [*comments[:1], *(f"{k}={v}" for k, v in pairs), *comments[1:]]
    assert detect_content_type("\n".join(lines)) is ContentType.PLAINTEXT


@given(
    st.lists(st.from_regex(r"[A-Z][a-z]{2,10}( [a-z]{2,10}){2,8}\.", fullmatch=True), min_size=2)
)
def test_headings_over_prose_are_markdown(paragraphs: list[str]) -> None:
    text = "\n\n".join(f"## Part {i}\n\n{p}" for i, p in enumerate(paragraphs))
    assert detect_content_type(text) is ContentType.MARKDOWN


_PROVE_VERBOSE = """\
t/03-dims.t ..
1..4
ok 1 - parses cm dimensions

#   Failed test 'keeps decimals'
#   at t/03-dims.t line 6.
#     $expected->[2] = '4.5'
# Looks like you failed 1 test of 4.
not ok 3 - keeps decimals
ok 4 # skip inch input waits for the US carrier
"""

_NODE_TEST = """\
TAP version 13
# Subtest: adds two prices
ok 1 - adds two prices
  ---
  duration_ms: 0.41
  ...
# Subtest: rounds the tax
not ok 2 - rounds the tax
  ---
  error: 'Expected values to be strictly equal'
  ...
"""


@pytest.mark.parametrize(
    "text",
    [
        _PROVE_VERBOSE,
        _NODE_TEST,
        "# Subtest: a\n    ok 1 - inner\n    1..1\n# Subtest: b\nok 1 - a\n",
        "1..2\n# Failed test 'x'\n# at t/x.t line 3.\nnot ok 1 - x\nok 2 - y # TODO later\n",
    ],
)
def test_tap_diagnostics_are_not_markdown_headings(text: str) -> None:
    assert detect_content_type(text) is ContentType.PLAINTEXT


@pytest.mark.parametrize(
    "text",
    [
        # a heading and a list, however the items read
        "# Results\n\n- ok 1 thing\n- not ok either\n\n## Next\n\nmore",
        "# Steps\n\n1. ok\n2. not ok\n3. done\n\n## After",
        # one test point quoted in prose, no plan
        "# Notes\n\nok 2 people agreed.\n\n## Decision\n\ntext",
        # a plan-like line alone
        "# Range\n\n1..5\n\n## Next\n\ntext",
        # TAP quoted in a fence: the fence and the heading are markdown
        "# Testing\n\n```\n1..2\nok 1 - a\nok 2 - b\n```\n",
        # a page about TAP whose links outnumber its example's test points
        "# TAP\n\nok 1 - a\nok 2 - b\n\n- [spec](http://x)\n- [prove](http://y)\n- [node](http://z)",
    ],
)
def test_markdown_that_mentions_test_points_stays_markdown(text: str) -> None:
    assert detect_content_type(text) is ContentType.MARKDOWN


@given(
    st.lists(st.from_regex(r"[a-z]{2,10}( [a-z]{2,10}){0,5}", fullmatch=True), min_size=1),
    st.lists(st.from_regex(r"[A-Z][a-z]{2,10}( [a-z]{2,10}){1,5}", fullmatch=True), min_size=2),
)
def test_headings_over_lists_are_never_tap(items: list[str], headings: list[str]) -> None:
    text = "\n\n".join(
        f"## {h}\n\n" + "\n".join(f"{i + 1}. {item}" for i, item in enumerate(items))
        for h in headings
    )
    assert detect_content_type(text) is ContentType.MARKDOWN


@pytest.mark.parametrize(
    "text",
    [
        # a deploy log whose lines open with "ok" and a count
        "ok 3 replicas ready\nok 12 jobs queued\nwarn 1 node draining\nok 2 volumes mounted\n",
        # a health check's log, then its notes under # lines
        "# checks\nok 5 endpoints\n# retries\nok 9 queues drained\n",
    ],
)
def test_a_log_with_ok_words_and_no_plan_or_count_in_turn_is_not_tap(text: str) -> None:
    assert not is_tap(text)
    assert not is_tap(text * 6)


def test_tap_without_a_plan_counts_its_points_in_turn() -> None:
    assert is_tap("ok 1 - a\n# note\nnot ok 2 - b\n")
    assert is_tap("# Subtest: x\n    ok 1 - a\n    ok 2 - b\n")


_PERF_REPORT = """\
$ perf report -i perf.data --stdio --no-children --sort symbol
# To display the perf.data header info, please use --header/--header-only options.
# Total Lost Samples: 0
# Samples: 420  of event 'cpu-clock'
# Event count (approx.): 210000000
# Overhead  Symbol                         IPC   [IPC Coverage]
# ........  .............................  ....................
    41.19%  [.] sort_zones                 -      -
    38.81%  [.] checksum_row               -      -
$ perf report -i perf.data --stdio --sort dso
# (Tip: Limit to show entries above 5% only: perf report --percent-limit 5)
"""


def test_a_tool_s_commented_header_is_not_markdown_headings() -> None:
    # perf report's ``#`` lines run together: a header of comments, not six headings.
    assert detect_content_type(_PERF_REPORT) is ContentType.PLAINTEXT


@pytest.mark.parametrize(
    "text",
    [
        "# Title\n## Subtitle\n\nSee [docs](http://x).",
        "# Title\n\n## Part one\n\nProse.\n\n## Part two\n\nMore prose.",
        "# A\n\ntext\n# B\ntext\n# C\n",
    ],
)
def test_headings_set_apart_or_two_in_a_row_stay_markdown(text: str) -> None:
    assert detect_content_type(text) is ContentType.MARKDOWN


@given(st.lists(_COMMENT, min_size=3, max_size=10))
def test_a_run_of_three_or_more_hash_lines_counts_no_heading(comments: list[str]) -> None:
    text = "$ tool --report\n" + "\n".join(comments) + "\n  12.5%  main\n"
    assert detect_content_type(text) is ContentType.PLAINTEXT
