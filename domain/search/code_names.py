"""A variable's or function's name in a question, read as its words when no text holds it.

A compiler or test runner shows the code it complains about by its lines (``return net *
100;``), seldom by the name of the function around them, so a question naming that function
(``netCents``, ``longest_item``) names something the store holds nowhere. Such a name is
written the way code names variables and functions — words joined by ``_`` or by a capital
(snake_case, lowerCamelCase) — and its words are what the lines say. A name written as a
product or a type is (``WebAuthn``, ``PostgreSQL``, ``Kafka``: a capital first) stays one
name: a text that never writes it is not about it.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from domain.precompiled import precompiled
from domain.search.query import ParsedQuery, trimmed

# Lower-case words of three letters or more, joined by underscores or by capitals: no digit,
# no capital first, no one- or two-letter part (``gRPC``, ``macOS``, ``x_axis`` are names).
_SNAKE = precompiled(r"[a-z]{3,}(?:_[a-z]{3,})+")
_CAMEL = precompiled(r"[a-z]{3,}(?:[A-Z][a-z]{2,})+")
_PART = precompiled(r"[A-Z]?[a-z]+")


def code_name_parts(token: str) -> tuple[str, ...]:
    """The words of ``token`` (lower case, in order) when it is written as code names a
    variable or a function, else nothing: ``netCents`` → ``net cents``, ``longest_item`` →
    ``longest item``; ``WebAuthn``, ``gRPC``, ``utf_8`` and ``longest`` give nothing."""
    if _SNAKE.fullmatch(token) or _CAMEL.fullmatch(token):
        return tuple(part.lower() for part in _PART.findall(token))
    return ()


def read_as_words(query: ParsedQuery, held: Callable[[str], bool]) -> ParsedQuery:
    """``query`` with each term typed as a code name the store does not hold (``held`` is
    false for it) replaced by that name's words, in its place; as parsed when there is none."""
    parts: dict[str, tuple[str, ...]] = {}
    for token in query.raw.split():
        term = trimmed(token)
        words = code_name_parts(term)
        if words and term.lower() in query.terms and not held(term.lower()):
            parts[term.lower()] = words
    if not parts:
        return query
    terms = [word for term in query.terms for word in parts.get(term, (term,))]
    return attrs.evolve(query, terms=tuple(dict.fromkeys(terms)))
