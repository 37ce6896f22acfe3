"""Whether a query names something nothing indexed contains.

A query's words either name what it is about (``autovacuum``, ``jsdom``, ``redis``,
``throttled``) or phrase the asking (``wrong``, ``version``, ``why``; ``question_words``). When
the naming words that no indexed text contains — not as written, not stemmed, not as a synonym,
not corrected — carry most of the query's information, whatever its other words match cannot
be about it: the sections found would only cost the caller context. A word's information is
its inverse document frequency over the whole store (``ln(1 + chunks / (frequency + 0.5))``,
the frequency counted as the store's full-text index holds the word):
a word every candidate was found by still says a lot when few chunks of the store hold it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from domain.search.question_words import is_question_word
from domain.search.synonyms import is_cutoff, synonyms_of


def unit_words(unit: str) -> tuple[str, ...]:
    """The words whose chunk frequency stands for a query unit: its own and its synonyms' (a
    phrase: its rarest word's, approximated by its longest). The store stems them as its
    full-text index does."""
    if " " in unit:
        return (max(unit.split(), key=len),)
    return tuple(dict.fromkeys((unit, *synonyms_of(unit))))


def idf_weight(total: int, frequency: int) -> float:
    """How much a word held by ``frequency`` of ``total`` chunks says (0 held: the most)."""
    return math.log(1.0 + total / (frequency + 0.5))


# Words shorter than this are never in the vocabulary (``ls``, ``s3``), so their absence from
# it says nothing.
MIN_JUDGED_LENGTH = 3


def unknown_share(units: Sequence[str], weights: Sequence[float], known: Sequence[float]) -> float:
    """The weighted share of the naming units (question words, words too short to judge and the
    ``recall@5`` a query asking for "recall at 5" gained, whose words are judged, left out)
    that are unknown; ``known`` is 1 for a known unit, 0 for an unknown one and in between for
    one known only through a correction."""
    total = unknown = 0.0
    for unit, weight, how_known in zip(units, weights, known, strict=True):
        if is_question_word(unit) or len(unit) < MIN_JUDGED_LENGTH:
            continue
        if is_cutoff(unit) and unit.split("@", 1)[0] in units:
            continue
        total += weight
        unknown += weight * (1.0 - how_known)
    return unknown / total if total else 0.0
