"""capy's own layer names are ordinary words of a question (``domain.search.stopwords``):
gettext's fuzzy entries, a Porter stemmer and a trigram index are things users ask about."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search.query import parse_query
from domain.search.stopwords import is_stopword
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

MSGATTRIB = """$ msgattrib --only-fuzzy po/nb.new.po
#: src/lamp.c:41
#, fuzzy, c-format
msgid "Reserve lamp %d switched on"
msgstr "Reservelampe %d slått av"

#: src/lamp.c:58
#, fuzzy
msgid "Lamp cycle period"
msgstr "Lampeperiode"
"""
MSGFMT = """$ msgfmt --statistics -o /dev/null po/nb.new.po
38 translated messages, 3 untranslated messages.
$ msgattrib --untranslated --no-obsolete po/nb.new.po
#: src/lamp.c:73
msgid "Reserve lamp battery low"
msgstr ""
"""
OBSOLETE = """$ msgattrib --only-obsolete po/nb.new.po
#~ msgid "Reserve lamp entry delay"
#~ msgstr "Reservelampe forsinkelse"
"""


@pytest.mark.parametrize(
    ("question", "terms"),
    [
        ("fuzzy entry for the reserve lamp", ("fuzzy", "entry", "reserve", "lamp")),
        ("which porter stemmer does the index use", ("porter", "stemmer", "index", "use")),
        ("is the trigram table built", ("trigram", "table", "built")),
    ],
)
def test_a_layer_name_is_a_term_of_the_question(question: str, terms: tuple[str, ...]) -> None:
    assert parse_query(question).terms == terms


@pytest.mark.parametrize("word", ["fuzzy", "porter", "trigram", "prose", "untitled"])
def test_no_layer_name_is_a_stopword(word: str) -> None:
    assert not is_stopword(word)


@pytest.fixture
def search() -> Iterator[SearchKnowledge]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=MSGFMT, label="msgfmt statistics"))
    index.execute(IndexRequest(content=MSGATTRIB, label="msgattrib only fuzzy"))
    index.execute(IndexRequest(content=OBSOLETE, label="msgattrib only obsolete"))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    yield found


def test_the_fuzzy_message_asked_for_ranks_first(search: SearchKnowledge) -> None:
    found = search.search("which reserve lamp message is fuzzy", limit=3)
    assert found.results
    assert "Reserve lamp %d switched on" in found.results[0].content
