"""Reranking fused hits with evidence bm25 cannot see: coverage, titles, proximity, entities."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import compress
from operator import itemgetter

import attrs

from domain.search import tuning
from domain.search.answer_kinds import AnswerKind, holds_answer, is_cue
from domain.search.entities import count_entities
from domain.search.joined_keys import holds_joined_key
from domain.search.matching import MAX_POSITIONS as _LIMIT
from domain.search.matching import TermGroups, _occurrences
from domain.search.proximity import closest_pair, min_span
from domain.search.rrf import FusedHit
from domain.search.rule_names import rule_words
from domain.search.said_phrases import SaidPhrases
from domain.search.stock_phrases import (
    holds_stock_phrase,
    may_start_inside,
    outside_stock_phrases,
    without_stock_phrases,
)
from domain.search.unit_places import line_masks, named_alternatives, only_inside
from domain.search.unit_weighing import Weighing, whole_of
from domain.search.word_stems import stem_prefix
from domain.search_hit import SearchLayer


@attrs.frozen
class Boosts:
    """The multipliers applied to one hit (all ≥ 0; 1 means no effect)."""

    coverage: float = 1.0
    title: float = 1.0
    proximity: float = 1.0
    entity: float = 1.0
    share: float = 1.0  # the weighted share of units found (before the exponent)
    whole: float = 1.0  # less when a unit occurs only inside longer names

    @property
    def total(self) -> float:
        return self.coverage * self.title * self.proximity * self.entity * self.whole


@attrs.frozen
class Evidence:
    """Where each query unit occurs in one hit: content positions, title, source label, the
    words its codes stand for (``facts``), and which units share a line (the title counts as a
    line)."""

    positions: tuple[tuple[int, ...], ...]
    in_title: tuple[bool, ...]
    found: tuple[bool, ...]
    lines: frozenset[int] = frozenset()
    # For each pair of consecutive query terms: whether they stand next to each other, in
    # order, in the title (``500 server error``).
    adjacent: tuple[bool, ...] = ()
    # For each unit: found in the content only as part of longer names, nowhere on its own.
    inside_names: tuple[bool, ...] = ()
    # A line whose key joins two adjacent query words (``joined_keys``: ``terraform_version``).
    joined_key: bool = False
    # The share of the question's words that a line says in its order, small words included
    # (``said_phrases``; 0: none, or no run of a telling small word and another word).
    said: float = 0.0

    @classmethod
    def of(cls, hit: FusedHit, groups: TermGroups, phrases: SaidPhrases | None = None) -> Evidence:
        chunk = hit.hit
        matchers = groups.matchers
        content = chunk.content
        lowered = chunk.lowered
        cased = content if len(content) == len(lowered) else None  # ``matching._cased``
        # A unit of one needle is scanned at once (``Unit.positions``' own first case, without
        # its call); a loop, not a generator: this runs for every candidate of a search.
        positions_of = []
        for unit in matchers:
            needle = unit.needle
            positions_of.append(
                tuple(_occurrences(lowered, needle, _LIMIT, cased))
                if needle
                else tuple(unit.positions(lowered, _LIMIT, content))
            )
        positions = tuple(positions_of)
        title = chunk.title
        if tuning.STOCK_PHRASES_UNSAID:
            # ``Traceback (most recent call last):`` says no "last" (``stock_phrases``); the
            # tools print the phrase in lower case, so the title is looked at as it is. A
            # question none of whose needles could start inside a phrase loses no position
            # to one: its candidates' texts are not scanned for it.
            if _may_lose_to_stock_phrases(groups) and holds_stock_phrase(lowered):
                positions = outside_stock_phrases(lowered, positions)
            if holds_stock_phrase(title):
                title = without_stock_phrases(title)
        in_title = groups.presence(title)
        if tuning.RULE_NAMES_TITLE and (rules := rule_words(content)):
            # A lint rule named for a unit as typed (``no-var``) says what its line is about.
            in_title = tuple(
                t or (" " not in unit and stem_prefix(unit) in rules)
                for t, unit in zip(in_title, groups.units, strict=True)
            )
        in_label = groups.presence(chunk.label)
        in_facts = groups.presence(chunk.facts) if chunk.facts else in_label
        # Found outside the content: in the title, the source's label or the chunk's facts.
        if in_label == in_facts and (not any(in_label) or in_label == in_title):
            elsewhere: Sequence[bool] = in_title  # the common case: nothing the title lacks
        else:
            elsewhere = [t or s or f for t, s, f in zip(in_title, in_label, in_facts, strict=True)]
        found = tuple([bool(p) or e for p, e in zip(positions, elsewhere, strict=True)])
        title_mask = 0
        if True in in_title:  # most titles hold no unit
            title_mask = sum([1 << unit for unit, here in enumerate(in_title) if here])
        lines = line_masks(content, positions)
        if title_mask:
            lines |= {title_mask}
        adjacent: tuple[bool, ...] = ()
        if tuning.ADJACENCY_WEIGHT and len(groups.units) > 1:
            if title_mask:
                titled = groups.title_positions(title)
                adjacent = tuple(
                    [_next_to(titled[a], titled[b], len(groups.units[a])) for a, b in groups.pairs]
                )
            else:  # the common case: no unit in the title, so no pair stands next to another
                adjacent = (False,) * len(groups.pairs)
        inside: tuple[bool, ...] = ()
        if tuning.INSIDE_NAME_PENALTY and "-" not in lowered:
            # No hyphen, no word joined to others by one: no unit is only inside names.
            inside = (False,) * len(positions)
        elif tuning.INSIDE_NAME_PENALTY:
            named = named_alternatives(groups)
            inside = tuple(
                [
                    not e and only_inside(lowered, p, unit, named)
                    for p, unit, e in zip(positions, groups.units, elsewhere, strict=True)
                ]
            )
        joined_key = bool(tuning.JOINED_KEY_SHARE) and holds_joined_key(
            content, lowered, groups, positions
        )
        said = 0.0
        if phrases is not None and tuning.SAID_PHRASE_WEIGHT and True in found:
            said = max(phrases.said_share(lowered), phrases.said_share(chunk.title.lower()))
        return cls(positions, in_title, found, lines, adjacent, inside, joined_key, said)


@lru_cache(maxsize=256)
def _may_lose_to_stock_phrases(groups: TermGroups) -> bool:
    """Whether one of the positions ``Evidence.of`` finds could start inside a stock phrase:
    each unit's positions are occurrences of one of its needles (a phrase's: of its first
    word)."""
    return may_start_inside(groups.needles)


def _next_to(first: Sequence[int], second: Sequence[int], length: int) -> bool:
    """Whether an occurrence of ``second`` starts just after one of ``first`` (a unit ``length``
    characters long, give or take a suffix and a separator)."""
    if not first or not second:
        return False
    reach = length + tuning.ADJACENCY_SLACK
    later = set(second)
    return any(start + gap in later for start in first for gap in range(1, reach + 1))


def unit_weights(evidence: Sequence[Evidence], count: int) -> list[float]:
    """Rarer units weigh more: ``ln(1 + n / (1 + df))`` over the candidates (an IDF estimate
    that needs no corpus statistics); a unit no candidate contains still counts fully."""
    total = len(evidence)
    weights = []
    for unit in range(count):
        df = sum(1 for e in evidence if e.found[unit])
        weights.append(math.log(1.0 + total / (1.0 + df)) ** tuning.IDF_POWER)
    return weights


def boosts_for(
    hit: FusedHit,
    groups: TermGroups,
    entities: tuple[str, ...],
    evidence: Evidence | None = None,
    weights: Sequence[float] | None = None,
    *,
    weighing: Weighing | None = None,
) -> Boosts:
    """Evidence from the chunk itself; a query of one unit gets no coverage or proximity boost
    (``weighing``: what ``weights`` give every candidate, when ``rerank`` worked it out)."""
    if not groups.units:
        return Boosts()
    seen = evidence or Evidence.of(hit, groups)
    known = weighing or Weighing(groups, weights)
    return Boosts(*_factors(hit, len(groups.units), entities, seen, known))


def _factors(
    hit: FusedHit, count: int, entities: tuple[str, ...], seen: Evidence, known: Weighing
) -> tuple[float, float, float, float, float, float]:
    """``Boosts``' fields in order (coverage, title, proximity, entity, share, whole): ``rerank``
    takes them as they are, with no object per candidate."""
    unit_weight = known.unit_weight
    all_weight = known.all_weight
    generic = known.generic
    lacking = generic and sum(1 << unit for unit, f in enumerate(seen.found) if not f)
    missing = generic & lacking
    total_weight = (whole_of(unit_weight, all_weight, missing) if missing else all_weight) or 1.0
    covered = sum(compress(unit_weight, seen.found))  # the weights of the units found, in order
    share = covered / total_weight
    ranked_share = share
    if count > 1 and tuning.LINE_SHARE_FLOOR < 1.0:
        line_share = known.best_line_share(seen.lines)
        ranked_share = max(line_share, tuning.LINE_SHARE_FLOOR * share)
    if seen.joined_key:
        ranked_share = max(ranked_share, tuning.JOINED_KEY_SHARE)
    coverage = ranked_share**tuning.COVERAGE_EXPONENT
    if True in seen.adjacent:  # none adjacent multiplies by exactly 1.0: skipped
        pair_weights = known.pair_weights
        joined = sum(w for w, near in zip(pair_weights, seen.adjacent, strict=True) if near)
        coverage *= 1.0 + tuning.ADJACENCY_WEIGHT * joined / known.pair_total
    if seen.said:
        coverage *= 1.0 + tuning.SAID_PHRASE_WEIGHT * seen.said
    chunk = hit.hit
    title_weight = tuning.TITLE_WEIGHT_CODE if chunk.has_code else tuning.TITLE_WEIGHT_PROSE
    title = 1.0 + title_weight * sum(seen.in_title) / count
    proximity = 1.0
    matched = [p for p in seen.positions if p]
    if len(matched) >= 2 and tuning.PROXIMITY_WEIGHT:
        # Two lists, none empty (the common two-word query): ``min_span`` is their closest pair.
        span = closest_pair(*matched) if len(matched) == 2 else min_span(matched)
        if span is not None:
            proximity = 1.0 + tuning.PROXIMITY_WEIGHT / (1.0 + span / tuning.PROXIMITY_SCALE)
    entity = 1.0
    if entities:
        text = chunk.title + "\n" + chunk.content
        # The content's lower case is made already: only the title's is new.
        lowered = chunk.title.lower() + "\n" + chunk.lowered if text.isascii() else None
        matches = min(count_entities(entities, text, lowered), tuning.ENTITY_COUNT_CAP)
        entity = 1.0 + tuning.ENTITY_WEIGHT * matches
    whole = 1.0
    if any(seen.inside_names):
        inside = sum(w for w, only in zip(unit_weight, seen.inside_names, strict=True) if only)
        whole = 1.0 - tuning.INSIDE_NAME_PENALTY * inside / (all_weight or 1.0)
    return coverage, title, proximity, entity, share, whole


@attrs.frozen
class Ranking:
    """Reranked hits, best first, with what the candidates said about each query unit: its
    weight (rarer among them weighs more) and whether any of them holds it."""

    hits: list[FusedHit]
    weights: tuple[float, ...] = ()
    found: tuple[bool, ...] = ()


def rerank(
    hits: Sequence[FusedHit],
    groups: TermGroups,
    entities: tuple[str, ...],
    kinds: frozenset[AnswerKind] = frozenset(),
    asking: int = 0,
    *,
    phrases: SaidPhrases | None = None,
    padding: int = 0,
) -> Ranking:
    """Scores multiplied by each hit's boosts, best first (ties: the fused order); a hit holding
    a line of the kind the question asks for (``answer_kinds``) counts ANSWER_KIND_WEIGHT more,
    and the query's cue words (``counts``, ``overall``, the ``long`` of "how long") count as
    found in it: that line is what they ask for. The units of ``asking`` (bits) only ask (a
    saying verb ending a do-question): like a generic word, a hit lacking one loses little
    for it. A line saying the question's words around one of its telling small words, in its
    order (``phrases``: ``said_phrases``), raises its hit's coverage. The units of ``padding``
    (bits: ``padding_words``) weigh nothing: the question named its subject without them."""
    evidence = [Evidence.of(hit, groups, phrases) for hit in hits]
    holds = (
        [holds_answer(kinds, hit.hit.content, groups) for hit in hits]
        if kinds
        else [False] * len(hits)
    )
    cues = [is_cue(unit, kinds) for unit in groups.units] if kinds else []
    if any(cues):
        evidence = [
            attrs.evolve(seen, found=tuple(f or c for f, c in zip(seen.found, cues, strict=True)))
            if held
            else seen
            for seen, held in zip(evidence, holds, strict=True)
        ]
    weights = unit_weights(evidence, len(groups.units))
    if padding:
        weights = [0.0 if padding >> unit & 1 else w for unit, w in enumerate(weights)]
    found = tuple(any(e.found[unit] for e in evidence) for unit in range(len(groups.units)))
    words = [h.hit.relevance for h in hits if SearchLayer.WORDS in h.layers]
    best = max(words) if words else 0.0
    scored: list[tuple[float, int, FusedHit, float]] = []
    weighing = Weighing(groups, weights, asking)
    count = len(groups.units)
    for index, (hit, seen, held) in enumerate(zip(hits, evidence, holds, strict=True)):
        if count:
            coverage, title, proximity, entity, share, whole = _factors(
                hit, count, entities, seen, weighing
            )
            total = coverage * title * proximity * entity * whole  # ``Boosts.total``
        else:
            total = share = 1.0
        strength = 1.0
        if tuning.BM25_WEIGHT and best > 0 and SearchLayer.WORDS in hit.layers:
            strength += tuning.BM25_WEIGHT * hit.hit.relevance / best
        if held:
            strength *= 1.0 + tuning.ANSWER_KIND_WEIGHT
        scored.append((hit.score * total * strength, index, hit, share))
    # Best first; a stable sort keeps equal scores in the fused order (their indexes ascend).
    scored.sort(key=itemgetter(0), reverse=True)
    # One constructor call per hit, not two ``attrs.evolve`` (a sixth of rerank's time).
    ranked = [
        FusedHit(hit.hit, score, hit.layers, hit.fuzzy, share) for score, _, hit, share in scored
    ]
    return Ranking(ranked, tuple(weights), found)
