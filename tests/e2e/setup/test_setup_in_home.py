"""``capy setup`` run in the home directory writes nothing: ~/.claude/settings.json is user-wide."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def test_setup_in_the_home_directory_is_refused(capy_command: str) -> None:
    home = Path(os.environ["HOME"])  # the isolated home of this test
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    done = subprocess.run(
        [capy_command, "setup"],
        cwd=home,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("capy: ") and done.stderr.count("\n") == 1
    assert "is your home directory" in done.stderr and "cd into the project" in done.stderr
    for written in (".claude", ".capy", ".codex", ".mcp.json", "CLAUDE.md", "AGENTS.md"):
        assert not (home / written).exists()
