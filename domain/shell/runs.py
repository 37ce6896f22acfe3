"""What a command runs on its own behalf (the answer of ``runners``)."""

from __future__ import annotations

from domain.hooks.value import Value


class Runs(Value):
    """What a command runs on its own behalf: shell ``scripts``; ``fed``: scripts whose stdin is
    data capy cannot see (``awk '{print | "sh"}'``); ``appended``: scripts whose commands get
    arguments at run time (``fd -x cmd``); ``code`` in other languages; and ``unknown``: reasons
    for what it runs that capy cannot read."""

    __slots__ = ("appended", "code", "fed", "scripts", "unknown")
    scripts: tuple[str, ...]
    fed: tuple[str, ...]
    appended: tuple[str, ...]
    code: tuple[tuple[str, str], ...]
    unknown: tuple[str, ...]

    def __init__(
        self,
        scripts: tuple[str, ...] = (),
        code: tuple[tuple[str, str], ...] = (),
        unknown: tuple[str, ...] = (),
        *,
        fed: tuple[str, ...] = (),
        appended: tuple[str, ...] = (),
    ) -> None:
        self._init(scripts=scripts, code=code, unknown=unknown, fed=fed, appended=appended)


NOTHING = Runs()


def option_values(args: list[str], names: frozenset[str]) -> list[str]:
    """Values of ``--name=v``, ``--name v``, ``-n v`` and ``-nv`` options in ``names``."""
    found: list[str] = []
    for i, word in enumerate(args):
        name, eq, value = word.partition("=")
        if name in names:
            found.append(value if eq else (args[i + 1] if i + 1 < len(args) else ""))
        elif len(word) > 2 and word[1] != "-" and word[:2] in names:
            found.append(word[2:])  # ``-oProxyCommand=…``: the value attached
    return found
