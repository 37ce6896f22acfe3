"""The closest correction a rule lets through, when the closest of all is one it refuses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.search.fuzzy import best_correction
from domain.search.keyboard import is_slip
from domain.search.levenshtein import distance_from


def closest_allowed(
    word: str, candidates: Sequence[str], refused: Callable[[str], bool]
) -> str | None:
    """``best_correction`` of ``word`` among ``candidates``, passing over the ones ``refused``
    turns down for one equally close that one slip of a typist explains: ``returs`` is as near
    ``returns`` (a letter dropped) as the asking word ``return`` that no slip explains. A
    farther candidate, or one no slip explains (``count`` of ``acount``), is no answer: the
    refused word may be the one meant. None when no such candidate is left."""
    correction = best_correction(word, candidates)
    if correction is None or not refused(correction):
        return correction
    distance = distance_from(word)
    bound = distance(correction)
    passed = {correction}
    while True:
        left = [c for c in candidates if c.lower() not in passed]
        correction = best_correction(word, left)
        if correction is None or distance(correction) > bound:
            return None
        if not refused(correction) and is_slip(word, correction):
            return correction
        passed.add(correction)
