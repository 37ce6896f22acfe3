"""A word's crude stem and the endings a word may carry: how search tells that a text says a
query's word in another inflection (``failing`` says ``failed``; ``times`` says ``time``).

Porter's stems, roughly, without a stemmer: one common English suffix taken off, a doubled
consonant made single. ``matching`` uses the endings and prefixes to judge a match inside a word.
"""

from __future__ import annotations

import re

SUFFIXES = ("ations", "ation", "ings", "ing", "ions", "ion", "ers", "er", "ies", "ed", "es", "s")
# What may follow a match inside a word for the word to end with it: the stemmer's suffixes, and
# the other endings of a stem cut at ``-ation`` (``authentic`` of ``authentication`` ends
# ``unauthenticated``).
ENDINGS = frozenset((*SUFFIXES, "ate", "ated", "ates", "ating"))
LONGEST_ENDING = max(len(ending) for ending in ENDINGS)
# What may stand before a match inside a word for the word to be that word with a prefix
# (``unauthorized``, ``nonblank``, ``invalid``, ``retry``).
PREFIXES = frozenset(("un", "non", "re", "pre", "de", "dis", "mis", "sub", "in", "im"))
MIN_STEM = 3

_UNDOUBLED_AFTER = ("ing", "ings", "ed", "er", "ers")
_KEEP_DOUBLE = "lsz"  # fall-ing, pass-ed, buzz-er keep both letters


def stem_prefix(term: str) -> str:
    """``term`` without one common English suffix, when at least 3 characters remain; a consonant
    doubled before ``-ing``/``-ed``/``-er`` is undoubled (``formatting`` → ``format``)."""
    for suffix in SUFFIXES:
        if term.endswith(suffix) and len(term) - len(suffix) >= MIN_STEM:
            stem = term[: -len(suffix)]
            doubled = len(stem) > MIN_STEM and stem[-1] == stem[-2] and stem[-1].isalpha()
            if suffix in _UNDOUBLED_AFTER and doubled and stem[-1] not in _KEEP_DOUBLE + "aeiou":
                return stem[:-1]
            return stem
    return term


# What may end a word that says a stem (``stem_prefix``) in another inflection: its last letter
# doubled, the stem's own ``e`` or a suffix, then no more letters (``times`` says ``time``;
# ``calloc`` does not say ``called``, nor ``KeyError`` ``key``).
_INFLECTED_END = "(?:e|" + "|".join(sorted(ENDINGS, key=len, reverse=True)) + ")?(?![a-z])"


def said_pattern(word: str) -> re.Pattern[str]:
    """Where a lower-case text says ``word`` as a whole word, in any inflection."""
    stem = stem_prefix(word)
    if stem.endswith("e"):  # ``archived``, ``archiving`` say ``archive``
        return re.compile(r"\b" + re.escape(stem[:-1]) + _INFLECTED_END)
    return re.compile(r"\b" + re.escape(stem) + re.escape(stem[-1]) + "?" + _INFLECTED_END)
