"""Every query the domain builds renders as valid FTS5, whatever the user typed."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.sqlcipher.fts5_syntax import store_match, vault_match
from domain.errors import InvalidInput
from domain.search.query import parse_query
from domain.search.store_query import Combine, StoreQuery, substrings_query, words_query
from domain.vault.query_grammar import every_word, parse

FTS_SYNTAX = st.sampled_from(
    [
        '"',
        "'",
        "(",
        ")",
        "*",
        ":",
        "^",
        "~",
        "-",
        "+",
        "AND",
        "OR",
        "NOT",
        "NEAR(",
        "NEAR/2",
        "title:",
        "{",
        "}",
        "[",
        "]",
        "\x00",
        "\\",
        "c++",
        "x.y",
        "foo-bar",
        "🙂",
        "热更新",
        " ",
    ]
)
QUERY = st.lists(st.one_of(FTS_SYNTAX, st.text(max_size=8)), max_size=12).map("".join)


@pytest.fixture(scope="module")
def db() -> Iterator[sqlite3.Connection]:
    connection = sqlite3.connect(":memory:")
    connection.execute(
        "CREATE VIRTUAL TABLE p USING fts5(title, content, tokenize='porter unicode61')"
    )
    connection.execute("CREATE VIRTUAL TABLE t USING fts5(title, content, tokenize='trigram')")
    for table in ("p", "t"):
        connection.execute(
            f"INSERT INTO {table} VALUES ('c++ and x.y', 'foo-bar NEAR title: 热更新 🙂 \"quoted\"')"
        )
    yield connection
    connection.close()


def _rendered(query: StoreQuery | None) -> str | None:
    return None if query is None else store_match(query)


@settings(max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(QUERY)
def test_expressions_never_fail_in_fts5(db: sqlite3.Connection, text: str) -> None:
    parsed = parse_query(text)
    for combine in Combine:
        porter = _rendered(words_query(parsed, combine))
        if porter is not None:
            db.execute("SELECT rowid FROM p WHERE p MATCH ?", (porter,)).fetchall()
        trigram = _rendered(substrings_query(parsed, combine))
        if trigram is not None:
            db.execute("SELECT rowid FROM t WHERE t MATCH ?", (trigram,)).fetchall()


@pytest.mark.parametrize("text", ["c++", "x.y", "foo-bar", '"NEAR title:"', "热更新", "AND"])
def test_special_terms_still_find_their_text(db: sqlite3.Connection, text: str) -> None:
    parsed = parse_query(text)
    porter = _rendered(words_query(parsed, Combine.ALL))
    trigram = _rendered(substrings_query(parsed, Combine.ALL))
    found = []
    if porter:
        found += db.execute("SELECT rowid FROM p WHERE p MATCH ?", (porter,)).fetchall()
    if trigram:
        found += db.execute("SELECT rowid FROM t WHERE t MATCH ?", (trigram,)).fetchall()
    assert found


VAULT_TEXT = st.lists(
    st.one_of(st.sampled_from(['"', "(", ")", "*", "AND", "OR", "NOT", " ", "x", "é"]), st.text()),
    max_size=10,
).map("".join)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(VAULT_TEXT)
def test_every_vault_query_the_grammar_reads_is_valid_fts5(
    db: sqlite3.Connection, text: str
) -> None:
    try:
        tree = parse(text)
    except InvalidInput:
        return
    db.execute("SELECT rowid FROM p WHERE p MATCH ?", (vault_match(tree),)).fetchall()
    words = every_word(text)
    if words is not None:
        db.execute("SELECT rowid FROM p WHERE p MATCH ?", (vault_match(words),)).fetchall()
