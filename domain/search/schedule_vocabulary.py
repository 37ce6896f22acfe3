"""What ``systemd-analyze calendar`` and ``systemctl list-timers`` write of a timer's schedule,
in the words an agent asks with: entries of the tool vocabulary (``tool_vocabulary``), kept in
a file of their own (ADR 0320).

``systemd-analyze calendar SPEC`` writes when a calendar event next elapses (``Next elapse:
Tue 2026-12-08 05:30:00 UTC``, then ``Iter. #2:`` …): the schedule's next run. Its calendar
events (systemd.time(7)) name the days of the week as a range, ``Mon..Fri`` — the weekdays;
cron's manual writes the same days ``1-5``, a range no words name. An agent asks when the
weekday schedule runs next: the output says neither word.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A calendar event's next elapse, as ``systemd-analyze calendar`` writes it (``Next elapse:``
# then the weekday's abbreviation), or ``systemctl list-timers``' header (``NEXT  LEFT``).
_NEXT_ELAPSE = precompiled(r"\bNext elapse: [A-Z][a-z]{2} \d|^NEXT +LEFT ", re.M)
# The days Monday to Friday as a systemd calendar event writes them: ``Mon..Fri`` (or
# ``Mon-Fri``, which systemd also reads), followed by a blank or a comma.
_MONDAY_TO_FRIDAY = precompiled(r"\bMon(?:\.\.|-)Fri\b")

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
SCHEDULE_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("N:", "Next elapse: "), ("NX", "NEXT ")), _NEXT_ELAPSE.search, "schedule"),
    ((("F", "Fri"),), _MONDAY_TO_FRIDAY.search, "weekday"),
)
