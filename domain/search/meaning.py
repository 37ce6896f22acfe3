"""The semantic layer's place in a search: when it is asked, and how it joins the words.

The lexical layers are ranked and reranked first (their evidence is words: coverage, titles,
proximity); the semantic layer's hits — chunks whose vector is nearest the query's — then join
them by the same reciprocal-rank fusion, as a third layer (``fuse_meaning``). It is asked only
when the words' evidence is weak (``weak_lexical``): no section found, or the best one holds
too small a share of what the query names. Constants are chosen on the tuning half of the
corpora only (ADR 0082).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence

import attrs

from domain.search.question_words import is_question_word
from domain.search.rrf import FusedHit, rrf_score
from domain.search_hit import LayerHit, SearchLayer

# Chosen on the tuning halves of the three corpora (bundled, real output, meaning) as the
# settings that gain most on the meaning corpus while losing nothing elsewhere: no R@1 or MRR
# on any corpus, and no unanswerable question answered that words alone left unanswered.
# Looser settings gain more on meaning and answer unanswerable questions (ADR 0082's table).
# A semantic hit below this cosine is no evidence at all (unrelated text scores 0.0–0.2).
MIN_SIMILARITY = 0.2
# The semantic layer's weight in the fusion, against 1.0 for the words' ranking.
SEMANTIC_WEIGHT = 0.5
# The words' evidence is weak when the best section holds less than this share of the query.
WEAK_SHARE = 0.25
# A query the words would leave unanswered is answered by meaning only when the nearest chunk
# is at least ANSWER_SIMILARITY close, or LEAD_SIMILARITY close and ahead of the next chunk by
# ANSWER_LEAD: the unanswerable questions of the tuning half score lower.
ANSWER_SIMILARITY = 0.6
LEAD_SIMILARITY = 0.3
ANSWER_LEAD = 0.25
# A query silenced because words it names are unknown to the store is answered after all when
# one line of the best section the words found is this close to those unknown words said
# together: the section says in other words what the query's own words could not find (ADR
# 0125). The lowest floor that answers no more unanswerable question on any tuning half.
RESTATED_SIMILARITY = 0.4
# A search starts the layer ahead, while its words are searched, when at least this share of
# the words it names (question words aside) are unknown to the store (ADR 0142). Chosen on the
# tuning halves of the meaning and real-output corpora: the largest share that starts it for
# every search that then asks it as the share 0 does (0.30 misses 5 on the meaning half).
AHEAD_UNKNOWN_SHARE = 0.25


def weak_lexical(hits: Sequence[FusedHit]) -> bool:
    """Whether the words found too little: nothing, or a best section holding less than
    ``WEAK_SHARE`` of the query's weighted units."""
    return not hits or hits[0].coverage < WEAK_SHARE


def likely_weak(terms: Sequence[str], knows: Callable[[str], bool]) -> bool:
    """Whether the words' evidence will likely be weak, judged before they are searched: at
    least ``AHEAD_UNKNOWN_SHARE`` of ``terms`` (question words aside) are words ``knows`` says
    no indexed text holds. A guess only — what it decides is when the layer starts, never
    whether the search asks it."""
    named = [term for term in terms if not is_question_word(term)]
    unknown = sum(1 for term in named if not knows(term))
    return bool(named) and unknown >= AHEAD_UNKNOWN_SHARE * len(named)


def answers(near: Sequence[LayerHit], runner_up: float | None = None) -> bool:
    """Whether the nearest chunks (best first) are close enough, or the best far enough ahead,
    to answer a query the words found nothing about. ``runner_up``: the second chunk's cosine
    when ``near`` holds one chunk only (the next is below ``MIN_SIMILARITY``); unknown, the
    floor stands in for it. The rule was tuned against the real runner-up (ADR 0082): a small
    store whose one near chunk stands far ahead of the rest is answered as a large one is."""
    if not near:
        return False
    top = similarity(near[0])
    if len(near) > 1:
        second = similarity(near[1])
    else:
        second = MIN_SIMILARITY if runner_up is None else min(runner_up, MIN_SIMILARITY)
    return top >= ANSWER_SIMILARITY or (top >= LEAD_SIMILARITY and top - second >= ANSWER_LEAD)


def unrelated(found: Sequence[FusedHit], near: Sequence[LayerHit], asked: int) -> bool:
    """Whether the sections the words would return (``found``, best first, on weak evidence)
    are all unrelated to the query's meaning: none of their chunks is among the ``near``
    chunks while those are every embedded chunk above ``MIN_SIMILARITY`` (fewer than the
    ``asked`` number came back). Their words matched the query's common words, not what it
    asks (ADR 0099). Judged on every section returned, not the best alone: one near by meaning
    further down is an answer the words found ("what does celery pull in for the message
    broker": `kombu`, fourth). Judged only over the whole knowledge base, never within one
    source."""
    chunks = {hit.chunk_id for hit in near}
    return len(near) < asked and all(hit.chunk_id not in chunks for hit in found)


def restates(unknown: bytes, lines: Sequence[bytes]) -> bool:
    """Whether one of ``lines`` (their vectors) says what the ``unknown`` words say: the
    largest cosine reaches ``RESTATED_SIMILARITY``. Vectors are the model's unit-length
    little-endian float32s, so a cosine is their dot product."""
    wanted = _floats(unknown)
    return any(
        sum(a * b for a, b in zip(wanted, _floats(line), strict=True)) >= RESTATED_SIMILARITY
        for line in lines
    )


def _floats(vector: bytes) -> tuple[float, ...]:
    return struct.unpack(f"<{len(vector) // 4}f", vector)


def similarity(hit: LayerHit) -> float:
    """A semantic hit's cosine (its relevance)."""
    return hit.relevance


def fuse_meaning(
    lexical: Sequence[FusedHit],
    semantic: Sequence[LayerHit],
    weight: float | None = None,
) -> list[FusedHit]:
    """The words' ranking and the semantic layer's fused by reciprocal rank, best first; a chunk
    only meaning found counts as covering the query (its words were never the point)."""
    scores: dict[int, float] = {}
    fused: dict[int, FusedHit] = {}
    for rank, hit in enumerate(lexical):
        scores[hit.chunk_id] = rrf_score(rank)
        fused[hit.chunk_id] = hit
    for rank, layer_hit in enumerate(semantic):
        chunk = layer_hit.chunk_id
        scores[chunk] = scores.get(chunk, 0.0) + rrf_score(
            rank, SEMANTIC_WEIGHT if weight is None else weight
        )
        known = fused.get(chunk)
        fused[chunk] = (
            attrs.evolve(known, layers=(*known.layers, SearchLayer.SEMANTIC))
            if known is not None
            else FusedHit(layer_hit, 0.0, (SearchLayer.SEMANTIC,), coverage=1.0)
        )
    ranked = [attrs.evolve(fused[chunk], score=score) for chunk, score in scores.items()]
    ranked.sort(key=lambda hit: (-hit.score, hit.chunk_id))
    return ranked
