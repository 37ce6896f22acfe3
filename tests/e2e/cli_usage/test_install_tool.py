"""``make install-tool`` installs this checkout as a tool with uv, else pipx, else says how."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MAKE = shutil.which("make")

pytestmark = pytest.mark.skipif(MAKE is None, reason="needs make")

RECORDER = """#!/bin/sh
echo "${{0##*/}} $*" >> "{log}"
"""


def _tools(tmp_path: Path, *names: str) -> Path:
    """A PATH directory holding fake tools that record how they were called."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in names:
        tool = bin_dir / name
        tool.write_text(RECORDER.format(log=tmp_path / "calls.log"))
        tool.chmod(0o755)
    return bin_dir


def _install_tool(tmp_path: Path, bin_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(MAKE), "-s", "-C", str(ROOT), "install-tool"],
        cwd=tmp_path,
        env={"PATH": str(bin_dir), "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _calls(tmp_path: Path) -> list[str]:
    log = tmp_path / "calls.log"
    return log.read_text().splitlines() if log.exists() else []


def test_uses_uv_when_it_is_there(tmp_path: Path) -> None:
    done = _install_tool(tmp_path, _tools(tmp_path, "uv", "pipx"))
    assert done.returncode == 0, done.stderr
    assert _calls(tmp_path) == [f"uv tool install --force --reinstall {ROOT}"]


def test_falls_back_to_pipx(tmp_path: Path) -> None:
    done = _install_tool(tmp_path, _tools(tmp_path, "pipx"))
    assert done.returncode == 0, done.stderr
    assert _calls(tmp_path) == [f"pipx install --force {ROOT}"]


def test_says_where_capy_went_when_it_is_not_on_path(tmp_path: Path) -> None:
    done = _install_tool(tmp_path, _tools(tmp_path, "uv"))
    assert "`capy` is not on your PATH" in done.stderr
    assert "uv tool update-shell" in done.stderr and "pipx ensurepath" in done.stderr


def test_without_uv_or_pipx_it_says_how_to_get_one(tmp_path: Path) -> None:
    done = _install_tool(tmp_path, _tools(tmp_path))
    assert done.returncode != 0
    assert "needs uv or pipx" in done.stderr and "pip install --user pipx" in done.stderr
    assert _calls(tmp_path) == []
