"""How ``capy index`` labels its inputs: by the path relative to the project, never the bare
file name (two README.md files must not replace each other)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from entrypoints.cli.commands.index import _labelled


def labels(paths: tuple[str, ...], root: Path, label: str | None = None) -> list[str | None]:
    return [item.label for item in _labelled(paths, label, root)]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    monkeypatch.chdir(root / "docs")
    return root


def test_files_are_labelled_by_their_path_relative_to_the_project(project: Path) -> None:
    assert labels(("guide.md", "../README.md", str(project / "adr" / "README.md")), project) == [
        "docs/guide.md",
        "README.md",
        "adr/README.md",
    ]


def test_a_file_outside_the_project_keeps_its_absolute_path(project: Path) -> None:
    outside = project.parent / "elsewhere" / "notes.md"
    assert labels(("../../elsewhere/notes.md",), project) == [
        os.path.realpath(outside),
    ]


def test_a_symlink_is_labelled_by_the_file_it_reaches(project: Path) -> None:
    (project / "real.md").write_text("x")
    (project / "docs" / "link.md").symlink_to(project / "real.md")
    assert labels(("link.md",), project) == ["real.md"]


def test_stdin_without_a_label_is_labelled_by_its_text(project: Path) -> None:
    (stdin,) = _labelled(("-",), None, project)
    assert stdin.label is None
    first, second = stdin.label_for("one text\n"), stdin.label_for("another text\n")
    assert first.startswith("stdin:") and second.startswith("stdin:") and first != second
    assert stdin.label_for("one text\n") == first


def test_label_for_one_input_and_prefix_for_several(project: Path) -> None:
    assert labels(("notes.txt",), project, "team") == ["team"]
    assert labels(("notes.txt", "-"), project, "team") == ["team:docs/notes.txt", "team:stdin"]
