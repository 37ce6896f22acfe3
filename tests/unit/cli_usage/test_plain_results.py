"""Search results written without rich are the bytes rich writes off a terminal.

``print_results`` prints with rich; ``plain_results`` writes the same lines itself when rich
would add nothing (off a terminal, plain text). Each case is rendered both ways at several
widths and compared byte for byte; what rich renders differently is refused by the plain side.
"""

from __future__ import annotations

import io
import sys

import pytest
from rich.console import Console

from domain.search.results import SearchResult, SearchResults
from domain.source_kind import SourceKind
from entrypoints.cli import plain_results
from entrypoints.cli.plain_results import console_width, plain_lines, print_plain
from entrypoints.cli.search_output import QueryNotes, print_results

WIDTHS = (20, 40, 80, 132, 300)


def _result(rank: int, source: str, title: str, snippet: str, layer: str = "words") -> SearchResult:
    return SearchResult(
        rank=rank,
        source=source,
        kind=SourceKind.DURABLE if rank % 2 else SourceKind.SESSION,
        title=title,
        content=snippet,
        snippet=snippet,
        score=1.0 / rank,
        layer=layer,
        chunk_id=rank,
        source_id=rank,
    )


TRICKY = [
    "[auth] step 8056 at 2025-06-23",
    r"a \[bold] b \\[x] c [/] d [bold]e[/bold] \ end\\",
    "emoji :shell: :smile: stays text",
    "trailing spaces   \n  leading spaces",
    "wide 日本語 and accents é ü and … and ─",
    "line one\n…\nline three [link=https://x]y[/link]",
    "",
]

CASES = {
    "results": (
        [
            SearchResults(
                "session traceback",
                tuple(
                    _result(i + 1, f"logs/perf-{i:05}.log", f"Title [{i}] \\", snippet)
                    for i, snippet in enumerate(TRICKY)
                ),
            )
        ],
        [],
    ),
    "nothing, with absent words and unsearched kinds": (
        [SearchResults("zebra quark", hidden_kinds=((SourceKind.EPHEMERAL, 3),))],
        [QueryNotes(absent=("zebra", "[quark]"), unsearched=((SourceKind.EPHEMERAL, 3),))],
    ),
    "nothing here, found elsewhere": (
        [SearchResults("pool size")],
        [
            QueryNotes(
                unsearched=((SourceKind.EPHEMERAL, 1),),
                elsewhere=SearchResults(
                    "pool size",
                    tuple(_result(i, f"execute:shell:{i}[x]", "t", "s") for i in range(1, 6)),
                ),
            )
        ],
    ),
    "found, and elsewhere too; corrected; not embedded; two queries": (
        [
            SearchResults(
                "conection",
                (_result(1, "a.md", "A", "snippet"),),
                corrected_query="connection",
                not_embedded=("b.md", "[c].md", "d", "e", "f", "g"),
            ),
            SearchResults("x", (_result(2, "b.md", "B", "body", layer="rrf(words+substrings)"),)),
        ],
        [
            QueryNotes(
                unsearched=((SourceKind.EPHEMERAL, 2), (SourceKind.SESSION, 1)),
                elsewhere=SearchResults("conection", (_result(1, "c.log", "C", "c"),)),
            ),
            QueryNotes(unsearched=((SourceKind.EPHEMERAL, 2),)),
        ],
    ),
    "the longest heading that is not cut": ([SearchResults("q" * 18)], []),
}


def _rich(found: list[SearchResults], notes: list[QueryNotes], width: int) -> str:
    file = io.StringIO()
    console = Console(file=file, width=width, highlight=False, soft_wrap=True, emoji=False)
    print_results(found, notes, console)
    return file.getvalue()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_plain_lines_are_what_rich_writes(case: str, width: int) -> None:
    found, notes = CASES[case]
    lines = plain_lines(found, notes, width)
    assert lines is not None
    assert "".join(line + "\n" for line in lines) == _rich(found, notes, width)


@pytest.mark.parametrize(
    "found",
    [
        [SearchResults("q" * 19)],  # rich would cut the heading at 20 columns
        [SearchResults("日本")],  # wide characters: rich counts cells
        [SearchResults("tab\there")],
        [SearchResults("ok", (_result(1, "a", "t", "carriage\rreturn"),))],
        [SearchResults("ok", (_result(1, "a", "t", "tab\tin a snippet"),))],
        [SearchResults("ok", (_result(1, "a", "t", "escape \x1b[31m"),))],
        [SearchResults("ok", (_result(1, "a\x07", "t", "bell in a label"),))],
        [SearchResults("ok", (_result(1, "a", "t", "no\u00a0break space"),))],
    ],
)
def test_what_rich_renders_differently_is_left_to_rich(found: list[SearchResults]) -> None:
    assert plain_lines(found, [], 20) is None


def test_print_plain_writes_only_off_a_terminal_and_without_forced_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = [SearchResults("pool", (_result(1, "a.md", "A", "body"),))]
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(plain_results, "console_width", lambda: 40)

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert print_plain(found, [])
    assert out.getvalue() == _rich(found, [], 40)

    for name, value in (("FORCE_COLOR", "1"), ("FORCE_COLOR", ""), ("TTY_COMPATIBLE", "1")):
        with monkeypatch.context() as env:
            env.setenv(name, value)
            assert not print_plain(found, [])

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", Terminal())
    assert not print_plain(found, [])
    assert sys.stdout.getvalue() == ""

    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", ascii_out)
    assert not print_plain(found, [])


def test_the_width_is_found_as_rich_finds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "57")
    assert console_width() == 57 == Console(file=io.StringIO()).width
    monkeypatch.setenv("COLUMNS", "wide")
    assert console_width() == Console(file=io.StringIO()).width
    monkeypatch.delenv("COLUMNS")
    assert console_width() == Console(file=io.StringIO()).width
