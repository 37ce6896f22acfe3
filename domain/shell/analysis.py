"""What the walk over a script finds (``invocations``): the commands that would run, in every
form they are checked in, and the code handed to interpreters."""

from __future__ import annotations

from domain.hooks.value import Value
from domain.shell.syntax import SimpleCommand


class Stage(Value):
    """A command's words at one step of peeling wrappers; ``resolved``: the same with the
    script's own single-valued variables filled in; ``appends``: more arguments are added
    when it runs (``xargs``)."""

    __slots__ = ("appends", "resolved", "words")
    words: tuple[str, ...]
    resolved: tuple[str, ...]
    appends: bool

    def __init__(
        self, words: tuple[str, ...], appends: bool = False, resolved: tuple[str, ...] = ()
    ) -> None:
        setter = object.__setattr__  # one per command of every checked line: kept cheap
        setter(self, "words", words)
        setter(self, "appends", appends)
        setter(self, "resolved", resolved or words)


class Invocation(Value):
    """One command that would run.

    ``written``: the command as written (raw text, and its words); ``stages``: its words as
    written and after each wrapper; ``dynamic``: why the program cannot be known (empty when
    it can); ``via``: how it was reached (empty at the top of the checked text);
    ``command``: the syntax it was read from (its redirections).
    """

    __slots__ = ("command", "dynamic", "stages", "via", "written")
    written: tuple[str, ...]
    stages: tuple[Stage, ...]
    dynamic: str
    via: str
    command: SimpleCommand | None

    def __init__(
        self,
        written: tuple[str, ...],
        stages: tuple[Stage, ...] = (),
        dynamic: str = "",
        via: str = "",
        command: SimpleCommand | None = None,
    ) -> None:
        setter = object.__setattr__
        setter(self, "written", written)
        setter(self, "stages", stages)
        setter(self, "dynamic", dynamic)
        setter(self, "via", via)
        setter(self, "command", command)


class Code(Value):
    """Code in another language that a command runs (``python3 -c``, a heredoc to ``node``)."""

    __slots__ = ("language", "text", "via")
    language: str
    text: str
    via: str

    def __init__(self, language: str, text: str, via: str = "") -> None:
        self._init(language=language, text=text, via=via)


class Analysis(Value):
    __slots__ = ("code", "invocations")
    invocations: tuple[Invocation, ...]
    code: tuple[Code, ...]

    def __init__(self, invocations: tuple[Invocation, ...], code: tuple[Code, ...]) -> None:
        self._init(invocations=invocations, code=code)
