"""The cheaper scans behind reranking's evidence find exactly what the plain ones found.

Each reference below is the straightforward version the fast one replaced: a sort of every
position for the lines units share, a character loop for the end of a word, a generator over
the signs of a lint report, one lower-case copy per scan.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

from hypothesis import example, given
from hypothesis import strategies as st

from domain.search import tuning
from domain.search.entities import count_entities
from domain.search.matching import TermGroups, term_groups
from domain.search.proximity import min_span
from domain.search.query import parse_query
from domain.search.rerank import (
    Boosts,
    Evidence,
    _next_to,
    boosts_for,
    rerank,
    unit_weights,
)
from domain.search.rrf import FusedHit
from domain.search.rule_names import _JSON, _SIGNS, _STYLISH, rule_names
from domain.search.store_query import substring_groups
from domain.search.substring_layer import TITLE_BONUS, substring_rank
from domain.search.unit_places import _ALNUM_RUN, _inside_longer_name, line_masks, only_inside_names
from domain.search.unit_weighing import Weighing, whole_of
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind

_TEXT = st.text(alphabet="ab c-\n_1é", max_size=80)
_QUERY = st.lists(st.sampled_from(["ab", "abc", "b", "ca", "c-a", "a1", "éa", "b c"]), min_size=1)


def _reference_line_masks(content: str, positions: Sequence[Sequence[int]]) -> frozenset[int]:
    events = sorted((pos, unit) for unit, plist in enumerate(positions) for pos in plist)
    masks: dict[int, int] = {}
    line = previous = 0
    for pos, unit in events:
        line += content.count("\n", previous, pos)
        previous = pos
        masks[line] = masks.get(line, 0) | (1 << unit)
    return frozenset(masks.values())


def _groups(words: list[str]) -> TermGroups:
    return term_groups(parse_query(" ".join(f'"{w}"' if " " in w else w for w in words)))


@given(_TEXT, _QUERY)
def test_line_masks_are_those_of_every_position_sorted(text: str, words: list[str]) -> None:
    positions = _groups(words).positions(text)
    assert line_masks(text, positions) == _reference_line_masks(text, positions)


def test_a_run_of_word_characters_without_underscores_is_what_isalnum_accepts() -> None:
    letter = re.compile(_ALNUM_RUN.pattern[:-1])  # one character of the run
    differs = [
        code
        for code in range(sys.maxunicode + 1)
        if bool(letter.fullmatch(chr(code))) != chr(code).isalnum()
    ]
    assert differs == []


def _reference_inside(lowered: str, start: int, named: tuple[str, ...]) -> bool:
    if start and lowered[start - 1].isalnum():
        return False
    end = start
    while end < len(lowered) and lowered[end].isalnum():
        end += 1
    before = start > 1 and lowered[start - 1] == "-" and lowered[start - 2].isalnum()
    after = lowered.startswith("-", end) and lowered[end + 1 : end + 2].isalpha()
    if not (before or after):
        return False
    left, right = start, end
    while left and (lowered[left - 1].isalnum() or lowered[left - 1] == "-"):
        left -= 1
    while right < len(lowered) and (lowered[right].isalnum() or lowered[right] == "-"):
        right += 1
    others = lowered[left:start].split("-") + lowered[end:right].split("-")
    return any(part and part[0].isalpha() and not part.startswith(named) for part in others)


@given(st.text(alphabet="ab-1_ é²٣", max_size=40), st.lists(st.sampled_from(["a", "b"])))
def test_a_word_inside_a_longer_name_is_judged_as_the_character_loop_judged_it(
    text: str, named: list[str]
) -> None:
    for start in range(len(text)):
        assert _inside_longer_name(text, start, tuple(named)) == _reference_inside(
            text, start, tuple(named)
        )


def _hit(title: str, content: str, label: str = "src", facts: str = "") -> FusedHit:
    layer = LayerHit(1, 1, label, SourceKind.DURABLE, title, content, False, 1.0, facts)
    return FusedHit(layer, 1.0, (SearchLayer.WORDS,))


@given(_TEXT, _TEXT, st.sampled_from(["", "ab", "c"]), _QUERY)
def test_evidence_is_what_a_scan_per_field_finds(
    title: str, content: str, facts: str, words: list[str]
) -> None:
    groups = _groups(words)
    seen = Evidence.of(_hit(title, content, facts=facts), groups)
    positions = tuple(tuple(p) for p in groups.positions(content))
    in_title = groups.present(title)
    in_label = groups.present("src")
    in_facts = groups.present(facts) if facts else in_label
    elsewhere = [t or s or f for t, s, f in zip(in_title, in_label, in_facts, strict=True)]
    assert seen.positions == positions
    assert seen.found == tuple(bool(p) or e for p, e in zip(positions, elsewhere, strict=True))
    only = only_inside_names(content, positions, groups)
    assert seen.inside_names == tuple(o and not e for o, e in zip(only, elsewhere, strict=True))
    title_mask = sum(1 << unit for unit, here in enumerate(in_title) if here)
    assert seen.lines == _reference_line_masks(content, positions) | (
        {title_mask} if title_mask else set()
    )
    if len(groups.units) > 1:
        titled = groups.title_positions(title) if title_mask else None
        assert seen.adjacent == tuple(
            (titled is not None and _next_to(titled[a], titled[b], len(groups.units[a])))
            for a, b in groups.pairs
        )


@given(st.lists(st.sets(st.integers(0, 60), max_size=5).map(sorted), max_size=4), _TEXT)
def test_line_masks_of_any_units_found_are_those_of_every_position_sorted(
    positions: list[list[int]], text: str
) -> None:
    text = (text * 2)[:61]  # offsets up to 60 may fall on any character
    assert line_masks(text, positions) == _reference_line_masks(text, positions)


# Upper case, and now and then a letter that is no ASCII (İ lowers to two characters).
_CASED = st.text(alphabet="ab c-\n_1AB", max_size=40) | st.text(
    alphabet="ab c-\n_1éAİ", max_size=40
)
_ENTITIES = st.lists(st.sampled_from(["ab", "c-a", "é", "AB", "a_1", "İa"]), max_size=3).map(
    lambda names: tuple(dict.fromkeys(names))
)


@given(st.text(alphabet="AaB b-_1İ", max_size=12), _CASED, _ENTITIES)
@example("AB", "", ("ab",))  # an entity written in capitals in the title only
@example("", "x AB", ("ab",))  # or in the content only
def test_the_entity_boost_counts_the_entities_of_the_title_and_content(
    title: str, content: str, entities: tuple[str, ...]
) -> None:
    boosts = boosts_for(_hit(title, content), _groups(["ab"]), entities)
    count = count_entities(entities, title + "\n" + content)
    assert boosts.entity == 1.0 + tuning.ENTITY_WEIGHT * min(count, tuning.ENTITY_COUNT_CAP)


def _reference_boosts(
    hit: FusedHit, groups: TermGroups, entities: tuple[str, ...], seen: Evidence, known: Weighing
) -> Boosts:
    """``boosts_for`` as it was written before ``rerank`` took its factors as a tuple."""
    count = len(groups.units)
    unit_weight = known.unit_weight
    all_weight = known.all_weight
    generic = known.generic
    lacking = generic and sum(1 << unit for unit, f in enumerate(seen.found) if not f)
    missing = generic & lacking
    total_weight = (whole_of(unit_weight, all_weight, missing) if missing else all_weight) or 1.0
    covered = sum([w for w, f in zip(unit_weight, seen.found, strict=True) if f])
    share = covered / total_weight
    ranked_share = share
    if count > 1 and tuning.LINE_SHARE_FLOOR < 1.0:
        line_share = known.best_line_share(seen.lines)
        ranked_share = max(line_share, tuning.LINE_SHARE_FLOOR * share)
    if seen.joined_key:
        ranked_share = max(ranked_share, tuning.JOINED_KEY_SHARE)
    coverage = ranked_share**tuning.COVERAGE_EXPONENT
    if seen.adjacent:
        pair_weights = known.pair_weights
        joined = sum(w for w, near in zip(pair_weights, seen.adjacent, strict=True) if near)
        coverage *= 1.0 + tuning.ADJACENCY_WEIGHT * joined / known.pair_total
    title_weight = tuning.TITLE_WEIGHT_CODE if hit.hit.has_code else tuning.TITLE_WEIGHT_PROSE
    title = 1.0 + title_weight * sum(seen.in_title) / count
    proximity = 1.0
    matched = [p for p in seen.positions if p]
    if len(matched) >= 2 and tuning.PROXIMITY_WEIGHT:
        span = min_span(matched)
        if span is not None:
            proximity = 1.0 + tuning.PROXIMITY_WEIGHT / (1.0 + span / tuning.PROXIMITY_SCALE)
    entity = 1.0
    if entities:
        text = hit.hit.title + "\n" + hit.hit.content
        matches = min(count_entities(entities, text), tuning.ENTITY_COUNT_CAP)
        entity = 1.0 + tuning.ENTITY_WEIGHT * matches
    whole = 1.0
    if any(seen.inside_names):
        inside = sum(w for w, only in zip(unit_weight, seen.inside_names, strict=True) if only)
        whole = 1.0 - tuning.INSIDE_NAME_PENALTY * inside / (all_weight or 1.0)
    return Boosts(coverage, title, proximity, entity, share, whole)


@given(
    _CASED,
    _CASED,
    st.booleans(),
    _QUERY,
    _ENTITIES,
    st.lists(st.floats(0.01, 5.0), min_size=8, max_size=8),
    st.integers(0, 7),
)
@example("AB", "", False, ["ab"], ("ab",), [1.0] * 8, 0)
@example("ab c b", "b c ab", True, ["ab", "b", "c"], (), [1.0] * 8, 2)
@example("ab c", "x", False, ["ab", "c"], (), [1.0] * 8, 0)  # every pair adjacent
@example("t", "ab x c", False, ["ab", "c"], (), [1.0] * 8, 0)  # two words apart in the text
def test_a_hits_boosts_are_those_the_plain_formula_gives(
    title: str,
    content: str,
    code: bool,
    words: list[str],
    entities: tuple[str, ...],
    weights: list[float],
    asking: int,
) -> None:
    groups = _groups(words)
    hit = FusedHit(LayerHit(1, 1, "src", SourceKind.DURABLE, title, content, code, 1.0), 1.0, ())
    seen = Evidence.of(hit, groups)
    used = weights[: len(groups.units)]
    known = Weighing(groups, used, asking & ((1 << len(used)) - 1))
    assert boosts_for(hit, groups, entities, seen, used, weighing=known) == _reference_boosts(
        hit, groups, entities, seen, known
    )


def _reference_rerank(
    hits: list[FusedHit], groups: TermGroups, entities: tuple[str, ...]
) -> list[tuple[int, float, float]]:
    """Reranking as it was written before it took the boosts' factors without a ``Boosts``."""
    evidence = [Evidence.of(hit, groups) for hit in hits]
    weights = unit_weights(evidence, len(groups.units))
    words = [h.hit.relevance for h in hits if SearchLayer.WORDS in h.layers]
    best = max(words) if words else 0.0
    weighing = Weighing(groups, weights)
    scored = []
    for index, (hit, seen) in enumerate(zip(hits, evidence, strict=True)):
        boosts = boosts_for(hit, groups, entities, seen, weights, weighing=weighing)
        strength = 1.0
        if tuning.BM25_WEIGHT and best > 0 and SearchLayer.WORDS in hit.layers:
            strength += tuning.BM25_WEIGHT * hit.hit.relevance / best
        scored.append((hit.score * boosts.total * strength, index, hit.hit.chunk_id, boosts.share))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [(chunk_id, score, share) for score, _, chunk_id, share in scored]


@given(st.lists(st.tuples(_CASED, _CASED, st.booleans()), max_size=6), _QUERY, _ENTITIES)
def test_reranked_scores_are_those_of_each_hits_boosts(
    texts: list[tuple[str, str, bool]], words: list[str], entities: tuple[str, ...]
) -> None:
    groups = _groups(words)
    hits = [
        FusedHit(
            LayerHit(at, 1, "src", SourceKind.DURABLE, title, content, code, 1.0 + at % 3),
            1.0 / (at + 1),
            (SearchLayer.WORDS,) if at % 2 else (SearchLayer.SUBSTRINGS,),
        )
        for at, (title, content, code) in enumerate(texts)
    ]
    ranked = rerank(hits, groups, entities).hits
    expected = _reference_rerank(hits, groups, entities)
    assert [(h.hit.chunk_id, h.score, h.coverage) for h in ranked] == expected


def test_a_query_of_no_units_keeps_every_score() -> None:
    hits = [_hit("t", "a b"), _hit("u", "c")]
    ranked = rerank(hits, TermGroups((), ()), ())
    assert [(h.score, h.coverage) for h in ranked.hits] == [(2.5, 1.0), (2.5, 1.0)]


def test_a_hits_lower_case_content_is_made_once_and_is_no_part_of_its_value() -> None:
    hit = _hit("T", "Some CONTENT").hit
    assert hit.lowered == "some content"
    assert hit.lowered is hit.lowered
    assert hit == _hit("T", "Some CONTENT").hit


_LINT = st.lists(
    st.sampled_from(
        [
            "  error  ",
            "  warning  ",
            '"ruleId"',
            '"ruleId": "no-var"',
            "12:3  error  Unexpected var  no-var",
            "1:1  warning  x  prefer-const",
            " error ",
            "text",
            "\n",
        ]
    ),
    max_size=6,
).map("".join)


@given(_LINT)
def test_rule_names_are_read_exactly_when_a_sign_of_a_lint_report_is_there(text: str) -> None:
    expected = ""
    if any(sign in text for sign in _SIGNS):
        expected = " ".join(dict.fromkeys([*_STYLISH.findall(text), *_JSON.findall(text)]))
    assert rule_names(text) == expected


def _reference_substring_rank(hits: list[LayerHit], query: str) -> list[LayerHit]:
    units = [tuple(a.lower() for a in group) for group in substring_groups(parse_query(query))]
    scored = []
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


@given(st.lists(st.tuples(_TEXT, _TEXT), max_size=6), _QUERY)
@example([("", "abc c"), ("abc", "abc"), ("", "abc b")], ["abc"])  # equal scores keep their order
def test_the_substrings_verdict_is_what_a_scan_per_alternative_gives(
    texts: list[tuple[str, str]], words: list[str]
) -> None:
    hits = [_hit(title, content).hit for title, content in texts]
    query = " ".join(words)
    assert substring_rank(hits, parse_query(query)) == _reference_substring_rank(hits, query)


def _per_position_line_masks(content: str, positions: Sequence[Sequence[int]]) -> frozenset[int]:
    """``line_masks`` as it was before two units were taken apart: a mask per line, built
    position by position (the line known by the last newline before it)."""
    masks: dict[int, int] = {}
    for unit, found in enumerate(positions):
        for pos in found:
            line = content.rfind("\n", 0, pos)
            masks[line] = masks.get(line, 0) | 1 << unit
    return frozenset(masks.values())


@given(
    st.lists(st.sets(st.integers(0, 40), max_size=6).map(sorted), min_size=2, max_size=4),
    st.lists(st.integers(0, 40), max_size=12),
)
@example([[0, 5], [5, 9]], [3, 7])  # lines holding the first, both, the second
@example([[0], [5]], [3])  # no line holds both
@example([[5], [0, 5]], [3])  # the first's lines are among the second's
def test_two_or_more_units_share_the_lines_a_mask_per_position_gives(
    positions: list[list[int]], newlines: list[int]
) -> None:
    content = "".join("\n" if at in newlines else "x" for at in range(41))
    assert line_masks(content, positions) == _per_position_line_masks(content, positions)


_SYNONYMS = st.lists(
    st.sampled_from(["error", "panic", "memory", "kubernetes", "formatting", "slow", "db"]),
    min_size=1,
    max_size=3,
)
_PIECES = st.lists(
    st.sampled_from(
        [
            *("err", "error", "Error", "failure", "crash", "k8s", "kube", "ram", "format", "DB"),
            *(" ", "\n", "-", "_", "x", "İ", "Segfault"),
        ]
    ),
    max_size=12,
).map("".join)


@given(_PIECES, _SYNONYMS)
@example("a crash", ["panic"])  # an alternative that is not the first one
@example("xformatx", ["formatting"])  # letters inside a word: the text as written tells
def test_evidence_finds_each_alternative_where_the_units_scan_finds_it(
    content: str, words: list[str]
) -> None:
    groups = _groups(words)
    seen = Evidence.of(_hit("t", content), groups)
    assert seen.positions == tuple(tuple(p) for p in groups.positions(content))
