"""Reranking fused hits with evidence bm25 cannot see: coverage, titles, proximity, entities."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from domain.search import tuning
from domain.search.entities import count_entities
from domain.search.matching import TermGroups
from domain.search.rrf import FusedHit


@attrs.frozen
class Boosts:
    """The multipliers applied to one hit (all ≥ 0; 1 means no effect)."""

    coverage: float = 1.0
    title: float = 1.0
    proximity: float = 1.0
    entity: float = 1.0

    @property
    def total(self) -> float:
        return self.coverage * self.title * self.proximity * self.entity


def min_span(positions: Sequence[Sequence[int]]) -> int | None:
    """The smallest window holding one position of every list (None if any list is empty)."""
    if not positions or any(not p for p in positions):
        return None
    events = sorted((pos, group) for group, plist in enumerate(positions) for pos in plist)
    counts = [0] * len(positions)
    covered = 0
    best: int | None = None
    left = 0
    for pos, group in events:
        if counts[group] == 0:
            covered += 1
        counts[group] += 1
        while covered == len(positions):
            start, start_group = events[left]
            span = pos - start
            best = span if best is None or span < best else best
            counts[start_group] -= 1
            if counts[start_group] == 0:
                covered -= 1
            left += 1
    return best


def boosts_for(hit: FusedHit, groups: TermGroups, entities: tuple[str, ...]) -> Boosts:
    """Evidence from the chunk itself; a query of one unit gets no coverage or proximity boost."""
    count = len(groups.units)
    if count == 0:
        return Boosts()
    heading, content, has_code = hit.hit.title, hit.hit.content, hit.hit.has_code
    positions = groups.positions(content)
    in_title = groups.present(heading)
    in_label = groups.present(hit.hit.label)
    found = [bool(p) or t or s for p, t, s in zip(positions, in_title, in_label, strict=True)]
    coverage = (sum(found) / count) ** tuning.COVERAGE_EXPONENT
    title_weight = tuning.TITLE_WEIGHT_CODE if has_code else tuning.TITLE_WEIGHT_PROSE
    title = 1.0 + title_weight * sum(in_title) / count
    proximity = 1.0
    matched = [p for p in positions if p]
    if len(matched) >= 2:
        span = min_span(matched)
        if span is not None:
            proximity = 1.0 + tuning.PROXIMITY_WEIGHT / (1.0 + span / tuning.PROXIMITY_SCALE)
    entity = 1.0
    if entities:
        matches = min(count_entities(entities, heading + "\n" + content), tuning.ENTITY_MAX_MATCHES)
        entity = 1.0 + tuning.ENTITY_WEIGHT * matches
    return Boosts(coverage=coverage, title=title, proximity=proximity, entity=entity)


def rerank(
    hits: Sequence[FusedHit], groups: TermGroups, entities: tuple[str, ...]
) -> list[FusedHit]:
    """Scores multiplied by each hit's boosts, best first (ties: the fused order)."""
    scored = [
        (hit.score * boosts_for(hit, groups, entities).total, index, hit)
        for index, hit in enumerate(hits)
    ]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [hit.with_score(score) for score, _, hit in scored]
