"""The trigrams a team source writes: every three consecutive characters, with their chunks."""

from __future__ import annotations

from adapters.postgres.team_writer import chunk_trigrams


def test_each_trigram_lists_the_chunks_holding_it_in_id_order() -> None:
    found = chunk_trigrams([(7, "abcd"), (3, "bcd\nx"), (9, "ab")])
    assert found == {"abc": [7], "bcd": [3, 7], "cd\n": [3], "d\nx": [3]}


def test_a_text_shorter_than_a_trigram_has_none() -> None:
    assert chunk_trigrams([(1, "ab"), (2, "")]) == {}
