"""A corrected query's hits merged with the query's own: a correction is discounted unless
one typist's slip explains every word it changed (ADR 0157)."""

from __future__ import annotations

import attrs

from application.search.corrector import SHORT_SLIP_LENGTH
from domain.search import tuning
from domain.search.inflections import regular_forms
from domain.search.keyboard import is_slip
from domain.search.query import ParsedQuery
from domain.search.rrf import FusedHit


def sure_slip(typed: str, word: str) -> bool:
    """Whether one slip of a typist explains ``word`` typed as ``typed`` surely: a word of
    three letters is as often another word (``lag`` is no ``lang``)."""
    return len(typed) > SHORT_SLIP_LENGTH and is_slip(typed, word)


def sure_correction(parsed: ParsedQuery, corrected: ParsedQuery) -> bool:
    """Whether every word the corrector changed is one typist's slip of its correction, not
    another form of the same word (``limits`` → ``limit`` is no typo: the text lacks the form
    typed, and the question may mean it)."""
    if len(parsed.terms) != len(corrected.terms):
        return False
    return all(
        sure_slip(typed, word) and word not in regular_forms(typed)
        for typed, word in zip(parsed.terms, corrected.terms, strict=True)
        if typed != word
    )


def merge_corrected(
    hits: list[FusedHit], fuzzy: list[FusedHit], sure: bool = False
) -> tuple[list[FusedHit], bool]:
    """Both lists by chunk, each chunk with its better score; whether the fuzzy one won any.
    A correction every word of which one slip explains (``sure``) is not discounted."""
    best = {h.chunk_id: h for h in hits}
    improved = False
    weight = 1.0 if sure else tuning.FUZZY_WEIGHT
    for hit in fuzzy:
        current = best.get(hit.chunk_id)
        score = hit.score * weight
        if current is None or score > current.score:
            best[hit.chunk_id] = attrs.evolve(hit, score=score, fuzzy=True)
            improved = True
    return sorted(best.values(), key=lambda h: (-h.score, h.chunk_id)), improved
