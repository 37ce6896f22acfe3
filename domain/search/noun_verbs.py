"""The verb a ``-ment`` noun is made of: "private requirements" asks what
``--print-requires-private`` prints (ADR 0317).

The words layer stems with Porter, which takes ``-ment`` off a noun whose rest is long enough
(its measure above 1: ``requirement`` and ``requires`` both ``requir``, ``deployment`` and
``deployed`` both ``deploy``), so a section saying the verb is found for the noun. Reranking
judges by its own crude stem, which keeps ``requirement`` whole: the section found counted as
lacking the question's word, and a section that says the noun for something else led.

So the verb is searched as an alternative of the noun, on Porter's own condition: ``-ment``
(or ``-ments``) after a rest whose measure (its vowel-consonant sequences) is above 1.
``comment``, ``statement``, ``element``, ``argument``, ``moment`` keep theirs: Porter keeps
them whole, and their rests (``com``, ``state``, ``ele``) name other things.
"""

from __future__ import annotations

_VOWELS = frozenset("aeiou")
_SUFFIX = "ment"
# Porter's step 4: ``-ment`` goes when the measure of what it leaves is above this.
_LEAST_MEASURE = 1


def _measure(stem: str) -> int:
    """Porter's measure of ``stem``: how many times a vowel is followed by a consonant (``y``
    after a consonant counts as a vowel)."""
    count = 0
    vowel_before = False
    for at, letter in enumerate(stem):
        vowel = letter in _VOWELS or (letter == "y" and at > 0 and not vowel_before)
        if vowel_before and not vowel:
            count += 1
        vowel_before = vowel
    return count


def verb_forms(word: str) -> tuple[str, ...]:
    """The verb of a ``-ment`` noun (``requirements`` → ``require``), when Porter would take the
    suffix off; ``()`` for any other word."""
    noun = word[:-1] if word.endswith("ments") else word
    if not noun.isalpha() or not noun.endswith(_SUFFIX):
        return ()
    verb = noun[: -len(_SUFFIX)]
    if _measure(verb.removesuffix("e")) <= _LEAST_MEASURE:
        return ()
    return (verb,)
