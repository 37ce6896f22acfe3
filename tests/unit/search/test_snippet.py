"""Snippets: the matching lines, whole, in order, with gaps marked; short sections whole."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.chunking.utf8 import byte_len
from domain.search.snippet import ELLIPSIS, extract_snippet


def test_short_content_is_returned_whole() -> None:
    assert extract_snippet("short text\nsecond line", "zebra") == "short text\nsecond line"


def test_the_matching_line_is_shown_whole_with_its_neighbour_and_gaps_marked() -> None:
    passing = [f"tests/test_cart.py::test_case_{i} PASSED" for i in range(60)]
    lines = [*passing, "", "Test Files  2 failed | 5 passed (7)", "Duration 1.2s"]
    snippet = extract_snippet("\n".join(lines), "how many test files failed")
    assert "Test Files  2 failed | 5 passed (7)" in snippet.splitlines()
    assert snippet.splitlines()[0] == ELLIPSIS
    assert "test_case_0 PASSED" not in snippet


def test_a_status_code_answers_a_question_in_words() -> None:
    ok = '10.0.0.1 - - [03/Dec/2026:09:43:51 +0000] "GET /api/orders HTTP/1.1" 200 640 "-" "curl"'
    bad = '10.0.0.1 - - [03/Dec/2026:09:43:52 +0000] "GET /api/export HTTP/1.1" 500 27 "-" "curl"'
    snippet = extract_snippet("\n".join([ok] * 30 + [bad] + [ok] * 30), "server errors")
    assert snippet.splitlines() == [ELLIPSIS, ok, bad, ok]  # the line, and one either side


def test_a_weaker_match_further_down_is_not_crowded_out_by_the_context_of_a_better_one() -> None:
    filler = [f"worker {i} heartbeat ok, queue depth {i * 7}, lag {i}ms" for i in range(40)]
    lines = [
        "payment retry scheduled for invoice 8812 (attempt 2)",
        *filler[:10],
        "payment provider timeout after 30s",
        *filler[10:],
    ]
    snippet = extract_snippet("\n".join(lines), "payment retry timeout", max_bytes=110)
    assert "payment retry scheduled for invoice 8812 (attempt 2)" in snippet
    assert "payment provider timeout after 30s" in snippet  # before the best line's neighbours


@given(st.text(max_size=3000), st.text(max_size=40))
def test_snippets_are_whole_lines_of_the_content_and_bounded(content: str, query: str) -> None:
    snippet = extract_snippet(content, query, max_bytes=400)
    lines = {line.strip() for line in content.splitlines()}
    for line in snippet.splitlines():
        if line != ELLIPSIS and not line.startswith(ELLIPSIS) and not line.endswith(ELLIPSIS):
            assert line.strip() in lines or line.strip() == content.strip()
    if byte_len(content) > 400 or content.count("\n") >= 6:
        assert byte_len(snippet) <= 400 + 310  # one window may pass the budget as the first line


def test_a_small_section_is_shown_whole_without_the_heading_its_title_repeats() -> None:
    section = "### Context\n\nFloating point amounts drifted by up to 0.03 per invoice."
    title = "Decision records > ADR-0002 > Context"
    assert extract_snippet(section, "rounding", title=title) == (
        "Floating point amounts drifted by up to 0.03 per invoice."
    )
    assert extract_snippet("## Context", "rounding", title=title) == "## Context"


def test_a_window_of_a_long_line_reaches_further_when_the_bytes_allow() -> None:
    def instance(name: str, tokens: str) -> str:
        tags = f'"Tags":[{{"Key":"Name","Value":"{name}"}},{{"Key":"env","Value":"prod"}}]'
        padding = ",".join(f'"Field{i}":"{i * 7919}"' for i in range(12))
        return f'{{{padding},{tags},"MetadataOptions":{{"HttpTokens":"{tokens}"}}}}'

    line = "[" + ",".join(instance(f"web-{i}", "required") for i in range(6))
    line += "," + instance("ci-runner-legacy-2", "optional") + "]"
    narrow = extract_snippet(line, "http tokens optional", max_bytes=320)
    wide = extract_snippet(line, "http tokens optional", max_bytes=700)
    assert '"HttpTokens":"optional"' in narrow and '"HttpTokens":"optional"' in wide
    assert byte_len(narrow) <= 320 < byte_len(wide) <= 700
    assert narrow.strip(ELLIPSIS) in wide
    assert "ci-runner-legacy-2" in wide
