"""A misspelt form of a word only the synonym dictionary knows (``sgefaulted`` → ``segfault``)."""

from __future__ import annotations

from domain.search.corrected_text import doubled_by_spelling
from domain.search.inflections import regular_forms
from domain.search.keyboard import unslipped
from domain.search.synonyms import SYNONYM_WORDS

# Every start of a synonym word that a regular form shares with its word (``regular_forms`` cuts
# at most four letters off a word, then adds at most one, or adds an ending of up to three; a
# form keeps at least the word's first two letters).
_SYNONYM_STARTS = frozenset(
    w[:end] for w in SYNONYM_WORDS for end in (2, *range(max(2, len(w) - 4), len(w) + 1))
)


def synonym_of_a_slip(word: str, family: set[str]) -> str | None:
    """The synonym dictionary's word whose form is one slip from ``word`` (``family``: the word
    and its regular forms), as search would know the form typed right (``segfaulted`` is
    corrected to ``segfault`` too); None when ``word`` is such a form as typed."""
    if not SYNONYM_WORDS.isdisjoint(family.union(*(regular_forms(f) for f in family))):
        return None
    for c in unslipped(word):
        if c[:2] not in _SYNONYM_STARTS or not any(
            c[:end] in _SYNONYM_STARTS for end in range(len(c) - 4, len(c) + 1)
        ):
            continue  # no form of ``c`` can be a synonym word: cheap, and most are not
        forms = SYNONYM_WORDS.intersection((c, *regular_forms(c)))
        if forms and not doubled_by_spelling(word, c):
            return min(forms)
    return None
