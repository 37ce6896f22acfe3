"""Backslash escapes decoded the way each language or tool does — one decoder for all of them.

``os.system('\\x74ouch M')``, ``$'\\x74ouch' M``, ``printf '\\164ouch M' | sh`` and
``awk 'BEGIN{system("\\164ouch M")}'`` all run ``touch M``: a check that compares text as
written would miss each. The styles follow each reference: bash's ``$'…'``, ``printf``/
``echo -e``, awk, and the string literals of Python, JavaScript, Ruby, PHP, Perl, Go, Rust, R
and Elixir. An escape a style does not know keeps its backslash where the language keeps it
and loses it where the language drops it.
"""

from __future__ import annotations

import re

_HEX = frozenset("0123456789abcdefABCDEF")
_OCT = frozenset("01234567")
_COMMON = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"'}
_C_LIKE = {**_COMMON, "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_CASE = re.compile(r"\\([LUQEFlu])")


class _Style:
    """What one language's escapes are: simple letters, numeric forms (with the fewest digits
    each accepts), and the odd ones (``\\cX``, ``\\c`` that stops output, Perl's case)."""

    __slots__ = ("braced", "control", "hex_min", "keeps", "octal", "simple", "stop", "u4", "u8")

    def __init__(
        self,
        simple: dict[str, str],
        *,
        keeps: bool = False,
        octal: tuple[int, int] | None = (1, 3),  # (fewest, most) digits
        hex_min: int = 1,
        u4: int | None = None,
        u8: int | None = None,
        braced: bool = False,
        control: bool = False,
        stop: bool = False,
    ) -> None:
        self.simple = simple
        self.keeps = keeps
        self.octal = octal
        self.hex_min = hex_min
        self.u4 = u4
        self.u8 = u8
        self.braced = braced
        self.control = control
        self.stop = stop


_STYLES: dict[str, _Style] = {
    "bash": _Style(
        {**_C_LIKE, "e": "\x1b", "E": "\x1b", "?": "?"}, keeps=True, u4=1, u8=1, control=True
    ),
    "printf": _Style({**_C_LIKE, "e": "\x1b", "E": "\x1b"}, keeps=True, u4=1, u8=1, stop=True),
    "awk": _Style({**_C_LIKE, "/": "/"}),
    "python": _Style({**_C_LIKE, "\n": ""}, keeps=True, u4=4, u8=8),
    "javascript": _Style(
        {**_C_LIKE, "0": "\0", "`": "`", "$": "$", "\n": ""}, hex_min=2, u4=4, braced=True
    ),
    "ruby": _Style(
        {**_C_LIKE, "e": "\x1b", "s": " ", "0": "\0", "#": "#", "\n": ""},
        u4=4,
        braced=True,
        control=True,
    ),
    "php": _Style(
        {
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
        keeps=True,
        braced=True,
    ),
    "perl": _Style({**_C_LIKE, "e": "\x1b", "$": "$", "@": "@", "0": "\0"}, braced=True),
    "go": _Style({**_C_LIKE}, octal=(3, 3), hex_min=2, u4=4, u8=8),
    "rust": _Style(
        {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"'},
        octal=None,
        hex_min=2,
        braced=True,
    ),
    "r": _Style({**_C_LIKE, "`": "`", "0": "\0"}, keeps=True, u4=1, u8=1, braced=True),
    "elixir": _Style(
        {**_C_LIKE, "e": "\x1b", "s": " ", "0": "\0", "#": "#", "\n": ""},
        octal=None,
        u4=4,
        braced=True,
    ),
}
_SINGLE_QUOTED_LITERALLY = frozenset({"ruby", "php", "perl"})


def decode(body: str, style: str, *, single_quoted: bool = False) -> str:
    """``body`` as the program sees it; ``style`` names the language or tool."""
    if "\\" not in body:
        return body
    if single_quoted and style in _SINGLE_QUOTED_LITERALLY:
        return body.replace("\\\\", "\x00").replace("\\'", "'").replace("\x00", "\\")
    rules = _STYLES[style]
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
        if rules.stop and nxt == "c":
            break  # printf/echo: \c ends the output
        octal_zero = nxt == "0" and rules.octal is not None and body[i + 2 : i + 3] in _OCT
        if nxt in rules.simple and not octal_zero:
            out.append(rules.simple[nxt])
            i += 2
            continue
        decoded, length = _numeric(body, i, rules, style)
        if decoded is not None:
            out.append(decoded)
            i += length
            continue
        if rules.control and nxt == "c" and i + 2 < n:
            out.append(chr(ord(body[i + 2]) & 0x1F))
            i += 3
            continue
        out.append(("\\" + nxt) if rules.keeps else nxt)
        i += 2
    text = "".join(out)
    return _case_modifiers(text) if style == "perl" and "\\" in text else text


def _numeric(body: str, i: int, rules: _Style, style: str) -> tuple[str | None, int]:
    """``\\xHH``, ``\\x{…}``, ``\\u…``, ``\\U…``, ``\\N{…}``, octal at the backslash ``i``:
    (text, length) or (None, 0)."""
    nxt = body[i + 1]
    if nxt == "x":
        if body.startswith("{", i + 2) and style in {"perl", "elixir"}:
            return _braced(body, i, i + 3, 16)
        return _digits(body, i, i + 2, 2, 16, minimum=rules.hex_min)
    if nxt == "u":
        if body.startswith("{", i + 2) and rules.braced:
            if style == "ruby":
                end = body.find("}", i + 3)
                points = body[i + 3 : end].split() if end > 0 else []
                if points and all(set(p) <= _HEX for p in points):
                    return "".join(_chr(int(p, 16)) for p in points), end + 1 - i
            return _braced(body, i, i + 3, 16)
        if rules.u4 is not None:
            return _digits(body, i, i + 2, 4, 16, minimum=rules.u4)
    if nxt == "U" and rules.u8 is not None:
        return _digits(body, i, i + 2, 8, 16, minimum=rules.u8)
    if nxt == "N" and body.startswith("{", i + 2) and style in {"python", "perl"}:
        return _named(body, i)
    if nxt == "o" and style == "perl" and body.startswith("{", i + 2):
        return _braced(body, i, i + 3, 8)
    if nxt in _OCT and rules.octal is not None:
        fewest, most = rules.octal
        start = i + 2 if style == "printf" and nxt == "0" else i + 1  # printf's \0NNN
        return _digits(body, i, start, most, 8, minimum=0 if start == i + 2 else fewest)
    return None, 0


def _named(body: str, i: int) -> tuple[str | None, int]:
    end = body.find("}", i + 3)
    if end < 0:
        return None, 0
    name = body[i + 3 : end]
    if name.upper().startswith("U+") and name[2:] and set(name[2:]) <= _HEX:
        return _chr(int(name[2:], 16)), end + 1 - i
    import unicodedata  # only for \N{NAME}, which almost no agent code uses

    try:
        return unicodedata.lookup(name), end + 1 - i
    except KeyError:
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
    return _chr(int(body[start:j] or "0", base)), j - i


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
