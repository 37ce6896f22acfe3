"""The vault's query grammar: what a person may type with ``capy vault search --raw``.

A query is a tree (``VaultMatch``) of phrases joined by ``AND``, ``OR`` and ``NOT``; each store
adapter renders it in its own engine's language or matches it directly. Supported: quoted
phrases (``"a b"``, ``""`` escapes a quote), barewords, a trailing ``*`` for a prefix phrase,
parentheses, ``AND``, ``OR``, ``NOT`` (upper case) and implicit AND between neighbouring
phrases. NOT binds tightest, then AND, then OR. The implicit AND joins plain phrases only
(``(a OR b) c`` is an error; write ``(a OR b) AND c``). Anything else is an error that says
what to write instead.
"""

from __future__ import annotations

import re

import attrs

from domain.errors import InvalidInput

SYNTAX_HINT = (
    'write words, "a quoted phrase", prefix* (after a word), a OR b, a NOT b, and parentheses '
    "around a group; or search without --raw, where every word is matched as typed"
)


class ExpressionError(InvalidInput):
    """The text is not a query of this grammar; the message says where, the hint how."""

    def __init__(self, message: str) -> None:
        super().__init__(f"cannot read the search: {message}", SYNTAX_HINT)


@attrs.frozen
class Phrase:
    """Words in a run (or a word), matched as the store's words layer matches them;
    ``prefix``: the last word may go on (``deploy*`` finds "deployment")."""

    text: str
    prefix: bool = False


@attrs.frozen
class And:
    left: VaultMatch
    right: VaultMatch


@attrs.frozen
class Or:
    left: VaultMatch
    right: VaultMatch


@attrs.frozen
class Not:
    """``left`` without ``right``."""

    left: VaultMatch
    right: VaultMatch


VaultMatch = Phrase | And | Or | Not

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
            raise ExpressionError(f"the quote at character {position + 1} is never closed")
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
            raise ExpressionError("it ends where a word or phrase should follow")
        token = self._tokens[self._at]
        self._at += 1
        return token

    def parse(self) -> VaultMatch:
        node = self._or()
        if self._peek() is not None:
            raise ExpressionError(f"{self._tokens[self._at][1]!r} is out of place")
        return node

    def _or(self) -> VaultMatch:
        node = self._and()
        while self._peek() == "OR":
            self._take()
            node = Or(node, self._and())
        return node

    def _and(self) -> VaultMatch:
        node = self._not()
        while True:
            if self._peek() == "AND":
                self._take()
            elif self._peek() == "(" or (self._peek() == "phrase" and not self._last_was_phrase):
                raise ExpressionError(
                    "a group in parentheses needs AND, OR or NOT between it and its neighbours"
                )
            elif self._peek() != "phrase":
                return node
            node = And(node, self._not())

    def _not(self) -> VaultMatch:
        node = self._primary()
        while self._peek() == "NOT":
            self._take()
            node = Not(node, self._primary())
        return node

    def _primary(self) -> VaultMatch:
        kind, value = self._take()
        if kind == "(":
            node = self._or()
            if self._peek() != ")":
                raise ExpressionError("a ( is never closed")
            self._take()
            self._last_was_phrase = False
            return node
        self._last_was_phrase = True
        if kind != "phrase":
            raise ExpressionError(f"{value!r} is out of place")
        if self._peek() == "*":
            self._take()
            return Phrase(value, prefix=True)
        return Phrase(value)


def parse(text: str) -> VaultMatch:
    """Read a query of this grammar; raises ``ExpressionError`` (an ``InvalidInput``) when
    the text is not one."""
    tokens = _lex(text)
    if not tokens:
        raise ExpressionError("there is nothing to search for")
    return _Parser(tokens).parse()


def every_word(text: str) -> VaultMatch | None:
    """Each whitespace-separated token as a phrase of its own, all of them required: whatever
    a person types (punctuation, ``*``, ``AND``) means "all of these words"; None when blank."""
    node: VaultMatch | None = None
    for token in text.split():
        node = Phrase(token) if node is None else And(node, Phrase(token))
    return node


def positive_phrases(node: VaultMatch) -> list[Phrase]:
    """The phrases whose matches count (the right side of NOT does not)."""
    if isinstance(node, Phrase):
        return [node]
    if isinstance(node, Not):
        return positive_phrases(node.left)
    return positive_phrases(node.left) + positive_phrases(node.right)
