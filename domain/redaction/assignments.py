"""Secrets given to a name: ``name=value``, ``name: value``, ``"name": "value"``,
``--name value``, ``<name>value</name>`` and ``name: X`` … ``value: Y`` pairs.

The name decides whether the value can be a secret (``secret_names``), the value whether it
is one (``secret_values``). Only the value is replaced; the name and the quotes stay, so the
text still reads (``DB_PASSWORD="[REDACTED_SECRET]"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from domain.lazy_pattern import LazyPattern, NeedlePositions
from domain.redaction.explicit_forms import flag_gives_a_password, gives_a_password
from domain.redaction.secret_names import is_secret_name, may_hold_a_directory, name_words
from domain.redaction.secret_values import ValueContext, is_literal_secret, looks_like_a_path

_STEM = r"(?:pass|pwd|secret|token|credential|key|auth)"
STEMS = ("pass", "pwd", "secret", "token", "credential", "key", "auth")  # ``_STEM``'s words


def _name_tail() -> str:
    r"""``(?:(?!{_STEM})[a-z0-9_.\-])*+``, the look-ahead asked only at a stem's first letter
    (each such letter followed by none of its stems' rests); any other name character is
    taken at once, a run of them by one repeat."""
    rests: dict[str, list[str]] = {}
    for stem in STEMS:
        rests.setdefault(stem[0], []).append(stem[1:])
    others = "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in rests)
    heads = "|".join(f"{head}(?!{'|'.join(rest)})" for head, rest in rests.items())
    return rf"(?:[{others}0-9_.\-]++|{heads})*+"


# Matched on lower-cased text: the part of a name from its last secret word on, then an
# operator. The name stops before another secret word and gives nothing back (possessive):
# starting at every secret word of ``passpasspass…`` and reading to the end of the run from
# each was quadratic; now each character is read a bounded number of times. Where a name holds
# several secret words (``passwordkey``) the match starts at the last; ``_name_start`` finds
# the name's start as before. Nothing that may follow a name is a name character, so giving
# a character back could never have made a match. Once the name is read, what must follow it
# (a quote or a backslash, or blanks and an operator) is looked at before the optional quote
# is tried: a stem inside a word such as ``worker_auth66 `` fails there, at a third less cost
# than through the optional groups (ADR 0310; a unit test holds it to the plain spelling).
# Right after the stem, a look-ahead asks whether an operator or a quote can follow the name at
# all: over a log's words (``allocation_auth324 retry``) it reads the name characters at once
# and fails, where the name's tail would have asked a look-ahead at each stem's first letter.
# A necessary condition: a match reads the whole run of name characters (a stem inside it stops
# the tail before a letter, and the match fails). It reads at most 64 of them and passes on a
# longer run, so that a run of stems (``passpasspass…``) is not read to its end from each
# (ADR 0347; a unit test holds it to the plain spelling).
_BEFORE_AN_OPERATOR = r"(?=[a-z0-9_.\-]{0,64}+(?:[\\\"'`]|[ \t]*+[:=,]|[a-z0-9_.\-]))"
_NAME_FROM_STEM = rf"(?P<name>(?P<stem>{_STEM}){_BEFORE_AN_OPERATOR}{_name_tail()})"
_ASSIGNMENT = LazyPattern(
    rf"{_NAME_FROM_STEM}(?=[\\\"'`]|[ \t]*+[:=,])"
    rf"(?:(?P<close>\\?[\"'`])\]?)?(?P<space>[ \t]*+)"
    r"(?P<op>:=|=>|===?|=|:(?!:)|,)[ \t]*+"
)
# Both start with a literal or the stems, which the regex engine can skip ahead to; what must
# come before them (a flag's start, a line's start) is checked in Python.
# The look-behind is the glue test ``_flags`` makes too: without it every dash of a long run
# began a scan of the whole run (quadratic). It follows the first dash (the character before
# that dash is tested): opening on the look-behind, the pattern was tried at every position
# of a text, ten times as long on a log as skipping ahead to its dashes.
_FLAG = LazyPattern(rf"-(?<![a-z0-9_-]-)-?(?P<name>[a-z0-9-]*{_STEM}[a-z0-9-]*)[ \t]+(?=[^\s-])")
_ELEMENT = LazyPattern(
    r"<(?P<tag>[A-Za-z][\w.\-:]*)(?:\s[^<>]*)?>(?P<value>[^<>\n]{8,}?)</(?P=tag)>"
)
# Matched on lower-cased text, like _ASSIGNMENT (case-insensitive patterns are far slower).
_PAIR_NAME = LazyPattern(
    r"\b(?:name|key|parameterkey|variable)[\"']?[ \t]*[:=][ \t]*"
    r"[\"']?(?P<name>[a-z0-9_.\-/]{2,100})[\"']?"
)
PAIR_NAME_STARTS = ("name", "key", "parameterkey", "variable")  # where _PAIR_NAME may match
_PAIR_VALUE = LazyPattern(r"\b(?:value|parametervalue)[\"']?[ \t]*[:=][ \t]*")
_PAIR_REACH = 200
# The name opens its line (after blanks only) and the value ends it; it opens on ``^`` (each
# line is matched at its start only, ``match_at_line_starts``). A whole name, read from
# its first character up to its first secret word, then to its end, giving nothing back.
_TWO_COLUMNS = LazyPattern(
    rf"(?m)^[^\S\n]*+(?P<name>(?>[a-z0-9_.\-]*?(?P<stem>{_STEM}))[a-z0-9_.\-]*+)"
    r"[ \t]{2,}+(?P<value>[^\s|]++)[ \t]*+$"
)
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
_QUOTES = "\"'`"
_FLAG_GLUE = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
_STRING_PREFIXES = "bBrRuU"
_BARE_STOP = LazyPattern(r"[ \t\r\n\"'`,;&)\]}>(\[<]")
_LINE_FORM_STOP = LazyPattern(r"[ \t\r\n\"'`)\]}>(\[<]")
_LINE_PREFIX = LazyPattern(
    r"(?i)^(?:export|set|setx|env|arg|declare(?:[ \t]+-x)?|local|readonly|-|\$env:)?[ \t]*[\"']?$"
)
_PROSE_QUALIFIER = LazyPattern(r"(?<![A-Za-z])([A-Za-z]+)[ \t]$")
_ENV_NAME = LazyPattern(r"^[A-Z][A-Z0-9_]*$")
_HEADER_NAME = LazyPattern(r"^[A-Za-z]+(?:-[A-Za-z]+)+$")


# Plain tuple subclasses, not ``typing.NamedTuple``: building a named tuple compiles source
# text (its ``__new__``, each string annotation) on every import, which each capturing hook
# paid (ADR 0086).
class Span(tuple[int, int]):
    __slots__ = ()

    def __new__(cls, start: int, end: int) -> Span:
        return tuple.__new__(cls, (start, end))

    @property
    def start(self) -> int:
        return self[0]

    @property
    def end(self) -> int:
        return self[1]


class _Value(tuple[Span, str, str]):
    __slots__ = ()

    def __new__(cls, span: Span, text: str, quote: str = "") -> _Value:
        return tuple.__new__(cls, (span, text, quote))  # quote: empty for a bare value

    @property
    def span(self) -> Span:
        return self[0]

    @property
    def text(self) -> str:
        return self[1]

    @property
    def quote(self) -> str:
        return self[2]

    @property
    def quoted(self) -> bool:
        return bool(self[2])


def secret_spans(
    text: str, lowered: str, positions: NeedlePositions | None = None
) -> Iterator[Span]:
    """Where the secret values are; ``lowered`` is ``text.lower()`` with the same offsets,
    ``positions`` where needles are in it, shared with the other scans of it."""
    positions = positions or NeedlePositions(lowered)
    yield from _assignments(text, lowered, positions)
    if "-" in text:
        yield from _flags(text, lowered)
    if "<" in text and "</" in text:
        yield from _elements(text)
    if "value" in lowered and ("name" in lowered or "key" in lowered):
        yield from _pairs(text, lowered, positions)
    if "  " in text or "\t" in text:  # two blanks (spaces or tabs) part every match
        yield from _two_columns(text, lowered, positions)


def _assignments(text: str, lowered: str, positions: NeedlePositions) -> Iterator[Span]:
    # Every match opens with a stem: tried only where one is, not at each of the many letters
    # the stems begin with (a scan of a long text cost as much as the rest of the assignments).
    for match in _ASSIGNMENT.finditer_from(lowered, STEMS, positions):
        start = _name_start(text, match.start("stem"))
        name = text[start : match.end("name")].lstrip("-.")
        name = _with_prose_qualifier(text, start, name)
        if not name or not is_secret_name(name) or text[max(0, start - 2) : start] == "::":
            continue  # AWS::IAM::AccessKey is a type name
        line_form = _starts_a_line(text, start)
        value = _read_value(text, _value_start(match), line_form=line_form)
        if value is None:
            continue
        if match.group("op") == "," and not _an_argument(text, start, name, value):
            continue
        if value.text in (name, name.rsplit(".", 1)[-1]) or _a_segment(match, value):
            continue  # f(token=token); exports.X_AUTH = X_AUTH; arn:…:secretsmanager:…:secret:x
        spaced = bool(match.group("space")) and match.group("op") in ("=", "==", "===")
        written = (value.span.end + (1 if value.quoted else 0), value.text, value.quote)
        loose = spaced or value.span.start > match.end("op") + value.quoted  # PASSWORD= x
        form = (match.group("op"), loose, line_form)
        explicit = gives_a_password(text, start, name, written, form)  # ADR 0391
        if _is_secret(name, value, text, spaced_assignment=spaced, explicit=explicit):
            yield value.span


def _flags(text: str, lowered: str) -> Iterator[Span]:
    for match in _FLAG.finditer(lowered):
        if match.start() > 0 and lowered[match.start() - 1] in _FLAG_GLUE:
            continue  # inside a word or a longer flag: not-a--password, x--token
        name = text[match.start("name") : match.end("name")]
        if not is_secret_name(name):
            continue
        value = _read_value(text, match.end(), line_form=False)
        if value is None:
            continue
        explicit = flag_gives_a_password(name, value.text, value.quote)  # --password abc12
        if _is_secret(name, value, text, explicit=explicit):
            yield value.span


def _elements(text: str) -> Iterator[Span]:
    for match in _ELEMENT.finditer(text):
        value = match.group("value").strip()
        context = ValueContext(quoted=True)
        if is_secret_name(match.group("tag")) and is_literal_secret(value, context):
            yield Span(match.start("value"), match.end("value"))


def _pairs(text: str, lowered: str, positions: NeedlePositions) -> Iterator[Span]:
    """``- name: DB_PASSWORD`` / ``value: …`` (Kubernetes, ECS, SSM, CloudFormation, .NET)."""
    for match in _PAIR_NAME.finditer_from(lowered, PAIR_NAME_STARTS, positions):
        name = text[match.start("name") : match.end("name")]
        if not is_secret_name(name):
            continue
        reach = lowered[match.end() : match.end() + _PAIR_REACH]
        found = _PAIR_VALUE.search(reach)
        if found is None or any(c in reach[: found.start()] for c in "{}"):
            continue
        if _PAIR_NAME.search(reach[: found.start()]):
            continue  # the value belongs to another name
        value = _read_value(text, match.end() + found.end(), line_form=True)
        if value is not None and _is_secret(name, value, text):
            yield value.span


def _two_columns(text: str, lowered: str, positions: NeedlePositions) -> Iterator[Span]:
    """``password    hunter2secret``: key/value tables such as ``vault kv get`` prints."""
    # Each match lies in its line and holds a stem: searched for in the lines holding one.
    for match in _TWO_COLUMNS.match_at_line_starts(lowered, STEMS, positions):
        start = _name_start(text, match.start("stem"))
        line_start = text.rfind("\n", 0, start) + 1
        if text[line_start:start].strip():
            continue  # the name must open its line
        name, value = text[start : match.end("name")], text[match.start("value") : match.end()]
        value = value.rstrip()
        if is_secret_name(name) and is_literal_secret(value, ValueContext(quoted=True)):
            yield Span(match.start("value"), match.start("value") + len(value))


def _is_secret(
    name: str, value: _Value, text: str, *, spaced_assignment: bool = False, explicit: bool = False
) -> bool:
    if may_hold_a_directory(name) and looks_like_a_path(value.text):
        return False
    line_end = text.find("\n", value.span.end)
    after = text[value.span.end + (1 if value.quoted else 0) : None if line_end < 0 else line_end]
    context = ValueContext(
        quoted=value.quoted,
        after=after,
        quote=value.quote,
        name_words=tuple(name_words(name)),
        spaced_assignment=spaced_assignment,
        explicit=explicit,
    )
    return is_literal_secret(value.text, context)


def _value_start(match: re.Match[str]) -> int:
    """Where the value begins: after the operator, except that ``PASSWORD==x`` (no spaces)
    gives ``=x`` rather than comparing with ``x``."""
    op, at = match.group("op"), match.end()
    if op in ("==", "===") and not (match.group("space") and at > match.end("op")):
        return match.start("op") + 1
    return at


def _a_segment(match: re.Match[str], value: _Value) -> bool:
    """``name:value`` with nothing around the colon, inside a longer token (an ARN, a URN, a
    ``scheme:path``): not a key and its value. ``"key":"value"`` and ``key: value`` are."""
    if match.group("op") != ":" or value.quoted or match.group("close"):
        return False
    return value.span.start == match.end("op") and not match.group("space")


def _an_argument(text: str, start: int, name: str, value: _Value) -> bool:
    """``setenv("SECRET_KEY", "value")``, ``headers.set("X-Api-Key", "value")``: a quoted
    variable or header name that opens an argument list, then a quoted value (in JSON,
    ``"password", "next"`` is a value followed by the next key; in a tuple, names)."""
    if not value.quoted or start == 0 or text[start - 1] not in _QUOTES:
        return False
    if not (_ENV_NAME.match(name) or _HEADER_NAME.match(name)) or value.text.isalpha():
        return False  # ("AUTH", "SELECTED") is a tuple of constants
    return text[: start - 1].rstrip().endswith("(")


def _name_start(text: str, at: int) -> int:
    while at > 0 and text[at - 1] in _NAME_CHARS:
        at -= 1
    return at


def _with_prose_qualifier(text: str, start: int, name: str) -> str:
    """``API Key: …``, ``Secret key = …``: the qualifier is a word of its own before ``key``."""
    if name_words(name)[:1] != ["key"]:
        return name
    before = _PROSE_QUALIFIER.search(text[max(0, start - 24) : start])
    return f"{before.group(1)} {name}" if before else name


def _starts_a_line(text: str, start: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    return bool(_LINE_PREFIX.match(text[line_start:start].strip()))


def _read_value(text: str, at: int, *, line_form: bool) -> _Value | None:
    """The quoted or bare value starting at ``at``; None when there is none."""
    if at >= len(text):
        return None
    if text[at] in _STRING_PREFIXES and text[at + 1 : at + 2] in ("'", '"'):
        at += 1  # b"…", r"…", u"…": the literal starts after its prefix
    quote = text[at : at + 2] if text.startswith(('\\"', "\\'"), at) else text[at]
    if quote in _QUOTES or len(quote) == 2:
        return _read_quoted(text, at + len(quote), quote)
    stop = (_LINE_FORM_STOP if line_form else _BARE_STOP).search(text, at)
    end = len(text) if stop is None else stop.start()
    while end > at and text[end - 1] in (",;:" if line_form else ":"):
        end -= 1  # a list's, a statement's or a block's punctuation, not part of the value
    if end == at:
        return None
    return _Value(Span(at, end), text[at:end])


def _read_quoted(text: str, start: int, quote: str) -> _Value | None:
    line_end = text.find("\n", start)
    line_end = len(text) if line_end < 0 else line_end
    end = text.find(quote, start, line_end)
    while end > start and len(quote) == 1 and text[end - 1] == "\\":
        end = text.find(quote, end + 1, line_end)  # an escaped quote is part of the value
    end = line_end if end < 0 else end
    if end == start:
        return None
    return _Value(Span(start, end), text[start:end], quote[-1])
