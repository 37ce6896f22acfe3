"""A release number an agent asks for is found as tags and tools write it, with a ``v``."""

from __future__ import annotations

import pytest

from application.use_cases.index_request import IndexRequest
from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.version_forms import version_forms
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

GIT_TAGS = """$ git describe --tags
v1.1.0-3-ge75a9dc

$ git tag -n1
v1.0.0          First version for the clinic: calendar and reminders
v1.1.0          Online cancellation with deposit refunds
"""

# A test of which addresses are local: it names 1.1.1.1, and says nothing of tags.
LOCAL_HOSTS = """def test_public_addresses_are_not_local():
    assert not is_local_host("example.com") and not is_local_host("1.1.1.1")
"""


@pytest.mark.parametrize(
    ("term", "forms"),
    [("1.1", ("v1.1",)), ("2.30.4", ("v2.30.4",)), ("10.0", ("v10.0",))],
)
def test_a_release_number_is_also_looked_for_with_a_v(term: str, forms: tuple[str, ...]) -> None:
    assert version_forms(term) == forms


@pytest.mark.parametrize(
    "term",
    ["1.1.1.1", "v1.1", "0.5s", "12345.6", "1", "1.", "tag", "python3.12", "1.1-rc1"],
)
def test_what_is_no_bare_release_number_gets_no_v(term: str) -> None:
    # An address, a number already with its v, a time, a long decimal, a count, a word.
    assert version_forms(term) == ()


def test_a_bare_release_number_finds_the_tag_that_writes_it_with_a_v() -> None:
    text = "v1.0.0  First\nv1.1.0  Online cancellation"
    assert term_groups(parse_query("1.1 tag")).positions(text)[0] == [text.index("v1.1.0")]


def test_an_address_holding_the_number_still_matches_it() -> None:
    # Each of its 1s after a dot starts a word, as before.
    assert term_groups(parse_query("1.1")).positions("host 1.1.1.1") == [[5, 7, 9]]


def test_a_question_about_a_release_finds_its_tag_before_an_address() -> None:
    """The question "what does the 1.1 tag say" asks for ``v1.1.0``'s message; a test naming
    1.1.1.1 (a bare number starts its word there, inside ``v1.1.0`` it does not) came first."""
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=GIT_TAGS, label="tags", kind=SourceKind.EPHEMERAL))
    index.execute(IndexRequest(content=LOCAL_HOSTS, label="hosts.py", kind=SourceKind.EPHEMERAL))
    found = container.use_cases.search_knowledge().search(
        "what does the 1.1 tag say", 3, EVERY_KIND
    )
    assert found.results[0].source == "tags"
