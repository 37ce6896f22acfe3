"""``capy search``, ``capy vault list`` and ``capy serve`` run before the CLI framework is built
(ADRs 0110, 0196).

The first two run many times a day from a terminal or a script, and cyclopts — importing it and
building every command's parameters — costs more than the rest of ``capy vault list``. A command
line made only of what these two commands take, each option spelt ``--name value`` at most once,
is read here and handed to the same function the cyclopts command calls; so is ``capy serve`` (or
bare ``capy``) with at most the global options, which would otherwise keep cyclopts resident in
the server all day. Anything else — ``--help``, ``--opt=value``, an unknown or repeated option,
a value that starts with ``-``, ``--tui`` — goes to cyclopts, which reads it, answers it and
words its errors as it always has.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

_GLOBAL_VALUES = ("--db", "--project-dir")
_SEARCH_VALUES = ("--limit", "--source", "--kinds")
_SEARCH_FLAGS = ("--all-kinds", "--json")
_LIST_VALUES = ("--project", "--limit")
_LIST_FLAGS = ("--json",)
_NUMBER_DIGITS = 9


def run_quickly(args: Sequence[str]) -> bool:
    """Run ``capy <args>`` here and exit if it is one of the commands read here; else False."""
    command = _quick_command(args)
    if command is None:
        return False
    from entrypoints.cli.failures import run_guarded

    outcome: list[int | None] = []
    run_guarded(lambda: outcome.append(command()))
    sys.exit(outcome[0] or 0)


def _quick_command(args: Sequence[str]) -> Callable[[], int | None] | None:
    read = _options(args, _GLOBAL_VALUES, (), stop_at_word=True)
    if read is None:
        return None
    globals_, rest = read
    if rest in ([], ["serve"]):
        return _serve(globals_)
    answer = None
    if rest[:1] == ["search"]:
        answer = _search(globals_, rest[1:])
    elif rest[:2] == ["vault", "list"] and "--db" not in globals_:
        answer = _vault_list(globals_, rest[2:])
    return None if answer is None else _ending_at_once(answer)


def _ending_at_once(command: Callable[[], int | None]) -> Callable[[], int | None]:
    """``command``, its answer flushed (a reader gone away is met here, inside ``run_guarded``,
    and ends quietly), then the process ended without the interpreter's teardown (ADR 0240)."""

    def answer() -> int:
        code = command() or 0
        sys.stdout.flush()
        from entrypoints.cli.process_end import end_process

        end_process(code)

    return answer


def _serve(globals_: dict[str, str]) -> Callable[[], int | None]:
    def serve() -> int:
        from entrypoints.cli.serve_run import run_serve

        _set_global_options(globals_)
        return run_serve()

    return serve


def _search(globals_: dict[str, str], rest: list[str]) -> Callable[[], int | None] | None:
    read = _options(rest, _SEARCH_VALUES, _SEARCH_FLAGS)
    if read is None:
        return None
    options, queries = read
    limit = _number(options.get("--limit", "3"))
    if not queries or limit is None:
        return None

    def search() -> int:
        from entrypoints.cli.search_run import run_search

        _set_global_options(globals_)
        return run_search(
            queries,
            limit=limit,
            source=options.get("--source"),
            kinds=options.get("--kinds"),
            all_kinds="--all-kinds" in options,
            as_json="--json" in options,
        )

    return search


def _vault_list(globals_: dict[str, str], rest: list[str]) -> Callable[[], int | None] | None:
    read = _options(rest, _LIST_VALUES, _LIST_FLAGS)
    if read is None:
        return None
    options, words = read
    limit = _number(options.get("--limit", "50"))
    if words or limit is None:
        return None

    def vault_list() -> None:
        from entrypoints.vault_cli.listing import list_archived

        _set_global_options(globals_)
        list_archived(options.get("--project"), limit, as_json="--json" in options)

    return vault_list


def _options(
    tokens: Sequence[str],
    values: tuple[str, ...],
    flags: tuple[str, ...],
    *,
    stop_at_word: bool = False,
) -> tuple[dict[str, str], list[str]] | None:
    """The options (each at most once) and the other words; None for anything else that
    starts with ``-``. With ``stop_at_word`` the reading stops at the first other word."""
    options: dict[str, str] = {}
    words: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token in options:
            return None
        if token in values:
            if index + 1 == len(tokens) or tokens[index + 1].startswith("-"):
                return None
            options[token] = tokens[index + 1]
            index += 2
        elif token in flags:
            options[token] = ""
            index += 1
        elif token.startswith("-"):
            return None
        elif stop_at_word:
            return options, list(tokens[index:])
        else:
            words.append(token)
            index += 1
    return options, words


def _number(text: str) -> int | None:
    """A whole number written in ASCII digits only (anything else is cyclopts' to read)."""
    if not text or len(text) > _NUMBER_DIGITS or not all("0" <= c <= "9" for c in text):
        return None
    return int(text)


def _set_global_options(given: dict[str, str]) -> None:
    from pathlib import Path

    from entrypoints.cli.options import GlobalOptions, set_global_options

    db, project_dir = given.get("--db"), given.get("--project-dir")
    set_global_options(
        GlobalOptions(
            db=Path(db) if db is not None else None,
            project_dir=Path(project_dir) if project_dir is not None else None,
        )
    )
