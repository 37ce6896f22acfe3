"""A key that joins the question's adjacent words names what the question asks about."""

from __future__ import annotations

from domain.search.joined_keys import holds_joined_key
from domain.search.matching import MAX_POSITIONS, term_groups
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
