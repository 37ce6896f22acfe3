"""How ``capy index`` labels its inputs."""

from __future__ import annotations

from entrypoints.cli.commands.index import _labelled


def labels(paths: tuple[str, ...], label: str | None = None) -> list[str]:
    return [item.label for item in _labelled(paths, label)]


def test_file_names_by_default_and_stdin() -> None:
    assert labels(("docs/guide.md", "-")) == ["guide.md", "stdin"]


def test_same_file_name_twice_keeps_the_paths_apart() -> None:
    assert labels(("a/README.md", "b/README.md", "c/x.md")) == [
        "a/README.md",
        "b/README.md",
        "x.md",
    ]


def test_label_for_one_input_and_prefix_for_several() -> None:
    assert labels(("notes.txt",), "team") == ["team"]
    assert labels(("notes.txt", "-"), "team") == ["team:notes.txt", "team:stdin"]
