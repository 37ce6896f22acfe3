"""Which command lines the quick path reads itself and which it leaves to cyclopts (ADR 0110)."""

from __future__ import annotations

import pytest

from entrypoints.cli.quick_path import _options, _quick_command

READ_HERE = [
    ["search", "pool"],
    ["search", "pool", "size", "--json"],
    ["search", "--limit", "7", "--source", "notes", "--kinds", "durable", "pool"],
    ["search", "--all-kinds", "pool"],
    ["--db", "k.db", "--project-dir", "p", "search", "pool"],
    ["vault", "list"],
    ["vault", "list", "--project", "api", "--limit", "0", "--json"],
    ["--project-dir", "p", "vault", "list"],
    [],
    ["serve"],
    ["--db", "k.db", "--project-dir", "p", "serve"],
]
LEFT_TO_CYCLOPTS = [
    ["--version"],
    ["serve", "--help"],
    ["serve", "now"],
    ["--db=k.db", "serve"],
    ["--help"],
    ["search"],
    ["search", "--help"],
    ["search", "-h", "pool"],
    ["search", "--limit=5", "pool"],
    ["search", "--limit", "-1", "pool"],
    ["search", "--limit", "five", "pool"],
    ["search", "--limit", "1_000", "pool"],
    ["search", "--limit", "٣", "pool"],
    ["search", "--limit", "3", "--limit", "4", "pool"],
    ["search", "--json", "--json", "pool"],
    ["search", "--source"],
    ["search", "--source", "--json", "pool"],
    ["search", "--", "-pool"],
    ["search", "--no-json", "pool"],
    ["--db", "k.db", "--db", "j.db", "search", "pool"],
    ["--db=k.db", "search", "pool"],
    ["search", "pool", "--db", "k.db"],
    ["vault"],
    ["vault", "list", "--tui"],
    ["vault", "list", "extra"],
    ["vault", "list", "--json", "--help"],
    ["--db", "k.db", "vault", "list"],
    ["vault", "search", "pool"],
    ["sources"],
    ["index", "search"],
]


@pytest.mark.parametrize("argv", READ_HERE, ids=lambda argv: " ".join(argv) or "nothing")
def test_plain_command_lines_are_read_here(argv: list[str]) -> None:
    assert _quick_command(argv) is not None


@pytest.mark.parametrize("argv", LEFT_TO_CYCLOPTS, ids=lambda argv: " ".join(argv) or "nothing")
def test_anything_else_is_left_to_cyclopts(argv: list[str]) -> None:
    assert _quick_command(argv) is None


def test_options_and_words_are_told_apart() -> None:
    assert _options(["a", "--limit", "2", "b", "--json"], ("--limit",), ("--json",)) == (
        {"--limit": "2", "--json": ""},
        ["a", "b"],
    )
    assert _options(["--db", "x", "search", "--json"], ("--db",), (), stop_at_word=True) == (
        {"--db": "x"},
        ["search", "--json"],
    )
