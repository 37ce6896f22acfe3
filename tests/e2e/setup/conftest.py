"""Temporary git repositories and the installed ``capy setup`` command."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.installed import installed_capy

RunSetup = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="session")
def capy_command() -> str:
    return installed_capy()


def git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=repo, capture_output=True, text=True, check=check, timeout=30
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    git(root, "config", "user.email", "dev@example.com")
    git(root, "config", "user.name", "Dev")
    git(root, "config", "commit.gpgsign", "false")
    return root


@pytest.fixture
def run_setup(capy_command: str, repo: Path) -> RunSetup:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
        return subprocess.run(
            [capy_command, "setup", *args],
            cwd=repo,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )

    return run


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file capy may write, by relative path (git internals except hooks left out)."""
    files: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if path.is_file() and (not relative.startswith(".git/") or "/hooks/" in relative):
            files[relative] = path.read_bytes()
    return files


def capy_commands(settings: dict[str, Any]) -> dict[str, list[str]]:
    """capy's hook commands in a Claude-shaped hooks file, by event."""
    found: dict[str, list[str]] = {}
    for event, groups in settings.get("hooks", {}).items():
        for group in groups:
            for handler in group["hooks"]:
                if re.search(r"capy(\.sh)?['\"]? hook ", handler["command"]):
                    found.setdefault(event, []).append(handler["command"])
    return found
