"""``capy hook <event>``: placeholder until the hook runner lands. Never breaks the host."""

from __future__ import annotations


def run_hook(args: list[str]) -> int:
    return 0
