"""Where the installed ``capy`` console script is, for tests that run it as a user would."""

from __future__ import annotations

import shutil
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
