"""InstructionFiles over the project's markdown files: the routing marker or the ``@`` import."""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH118, PTH123

from __future__ import annotations

import os

from application.ports.instruction_files import InstructionFiles
from domain.hooks.guidance import ROUTING_MARKER

IMPORT_LINE = "@.capy/AGENTS.md"
_MAX_BYTES = 512 * 1024


class MarkdownInstructionFiles(InstructionFiles):
    def __init__(self, project_dir: str) -> None:
        self._root = project_dir

    def carry_routing(self, names: tuple[str, ...]) -> bool:
        if not self._root:
            return False
        for name in names:
            content = self._read(name)
            if ROUTING_MARKER in content:
                return True
            imports = any(line.strip() == IMPORT_LINE for line in content.splitlines())
            if imports and ROUTING_MARKER in self._read(".capy/AGENTS.md"):
                return True
        return False

    def _read(self, name: str) -> str:
        try:
            with open(os.path.join(self._root, name), encoding="utf-8", errors="replace") as f:
                return f.read(_MAX_BYTES)
        except OSError:
            return ""
