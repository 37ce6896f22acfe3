"""The substrings layer's verdict on chunks already in hand, computed without a second query.

A substrings layer answers "which chunks contain these substrings". When the words layer has
already produced enough candidates, asking the store to rank substrings over them costs a
full scan of its substring index (a filter by chunk applies after the match); checking the
same substrings in the candidates' text here gives the same evidence in microseconds (ADR 0004).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter

from domain.search.negated_words import held_unnegated
from domain.search.query import ParsedQuery
from domain.search.store_query import substring_groups
from domain.search_hit import LayerHit

TITLE_BONUS = 1.0  # a unit in the title counts twice, as bm25's title weight would have it


def substring_rank(hits: Sequence[LayerHit], query: ParsedQuery) -> list[LayerHit]:
    """``hits`` containing at least one substrings unit (case-insensitive substring), ranked by how
    many units they contain (title matches count extra); ties keep the given order. A unit found
    only inside its negation (``used`` in "unused") is not contained (ADR 0341)."""
    units = [tuple(a.lower() for a in alternatives) for alternatives in substring_groups(query)]
    if not units:
        return []
    scored: list[tuple[float, int, LayerHit]] = []
    for index, hit in enumerate(hits):
        title, content = hit.title.lower(), hit.lowered
        score = 0.0
        for alternatives in units:
            for alternative in alternatives:  # a loop, not a generator: it runs for every unit
                if held_unnegated(alternative, content) or held_unnegated(alternative, title):
                    score += 1.0
                    for held in alternatives:  # a loop, as above
                        if held in title:
                            score += TITLE_BONUS
                            break
                    break
        if score:
            scored.append((score, index, hit))
    # Best first; a stable sort keeps equal scores in the order given (their indexes ascend).
    scored.sort(key=itemgetter(0), reverse=True)
    return [hit for _, _, hit in scored]


def unnegated(
    hits: Sequence[LayerHit], query: ParsedQuery, parts: Mapping[str, str] | None = None
) -> list[LayerHit]:
    """``hits`` the store's substrings layer found (with the terms' ``parts``), less those that
    hold the query's units only inside their negations (``used`` in "unused"; ADR 0341); the
    store's order kept."""
    groups = substring_groups(query, parts=parts or {})
    units = [tuple(a.lower() for a in alternatives) for alternatives in groups]
    return [
        hit
        for hit in hits
        if any(
            held_unnegated(alternative, hit.lowered)
            or held_unnegated(alternative, hit.title.lower())
            for alternatives in units
            for alternative in alternatives
        )
    ]
