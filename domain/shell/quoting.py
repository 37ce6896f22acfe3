"""Quoting and escapes as the shell reads them: ``$'…'`` bodies, backquoted text, heredoc
delimiter lines."""

from __future__ import annotations

import re

from domain.precompiled import precompiled


def unescape_backtick(body: str) -> str:
    """Inside backticks a backslash escapes only a dollar, a backtick and a backslash."""
    if "\\" not in body:
        return body
    return re.sub(r"\\([$`\\])", r"\1", body)


def ansi_c(text: str, i: int) -> tuple[str, int]:
    """Decode a ``$'…'`` body starting at ``i``; return the text and the index after it."""
    end = i
    while end < len(text) and text[end] != "'":
        end += 2 if text[end] == "\\" else 1
    body = text[i : min(end, len(text))]
    if "\\" not in body:
        return body, end + 1
    from domain.escapes import decode  # only for $'…' with escapes in it

    return decode(body, "bash"), end + 1


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


_UNSAFE = precompiled(r"[^\w@%+=:,./-]", re.ASCII)


def quote(word: str) -> str:
    """``word`` quoted so the shell reads it back as one word (like ``shlex.quote``, without
    importing ``shlex`` on the hook's path)."""
    if not word:
        return "''"
    if _UNSAFE.search(word) is None:
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"
