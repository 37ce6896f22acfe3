"""A launcher that records what it was asked to start (tests)."""

from __future__ import annotations

from pathlib import Path

from application.ports.agent_launcher import AgentLauncher


class RecordingLauncher(AgentLauncher):
    def __init__(self, installed: bool = True, exit_code: int = 0) -> None:
        self.installed = installed
        self.exit_code = exit_code
        self.started: list[tuple[str, Path]] = []

    def available(self) -> bool:
        return self.installed

    def resume(self, session_id: str, directory: Path) -> int:
        self.started.append((session_id, directory))
        return self.exit_code
