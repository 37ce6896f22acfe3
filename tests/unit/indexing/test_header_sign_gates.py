"""``find_headers`` looks for each per-line test's sign once in the whole text (ADR 0276): the
headers are those of the line-by-line form it replaced, on any lines."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import output_headers as sections
from domain.chunking.output_headers import Header, find_headers


def _line_by_line(lines: list[str]) -> list[Header]:
    """``find_headers`` as it was: every test asked of every line."""
    headers: list[Header] = []
    after_text = False
    last = len(lines) - 1
    for number, line in enumerate(lines):
        if (
            line[:1] in sections._NO_HEADER_STARTS
            and " " in line
            and (
                (equals := line.find("=", 0, 40)) < 0
                or not line.startswith(sections._PROMPTS, equals)
            )
            and not line.startswith(sections._HEADER_OPENINGS)
            and (number == last or "-->" not in lines[number + 1])
        ):
            header = None if after_text else sections._summary(lines, number)
            after_text = True
        else:
            header = sections._header(lines, number) or (
                None if after_text else sections._summary(lines, number)
            )
            after_text = line != "" and not line.isspace()
        if header is not None:
            headers.append(sections._commented(lines, header, headers))
    return headers


# Lines built of the pieces the tests and headers read, so that each branch is taken.
_PIECES = st.sampled_from(
    [
        "commit 1a2b3c4d5e",
        "diff --git a/x.py b/x.py",
        "PASS src/a.test.js",
        "FAIL src/b.test.js",
        "  --> src/main.rs:3:5",
        "shop=# select 1;",
        "shop=> \\d",
        "$ make test",
        "-- list users",
        "# build",
        "Found 3 errors in 2 files",
        "Tests: 1 failed, 2 passed",
        "src/app/main.py",
        "  12:4  error  no-undef",
        "@@ -1,3 +1,4 @@ def f():",
        "==== test session starts ====",
        "  ● Suite › case",
        "[api] step 12 id=ab12",
        "retry cache worker",
        "a=b c",
        "x-->y z",
        "",
        "   ",
        "=#",
        "=>",
        "P",
        "F",
        ">",
        "#",
        "/",
    ]
)
_LINE = st.one_of(
    _PIECES,
    st.lists(_PIECES, min_size=1, max_size=3).map(" ".join),
    st.lists(_PIECES, min_size=1, max_size=3).map("".join),
    st.text(alphabet="=#>-/ PASFILcomit\tab", max_size=12),
)


@given(st.lists(_LINE, max_size=8))
@settings(max_examples=1500, deadline=None)
def test_the_headers_are_those_of_each_line_tested(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert find_headers(lines, text) == _line_by_line(lines)
    assert find_headers(lines) == _line_by_line(lines)


@given(st.lists(_LINE, max_size=30), st.text(max_size=20))
@settings(max_examples=300, deadline=None)
def test_a_text_with_more_around_the_lines_finds_the_same(lines: list[str], extra: str) -> None:
    """The text given may hold more than the lines (the chunker's, before its ends' blank
    lines are stripped): a sign found outside them only leaves their test asked."""
    text = "\n\n" + "\n".join(lines) + "\n" + extra
    assert find_headers(lines, text) == _line_by_line(lines)
