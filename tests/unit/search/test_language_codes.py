"""A language a question names by its English name is held by an output that writes its
locale tag (``de_DE.UTF-8`` for German), and only then; such a section is indexed with the
language's name (ADR 0278)."""

from __future__ import annotations

import pytest

from application.use_cases.index_request import IndexRequest
from domain.search.language_codes import locale_coded
from domain.search.tool_vocabulary import tool_vocabulary_facts
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("German", 'LC_CTYPE="de_DE.UTF-8"'),
        ("German", "localedef -i de_DE -f UTF-8"),
        ("German", "Accept-Language: de-AT,de;q=0.9"),
        ("French", "LANG=fr_CA.UTF-8"),
        ("japanese", "ja_JP.eucJP"),
    ],
)
def test_a_language_is_held_by_its_locale_tag(name: str, text: str) -> None:
    assert locale_coded(name, text)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("German", "DE 2024 invoice"),  # a country code alone
        ("German", "de la Cruz"),  # the code as a word
        ("German", "node_DEBUG=1"),  # the letters inside a longer name
        ("German", "LC_CTYPE=fr_FR.UTF-8"),  # another language
        ("German", "de_de"),  # not a region's capitals
        ("Kafka", "de_DE"),  # not a language
    ],
)
def test_a_language_is_not_held_by_lookalikes(name: str, text: str) -> None:
    assert not locale_coded(name, text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('LC_CTYPE="de_DE.UTF-8"', "german"),
        ("LANG=pt_BR.UTF-8 and ja_JP.eucJP", "japanese portuguese"),
        ("German: LC_ALL=de_DE.UTF-8", ""),  # the text names the language itself
        ("de-DE", ""),  # the web's form: held when found, not indexed
        ("DEBUG_DE=1 node_DE", ""),
        ("LANG=C.UTF-8", ""),
    ],
)
def test_a_section_writing_a_posix_locale_tag_is_indexed_with_its_language(
    text: str, words: str
) -> None:
    assert tool_vocabulary_facts(text) == words


LOCALE = """$ LC_ALL=de_DE.UTF-8 locale
locale: Cannot set LC_CTYPE to default locale: No such file or directory
LANG=C.UTF-8
LC_CTYPE="de_DE.UTF-8"
"""


def _search(content: str, label: str, query: str, *others: str) -> tuple[str, ...]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for other in others:
        index.execute(IndexRequest(content=other, label="other"))
    index.execute(IndexRequest(content=content, label=label))
    found = container.use_cases.search_knowledge().search(query, limit=3)
    return tuple(result.content for result in found.results)


def test_a_question_naming_the_language_of_a_locale_tag_is_answered() -> None:
    found = _search(
        LOCALE, "LC_ALL=de_DE.UTF-8 locale", "why can the shell not switch to the German locale"
    )
    assert found
    assert "Cannot set LC_CTYPE" in found[0]


def test_a_question_naming_the_language_finds_the_section_of_its_tag_first() -> None:
    other = "$ locale\nLANG=C.UTF-8\nLC_ALL=\nthe shell keeps the C locale\n"
    found = _search(LOCALE, "locale", "which german locale settings failed", other)
    assert found
    assert "de_DE" in found[0]


def test_a_question_naming_a_language_no_tag_holds_stays_silent() -> None:
    french = LOCALE.replace("de_DE", "fr_FR")
    assert _search(french, "locale", "why can the shell not switch to the German locale") == ()
