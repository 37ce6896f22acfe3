"""SearchKnowledge: the few sections of the knowledge base that answer a query."""

from __future__ import annotations

import math
from collections.abc import Callable

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from application.search.access_log import AccessLog
from application.search.corrected_hits import merge_corrected, sure_correction, sure_slip
from application.search.corrections_held_with import unsupported
from application.search.corrector import QueryCorrector
from application.search.layers import LayerPlan, retrieve
from application.search.semantic import SemanticLayer, Silenced
from domain.errors import InvalidInput
from domain.precompiled import precompiled
from domain.search import meaning, reply_tuning, tuning
from domain.search.answer_kinds import answer_kinds
from domain.search.answerability import (
    held_share,
    idf_weight,
    known_held_share,
    unanswerable,
    unit_words,
    unknown_share,
)
from domain.search.diversify import diversify
from domain.search.entities import extract_entities
from domain.search.inflections import able_forms, regular_forms
from domain.search.initialisms import initialism_units
from domain.search.matching import term_groups
from domain.search.query import ParsedQuery, parse_query
from domain.search.question_words import asks_as_verb, is_question_word
from domain.search.rerank import Evidence, Ranking, rerank
from domain.search.results import SearchResult, SearchResults
from domain.search.rrf import FusedHit
from domain.search.snippet import extract_snippet
from domain.search.synonyms import synonyms_of
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind

MAX_LIMIT = 100
DEFAULT_SCOPE = SearchScope()
_NAME = precompiled(r"[\w-]{3,64}")
_ACRONYM = 5
# An acronym with a version (IMDSv1, HTTP2, SSLv3): the text names the thing, rarely the version.
_VERSIONED_ACRONYM = precompiled(r"[A-Z]{2,5}[vV]?\d{1,2}")


class SearchKnowledge:
    """Finds the chunks that answer a query, best first, with a snippet each.

    Rules:
    - the query is sanitised into quoted FTS5 strings: no input can make the store fail;
    - porter (word stems) and trigram (substrings) layers, each AND first then OR, fused by
      reciprocal rank per chunk; reranked by term coverage, title, proximity and entities;
    - when fewer results than ``limit`` come back, misspelt words are corrected against the
      vocabulary and the corrected query's results join, tagged ``fuzzy+…``;
    - when the words' evidence is weak (``meaning.weak_lexical``), the optional semantic layer's
      nearest chunks join by reciprocal rank, and may answer alone a query the words left
      unanswered when they are close enough (``meaning.answers``, ADR 0082);
    - at most two results per source until every source had its turn;
    - the sources returned are marked accessed after the results are built, in one write per
      ten-second window at most (``AccessLog``).
    """

    def __init__(
        self,
        store: KnowledgeStore,
        clock: Clock,
        track_access: bool = True,
        semantic: SemanticLayer | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._semantic = semantic
        self._access = AccessLog(store, clock) if track_access else None
        self._corrector = QueryCorrector(store, clock)

    def search(
        self, query: str, limit: int = 3, scope: SearchScope = DEFAULT_SCOPE
    ) -> SearchResults:
        if not 1 <= limit <= MAX_LIMIT:
            raise InvalidInput(
                f"search limit {limit} is out of range", f"use a limit between 1 and {MAX_LIMIT}"
            )
        parsed = parse_query(query)
        if parsed.is_empty:
            return SearchResults(query)
        layer = self._semantic
        if layer is None:
            return self._search(parsed, limit, scope)
        plan = LayerPlan.ranked(limit)  # it works while words are searched: ADR 0142
        layer.ask_ahead(parsed.raw, parsed.terms, scope, plan.candidates, self._knows)
        try:
            return self._search(parsed, limit, scope)
        finally:
            layer.settle()

    def _search(self, parsed: ParsedQuery, limit: int, scope: SearchScope) -> SearchResults:
        ranking = self._ranked(parsed, scope, limit)
        hits = ranking.hits
        corrected = self._corrector.correct(parsed, _contained_in(hits))
        corrections = corrected
        fixed: Ranking | None = None
        if corrected is not None:
            fixed = self._ranked(corrected, scope, limit)
            refused = unsupported(parsed, corrected, fixed.hits)
            if refused:
                corrected = self._corrector.correct(parsed, _contained_in(hits), refused)
                corrections = corrected
                fixed = self._ranked(corrected, scope, limit) if corrected is not None else None
        if corrected is not None and fixed is not None:
            hits, improved = merge_corrected(hits, fixed.hits, sure_correction(parsed, corrected))
            corrected = corrected if improved else None
        if tuning.UNKNOWN_NAME_GUARD and self._names_unknown(parsed, corrections, hits):
            hits = []
        unknown = self._unanswerable(parsed, (corrections, fixed), ranking, hits) if hits else ()
        silenced = Silenced(unknown, hits) if unknown else None
        hits = [h for h in hits if h.coverage >= tuning.MIN_COVERAGE] if not unknown else []
        waiting: tuple[str, ...] = ()
        if self._semantic is not None and meaning.weak_lexical(hits):
            hits, waiting = self._with_meaning(parsed, scope, limit, hits, silenced)
        chosen = diversify(hits, limit)
        results = tuple(_result(rank, hit, parsed) for rank, hit in enumerate(chosen, start=1))
        if results and self._access is not None:
            self._access.record(r.source_id for r in results)
        return SearchResults(
            query=parsed.raw,
            results=results,
            hidden_kinds=() if results else self._hidden_kinds(scope),
            corrected_query=" ".join(dict.fromkeys(corrected.groups)) if corrected else None,
            not_embedded=waiting,
        )

    def _with_meaning(
        self,
        parsed: ParsedQuery,
        scope: SearchScope,
        limit: int,
        kept: list[FusedHit],
        silenced: Silenced | None = None,
    ) -> tuple[list[FusedHit], tuple[str, ...]]:
        """The words' hits fused with the chunks nearest the query's meaning (``meaning``); a
        query the words left unanswered (nothing ``kept``, or a best section embedded but
        unrelated in meaning: ``meaning.unrelated``) is answered only when the nearest chunk is
        close enough, or when the lines of the best section the words found say what its unknown
        words say (``SemanticLayer.restated``). Also the sources not embedded yet."""
        assert self._semantic is not None
        candidates = LayerPlan.ranked(limit).candidates
        searched = self._semantic.searched(parsed.raw, scope, candidates)
        waiting = self._semantic.waiting(scope)
        if searched is None:
            return kept, waiting
        near = searched
        # Not within one output (an intent search, a search naming its source): the question
        # is about that text, and its few chunks make any list of near ones look complete.
        shown = kept[:limit]
        if (
            kept
            and scope.source is None
            and meaning.unrelated(shown, near, candidates)
            and all(self._semantic.embedded(label) for label in {h.hit.label for h in shown})
        ):
            kept = []  # words matched only the query's common words: judged as unanswered
        if not near:
            return kept, waiting
        if not kept:
            runner_up = self._semantic.runner_up(parsed.raw, scope) if len(near) == 1 else None
            if not meaning.answers(near, runner_up):
                kept = self._semantic.restated(silenced, near) if silenced else []
                if not kept:
                    return kept, waiting
        return meaning.fuse_meaning(kept, near), waiting

    def flush_access(self) -> None:
        """Write access marks still collected (call on shutdown; see ``AccessLog``)."""
        if self._access is not None:
            self._access.flush()

    def _names_unknown(
        self, parsed: ParsedQuery, corrected: ParsedQuery | None, hits: list[FusedHit]
    ) -> bool:
        """True when the query names something (``Kafka``, ``SAML``, ``WebAuthn``) that no
        indexed text contains and that is no misspelling of a known word: nothing found can be
        about it, so whatever the other words match would only cost the caller context. A name
        the corrector corrected is a misspelling whether or not its correction found more
        (``ECONNREFUED``: the substrings layer had already found ``ECONNREFUSED``)."""
        for name in extract_entities(parsed.raw):
            word = name.lower()
            if not _NAME.fullmatch(word) or word not in parsed.terms:
                continue
            if (name.isupper() and len(name) <= _ACRONYM) or _VERSIONED_ACRONYM.fullmatch(name):
                continue  # HSTS, XSS, IMDSv1: the text may well spell the acronym out
            if corrected is not None and word not in corrected.terms:
                continue  # corrected into a known word
            if not self._store.has_word(word) and not any(
                word in hit.hit.lowered or word in hit.hit.title.lower() for hit in hits
            ):
                return True  # not even part of a longer word (``ConnectionRese``)
        return False

    def _unanswerable(
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
            if found or is_question_word(unit) or asks_as_verb(asked.raw, unit)
            else (1.0 if sure_slip(typed, unit) else tuning.CORRECTED_KNOWN)
            if unit != typed
            else (1.0 if self._knows(unit) else 0.0)
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
            return _known_in_section(hits[0], judged, queries, weights, known)

        if not unanswerable(unknown_share(judged, weights, known), best_held, lead, known_held):
            return ()
        return tuple(unit for unit, k in zip(judged, known, strict=True) if k < 1.0)

    def _knows(self, unit: str) -> bool:
        words = (
            unit.split()
            if " " in unit
            else [unit, *synonyms_of(unit), *regular_forms(unit), *able_forms(unit)]
        )
        return (
            all(self._store.has_word(word) for word in words)
            if " " in unit
            else any(self._store.has_word(word) for word in words)
        )

    def _ranked(self, parsed: ParsedQuery, scope: SearchScope, limit: int) -> Ranking:
        fused = retrieve(self._store, parsed, scope, LayerPlan.ranked(limit))
        groups = term_groups(parsed)
        asking = sum(
            1 << at for at, unit in enumerate(groups.units) if asks_as_verb(parsed.raw, unit)
        )
        return rerank(fused, groups, extract_entities(parsed.raw), answer_kinds(parsed.raw), asking)

    def _hidden_kinds(self, scope: SearchScope) -> tuple[tuple[SourceKind, int], ...]:
        kinds = scope.effective_kinds()
        if kinds is None:
            return ()
        hidden: list[tuple[SourceKind, int]] = []
        for kind in sorted(ALL_KINDS - kinds):
            count = len(self._store.sources([kind]))
            if count:
                hidden.append((kind, count))
        return tuple(hidden)


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


def _known_in_section(
    hit: FusedHit,
    units: tuple[str, ...],
    queries: list[ParsedQuery],
    weights: list[float],
    known: list[float],
) -> float:
    """The weighted share of the known naming ``units`` that ``hit`` holds anywhere (any line
    or its title), as written or as corrected."""
    mask = 0
    for query in queries:
        for line in Evidence.of(hit, term_groups(query)).lines:
            mask |= line
    held = [bool(mask >> unit & 1) for unit in range(len(units))]
    return known_held_share(units, weights, known, held)


def _contained_in(hits: list[FusedHit]) -> Callable[[str], bool]:
    """Whether a word occurs (as part of any word) in the text of the hits found."""
    texts: list[str] = []

    def present(word: str) -> bool:
        if not texts:
            texts.extend(f"{h.hit.title}\n{h.hit.content}".lower() for h in hits)
        return any(word in text for text in texts)

    return present


def _result(rank: int, hit: FusedHit, parsed: ParsedQuery) -> SearchResult:
    layer_hit = hit.hit
    return SearchResult(
        rank=rank,
        source=layer_hit.label,
        kind=layer_hit.kind,
        title=layer_hit.title,
        content=layer_hit.content,
        snippet=extract_snippet(
            layer_hit.content,
            parsed.raw,
            title=layer_hit.title,
            max_bytes=reply_tuning.snippet_budget(first=rank == 1),
        ),
        score=hit.score,
        layer=hit.layer_label,
        chunk_id=layer_hit.chunk_id,
        source_id=layer_hit.source_id,
    )
