"""AgentLauncher port: starting the AI coding tool on a session it can resume."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable


@runtime_checkable
class AgentLauncher(Protocol):
    def available(self) -> bool:
        """Whether the tool can be started (``claude`` on ``PATH``)."""
        ...

    def resume(self, session_id: str, directory: Path) -> int:
        """Run the tool on the session in ``directory`` with this terminal; its exit code."""
        ...
