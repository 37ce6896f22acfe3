"""The installed ``capy`` command answers --version, and --help for every command."""

from __future__ import annotations

import subprocess

import pytest

from tests.e2e.installed import installed_capy

COMMANDS = [
    ["serve"],
    ["hook"],
    ["setup"],
    ["doctor"],
    ["which"],
    ["index"],
    ["search"],
    ["cleanup"],
    ["checkpoint"],
    ["dbsize"],
    ["sweep"],
    ["sources"],
    ["stats"],
    ["encrypt"],
    ["bench", "quality"],
    ["bench", "compare"],
    ["bench", "perf"],
]


@pytest.fixture(scope="module")
def capy() -> str:
    return installed_capy()


def test_version(capy: str) -> None:
    out = subprocess.run([capy, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() and out.stdout.strip() != "unknown"  # the capy-mcp distribution


def test_help(capy: str) -> None:
    out = subprocess.run([capy, "--help"], capture_output=True, text=True, check=True)
    assert "capy" in out.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_help(capy: str, command: list[str]) -> None:
    out = subprocess.run(
        [capy, *command, "--help"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    # `capy hook` answers before the CLI loads (a hook must be fast): its own usage line.
    assert f"sage: capy {' '.join(command)}" in out.stdout
    assert len(out.stdout.strip().splitlines()) > 3, "a usage line alone says nothing"


def test_an_unknown_command_is_one_line_with_the_fix(capy: str) -> None:
    out = subprocess.run([capy, "bogus"], capture_output=True, text=True, check=False)
    assert out.returncode != 0
    assert out.stderr.strip().count("\n") == 0
    assert "capy --help" in out.stderr
