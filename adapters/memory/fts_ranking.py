"""Matching an expression against one in-memory layer and scoring hits like FTS5's bm25()."""

from __future__ import annotations

import math
from collections.abc import Collection

from adapters.memory.fts_layers import Layer
from domain.vault.query_grammar import And, Not, Or, Phrase, VaultMatch, positive_phrases

_K1 = 1.2
_B = 0.75


def matches(node: VaultMatch, layer: Layer, chunk_id: int) -> bool:
    if isinstance(node, Phrase):
        return layer.count(node, chunk_id).total > 0
    if isinstance(node, And):
        return matches(node.left, layer, chunk_id) and matches(node.right, layer, chunk_id)
    if isinstance(node, Or):
        return matches(node.left, layer, chunk_id) or matches(node.right, layer, chunk_id)
    if isinstance(node, Not):
        return matches(node.left, layer, chunk_id) and not matches(node.right, layer, chunk_id)
    raise TypeError(node)


def bm25_scores(
    node: VaultMatch,
    layer: Layer,
    hits: Collection[int],
    corpus: Collection[int],
    title_weight: float,
) -> dict[int, float]:
    """bm25 for each hit over the whole corpus, as a relevance: positive, higher is better
    (SQLite's bm25() is the same number negated)."""
    phrases = positive_phrases(node)
    total = max(len(corpus), 1)
    lengths = {cid: layer.lengths(cid) for cid in corpus}
    avg_title = sum(c.title for c in lengths.values()) / total or 1.0
    avg_content = sum(c.content for c in lengths.values()) / total or 1.0
    avg_facts = sum(c.facts for c in lengths.values()) / total or 1.0
    idf: dict[Phrase, float] = {}
    for phrase in phrases:
        having = sum(1 for cid in corpus if _occurs(layer, phrase, cid))
        idf[phrase] = max(math.log((total - having + 0.5) / (having + 0.5)), 1e-6)
    scores: dict[int, float] = {}
    for cid in hits:
        length = lengths[cid]
        score = 0.0
        for phrase in phrases:
            counts = layer.count(phrase, cid)
            score += idf[phrase] * (
                title_weight * _saturate(counts.title, length.title, avg_title)
                + _saturate(counts.content, length.content, avg_content)
                + _saturate(counts.facts, length.facts, avg_facts)
            )
        scores[cid] = score
    return scores


def _occurs(layer: Layer, phrase: Phrase, chunk_id: int) -> bool:
    return layer.count(phrase, chunk_id).total > 0


def _saturate(frequency: int, length: int, average: float) -> float:
    if frequency == 0:
        return 0.0
    return frequency * (_K1 + 1) / (frequency + _K1 * (1 - _B + _B * length / average))
