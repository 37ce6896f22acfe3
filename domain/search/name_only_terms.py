"""A question's word that the text writes only inside longer names: ``zone factor`` of
``tariff::kZoneFactor``, ``factor`` held nowhere as a word of its own.

The words index keeps ``kZoneFactor`` as one word, so the words layer finds no chunk holding
``factor``; the store's vocabulary holds it all the same, as a part of that name
(``identifier_parts``). Only the substrings layer sees the chunk, and it is asked only when the
words layer came up short (ADR 0004): a question whose other words fill the candidates with
unrelated chunks (``zone`` of ``tzdata``, ``table`` of a database's listing) never reached the
one line that answers it. A word held in the vocabulary, in none of the candidates' text and in
no chunk as the words layer matches it, makes the substrings layer run as well (ADR 0372).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

# A shorter word occurs inside too many names that are not about it (``pod`` in ``tripod``).
MIN_LETTERS = 4


def name_only_terms(
    terms: Iterable[str],
    found: Callable[[str], bool],
    held: Callable[[str], bool],
    written: Callable[[Sequence[str]], Sequence[int]],
) -> tuple[str, ...]:
    """The ``terms`` (words of letters only, ``MIN_LETTERS`` or more) that no candidate's text
    holds (``found``), the vocabulary holds (``held``) and no chunk writes as a word of its own
    (``written``: how many chunks the words layer finds each in). ``written`` is asked only of
    the few terms the first two tests keep: most questions ask it nothing."""
    kept = [
        term
        for term in dict.fromkeys(terms)
        if len(term) >= MIN_LETTERS and term.isalpha() and not found(term) and held(term)
    ]
    if not kept:
        return ()
    counts = written(kept)
    return tuple(term for term, count in zip(kept, counts, strict=True) if not count)
