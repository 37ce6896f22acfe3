"""``capy index`` labels a file by its path in the project: indexing adr/README.md after
README.md adds a source instead of replacing the first; stdin gets a label of its own."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.e2e.installed import run_capy


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "adr").mkdir(parents=True)
    (root / ".capy.toml").write_text("")
    (root / "README.md").write_text("# Project\n\nHow to build the project.\n")
    (root / "adr" / "README.md").write_text("# Decisions\n\nWhy the project is built so.\n")
    return root


def _database(cwd: Path) -> Path:
    """One database per test, beside the project (whichever of its folders capy runs in)."""
    root = next(p for p in (cwd, *cwd.parents) if (p / ".capy.toml").exists())
    return root.parent / "kb.db"


def capy(cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_capy("--db", str(_database(cwd)), *args, cwd=cwd, stdin=stdin)


def labels(project: Path) -> list[str]:
    done = capy(project, "sources", "--json")
    assert done.returncode == 0, done.stderr
    return sorted(source["label"] for source in json.loads(done.stdout))


def test_two_readmes_are_two_sources(project: Path) -> None:
    first = capy(project, "index", "README.md")
    second = capy(project, "index", "adr/README.md")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert "indexed adr/README.md" in second.stdout and "replaced" not in second.stdout
    assert labels(project) == ["README.md", "adr/README.md"]


def test_the_label_does_not_depend_on_the_working_directory(project: Path) -> None:
    assert capy(project / "adr", "index", "README.md", "../README.md").returncode == 0
    assert labels(project) == ["README.md", "adr/README.md"]
    again = capy(project, "index", "adr/README.md")
    assert "unchanged adr/README.md" in again.stdout


def test_a_file_outside_the_project_is_labelled_by_its_absolute_path(
    project: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.md"
    outside.write_text("# Elsewhere\n\ntext\n")
    assert capy(project, "index", str(outside)).returncode == 0
    assert labels(project) == [os.path.realpath(outside)]


def test_stdin_without_a_label_never_replaces_earlier_stdin(project: Path) -> None:
    first = capy(project, "index", "-", stdin="first piped text\n")
    second = capy(project, "index", "-", stdin="second piped text\n")
    assert first.returncode == 0 and second.returncode == 0
    found = labels(project)
    assert len(found) == 2 and all(label.startswith("stdin:") for label in found)
    assert "replaced" not in second.stdout
