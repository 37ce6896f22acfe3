"""A small parser for the FTS5 query expressions capy's domain builds.

Supported: quoted phrases (``"a b"``, ``""`` escapes a quote), barewords, a trailing ``*`` for a
prefix phrase, parentheses, ``AND``, ``OR``, ``NOT`` and implicit AND between neighbours. FTS5's
precedence is kept: NOT binds tightest, then AND, then OR. As in FTS5, the implicit AND joins
plain phrases only (``(a OR b) c`` is an error; write ``(a OR b) AND c``). Anything else is a
syntax error, as it would be for SQLite.
"""

from __future__ import annotations

import re

import attrs


class ExpressionError(ValueError):
    """The text is not an FTS5 expression this parser understands."""


@attrs.frozen
class Phrase:
    text: str
    prefix: bool = False


@attrs.frozen
class And:
    left: Node
    right: Node


@attrs.frozen
class Or:
    left: Node
    right: Node


@attrs.frozen
class Not:
    left: Node
    right: Node


Node = Phrase | And | Or | Not

_TOKEN = re.compile(
    r'\s*(?:(?P<quoted>"(?:[^"]|"")*")|(?P<paren>[()])|(?P<star>\*)|(?P<bare>[^\s()"*]+))'
)
_KEYWORDS = frozenset({"AND", "OR", "NOT"})


def _lex(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise ExpressionError(f"unterminated string at {position}")
        position = match.end()
        kind = match.lastgroup or ""
        value = match.group(kind)
        if kind == "quoted":
            tokens.append(("phrase", value[1:-1].replace('""', '"')))
        elif kind == "bare" and value in _KEYWORDS:
            tokens.append((value, value))
        elif kind == "bare":
            tokens.append(("phrase", value))
        else:
            tokens.append((value, value))
    return tokens


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self._tokens = tokens
        self._at = 0
        self._last_was_phrase = False

    def _peek(self) -> str | None:
        return self._tokens[self._at][0] if self._at < len(self._tokens) else None

    def _take(self) -> tuple[str, str]:
        if self._at >= len(self._tokens):
            raise ExpressionError("unexpected end of expression")
        token = self._tokens[self._at]
        self._at += 1
        return token

    def parse(self) -> Node:
        node = self._or()
        if self._peek() is not None:
            raise ExpressionError(f"unexpected {self._tokens[self._at][1]!r}")
        return node

    def _or(self) -> Node:
        node = self._and()
        while self._peek() == "OR":
            self._take()
            node = Or(node, self._and())
        return node

    def _and(self) -> Node:
        node = self._not()
        while True:
            if self._peek() == "AND":
                self._take()
            elif self._peek() == "(" or (self._peek() == "phrase" and not self._last_was_phrase):
                raise ExpressionError("implicit AND only joins plain phrases")
            elif self._peek() != "phrase":
                return node
            node = And(node, self._not())

    def _not(self) -> Node:
        node = self._primary()
        while self._peek() == "NOT":
            self._take()
            node = Not(node, self._primary())
        return node

    def _primary(self) -> Node:
        kind, value = self._take()
        if kind == "(":
            node = self._or()
            if self._take()[0] != ")":
                raise ExpressionError("missing )")
            self._last_was_phrase = False
            return node
        self._last_was_phrase = True
        if kind != "phrase":
            raise ExpressionError(f"unexpected {value!r}")
        if self._peek() == "*":
            self._take()
            return Phrase(value, prefix=True)
        return Phrase(value)


def parse(text: str) -> Node:
    """Parse an FTS5 expression; raises ``ExpressionError`` when SQLite would reject it."""
    tokens = _lex(text)
    if not tokens:
        raise ExpressionError("empty expression")
    return _Parser(tokens).parse()


def positive_phrases(node: Node) -> list[Phrase]:
    """The phrases whose matches count (the right side of NOT does not)."""
    if isinstance(node, Phrase):
        return [node]
    if isinstance(node, Not):
        return positive_phrases(node.left)
    return positive_phrases(node.left) + positive_phrases(node.right)
