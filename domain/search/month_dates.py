"""A month a question names and an output writes only as a date.

An agent asks for "the local time in July"; ``date +%F`` prints ``2026-07-01``, ``zdump``
prints ``Wed Jul  1``, a log ``2026-07-01T09:00:00Z``. A date's month is its middle number in
ISO 8601's ``YYYY-MM-DD`` (``date +%F``, ``%Y-%m-%d``, RFC 3339) and the three letters C's
``%b`` writes (``date``, ``zdump``, ``ls -l``, syslog): a section holding a date of that month
holds the month the question names, though the name itself is in no indexed text (ADR 0399).
"""

from __future__ import annotations

import re

# The months' names, in their order (also what ``system_marks_vocabulary`` says of zdump's).
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _written_as_date(number: int, month: str) -> re.Pattern[str]:
    """A date of the month (1-12) ``month``: ISO 8601's ``2026-07-01`` or ``%b``'s ``Jul``."""
    abbreviation = month[:3]
    return re.compile(
        rf"(?<![\w.-])\d{{4}}-{number:02d}-(?:0[1-9]|[12]\d|3[01])(?![\d-])"
        rf"|(?<![\w-]){abbreviation}(?![\w-])"
    )


_DATES = {month.lower(): _written_as_date(at, month) for at, month in enumerate(MONTHS, start=1)}


def dated(name: str, text: str) -> bool:
    """Whether ``name``, a month's full name in any case (``July``), is written in ``text`` as a
    date of that month (``2026-07-01``, ``Jul  1``)."""
    pattern = _DATES.get(name.lower())
    return pattern is not None and pattern.search(text) is not None
