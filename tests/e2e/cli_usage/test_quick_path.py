"""``capy search`` and ``capy vault list`` read before cyclopts answer exactly as cyclopts does.

Each command line runs twice in a fresh interpreter over the same knowledge base and vault:
through capy's entry point (which takes the quick path when it can) and through the cyclopts
application directly. Standard output, standard error and the exit code must be the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from entrypoints.bench.vault_history import HistoryWriter

ROOT = Path(__file__).parents[3]
NOTES = """# Pool

The pool answered connection refused twice, then the pool size was raised to 40.

## Retry

Retries back off for five seconds before the connection is tried again.
"""

_MAIN = """
import atexit, os, sys
atexit.register(lambda: open(os.environ["CAPY_TEST_FLAG"], "w").write(str("cyclopts" in sys.modules)))
from entrypoints.main import main
main(sys.argv[1:])
"""
_CYCLOPTS = """
import sys
from entrypoints.cli.app import run
run(sys.argv[1:])
"""


def _env(root: Path) -> dict[str, str]:
    home = root / "home"
    return {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "CLAUDE_PROJECT_DIR": str(root / "project"),
        "PYTHONPATH": str(ROOT),
        "COLUMNS": "110",
        "CAPY_SEMANTIC": "0",
        "CAPY_TEST_FLAG": str(root / "cyclopts-loaded"),
    }


def _run(root: Path, script: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script, *argv],
        cwd=root / "project",
        env=_env(root),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with an indexed note and a vault of three archived sessions."""
    root = tmp_path_factory.mktemp("quick-path")
    project = root / "project"
    (project / ".git").mkdir(parents=True)
    (project / "notes.md").write_text(NOTES, encoding="utf-8")
    HistoryWriter(3).sessions(root / "home" / ".claude", 3, 4_000, projects=2)
    for argv in (["index", "notes.md"], ["vault", "import"]):
        done = _run(root, _CYCLOPTS, *argv)
        assert done.returncode == 0, done.stderr
    return root


CASES = [
    ["search", "connection refused"],
    ["search", "--json", "pool size"],
    ["search", "--limit", "1", "pool", "retries"],
    ["search", "pool", "--limit", "2", "retries"],
    ["search", "--all-kinds", "--source", "notes", "pool"],
    ["search", "--kinds", "durable,session", "pool"],
    ["search", "xylophonezebra"],
    ["search", "--json", "xylophonezebra", "pool"],
    ["search", "--kinds", "bogus", "pool"],
    ["search", "--kinds", "durable", "--all-kinds", "pool"],
    ["search", "--limit", "0", "pool"],
    ["search", "--limit", "500", "pool"],
    ["search", ""],
    ["search", "  "],
    ["--project-dir", "missing-folder", "search", "pool"],
    ["--db", "other.db", "search", "pool"],
    ["--db", "other.db", "search", "--json", "pool"],
    ["vault", "list"],
    ["vault", "list", "--json"],
    ["vault", "list", "--limit", "1"],
    ["vault", "list", "--limit", "0", "--json"],
    ["vault", "list", "--project", "project-01"],
    ["vault", "list", "--project", "nothing-like-it"],
    ["--project-dir", ".", "vault", "list"],
]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_the_quick_path_answers_as_cyclopts_does(root: Path, argv: list[str]) -> None:
    quick = _run(root, _MAIN, *argv)
    assert (root / "cyclopts-loaded").read_text() == "False"  # it did take the quick path
    framework = _run(root, _CYCLOPTS, *argv)
    assert (quick.stdout, quick.stderr, quick.returncode) == (
        framework.stdout,
        framework.stderr,
        framework.returncode,
    )


def test_the_cases_cover_answers_and_refusals(root: Path) -> None:
    """The comparison above is not of empty outputs: results, sessions and errors all occur."""
    found = json.loads(_run(root, _MAIN, "search", "--json", "pool size").stdout)
    assert found["results"]
    listed = json.loads(_run(root, _MAIN, "vault", "list", "--json").stdout)
    assert len(listed) == 3
    refused = _run(root, _MAIN, "search", "--kinds", "bogus", "pool")
    assert refused.returncode == 1
    assert refused.stderr.startswith("capy: ")
