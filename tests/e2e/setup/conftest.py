"""Temporary git repositories and the installed ``capy setup`` command."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

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
