"""A month the question names is held by a section that writes it only as a date (ADR 0399):
ISO 8601's ``2026-07-01`` and C's ``%b`` (``Jul``), and nothing else."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search.month_dates import dated
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("July", "2026-07-01 06:30:00 NDT -0230"),
        ("july", "at 2026-07-31T09:00:00Z the job ran"),
        ("December", "-rw-r--r-- 1 root root 12 Dec  1 07:01 notes"),
        ("March", "Europe/Oslo  Sun Mar 29 00:59:59 2026 UT"),
    ],
)
def test_a_month_is_written_as_a_date_of_it(name: str, text: str) -> None:
    assert dated(name, text)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # Another month, a number that is no date's month, a version, a word holding the letters.
        ("July", "2026-06-01 06:30:00"),
        ("July", "2026-13-07 and 07/2026"),
        ("July", "release 2026-07 of the tool, v1.2026-07-01a"),
        ("July", "Julia 1.10 and JULY"),
        ("March", "marching orders, Mars"),
        # Not a month at all.
        ("Oslo", "2026-07-01 Oslo"),
    ],
)
def test_other_dates_and_lookalikes_hold_no_month(name: str, text: str) -> None:
    assert not dated(name, text)


TIMEDATECTL = """\
$ timedatectl
               Local time: Wed 2026-07-01 06:30:00 NDT
           Universal time: Wed 2026-07-01 09:00:00 UTC
                Time zone: America/St_Johns (NDT, -0230)
System clock synchronized: yes
              NTP service: active
"""


@pytest.fixture
def search() -> Iterator[SearchKnowledge]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(IndexRequest(content=TIMEDATECTL, label="tz.log"))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    yield found


def test_a_month_the_output_writes_as_a_date_does_not_silence_the_question(
    search: SearchKnowledge,
) -> None:
    found = search.search("local time in St_Johns in July", 3)
    assert found.results
    assert "Local time: Wed 2026-07-01" in found.results[0].content


def test_a_month_no_date_of_the_output_falls_in_still_names_nothing(
    search: SearchKnowledge,
) -> None:
    assert not search.search("local time in St_Johns in August", 3).results
