"""Whether a query names something nothing indexed contains, or the best section found holds.

A query's words either name what it is about (``autovacuum``, ``jsdom``, ``redis``,
``throttled``) or phrase the asking (``wrong``, ``version``, ``why``; ``question_words``). When
the naming words that no indexed text contains — not as written, not in another inflection, not
stemmed, not as a synonym, not corrected — carry most of the query's information, whatever its
other words match cannot be about it: the sections found would only cost the caller context. A
word's information is its inverse document frequency over the whole store (``ln(1 + chunks /
(frequency + 0.5))``, the frequency counted as the store's full-text index holds the word): a
word every candidate was found by still says a lot when few chunks of the store hold it.

When only part of that information is held nowhere, the best section found must hold a fair
share of it on one line, or stand out from the next section; otherwise it matched the
question's common words, as its siblings did (ADR 0051).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from domain.search.answerability_tuning import (
    CLEAR_LEAD,
    MAX_UNKNOWN_SHARE,
    MIN_HELD_SHARE,
    MIN_KNOWN_HELD_SHARE,
    MIN_NEAR_KNOWN_HELD_SHARE,
    NEAR_LEAD,
    PARTLY_UNKNOWN_SHARE,
    TIED_LEAD,
)
from domain.search.generic_words import is_generic
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


def _naming(units: Sequence[str]) -> list[bool]:
    """Which units name what the query is about: not question words, not generic words (how
    something went: ``error``, ``failed``, ``crash``; ``outcome_words``), not too short to
    judge, and not the ``recall@5`` a query asking for "recall at 5" gained (its words are
    judged)."""
    return [
        not is_question_word(unit)
        and not is_generic(unit)
        and len(unit) >= MIN_JUDGED_LENGTH
        and not (is_cutoff(unit) and unit.split("@", 1)[0] in units)
        for unit in units
    ]


# Nouns for the pieces an output is made of, by which a question says what it wants listed
# ("files only in staging", "which lines mention the cache"): the output shows the pieces
# (``Only in staging: redis.conf``) without naming their kind, so the noun missing from the store
# says nothing about whether it is the answer (ADR 0229).
_PIECE_NOUNS = frozenset(
    ["file", "files", "line", "lines", "entry", "entries", "item", "items", "row", "rows"]
)


def is_piece_noun(unit: str) -> bool:
    """Whether ``unit`` (lower case) names the kind of piece an output lists."""
    return unit in _PIECE_NOUNS


def spared_pieces(
    units: Sequence[str], known: Sequence[float], rest_on_one_line: Callable[[list[bool]], bool]
) -> list[float]:
    """``known`` with the unknown piece nouns counted as known when the question names something
    else and a section found holds all of it on one line (``rest_on_one_line`` is given which
    units are spared): "files only in staging" asks for what ``Only in staging: redis.conf``
    lists; "files" alone, or beside words no line holds together, still counts as unknown."""
    spared = [k < 1.0 and is_piece_noun(unit) for unit, k in zip(units, known, strict=True)]
    others = [n and not s for n, s in zip(_naming(units), spared, strict=True)]
    if not any(spared) or not any(others) or not rest_on_one_line(spared):
        return list(known)
    return [1.0 if s else k for k, s in zip(known, spared, strict=True)]


def unknown_share(units: Sequence[str], weights: Sequence[float], known: Sequence[float]) -> float:
    """The weighted share of the naming units that are unknown; ``known`` is 1 for a known
    unit, 0 for an unknown one and in between for one known only through a correction."""
    total = unknown = 0.0
    for naming, weight, how_known in zip(_naming(units), weights, known, strict=True):
        if naming:
            total += weight
            unknown += weight * (1.0 - how_known)
    return unknown / total if total else 0.0


def held_share(units: Sequence[str], weights: Sequence[float], held: Sequence[bool]) -> float:
    """The weighted share of the naming units one section holds (1 when the query names
    nothing judged)."""
    total = covered = 0.0
    for naming, weight, holds in zip(_naming(units), weights, held, strict=True):
        if naming:
            total += weight
            covered += weight if holds else 0.0
    return covered / total if total else 1.0


def known_held_share(
    units: Sequence[str], weights: Sequence[float], known: Sequence[float], held: Sequence[bool]
) -> float:
    """The weighted share of the naming units the store knows for sure (``known`` 1) that one
    section holds (1 when it knows none of them)."""
    sure = [k == 1.0 for k in known]
    return held_share(
        [u for u, s in zip(units, sure, strict=True) if s],
        [w for w, s in zip(weights, sure, strict=True) if s],
        [h for h, s in zip(held, sure, strict=True) if s],
    )


def unanswerable(
    unknown: float,
    best_held: Callable[[], float],
    lead: float,
    known_held: Callable[[], float] = lambda: 1.0,
) -> bool:
    """Whether a query whose naming information is ``unknown`` to the store (a share) cannot be
    answered by what was found: most of what it names is held nowhere; or part of it is, and
    the best section does not stand out from the next one (``lead``: its score over theirs)
    while it holds little of the rest on any one line (``best_held()``, a share) — or, tied
    with the next, not even most of what the store does hold of the question
    (``known_held()``, a share of the known naming units, anywhere in the section), or, barely
    ahead, little of it: it matched the question's common words, as many sections do, not its
    subject (ADRs 0156, 0412)."""
    if unknown >= MAX_UNKNOWN_SHARE:
        return True
    if unknown < PARTLY_UNKNOWN_SHARE:
        return False
    if lead < CLEAR_LEAD and best_held() < MIN_HELD_SHARE:
        return True
    if lead >= max(TIED_LEAD, NEAR_LEAD):
        return False
    share = known_held()
    return (lead < TIED_LEAD and share < MIN_KNOWN_HELD_SHARE) or (
        lead < NEAR_LEAD and share < MIN_NEAR_KNOWN_HELD_SHARE
    )


def abbreviated(name: str, text: str) -> bool:
    """Whether ``text`` writes the capitalised word ``name`` as codes do, by its opening two or
    three letters in capitals standing alone (``"LU"`` or ``LUX`` for Luxembourg, ``FR`` for
    France, ``CAL`` for California): a question may name what the output holds only as a code."""
    if not (name.isalpha() and name[0].isupper() and name[1:].islower()):
        return False
    codes = "|".join((name[:2].upper(), name[:3].upper()))
    return re.search(rf"(?<![\w-])(?:{codes})(?![\w-])", text) is not None
