"""Commands that run another command (``sudo``, ``env``, ``timeout 5``, ``xargs``…) and how to
peel them off, so ``Bash(rm *)`` still sees ``sudo -u x env A=1 nice -n 5 rm -rf /``."""

from __future__ import annotations

import re

from domain.hooks.value import Value
from domain.permissions.shell_words import shell_words

ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=")
_REDIRECTION = re.compile(r"^(\d*|&)(>>?|<<?|>&|<&|>\|)(.*)$")


class Wrapper(Value):
    __slots__ = ("flags_with_value", "positionals")
    flags_with_value: frozenset[str]
    positionals: int  # words after the flags that are not the command (``timeout 5``)

    def __init__(
        self, flags_with_value: frozenset[str] = frozenset(), positionals: int = 0
    ) -> None:
        self._init(flags_with_value=flags_with_value, positionals=positionals)


def _w(flags: str = "", positionals: int = 0) -> Wrapper:
    return Wrapper(frozenset(flags.split()), positionals)


WRAPPERS: dict[str, Wrapper] = {
    "env": _w("-u --unset -C --chdir -P -a --argv0"),
    "command": _w(),
    "builtin": _w(),
    "exec": _w("-a"),
    "nice": _w("-n --adjustment"),
    "nohup": _w(),
    "time": _w("-f --format -o --output"),
    "timeout": _w("-s --signal -k --kill-after", positionals=1),
    "xargs": _w(
        "-I -n -L -P -s -d -E -a --arg-file --delimiter --max-args --max-procs --max-lines "
        "--max-chars --eof --replace --process-slot-var"
    ),
    "sudo": _w(
        "-u -g -h -p -C -D -r -t -U -T -R --user --group --host --prompt --close-from "
        "--chdir --role --type --other-user --command-timeout --chroot"
    ),
    "doas": _w("-u -C"),
    "stdbuf": _w("-i -o -e --input --output --error"),
    "setsid": _w(),
    "ionice": _w("-c -n -p -t --class --classdata"),
    "taskset": _w(positionals=1),
    "chrt": _w(positionals=1),
    "flock": _w("-w -E --timeout --conflict-exit-code", positionals=1),
    "unbuffer": _w(),
    "caffeinate": _w("-t -w"),
    "watch": _w("-n -d --interval --differences"),
    "strace": _w("-o -e -p -s -u -P"),
    "ltrace": _w("-o -e -p -s -u"),
    "chroot": _w("--userspec --groups", positionals=1),
    "runuser": _w("-u -g -G --user --group"),
    "busybox": _w(),
    "coproc": _w(),
}
SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "yash", "rbash"})


def basename(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def drop_prefix_noise(words: list[str]) -> list[str]:
    """Leading ``VAR=value`` assignments and redirections (``>/dev/null rm x``)."""
    i = 0
    while i < len(words):
        word = words[i]
        if ASSIGNMENT.match(word):
            i += 1
            continue
        redirection = _REDIRECTION.match(word)
        if redirection:
            i += 1 if redirection.group(3) else 2
            continue
        break
    return words[i:]


def _skip_flags(words: list[str], wrapper: Wrapper) -> list[str]:
    i = 0
    while i < len(words) and words[i].startswith("-") and words[i] != "-":
        word = words[i]
        i += 1
        if word == "--":
            break
        if word.startswith("--"):
            if "=" not in word and word in wrapper.flags_with_value:
                i += 1
        elif word[:2] in wrapper.flags_with_value and len(word) == 2:
            i += 1
    i += wrapper.positionals
    return words[i:]


def peel_once(words: list[str]) -> list[str] | None:
    """Remove one wrapper (with its flags) from the front, or ``None`` when there is none."""
    if not words:
        return None
    name = basename(words[0])
    wrapper = WRAPPERS.get(name)
    if wrapper is None:
        return None
    rest = words[1:]
    rest = _env_rest(rest) if name == "env" else _skip_flags(rest, wrapper)
    return drop_prefix_noise(rest)


def _env_rest(words: list[str]) -> list[str]:
    """``env`` flags and assignments; ``env -S 'cmd args'`` splits its string into words."""
    i = 0
    while i < len(words):
        word = words[i]
        if word in {"-S", "--split-string"} and i + 1 < len(words):
            return shell_words(words[i + 1]) + words[i + 2 :]
        if word.startswith("--split-string="):
            return shell_words(word.split("=", 1)[1]) + words[i + 1 :]
        if word.startswith("-S") and len(word) > 2:
            return shell_words(word[2:]) + words[i + 1 :]
        if word == "--":
            return words[i + 1 :]
        if word.startswith("-") and word != "-":
            i += 2 if word in WRAPPERS["env"].flags_with_value else 1
            continue
        if ASSIGNMENT.match(word):
            i += 1
            continue
        break
    return words[i:]


def shell_inline_script(words: list[str]) -> str | None:
    """The script of ``bash -c '…'`` (flags allowed before ``-c``), else ``None``."""
    if not words or basename(words[0]) not in SHELLS:
        return None
    i = 1
    wants_script = False
    while i < len(words):
        word = words[i]
        if word == "--":
            i += 1
            break
        if word in {"-o", "+o", "-O", "+O"}:
            i += 2
            continue
        if word[:1] in "-+" and len(word) > 1:
            if not word.startswith("--") and "c" in word[1:]:
                wants_script = True
            i += 1
            continue
        break
    if wants_script and i < len(words):
        return words[i]
    return None


_INTERPRETERS: dict[str, tuple[str, frozenset[str]]] = {
    "python": ("python", frozenset({"-c"})),
    "node": ("javascript", frozenset({"-e", "--eval", "-p", "--print"})),
    "bun": ("javascript", frozenset({"-e", "--eval", "-p", "--print"})),
    "deno": ("javascript", frozenset({"eval"})),
    "tsx": ("typescript", frozenset({"-e", "--eval", "-p", "--print"})),
    "ts-node": ("typescript", frozenset({"-e", "--eval", "-p", "--print"})),
    "ruby": ("ruby", frozenset({"-e"})),
    "perl": ("perl", frozenset({"-e", "-E"})),
    "php": ("php", frozenset({"-r"})),
    "Rscript": ("r", frozenset({"-e"})),
    "elixir": ("elixir", frozenset({"-e"})),
}
_VERSIONED = re.compile(r"^(python|pypy|perl|ruby|php)[\d.]*$")


def interpreter_language(name: str) -> str | None:
    """``python3.12`` → ``python``; ``None`` for anything that is not a known interpreter."""
    versioned = _VERSIONED.match(name)
    key = "python" if name.startswith("pypy") else versioned.group(1) if versioned else name
    entry = _INTERPRETERS.get(key)
    return entry[0] if entry else None


def interpreter_inline_code(words: list[str]) -> tuple[str, str] | None:
    """``python3 -c 'code'`` → (``python``, ``code``); also ``node -e``, ``perl -e``, ``php -r``…"""
    if not words:
        return None
    name = basename(words[0])
    language = interpreter_language(name)
    if language is None:
        return None
    versioned = _VERSIONED.match(name)
    key = "python" if name.startswith("pypy") else versioned.group(1) if versioned else name
    flags = _INTERPRETERS[key][1]
    for i, word in enumerate(words[1:-1], start=1):
        if word in flags:
            return language, words[i + 1]
        if word.startswith("--eval=") or word.startswith("--print="):
            return language, word.split("=", 1)[1]
    return None
