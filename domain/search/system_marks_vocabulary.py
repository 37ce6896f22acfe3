"""What system tools write as marks, in the words an agent asks with: entries of the tool
vocabulary (``tool_vocabulary``), kept in a file of their own (ADR 0392).

A file capability (``getcap``, ``setcap``, ``capsh``; cap_from_text(3)) is written
``cap_net_raw=ep``, ``cap_dac_read_search=eip``: the letters after ``=`` or ``+`` name the sets
it is in, ``e`` effective, ``i`` inheritable, ``p`` permitted. ``last`` closes a session cut by
a crash or a shutdown with ``- crash`` or ``- down`` where a clean one has its logout time: the
session ended there. ``zdump -v`` writes each change of a time zone's offset as two lines,
``… UT = Sun Nov  1 01:00:00 2026 NST isdst=0 gmtoff=-12600``: ``isdst=1`` is daylight saving
(summer) time, ``isdst=0`` standard time, the local date names the month of the change by its
abbreviation, and an offset of an odd number of half hours (``gmtoff=37800``, ``-12600``) is a
half-hour zone. An agent asks for the inheritable capability, the sessions that ended in a
crash, the daylight saving change in October: the outputs say none of those words.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.month_dates import MONTHS
from domain.search.vocabulary_entry import VocabularyEntry

# A capability's sets after its names (``cap_a,cap_b=eip``, ``cap_x+ep``), one pattern a set:
# its letter among the flags.
_CAPABILITY_SETS = r"\bcap_[a-z_]+(?:,cap_[a-z_]+)*[=+][eip]*"
_INHERITABLE = precompiled(_CAPABILITY_SETS + r"i[eip]*\b")
_EFFECTIVE = precompiled(_CAPABILITY_SETS + r"e[eip]*\b")
_PERMITTED = precompiled(_CAPABILITY_SETS + r"p[eip]*\b")
# ``last``'s session cut by a crash or a shutdown: ``- crash`` or ``- down`` where the logout
# time stands, then the session's length in parentheses (``(01:41)``, ``(1+02:03)``).
_CUT_SESSION = precompiled(r" - (?:crash|down) +\((?:\d+\+)?\d\d:\d\d\)$", re.M)
# ``zdump -v``'s line of a change, its local side: weekday, month, day, time, year, the zone's
# abbreviation, then whether daylight saving time is in force and the offset.
_CHANGE = r"UT = [A-Z][a-z]{2} ([A-Z][a-z]{2}) [ \d]\d \d\d:\d\d:\d\d -?\d+ \S+ isdst="
_DAYLIGHT = precompiled(_CHANGE + "1 ")
_STANDARD = precompiled(_CHANGE + "0 ")
_OFFSET = precompiled(_CHANGE + r"[01] gmtoff=(-?\d+)")


def _half_hour_zone(text: str) -> bool:
    """Whether ``text`` holds a ``zdump -v`` change to an offset of an odd number of half hours
    (``gmtoff=37800``: 10:30; ``-12600``: -3:30)."""
    return any(int(m[2]) % 3600 == 1800 for m in _OFFSET.finditer(text))


def _month_of_change(month: str) -> VocabularyEntry:
    """The entry naming ``month`` when a ``zdump -v`` change falls in it (``Oct`` → October)."""
    pattern = precompiled(_CHANGE.replace("([A-Z][a-z]{2})", month[:3]))
    return (_ZONE_SIGNS, pattern.search, month.lower())


# The signs of the capability entries and of the fifteen ``zdump`` ones, each a scan asked once
# for all the entries behind it (``tool_vocabulary``'s shared scans, ADR 0361), the latter behind
# a change's ``:`` and ``=``: every test below holds its entry's sign and characters, so a text
# without them holds none of the entries. Asked one by one, behind ``=`` alone, they cost a
# fifth of the whole tool vocabulary on sections of words and ``id=`` values (ADR 0392).
CAPABILITY_SIGN = precompiled(r"cap_")
# ``last``'s cut session, behind the ``(`` of its length: sections of words are spared its scan.
_CUT_SESSION_SIGN = precompiled(r" - (?:crash|down) ")
ZONE_CHANGE_SIGN = precompiled(r"isdst=")
_ZONE_SIGNS = ((":=", ZONE_CHANGE_SIGN.search),)


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
SYSTEM_MARKS_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("_", CAPABILITY_SIGN.search),), _INHERITABLE.search, "inheritable"),
    ((("_", CAPABILITY_SIGN.search),), _EFFECTIVE.search, "effective"),
    ((("_", CAPABILITY_SIGN.search),), _PERMITTED.search, "permitted"),
    ((("(-", _CUT_SESSION_SIGN.search),), _CUT_SESSION.search, "session ended"),
    (_ZONE_SIGNS, _DAYLIGHT.search, "daylight saving summer time"),
    (_ZONE_SIGNS, _STANDARD.search, "standard time"),
    (_ZONE_SIGNS, _half_hour_zone, "half hour"),
    *(_month_of_change(month) for month in MONTHS),
)
