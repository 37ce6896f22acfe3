"""A section's best lines for a query: ranked by the query's rare terms, each with what explains
it, a first line repeating the title left out."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from domain.search.best_lines import (
    CONTEXT_LINES,
    ELLIPSIS,
    SEGMENT_BYTES,
    best_lines,
    repeats_title,
)
from domain.search.explaining_lines import BLOCK_LINES


def _texts(content: str, query: str, segments: int, context: int = 0, title: str = "") -> list[str]:
    """The picks' lines and their context, in document order."""
    shown: dict[int, str] = {}
    for pick in best_lines(content, query, segments, context=context, title=title).picks:
        shown[pick.line] = pick.text
        shown.update(pick.around)
    return [shown[number] for number in sorted(shown)]


def test_lines_with_more_query_terms_rank_first() -> None:
    content = "\n".join(
        ["pool settings", "retry count is 3", "pool size defaults to 12", "pool size max 40"]
    )
    picks = best_lines(content, "pool size", 2, context=0).picks
    assert [p.text for p in picks] == ["pool size defaults to 12", "pool size max 40"]
    assert picks[0].share == 1.0 and picks[1].share == 1.0


def test_a_neighbour_announcing_a_value_brings_that_value() -> None:
    content = "\n".join(
        [
            "✔ percent coupon takes 15% off",
            "✖ fixed coupon never makes the total negative",
            "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
            "",
            "-300 !== 0",
            "",
            "at TestContext.<anonymous> (test/shop.test.js:28:12)",
        ]
    )
    (pick,) = best_lines(content, "fixed coupon", 1).picks
    assert [text for _, text in pick.around] == [
        "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
        "-300 !== 0",
        "✔ percent coupon takes 15% off",
    ]


def test_an_announcing_neighbour_brings_nothing_when_the_section_ends_with_it() -> None:
    content = "total 3\n✖ fixed coupon never makes the total negative\nExpected:"
    (pick,) = best_lines(content, "fixed coupon", 1).picks
    assert [text for _, text in pick.around] == ["Expected:", "total 3"]
    assert best_lines(content, "fixed coupon", 1, context=0).picks[0].around == ()


def test_a_short_matching_line_comes_with_its_neighbours_the_next_one_first() -> None:
    content = "header\nerror[E0502]: cannot borrow\n --> src/lib/parse.rs:142:9\n 142 | drain\nnote"
    (pick,) = best_lines(content, "parse.rs:142", 1).picks
    assert pick.text == "--> src/lib/parse.rs:142:9"
    assert pick.around == ((3, "142 | drain"), (1, "error[E0502]: cannot borrow"))


def test_the_first_line_stands_in_when_no_term_occurs() -> None:
    assert _texts("\n\nfirst\nsecond", "zebra", 4) == ["first"]
    assert best_lines("   \n", "zebra", 4).picks == ()


def test_a_long_line_is_windowed_around_the_match() -> None:
    rows = [{"id": i, "status": "ok", "note": "x" * 40} for i in range(60)]
    rows[41]["status"] = "failed: cosign no identity token"
    content = json.dumps(rows, separators=(",", ":"))
    (pick,) = best_lines(content, "cosign identity token", 1).picks
    assert "cosign no identity token" in pick.text
    assert pick.text.startswith(ELLIPSIS) and pick.text.endswith(ELLIPSIS)


def test_a_window_of_a_long_line_has_a_wider_one_and_a_short_line_none() -> None:
    rows = [{"id": i, "note": "x" * 200, "status": "ok"} for i in range(60)]
    rows[41]["status"] = "failed: cosign no identity token"
    content = json.dumps(rows, separators=(",", ":")) + "\ncosign finished"
    wide, short = best_lines(content, "cosign", 2).picks
    assert '{"id":41,' in wide.wider and '{"id":41,' not in wide.text
    assert wide.text.strip(ELLIPSIS) in wide.wider
    assert len(wide.wider.strip(ELLIPSIS).encode()) <= 2 * SEGMENT_BYTES
    assert short.text == "cosign finished" and short.wider == ""


@given(
    st.text(alphabet="ab é€😀,:", min_size=1, max_size=900),
    st.text(alphabet="ab é€😀,:", max_size=900),
)
def test_a_wider_window_holds_the_window_it_widens(before: str, after: str) -> None:
    content = f"{before}needle{after}"
    for pick in best_lines(content, "needle", 1).picks:
        assert pick.text.strip(ELLIPSIS) in pick.wider or not pick.wider
        assert bool(pick.wider) == (len(content.strip().encode()) > SEGMENT_BYTES)


@given(st.text(max_size=3000), st.text(max_size=40), st.text(max_size=40))
def test_picks_are_bounded(content: str, query: str, title: str) -> None:
    picks = best_lines(content, query, 4, title=title).picks
    assert len(picks) <= 4
    for pick in picks:
        assert len(pick.around) <= max(2 * CONTEXT_LINES, BLOCK_LINES, 10)
        for text in [pick.text, *(text for _, text in pick.around)]:
            assert len(text.strip(ELLIPSIS).encode()) <= SEGMENT_BYTES
            assert "\n" not in text


def test_a_rare_term_outweighs_a_common_one() -> None:
    content = "RUN go mod download\nRUN go build ./...\nRUN go test ./...\nUSER 65532:65532"
    assert _texts(content, "which user does it run as", 1) == ["USER 65532:65532"]


def test_a_line_opening_a_block_brings_its_values() -> None:
    content = '{\n"level": "info",\n"redact_headers": [\n"Authorization",\n"Cookie",\n"Stripe-Signature"\n],\n"sample_rate": 0.1\n}'
    assert _texts(content, "which headers are redacted", 1) == [
        '"redact_headers": [',
        '"Authorization",',
        '"Cookie",',
        '"Stripe-Signature"',
    ]


def test_a_json_member_comes_with_its_objects_other_members() -> None:
    content = '[\n{\n"ruleId": "no-var",\n"line": 21,\n"message": "Unexpected var, use let or const instead."\n},\n{\n"ruleId": "prefer-const",\n"line": 33\n}\n]'
    (pick,) = best_lines(content, "unexpected var", 1).picks
    assert [text for _, text in pick.around] == ['"line": 21,', '"ruleId": "no-var",']


def test_a_heading_that_repeats_the_title_is_not_shown() -> None:
    content = "## Quick start\nInstall quill.\nRun `quill init` to start a project.\nDone."
    assert _texts(content, "quick start", 1, context=1, title="quill > Quick start") == [
        "Install quill.",
        "Run `quill init` to start a project.",
        "Done.",
    ]
    # without the title the heading wins the slot, as it holds both terms
    assert best_lines(content, "quick start", 1).picks[0].text == "## Quick start"


def test_the_stand_in_line_is_the_first_one_after_a_repeated_title() -> None:
    content = "## Rate limits\n100 requests per minute per key."
    assert _texts(content, "zebra", 4, title="Billing API > Rate limits") == [
        "100 requests per minute per key."
    ]


def test_a_section_holding_only_its_title_has_no_lines() -> None:
    assert best_lines("# Changelog\n", "changelog", 4, title="Changelog").picks == ()


def test_a_first_line_that_says_more_than_the_title_stays() -> None:
    line = "DB_URL: <set to the key 'url' in secret 'checkout-db'>  Optional: false"
    picks = best_lines(f"{line}\nPORT: 8080", "DB_URL secret", 1, title=line[:40] + "…").picks
    assert picks[0].text == line


def test_windows_matching_only_common_words_are_left_out_when_asked() -> None:
    passing = [f"tests/test_cart.py::test_case_{i} PASSED" for i in range(60)]
    content = "\n".join([*passing, "Test Files  2 failed | 5 passed (7)"])
    picks = best_lines(content, "how many test files failed", 4, weak_share=0.1).picks
    assert [p.text for p in picks] == ["Test Files  2 failed | 5 passed (7)"]


def test_repeats_title_compares_words_without_decoration() -> None:
    assert repeats_title("## Quick Start", "quill > Quick start")
    assert repeats_title("## [10.0.0] - 2025-12-27", "Changelog > [10.0.0] - 2025-12-27 > Added")
    assert repeats_title('"paths": {', "paths")
    assert repeats_title("Starting a Gradle Daemon", "Starting a Gradle Daemon")
    assert not repeats_title("## Installation notes", "orbit > Installation")
    assert not repeats_title("{", "(root) > 1700031297…1700031484")
    assert not repeats_title("## Overview", "")
