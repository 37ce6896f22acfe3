"""Starting ``claude --resume <id>`` in a project folder, attached to this terminal."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

from application.ports.agent_launcher import AgentLauncher

COMMAND = "claude"


class ClaudeCliLauncher(AgentLauncher):
    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = dict(env)

    def available(self) -> bool:
        return self._executable() is not None

    def resume(self, session_id: str, directory: Path) -> int:
        executable = self._executable() or COMMAND
        try:
            return subprocess.run(
                [executable, "--resume", session_id], cwd=directory, env=self._env, check=False
            ).returncode
        except KeyboardInterrupt:
            return 130

    def _executable(self) -> str | None:
        return shutil.which(COMMAND, path=self._env.get("PATH"))
