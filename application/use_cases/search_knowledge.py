"""SearchKnowledge: the few sections of the knowledge base that answer a query."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from application.search.access_log import AccessLog
from application.search.answerability_verdict import AnswerabilityVerdict
from application.search.corrected_hits import merge_corrected, sure_correction
from application.search.corrections_held_with import unsupported
from application.search.corrector import QueryCorrector
from application.search.layers import LayerPlan, retrieve
from application.search.semantic import SemanticLayer, Silenced
from domain.errors import InvalidInput
from domain.search import meaning, reply_tuning, tuning
from domain.search.answer_kinds import answer_kinds, searched
from domain.search.answerability_tuning import UNKNOWN_NAME_GUARD
from domain.search.code_names import read_as_words
from domain.search.diversify import diversify
from domain.search.entities import extract_entities
from domain.search.matching import term_groups
from domain.search.named_sources import named_source, sources_first
from domain.search.named_tools import named_tools, tools_first
from domain.search.padding_words import padding_units
from domain.search.query import ParsedQuery, parse_query
from domain.search.question_words import asks_as_verb
from domain.search.rerank import Ranking, rerank
from domain.search.results import SearchResult, SearchResults
from domain.search.rrf import FusedHit
from domain.search.said_phrases import said_phrases
from domain.search.snippet import extract_snippet
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind

MAX_LIMIT = 100
DEFAULT_SCOPE = SearchScope()


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
        self._verdict = AnswerabilityVerdict(store)

    def search(
        self, query: str, limit: int = 3, scope: SearchScope = DEFAULT_SCOPE
    ) -> SearchResults:
        if not 1 <= limit <= MAX_LIMIT:
            raise InvalidInput(
                f"search limit {limit} is out of range", f"use a limit between 1 and {MAX_LIMIT}"
            )
        parsed = read_as_words(searched(parse_query(query)), self._store.has_word)
        if parsed.is_empty:
            return SearchResults(query)
        layer = self._semantic
        if layer is None:
            return self._search(parsed, limit, scope)
        plan = LayerPlan.ranked(limit)  # it works while words are searched: ADR 0142
        layer.ask_ahead(parsed.raw, parsed.terms, scope, plan.candidates, self._verdict.knows)
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
        if UNKNOWN_NAME_GUARD and self._verdict.names_unknown(parsed, corrections, hits):
            hits = []
        verdict = self._verdict
        unknown = verdict.unanswerable(parsed, (corrections, fixed), ranking, hits) if hits else ()
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

    def _ranked(self, parsed: ParsedQuery, scope: SearchScope, limit: int) -> Ranking:
        groups = term_groups(parsed)
        connector, source = named_source(parsed.raw, groups.units)
        padding = padding_units(parsed.raw, groups.units) | connector
        unpadded = _without(parsed, padding, groups.units) if padding else None
        fused = retrieve(self._store, parsed, scope, LayerPlan.ranked(limit), unpadded)
        asking = sum(
            1 << at for at, unit in enumerate(groups.units) if asks_as_verb(parsed.raw, unit)
        )
        ranking = rerank(
            fused,
            groups,
            extract_entities(parsed.raw),
            answer_kinds(parsed.raw),
            asking,
            phrases=said_phrases(parsed.raw),
            padding=padding,
        )
        if source:
            return attrs.evolve(ranking, hits=sources_first(ranking.hits, groups, source))
        tools = named_tools(ranking.hits, groups, padding)
        if not tools:
            return ranking
        return attrs.evolve(ranking, hits=tools_first(ranking.hits, groups, tools))

    def _hidden_kinds(self, scope: SearchScope) -> tuple[tuple[SourceKind, int], ...]:
        kinds = scope.effective_kinds()
        if kinds is None:
            return ()
        if not ALL_KINDS - kinds:
            return ()
        counts = self._store.source_counts(ALL_KINDS - kinds)
        return tuple((kind, counts[kind]) for kind in sorted(counts) if counts[kind])


def _without(parsed: ParsedQuery, padding: int, units: tuple[str, ...]) -> ParsedQuery:
    """``parsed`` without the units of ``padding`` (bits of ``units``)."""
    padded = {unit for at, unit in enumerate(units) if padding >> at & 1}
    return attrs.evolve(parsed, terms=tuple(t for t in parsed.terms if t not in padded))


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
