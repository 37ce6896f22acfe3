"""Reading call arguments in source code: string literals, lists of them, or "something dynamic".

Just enough of each language's lexical rules to tell ``os.system("rm -rf x")`` (a literal capy can
check) from ``os.system(cmd)`` (a value capy cannot see).
"""

from __future__ import annotations

from domain.hooks.value import Value

_CLOSERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_ARG_END = frozenset(",)]}\n\r;#")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "e": "\x1b", "a": "\a"}


class Literal(Value):
    """A string literal; ``dynamic_head`` when it starts with an interpolation (``f"{cmd} x"``)."""

    __slots__ = ("dynamic_head", "text")
    text: str
    dynamic_head: bool

    def __init__(self, text: str, dynamic_head: bool = False) -> None:
        self._init(text=text, dynamic_head=dynamic_head)


class ListLiteral(Value):
    __slots__ = ("items",)
    items: tuple[Literal | None, ...]  # None: an element that is not a literal

    def __init__(self, items: tuple[Literal | None, ...]) -> None:
        self._init(items=items)


class Keyword(Value):
    __slots__ = ("name", "value")
    name: str
    value: Literal | ListLiteral | None

    def __init__(self, name: str, value: Literal | ListLiteral | None) -> None:
        self._init(name=name, value=value)


Arg = Literal | ListLiteral | Keyword | None  # None: dynamic


class Syntax(Value):
    """The literal forms of one language."""

    __slots__ = (
        "interpolating_quotes",
        "interpolation",
        "keyword_sep",
        "list_openers",
        "quotes",
        "raw_backtick",
        "string_prefixes",
    )
    quotes: str
    string_prefixes: str  # python: r b f u
    interpolation: tuple[str, ...]  # markers that make an interpolating string dynamic
    interpolating_quotes: str
    raw_backtick: bool
    list_openers: tuple[str, ...]
    keyword_sep: str

    def __init__(
        self,
        *,
        quotes: str = "\"'",
        string_prefixes: str = "",
        interpolation: tuple[str, ...] = (),
        interpolating_quotes: str = '"',
        raw_backtick: bool = False,
        list_openers: tuple[str, ...] = ("[",),
        keyword_sep: str = "=",
    ) -> None:
        self._init(
            quotes=quotes,
            string_prefixes=string_prefixes,
            interpolation=interpolation,
            interpolating_quotes=interpolating_quotes,
            raw_backtick=raw_backtick,
            list_openers=list_openers,
            keyword_sep=keyword_sep,
        )


def skip_space(code: str, i: int) -> int:
    while i < len(code) and code[i] in " \t\r\n\\":
        if code[i] == "\\" and not code.startswith("\\\n", i):
            break
        i += 1
    return i


def read_string(code: str, i: int, syntax: Syntax) -> tuple[Literal, int] | None:
    """A string literal starting at ``i`` and the index after it, or ``None``."""
    start = i
    while i < len(code) and code[i] in syntax.string_prefixes and code[i].isalpha():
        i += 1
    prefix = code[start:i].lower()
    if i >= len(code):
        return None
    if code.startswith('r#"', i) and "r" in syntax.string_prefixes:
        end = code.find('"#', i + 3)
        end = len(code) if end < 0 else end
        return Literal(code[i + 3 : end]), end + 2
    quote = code[i]
    allowed = syntax.quotes + ("`" if syntax.raw_backtick else "")
    if quote not in allowed:
        return None
    delim = quote * 3 if code.startswith(quote * 3, i) and syntax.string_prefixes else quote
    raw = "r" in prefix or (quote == "`" and syntax.raw_backtick)
    j = i + len(delim)
    out: list[str] = []
    while j < len(code) and not code.startswith(delim, j):
        c = code[j]
        if c == "\\" and not raw and j + 1 < len(code):
            nxt = code[j + 1]
            out.append(_ESCAPES.get(nxt, nxt))
            j += 2
            continue
        out.append(c)
        j += 1
    text = "".join(out)
    markers: tuple[str, ...] = ("{",) if "f" in prefix else ()
    if quote in syntax.interpolating_quotes:
        markers = syntax.interpolation
    dynamic = any(text.lstrip().startswith(m) for m in markers)
    return Literal(text, dynamic), j + len(delim)


def _skip_value(code: str, i: int, syntax: Syntax) -> int:
    """Skip one argument expression up to the next top-level ``,`` or closing bracket."""
    depth = 0
    while i < len(code):
        c = code[i]
        literal = read_string(code, i, syntax) if c in syntax.quotes + "`" else None
        if literal is not None:
            i = literal[1]
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif c == "," and depth == 0:
            return i
        i += 1
    return i


def _read_list(code: str, i: int, closer: str, syntax: Syntax) -> tuple[ListLiteral, int]:
    items: list[Literal | None] = []
    while True:
        i = skip_space(code, i)
        if i >= len(code):
            return ListLiteral(tuple(items)), i
        if code[i] == closer:
            return ListLiteral(tuple(items)), i + 1
        literal = read_string(code, i, syntax)
        if literal is not None:
            end = skip_space(code, literal[1])
            if end < len(code) and code[end] in "," + closer:
                items.append(literal[0])
                i = end + 1 if code[end] == "," else end
                continue
        items.append(None)
        i = _skip_value(code, i, syntax)
        if i < len(code) and code[i] == ",":
            i += 1
        elif i < len(code) and code[i] in ")]}" and code[i] != closer:
            return ListLiteral(tuple(items)), i


def _read_arg(code: str, i: int, syntax: Syntax) -> tuple[Arg, int]:
    i = skip_space(code, i)
    literal = read_string(code, i, syntax)
    if literal is not None:
        end = _skip_blanks(code, literal[1])
        if end >= len(code) or code[end] in _ARG_END:
            return literal[0], skip_space(code, end)
    for opener in syntax.list_openers:
        if code.startswith(opener, i):
            value, end = _read_list(code, i + len(opener), _CLOSERS[opener[-1]], syntax)
            end = _skip_blanks(code, end)
            if end >= len(code) or code[end] in _ARG_END:
                return value, skip_space(code, end)
    j = i
    while j < len(code) and (code[j].isalnum() or code[j] == "_"):
        j += 1
    if j > i and code.startswith(syntax.keyword_sep, skip_space(code, j)):
        after = skip_space(code, j) + len(syntax.keyword_sep)
        if not code.startswith("=", after):
            kw_value, kw_end = _read_arg(code, after, syntax)
            inner = kw_value if isinstance(kw_value, Literal | ListLiteral) else None
            return Keyword(code[i:j], inner), kw_end
    return None, _skip_value(code, i, syntax)


def read_args(code: str, i: int, syntax: Syntax, *, parens: bool, limit: int = 16) -> list[Arg]:
    """Arguments of a call whose ``(`` (or, without ``parens``, whose name) ends at ``i``."""
    args: list[Arg] = []
    while len(args) < limit:
        i = skip_space(code, i) if parens else _skip_blanks(code, i)
        if i >= len(code) or code[i] in ")]}" or (not parens and code[i] in "\n;"):
            break
        arg, i = _read_arg(code, i, syntax)
        args.append(arg)
        if i < len(code) and code[i] == ",":
            i += 1
        else:
            break
    return args


def _skip_blanks(code: str, i: int) -> int:
    while i < len(code) and code[i] in " \t":
        i += 1
    return i


def closing_delimiter(opener: str) -> str:
    return _CLOSERS.get(opener, opener)
