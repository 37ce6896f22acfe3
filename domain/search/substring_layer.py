"""The trigram layer's verdict on chunks already in hand, computed without a second query.

A trigram index answers "which chunks contain these substrings". When the porter layer has
already produced enough candidates, asking SQLite to rank the trigram index over them costs a
full trigram scan (the rowid filter applies after the MATCH); checking the same substrings in
the candidates' text here gives the same evidence in microseconds (ADR 0004).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.search.fts_expression import trigram_groups
from domain.search.query import ParsedQuery
from domain.search_hit import LayerHit

TITLE_BONUS = 1.0  # a unit in the title counts twice, as bm25's title weight would have it


def substring_rank(hits: Sequence[LayerHit], query: ParsedQuery) -> list[LayerHit]:
    """``hits`` containing at least one trigram unit (case-insensitive substring), ranked by how
    many units they contain (title matches count extra); ties keep the given order."""
    units = [tuple(a.lower() for a in alternatives) for alternatives in trigram_groups(query)]
    if not units:
        return []
    scored: list[tuple[float, int, LayerHit]] = []
    for index, hit in enumerate(hits):
        title, content = hit.title.lower(), hit.content.lower()
        score = 0.0
        for alternatives in units:
            if any(a in content or a in title for a in alternatives):
                score += 1.0
                if any(a in title for a in alternatives):
                    score += TITLE_BONUS
        if score:
            scored.append((score, index, hit))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [hit for _, _, hit in scored]
