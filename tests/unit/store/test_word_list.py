"""The words statement's JSON array: the text ``json.dumps`` writes, whatever the words hold."""

from __future__ import annotations

import json
import sqlite3

from hypothesis import given
from hypothesis import strategies as st

from adapters.sqlcipher.word_list import json_words
from domain.vocabulary import document_vocabulary

_WORDISH = st.text(alphabet=st.sampled_from('abcxyz019_-"\\\t\x7féİ/ '), max_size=8)


def _as_dumps(words: list[str]) -> str:
    return json.dumps(words, separators=(",", ":"))


@given(st.lists(st.text(max_size=8), max_size=20))
def test_any_words_give_the_text_json_dumps_gives(words: list[str]) -> None:
    assert json_words(words) == _as_dumps(words)


@given(st.lists(_WORDISH, max_size=20))
def test_words_with_quotes_escapes_and_controls_give_the_text_json_dumps_gives(
    words: list[str],
) -> None:
    assert json_words(words) == _as_dumps(words)


def test_no_words_are_an_empty_array_not_one_empty_word() -> None:
    assert json_words([]) == "[]"
    assert json_words([""]) == '[""]'


def test_a_log_s_vocabulary_is_written_without_json_dumps() -> None:
    words = sorted(document_vocabulary("GET /api/orders req=0f3a user_42 time-out ERROR\n" * 3))
    assert json_words(words) == '["' + '","'.join(words) + '"]'


@given(st.lists(_WORDISH, max_size=20))
def test_sqlite_reads_the_same_values_as_from_json_dumps(words: list[str]) -> None:
    db = sqlite3.connect(":memory:")
    read = "SELECT value FROM json_each(?)"
    assert (
        db.execute(read, (json_words(words),)).fetchall()
        == db.execute(read, (json.dumps(words),)).fetchall()
    )
