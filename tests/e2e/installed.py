"""Where the installed ``capy`` console script is, for tests that run it as a user would."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

VENV_CAPY = Path(sys.executable).parent / "capy"


def installed_capy() -> str:
    """The venv's ``capy``, else the one on PATH; skips the test when neither exists."""
    if VENV_CAPY.exists():
        return str(VENV_CAPY)
    found = shutil.which("capy")
    if found is None:
        pytest.skip("the capy console script is not installed (run make install)")
    return found


def run_capy(
    *args: str,
    cwd: Path,
    key: str = "e2e test key",
    stdin: str = "",
    timeout: float = 120,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """The installed ``capy`` with ``args``, as a user runs it: in ``cwd``, with the test's
    (isolated) environment and ``CAPY_DB_KEY`` (plus ``env``), stdout and stderr captured as
    text."""
    return subprocess.run(
        [installed_capy(), *args],
        cwd=cwd,
        input=stdin,
        env={**os.environ, "CAPY_DB_KEY": key, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
