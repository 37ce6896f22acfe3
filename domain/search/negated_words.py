"""A question word found only inside the word that negates it is not held.

The substrings layer finds a unit anywhere inside the text, so the ``used`` of "which headers
are used" is found in a build log's ``unused`` — the opposite of what was asked. An occurrence
that is the tail of a word made of a negating prefix and the unit (``unused``, ``nonzero``)
does not count; any other occurrence does. A question that itself says the negated form asks
for it (its unit is ``unused``, found as written) (ADR 0341).
"""

from __future__ import annotations

# The prefixes that turn a word into its opposite in the outputs capy indexes: ``unused``,
# ``unset``, ``uninstalled``; ``nonzero``, ``nonexistent`` (ADR 0341 measures the others).
NEGATING_PREFIXES = ("un", "non")


def _starts_a_word(text: str, index: int) -> bool:
    return index == 0 or not text[index - 1].isalpha()


def _negated_at(text: str, index: int) -> bool:
    """Whether the occurrence at ``index`` ends a word that is a negating prefix before it."""
    for prefix in NEGATING_PREFIXES:
        start = index - len(prefix)
        if start >= 0 and text.startswith(prefix, start) and _starts_a_word(text, start):
            return True
    return False


def held_unnegated(unit: str, text: str) -> bool:
    """Whether lowercase ``text`` holds ``unit`` at least once other than as the tail of its
    negation (``used`` in "unused" only: not held)."""
    index = text.find(unit)
    while index >= 0:
        if not _negated_at(text, index):
            return True
        index = text.find(unit, index + 1)
    return False
