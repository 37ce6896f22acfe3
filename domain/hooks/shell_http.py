"""HTTP from a shell command line that would pour a response into the agent's context.

``curl``/``wget`` are fine when they write to a file and stay quiet (``curl -sSo out.json URL``,
``wget -q URL``, ``curl -s URL > out.json``); anything that prints the body or a progress meter
to the terminal is not. Inline HTTP is code passed to an interpreter (``python3 -c``,
``node -e``, a heredoc) that calls ``requests.get(``, ``fetch('http…``, ….

The command line is read by ``domain.shell`` — the same reading the permission rules get — so
a curl behind ``sudo``, inside ``bash -c``, ``$(…)`` or a heredoc fed to a shell is seen too.
A command line too big to read within the analysis limits gets no advice.
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.hooks.inline_http import calls_http
from domain.shell.analysis import Analysis
from domain.shell.invocations import analyse
from domain.shell.limits import AnalysisLimit
from domain.shell.programs import basename
from domain.shell.syntax import Redirect

_STDOUT_TARGETS = frozenset({"-", "/dev/stdout", "/dev/tty", "/dev/fd/1", "/proc/self/fd/1"})
# curl short options that take a value; in a cluster (-sSLo file) the value follows the letter.
_CURL_VALUE_LETTERS = frozenset("dHXuAebcFTwxKrmECYyzQDPtUoh")
_WGET_VALUE_LETTERS = frozenset("OoaePTtwUiBYlQAR")


def _analysis(command_line: str) -> Analysis | None:
    try:
        return analyse(command_line)
    except AnalysisLimit:
        return None


def http_calls(command_line: str) -> Iterator[tuple[str, tuple[str, ...], tuple[Redirect, ...]]]:
    """``(program, arguments, redirections)`` of every curl/wget the command line would run."""
    analysis = _analysis(command_line)
    if analysis is None:
        return
    for invocation in analysis.invocations:
        redirects = invocation.command.redirects if invocation.command is not None else ()
        for stage in invocation.stages:
            program = basename(stage.words[0])
            if program in {"curl", "wget"}:
                yield program, stage.words[1:], redirects


def floods_terminal(command_line: str) -> bool:
    """True when some ``curl``/``wget`` in the command line prints a download to the terminal."""
    for program, arguments, redirects in http_calls(command_line):
        if program == "curl" and not _curl_is_quiet_download(arguments, redirects):
            return True
        if program == "wget" and not _wget_is_quiet_download(arguments, redirects):
            return True
    return False


def runs_inline_http(command_line: str) -> bool:
    """True when code handed to an interpreter on the command line makes an HTTP request."""
    analysis = _analysis(command_line)
    return analysis is not None and any(calls_http(c.text) for c in analysis.code)


def _redirects(redirects: tuple[Redirect, ...]) -> tuple[bool, bool]:
    """(stdout goes to a file, stderr goes to a file or is discarded)."""
    stdout_to_file = stderr_to_file = False
    for redirect in redirects:
        target = redirect.target
        to_file = (
            bool(target)
            and not target.startswith("&")
            and target not in _STDOUT_TARGETS
            and not (redirect.op == ">&" and (target.isdigit() or target == "-"))
        )
        if not to_file:
            continue
        if redirect.op in {"&>", "&>>"}:
            stdout_to_file = stderr_to_file = True
        elif redirect.op in {">", ">>", ">|", ">&"} and redirect.fd in {"", "1"}:
            stdout_to_file = True
        elif redirect.op in {">", ">>", ">|"} and redirect.fd == "2":
            stderr_to_file = True
    return stdout_to_file, stderr_to_file


def _short_cluster(
    word: str, value_letters: frozenset[str], next_word: str | None
) -> list[tuple[str, str | None]]:
    """``-sSLo out`` → [("s", None), ("S", None), ("L", None), ("o", "out")]."""
    out: list[tuple[str, str | None]] = []
    letters = word[1:]
    for position, letter in enumerate(letters):
        if letter in value_letters:
            rest = letters[position + 1 :]
            out.append((letter, rest if rest else next_word))
            break
        out.append((letter, None))
    return out


def _options(
    arguments: tuple[str, ...], value_letters: frozenset[str]
) -> list[tuple[str, str | None]]:
    """Every option as (name, value); long options keep their ``--`` prefix."""
    found: list[tuple[str, str | None]] = []
    for index, word in enumerate(arguments):
        following = arguments[index + 1] if index + 1 < len(arguments) else None
        if word.startswith("--"):
            name, eq, value = word.partition("=")
            found.append((name, value if eq else following))
        elif word.startswith("-") and len(word) > 1:
            found.extend(_short_cluster(word, value_letters, following))
    return found


def _curl_is_quiet_download(arguments: tuple[str, ...], redirects: tuple[Redirect, ...]) -> bool:
    stdout_to_file, stderr_to_file = _redirects(redirects)
    to_file = stdout_to_file
    silent = stderr_to_file
    for name, value in _options(arguments, _CURL_VALUE_LETTERS):
        if name in {"o", "--output"}:
            if value in _STDOUT_TARGETS:
                return False
            to_file = True
        elif name in {"O", "--remote-name", "--remote-name-all"}:
            to_file = True
        elif name in {"s", "--silent"}:
            silent = True
        elif name in {"v", "--verbose", "--trace", "--trace-ascii"} or (
            name in {"D", "--dump-header"} and value in _STDOUT_TARGETS
        ):
            return False
    return to_file and silent


def _wget_is_quiet_download(arguments: tuple[str, ...], redirects: tuple[Redirect, ...]) -> bool:
    stdout_to_file, stderr_to_file = _redirects(redirects)
    quiet = stderr_to_file
    for name, value in _options(arguments, _WGET_VALUE_LETTERS):
        if name in {"O", "--output-document"} and value in _STDOUT_TARGETS and not stdout_to_file:
            return False
        if name in {"q", "--quiet", "--no-verbose", "o", "--output-file", "a", "--append-output"}:
            quiet = True
        elif name in {"d", "--debug"}:
            return False
    return quiet or "-nv" in arguments
