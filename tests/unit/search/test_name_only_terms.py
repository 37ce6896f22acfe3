"""A question's word that the text writes only inside a longer name (``factor`` of
``tariff::kZoneFactor``) makes the substrings layer run even when the question's other words
filled the candidates with unrelated chunks: the line that answers it is found (ADR 0372)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.search.name_only_terms import name_only_terms
from tests.unit.search.memory_search import search_over

NM = """$ nm -C -S --size-sort --defined-only tariff
0000000000003000 0000000000000004 R _IO_stdin_used
00000000000050e0 0000000000000004 B tariff::g_quotes_served
0000000000003080 0000000000000040 r tariff::kZoneFactor
00000000000015fe 000000000000026e T main
"""


def _kept(
    terms: Sequence[str], found: set[str], vocabulary: set[str], written: set[str]
) -> tuple[str, ...]:
    def counts(words: Sequence[str]) -> list[int]:
        return [1 if word in written else 0 for word in words]

    return name_only_terms(terms, found.__contains__, vocabulary.__contains__, counts)


def test_a_word_held_only_inside_a_name_is_kept() -> None:
    vocabulary = {"zone", "factor", "kzonefactor", "table"}
    kept = _kept(["zone", "factor", "table"], {"zone", "table"}, vocabulary, {"zone", "table"})
    assert kept == ("factor",)


@pytest.mark.parametrize(
    ("term", "found", "vocabulary", "written"),
    [
        ("factor", {"factor"}, {"factor"}, set()),  # a candidate holds it: substrings see it
        ("factor", set(), set(), set()),  # held nowhere: no name holds it either
        ("factor", set(), {"factor"}, {"factor"}),  # a chunk writes it: the words layer finds it
        ("pod", set(), {"pod"}, set()),  # too short: inside too many names by chance
        ("x86_64", set(), {"x86_64"}, set()),  # not a plain word
    ],
)
def test_no_word_is_kept_that_the_words_layer_sees_or_no_name_holds(
    term: str, found: set[str], vocabulary: set[str], written: set[str]
) -> None:
    assert _kept([term], found, vocabulary, written) == ()


def test_written_is_asked_only_of_the_words_no_candidate_holds() -> None:
    asked: list[str] = []

    def written(words: Sequence[str]) -> list[int]:
        asked.extend(words)
        return [0] * len(words)

    name_only_terms(["zone", "factor", "table"], {"zone", "table"}.__contains__, bool, written)
    assert asked == ["factor"]


def test_a_name_holding_the_question_s_word_answers_it_among_many_other_matches() -> None:
    # Twelve outputs speak of zones or of tables: the words layer fills its candidates with
    # them and, without the rule, never asks the substrings layer for the symbol listing.
    others = [
        (f"date --zone {n}", f"time zone Etc/GMT+{n} in use\n")
        if n % 2
        else (f"psql -c '\\dt t{n}'", f"table t{n} has {n} rows\n")
        for n in range(12)
    ]
    search = search_over(*others, ("nm -C -S tariff", NM))
    found = search.search("where is the zone factor table stored", limit=10)
    assert any("tariff::kZoneFactor" in result.content for result in found.results)
