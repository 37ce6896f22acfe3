"""Trigram highlights are computed in Python from the searched strings."""

from __future__ import annotations

from adapters.sqlcipher.substring_highlight import highlight, searched_strings


def test_searched_strings() -> None:
    assert searched_strings('("conn" OR "pool") AND "say ""hi"""') == ["conn", "pool", 'say "hi"']
    assert searched_strings('"ab" AND bare OR NOT') == ["bare"]


def test_highlight_marks_every_case_insensitive_occurrence_once() -> None:
    assert highlight("Pool pooling", ["pool"]) == "\x02Pool\x03 \x02pool\x03ing"
    assert highlight("abcdef", ["abcd", "cdef"]) == "\x02abcdef\x03"
    assert highlight("a+b (x)", ["+b ("]) == "a\x02+b (\x03x)"
    assert highlight("nothing here", ["absent"]) == "nothing here"
