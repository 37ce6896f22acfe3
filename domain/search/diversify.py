"""Spreading results over sources so one long document cannot fill every slot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from domain.search import tuning
from domain.search.rrf import FusedHit

H = TypeVar("H", bound=FusedHit)


def diversify(
    hits: Sequence[H], limit: int, per_source: int | None = None, penalty: float | None = None
) -> list[H]:
    """The best ``limit`` hits after every hit beyond ``per_source`` of its source has its score
    multiplied by ``penalty``.

    With penalty 0 this is "cap per source, then fill"; with a penalty between 0 and 1 another
    source's hit overtakes only when it is nearly as good, so diversity never costs a clearly
    better answer (on the benchmark a hard cap pushed right answers out of the top five).
    ``hits`` must be best first; ties keep their order.
    """
    cap = tuning.MAX_PER_SOURCE if per_source is None else per_source
    factor = tuning.DIVERSITY_PENALTY if penalty is None else penalty
    counts: dict[int, int] = {}
    adjusted: list[tuple[float, int, H]] = []
    for index, hit in enumerate(hits):
        source = hit.hit.source_id
        counts[source] = counts.get(source, 0) + 1
        score = hit.score if counts[source] <= cap else hit.score * factor
        adjusted.append((score, index, hit))
    adjusted.sort(key=lambda item: (-item[0], item[1]))
    return [hit for _, _, hit in adjusted[:limit]]
