"""The compact view of an output run without an intent, from the output's ends alone."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from domain.chunking.utf8 import byte_len
from domain.compact_view import HEAD_LINES, TAIL_LINES, OutputEnds, _lines, compact_view


def _whole_view(source: str, output: str, sections: int, titles: Sequence[str]) -> str:
    """The view's size and lines as they were read from the output's whole list of lines
    (ADR 0267 reads its ends only), followed by the same rest of the view."""
    lines = output.rstrip("\n").split("\n")
    size = f"{len(lines):,} lines, {byte_len(output) / 1024:.1f}KB"
    reply = [
        f'The output ({size}) was indexed as "{source}" ({sections} sections) instead of being '
        "shown whole.",
        "",
        f"First {min(HEAD_LINES, len(lines))} lines:",
        *_lines(lines[:HEAD_LINES]),
    ]
    if len(lines) > HEAD_LINES:
        tail = lines[max(HEAD_LINES, len(lines) - TAIL_LINES) :]
        skipped = len(lines) - HEAD_LINES - len(tail)
        reply += ["", f"… {skipped:,} lines … last {len(tail)} lines:" if skipped else ""]
        reply += _lines(tail)
    return "\n".join(reply)


@given(
    st.lists(st.text(alphabet="ab \r\né…", max_size=260), max_size=40),
    st.text(alphabet="\n", max_size=3),
)
def test_the_view_from_the_ends_is_the_view_from_every_line(
    lines: list[str], trailing: str
) -> None:
    output = "\n".join(lines) + trailing
    titles = ["a", "b"]
    expected = _whole_view("execute:shell:ab12cd34", output, 7, titles)
    for given_output in (output, OutputEnds.of(output)):
        view = compact_view("execute:shell:ab12cd34", given_output, sections=7, titles=titles)
        assert view.startswith(expected + "\n\nSections: a; b\n\n")
