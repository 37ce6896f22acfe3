"""capy doctor names the installed distribution, and says how to put `capy` on PATH: from a
checkout (`make install-tool`). The launcher's advice is checked with the launcher's tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def test_doctor_reports_the_installed_distribution(capy_command: str, repo: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    env["PATH"] = f"{Path(capy_command).parent}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(
        [capy_command, "doctor"], cwd=repo, capture_output=True, text=True, env=env, check=False
    )
    version = next(line for line in done.stdout.splitlines() if "Version" in line)
    assert "capy 0.1" in version and "unknown" not in version, version
    assert capy_command in version  # found on PATH


def test_doctor_says_how_to_put_capy_on_path(capy_command: str, repo: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    env["PATH"] = "/usr/bin:/bin"
    done = subprocess.run(
        [capy_command, "doctor"], cwd=repo, capture_output=True, text=True, env=env, check=False
    )
    at = done.stdout.index("Version")
    assert "`capy` is not on PATH" in done.stdout[at:]
    assert "make install-tool" in done.stdout[at:]
