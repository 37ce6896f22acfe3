"""Backslash escapes inside string literals, decoded the way each language does.

``os.system('\\x74ouch M')`` runs ``touch M``: a check that compares the literal as written
would miss it. Each language's table below follows its reference (Python, JavaScript, Ruby,
PHP, Perl, Go, Rust, R, Elixir); an escape a language does not know keeps its backslash, as
the language itself does (or drops it, where the language does).
"""

from __future__ import annotations

import re

_HEX = frozenset("0123456789abcdefABCDEF")
_OCT = frozenset("01234567")
_COMMON = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"'}
_C_LIKE = {**_COMMON, "a": "\a", "b": "\b", "f": "\f", "v": "\v"}

# per style: simple escapes, whether unknown escapes keep the backslash, features
_SIMPLE: dict[str, dict[str, str]] = {
    "python": {**_C_LIKE, "\n": ""},
    "javascript": {**_C_LIKE, "0": "\0", "`": "`", "$": "$", "\n": ""},
    "ruby": {**_C_LIKE, "e": "\x1b", "s": " ", "0": "\0", "#": "#", "\n": ""},
    "php": {
        "n": "\n",
        "t": "\t",
        "r": "\r",
        "v": "\v",
        "e": "\x1b",
        "f": "\f",
        "\\": "\\",
        "$": "$",
        '"': '"',
    },
    "perl": {**_C_LIKE, "e": "\x1b", "$": "$", "@": "@", "0": "\0"},
    "go": {**_C_LIKE},
    "rust": {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"'},
    "r": {**_C_LIKE, "`": "`", "0": "\0"},
    "elixir": {**_C_LIKE, "e": "\x1b", "s": " ", "0": "\0", "#": "#", "\n": ""},
}
_KEEPS_BACKSLASH = frozenset({"python", "php", "r"})
_OCTAL = frozenset({"python", "javascript", "ruby", "php", "perl", "go", "r"})
_BRACED_UNICODE = frozenset({"javascript", "ruby", "php", "rust", "r", "elixir", "perl"})
_UNICODE_4 = frozenset({"python", "javascript", "ruby", "go", "r", "elixir"})
_UNICODE_8 = frozenset({"python", "go", "r"})
_CASE = re.compile(r"\\([LUQEFlu])")


def decode(body: str, style: str, *, single_quoted: bool = False) -> str:
    """``body`` (between the quotes) as the program sees it."""
    if "\\" not in body:
        return body
    if single_quoted and style in {"ruby", "php", "perl"}:
        return body.replace("\\\\", "\x00").replace("\\'", "'").replace("\x00", "\\")
    simple = _SIMPLE.get(style, _C_LIKE)
    out: list[str] = []
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c != "\\" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if style == "rust" and nxt == "\n":
            i += 2
            while i < n and body[i] in " \t\n\r":
                i += 1
            continue
        if style == "perl" and nxt in "LUQEFlu":
            out.append(body[i : i + 2])  # case modifiers: applied below
            i += 2
            continue
        if nxt in simple and not (nxt == "0" and style in _OCTAL and body[i + 2 : i + 3] in _OCT):
            out.append(simple[nxt])
            i += 2
            continue
        decoded, length = _numeric(body, i, style)
        if decoded is not None:
            out.append(decoded)
            i += length
            continue
        if style == "ruby" and nxt == "c" and i + 2 < n:
            out.append(chr(ord(body[i + 2]) & 0x1F))
            i += 3
            continue
        out.append(("\\" + nxt) if style in _KEEPS_BACKSLASH else nxt)
        i += 2
    text = "".join(out)
    return _case_modifiers(text) if style == "perl" and "\\" in text else text


def _numeric(body: str, i: int, style: str) -> tuple[str | None, int]:
    """``\\xHH``, ``\\x{…}``, ``\\u…``, ``\\U…``, ``\\N{…}``, octal at the backslash ``i``:
    (text, length) or (None, 0)."""
    nxt = body[i + 1]
    if nxt == "x":
        if body.startswith("{", i + 2) and style in {"perl", "elixir"}:
            return _braced(body, i, i + 3, 16)
        return _digits(body, i, i + 2, 2, 16, minimum=2 if style == "javascript" else 1)
    if nxt == "u":
        if body.startswith("{", i + 2) and style in _BRACED_UNICODE:
            if style == "ruby":
                end = body.find("}", i + 3)
                points = body[i + 3 : end].split() if end > 0 else []
                if points and all(set(p) <= _HEX for p in points):
                    return "".join(_chr(int(p, 16)) for p in points), end + 1 - i
            return _braced(body, i, i + 3, 16)
        if style in _UNICODE_4:
            return _digits(body, i, i + 2, 4, 16, minimum=1 if style == "r" else 4)
    if nxt == "U" and style in _UNICODE_8:
        return _digits(body, i, i + 2, 8, 16, minimum=1 if style == "r" else 8)
    if nxt == "N" and body.startswith("{", i + 2) and style in {"python", "perl"}:
        end = body.find("}", i + 3)
        if end > 0:
            name = body[i + 3 : end]
            if name.upper().startswith("U+") and name[2:] and set(name[2:]) <= _HEX:
                return _chr(int(name[2:], 16)), end + 1 - i
            import unicodedata  # only for \N{NAME}, which almost no agent code uses

            try:
                return unicodedata.lookup(name), end + 1 - i
            except KeyError:
                return None, 0
    if nxt == "o" and style == "perl" and body.startswith("{", i + 2):
        return _braced(body, i, i + 3, 8)
    if nxt in _OCT and style in _OCTAL:
        return _digits(body, i, i + 1, 3, 8, minimum=3 if style == "go" else 1)
    return None, 0


def _digits(
    body: str, i: int, start: int, width: int, base: int, *, minimum: int
) -> tuple[str | None, int]:
    allowed = _HEX if base == 16 else _OCT
    j = start
    while j < min(len(body), start + width) and body[j] in allowed:
        j += 1
    if j - start < minimum:
        return None, 0
    return _chr(int(body[start:j], base)), j - i


def _braced(body: str, i: int, start: int, base: int) -> tuple[str | None, int]:
    end = body.find("}", start)
    digits = body[start:end] if end > 0 else ""
    if not digits or not set(digits) <= (_HEX if base == 16 else _OCT):
        return None, 0
    return _chr(int(digits, base)), end + 1 - i


def _chr(code: int) -> str:
    return chr(code) if 0 <= code <= 0x10FFFF else "\ufffd"


def _case_modifiers(text: str) -> str:
    r"""Perl's ``\L…\E``, ``\U…\E``, ``\Q…\E``, ``\F…\E``, ``\l``, ``\u``."""
    out: list[str] = []
    mode = ""
    once = ""
    i = 0
    while i < len(text):
        match = _CASE.match(text, i)
        if match is not None:
            flag = match.group(1)
            if flag in "lu":
                once = flag
            elif flag == "E":
                mode = ""
            else:
                mode = flag
            i = match.end()
            continue
        c = text[i]
        if mode in {"L", "F"}:
            c = c.lower()
        elif mode == "U":
            c = c.upper()
        elif mode == "Q" and not (c.isalnum() or c == "_"):
            c = "\\" + c
        if once:
            c = c.lower() if once == "l" else c.upper()
            once = ""
        out.append(c)
        i += 1
    return "".join(out)
