"""Process-starting APIs imported under another name in Go and Rust.

``import ex "os/exec"`` makes ``ex.Command(…)`` a process start; ``import . "os/exec"`` makes a
bare ``Command(…)`` one; ``use std::process::Command as C;`` makes ``C::new(…)`` one.
"""

from __future__ import annotations

import re

# ``[ \t]*`` after a separator, not ``\s*``: a run of blank lines was scanned again from each
# of its newlines (quadratic); a line start is covered by ``^`` under MULTILINE.
_GO_IMPORT = re.compile(r'(?:^[ \t]*|\bimport\s+|[(;][ \t]*)([\w.]+)\s+"os/exec"', re.MULTILINE)
_RUST_USE = re.compile(r"\buse\s+(?:::)?std\s*::\s*process\s*::\s*([^;]+);")
_RUST_ALIAS = re.compile(r"\bCommand\s+as\s+(\w+)")


def go_exec_aliases(code: str) -> list[str]:
    """Local names of the ``os/exec`` package (``.`` for a dot import)."""
    return [m.group(1) for m in _GO_IMPORT.finditer(code) if m.group(1) not in {"exec", "_"}]


def rust_command_aliases(code: str) -> list[str]:
    """Local names of ``std::process::Command``."""
    aliases: list[str] = []
    for use in _RUST_USE.finditer(code):
        aliases += [m.group(1) for m in _RUST_ALIAS.finditer(use.group(1))]
    return aliases
