"""A generic word that closes a question already naming its subject: padding (ADR 0312).

"which commit was dropped from the reworked branch error", "which header is missing what
failed": the question was complete before its last word, and the section that answers it
answers it whether or not it says "error". Yet the word counted as a full unit of the question
twice over. The words layer's ANY query, filling the candidates after those holding every
unit, ranked first the sections holding "error" and one other word — error-level sections
of every other output, where "error" is frequent enough for bm25 to rank them high — and
reranking counted the word, rare among the candidates, as much as the question's own names.

Only the last word, and only as a singular noun of outcome (``error``, ``problem``,
``issue``, ``failure``, ``bug``) or as the verb of a closing "what failed": "why did the
sitemap build fail" and "which makefile rule failed" ask about the failure, the verb is their
predicate; "which file has lint errors" asks for the errors, the plural names the things
listed; a generic word elsewhere is part of what is asked ("worker healthcheck failing
connect", "rate limiter redis down fail open", ADR 0213). And only when PADDING_NAMING_UNITS
other units name the subject: in "which tests failed" or "payment error" the outcome word is
the question.
"""

from __future__ import annotations

from domain.search.generic_words import is_generic

# Units besides the generic ones that a question must hold for its closing generic word to be
# padding (ADR 0213 found 1 and 2 alike; 2 keeps "which makefile errors" whole).
PADDING_NAMING_UNITS = 2

# The generic words that name one outcome: a question may close on them after its subject.
_OUTCOME_NOUNS = frozenset(["error", "err", "failure", "problem", "issue", "bug"])
# The generic verbs: padding only as their own closing clause, "… what failed".
_OUTCOME_VERBS = frozenset(["fail", "fails", "failed", "failing"])
_CLAUSE_OPENER = "what"


def padding_units(raw: str, units: tuple[str, ...]) -> int:
    """The units (bits) of ``units`` (lower case, as the question's units) that only pad
    ``raw``: its last word when it is a singular outcome noun, or the verb of a closing
    "what failed", after PADDING_NAMING_UNITS units that are not generic; 0 when none."""
    words = raw.lower().rstrip(" ?.!").split()
    if len(words) < 2:
        return 0
    last = words[-1]
    if last not in _OUTCOME_NOUNS and not (last in _OUTCOME_VERBS and words[-2] == _CLAUSE_OPENER):
        return 0
    naming = sum(1 for unit in units if not is_generic(unit))
    if naming < PADDING_NAMING_UNITS:
        return 0
    return sum(1 << at for at, unit in enumerate(units) if unit == last)
