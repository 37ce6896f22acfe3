"""Reading one shell word: quotes, escapes, ``$…`` expansions, backticks, process
substitutions and array literals. The base of the reader (``reader``), which adds command
lists, redirections and heredocs; substitutions are read as commands by calling back into it."""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.shell.command_builder import Sink
from domain.shell.limits import AnalysisLimit
from domain.shell.quoting import ansi_c, unescape_backtick

MAX_SYNTAX_DEPTH = 64  # nested parentheses, substitutions and backticks in one text

_PLAIN = precompiled(r"[^ \t\n;&|()<>'\"\\$`#]+")
_PLAIN_NO_OPS = precompiled(r"[^ \t\n'\"\\$`]+")
_DQ_PLAIN = precompiled(r'[^"\\$`]+')
_HEREDOC_PLAIN = precompiled(r"[^\\$`]+")
_BACKTICK_BODY = precompiled(r"[^`\\]*(?:\\.[^`\\]*)*", re.DOTALL)
_NAME = precompiled(r"[A-Za-z_][A-Za-z0-9_]*")
_ARRAY_START = precompiled(r"^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=$")
_SPECIAL_PARAMETERS = frozenset("0123456789@*#?-$!_")


def too_deep() -> AnalysisLimit:
    return AnalysisLimit(f"the command nests more than {MAX_SYNTAX_DEPTH} levels deep")


class WordReader:
    """Words of one text; ``read_list`` (commands up to a closing character) comes from the
    subclass, so ``$(…)``, ``<(…)`` and backticks are read as commands."""

    __slots__ = ("arith", "level", "n", "ops", "pending", "sink", "text")

    def __init__(self, text: str, sink: Sink, level: int, *, ops: bool = True) -> None:
        if level > MAX_SYNTAX_DEPTH:
            raise too_deep()
        sink.budget.charge(text)
        self.text = text
        self.n = len(text)
        self.sink = sink
        self.level = level
        self.ops = ops
        self.arith = False  # inside $(( … )) or (( … )): << is a shift, not a heredoc
        self.pending: list[tuple[list[object], str, bool, bool]] = []

    def read_list(self, i: int, close: str, inherited: int = -1) -> int:
        raise NotImplementedError

    def sub_reader(self, text: str) -> WordReader:
        return type(self)(text, self.sink, self.level + 1)

    def _word(self, i: int) -> tuple[str, int]:
        """One word from ``i``: its text with quotes removed, and the index after it."""
        text, n = self.text, self.n
        plain = _PLAIN if self.ops else _PLAIN_NO_OPS
        stops = " \t\n;&|()" if self.ops else " \t\n"
        m = plain.match(text, i)
        if m is not None and (m.end() >= n or (text[m.end()] in stops and text[m.end()] != "(")):
            return m.group(), m.end()  # the common case: a plain word
        parts: list[str] = []
        while i < n:
            m = plain.match(text, i)
            if m is not None:
                parts.append(m.group())
                i = m.end()
                if i >= n:
                    break
            c = text[i]
            if c == "(" and self.ops and _ARRAY_START.match("".join(parts)):
                i = self._array(i + 1, parts)
            elif c in stops:
                break
            elif c in "<>" and self.ops:
                if not text.startswith("(", i + 1):
                    break
                i = self._substitution(i + 2, parts, i)  # process substitution
            elif c == "\\":
                if i + 1 < n and text[i + 1] != "\n":
                    parts.append(text[i + 1])
                i += 2
            elif c == "'":
                end = text.find("'", i + 1)
                end = n if end < 0 else end
                parts.append(text[i + 1 : end])
                i = end + 1
            elif c == '"':
                i = self._double(i + 1, parts, '"')
            elif c == "$":
                i = self._dollar(i, parts, quoted=False)
            elif c == "`":
                i = self._backtick(i, parts)
            else:
                parts.append(c)  # ``#`` inside a word, or an operator when ops are off
                i += 1
        return "".join(parts), min(i, n)

    def _array(self, i: int, parts: list[str]) -> int:
        """``name=( … )``: the elements are words (their substitutions run), not commands."""
        text, n = self.text, self.n
        start = i - 1
        while i < n and text[i] != ")":
            if text[i] in " \t\n":
                i += 1
            elif text[i] == "#":
                end = text.find("\n", i)
                i = n if end < 0 else end
            else:
                before = i
                _, i = self._word(i)
                if i == before:
                    i += 1  # an operator character inside the list
        parts.append(text[start : i + 1])
        return min(i + 1, n)

    def _double(self, i: int, parts: list[str], close: str) -> int:
        """A double-quoted body from ``i`` (or a heredoc body when ``close`` is empty)."""
        text, n = self.text, self.n
        plain = _DQ_PLAIN if close else _HEREDOC_PLAIN
        escapable = '$`"\\\n' if close else "$`\\\n"
        while i < n:
            m = plain.match(text, i)
            if m is not None:
                parts.append(m.group())
                i = m.end()
                continue
            c = text[i]
            if c == close:
                return i + 1
            if c == "\\":
                if i + 1 < n and text[i + 1] in escapable:
                    if text[i + 1] != "\n":
                        parts.append(text[i + 1])
                    i += 2
                else:
                    parts.append("\\")
                    i += 1
            elif c == "$":
                i = self._dollar(i, parts, quoted=True)
            else:
                i = self._backtick(i, parts)
        return n

    def expansions(self, i: int, close: str) -> int:
        """Run the substitutions of double-quoted-like text (a heredoc body, a prompt)."""
        return self._double(i, [], close)

    def _dollar(self, i: int, parts: list[str], *, quoted: bool) -> int:
        text = self.text
        nxt = text[i + 1 : i + 2]
        if nxt == "(":
            if text.startswith("((", i + 1):
                return self._substitution(i + 2, parts, i, arith=True)
            return self._substitution(i + 2, parts, i)
        if nxt == "{":
            return self._braced(i + 2, parts)
        if nxt == "'" and not quoted:
            decoded, end = ansi_c(text, i + 2)
            parts.append(decoded)
            return end
        if nxt == '"' and not quoted:
            return self._double(i + 2, parts, '"')
        m = _NAME.match(text, i + 1)
        if m is not None:
            parts.append("${" + m.group() + "}")
            return m.end()
        if nxt and nxt in _SPECIAL_PARAMETERS:
            parts.append("${" + nxt + "}")
            return i + 2
        parts.append("$")
        return i + 1

    def _substitution(self, i: int, parts: list[str], start: int, *, arith: bool = False) -> int:
        """``$(…)``, ``<(…)``, ``>(…)`` from ``i`` (after the ``(``): read as commands."""
        if self.level + 1 > MAX_SYNTAX_DEPTH:
            raise too_deep()
        saved_arith, saved_pending = self.arith, self.pending
        self.arith = arith
        self.pending = []
        self.level += 1
        try:
            end = self.read_list(i, ")")
        finally:
            self.level -= 1
            saved_pending.extend(self.pending)  # a heredoc whose body follows the ``)``
            self.arith, self.pending = saved_arith, saved_pending
        parts.append(self.text[start:end])
        return end

    def _braced(self, i: int, parts: list[str]) -> int:
        """``${…}`` from ``i`` (after ``${``): its substitutions run too."""
        text, n = self.text, self.n
        start = i - 2
        while i < n:
            c = text[i]
            if c == "}":
                i += 1
                break
            if c == "\\":
                i += 2
            elif c == "'":
                end = text.find("'", i + 1)
                i = n if end < 0 else end + 1
            elif c == '"':
                i = self._double(i + 1, [], '"')
            elif c == "$":
                i = self._dollar(i, [], quoted=True)
            elif c == "`":
                i = self._backtick(i, [])
            else:
                i += 1
        parts.append(text[start:i])
        return min(i, n)

    def _backtick(self, i: int, parts: list[str]) -> int:
        text, n = self.text, self.n
        m = _BACKTICK_BODY.match(text, i + 1)
        end = m.end() if m is not None else n
        body = unescape_backtick(text[i + 1 : end])
        self.sub_reader(body).read_list(0, "")
        parts.append(text[i : end + 1])
        return min(end + 1, n)
