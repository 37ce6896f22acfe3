"""Whether a correction or an initialism lands where the question's other words are: a
rewrite no typist's slip explains counts only when some section found holding it also holds
another naming word of the question (ADR 0179)."""

from __future__ import annotations

from application.search.corrected_hits import sure_slip
from domain.search.generic_words import GENERIC_WORDS
from domain.search.inflections import regular_forms
from domain.search.initialisms import initialism_units
from domain.search.matching import term_groups
from domain.search.query import ParsedQuery
from domain.search.question_words import asks_as_verb, is_question_word
from domain.search.rerank import Evidence
from domain.search.rrf import FusedHit


def unsupported(
    parsed: ParsedQuery, corrected: ParsedQuery, hits: list[FusedHit]
) -> frozenset[str]:
    """The typed words whose rewrite (``corrected``, unit for unit) no section of ``hits`` holds
    together with another naming unit of the question that some section of ``hits`` holds:
    "wifi signal strength of the wireless card" read as ``swc`` of a manifest's
    ``@swc/core``, "OCSP responder url" read as ``response``. Judged are initialisms and the
    corrections into another naming word that one typist's slip does not explain. A slip is a
    typo wherever its word sits (``claled`` → ``called`` of a backtrace that never says
    ``called``); another form of the word typed names the same thing (``files`` → ``file``,
    ``script`` → ``scripts``); a word that asks (``mde`` → ``made``) need be held nowhere. A
    rewrite is kept when the question has no other naming unit any section holds (``dead
    letter queue`` alone)."""
    typed, judged = parsed.groups, corrected.groups
    if parsed.phrases or len(typed) != len(judged):
        return frozenset()
    naming = [
        not is_question_word(unit)
        and unit not in GENERIC_WORDS
        and not asks_as_verb(corrected.raw, unit)
        for unit in judged
    ]
    spelt = initialism_units(typed, judged)
    judged_at = [
        at
        for at, (word, unit) in enumerate(zip(typed, judged, strict=True))
        if word != unit
        and naming[at]
        and (spelt[at] or not (sure_slip(word, unit) or _forms_of_one_word(word, unit)))
    ]
    if not judged_at:
        return frozenset()
    groups = term_groups(corrected)
    if groups.units != judged:
        return frozenset()
    found = [Evidence.of(hit, groups).found for hit in hits]
    held = [any(f[at] for f in found) for at in range(len(judged))]
    refused: set[str] = set()
    for at in judged_at:
        others = [
            j
            for j, other in enumerate(judged)
            if j != at and other != judged[at] and naming[j] and held[j]
        ]
        if others and not any(f[at] and any(f[j] for j in others) for f in found):
            refused.add(typed[at])
    return frozenset(refused)


def _forms_of_one_word(typed: str, word: str) -> bool:
    """Whether ``word`` is another regular form of ``typed`` (``files``, ``file``)."""
    return word in regular_forms(typed) or typed in regular_forms(word)
