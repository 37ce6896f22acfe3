"""A mistyped command line is one ``capy: …`` line naming the help to read, exit code 2."""

from __future__ import annotations

import pytest

from entrypoints.cli.app import run


def _fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        run(argv)
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("capy: ")
    assert "╭" not in captured.err  # no framed panel
    return captured.err


def test_an_unknown_command_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["serch", "pool size"], capsys)
    assert err == "capy: unknown command 'serch' — run `capy --help` to see the commands\n"


def test_a_bad_option_value_names_the_command_help(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["index", "notes.md", "--kind", "forever"], capsys)
    assert 'Invalid value "forever" for --kind' in err
    assert err.endswith("— run `capy index --help`\n")


def test_a_misspelt_option_gets_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["search", "pool", "--limt", "3"], capsys)
    assert "Did you mean --limit?" in err and "`capy search --help`" in err


def test_a_global_option_without_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["--db"], capsys)
    assert "--db requires an argument" in err and err.endswith("— run `capy --help`\n")


def test_an_extra_argument_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["doctor", "--markdown", "extra"], capsys)
    assert err == "capy: capy doctor takes no argument 'extra' — run `capy doctor --help`\n"
