"""The intent-search summary text: what the agent gets instead of a large output."""

from __future__ import annotations

from domain.intent_summary import PREVIEW_BYTES, IntentMatch, first_line, intent_summary

OUTPUT = "line one\nline two\n" * 600


def test_summary_lists_each_match_with_a_one_line_preview() -> None:
    text = intent_summary(
        "execute:shell",
        "failing tests",
        sections_indexed=12,
        output=OUTPUT,
        matches=[
            IntentMatch("FAILURES", "\n\n  test_rounding failed\nmore"),
            IntentMatch("Summary", "2 failed, 10 passed"),
        ],
        terms=["test_rounding", "decimal"],
    )
    lines = text.splitlines()
    assert lines[0] == 'Indexed 12 sections from "execute:shell" into the knowledge base.'
    assert lines[1].startswith('2 sections matched "failing tests" (1201 lines, ')
    assert "  - FAILURES: test_rounding failed" in lines
    assert "  - Summary: 2 failed, 10 passed" in lines
    assert "Searchable terms: test_rounding, decimal" in lines
    assert "more" not in text
    assert lines[-1].startswith("Use search(queries: [...])")


def test_summary_without_matches_says_so_and_omits_empty_terms() -> None:
    text = intent_summary("file:app.log", "oom", sections_indexed=3, output="x\n", matches=[])
    assert 'No sections matched "oom" (2 lines, 0.0KB).' in text
    assert "Searchable terms" not in text


def test_preview_is_cut_at_a_character_boundary() -> None:
    content = "界" * 100  # 3 bytes each
    preview = first_line(content)
    assert len(preview.encode()) <= PREVIEW_BYTES
    assert preview == "界" * 40


def test_blank_content_gives_a_title_only_line() -> None:
    text = intent_summary(
        "s", "q", sections_indexed=1, output="x", matches=[IntentMatch("Only title", "  \n")]
    )
    assert "  - Only title" in text.splitlines()
