"""Pure helpers of the query corrector: how a correction reads the question and the text."""

from __future__ import annotations

import re

from domain.search.inflections import regular_forms

_DOUBLING_ENDINGS = ("ed", "ing", "er", "ers", "est")


def doubled_by_spelling(typed: str, word: str) -> bool:
    """Whether ``word`` is ``typed`` with a consonant made single that English doubles before
    an ending (``rolled``, ``running``): no slip of a typist, and ``roled`` is another word."""
    if len(word) != len(typed) - 1:
        return False
    for at in range(1, len(typed)):
        if typed[at] == typed[at - 1] and typed[:at] + typed[at + 1 :] == word:
            return typed[at] not in "aeiou" and typed[at + 1 :] in _DOUBLING_ENDINGS
    return False


def replaced(raw: str, corrections: dict[str, str]) -> str:
    """The question as typed with its misspelt words corrected: what it asks (``why``, ``how
    many``) still decides which line answers it."""
    for word, correction in corrections.items():
        raw = re.sub(
            rf"(?<![\w-]){re.escape(word)}(?![\w-])",
            correction.replace("\\", "\\\\"),
            raw,
            flags=re.IGNORECASE,
        )
    return raw


def run_in_raw(short: dict[str, str]) -> dict[str, str]:
    """The question as typed names a spelt-out run by its initials once (its first word)."""
    first: dict[str, str] = {}
    for word, initials in short.items():
        first[word] = initials if initials not in first.values() else ""
    return first


def names_a_part(text: str, word: str) -> bool:
    """Whether ``word`` (lower case) is a word of ``text``, or a whole part of a name written in
    camel case (``Integrity`` of ``DataIntegrityViolation``) or joined by ``-``, ``_``, ``.``
    (``ruff`` of ``real-ruff``, ``sqlcipher`` of ``sqlcipher3``): one slip from a misspelt
    word, a string found inside a word (``dency`` of ``dependency``) or at its start (``prof``
    of ``profile``) is a coincidence; a part of a name names it."""
    lowered = text.lower()
    at = lowered.find(word)
    while at != -1:
        end = at + len(word)
        starts = at == 0 or not text[at - 1].isalnum() or camel(text, at)
        ends = end == len(text) or not text[end].isalpha() or camel(text, end)
        if starts and ends:
            return True
        at = lowered.find(word, at + 1)
    return False


def camel(text: str, at: int) -> bool:
    """Whether a part of a camel-case name starts at ``at`` (``V`` of ``IntegrityViolation``)."""
    return text[at - 1].islower() and text[at].isupper()


def apart(terms: tuple[str, ...], corrections: dict[str, str]) -> dict[str, str]:
    """``corrections`` but those of a word into another form of it that the question asks too
    (``cpus`` → ``cpu`` of "cpu utilisation across all cpus"): search finds the word as typed
    by its stem, and as typed it leaves the question as many words as were typed, so a slip
    elsewhere is judged as corrected (ADR 0338). A slip into a word asked is still corrected
    (``connecton`` beside ``connection``)."""
    return {
        t: c
        for t, c in corrections.items()
        if c == t or c not in terms or c not in regular_forms(t)
    }
