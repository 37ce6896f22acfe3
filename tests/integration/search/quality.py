"""Ranking metrics as the benchmark defines them (relevant = content contains any needle)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import attrs

from tests.integration.search.corpus import Case


@attrs.frozen
class Quality:
    r1: float
    r5: float
    mrr: float
    ndcg10: float
    misses: tuple[tuple[str, int | None], ...]


def evaluate(search: Callable[[str], Sequence[str]], cases: Sequence[Case]) -> Quality:
    r1 = r5 = mrr = ndcg = 0.0
    misses: list[tuple[str, int | None]] = []
    for case in cases:
        contents = search(case.query)
        relevant = [any(n in c for n in case.needles) for c in contents]
        first = next((i for i, rel in enumerate(relevant) if rel), None)
        if first is not None:
            r1 += first == 0
            r5 += first < 5
            mrr += 1 / (first + 1)
        if first != 0:
            misses.append((case.query, None if first is None else first + 1))
        dcg = sum(1 / math.log2(i + 2) for i, rel in enumerate(relevant[:10]) if rel)
        ideal = sum(1 / math.log2(i + 2) for i in range(min(sum(relevant), 10)))
        ndcg += dcg / ideal if ideal else 0.0
    n = len(cases)
    return Quality(r1 / n, r5 / n, mrr / n, ndcg / n, tuple(misses))
