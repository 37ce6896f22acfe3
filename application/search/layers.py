"""Running the porter and trigram layers for a parsed query and fusing what they find.

Porter tries AND first; when that yields fewer than ``limit`` chunks the OR query fills the
rest (after the AND hits, which match every term). The trigram layer is the expensive one
(ranking substrings over the whole index costs 7–20 ms at 10k chunks): when porter already
found ``limit`` candidates, their substring evidence is computed in process instead; the
trigram index is queried only when porter came up short — partial words, identifiers and
typos, which is what trigram is for — AND first, OR only if AND found nothing (ADR 0004).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.knowledge_store import KnowledgeStore
from domain.search import tuning
from domain.search.fts_expression import Combine, porter_expression, trigram_expression
from domain.search.query import ParsedQuery
from domain.search.rrf import FusedHit, fuse
from domain.search.substring_layer import substring_rank
from domain.search_hit import LayerHit, SearchLayer, SearchScope


@attrs.frozen
class LayerPlan:
    """How many results are wanted and how many candidates each layer may return."""

    limit: int
    candidates: int

    @classmethod
    def for_limit(cls, limit: int) -> LayerPlan:
        return cls(limit, max(limit * tuning.CANDIDATES_PER_RESULT, tuning.MIN_CANDIDATES))


def _append_new(hits: list[LayerHit], more: Sequence[LayerHit]) -> list[LayerHit]:
    known = {h.chunk_id for h in hits}
    return hits + [h for h in more if h.chunk_id not in known]


def _and_then_or(
    store: KnowledgeStore,
    layer: SearchLayer,
    expressions: tuple[str | None, str | None],
    *,
    scope: SearchScope,
    plan: LayerPlan,
    fill: bool,
) -> list[LayerHit]:
    """AND first; OR when AND found nothing, or (``fill``) fewer than the limit."""
    all_terms, any_term = expressions
    hits: list[LayerHit] = []
    if all_terms:
        hits = store.search(layer, all_terms, scope, plan.candidates)
    wanted = plan.limit if fill else 1
    if any_term and any_term != all_terms and len(hits) < wanted:
        hits = _append_new(hits, store.search(layer, any_term, scope, plan.candidates))
    return hits


def retrieve(
    store: KnowledgeStore, query: ParsedQuery, scope: SearchScope, plan: LayerPlan
) -> list[FusedHit]:
    """Both layers for ``query`` fused by reciprocal rank (chunks, best first)."""
    porter = _and_then_or(
        store,
        SearchLayer.PORTER,
        (porter_expression(query, Combine.ALL), porter_expression(query, Combine.ANY)),
        scope=scope,
        plan=plan,
        fill=True,
    )
    if len(porter) >= plan.limit:
        trigram = substring_rank(porter, query)
    else:
        trigram = _and_then_or(
            store,
            SearchLayer.TRIGRAM,
            (trigram_expression(query, Combine.ALL), trigram_expression(query, Combine.ANY)),
            scope=scope,
            plan=plan,
            fill=False,
        )
    return fuse(
        {SearchLayer.PORTER: porter, SearchLayer.TRIGRAM: trigram},
        {SearchLayer.PORTER: tuning.PORTER_WEIGHT, SearchLayer.TRIGRAM: tuning.TRIGRAM_WEIGHT},
    )
