"""``capy doctor`` before and after ``capy setup`` in a temporary repository."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from domain.doctor.hooks import CLAUDE_EVENTS
from tests.e2e.setup.conftest import RunSetup


def _doctor(capy: str, repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    return subprocess.run(
        [capy, "doctor", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_doctor_fails_before_setup_and_passes_after(
    capy_command: str, run_setup: RunSetup, repo: Path
) -> None:
    before = _doctor(capy_command, repo)
    assert before.returncode == 1
    assert "Hooks (Claude Code)" in before.stdout and "run `capy setup`" in before.stdout
    assert run_setup().returncode == 0
    after = _doctor(capy_command, repo, "--markdown")
    assert after.returncode == 0, after.stdout
    assert after.stdout.startswith("## capy doctor")
    assert "- [x] **MCP registration**: registered in .mcp.json, .codex/config.toml" in after.stdout
    assert f"- [x] **Hooks (Claude Code)**: all {len(CLAUDE_EVENTS)} events" in after.stdout


def test_doctor_reports_broken_permission_rules(
    capy_command: str, run_setup: RunSetup, repo: Path
) -> None:
    assert run_setup().returncode == 0
    (repo / ".claude" / "settings.local.json").write_text("{oops")
    done = _doctor(capy_command, repo)
    assert done.returncode == 1
    assert "settings.local.json" in done.stdout
