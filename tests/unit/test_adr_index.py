"""The decision records' index lists every record once, in order, so a newcomer finds each."""

from __future__ import annotations

import re
from pathlib import Path

ADR = Path(__file__).resolve().parents[2] / "adr"


def _rows() -> list[tuple[str, str]]:
    text = (ADR / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^\| \[(\d{4})\]\(([^)]+)\)", text, flags=re.MULTILINE)


def test_every_record_has_one_row_that_links_to_it() -> None:
    files = sorted(p.name for p in ADR.glob("[0-9][0-9][0-9][0-9]-*.md"))
    rows = _rows()
    assert sorted(link for _, link in rows) == files
    assert all(link.startswith(number) for number, link in rows)


def test_rows_are_in_the_records_order() -> None:
    numbers = [number for number, _ in _rows()]
    assert numbers == sorted(numbers)
    assert len(numbers) == len(set(numbers))
