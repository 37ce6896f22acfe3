"""A snippet shows each whole line with the indentation it had in the output."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.indentation import indentation, trimmed
from domain.search.snippet import extract_snippet

_MANIFEST = "\n".join(
    [
        "apiVersion: apps/v1",
        "kind: Deployment",
        "metadata:",
        "  name: courier",
        *[f"  label{i}: value number {i} of the deployment's labels" for i in range(40)],
        "spec:",
        "  template:",
        "    spec:",
        "      containers:",
        "        - name: courier",
        "          image: registry.example.test/courier:1.4.2",
        "          resources:",
        "            limits:",
        "              memory: 512Mi",
    ]
)


def test_a_nested_key_keeps_the_depth_that_says_whose_it_is() -> None:
    snippet = extract_snippet(_MANIFEST, "courier memory limit")
    assert "              memory: 512Mi" in snippet.splitlines()
    assert "            limits:" in snippet.splitlines()


def test_a_massif_row_is_the_line_the_output_printed() -> None:
    rows = [f" {n:>2} {n * 1000:>12,} {n * 30:>12,}" for n in range(60)]
    content = "\n".join(["  n        time(i)    total(B)", *rows])
    snippet = extract_snippet(content, "snapshot 42 total bytes")
    assert rows[42] in snippet.splitlines()


def test_a_window_from_the_middle_of_a_long_line_has_no_indentation() -> None:
    long_line = "    " + " ".join(f"field{i}=value{i}" for i in range(80)) + " needle=found"
    content = "\n".join(["header", long_line, *[f"other line {i}" for i in range(40)]])
    snippet = extract_snippet(content, "needle found")
    shown = next(line for line in snippet.splitlines() if "needle=found" in line)
    assert shown.startswith("…")


def test_a_section_shown_whole_keeps_its_first_line_indented() -> None:
    assert extract_snippet("\n\n    indented first\n  second  \n\n", "first") == (
        "    indented first\n  second"
    )


@given(st.text(alphabet=" \t\nab", max_size=30))
def test_trimmed_drops_only_blank_edges(text: str) -> None:
    kept = trimmed(text)
    assert kept.strip() == text.strip()
    assert kept in text
    if kept:
        first = kept.split("\n", 1)[0]
        original = next(line for line in text.split("\n") if line.strip())
        assert first == original.rstrip() or "\n" in kept
        assert indentation(first) == indentation(original)


def test_indentation_is_the_leading_blanks() -> None:
    assert indentation("\t  x y") == "\t  "
    assert indentation("x  ") == ""
