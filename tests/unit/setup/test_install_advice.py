"""No message or document tells a user to install PyPI's ``capy``, an unrelated project: capy
is installed from a checkout (distribution ``capy-mcp``, ADR 0023)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from adapters.install_advice import INSTALL, REINSTALL
from adapters.setup.launcher import _MISSING_CONTEXT, launcher_script

ROOT = Path(__file__).resolve().parents[3]
STRANGER = re.compile(
    r"\b(?:pip3?|pipx|uv\s+tool|uv\s+pip|uvx)\s+(?:install\s+)?(?:--?[\w-]+(?:=\S+)?\s+)*"
    r"capy(?![\w.-])"
)
WARNING_WORDS = ("never", "unrelated", "not ")


def _tracked_text_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False
    ).stdout.decode()
    names = [n for n in listed.split("\0") if n] or [
        str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts
    ]
    suffixes = {".py", ".md", ".toml", ".sql", ".sh", ""}
    return [
        ROOT / n
        for n in names
        if Path(n).suffix in suffixes
        and not n.startswith("tests/")  # test data quotes such commands as text
        and (ROOT / n).is_file()
    ]


def test_no_file_advises_installing_the_unrelated_pypi_project() -> None:
    offending = []
    for path in _tracked_text_files():
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if STRANGER.search(line) and not any(w in line.lower() for w in WARNING_WORDS):
                offending.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offending == []


def test_the_pattern_catches_every_spelling_of_the_wrong_advice() -> None:
    for advice in (
        "uv tool install capy",
        "pipx install capy",
        "pip install capy",
        "uv tool install --force capy",
        "uvx capy",
        "pip3 install -U capy",
    ):
        assert STRANGER.search(advice), advice
    for fine in ("uv tool install <checkout>", "pipx install capy-mcp", "pip install capybara"):
        assert not STRANGER.search(fine), fine


def test_install_advice_names_the_checkout_and_the_make_target() -> None:
    for advice in (INSTALL, REINSTALL):
        assert "make install-tool" in advice and "<checkout>" in advice
        assert not STRANGER.search(advice)
    context = json.loads(_MISSING_CONTEXT)["hookSpecificOutput"]["additionalContext"]
    assert "make install-tool" in context and "`capy doctor`" in context
    script = launcher_script()
    assert "make install-tool" in script
