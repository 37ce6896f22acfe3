"""Run the installed ``capy hook`` command the way a host does: JSON on stdin."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.installed import installed_capy

HookResult = tuple[dict[str, Any] | None, subprocess.CompletedProcess[str]]
RunHook = Callable[..., HookResult]


@pytest.fixture(scope="session")
def capy_command() -> str:
    return installed_capy()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.fixture
def run_hook(capy_command: str, project: Path) -> RunHook:
    def run(
        event: str,
        payload: Any,
        *options: str,
        env: dict[str, str] | None = None,
        raw: str | None = None,
    ) -> HookResult:
        environment = {**os.environ, "CLAUDE_PROJECT_DIR": str(project), **(env or {})}
        body = raw if raw is not None else json.dumps(payload)
        done = subprocess.run(
            [capy_command, "hook", event, *options],
            input=body,
            capture_output=True,
            text=True,
            env=environment,
            cwd=project,
            timeout=30,
            check=False,
        )
        assert done.returncode == 0, done
        assert done.stderr == "", done.stderr
        return (json.loads(done.stdout) if done.stdout.strip() else None), done

    return run
