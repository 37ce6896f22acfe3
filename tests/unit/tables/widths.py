"""Rendering a table at a given terminal width, and what must hold at every width."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from rich.cells import cell_len
from rich.console import Console

WIDTHS = (60, 80, 200)


def render(draw: Callable[[Console], None], width: int) -> list[str]:
    """What ``draw`` prints on a terminal ``width`` columns wide (no colours), line by line."""
    console = Console(
        file=io.StringIO(), width=width, force_terminal=True, color_system=None, highlight=False
    )
    draw(console)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    lines = output.splitlines()
    assert lines, "the table printed nothing: nothing to check"
    return lines


def assert_fits(lines: list[str], width: int, whole: Iterable[str]) -> None:
    """Every identifying value is whole on one line; nothing is wider than the terminal unless
    it is an identifying value that is wider on its own."""
    values = list(whole)
    assert values, "no identifying values given: nothing to check"
    for value in values:
        assert any(value in line for line in lines), f"{value!r} is cut or wrapped:\n" + "\n".join(
            lines
        )
    for line in lines:
        too_long = cell_len(line.rstrip()) > width
        assert not too_long or any(cell_len(v) > width - 4 and v in line for v in values), line
