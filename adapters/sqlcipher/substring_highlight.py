"""Highlighting trigram matches in Python instead of a second FTS5 MATCH.

The trigram layer matches case-insensitive substrings, so its ``highlight()`` only marks where
each searched string occurs. Running the MATCH again just to get those marks costs as much as
the search itself (long doclists of common trigrams); finding the strings in the ten returned
chunks costs almost nothing.
"""

from __future__ import annotations

import re

from adapters.highlight_spans import wrap_spans

_STRING = re.compile(r'"((?:[^"]|"")*)"|([^\s()"*]+)')
_KEYWORDS = frozenset({"AND", "OR", "NOT", "NEAR"})
_MIN_LENGTH = 3  # shorter strings never match a trigram index


def searched_strings(match: str) -> list[str]:
    """The strings of an FTS5 expression: quoted phrases and barewords, keywords left out."""
    found = []
    for quoted, bare in _STRING.findall(match):
        text = quoted.replace('""', '"') if quoted else bare
        if (quoted or bare not in _KEYWORDS) and len(text) >= _MIN_LENGTH:
            found.append(text)
    return found


def highlight(content: str, strings: list[str]) -> str:
    spans = sorted(
        (found.start(), found.end())
        for text in strings
        for found in re.finditer(re.escape(text), content, re.IGNORECASE)
    )
    return wrap_spans(content, spans)
