"""Paths a piece of code names, however they are spelled.

``~/.config//capy/./keys``, ``$HOME/.config/capy/../capy/keys``, ``${XDG_CONFIG_HOME:-…}/capy``,
``os.path.join(os.path.expanduser('~'), '.config', 'capy', 'keys')``,
``Path.home() / '.config' / 'capy'`` all name one directory. Home and config-directory
spellings are replaced by the directories they stand for, string literals joined into paths
are joined, and each path is normalised (``//``, ``/./``, ``x/../``) before it is compared.
"""

from __future__ import annotations

import re

_HOME_CALLS = re.compile(
    r"Path\s*\.\s*home\s*\(\s*\)|os\s*\.\s*homedir\s*\(\s*\)|Dir\s*\.\s*home\b"
    r"|os\s*\.\s*UserHomeDir\s*\(\s*\)|dirs\s*::\s*home_dir\s*\(\s*\)"
    r"|path\s*\.\s*expand\s*\(\s*['\"]~['\"]\s*\)|File\s*\.\s*expand_path\s*\(\s*['\"]~['\"]\s*\)"
    r"|os\s*\.\s*path\s*\.\s*expanduser\s*\(\s*['\"]~['\"]\s*\)"
    r"|\$ENV\s*\{\s*['\"]?HOME['\"]?\s*\}|\bENV\s*\[\s*['\"]HOME['\"]\s*\]"
    r"|os\s*\.\s*environ\s*(?:\[\s*['\"]HOME['\"]\s*\]|\.\s*get\s*\(\s*['\"]HOME['\"][^)]*\))"
    r"|os\s*\.\s*getenv\s*\(\s*['\"]HOME['\"]\s*\)|process\s*\.\s*env\s*\.\s*HOME\b"
    r"|Sys\s*\.\s*getenv\s*\(\s*['\"]HOME['\"]\s*\)"
    r"|System\s*\.\s*get_env\s*\(\s*['\"]HOME['\"]\s*\)"
)
# ``'a', 'b'`` (join), ``'a' + '/' + 'b'``, ``'a' / 'b'`` (pathlib): literals that form a path
_LITERAL_JOIN = re.compile(
    r"""(['"])\s*\)?\s*(?:,|\+|/|\.)\s*(?:['"]/['"]\s*(?:,|\+|\.)\s*)?(['"])"""
)
_TOKEN = re.compile(r"[^\s'\"`;|&<>()=,{}\[\]]+")
_TILDE = re.compile(r"(?<![\w$/.~-])~(?=/|$|[\s'\"`;|&<>)])")


def _variable(name: str) -> re.Pattern[str]:
    return re.compile(rf"\$\{{{name}(?:[:]?[-=+?][^}}]*)?\}}|\${name}(?![A-Za-z0-9_])")


def normalise(path: str) -> str:
    """``/a//b/./c/../d`` → ``/a/b/d`` (lexically; a leading ``..`` stays)."""
    absolute = path.startswith("/")
    parts: list[str] = []
    for part in path.split("/"):
        if part in {"", "."}:
            continue
        if part == ".." and parts and parts[-1] != "..":
            parts.pop()
            continue
        if part == ".." and absolute:
            continue
        parts.append(part)
    joined = "/".join(parts)
    return ("/" + joined) if absolute else joined


def mentioned_paths(code: str, home: str, variables: tuple[tuple[str, str], ...]) -> list[str]:
    """Every path-like word of ``code``, spelled out and normalised."""
    text = _HOME_CALLS.sub("'~'", code)
    previous = None
    while previous != text:  # 'a' + '/' + 'b' takes two passes
        previous = text
        text = _LITERAL_JOIN.sub("/", text)
    for name, value in (*variables, ("HOME", home)):
        if value:
            text = _variable(name).sub(value.replace("\\", "\\\\"), text)
    if home:
        text = _TILDE.sub(home.replace("\\", "\\\\"), text)
    found: list[str] = []
    for token in _TOKEN.findall(text):
        if "/" in token:
            found.append(normalise(token))
    return found
