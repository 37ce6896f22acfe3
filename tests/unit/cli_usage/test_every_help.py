"""Every command's --help shows its own usage line and first sentence, with nothing swallowed
by the help's markup (a ``<hash>`` in a path) — checked on every command there is."""

from __future__ import annotations

import re

import pytest

from entrypoints.cli.app import _load_commands, app, invoke


def _commands() -> list[list[str]]:
    _load_commands(["--help"])
    found: list[list[str]] = []

    def walk(group: object, chain: list[str]) -> None:
        for name in group:  # type: ignore[attr-defined]
            if name.startswith("-"):
                continue
            sub = group[name]  # type: ignore[index]
            found.append([*chain, name])
            walk(sub, [*chain, name])

    walk(app, [])
    return found


COMMANDS = _commands()


def test_there_are_commands_to_check() -> None:
    names = {" ".join(c) for c in COMMANDS}
    assert {"search", "sources", "stats", "vault list", "vault rekey", "import-kb"} <= names


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_help_names_the_command_and_says_what_it_does(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    invoke([*command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert f"Usage: capy {' '.join(command)}" in shown
    group = app
    for name in command:
        group = group[name]
    summary = " ".join(str(group.help or "").split()).split(". ")[0].split(": ")[0]
    assert summary, f"capy {' '.join(command)} has no help text"
    plain = re.sub(r"`", "", summary)
    assert plain[:40] in shown, f"the first sentence is missing: {plain!r}"
    assert not re.search(r"[^:]//", shown), "markup swallowed part of a path"
    if command[0] == "vault":
        assert "--db" not in shown, "the vault ignores --db; its help must not offer it"


def test_import_kb_help_shows_the_hash_folder(capsys: pytest.CaptureFixture[str]) -> None:
    invoke(["import-kb", "--help"])
    assert "~/.local/share/capy/<hash>/" in capsys.readouterr().out
