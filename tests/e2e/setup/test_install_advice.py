"""Where capy is missing or incomplete, every message says how to install it today: from a
checkout (`make install-tool`, `uv tool install <checkout>`, `pipx install <checkout>`)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.e2e.setup.conftest import RunSetup
from tests.unit.setup.test_install_advice import STRANGER


def _launcher_without_capy(repo: Path) -> Path:
    launcher = repo / ".capy/capy.sh"
    text = launcher.read_text()
    recorded = next(line for line in text.splitlines() if line.startswith("recorded="))
    launcher.write_text(text.replace(recorded, "recorded='/nonexistent/capy'"))
    return launcher


def test_a_machine_without_capy_is_told_to_install_it_from_a_checkout(
    run_setup: RunSetup, repo: Path, tmp_path: Path
) -> None:
    assert run_setup().returncode == 0
    launcher = _launcher_without_capy(repo)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "nohome")}
    start = subprocess.run(
        [str(launcher), "hook", "sessionstart"],
        input="{}",
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    context = json.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]
    serve = subprocess.run(
        [str(launcher), "serve"], capture_output=True, text=True, env=env, check=False
    )
    assert serve.returncode == 127
    for advice in (context, serve.stderr):
        assert "make install-tool" in advice
        assert "uv tool install <checkout>" in advice and "pipx install <checkout>" in advice
        assert "capy doctor" in advice
    assert not STRANGER.search(serve.stderr)


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
