"""Reranking boosts, entity extraction and per-source diversification."""

from __future__ import annotations

from domain.search.diversify import diversify
from domain.search.entities import count_entities, extract_entities
from domain.search.matching import term_groups
from domain.search.proximity import min_span
from domain.search.query import parse_query
from domain.search.rerank import boosts_for, rerank
from domain.search.rrf import FusedHit
from domain.search.word_stems import stem_prefix
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind


def fused(
    chunk_id: int,
    content: str,
    title: str = "t",
    source_id: int = 1,
    score: float = 1.0,
    has_code: bool = False,
    label: str = "s",
) -> FusedHit:
    hit = LayerHit(
        chunk_id=chunk_id,
        source_id=source_id,
        label=label,
        kind=SourceKind.DURABLE,
        title=title,
        content=content,
        has_code=has_code,
        relevance=1.0,
    )
    return FusedHit(hit, score, (SearchLayer.WORDS,))


def test_min_span_finds_the_smallest_window_holding_every_group() -> None:
    assert min_span([[0, 50], [60], [10, 70]]) == 20
    assert min_span([[5], []]) is None


def test_stem_prefix_lets_inflections_meet() -> None:
    assert stem_prefix("failing") == "fail"
    assert stem_prefix("connections") == "connect"
    assert stem_prefix("go") == "go"


def test_full_coverage_beats_partial_coverage() -> None:
    groups = term_groups(parse_query("redis timeout"))
    both = boosts_for(fused(1, "redis timeout after 300 s"), groups, ())
    one = boosts_for(fused(2, "redis is fine"), groups, ())
    assert both.coverage == 1.0
    assert one.coverage < both.coverage


def test_a_word_standing_alone_outranks_it_inside_longer_hyphenated_names() -> None:
    groups = term_groups(parse_query("which typescript tarball"))
    scoped = fused(1, "cache @typescript-eslint/parser@7.18.0.tgz\nplugin-syntax-typescript.tgz")
    own = fused(2, "cache typescript@https://registry.npmjs.org/typescript/-/typescript-5.9.3.tgz")
    ranked = rerank([scoped, own], groups, ())
    assert [hit.chunk_id for hit in ranked.hits] == [2, 1]
    assert boosts_for(own, groups, ()).whole == 1.0
    assert boosts_for(scoped, groups, ()).whole < 1.0


def test_a_hyphenated_name_asked_for_is_whole_where_it_stands() -> None:
    groups = term_groups(parse_query("typescript-eslint parser"))
    scoped = fused(1, "cache @typescript-eslint/parser@7.18.0.tgz")
    assert boosts_for(scoped, groups, ()).whole == 1.0


def test_a_hyphenated_name_whose_other_words_the_query_names_is_whole() -> None:
    groups = term_groups(parse_query("why do the jest test files fail"))
    suite = fused(1, "FAIL jest-tests/customer.test.ts\nReferenceError: describe is not defined")
    assert boosts_for(suite, groups, ()).whole == 1.0
    other = fused(2, "FAIL jest-environment-node/customer.test.ts")
    assert boosts_for(other, groups, ()).whole < 1.0


def test_a_match_within_a_word_is_no_longer_name() -> None:
    groups = term_groups(parse_query("http tokens"))
    assert boosts_for(fused(1, '"HttpTokens": "optional"'), groups, ()).whole == 1.0


def test_synonyms_and_inflections_count_as_coverage() -> None:
    groups = term_groups(parse_query("database failing"))
    assert boosts_for(fused(1, "the db failed twice"), groups, ()).coverage == 1.0


def test_title_match_boosts_more_for_code_chunks() -> None:
    groups = term_groups(parse_query("pool"))
    prose = boosts_for(fused(1, "x", title="Pool"), groups, ())
    code = boosts_for(fused(2, "x", title="Pool", has_code=True), groups, ())
    assert 1.0 < prose.title < code.title


def test_close_terms_get_a_bigger_proximity_boost() -> None:
    groups = term_groups(parse_query("alpha omega"))
    near = boosts_for(fused(1, "alpha omega" + " filler" * 200), groups, ())
    far = boosts_for(fused(2, "alpha" + " filler" * 200 + " omega"), groups, ())
    assert near.proximity > far.proximity > 1.0


def test_entities_cover_identifiers_paths_versions_and_quotes() -> None:
    entities = extract_entities(
        'Why does ERR_CONNECTION_REFUSED in src/app.py on v2.3.1 "pool size" C++ Redis'
    )
    assert entities == (
        "pool size",
        "ERR_CONNECTION_REFUSED",
        "src/app.py",
        "v2.3.1",
        "C++",
        "Redis",
    )


def test_a_capitalised_first_word_is_not_an_entity_without_an_identifier_signal() -> None:
    assert extract_entities("Deploy the thing") == ()
    assert extract_entities("UserService.getById") == ("UserService.getById",)


def test_entities_with_punctuation_edges_match_on_their_own_boundaries() -> None:
    assert count_entities(("C++",), "written in C++ mostly") == 1
    assert count_entities(("C++",), "written in C++17") == 1
    assert count_entities(("go",), "golang") == 0


def test_rerank_promotes_the_chunk_with_the_entity() -> None:
    parsed = parse_query("ERR_POOL_EXHAUSTED")
    hits = [fused(1, "pool warnings", score=1.0), fused(2, "ERR_POOL_EXHAUSTED raised", score=0.9)]
    ranked = rerank(hits, term_groups(parsed), extract_entities(parsed.raw)).hits
    assert [h.chunk_id for h in ranked] == [2, 1]


def test_diversify_caps_each_source_then_fills() -> None:
    hits = [fused(i, "x", source_id=1 if i < 4 else 2) for i in range(1, 6)]
    assert [h.chunk_id for h in diversify(hits, limit=4, per_source=2)] == [1, 2, 4, 5]
    assert [h.chunk_id for h in diversify(hits, limit=5, per_source=2)] == [1, 2, 4, 5, 3]


def test_a_generic_word_the_section_does_not_hold_costs_it_no_coverage() -> None:
    # "fatal disk error" asks what "fatal disk" asks: a section that never says "error" can
    # answer it as fully as one that does.
    padded = term_groups(parse_query("disk quota problem"))
    plain = term_groups(parse_query("disk quota"))
    line = fused(1, "FATAL: disk quota exceeded on /var/lib/pgdata")
    assert boosts_for(line, padded, ()).coverage == boosts_for(line, plain, ()).coverage == 1.0
    weights = [1.0, 1.0, 3.0]  # the generic word rarest among the candidates
    assert boosts_for(line, padded, (), weights=weights).share == 1.0


def test_a_generic_word_the_section_holds_still_counts() -> None:
    groups = term_groups(parse_query("disk quota error"))
    named = boosts_for(fused(1, "disk quota exceeded"), groups, ())
    only_generic = boosts_for(fused(2, "error: connection refused"), groups, ())
    assert only_generic.share < named.share
    both = boosts_for(fused(3, "error: disk quota exceeded"), groups, ())
    assert both.share == 1.0


def test_a_generic_word_elsewhere_in_the_section_does_not_cost_the_line_holding_the_rest() -> None:
    groups = term_groups(parse_query("redis timeout error"))
    apart = fused(1, "error: upstream reset\nredis timeout after 300 s")
    assert boosts_for(apart, groups, ()).coverage == 1.0


def test_a_query_of_generic_words_only_is_ranked_by_them() -> None:
    groups = term_groups(parse_query("error problem"))
    assert boosts_for(fused(1, "error: disk full"), groups, ()).share == 0.5
    assert boosts_for(fused(2, "all fine"), groups, ()).share == 0.0
