"""Splitting text into the words capy's vocabulary and distinctive terms are made of."""

from __future__ import annotations

from collections.abc import Iterator

from domain.precompiled import precompiled
from domain.search.stopwords import STOPWORDS

# Letters, digits, underscore and hyphen stay together: ``snake_case`` and ``foo-bar`` are words.
_WORD = precompiled(r"[\w-]+")
# The words inside an identifier: ``SESSION_LIFETIME_HOURS``, ``pod-name``, ``passwordHash``,
# ``HTTPServer`` → session lifetime hours, pod name, password hash, http server.
_SEPARATORS = precompiled(r"[_-]+")
_CAMEL = precompiled(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")

MIN_WORD_LENGTH = 3
# Longer tokens are hashes, base64 and minified code, not identifiers worth splitting.
MAX_IDENTIFIER_LENGTH = 64


def words(text: str) -> Iterator[str]:
    """Lower-cased words of ``text`` (hyphens trimmed from the edges), in order, repeats kept."""
    for match in _WORD.finditer(text.lower()):
        word = match.group().strip("-")
        if word:
            yield word


def distinct_words(text: str) -> set[str]:
    """``set(words(text))``, a third faster: each distinct match is trimmed once (ADR 0269)."""
    found = {match.strip("-") for match in set(_WORD.findall(text.lower()))}
    found.discard("")
    return found


def identifier_parts(token: str) -> list[str]:
    """The lower-cased words of a compound identifier (``[]`` for a plain word): the porter
    index splits ``snake_case`` and ``kebab-case`` itself, so a query may use the parts."""
    parts: list[str] = []
    for piece in _SEPARATORS.split(token):
        if piece.isascii() and not (piece.islower() or piece.isupper()):
            parts.extend(_CAMEL.findall(piece))
        elif piece:
            parts.append(piece)
    return [p.lower() for p in parts] if len(parts) > 1 else []


def vocabulary_words(text: str) -> set[str]:
    """Distinct words worth remembering for fuzzy correction: ≥ 3 characters, not stopwords,
    with the parts of compound identifiers as words of their own."""
    found = distinct_words(text)
    for match in _WORD.finditer(text):
        if len(match.group().strip("-")) <= MAX_IDENTIFIER_LENGTH:
            found.update(identifier_parts(match.group()))
    return {w for w in found if len(w) >= MIN_WORD_LENGTH and w not in STOPWORDS}
