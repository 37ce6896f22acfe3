"""The words that set one source's chunks apart from each other, and those worth showing."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from domain.precompiled import precompiled
from domain.search.reply_tuning import (
    DISTINCTIVE_LIMIT,
    DISTINCTIVE_MAX_DF_RATIO,
    DISTINCTIVE_MIN_CHUNKS,
)
from domain.search.stopwords import STOPWORDS
from domain.search.words import MIN_WORD_LENGTH, words

_LONG_WORD = 12
_DIGITS = precompiled(r"\d+")
_HEX = precompiled(r"(?:0x)?[0-9a-f]+", re.IGNORECASE)


def distinctive_terms(chunk_texts: Iterable[str], limit: int = DISTINCTIVE_LIMIT) -> list[str]:
    """Words in ≥ 2 chunks but at most ``max(3, ⌈40 %⌉)`` of them, ranked by rarity, length and
    identifier shape (``snake_case``, long names); empty below three chunks. The texts are read
    once, in turn: they may be made one at a time."""
    texts = chunk_texts if isinstance(chunk_texts, Sequence) else None
    if texts is not None and len(texts) < DISTINCTIVE_MIN_CHUNKS:
        return []
    total = 0
    frequency: Counter[str] = Counter()
    for text in chunk_texts:
        total += 1
        frequency.update(
            {w for w in words(text) if len(w) >= MIN_WORD_LENGTH and w not in STOPWORDS}
        )
    if total < DISTINCTIVE_MIN_CHUNKS:
        return []
    ceiling = max(3, math.ceil(DISTINCTIVE_MAX_DF_RATIO * total))
    scored = [
        (_score(word, df, total), word) for word, df in frequency.items() if 2 <= df <= ceiling
    ]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [word for _, word in scored[:limit]]


def _score(word: str, df: int, total: int) -> float:
    shape = 1.5 if "_" in word else 0.8 if len(word) >= _LONG_WORD else 0.0
    return math.log(total / df) + min(len(word) / 20, 0.5) + shape


def telling_terms(terms: Sequence[str]) -> list[str]:
    """``terms`` without the ones that tell the agent nothing about the output.

    Numbers and hex ids (``108``, ``3f9a2c``) name nothing an agent would search for, and a
    family of numbered names (``test_case_108``, ``test_case_109``, …) is one pattern listed
    many times: a term with digits whose letters-only form is shared by another term is dropped.
    So is a term without a letter (a rule of underscores from a test report's headers).
    """
    shapes: dict[str, int] = {}
    for term in terms:
        shape = _DIGITS.sub("", term)
        shapes[shape] = shapes.get(shape, 0) + 1
    return [
        term
        for term in terms
        if not (_HEX.fullmatch(term) and any(c.isdigit() for c in term))
        and not (any(c.isdigit() for c in term) and shapes[_DIGITS.sub("", term)] > 1)
        and any(c.isalpha() for c in term)
    ]
