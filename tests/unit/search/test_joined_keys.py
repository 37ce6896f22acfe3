"""A key that joins the question's adjacent words names what the question asks about."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.search.joined_keys import _general, holds_joined_key
from domain.search.matching import MAX_POSITIONS, TermGroups, Unit, term_groups
from domain.search.query import parse_query
from domain.search.rerank import rerank
from domain.search.rrf import FusedHit
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind

QUERY = "terraform version that made the plan"


def keyed(content: str, query: str = QUERY) -> bool:
    groups = term_groups(parse_query(query))
    lowered = content.lower()
    positions = tuple(
        tuple(unit.positions(lowered, MAX_POSITIONS, content)) for unit in groups.matchers
    )
    return holds_joined_key(content, lowered, groups, positions)


def fused(chunk_id: int, content: str) -> FusedHit:
    hit = LayerHit(
        chunk_id=chunk_id,
        source_id=1,
        label="s",
        kind=SourceKind.DURABLE,
        title="t",
        content=content,
        has_code=False,
        relevance=1.0,
    )
    return FusedHit(hit, 1.0, (SearchLayer.WORDS,))


def test_a_key_joining_adjacent_query_words_is_found_in_every_spelling() -> None:
    assert keyed('{\n  "format_version": "1.0",\n  "terraform_version": "1.11.4"\n}')
    assert keyed("terraformVersion = 1.11.4")
    assert keyed("  - terraform-version: 1.11.4")


def test_the_words_apart_or_joined_elsewhere_than_a_key_are_no_such_key() -> None:
    assert not keyed('"type": "terraform_data",\n"schema_version": 0')
    # Joined to a third word, or in the wrong order: another name.
    assert not keyed('"terraform_version_constraint": ">= 1.5"')
    assert not keyed('"version_terraform": "1"')
    # Not the key of its line: a value, an import, prose.
    assert not keyed('"required": "terraform_version"')
    assert not keyed("from tf import TerraformVersion, plan")
    assert not keyed("a brute-force terraform-version check")
    # Joined without a capital, the words are one plain word.
    assert not keyed("terraformversion: 1")


def test_words_never_adjacent_in_the_question_are_not_joined() -> None:
    assert not keyed('"made_plan": true', "plan that was made")
    assert not keyed('"terraform_version": "1"', "terraform")


def test_the_joined_key_outranks_the_words_scattered_over_a_long_section() -> None:
    groups = term_groups(parse_query(QUERY))
    scattered = fused(
        1,
        '"planned_values": {\n  "type": "terraform_data",\n  "schema_version": 0\n}\n' * 20,
    )
    joined = fused(2, '{\n  "format_version": "1.0",\n  "terraform_version": "1.11.4"\n}')
    ranked = rerank([scattered, joined], groups, ())
    assert [hit.hit.chunk_id for hit in ranked.hits] == [2, 1]


# Words whose units scan a stem (``vers``, ``fail``), a synonym (``built``) or themselves; lines
# made of a lead, a key of one or two of them joined in any spelling, and what follows; many
# occurrences of a word (past ``MAX_POSITIONS``) before them. ``İ`` lowers to two characters.
_WORDS = ("version", "fail", "failing", "build", "form", "forms", "ab", "ba", "terraform")
_LEAD = st.sampled_from(("", "  ", "\t", '"', "- ", "x ", "İ", "a."))
_JOINT = st.sampled_from(("_", "-", "", " ", "x"))
_AFTER = st.sampled_from(('": 1', " = 2", ":", " x", "_x: 1", "İ:"))


def _lines(words: list[str]) -> st.SearchStrategy[str]:
    """A text's lines, their keys mostly of the question's words."""
    word = st.sampled_from([*words, *words, *_WORDS]).flatmap(
        lambda w: st.sampled_from((w, w.capitalize(), w.upper()))
    )
    line = st.tuples(_LEAD, word, _JOINT, word, _AFTER).map("".join)
    filler = st.tuples(st.sampled_from(words), st.integers(0, 80), _JOINT).map(
        lambda f: (f[0] + f[2]) * f[1]
    )
    return st.tuples(filler, st.lists(line, max_size=6)).map(lambda t: "\n".join([t[0], *t[1]]))


@settings(max_examples=500)
@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=3), st.booleans(), st.data())
def test_names_looked_for_at_the_units_positions_are_the_general_rule(
    words: list[str], phrase: bool, data: st.DataObject
) -> None:
    query = " ".join(words) + (' "fail test"' if phrase else "")
    groups = term_groups(parse_query(query))
    content = data.draw(_lines(words))
    lowered = content.lower()
    positions = tuple(
        tuple(unit.positions(lowered, MAX_POSITIONS, content)) for unit in groups.matchers
    )
    try:  # ``_general``: the rule as first written, every name looked for in the whole text
        expected = _general(content, lowered, groups, positions)
    except IndexError:  # a capital looked for past the text's end (``İ``): no reply to keep
        assume(False)
    assert holds_joined_key(content, lowered, groups, positions) == expected


def test_a_unit_found_by_other_alternatives_than_its_word_is_looked_for_everywhere() -> None:
    """Positions of alternatives none of which begins the unit's word say nothing of where a
    key naming it starts: the whole text is scanned for the name."""
    groups = TermGroups(("ab", "cd"), (Unit(("x",)), Unit(("cd",))), ((0, 1),))
    content = "x\nab_cd: 1"
    positions = tuple(tuple(unit.positions(content, MAX_POSITIONS)) for unit in groups.matchers)
    assert positions == ((0,), (5,))
    assert holds_joined_key(content, content, groups, positions)
