"""The cheaper scans behind reranking's evidence find exactly what the plain ones found.

Each reference below is the straightforward version the fast one replaced: a sort of every
position for the lines units share, a character loop for the end of a word, a generator over
the signs of a lint report, one lower-case copy per scan.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from domain.search.matching import TermGroups, term_groups
from domain.search.query import parse_query
from domain.search.rerank import (
    _ALNUM_RUN,
    Evidence,
    _inside_longer_name,
    line_masks,
    only_inside_names,
)
from domain.search.rrf import FusedHit
from domain.search.rule_names import _JSON, _SIGNS, _STYLISH, rule_names
from domain.search.store_query import substring_groups
from domain.search.substring_layer import TITLE_BONUS, substring_rank
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
def test_the_substrings_verdict_is_what_a_scan_per_alternative_gives(
    texts: list[tuple[str, str]], words: list[str]
) -> None:
    hits = [_hit(title, content).hit for title, content in texts]
    query = " ".join(words)
    assert substring_rank(hits, parse_query(query)) == _reference_substring_rank(hits, query)
