"""Spreading results over sources so one long document cannot fill every slot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from domain.search import tuning
from domain.search.rrf import FusedHit

H = TypeVar("H", bound=FusedHit)


def diversify(hits: Sequence[H], limit: int, per_source: int | None = None) -> list[H]:
    """Up to ``per_source`` hits per source in score order, then the skipped ones fill the rest."""
    cap = tuning.MAX_PER_SOURCE if per_source is None else per_source
    taken: list[H] = []
    skipped: list[H] = []
    counts: dict[int, int] = {}
    for hit in hits:
        if len(taken) >= limit:
            break
        source = hit.hit.source_id
        if counts.get(source, 0) < cap:
            counts[source] = counts.get(source, 0) + 1
            taken.append(hit)
        else:
            skipped.append(hit)
    for hit in skipped:
        if len(taken) >= limit:
            break
        taken.append(hit)
    return taken
