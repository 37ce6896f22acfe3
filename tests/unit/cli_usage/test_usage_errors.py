"""A mistyped command line is one ``capy: …`` line naming the help to read, exit code 2."""

from __future__ import annotations

import pytest

from entrypoints.cli.app import invoke, run


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


def test_an_unknown_vault_command_names_the_vault_help(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["vault", "lst"], capsys)
    assert err == (
        "capy: unknown command 'lst'; did you mean \"list\"? — run `capy vault --help` to see "
        "the commands\n"
    )


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["vault", "import", "--dryrun"], "Did you mean --dry-run?"),
        (
            ["sweep", "--dryrun"],
            "capy sweep is a dry run already: it only reports unless given --force",
        ),
        (["cleanup", "--dry-run"], "capy cleanup is a dry run already"),
        (["vault", "import", "--DRYRUN"], "Did you mean --dry-run?"),
    ],
)
def test_dry_run_spelt_otherwise_is_understood(
    argv: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert hint in _fails(argv, capsys)


def test_the_vault_help_does_not_offer_the_ignored_db(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["vault", "--help"], ["vault", "list", "--help"], ["vault", "rekey", "--help"]):
        invoke(argv)
        shown = capsys.readouterr().out
        assert "Usage: capy vault" in shown, "no help printed: nothing to check"
        assert "--db" not in shown and "--project-dir" in shown
    invoke(["--help"])
    assert "--db" in capsys.readouterr().out  # the knowledge base's commands still take it


def test_db_given_to_the_vault_is_refused_with_the_way_to_another_vault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        run(["--db", "/tmp/other.db", "vault", "list"])
    assert exited.value.code == 1
    assert "CAPY_VAULT_PATH" in capsys.readouterr().err


def test_vault_tui_opens_the_interface(capsys: pytest.CaptureFixture[str]) -> None:
    """Under pytest there is no terminal: reaching that refusal proves --tui was taken."""
    with pytest.raises(SystemExit) as exited:
        run(["vault", "--tui"])
    assert exited.value.code == 1
    assert "--tui needs a terminal" in capsys.readouterr().err
