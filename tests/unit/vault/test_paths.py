"""Which stored names may become paths, and recovering a project path from its folder name."""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest

from domain.vault.paths import (
    mangled_project_folder,
    safe_folder_name,
    safe_relative_path,
    unmangle,
)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "/etc/passwd",
        "../up",
        "a/../../up",
        "a//b",
        "a/./b",
        "a/",
        "C:/windows",
        "a\\..\\b",
        "nul\x00byte",
        "..",
        ".",
    ],
)
def test_names_that_could_leave_the_folder_are_refused(name: str) -> None:
    assert safe_relative_path(name) is None


def test_plain_relative_names_are_kept() -> None:
    assert safe_relative_path("subagents/agent-1.jsonl") == PurePosixPath("subagents/agent-1.jsonl")
    assert safe_relative_path(".hidden/x..y") == PurePosixPath(".hidden/x..y")
    assert safe_folder_name("-home-dev-app")
    assert not safe_folder_name("a/b")
    assert not safe_folder_name("..")


def test_mangling_as_claude_code_does() -> None:
    assert mangled_project_folder("/home/a/my_app.v2") == "-home-a-my-app-v2"
    assert mangled_project_folder("/x" * 150) is None


TREE = {
    "/": ["home", "srv"],
    "/home": ["u"],
    "/home/u": [".config", "my", "my.repo"],
    "/home/u/.config": ["a_b c"],
    "/srv": ["x-y"],
}


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("-home-u-my-repo", "/home/u/my.repo"),
        ("-home-u-my", "/home/u/my"),
        ("-home-u--config", "/home/u/.config"),
        ("-home-u--config-a-b-c", "/home/u/.config/a_b c"),
        ("-srv-x-y", "/srv/x-y"),
        ("-nowhere-x", None),
        ("home-u", None),
    ],
)
def test_unmangling_follows_the_directories_that_exist(name: str, path: str | None) -> None:
    assert unmangle(name, lambda directory: TREE.get(directory, [])) == path


def test_unmangling_stops_after_its_budget() -> None:
    calls: list[str] = []

    def endless(directory: str) -> list[str]:
        calls.append(directory)
        return ["a"]

    assert unmangle("-" + "-".join(["a"] * 50) + "-z", endless, listings=10) is None
    assert len(calls) == 10
