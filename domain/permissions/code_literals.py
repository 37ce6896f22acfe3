"""Reading call arguments in source code: string literals, lists of them, or "something dynamic".

Just enough of each language's lexical rules to tell ``os.system("rm -rf x")`` (a literal capy can
check) from ``os.system(cmd)`` (a value capy cannot see).
"""

from __future__ import annotations

from domain.escapes import decode
from domain.hooks.value import Value

_CLOSERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_ARG_END = frozenset(",)]}\n\r;#")


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
        "quote_operators",
        "quotes",
        "raw_backtick",
        "string_prefixes",
        "style",
    )
    quotes: str
    string_prefixes: str  # python: r b f u
    interpolation: tuple[str, ...]  # markers that make an interpolating string dynamic
    interpolating_quotes: str
    raw_backtick: bool
    list_openers: tuple[str, ...]
    keyword_sep: str
    style: str  # how backslash escapes are decoded (``string_escapes``)
    quote_operators: tuple[str, ...]  # q{…} qq{…} (perl), %q(…) (ruby), ~s"…" (elixir)

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
        style: str = "python",
        quote_operators: tuple[str, ...] = (),
    ) -> None:
        self._init(
            style=style,
            quote_operators=quote_operators,
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
    """A string literal starting at ``i`` (escapes decoded) and the index after it, or
    ``None``."""
    for operator in syntax.quote_operators:
        if code.startswith(operator, i) and i + len(operator) < len(code):
            opener = code[i + len(operator)]
            if opener.isalnum() or opener.isspace() or opener == "_":
                continue
            body, end = _delimited(code, i + len(operator), opener)
            interpolates = operator.lstrip("%~") in {"qq", "Q", "", "s", "c"} and (
                operator not in {"q", "%q", "~S", "~C"}
            )
            literal = decode(body, syntax.style, single_quoted=not interpolates)
            dynamic = interpolates and any(m in body for m in syntax.interpolation)
            return Literal(literal, dynamic), end
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
    while j < len(code) and not code.startswith(delim, j):
        j += 2 if code[j] == "\\" and not raw else 1
    body = code[i + len(delim) : min(j, len(code))]
    text = body if raw else decode(body, syntax.style, single_quoted=quote == "'")
    markers: tuple[str, ...] = ("{",) if "f" in prefix else ()
    if quote in syntax.interpolating_quotes:
        markers = syntax.interpolation
    dynamic = any(text.lstrip().startswith(m) for m in markers)
    return Literal(text, dynamic), j + len(delim)


def _delimited(code: str, i: int, opener: str) -> tuple[str, int]:
    """The body of ``q{…}``-style quoting from the opener at ``i`` (brackets nest)."""
    closer = _CLOSERS.get(opener, opener)
    depth = 1
    j = i + 1
    while j < len(code):
        c = code[j]
        if c == "\\":
            j += 2
            continue
        if c == closer and opener != closer:
            depth -= 1
            if depth == 0:
                break
        elif c == closer:
            break
        elif c == opener and opener != closer:
            depth += 1
        j += 1
    return code[i + 1 : min(j, len(code))], min(j + 1, len(code))


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
    else:
        if i < len(code) and code[i] not in ")]}":
            args.append(None)  # more arguments than read: the rest is unknown
    return args


def call_end(code: str, i: int, syntax: Syntax) -> int:
    """Index just after the ``)`` closing a call whose ``(`` ends at ``i``."""
    while i < len(code):
        i = _skip_value(code, i, syntax)
        if i < len(code) and code[i] == ",":
            i += 1
            continue
        return i + 1 if i < len(code) else i
    return i


def _skip_blanks(code: str, i: int) -> int:
    while i < len(code) and code[i] in " \t":
        i += 1
    return i


def closing_delimiter(opener: str) -> str:
    return _CLOSERS.get(opener, opener)
