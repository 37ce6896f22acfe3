"""HTTP from a shell command line that would pour a response into the agent's context.

``curl``/``wget`` are fine when they write to a file and stay quiet (``curl -sSo out.json URL``,
``wget -q URL``, ``curl -s URL > out.json``); anything that prints the body or a progress meter
to the terminal is not. Inline HTTP is code passed to an interpreter on the command line
(``python3 -c``, ``node -e``, a heredoc) that calls ``requests.get(``, ``fetch('http…``, ….
"""

from __future__ import annotations

import re

from domain.hooks.shell_scan import SimpleCommand, is_redirection, simple_commands

_STDOUT_TARGETS = frozenset({"-", "/dev/stdout", "/dev/tty", "/dev/fd/1", "/proc/self/fd/1"})
# curl short options that take a value; in a cluster (-sSLo file) the value follows the letter.
_CURL_VALUE_LETTERS = frozenset("dHXuAebcFTwxKrmECYyzQDPtUoh")
_WGET_VALUE_LETTERS = frozenset("OoaePTtwUiBYlQAR")
_INTERPRETERS = re.compile(
    r"^(?:python[\d.]*|pypy[\d.]*|node|nodejs|deno|bun|ruby|perl|php[\d.]*|pwsh|powershell|osascript)$"
)
_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "eval"})
_CODE_FLAGS = frozenset({"-c", "-e", "-E", "--eval", "-p", "--print", "-r", "-Command", "eval"})
_INLINE_HTTP = re.compile(
    r"""fetch\s*\(\s*[`'"]?https?:"""
    r"""|\brequests\.(?:get|post|put|patch|delete|head|request)\s*\("""
    r"""|\bhttpx\.(?:get|post|put|patch|delete|head|request|stream|Client)\s*\("""
    r"""|\bhttps?\.(?:get|request)\s*\("""
    r"""|\brequire\(\s*['"]https?['"]\s*\)\.(?:get|request)\s*\("""
    r"""|\burlopen\s*\(|\burllib\.request\b"""
    r"""|\baxios(?:\.(?:get|post|put|patch|delete|request))?\s*\("""
    r"""|\bNet::HTTP\b|\bURI\.open\s*\(|\bopen-uri\b"""
    r"""|\bInvoke-(?:WebRequest|RestMethod)\b|\bLWP::|\bHTTP::Tiny\b""",
    re.IGNORECASE,
)


def floods_terminal(command_line: str, _depth: int = 0) -> bool:
    """True when some ``curl``/``wget`` in the command line prints a download to the terminal."""
    for command in simple_commands(command_line):
        program = command.program
        if program == "curl" and not _curl_is_quiet_download(command):
            return True
        if program == "wget" and not _wget_is_quiet_download(command):
            return True
        if (
            program in _SHELLS
            and _depth < 4
            and any(floods_terminal(script, _depth + 1) for script in _shell_scripts(command))
        ):
            return True
    return False


def _shell_scripts(command: SimpleCommand) -> list[str]:
    """The scripts ``bash -c '…'``, ``sh <<EOF`` and ``eval '…'`` run."""
    args = command.arguments
    if command.program == "eval":
        return [" ".join(args)]
    scripts = list(command.heredocs)
    for index, word in enumerate(args[:-1]):
        if word.startswith("-") and not word.startswith("--") and "c" in word:
            scripts.append(args[index + 1])
            break
    return scripts


def runs_inline_http(command_line: str) -> bool:
    """True when code handed to an interpreter on the command line makes an HTTP request."""
    for command in simple_commands(command_line):
        if not _INTERPRETERS.match(command.program):
            continue
        for code in _inline_code(command):
            if _INLINE_HTTP.search(code):
                return True
    return False


def _inline_code(command: SimpleCommand) -> list[str]:
    args = command.arguments
    code = list(command.heredocs)
    for index, word in enumerate(args):
        if (
            (word in _CODE_FLAGS and index + 1 < len(args))
            or (word == "<<<" and index + 1 < len(args))
            or (_is_code_cluster(word) and index + 1 < len(args))
        ):
            code.append(args[index + 1])
    return code


def _is_code_cluster(word: str) -> bool:
    """Short-option clusters ending in a code flag: ``-Sc``, ``-le``."""
    return word.startswith("-") and not word.startswith("--") and len(word) > 2 and word[-1] in "ce"


def _redirects(command: SimpleCommand) -> tuple[bool, bool]:
    """(stdout goes to a file, stderr goes to a file or is discarded)."""
    stdout_to_file = stderr_to_file = False
    words = command.words
    for index, word in enumerate(words):
        if not is_redirection(word) or index + 1 >= len(words):
            continue
        target = words[index + 1]
        to_file = not target.startswith("&") and target not in _STDOUT_TARGETS and target != "1"
        if word in {">", ">>", "1>", "1>>", ">|"} and to_file:
            stdout_to_file = True
        elif word in {"&>", "&>>"} and to_file:
            stdout_to_file = stderr_to_file = True
        elif word in {"2>", "2>>"} and to_file:
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


def _options(command: SimpleCommand, value_letters: frozenset[str]) -> list[tuple[str, str | None]]:
    """Every option as (name, value); long options keep their ``--`` prefix."""
    args = command.arguments
    found: list[tuple[str, str | None]] = []
    for index, word in enumerate(args):
        following = args[index + 1] if index + 1 < len(args) else None
        if word.startswith("--"):
            name, eq, value = word.partition("=")
            found.append((name, value if eq else following))
        elif word.startswith("-") and len(word) > 1 and not is_redirection(word):
            found.extend(_short_cluster(word, value_letters, following))
    return found


def _curl_is_quiet_download(command: SimpleCommand) -> bool:
    stdout_to_file, stderr_to_file = _redirects(command)
    to_file = stdout_to_file
    silent = stderr_to_file
    for name, value in _options(command, _CURL_VALUE_LETTERS):
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


def _wget_is_quiet_download(command: SimpleCommand) -> bool:
    stdout_to_file, stderr_to_file = _redirects(command)
    quiet = stderr_to_file
    for name, value in _options(command, _WGET_VALUE_LETTERS):
        if name in {"O", "--output-document"} and value in _STDOUT_TARGETS and not stdout_to_file:
            return False
        if name in {"q", "--quiet", "--no-verbose", "o", "--output-file", "a", "--append-output"}:
            quiet = True
        elif name in {"d", "--debug"}:
            return False
    return quiet or _has_word(command, "-nv")


def _has_word(command: SimpleCommand, word: str) -> bool:
    return word in command.arguments
