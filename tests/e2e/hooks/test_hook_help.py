"""``capy hook --help`` answers a person even when stdin is not a terminal."""

from __future__ import annotations

import subprocess

import pytest


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["pretooluse", "--help"]])
def test_help_prints_the_usage(capy_command: str, args: list[str]) -> None:
    done = subprocess.run(
        [capy_command, "hook", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("usage: capy hook <event>")
    assert "pretooluse" in done.stdout and "capy setup" in done.stdout
