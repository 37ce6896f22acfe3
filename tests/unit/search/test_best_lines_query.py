"""A search's query is read once for all the excerpts of its results."""

from __future__ import annotations

import pytest

from domain.search import best_lines as module
from domain.search.best_lines import best_lines


def test_the_results_of_one_search_parse_its_query_once(monkeypatch: pytest.MonkeyPatch) -> None:
    module._prepared.cache_clear()
    calls: list[str] = []
    real = module.parse_query

    def counted(query: str) -> object:
        calls.append(query)
        return real(query)

    monkeypatch.setattr(module, "parse_query", counted)
    sections = ["a\nthe timeout here\nb", "timeout again\nc", "nothing\nmore"]
    picked = [best_lines(text, "timeout", 2).picks[0].text for text in sections]
    assert picked == ["the timeout here", "timeout again", "nothing"]
    assert calls == ["timeout"]
    module._prepared.cache_clear()


def test_a_query_without_words_shows_the_first_line() -> None:
    assert [p.text for p in best_lines("first\nsecond", "  ", 2).picks] == ["first"]
