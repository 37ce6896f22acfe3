"""Splitting text into the words capy's vocabulary and distinctive terms are made of."""

from __future__ import annotations

import re
from collections.abc import Iterator

from domain.search.stopwords import STOPWORDS

# Letters, digits, underscore and hyphen stay together: ``snake_case`` and ``foo-bar`` are words.
_WORD = re.compile(r"[\w-]+")

MIN_WORD_LENGTH = 3


def words(text: str) -> Iterator[str]:
    """Lower-cased words of ``text`` (hyphens trimmed from the edges), in order, repeats kept."""
    for match in _WORD.finditer(text.lower()):
        word = match.group().strip("-")
        if word:
            yield word


def vocabulary_words(text: str) -> set[str]:
    """Distinct words worth remembering for fuzzy correction: ≥ 3 characters, not stopwords."""
    return {w for w in words(text) if len(w) >= MIN_WORD_LENGTH and w not in STOPWORDS}
