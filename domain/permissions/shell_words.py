"""Shell words of one simple command, the way the shell would see them (quotes removed)."""

from __future__ import annotations

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


def _ansi_c(text: str, i: int) -> tuple[str, int]:
    """Decode a ``$'…'`` body starting at ``i``; return the text and the index after the quote."""
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
            while j < min(n, i + 2 + width) and text[j] in "0123456789abcdefABCDEF":
                j += 1
            digits = text[i + 2 : j]
            out.append(chr(int(digits, 16)) if digits else "\\" + nxt)
            i = j
        elif nxt in "01234567":
            j = i + 1
            while j < min(n, i + 4) and text[j] in "01234567":
                j += 1
            out.append(chr(int(text[i + 1 : j], 8)))
            i = j
        else:
            out.append("\\" + nxt)
            i += 2
    return "".join(out), i + 1


def _double(text: str, i: int) -> tuple[str, int]:
    out: list[str] = []
    n = len(text)
    while i < n and text[i] != '"':
        if text[i] == "\\" and i + 1 < n and text[i + 1] in '$`"\\\n':
            if text[i + 1] != "\n":
                out.append(text[i + 1])
            i += 2
            continue
        out.append(text[i])
        i += 1
    return "".join(out), i + 1


def _substitution_end(text: str, i: int) -> int:
    """Index just after the ``)`` closing a ``$(`` whose body starts at ``i``."""
    depth = 1
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c in "'\"`":
            end = text.find(c, i + 1)
            i = len(text) if end < 0 else end + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def shell_words(command: str) -> list[str]:
    """Split on unquoted blanks, removing quotes and backslashes as the shell does."""
    words: list[str] = []
    cur: list[str] = []
    in_word = False
    i = 0
    n = len(command)
    while i < n:
        c = command[i]
        if c in " \t\n":
            if in_word:
                words.append("".join(cur))
                cur = []
                in_word = False
            i += 1
            continue
        in_word = True
        if c == "\\":
            if i + 1 < n and command[i + 1] != "\n":
                cur.append(command[i + 1])
            i += 2
        elif c == "'":
            end = command.find("'", i + 1)
            end = n if end < 0 else end
            cur.append(command[i + 1 : end])
            i = end + 1
        elif c == "$" and command.startswith("$'", i):
            text, i = _ansi_c(command, i + 2)
            cur.append(text)
        elif c == "$" and command.startswith('$"', i):
            text, i = _double(command, i + 2)
            cur.append(text)
        elif c == '"':
            text, i = _double(command, i + 1)
            cur.append(text)
        elif c == "$" and command.startswith("$(", i):
            end = _substitution_end(command, i + 2)
            cur.append(command[i:end])
            i = end
        elif c == "`":
            end = command.find("`", i + 1)
            end = n if end < 0 else end + 1
            cur.append(command[i:end])
            i = end
        else:
            cur.append(c)
            i += 1
    if in_word:
        words.append("".join(cur))
    return words
