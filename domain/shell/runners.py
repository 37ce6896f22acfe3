"""Commands that run other commands given as arguments or option values.

``find -exec``, ``trap '…' EXIT``, ``awk 'BEGIN{system("…")}'``, ``sed 'e …'``, ``ssh host cmd``,
``git -c core.sshCommand=…``, ``tar --to-command=…``, ``rsync -e …``, ``ssh -o ProxyCommand=…``,
``vim -c '!…'``, ``sqlite3 db '.shell …'``, ``tmux new-session '…'``… What they would run is
returned as scripts to check like any other; what they would run but capy cannot read
(``awk '{system($0)}'``, ``sed 's/x/y/e'``) is returned as a reason, and fails closed.
"""

from __future__ import annotations

import re

from domain.lazy_pattern import LazyPattern
from domain.shell.programs import RUNTIME_INPUT, basename
from domain.shell.quoting import quote
from domain.shell.runs import NOTHING, Runs, option_values

_LANGUAGE_PROGRAMS = frozenset(
    {
        "gdb",
        "sqlite3",
        "psql",
        "mysql",
        "mariadb",
        "expect",
        "sed",
        "gsed",
        "awk",
        "gawk",
        "mawk",
        "nawk",
        "busybox-awk",
        "vim",
        "vi",
        "nvim",
        "ex",
        "view",
        "vimdiff",
        "gvim",
        "rvim",
        "evim",
    }
)
_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
_SSH_VALUE_FLAGS = frozenset("BbcDEeFIiJLlmOoPpQRSWw")
_SSH_COMMAND_OPTIONS = LazyPattern(
    r"^(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[= ]\s*(.*)$",
    re.IGNORECASE | re.DOTALL,
)
_GIT_COMMAND_KEYS = LazyPattern(
    r"^(?:core\.(?:sshcommand|pager|editor|askpass|fsmonitor|hookspath)|sequence\.editor"
    r"|diff\.external|diff\..+\.(?:textconv|command)|merge\..+\.driver"
    r"|filter\..+\.(?:clean|smudge|process)|gpg\.(?:.+\.)?program|pager\..+|web\.browser"
    r"|browser\..+\.cmd|uploadpack\.packobjectshook|credential\.helper|alias\..+"
    r"|interactive\.difffilter|sendemail\..+|man\..+\.cmd|remote\..+\.(?:uploadpack|receivepack)"
    r"|core\.gitproxy|http\..*proxy.*|ssh\.variant)=(.*)$",
    re.IGNORECASE | re.DOTALL,
)
_TAR_COMMAND_OPTIONS = frozenset(
    {
        "--to-command",
        "--use-compress-program",
        "--info-script",
        "--new-volume-script",
        "--rsh-command",
        "-I",
        "-F",
    }
)
_TMUX_COMMANDS = frozenset(
    {
        "new-session",
        "new",
        "new-window",
        "neww",
        "split-window",
        "splitw",
        "respawn-pane",
        "respawnp",
        "respawn-window",
        "respawnw",
        "run-shell",
        "run",
        "display-popup",
        "popup",
        "if-shell",
        "if",
        "pipe-pane",
        "pipep",
        "send-keys",
        "send",
    }
)
_SCRIPT_LISTS = frozenset({"hyperfine", "concurrently"})
_KEY_NAMES = LazyPattern(r"^(?:Enter|C-[a-zA-Z]|M-[a-zA-Z]|Escape|Space|Tab|BSpace|KP.*)$")


def commands_run_by(words: tuple[str, ...] | list[str]) -> Runs:
    """What ``words`` (one command, wrappers already peeled) runs besides itself."""
    if not words:
        return NOTHING
    name = basename(words[0])
    args = list(words[1:])
    handler = _HANDLERS.get(name)
    if handler is None:
        if name in _LANGUAGE_PROGRAMS:
            return _in_own_language(name, args)
        return NOTHING
    return handler(args)


def _find(args: list[str]) -> Runs:
    scripts: list[str] = []
    unknown: list[str] = []
    i = 0
    while i < len(args):
        if args[i] in _FIND_EXEC:
            j = i + 1
            while j < len(args) and args[j] not in {";", "+", "\\;"}:
                j += 1
            command = [w.replace("{}", RUNTIME_INPUT) for w in args[i + 1 : j]]
            if command and command[0] == RUNTIME_INPUT:
                unknown.append(f"find {args[i]} runs the found files themselves")
            elif command:
                scripts.append(" ".join(_quote(w) for w in command))
            i = j
        i += 1
    return Runs(tuple(scripts), unknown=tuple(unknown))


def _quote(word: str) -> str:
    return word if word == RUNTIME_INPUT else quote(word)


def _script_flag(args: list[str]) -> Runs:
    return Runs(tuple(option_values(args, frozenset({"-c", "--command"}))))


def _trap(args: list[str]) -> Runs:
    rest = [a for a in args if a not in {"-l", "-p", "-P"}]
    if rest and rest[0] == "--":
        rest = rest[1:]
    if len(rest) >= 2 and rest[0] != "-" and not rest[0].isdigit():
        return Runs((rest[0],))
    return NOTHING


def _alias(args: list[str]) -> Runs:
    # the alias will run as ``value args…``; check it with a stand-in argument
    return Runs(tuple(w.split("=", 1)[1] + " …" for w in args if "=" in w))


def _hash(args: list[str]) -> Runs:
    if "-p" in args[:-1]:
        at = args.index("-p")
        return Runs((f"{quote(args[at + 1])} …",))
    return NOTHING


def ssh_remote_command(args: list[str]) -> list[str]:
    """The words after ``ssh [options] host``: the command it runs (empty: a login shell that
    reads stdin)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        word = args[i]
        takes_value = len(word) == 2 and word[1] in _SSH_VALUE_FLAGS
        i += 2 if takes_value else 1
    return args[i + 1 :]


def _ssh(args: list[str]) -> Runs:
    """``ssh host cmd…`` runs ``cmd…`` through a shell (possibly on this very machine), and
    ``-o ProxyCommand=…``/``LocalCommand`` run here."""
    scripts = [
        m.group(1)
        for value in option_values(args, frozenset({"-o"}))
        if (m := _SSH_COMMAND_OPTIONS.match(value))
    ]
    rest = ssh_remote_command(args)
    if rest:
        scripts.append(" ".join(rest))
    return Runs(tuple(scripts))


def _scp(args: list[str]) -> Runs:
    scripts = [
        m.group(1)
        for value in option_values(args, frozenset({"-o"}))
        if (m := _SSH_COMMAND_OPTIONS.match(value))
    ]
    scripts += [f"{v} …" for v in option_values(args, frozenset({"-S"}))]
    return Runs(tuple(scripts))


def _git(args: list[str]) -> Runs:
    scripts: list[str] = []
    for value in option_values(args, frozenset({"-c", "--config-env"})):
        match = _GIT_COMMAND_KEYS.match(value)
        if match is None:
            continue
        command = match.group(1)
        key = value.split("=", 1)[0].lower()
        if key.startswith(("alias.", "credential.")):
            if not command.startswith("!"):
                continue
            command = command[1:]
        scripts.append(command)
    return Runs(tuple(scripts))


def _tar(args: list[str]) -> Runs:
    scripts = option_values(args, _TAR_COMMAND_OPTIONS)
    for value in option_values(args, frozenset({"--checkpoint-action"})):
        if value.startswith("exec="):
            scripts.append(value[5:])
    return Runs(tuple(scripts))


def _rsync(args: list[str]) -> Runs:
    return Runs(tuple(option_values(args, frozenset({"-e", "--rsh", "--rsync-path"}))))


def _man(args: list[str]) -> Runs:
    return Runs(tuple(option_values(args, frozenset({"-P", "--pager", "-H", "--html"}))))


def _npx(args: list[str]) -> Runs:
    return Runs(tuple(option_values(args, frozenset({"-c", "--call"}))))


def _npm(args: list[str]) -> Runs:
    if args and args[0] == "exec":
        return _npx(args[1:])
    return NOTHING


def _script_list(args: list[str]) -> Runs:
    """``hyperfine 'cmd a' 'cmd b'``: every operand is a shell command."""
    scripts = [a for a in args if not a.startswith("-")]
    return Runs(tuple(scripts))


def _watchexec(args: list[str]) -> Runs:
    if "--" in args:
        return Runs((" ".join(args[args.index("--") + 1 :]),))
    operands = [a for a in args if not a.startswith("-")]
    return Runs(tuple(operands[-1:]))


def _nodemon(args: list[str]) -> Runs:
    return Runs(tuple(option_values(args, frozenset({"--exec", "-x"}))))


def _entr(args: list[str]) -> Runs:
    i = 0
    shell = False
    while i < len(args) and args[i].startswith("-"):
        shell = shell or "s" in args[i]
        i += 1
    rest = [a.replace("/_", RUNTIME_INPUT) for a in args[i:]]
    if not rest:
        return NOTHING
    return Runs((rest[0],) if shell else (" ".join(_quote(w) for w in rest),))


def _tmux(args: list[str]) -> Runs:
    """``tmux new-session … 'cmd'`` and friends end in a shell command; ``send-keys`` types one.
    Every word after the subcommand that is not an option is checked as a script (an option's
    value read as a script costs nothing: it fails closed)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if len(args[i]) == 2 and args[i][1] in "LSf" else 1
    if i >= len(args) or args[i] not in _TMUX_COMMANDS:
        return NOTHING
    operands = [w for w in args[i + 1 :] if not w.startswith("-")]
    if args[i] in {"send-keys", "send"}:
        text = " ".join(w for w in operands if not _KEY_NAMES.match(w))
        return Runs((text,)) if text else NOTHING
    joined = " ".join(operands)
    return Runs(tuple(dict.fromkeys([*operands, joined]))) if operands else NOTHING


def _fd(args: list[str]) -> Runs:
    """``fd PATTERN -x cmd`` / ``-X cmd``: ``cmd`` runs with the found paths appended."""
    for i, word in enumerate(args):
        if word in {"-x", "--exec", "-X", "--exec-batch"}:
            command = []
            for item in args[i + 1 :]:
                if item == ";":
                    break
                command.append(item.replace("{}", RUNTIME_INPUT))
            if command:
                return Runs(appended=(" ".join(_quote(w) for w in command),))
    return NOTHING


def _sg(args: list[str]) -> Runs:
    """``sg group cmd`` and ``sg group -c cmd`` run ``cmd`` through ``/bin/sh -c``."""
    rest = args[1:]
    if rest[:1] == ["-c"]:
        rest = rest[1:]
    return Runs((" ".join(rest),)) if rest else NOTHING


_HANDLERS = {
    "find": _find,
    "fd": _fd,
    "fdfind": _fd,
    "sg": _sg,
    "trap": _trap,
    "alias": _alias,
    "hash": _hash,
    "ssh": _ssh,
    "scp": _scp,
    "sftp": _scp,
    "git": _git,
    "tar": _tar,
    "bsdtar": _tar,
    "rsync": _rsync,
    "man": _man,
    "npx": _npx,
    "npm": _npm,
    "hyperfine": _script_list,
    "concurrently": _script_list,
    "watchexec": _watchexec,
    "nodemon": _nodemon,
    "entr": _entr,
    "tmux": _tmux,
}


def _in_own_language(name: str, args: list[str]) -> Runs:
    """Programs whose own language runs commands; loaded only when one of them runs."""
    from domain.shell import command_languages as languages

    if name in languages.AWKS:
        return languages.awk(args)
    if name in languages.VIMS:
        return languages.vim(args)
    handler = {
        "gdb": languages.gdb,
        "sqlite3": languages.sqlite,
        "psql": languages.psql,
        "mysql": languages.mysql,
        "mariadb": languages.mysql,
        "expect": languages.expect,
        "sed": languages.sed,
        "gsed": languages.sed,
    }[name]
    return handler(args)


FOLLOWED = frozenset(_HANDLERS) | _LANGUAGE_PROGRAMS  # names ``commands_run_by`` looks into
