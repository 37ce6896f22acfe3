"""The words that set one source's chunks apart from each other, and those worth showing."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Container, Iterable, Sequence

from domain.precompiled import precompiled
from domain.search.reply_tuning import (
    DISTINCTIVE_LIMIT,
    DISTINCTIVE_MAX_DF_RATIO,
    DISTINCTIVE_MIN_CHUNKS,
)
from domain.search.stopwords import STOPWORDS
from domain.search.words import MIN_WORD_LENGTH, distinct_words

_LONG_WORD = 12
_DIGITS = precompiled(r"\d+")
_HEX = precompiled(r"(?:0x)?[0-9a-f]+", re.IGNORECASE)
# Marks per bitmap of ``RepeatedWords`` (1 MiB each): a 10 MB log's ~200,000 distinct words
# leave ~2.4 % of its one-chunk words marked as repeated, and counted for nothing.
_MARKS = 1 << 23


def distinctive_terms(
    chunk_texts: Iterable[str],
    limit: int = DISTINCTIVE_LIMIT,
    among: Container[str] | None = None,
) -> list[str]:
    """Words in ≥ 2 chunks but at most ``max(3, ⌈40 %⌉)`` of them, ranked by rarity, length and
    identifier shape (``snake_case``, long names); empty below three chunks. The texts are read
    once, in turn: they may be made one at a time. ``among`` (the ``RepeatedWords`` of the same
    texts) spares counting the words it rules out: the terms are the same."""
    texts = chunk_texts if isinstance(chunk_texts, Sequence) else None
    if texts is not None and len(texts) < DISTINCTIVE_MIN_CHUNKS:
        return []
    total = 0
    frequency: Counter[str] = Counter()
    for text in chunk_texts:
        total += 1
        counted = _counted_words(text)
        frequency.update(counted if among is None else [w for w in counted if w in among])
    if total < DISTINCTIVE_MIN_CHUNKS:
        return []
    ceiling = max(3, math.ceil(DISTINCTIVE_MAX_DF_RATIO * total))
    scored = [
        (_score(word, df, total), word) for word, df in frequency.items() if 2 <= df <= ceiling
    ]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [word for _, word in scored[:limit]]


class RepeatedWords:
    """The words of some texts that may occur in two of them or more, from one pass over them.

    Each text's words (as ``distinctive_terms`` counts them) mark a bit chosen by their hash in
    one of two fixed bitmaps: seen once, and seen again. A word whose bit is not set twice is in
    one text at most, and can be no distinctive term; one whose bit is may still be in one only
    (a word of the same bit in another), so the terms are then counted exactly. Only the
    bitmaps are held, not a string per distinct word (a 10 MB output's, ADR 0269).
    """

    def __init__(self, chunk_texts: Iterable[str]) -> None:
        once, again = bytearray(_MARKS // 8), bytearray(_MARKS // 8)
        for text in chunk_texts:
            for word in _counted_words(text):
                mark = hash(word) & (_MARKS - 1)
                byte, bit = mark >> 3, 1 << (mark & 7)
                if once[byte] & bit:
                    again[byte] |= bit
                else:
                    once[byte] |= bit
        self._again = again

    def __contains__(self, word: object) -> bool:
        mark = hash(word) & (_MARKS - 1)
        return bool(self._again[mark >> 3] & (1 << (mark & 7)))


def _counted_words(text: str) -> set[str]:
    return {w for w in distinct_words(text) if len(w) >= MIN_WORD_LENGTH and w not in STOPWORDS}


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
