"""A misspelt inflected word whose stem the text found holds (``psuhing`` → ``pushing`` where
Redis printed ``LPUSH``, ``cecker`` → ``checker`` of a manifest's ``typecheck``): search finds
the word typed right by its stem, so the slip reads as that word (ADR 0337)."""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable

from domain.search.word_stems import stem_prefix

# A stem this short is found inside other words by chance (``fix`` of ``prefix``).
_STEM_MIN = 4
# What may follow a word's last letter in a text: the stem must end a word there (``lpush``,
# ``typecheck"``), not start a longer one (``expor`` of ``export`` is no ``expored``).
_AFTER_A_WORD = string.whitespace + string.punctuation + string.digits


def slip_found_by_stem(candidates: Iterable[str], present: Callable[[str], bool]) -> str | None:
    """The one word of ``candidates`` (each one slip from a word typed) with an ending the
    search cuts off (``stem_prefix``) whose stem ends a word of the text found (a whole word or
    the last part of one); None when none does, or the words found have different stems (a
    slip that could be either is no sure reading).
    A candidate held whole is no concern here: ``present`` finds it as typed."""
    stems: dict[str, str] = {}
    for candidate in candidates:
        stem = stem_prefix(candidate)
        if stem == candidate or len(stem) < _STEM_MIN or stem in stems:
            continue
        if any(present(stem + after) for after in _AFTER_A_WORD):
            stems[stem] = candidate
            if len(stems) > 1:
                return None
    return next(iter(stems.values()), None)
