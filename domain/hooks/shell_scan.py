"""A small, forgiving reader of shell command lines: simple commands, their words and heredocs.

Routing only needs to know which programs a command line runs and with which arguments, so this
is not a shell parser: it splits on ``;`` ``&&`` ``||`` ``|`` ``&`` newlines and parentheses,
honours quotes and backslashes, keeps redirections as their own words, reads heredoc bodies, and
scans ``$(...)`` and backquoted substitutions as commands of their own. Unbalanced quotes end
the word at the end of the line instead of failing.
"""

from __future__ import annotations

import re

from domain.hooks.heredocs import extract_heredocs
from domain.hooks.value import Value

_REDIRECT = re.compile(r"^(?:\d*>>?|&>>?|>&|\d*<<<?-?|\d*<|\d*>&)$")
_OPERATOR_CHARS = frozenset(";&|\n()")


class SimpleCommand(Value):
    """One simple command: its words (quotes removed) and the bodies of its heredocs."""

    __slots__ = ("heredocs", "words")
    words: tuple[str, ...]
    heredocs: tuple[str, ...]

    def __init__(self, words: tuple[str, ...], heredocs: tuple[str, ...] = ()) -> None:
        self._init(words=words, heredocs=heredocs)

    @property
    def program(self) -> str:
        """The basename of the program run, past ``VAR=value`` prefixes and wrappers."""
        index = self.program_index
        return self.words[index].rsplit("/", 1)[-1] if index < len(self.words) else ""

    @property
    def program_index(self) -> int:
        index = 0
        while index < len(self.words):
            word = self.words[index]
            if _is_assignment(word) or word in _WRAPPERS:
                index += 1
                continue
            if word.startswith("-") and index > 0 and self.words[index - 1] in _WRAPPERS:
                index += 1
                continue
            break
        return index

    @property
    def arguments(self) -> tuple[str, ...]:
        return self.words[self.program_index + 1 :]


_WRAPPERS = frozenset({"sudo", "env", "command", "exec", "time", "nohup", "nice", "timeout"})


def _is_assignment(word: str) -> bool:
    name, eq, _ = word.partition("=")
    return bool(eq) and name.isidentifier()


def is_redirection(word: str) -> bool:
    return bool(_REDIRECT.match(word))


def simple_commands(command_line: str, _depth: int = 0) -> list[SimpleCommand]:
    """Every simple command in ``command_line``, substitutions included, in reading order."""
    text, bodies = extract_heredocs(command_line)
    commands: list[SimpleCommand] = []
    words: list[str] = []
    heredoc_count = 0
    substitutions: list[str] = []

    def flush() -> None:
        nonlocal heredoc_count
        if words:
            used = sum(1 for w in words if w in {"<<", "<<-"})
            own = tuple(bodies[heredoc_count : heredoc_count + used])
            heredoc_count += used
            commands.append(SimpleCommand(tuple(words), own))
            words.clear()

    for token in _tokens(text, substitutions):
        if token is None:
            flush()
        else:
            words.append(token)
    flush()
    if _depth < 4:
        for inner in substitutions:
            commands.extend(simple_commands(inner, _depth + 1))
    return commands


def _tokens(text: str, substitutions: list[str]) -> list[str | None]:
    """Words, with ``None`` marking the end of a simple command."""
    tokens: list[str | None] = []
    word: list[str] = []
    in_word = False
    i = 0
    n = len(text)

    def end_word() -> None:
        nonlocal in_word
        if in_word:
            tokens.append("".join(word))
            word.clear()
            in_word = False

    while i < n:
        char = text[i]
        if char == "\\" and i + 1 < n:
            word.append(text[i + 1])
            in_word = True
            i += 2
        elif char == "'":
            close = text.find("'", i + 1)
            close = n if close == -1 else close
            word.append(text[i + 1 : close])
            in_word = True
            i = close + 1
        elif char == '"':
            i = _double_quoted(text, i + 1, word, substitutions)
            in_word = True
        elif char == "$" and text.startswith("$(", i) and not text.startswith("$((", i):
            close = _matching_paren(text, i + 2)
            substitutions.append(text[i + 2 : close])
            word.append(text[i : close + 1])
            in_word = True
            i = close + 1
        elif char == "`":
            close = text.find("`", i + 1)
            close = n if close == -1 else close
            substitutions.append(text[i + 1 : close])
            in_word = True
            i = close + 1
        elif char in " \t":
            end_word()
            i += 1
        elif char == "#" and not in_word:
            newline = text.find("\n", i)
            i = n if newline == -1 else newline
        elif char in "<>":
            i = _redirection(text, i, word, in_word, tokens)
            in_word = False
            word.clear()
        elif char == "&" and i + 1 < n and text[i + 1] == ">":
            end_word()
            i = _redirection(text, i, word, False, tokens)
        elif char in _OPERATOR_CHARS:
            end_word()
            tokens.append(None)
            i += 1
        else:
            word.append(char)
            in_word = True
            i += 1
    end_word()
    return tokens


def _double_quoted(text: str, i: int, word: list[str], substitutions: list[str]) -> int:
    n = len(text)
    while i < n and text[i] != '"':
        if text[i] == "\\" and i + 1 < n and text[i + 1] in '"\\$`':
            word.append(text[i + 1])
            i += 2
        elif text.startswith("$(", i) and not text.startswith("$((", i):
            close = _matching_paren(text, i + 2)
            substitutions.append(text[i + 2 : close])
            word.append(text[i : close + 1])
            i = close + 1
        elif text[i] == "`":
            close = text.find("`", i + 1)
            close = n if close == -1 else close
            substitutions.append(text[i + 1 : close])
            i = close + 1
        else:
            word.append(text[i])
            i += 1
    return i + 1


def _matching_paren(text: str, i: int) -> int:
    depth = 1
    quote = ""
    n = len(text)
    while i < n:
        char = text[i]
        if quote:
            if char == quote:
                quote = ""
            elif char == "\\" and quote == '"':
                i += 1
        elif char in "'\"":
            quote = char
        elif char == "\\":
            i += 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return n


def _redirection(
    text: str, i: int, word: list[str], in_word: bool, tokens: list[str | None]
) -> int:
    """Emit a redirection operator (with its file-descriptor prefix) as a word of its own."""
    prefix = "".join(word) if in_word else ""
    if in_word and not prefix.isdigit():
        tokens.append(prefix)
        prefix = ""
    start = i
    i += 1
    while i < len(text) and text[i] in "<>&-" and i - start < 3:
        if text[i] == "-" and text[i - 1] != "<":
            break
        i += 1
    tokens.append(prefix + text[start:i])
    return i
