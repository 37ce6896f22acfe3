"""A simple command while the reader collects it, and where the reader puts finished ones."""

from __future__ import annotations

from domain.shell.limits import AnalysisBudget
from domain.shell.syntax import NO_UPSTREAM, Redirect, SimpleCommand

KEYWORDS = frozenset(
    {"!", "{", "}", "then", "do", "else", "if", "elif", "while", "until", "fi", "done", "esac"}
)
ENDS_COMPOUND = frozenset({"}", "fi", "done", "esac"})
OPENS_COMPOUND = frozenset({"{", "if", "while", "until", "for", "select", "case"})


class CommandBuilder:
    """A simple command while it is being read (frozen into ``SimpleCommand`` at the end)."""

    __slots__ = (
        "compound",
        "end",
        "first",
        "keywords",
        "plain",
        "redirects",
        "starts",
        "upstream",
        "words",
    )

    def __init__(self) -> None:
        self.words: list[str] = []
        self.starts: list[int] = []  # where each word starts in the text
        self.plain: list[bool] = []  # whether each word was written without quotes
        self.redirects: list[list[object]] = []  # [op, fd, target, body, expands]
        self.first = -1  # where the first word or redirection starts
        self.end = -1
        self.upstream = NO_UPSTREAM
        self.compound = False  # a subshell or arithmetic command was read in its place
        self.keywords = False  # it closed a group or loop (``}``, ``done``, ``fi``, ``esac``)

    @property
    def empty(self) -> bool:
        return not (self.words or self.redirects or self.compound)

    @property
    def at_start(self) -> bool:
        """No word yet but reserved words: the next word is in command position."""
        return self.keyword_count() == len(self.words) and not self.redirects

    def keyword_count(self) -> int:
        """How many leading words are reserved words (unquoted: ``'if'`` is a command)."""
        k = 0
        for word, unquoted in zip(self.words, self.plain, strict=True):
            if not (unquoted and word in KEYWORDS):
                break
            k += 1
        return k

    def add_word(self, word: str, start: int, end: int, *, plain: bool) -> None:
        self.words.append(word)
        self.starts.append(start)
        self.plain.append(plain)
        if self.first < 0:
            self.first = start
        self.end = end

    def freeze(self, text: str) -> SimpleCommand:
        redirects = tuple(
            Redirect(str(op), str(fd), str(target), None if body is None else str(body), bool(ex))
            for op, fd, target, body, ex in self.redirects
        )
        return SimpleCommand(tuple(self.words), redirects, text, self.upstream)


class Sink:
    """What every reader of one analysis writes to: the commands, in order."""

    __slots__ = ("budget", "commands", "texts")

    def __init__(self, budget: AnalysisBudget) -> None:
        self.budget = budget
        self.commands: list[CommandBuilder] = []
        self.texts: list[str] = []


def pipe_source(upstream: int, groups: list[int], inherited: int) -> int:
    """A command's stdin: its own pipe, else the innermost piped group's, else the list's."""
    if upstream != NO_UPSTREAM:
        return upstream
    for group in reversed(groups):
        if group != NO_UPSTREAM:
            return group
    return inherited
