"""The trigram layer's verdict computed in process over porter's candidates."""

from __future__ import annotations

from domain.search.query import parse_query
from domain.search.substring_layer import substring_rank, unnegated
from domain.search_hit import LayerHit
from domain.source_kind import SourceKind


def hit(chunk_id: int, content: str, title: str = "t") -> LayerHit:
    return LayerHit(
        chunk_id=chunk_id,
        source_id=1,
        label="s",
        kind=SourceKind.DURABLE,
        title=title,
        content=content,
        has_code=False,
        relevance=1.0,
    )


def test_chunks_rank_by_how_many_substrings_they_contain_titles_counting_double() -> None:
    hits = [
        hit(1, "nothing relevant"),
        hit(2, "ConnectionResetError in worker"),
        hit(3, "worker pool", title="ConnectionResetError"),
    ]
    ranked = substring_rank(hits, parse_query("connectionreset worker"))
    assert [h.chunk_id for h in ranked] == [3, 2]


def test_short_terms_are_not_substrings_and_give_no_verdict() -> None:
    assert substring_rank([hit(1, "go go go")], parse_query("go")) == []


def test_a_word_found_only_inside_its_negation_is_not_contained() -> None:
    hits = [
        hit(1, "warning: unused variable 'x'"),
        hit(2, "headers used: stddef.h"),
        hit(3, "unused parameter; the value is used later"),
    ]
    ranked = substring_rank(hits, parse_query("which headers are used"))
    assert [h.chunk_id for h in ranked] == [2, 3]


def test_the_store_s_substring_hits_holding_words_only_in_their_negations_are_dropped() -> None:
    hits = [hit(1, "warning: unused variable"), hit(2, "headers used: stddef.h")]
    kept = unnegated(hits, parse_query("which headers are used"))
    assert [h.chunk_id for h in kept] == [2]
