"""An HTTP status written with its reason phrase says it is a response's status code.

Docs, changelogs and pull requests write ``returns `202 Accepted` ``, ``now answers 409
Conflict``, ``HTTP/1.1 503 Service Unavailable``; an agent asks for "the response status code".
A code followed by its own standard reason phrase (RFC 9110's) is a status, where a bare number
is anything; the words for it join the section's ``facts``, as an access log's codes do
(``line_facts``).
"""

from __future__ import annotations

import re

from domain.search.line_facts import status_words
from domain.search.marker_capitals import capitals_only_in_markers

_PHRASES: dict[int, str] = {
    200: "OK",
    201: "Created",
    202: "Accepted",
    204: "No Content",
    301: "Moved Permanently",
    302: "Found",
    304: "Not Modified",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    410: "Gone",
    413: "Content Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}
# Older names the same codes went by (RFC 7231's), still what most servers print.
_OLDER = {413: "Payload Too Large", 422: "Unprocessable Entity"}
# A code with no word character or dot before it, then a space and ``OK`` (200's phrase, two
# capitals as servers print it: ``HTTP/1.1 200 OK``) or up to four capitalised words:
# ``(?<![\w.])([1-5]\d\d) (OK\b|[A-Z][a-z]+(?: [A-Z][a-z]+){0,3})``, with the look-behind moved
# after the code's first digit (``[1-5](?<![\w.][1-5])`` is ``(?<![\w.])[1-5]``). A pattern that
# opens with a look-behind is tried at every position of a section; one that opens with a
# character class, only at the digits 1-5, which the regex engine skips ahead to.
_STATUS = re.compile(r"([1-5](?<![\w.][1-5])\d\d) (OK\b|[A-Z][a-z]+(?: [A-Z][a-z]+){0,3})")
# In an ASCII text every match of ``_STATUS`` is three ASCII digits, a space, then ``OK`` or a
# capital and a small letter. With digits made ``0``, capitals ``A`` (but ``O`` and ``K``, kept
# for ``OK``) and small letters ``a`` (``_SHAPES``), a match is one of ``_SHAPE``'s: a log's
# digits and capitals (``/api/users/24178 HTTP/1.1``), where the engine tried ``_STATUS`` at
# every digit from 1 to 5, are ruled out by one translation and one search for a literal.
_CAPITALS = b"ABCDEFGHIJLMNPQRSTUVWXYZ"  # every capital but O and K
_SHAPES = bytes.maketrans(
    b"0123456789" + _CAPITALS + b"abcdefghijklmnopqrstuvwxyz",
    b"0" * 10 + b"A" * len(_CAPITALS) + b"a" * 26,
)
_SHAPE = re.compile(rb"000 (?:[AOK]a|OK)")


def _may_write_a_status(text: str) -> bool:
    """False when ``_STATUS`` surely has no match in ``text`` (an ASCII text without its shape)."""
    if not text.isascii():
        return True  # ``\d`` is any decimal digit there
    return _SHAPE.search(text.encode("ascii").translate(_SHAPES)) is not None


def status_phrase_facts(text: str, lowered: str | None = None) -> str:
    """``status code response`` and the words for each status ``text`` writes with its reason
    phrase (``202 Accepted``), or ``""``. ``lowered``: ``text.lower()``, when the caller has
    made it (ADR 0276)."""
    if " " not in text:
        return ""
    if lowered is None:
        lowered = text.lower()
    if lowered == text or capitals_only_in_markers(text):
        # Every match holds a space and an ASCII capital, which ``lower`` would change. Not
        # ``islower()``: it reads a text without capitals letter by letter through the Unicode
        # tables, ~30 times slower than making the lower-case copy (whose ASCII path is bytes).
        # A match's first capital follows a space, which no capital of a redaction marker
        # does (``[REDACTED_SECRET]``): a section whose capitals are all markers' has none.
        return ""
    if not _may_write_a_status(text):
        return ""
    codes: dict[int, None] = {}
    for match in _STATUS.finditer(text):
        code = int(match.group(1))
        named = match.group(2)
        for phrase in (_PHRASES.get(code), _OLDER.get(code)):
            if phrase is not None and named.startswith(phrase):
                codes[code] = None
    if not codes:
        return ""
    words: dict[str, None] = dict.fromkeys(("status", "code", "response"))
    for code in codes:
        words.update(dict.fromkeys(status_words(code).split()))
    return " ".join(words)
