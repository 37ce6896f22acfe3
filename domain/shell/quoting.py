"""Quoting and escapes as the shell reads them: ``$'…'`` bodies, backquoted text, heredoc
delimiter lines."""

from __future__ import annotations

import re

_SIMPLE_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "e": "\x1b",
    "E": "\x1b",
    "f": "\f",
    "v": "\v",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "?": "?",
}
_HEX = frozenset("0123456789abcdefABCDEF")


def unescape_backtick(body: str) -> str:
    """Inside backticks a backslash escapes only a dollar, a backtick and a backslash."""
    if "\\" not in body:
        return body
    return re.sub(r"\\([$`\\])", r"\1", body)


def ansi_c(text: str, i: int) -> tuple[str, int]:
    """Decode a ``$'…'`` body starting at ``i``; return the text and the index after it."""
    out: list[str] = []
    n = len(text)
    while i < n and text[i] != "'":
        c = text[i]
        if c != "\\" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        nxt = text[i + 1]
        if nxt in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[nxt])
            i += 2
        elif nxt in "xuU":
            width = {"x": 2, "u": 4, "U": 8}[nxt]
            j = i + 2
            while j < min(n, i + 2 + width) and text[j] in _HEX:
                j += 1
            digits = text[i + 2 : j]
            out.append(_char(int(digits, 16)) if digits else "\\" + nxt)
            i = j
        elif nxt in "01234567":
            j = i + 1
            while j < min(n, i + 4) and text[j] in "01234567":
                j += 1
            out.append(_char(int(text[i + 1 : j], 8)))
            i = j
        elif nxt == "c" and i + 2 < n:
            out.append(chr(ord(text[i + 2]) & 0x1F))
            i += 3
        else:
            out.append("\\" + nxt)
            i += 2
    return "".join(out), i + 1


def _char(code: int) -> str:
    return chr(code) if code <= 0x10FFFF else "\ufffd"


def delimiter_line(text: str, i: int, delimiter: str, strip_tabs: bool) -> tuple[int, int] | None:
    """Start and end of the first line from ``i`` that is exactly ``delimiter`` (after leading
    tabs for ``<<-``), or ``None``."""
    if strip_tabs:
        found = re.compile("^\t*" + re.escape(delimiter) + "$", re.MULTILINE).search(text, i)
        return None if found is None else (found.start(), found.end())
    n = len(text)
    at = i
    while at <= n:
        if text.startswith(delimiter, at):
            end = at + len(delimiter)
            if end == n or text[end] == "\n":
                return at, end
        newline = text.find("\n", at)
        if newline < 0:
            return None
        at = newline + 1
    return None


_UNSAFE = re.compile(r"[^\w@%+=:,./-]", re.ASCII)


def quote(word: str) -> str:
    """``word`` quoted so the shell reads it back as one word (like ``shlex.quote``, without
    importing ``shlex`` on the hook's path)."""
    if not word:
        return "''"
    if _UNSAFE.search(word) is None:
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"
