"""What the reader produces: simple commands with their words, redirections and pipes."""

from __future__ import annotations

from domain.hooks.value import Value

NO_UPSTREAM = -1  # stdin is the script's own stdin (or a redirection)
COMPOUND_UPSTREAM = -2  # stdin is the output of a group, loop or subshell


class Redirect(Value):
    """``2>/dev/null``, ``< file``, ``<<EOF`` … : operator, file descriptor, target.

    For a heredoc (``<<``/``<<-``) ``target`` is the delimiter and ``body`` the text; for a
    here-string (``<<<``) ``target`` is the string. ``expands``: an unquoted heredoc delimiter
    (``$(…)`` in the body still runs).
    """

    __slots__ = ("body", "expands", "fd", "op", "target")
    op: str
    fd: str
    target: str
    body: str | None
    expands: bool

    def __init__(
        self, op: str, fd: str, target: str, body: str | None = None, expands: bool = False
    ) -> None:
        self._init(op=op, fd=fd, target=target, body=body, expands=expands)

    @property
    def reads_stdin(self) -> bool:
        """Whether this redirection sets the command's standard input."""
        return self.fd in {"", "0"} and self.op in {"<", "<<", "<<-", "<<<", "<&", "<>"}

    @property
    def writes_stdout(self) -> bool:
        return (self.fd in {"", "1"} and self.op in {">", ">>", ">|", ">&"}) or self.op in {
            "&>",
            "&>>",
        }


class SimpleCommand(Value):
    """One simple command: its words (quotes removed, expansions kept as ``${name}``/``$(…)``
    text), its redirections, the text it was read from, and where its stdin comes from:
    the index of the command piped into it in ``Script.commands``, ``NO_UPSTREAM`` or
    ``COMPOUND_UPSTREAM``."""

    __slots__ = ("redirects", "text", "upstream", "words")
    words: tuple[str, ...]
    redirects: tuple[Redirect, ...]
    text: str
    upstream: int

    def __init__(
        self,
        words: tuple[str, ...],
        redirects: tuple[Redirect, ...] = (),
        text: str = "",
        upstream: int = NO_UPSTREAM,
    ) -> None:
        # built once per command of every checked line: set the slots directly (faster)
        setter = object.__setattr__
        setter(self, "words", words)
        setter(self, "redirects", redirects)
        setter(self, "text", text)
        setter(self, "upstream", upstream)

    @property
    def heredocs(self) -> tuple[str, ...]:
        return tuple(r.body for r in self.redirects if r.body is not None and r.op != "<<<")


class Script(Value):
    """Every simple command of a text, nested ones (``$(…)``, backticks, ``<(…)``, heredoc
    substitutions) included, in reading order."""

    __slots__ = ("commands",)
    commands: tuple[SimpleCommand, ...]

    def __init__(self, commands: tuple[SimpleCommand, ...]) -> None:
        self._init(commands=commands)
