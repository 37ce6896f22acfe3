"""Yes/no questions on the terminal; the answer is no unless a person types yes."""

from __future__ import annotations

import sys


def confirm(question: str) -> bool:
    """Asks on stderr, reads stdin; no terminal or no answer means no."""
    if not sys.stdin.isatty():
        return False
    print(f"capy vault: {question} [y/N] ", end="", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in ("y", "yes")


def can_ask() -> bool:
    """Whether a person is there to answer (stdin is a terminal)."""
    return sys.stdin.isatty()
