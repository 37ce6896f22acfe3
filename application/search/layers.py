"""Running the words and substrings layers for a parsed query and fusing what they find.

The words layer tries ALL first; when that yields fewer than ``limit`` chunks the ANY query
fills the rest (after the ALL hits, which match every unit). The substrings layer is the
expensive one (ranking substrings over the whole index costs 7–20 ms at 10k chunks): when the
words layer already found ``limit`` candidates, their substring evidence is computed in
process instead; the substrings layer is queried only when the words layer came up short —
partial words, identifiers and typos, which is what it is for — ALL first, ANY only if ALL
found nothing (ADR 0004), or when a word of the question is written only inside longer names
(``factor`` of ``kZoneFactor``: ADR 0372). A question's padding (``padding_words``) is left out
of the words layer's ANY query, where it would fill the candidates with every section saying
"error" (ADR 0312), and out of the substrings layer, where it would lift them in the fused
ranking (ADR 0322).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.knowledge_store import KnowledgeStore
from domain.search import tuning
from domain.search.compound_parts import compound_parts
from domain.search.name_only_terms import name_only_terms
from domain.search.query import ParsedQuery
from domain.search.rrf import FusedHit, fuse
from domain.search.store_query import Combine, StoreQuery, substrings_query, words_query
from domain.search.substring_layer import substring_rank, unnegated
from domain.search_hit import LayerHit, SearchLayer, SearchScope


@attrs.frozen
class LayerPlan:
    """How many results are wanted and how many candidates each layer may return."""

    limit: int
    candidates: int

    @classmethod
    def for_limit(cls, limit: int) -> LayerPlan:
        return cls(limit, max(limit * tuning.CANDIDATES_PER_RESULT, tuning.MIN_CANDIDATES))

    @classmethod
    def ranked(cls, limit: int) -> LayerPlan:
        """The plan of a search for ``limit`` results: never fewer than ``RANKED_AT_LEAST``."""
        return cls.for_limit(max(limit, tuning.RANKED_AT_LEAST))


def _append_new(hits: list[LayerHit], more: Sequence[LayerHit]) -> list[LayerHit]:
    known = {h.chunk_id for h in hits}
    return hits + [h for h in more if h.chunk_id not in known]


def _and_then_or(
    store: KnowledgeStore,
    query: StoreQuery | None,
    *,
    scope: SearchScope,
    plan: LayerPlan,
    fill: bool,
    any_of: StoreQuery | None = None,
) -> list[LayerHit]:
    """ALL first; ANY (of ``any_of``'s groups when given) when ALL found nothing, or
    (``fill``) fewer than the limit."""
    if query is None:
        return []
    hits = store.search(query.with_combine(Combine.ALL), scope, plan.candidates)
    wanted = plan.limit if fill else 1
    if not query.is_single_group and len(hits) < wanted:
        more = store.search((any_of or query).with_combine(Combine.ANY), scope, plan.candidates)
        hits = _append_new(hits, more)
    return hits


def _name_only(store: KnowledgeStore, query: ParsedQuery, words: Sequence[LayerHit]) -> bool:
    """Whether a term of ``query`` is written only inside longer names, so that only the
    substrings layer finds the chunks holding it (ADR 0372)."""

    def found(term: str) -> bool:
        return any(term in hit.lowered or term in hit.title.lower() for hit in words)

    def written(terms: Sequence[str]) -> Sequence[int]:
        return store.chunk_frequencies(terms)[1]

    return bool(name_only_terms(query.terms, found, store.has_word, written))


def retrieve(
    store: KnowledgeStore,
    query: ParsedQuery,
    scope: SearchScope,
    plan: LayerPlan,
    unpadded: ParsedQuery | None = None,
) -> list[FusedHit]:
    """Both layers for ``query`` fused by reciprocal rank (chunks, best first); the words
    layer's ANY query and the substrings layer ask for the units of ``unpadded`` (``query``
    without its padding) when given."""
    fill = words_query(unpadded, Combine.ANY) if unpadded is not None else None
    words = _and_then_or(
        store, words_query(query, Combine.ALL), scope=scope, plan=plan, fill=True, any_of=fill
    )
    # The substrings layer ranks by what the question asks, its padding aside (ADR 0322).
    asked = unpadded if unpadded is not None else query
    if len(words) >= plan.limit and not _name_only(store, asked, words):
        substrings = substring_rank(words, asked)
    else:
        # A word held only inside compound names is searched by its stem too (ADR 0363).
        parts = compound_parts(asked, store.has_word, lambda w: store.chunk_frequencies(w)[1])
        substrings = unnegated(
            _and_then_or(
                store,
                substrings_query(asked, Combine.ALL, parts=parts),
                scope=scope,
                plan=plan,
                fill=False,
            ),
            asked,
            parts,
        )
    return fuse(
        {SearchLayer.WORDS: words, SearchLayer.SUBSTRINGS: substrings},
        {SearchLayer.WORDS: tuning.PORTER_WEIGHT, SearchLayer.SUBSTRINGS: tuning.TRIGRAM_WEIGHT},
    )
