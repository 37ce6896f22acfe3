"""Splitting a shell script into every simple command it would run.

A deny rule must see each command, wherever it hides: after ``;``, ``&&``, ``||``, ``|``, ``&``
or a newline; inside ``$(…)``, backticks, ``<(…)``/``>(…)``, ``( … )`` subshells and
``{ …; }`` groups; inside ``$(…)`` within double quotes (it still runs) and within the body of an
unquoted heredoc. Single-quoted text, comments and quoted heredoc bodies are data. The scanner is
deliberately forgiving: an unclosed quote or parenthesis swallows the rest of the text into the
current command, so nothing is ever skipped.
"""

from __future__ import annotations

from domain.hooks.value import Value
from domain.permissions.shell_words import shell_words
from domain.permissions.wrappers import SHELLS, basename, interpreter_language

_SEPARATORS = frozenset(";|&()\n")
_WORD_END = frozenset(" \t\n;|&()<>")
_KEYWORDS = frozenset(
    {"!", "{", "}", "then", "do", "else", "if", "elif", "while", "until", "fi", "done", "esac"}
)
_GROUP_END = frozenset({"", " ", "\t", "\n", ";", "|", "&", ")"})
MAX_DEPTH = 12


class _Heredoc:
    __slots__ = ("delimiter", "expands", "language", "strip_tabs")

    def __init__(
        self, delimiter: str, strip_tabs: bool, expands: bool, language: str | None
    ) -> None:
        self.delimiter = delimiter
        self.strip_tabs = strip_tabs
        self.expands = expands
        self.language = language  # the body is a script when it feeds a shell or an interpreter


def _find_unescaped(text: str, start: int, char: str) -> int:
    i = start
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == char:
            return i
        i += 1
    return len(text)


def _matching_paren(text: str, start: int) -> int:
    """Index of the ``)`` closing the ``(`` just before ``start`` (``len(text)`` if unclosed)."""
    depth = 1
    i = start
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "'":
            i = _find_unescaped_single(text, i + 1) + 1
            continue
        if c in '"`':
            i = _find_unescaped(text, i + 1, c) + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return n


def _find_unescaped_single(text: str, start: int) -> int:
    end = text.find("'", start)
    return len(text) if end < 0 else end


def _ansi_end(text: str, start: int) -> int:
    """Index just after the ``'`` closing a ``$'…'`` string whose body starts at ``start``."""
    return _find_unescaped(text, start, "'") + 1


class _Scanner:
    def __init__(self, out: list[str]) -> None:
        self.out = out
        self.code: list[tuple[str, str]] = []

    def scan(self, text: str, depth: int) -> None:
        if depth > MAX_DEPTH:
            self.out.append(text.strip())
            return
        buf: list[str] = []
        pending: list[_Heredoc] = []
        i = 0
        n = len(text)

        def flush() -> None:
            segment = _strip_keywords("".join(buf))
            buf.clear()
            if segment:
                self.out.append(segment)

        while i < n:
            c = text[i]
            if c == "\\":
                if text.startswith("\n", i + 1):
                    i += 2  # line continuation
                    continue
                buf.append(text[i : i + 2])
                i += 2
            elif c == "'":
                end = _find_unescaped_single(text, i + 1)
                buf.append(text[i : end + 1])
                i = end + 1
            elif c == "$" and text.startswith("$'", i):
                end = _ansi_end(text, i + 2)
                buf.append(text[i:end])
                i = end
            elif c == '"':
                end = self._double_quoted(text, i + 1, depth)
                buf.append(text[i:end])
                i = end
            elif c == "`":
                end = _find_unescaped(text, i + 1, "`")
                self.scan(_unescape_backtick(text[i + 1 : end]), depth + 1)
                buf.append(text[i : end + 1])
                i = end + 1
            elif c in "$<>" and text.startswith("(", i + 1):
                end = _matching_paren(text, i + 2)
                self.scan(text[i + 2 : end], depth + 1)
                buf.append(text[i : end + 1])
                i = end + 1
            elif c in "{}" and _starts_word(text, i) and text[i + 1 : i + 2] in _GROUP_END:
                flush()  # ``{ cmd; }`` group, also after ``function f``
                i += 1
            elif c == "#" and _starts_word(text, i):
                end = text.find("\n", i)
                i = n if end < 0 else end
            elif c == "<" and text.startswith("<<", i) and not text.startswith("<<<", i):
                i = self._heredoc_operator(text, i, buf, pending)
            elif c == "<" and text.startswith("<<<", i):
                buf.append("<<<")
                i += 3
            elif c in _SEPARATORS and not _is_redirection(text, i, buf):
                flush()
                i += 1
                if c == "\n" and pending:
                    i = self._heredoc_bodies(text, i, pending, depth)
                    pending = []
            else:
                buf.append(c)
                i += 1
        flush()

    def _double_quoted(self, text: str, start: int, depth: int) -> int:
        """Scan a double-quoted body (running its substitutions); return the index after it."""
        i = start
        n = len(text)
        while i < n:
            c = text[i]
            if c == "\\":
                i += 2
            elif c == '"':
                return i + 1
            elif c == "`":
                end = _find_unescaped(text, i + 1, "`")
                self.scan(_unescape_backtick(text[i + 1 : end]), depth + 1)
                i = end + 1
            elif c == "$" and text.startswith("(", i + 1):
                end = _matching_paren(text, i + 2)
                self.scan(text[i + 2 : end], depth + 1)
                i = end + 1
            else:
                i += 1
        return n

    def _expansions_only(self, text: str, depth: int) -> None:
        """An unquoted heredoc body is data, but its ``$(…)`` and backticks still run."""
        i = 0
        while i < len(text):
            c = text[i]
            if c == "\\":
                i += 2
            elif c == "`":
                end = _find_unescaped(text, i + 1, "`")
                self.scan(text[i + 1 : end], depth + 1)
                i = end + 1
            elif c == "$" and text.startswith("(", i + 1):
                end = _matching_paren(text, i + 2)
                self.scan(text[i + 2 : end], depth + 1)
                i = end + 1
            else:
                i += 1

    @staticmethod
    def _heredoc_language(buf: list[str]) -> str | None:
        for word in shell_words("".join(buf)):
            name = basename(word)
            if name in SHELLS:
                return "shell"
            language = interpreter_language(name)
            if language is not None:
                return language
        return None

    def _heredoc_operator(self, text: str, i: int, buf: list[str], pending: list[_Heredoc]) -> int:
        j = i + 2
        strip_tabs = text.startswith("-", j)
        if strip_tabs:
            j += 1
        while j < len(text) and text[j] in " \t":
            j += 1
        k = j
        while k < len(text) and text[k] not in _WORD_END:
            if text[k] in "'\"":
                k = _find_unescaped(text, k + 1, text[k]) + 1
            else:
                k += 1
        word = text[j:k]
        if word:
            delimiter = word.replace("'", "").replace('"', "").replace("\\", "")
            expands = not any(q in word for q in "'\"\\")
            language = self._heredoc_language(buf)
            pending.append(_Heredoc(delimiter, strip_tabs, expands, language))
        buf.append(text[i:k])
        return k

    def _heredoc_bodies(self, text: str, i: int, pending: list[_Heredoc], depth: int) -> int:
        for heredoc in pending:
            body: list[str] = []
            while i < len(text):
                end = text.find("\n", i)
                end = len(text) if end < 0 else end
                line = text[i:end]
                i = end + 1
                probe = line.lstrip("\t") if heredoc.strip_tabs else line
                if probe == heredoc.delimiter:
                    break
                body.append(line)
            body_text = "\n".join(body)
            if heredoc.expands:
                self._expansions_only(body_text, depth)
            if heredoc.language == "shell":
                self.scan(body_text, depth + 1)
            elif heredoc.language is not None:
                self.code.append((heredoc.language, body_text))
        return min(i, len(text))


def _unescape_backtick(body: str) -> str:
    """Inside backticks a backslash escapes only a dollar, a backtick and a backslash."""
    out: list[str] = []
    i = 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body) and body[i + 1] in "$`\\":
            out.append(body[i + 1])
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def _starts_word(text: str, i: int) -> bool:
    return i == 0 or text[i - 1] in " \t\n;|&()"


def _is_redirection(text: str, i: int, buf: list[str]) -> bool:
    """``2>&1``, ``&>file``, ``>|file`` and ``<&0`` use ``&``/``|`` without separating commands."""
    c = text[i]
    previous = buf[-1][-1:] if buf else ""
    if c == "&":
        return previous in {"<", ">"} or text.startswith(">", i + 1)
    if c == "|":
        return previous == ">"
    return False


def _strip_keywords(segment: str) -> str:
    words = segment.strip().split(None, 1)
    while words and words[0] in _KEYWORDS:
        words = words[1].strip().split(None, 1) if len(words) > 1 else []
    return " ".join(words).strip()


class ScriptParts(Value):
    """The simple commands of a script, and code it feeds to interpreters through heredocs."""

    __slots__ = ("code", "commands")
    commands: tuple[str, ...]
    code: tuple[tuple[str, str], ...]

    def __init__(self, commands: tuple[str, ...], code: tuple[tuple[str, str], ...] = ()) -> None:
        self._init(commands=commands, code=code)


def split_script(script: str, depth: int = 0) -> ScriptParts:
    """Raw text of each simple command in ``script``, outer commands and nested ones alike."""
    out: list[str] = []
    scanner = _Scanner(out)
    scanner.scan(script, depth)
    return ScriptParts(tuple(out), tuple(scanner.code))
