"""Paths as a tool call names them, in the canonical forms ``Read`` rules are matched on."""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH109, PTH111, PTH118

from __future__ import annotations

import os

from domain.permissions.path_rules import ReadTarget


def resolve_read_target(project_root: str, path: str) -> ReadTarget:
    """``./.env``, ``~/p/.env`` and ``/abs/p/.env`` resolve to one file (``..``/symlinks too)."""
    root = os.path.realpath(project_root or os.getcwd())
    absolute = os.path.realpath(os.path.join(root, os.path.expanduser(path)))
    relative: str | None = os.path.relpath(absolute, root)
    if relative == os.curdir:
        relative = ""
    elif relative == os.pardir or (relative or "").startswith(os.pardir + os.sep):
        relative = None
    return ReadTarget(
        given=path,
        absolute=absolute.replace(os.sep, "/"),
        relative=None if relative is None else relative.replace(os.sep, "/"),
    )
