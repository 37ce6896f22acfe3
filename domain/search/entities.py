"""Named things in a query — quoted names, identifiers, paths, versions — and finding them.

A chunk that contains the exact identifier the user typed (``ERR_CONNECTION_REFUSED``,
``src/app.py``, ``v2.3.1``, ``C++``) is almost certainly about it. Boundaries are checked with
look-arounds, not ``\\b``, so entities that start or end with punctuation (``C++``, ``.env``,
``--force``) match too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from domain.precompiled import precompiled

_QUOTED = precompiled(r"[\"\u201c\u201e]([^\"\u201c\u201d\u201e]{2,})[\"\u201d]")
_TOKEN = precompiled(r"\S+")
_EDGE = "\"'`,;:!?()[]{}<>"
# Identifier signals: snake_case, dotted/slashed names, camelCase, ALLCAPS, versions, flags.
# Only ever searched: ``\w\.\w`` already finds a version number (a ``\d+\.\d+`` alternative
# rescanned every run of digits from each digit).
_SIGNAL = precompiled(
    r"[_/\\]|\w\.\w|[a-z][A-Z]|[A-Z]{2,}|^--?\w|::|\w[+#]+$|^\.\w|^[A-Z][a-z]+[A-Z]"
)
_CAPITALISED = precompiled(r"^[A-Z][\w.+#-]+$")
_COMMON = frozenset(
    [
        "The",
        "This",
        "That",
        "What",
        "How",
        "When",
        "Where",
        "Why",
        "Who",
        "Which",
        "Did",
        "Does",
        "Do",
        "Is",
        "Are",
        "Was",
        "Were",
        "Has",
        "Have",
        "Had",
        "Can",
        "Could",
        "Would",
        "Should",
        "Will",
        "May",
        "Might",
        "If",
        "And",
        "But",
        "Or",
        "Not",
        "For",
        "From",
        "With",
        "About",
        "After",
        "Before",
        "Between",
        "Show",
        "Find",
        "List",
        "Get",
        "Give",
        "Tell",
        "Explain",
        "Describe",
        "Any",
        "All",
    ]
)


def extract_entities(query: str) -> tuple[str, ...]:
    """Quoted names (≥ 2 characters) and identifier-like tokens of ``query``, unique, in order.

    A capitalised plain word counts unless it is a common sentence opener; the first word of
    the query counts only with an identifier signal (sentences start with capitals).
    """
    entities: list[str] = [m.group(1).strip() for m in _QUOTED.finditer(query)]
    rest = _QUOTED.sub(" ", query)
    for index, match in enumerate(_TOKEN.finditer(rest)):
        token = match.group().strip(_EDGE).rstrip(".")
        if len(token) < 2 or not any(ch.isalnum() for ch in token):
            continue
        if _SIGNAL.search(token) or (
            _CAPITALISED.match(token) and token not in _COMMON and index > 0
        ):
            entities.append(token)
    return tuple(dict.fromkeys(e for e in entities if e))


@lru_cache(maxsize=256)
def entity_patterns(entities: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    """One case-insensitive pattern per entity; an edge that is a letter or digit must not
    continue into another one (``go`` is not found in ``golang``, ``C++`` is in ``C++17``)."""
    return tuple(re.compile(_bounded(e), re.IGNORECASE) for e in entities)


def _bounded(entity: str) -> str:
    start = r"(?<![^\W_])" if entity[:1].isalnum() else ""
    end = r"(?![^\W_])" if entity[-1:].isalnum() else ""
    return start + re.escape(entity) + end


def count_entities(entities: tuple[str, ...], text: str, lowered: str | None = None) -> int:
    """How many of ``entities`` occur in ``text`` (``lowered``: ``text.lower()``, when the caller
    has it).

    Most candidates contain few of the entities: for ASCII text and an ASCII entity a plain
    substring test of the lower-cased text rules a miss out first (case-insensitive matching of
    ASCII is lower-casing), and the bounded regular expression starts at the first occurrence.
    """
    plain = text.isascii()
    lowered = (text.lower() if lowered is None else lowered) if plain else ""
    count = 0
    for entity, pattern in zip(entities, entity_patterns(entities), strict=True):
        start = 0
        if plain and entity.isascii():
            start = lowered.find(entity.lower())
            if start == -1:
                continue
        # No match can start before the first occurrence; the look-behind still sees text[:start].
        if pattern.search(text, start):
            count += 1
    return count
