"""Counts and sizes read as a person writes them: one section, 3.3 MiB."""

from __future__ import annotations

import pytest

from domain.wording import byte_size, plural


@pytest.mark.parametrize(
    ("count", "expected"),
    [(0, "0 sections"), (1, "1 section"), (2, "2 sections"), (1204, "1,204 sections")],
)
def test_plural(count: int, expected: str) -> None:
    assert plural(count, "section") == expected


def test_irregular_plural() -> None:
    assert (plural(1, "query", "queries"), plural(3, "query", "queries")) == (
        "1 query",
        "3 queries",
    )


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (0, "0 B"),
        (1023, "1,023 B"),
        (1024, "1.0 KiB"),
        (3_465_011, "3.3 MiB"),  # never "3,383.8 KiB"
        (1_048_575, "1.0 MiB"),  # not "1,024.0 KiB"
        (5 * 1024**3, "5.0 GiB"),
    ],
)
def test_byte_size(count: int, expected: str) -> None:
    assert byte_size(count) == expected
