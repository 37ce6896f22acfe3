"""The one reader of shell text: command lines into simple commands, in one linear pass.

Not a full shell parser, but faithful where it matters for what runs: it splits on ``;``
``&&`` ``||`` ``|`` ``|&`` ``&`` and newlines; reads ``( … )`` subshells, ``{ …; }`` groups,
``$(…)``, backticks, ``<(…)``/``>(…)`` and the ``$(…)`` inside double quotes, ``${…}`` and
unquoted heredoc bodies as commands of their own; keeps redirections (with their file
descriptor) apart from the words; reads heredoc bodies; removes quotes and decodes
backslashes and ``$'…'`` the way the shell does. Expansions stay in the word as written,
``$name`` spelled ``${name}`` so ``$t"ch"`` reads ``${t}ch``, never ``$tch``.

It is forgiving: an unclosed quote or parenthesis takes the rest of the text, so nothing is ever
skipped. Every character is visited a bounded number of times (text re-read for backticks and
heredoc bodies is charged to the ``AnalysisBudget``), and nesting is limited.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.shell.command_builder import (
    ENDS_COMPOUND,
    OPENS_COMPOUND,
    CommandBuilder,
    Sink,
    pipe_source,
)
from domain.shell.limits import AnalysisBudget
from domain.shell.quoting import delimiter_line
from domain.shell.syntax import COMPOUND_UPSTREAM, NO_UPSTREAM, Script
from domain.shell.words import MAX_SYNTAX_DEPTH, WordReader, too_deep

_BLANKS = precompiled(r"[ \t]+")
_FD = precompiled(r"^(?:\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$")
_REDIRECT_OPS = ("<<<", "<<-", "&>>", "<<", "<>", "<&", ">>", ">|", ">&", "&>", "<", ">")
_META = frozenset(" \t\n#;&|()<>")


class _Reader(WordReader):
    """Command lists, redirections and heredocs on top of ``WordReader``."""

    __slots__ = ()

    # ---- command lists -------------------------------------------------------------------

    def read_list(self, i: int, close: str, inherited: int = NO_UPSTREAM) -> int:
        """Read commands from ``i`` up to ``close`` (``")"``, or ``""`` for the end of the text);
        return the index just after ``close``. ``inherited``: where the list's stdin comes from
        (a subshell at the end of a pipe)."""
        text, n = self.text, self.n
        cmd = CommandBuilder()
        pipe_from = NO_UPSTREAM
        groups: list[int] = []  # stdin of each open group/loop: ``… | while …; do …; done``
        while i < n:
            c = text[i]
            if c not in _META:
                start = i
                word, i = self._word(i)
                if (
                    i < n
                    and text[i] in "<>"
                    and not text.startswith("(", i + 1)
                    and _FD.match(text[start:i])
                ):
                    i = self._redirect(i, cmd, text[start:i], start)
                    continue
                unquoted = i - start == len(word)
                if cmd.at_start and unquoted:
                    if word in OPENS_COMPOUND:
                        groups.append(pipe_source(pipe_from, groups, inherited))
                        pipe_from = NO_UPSTREAM
                    elif word in ENDS_COMPOUND and groups:
                        groups.pop()
                cmd.add_word(word, start, i, plain=unquoted)
                self.sink.budget.check_words(len(cmd.words) + len(cmd.redirects))
                if len(cmd.words) == 2 and cmd.words[0] == "function":
                    self._end(cmd, pipe_from, groups, inherited)  # ``function f { … }``
                    cmd, pipe_from = CommandBuilder(), NO_UPSTREAM
            elif c in " \t":
                i += 1
            elif c == "\n":
                if not cmd.empty:  # ``a |`` newline ``b`` is still one pipeline
                    self._end(cmd, pipe_from, groups, inherited)
                    cmd, pipe_from = CommandBuilder(), NO_UPSTREAM
                i = self._heredoc_bodies(i + 1)
            elif c == "#":
                end = text.find("\n", i)
                i = n if end < 0 else end
            elif c == ";":
                self._end(cmd, pipe_from, groups, inherited)
                cmd, pipe_from = CommandBuilder(), NO_UPSTREAM
                i += 1
            elif c == "&" and text.startswith("&>", i):
                i = self._redirect(i, cmd, "")
            elif c == "&":
                self._end(cmd, pipe_from, groups, inherited)
                cmd, pipe_from = CommandBuilder(), NO_UPSTREAM
                i += 2 if text.startswith("&&", i) else 1
            elif c == "|":
                if text.startswith("||", i):
                    self._end(cmd, pipe_from, groups, inherited)
                    pipe_from = NO_UPSTREAM
                    i += 2
                else:
                    index = self._end(cmd, pipe_from, groups, inherited)
                    pipe_from = COMPOUND_UPSTREAM if index == NO_UPSTREAM else index
                    i += 2 if text.startswith("|&", i) else 1
                cmd = CommandBuilder()
            elif c == "(":
                if not cmd.at_start:
                    pipe_from = self._end(cmd, pipe_from, groups, inherited)
                    cmd = CommandBuilder()
                stdin = pipe_source(pipe_from, groups, inherited)
                i = self._nested(i + 1, cmd, stdin, arith=text.startswith("((", i))
            elif c == ")":
                self._end(cmd, pipe_from, groups, inherited)
                if close == ")":
                    return i + 1
                cmd, pipe_from = CommandBuilder(), NO_UPSTREAM
                i += 1
            elif not text.startswith("(", i + 1):  # ``<`` or ``>``
                i = self._redirect(i, cmd, "")
            else:  # ``<(…)`` or ``>(…)``: a word
                start = i
                word, i = self._word(i)
                cmd.add_word(word, start, i, plain=False)
        self._end(cmd, pipe_from, groups, inherited)
        return n

    def _nested(self, i: int, cmd: CommandBuilder, stdin: int, *, arith: bool) -> int:
        """A subshell ``( … )`` or an arithmetic command ``(( … ))`` at ``i`` (after ``(``)."""
        if self.level + 1 > MAX_SYNTAX_DEPTH:
            raise too_deep()
        saved = self.arith
        self.arith = self.arith or arith
        self.level += 1
        try:
            end = self.read_list(i, ")", stdin)
        finally:
            self.level -= 1
            self.arith = saved
        cmd.compound = True
        return end

    def _end(self, cmd: CommandBuilder, upstream: int, groups: list[int], inherited: int) -> int:
        """Close ``cmd``; return its index (for a pipe), ``COMPOUND_UPSTREAM`` for the end of a
        group, loop or subshell, or ``NO_UPSTREAM`` when it was empty."""
        words = cmd.words
        k = cmd.keyword_count()
        if any(w in ENDS_COMPOUND for w in words[:k]):
            cmd.keywords = True
        start = cmd.first
        if k:
            del words[:k]
            del cmd.starts[:k]
            del cmd.plain[:k]
            start = cmd.starts[0] if cmd.starts else cmd.end
        if words or cmd.redirects:
            self.sink.budget.command(len(words) + len(cmd.redirects))
            cmd.upstream = pipe_source(upstream, groups, inherited)
            self.sink.commands.append(cmd)
            self.sink.texts.append(self.text[start : cmd.end].strip())
            return len(self.sink.commands) - 1
        if cmd.compound or cmd.keywords:
            return COMPOUND_UPSTREAM
        return NO_UPSTREAM

    # ---- redirections and heredocs -------------------------------------------------------

    def _redirect(self, i: int, cmd: CommandBuilder, fd: str, start: int = -1) -> int:
        text = self.text
        self.sink.budget.check_words(len(cmd.words) + len(cmd.redirects) + 1)  # its target
        op = next(o for o in _REDIRECT_OPS if text.startswith(o, i))
        if cmd.first < 0:
            cmd.first = i if start < 0 else start
        i += len(op)
        m = _BLANKS.match(text, i)
        if m:
            i = m.end()
        target = ""
        target_start = i
        if i < self.n and (text[i] not in "\n;&|()<>" or text.startswith(("<(", ">("), i)):
            target, i = self._word(i)
        cmd.end = i
        if op in {"<<", "<<-"}:
            if self.arith:
                return i  # a shift inside arithmetic
            self.sink.budget.heredoc()
            raw = text[target_start:i]
            record: list[object] = [op, fd, target, "", not any(q in raw for q in "'\"\\")]
            cmd.redirects.append(record)
            self.pending.append((record, target, op == "<<-", bool(record[4])))
            return i
        cmd.redirects.append([op, fd, target, None, False])
        return i

    def _heredoc_bodies(self, i: int) -> int:
        """Read the bodies of the heredocs opened on the line that just ended."""
        if not self.pending:
            return i
        text, n = self.text, self.n
        pending, self.pending = self.pending, []
        for record, delimiter, strip_tabs, expands in pending:
            line = delimiter_line(text, i, delimiter, strip_tabs)
            if line is None:
                body = text[i:]
                i = n
            else:
                body = text[i : max(i, line[0] - 1)]
                i = line[1] + 1
            if strip_tabs:
                body = "\n".join(line.lstrip("\t") for line in body.split("\n"))
            record[3] = body
            if expands and ("$" in body or "`" in body):
                sub = _Reader(body, self.sink, self.level + 1)
                sub.expansions(0, "")
        return min(i, n)

    # ---- words ---------------------------------------------------------------------------


def _freeze(sink: Sink) -> Script:
    return Script(tuple(b.freeze(text) for b, text in zip(sink.commands, sink.texts, strict=True)))


def read_script(text: str, budget: AnalysisBudget | None = None) -> Script:
    """Every simple command of ``text``; ``AnalysisLimit`` past the budget or nesting limit."""
    sink = Sink(budget or AnalysisBudget())
    _Reader(text, sink, 0).read_list(0, "")
    return _freeze(sink)


def read_substitutions(text: str, budget: AnalysisBudget | None = None) -> Script:
    """The commands of the ``$(…)`` and backticks in text read like a heredoc body."""
    sink = Sink(budget or AnalysisBudget())
    _Reader(text, sink, 0).expansions(0, "")
    return _freeze(sink)


def split_words(text: str, budget: AnalysisBudget | None = None) -> list[str]:
    """``text`` split on blanks with quotes removed, as ``env -S`` or a word list would be;
    ``;``, ``|`` and the like are ordinary characters here."""
    sink = Sink(budget or AnalysisBudget())
    reader = _Reader(text, sink, 0, ops=False)
    words: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] in " \t\n":
            i += 1
            continue
        word, i = reader._word(i)
        words.append(word)
    return words
