"""Start the installed ``capy serve`` as a real subprocess, as an MCP client would."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import pytest
from mcp import StdioServerParameters

from tests.e2e.installed import installed_capy


@pytest.fixture(scope="session")
def capy_bin() -> str:
    return installed_capy()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / ".git").mkdir()
    return root


@pytest.fixture
def server_env(tmp_path: Path, isolated_home: Path) -> dict[str, str]:
    env = {
        "HOME": str(isolated_home),
        "XDG_CONFIG_HOME": str(isolated_home / ".config"),
        "XDG_DATA_HOME": str(isolated_home / ".local" / "share"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "CAPY_SEMANTIC": "0",  # the real model costs seconds of CPU: its tests turn it on
    }
    return env


@pytest.fixture
def server_params(
    capy_bin: str, project: Path, server_env: dict[str, str]
) -> StdioServerParameters:
    return StdioServerParameters(
        command=capy_bin,
        args=["--project-dir", str(project), "serve"],
        env={**server_env, "CAPY_DB_KEY": secrets.token_urlsafe(24)},
        cwd=str(project),
    )
