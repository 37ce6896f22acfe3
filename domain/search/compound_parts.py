"""A question's inflected word found as the part of a compound name that holds its stem.

Kubernetes prints a pod's state as one name (``CrashLoopBackOff``, ``ErrImagePull``,
``ContainerCreating``), Java an exception's (``NullPointerException``), Node an error's
(``connectionRefused``). The words index keeps such a name as one word, so a question's
``crashing`` finds nothing there; the substrings layer looks for the literal ``crashing``, which
no text writes either, and the question fell silent while the line that answers it is indexed.

A word no indexed text writes in any inflection, whose stem (four letters or more) the store's
vocabulary holds in some form as a part of a compound name (``identifier_parts``: ``crash`` of
``CrashLoopBackOff``, ``creating`` of ``ContainerCreating``), is searched in the substrings
layer by that stem as well (ADR 0363).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from domain.search.query import ParsedQuery
from domain.search.word_stems import MIN_STEM, SUFFIXES, stem_prefix

# A shorter stem occurs inside too many words that are not it (``pod`` in ``tripod``).
MIN_PART = 4
# How a compound's part may write the stem: ``crash``, ``Create``, ``Crashes``, ``Killed``,
# ``Creating``, ``Handler``, ``Connection``.
_PART_FORMS = ("", "e", "s", "es", "ed", "ing", "er", "ion")


# Endings that make another word, not another form of it: the doer (``fuzzer``, ``responder``)
# and the noun (``configuration``) name other things than their stem's part does (ADR 0363).
_DERIVED = frozenset(("ations", "ation", "ions", "ion", "ers", "er"))


def _candidate(term: str) -> str | None:
    """The stem ``term`` would be searched by: a word of letters only, inflected (``-ing``,
    ``-ed``, ``-s``), whose stem keeps ``MIN_PART`` letters; None for any other."""
    if not term.isalpha():
        return None
    ending = next((s for s in SUFFIXES if term.endswith(s) and len(term) - len(s) >= MIN_STEM), "")
    if not ending or ending in _DERIVED:
        return None
    stem = stem_prefix(term)
    return stem if len(stem) >= MIN_PART else None


def compound_parts(
    query: ParsedQuery,
    held: Callable[[str], bool],
    written: Callable[[Sequence[str]], Sequence[int]],
) -> Mapping[str, str]:
    """The stem to search each term of ``query`` by in the substrings layer, for the terms that
    ``written`` (how many chunks write each word, in any inflection) finds nowhere and whose stem
    the vocabulary holds in some form (``held``): ``crashing`` → ``crash``. Empty for most
    queries: ``written`` is asked only of the terms whose stem is held."""
    stems = {term: _candidate(term) for term in query.terms}
    kept = {
        term: stem
        for term, stem in stems.items()
        if stem is not None and any(held(stem + form) for form in _PART_FORMS)
    }
    if not kept:
        return {}
    counts = written(list(kept))
    return {
        term: stem for (term, stem), count in zip(kept.items(), counts, strict=True) if not count
    }
