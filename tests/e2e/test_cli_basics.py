"""The installed ``capy`` command answers --version and --help."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CAPY = Path(sys.executable).parent / "capy"


@pytest.fixture(scope="module")
def capy() -> str:
    if not CAPY.exists():
        found = shutil.which("capy")
        if found is None:
            pytest.skip("the capy console script is not installed (run make install)")
        return found
    return str(CAPY)


def test_version(capy: str) -> None:
    out = subprocess.run([capy, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip()


def test_help(capy: str) -> None:
    out = subprocess.run([capy, "--help"], capture_output=True, text=True, check=True)
    assert "capy" in out.stdout
