"""Whether a search's question can be answered from what the store holds: a name the store
never holds, or too little of what the question names held by the store or by the best section
found (``domain.search.answerability``). capy's silence is decided here (ADRs 0054, 0156)."""

from __future__ import annotations

import math

from application.ports.knowledge_store import KnowledgeStore
from application.search.corrected_hits import sure_slip
from domain.precompiled import precompiled
from domain.search.answerability import (
    abbreviated,
    held_share,
    idf_weight,
    known_held_share,
    spared_pieces,
    unanswerable,
    unit_words,
    unknown_share,
)
from domain.search.answerability_tuning import CORRECTED_KNOWN
from domain.search.entities import extract_entities
from domain.search.inflections import regular_forms, searched_forms
from domain.search.initialisms import initialism_units
from domain.search.language_codes import locale_coded
from domain.search.matching import term_groups
from domain.search.month_dates import dated
from domain.search.query import ParsedQuery
from domain.search.question_words import (
    asks_as_verb,
    frames_a_listing,
    frames_a_state,
    is_question_word,
)
from domain.search.rerank import Evidence, Ranking
from domain.search.rrf import FusedHit
from domain.search.synonyms import synonyms_of

_NAME = precompiled(r"[\w-]{3,64}")
_ACRONYM = 5
# An acronym with a version (IMDSv1, HTTP2, SSLv3): the text names the thing, rarely the version.
_VERSIONED_ACRONYM = precompiled(r"[A-Z]{2,5}[vV]?\d{1,2}")


class AnswerabilityVerdict:
    """The verdicts a search asks of the store before it shows anything."""

    def __init__(self, store: KnowledgeStore) -> None:
        self._store = store

    def names_unknown(
        self, parsed: ParsedQuery, corrected: ParsedQuery | None, hits: list[FusedHit]
    ) -> bool:
        """True when the query names something (``Kafka``, ``SAML``, ``WebAuthn``) that no
        indexed text contains and that is no misspelling of a known word: nothing found can be
        about it, so whatever the other words match would only cost the caller context. A name
        the corrector corrected is a misspelling whether or not its correction found more
        (``ECONNREFUED``: the substrings layer had already found ``ECONNREFUSED``). A name a
        found section writes as a code (``FR`` for France), a language's locale tag (``de_DE``
        for German: ``language_codes``) or a month as a date (``2026-07-01`` for July:
        ``month_dates``) is held."""
        for name in extract_entities(parsed.raw):
            word = name.lower()
            if not _NAME.fullmatch(word) or word not in parsed.terms:
                continue
            if (name.isupper() and len(name) <= _ACRONYM) or _VERSIONED_ACRONYM.fullmatch(name):
                continue  # HSTS, XSS, IMDSv1: the text may well spell the acronym out
            if corrected is not None and word not in corrected.terms:
                continue  # corrected into a known word
            if not self._store.has_word(word) and not any(
                word in hit.hit.lowered
                or word in hit.hit.title.lower()
                or abbreviated(name, hit.hit.content)
                or locale_coded(name, hit.hit.content)
                or dated(name, hit.hit.content)
                for hit in hits
            ):
                return True  # not part of a longer word (``ConnectionRese``), nor a code or tag
        return False

    def unanswerable(
        self,
        parsed: ParsedQuery,
        correction: tuple[ParsedQuery | None, Ranking | None],
        ranking: Ranking,
        hits: list[FusedHit],
    ) -> tuple[str, ...]:
        """The units the store does not know when what the query names is too little held by
        the store, or by the best section found, for any result to be about it (see
        ``answerability``); empty when the query is answerable. The query is judged as
        corrected (a misspelt word as the word it was corrected to: ``verssion`` asks, as
        ``version`` does; ``timeuot`` names what ``timeout`` names). A unit is unknown when no
        candidate of the query as typed holds it — nor of the query as corrected, unless its
        correction took more than one slip of a typist (``keyboard.is_slip``) — nor any
        vocabulary word (nor a synonym or another inflection of it); a corrected unit is known
        when one slip explains it, partly known otherwise (``draft`` → ``drift``, ``ERESOLVE``
        → ``resolve`` are as often another word). Units weigh by how few of the store's chunks hold
        them, counted only when some unit is unknown."""
        units = parsed.groups
        if len(ranking.found) != len(units):
            return ()
        corrected, fixed = correction
        judged, found = units, ranking.found
        if corrected is not None and len(corrected.groups) == len(units):
            judged = corrected.groups
            if fixed is not None and len(fixed.found) == len(units):
                spelt = initialism_units(units, judged)
                found = tuple(
                    typed or (held and (unit == word or short or sure_slip(unit, word)))
                    for typed, held, unit, word, short in zip(
                        found, fixed.found, units, judged, spelt, strict=True
                    )
                )
        asked = corrected if corrected is not None else parsed
        known = [
            1.0
            if found
            or is_question_word(unit)
            or asks_as_verb(asked.raw, unit)
            or frames_a_state(asked.raw, unit)
            else (1.0 if sure_slip(typed, unit) else CORRECTED_KNOWN)
            if unit != typed
            else (1.0 if self.knows(unit) else 0.0)
            for typed, unit, found in zip(units, judged, found, strict=True)
        ]
        if all(k == 1.0 for k in known):
            return ()
        words = [unit_words(unit) for unit in judged]
        total, counts = self._store.chunk_frequencies([w for group in words for w in group])
        frequencies, at = [], 0
        for group in words:
            frequencies.append(max(counts[at : at + len(group)], default=0))
            at += len(group)
        weights = [idf_weight(total, frequency) for frequency in frequencies]

        lead = hits[0].score / hits[1].score if len(hits) > 1 and hits[1].score > 0 else math.inf
        queries = [q for q in (parsed, corrected) if q is not None and len(q.groups) == len(units)]

        def best_held() -> float:
            return _held_on_one_line(hits[0], judged, queries, weights)

        def known_held() -> float:
            # The weighted share of the known naming units the best section holds anywhere; a
            # verb by which the question says the output lists something ("which user is
            # listed twice") counts as held: the output lists without saying so.
            held = _held_anywhere(hits[0], len(judged), queries)
            counted = [
                h or frames_a_listing(asked.raw, u) for h, u in zip(held, judged, strict=True)
            ]
            return known_held_share(judged, weights, known, counted)

        def rest_on_one_line(spared: list[bool]) -> bool:
            rest = [0.0 if s else w for w, s in zip(weights, spared, strict=True)]
            return any(_held_on_one_line(hit, judged, queries, rest) >= 1.0 for hit in hits)

        known = spared_pieces(judged, known, rest_on_one_line)
        if not unanswerable(unknown_share(judged, weights, known), best_held, lead, known_held):
            return ()
        return tuple(unit for unit, k in zip(judged, known, strict=True) if k < 1.0)

    def knows(self, unit: str) -> bool:
        words = (
            unit.split()
            if " " in unit
            else [unit, *synonyms_of(unit), *regular_forms(unit), *searched_forms(unit)]
        )
        return (
            all(self._store.has_word(word) for word in words)
            if " " in unit
            else any(self._store.has_word(word) for word in words)
        )


def _held_on_one_line(
    hit: FusedHit, units: tuple[str, ...], queries: list[ParsedQuery], weights: list[float]
) -> float:
    """The largest weighted share of the naming ``units`` one line of ``hit`` (or its title)
    holds, as written or as corrected (``queries`` have as many units, in the same order)."""
    shares = [
        held_share(units, weights, [bool(mask >> unit & 1) for unit in range(len(units))])
        for query in queries
        for mask in Evidence.of(hit, term_groups(query)).lines
    ]
    return max(shares, default=0.0)


def _held_anywhere(hit: FusedHit, count: int, queries: list[ParsedQuery]) -> list[bool]:
    """Which of the ``count`` units ``hit`` holds anywhere (any line or its title), as written
    or as corrected."""
    mask = 0
    for query in queries:
        for line in Evidence.of(hit, term_groups(query)).lines:
            mask |= line
    return [bool(mask >> unit & 1) for unit in range(count)]
