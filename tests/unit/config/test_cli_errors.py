"""A failing command prints one actionable line on stderr and exits 1, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from entrypoints.cli import app as cli_app
from entrypoints.cli.app import run


def test_a_capy_error_is_one_line_with_its_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        run(["--project-dir", str(tmp_path / "missing"), "which"])
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("capy: --project-dir points to ")
    assert " — point --project-dir at the project directory" in err
    assert "Traceback" not in err


def test_an_unexpected_error_asks_for_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import entrypoints.cli.commands.which as which_command

    def explode(**_: object) -> None:
        raise RuntimeError("boom\nsecond line")

    cli_app._load_commands(["which"])
    monkeypatch.setattr(which_command, "Core", explode)
    monkeypatch.delenv("CAPY_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exited:
        run(["which"])
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "RuntimeError: boom second line" in err
    assert "bug in capy" in err
    assert "CAPY_DEBUG=1" in err


def test_capy_debug_shows_the_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import entrypoints.cli.commands.which as which_command

    def explode(**_: object) -> None:
        raise RuntimeError("boom")

    cli_app._load_commands(["which"])
    monkeypatch.setattr(which_command, "Core", explode)
    monkeypatch.setenv("CAPY_DEBUG", "1")
    with pytest.raises(SystemExit):
        run(["which"])
    err = capsys.readouterr().err
    assert "Traceback" in err
    assert err.rstrip().splitlines()[-1].startswith("capy: unexpected error")
