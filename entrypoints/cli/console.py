"""The console that commands print their reports and tables on.

On a terminal, rich fits output to the window. Anywhere else (a pipe, a file, a CI log) rich
would assume 80 columns and cut or fold table cells, so a logged report lost its numbers:
there the console is as wide as the widest line, tables are printed whole and nothing is
wrapped. Colours and styles are only ever sent to a terminal.
"""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console

# Wide enough for any table capy prints; rich only pads a table to its own width, never to this.
UNBOUNDED_WIDTH = 100_000


def stdout_console(**options: Any) -> Console:
    """A console on stdout: the terminal's width on a terminal, unbounded elsewhere."""
    if sys.stdout.isatty():
        return Console(**options)
    return Console(width=UNBOUNDED_WIDTH, **options)
