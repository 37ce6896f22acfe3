"""Ranking metrics over one result list, given per-result relevance flags (best first)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def hit_at(relevant: Sequence[bool], k: int) -> float:
    """1.0 when a relevant result is within the top ``k``, else 0.0."""
    return 1.0 if any(relevant[:k]) else 0.0


def reciprocal_rank(relevant: Sequence[bool]) -> float:
    for index, flag in enumerate(relevant):
        if flag:
            return 1.0 / (index + 1)
    return 0.0


def ndcg_at(relevant: Sequence[bool], k: int = 10) -> float:
    """Binary-relevance NDCG@k; the ideal list puts every relevant result returned first."""
    top = relevant[:k]
    dcg = sum(1.0 / math.log2(i + 2) for i, flag in enumerate(top) if flag)
    ideal_hits = min(sum(1 for flag in relevant if flag), k)
    idcg = sum(1.0 / math.log2(i + 2) for i in range(ideal_hits))
    return dcg / idcg if idcg else 0.0
