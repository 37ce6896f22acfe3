"""The intent-search summary text: what the agent gets instead of a large output."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from domain.intent_preview import (
    BLOCK_LINES,
    CONTEXT_LINES,
    ELLIPSIS,
    PREVIEW_SEGMENTS,
    SEGMENT_BYTES,
    preview_segments,
    repeats_title,
)
from domain.intent_summary import IntentMatch, intent_summary, telling_terms

OUTPUT = "line one\nline two\n" * 600

FAILURES = """collected 412 items
tests/api/test_users.py ........
tests/api/test_orders.py ..F.....
_________________________ test_order_total_rounding __________________________
>       assert order.total == Decimal("71.36")
E       AssertionError: assert Decimal('71.37') == Decimal('71.36')
tests/api/test_orders.py:142: AssertionError
"""


def test_summary_lists_each_match_with_the_lines_that_match_the_intent() -> None:
    text = intent_summary(
        "execute:shell",
        "test_order_total_rounding AssertionError",
        sections_indexed=12,
        output=OUTPUT,
        matches=[
            IntentMatch("FAILURES", FAILURES),
            IntentMatch("Summary", "2 failed, 10 passed"),
        ],
        terms=["test_rounding", "decimal"],
    )
    lines = text.splitlines()
    assert lines[0] == 'Indexed 12 sections from "execute:shell" into the knowledge base.'
    assert lines[1].startswith("2 sections matched ")
    assert "(1201 lines, " in lines[1]
    assert "      E       AssertionError: assert Decimal('71.37') == Decimal('71.36')" in lines
    assert "      tests/api/test_orders.py:142: AssertionError" in lines
    assert "  - Summary: 2 failed, 10 passed" in lines
    assert "collected 412 items" not in text  # a line without any intent term
    assert "Searchable terms: test_rounding, decimal" in lines
    assert lines[-1].startswith('Use capy_search(queries: [...], source: "execute:shell")')


def test_summary_without_matches_says_so_and_omits_empty_terms() -> None:
    text = intent_summary("file:app.log", "oom", sections_indexed=3, output="x\n", matches=[])
    assert 'No section matched "oom" (2 lines, 0.0KB).' in text
    assert "Searchable terms" not in text
    assert 'capy_search(queries: [...], source: "file:app.log") with other words' in text


def test_counts_are_singular_for_one() -> None:
    text = intent_summary(
        "execute:shell",
        "oom",
        sections_indexed=1,
        output="oom killer\n",
        matches=[IntentMatch("kernel", "oom killer")],
    )
    assert text.startswith('Indexed 1 section from "execute:shell"')
    assert '\n1 section matched "oom"' in text


def test_numbers_hex_ids_and_numbered_families_are_not_searchable_terms() -> None:
    terms = ["108", "test_case_108", "cus_8812", "3f9a2c", "0x1f", "test_case_109", "decimal"]
    assert telling_terms(terms) == ["cus_8812", "decimal"]
    assert telling_terms(["face", "added", "ipv6"]) == ["face", "added", "ipv6"]
    text = intent_summary("s", "q", sections_indexed=2, output="", matches=[], terms=["1", "2"])
    assert "Searchable terms" not in text


def test_preview_prefers_lines_with_more_intent_terms_in_document_order() -> None:
    content = "\n".join(
        ["pool settings", "retry count is 3", "pool size defaults to 12", "pool size max 40"]
    )
    assert preview_segments(content, "pool size", segments=2, context=0) == [
        "pool size defaults to 12",
        "pool size max 40",
    ]


def test_preview_shows_the_lines_around_a_short_matching_line() -> None:
    content = "header\nerror[E0502]: cannot borrow\n --> src/lib/parse.rs:142:9\n 142 | drain\nnote"
    assert preview_segments(content, "parse.rs:142", segments=1) == [
        "error[E0502]: cannot borrow",
        "--> src/lib/parse.rs:142:9",
        "142 | drain",
    ]


def test_preview_falls_back_to_the_first_line_without_any_term() -> None:
    assert preview_segments("\n\nfirst\nsecond", "zebra") == ["first"]
    assert preview_segments("   \n", "zebra") == []


def test_preview_windows_a_long_line_around_the_match() -> None:
    rows = [{"id": i, "status": "ok", "note": "x" * 40} for i in range(60)]
    rows[41]["status"] = "failed: cosign no identity token"
    content = json.dumps(rows, separators=(",", ":"))
    (segment,) = preview_segments(content, "cosign identity token", segments=1)
    assert "cosign no identity token" in segment
    assert segment.startswith(ELLIPSIS) and segment.endswith(ELLIPSIS)


@given(st.text(max_size=3000), st.text(max_size=40), st.text(max_size=40))
def test_preview_segments_are_bounded(content: str, intent: str, title: str) -> None:
    segments = preview_segments(content, intent, title=title)
    assert len(segments) <= PREVIEW_SEGMENTS * (CONTEXT_LINES + BLOCK_LINES + 1)
    for segment in segments:
        assert len(segment.strip(ELLIPSIS).encode()) <= SEGMENT_BYTES
        assert "\n" not in segment


def test_a_rare_term_outweighs_a_common_one() -> None:
    content = "RUN go mod download\nRUN go build ./...\nRUN go test ./...\nUSER 65532:65532"
    assert preview_segments(content, "which user does it run as", segments=1, context=0) == [
        "USER 65532:65532"
    ]


def test_a_line_opening_a_block_brings_its_values() -> None:
    content = '{\n"level": "info",\n"redact_headers": [\n"Authorization",\n"Cookie",\n"Stripe-Signature"\n],\n"sample_rate": 0.1\n}'
    shown = preview_segments(content, "which headers are redacted", segments=1)
    assert shown == [
        '"level": "info",',
        '"redact_headers": [',
        '"Authorization",',
        '"Cookie",',
        '"Stripe-Signature"',
    ]


def test_a_heading_that_repeats_the_title_is_not_shown() -> None:
    content = "## Quick start\nInstall quill.\nRun `quill init` to start a project.\nDone."
    assert preview_segments(content, "quick start", segments=1, title="quill > Quick start") == [
        "Install quill.",
        "Run `quill init` to start a project.",
        "Done.",
    ]
    # without the title the heading wins the slot, as it holds both terms
    assert preview_segments(content, "quick start", segments=1)[0] == "## Quick start"


def test_the_fallback_line_is_the_first_one_after_a_repeated_title() -> None:
    content = "## Rate limits\n100 requests per minute per key."
    shown = preview_segments(content, "zebra", title="Billing API > Rate limits")
    assert shown == ["100 requests per minute per key."]


def test_a_section_holding_only_its_title_previews_nothing() -> None:
    assert preview_segments("# Changelog\n", "changelog", title="Changelog") == []


def test_a_first_line_that_says_more_than_the_title_stays() -> None:
    line = "DB_URL: <set to the key 'url' in secret 'checkout-db'>  Optional: false"
    shown = preview_segments(f"{line}\nPORT: 8080", "DB_URL secret", title=line[:40] + "…")
    assert shown[0] == line


def test_repeats_title_compares_words_without_decoration() -> None:
    assert repeats_title("## Quick Start", "quill > Quick start")
    assert repeats_title("## [10.0.0] - 2025-12-27", "Changelog > [10.0.0] - 2025-12-27 > Added")
    assert repeats_title('"paths": {', "paths")
    assert repeats_title("Starting a Gradle Daemon", "Starting a Gradle Daemon")
    assert not repeats_title("## Installation notes", "orbit > Installation")
    assert not repeats_title("{", "(root) > 1700031297…1700031484")
    assert not repeats_title("## Overview", "")


def test_terms_without_a_letter_are_left_out() -> None:
    from domain.intent_summary import telling_terms

    assert telling_terms(["________", "hat-00", "make_cart"]) == ["hat-00", "make_cart"]
