"""What a command runs on its own behalf (the answer of ``runners``)."""

from __future__ import annotations

from domain.hooks.value import Value


class Runs(Value):
    """Shell scripts a command runs on its own behalf, code in other languages it runs, and
    reasons for what it runs that capy cannot read."""

    __slots__ = ("code", "scripts", "unknown")
    scripts: tuple[str, ...]
    code: tuple[tuple[str, str], ...]
    unknown: tuple[str, ...]

    def __init__(
        self,
        scripts: tuple[str, ...] = (),
        code: tuple[tuple[str, str], ...] = (),
        unknown: tuple[str, ...] = (),
    ) -> None:
        self._init(scripts=scripts, code=code, unknown=unknown)


NOTHING = Runs()


def option_values(args: list[str], names: frozenset[str]) -> list[str]:
    """Values of ``--name=v``, ``--name v`` and ``-n v`` options in ``names``."""
    found: list[str] = []
    for i, word in enumerate(args):
        name, eq, value = word.partition("=")
        if name in names:
            found.append(value if eq else (args[i + 1] if i + 1 < len(args) else ""))
    return found
