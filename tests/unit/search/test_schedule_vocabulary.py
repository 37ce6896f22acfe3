"""The agent's words for a timer's next elapse and a Monday-to-Friday calendar event (ADR 0320),
and the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_CALENDAR = (
    "$ systemd-analyze calendar 'Mon..Fri *-*-* 05:30'\n"
    "  Original form: Mon..Fri *-*-* 05:30\n"
    "Normalized form: Mon..Fri *-*-* 05:30:00\n"
    "    Next elapse: Tue 2026-12-08 05:30:00 UTC\n"
    "       From now: 20h left\n"
)
_TIMERS = (
    "NEXT                        LEFT     LAST PASSED UNIT             ACTIVATES\n"
    "Tue 2026-12-08 05:30:00 UTC 20h left -    -      orchard.timer    orchard.service\n"
)


def test_a_calendar_event_s_next_elapse_gets_the_agent_s_words() -> None:
    assert tool_vocabulary_facts(_CALENDAR) == "schedule weekday"


def test_a_weekend_event_is_a_schedule_but_not_a_weekday_one() -> None:
    weekend = _CALENDAR.replace("Mon..Fri *-*-*", "Sat,Sun *-*-*")
    assert tool_vocabulary_facts(weekend) == "schedule"


def test_list_timers_header_is_a_schedule() -> None:
    assert tool_vocabulary_facts(_TIMERS) == "schedule"


def test_mon_dash_fri_is_a_weekday_range() -> None:
    assert tool_vocabulary_facts("OnCalendar=Mon-Fri 09:00\n") == "weekday"


def test_a_word_the_output_says_is_not_repeated() -> None:
    assert tool_vocabulary_facts(_CALENDAR + "# the nightly schedule\n") == "weekday"


@pytest.mark.parametrize(
    "text",
    [
        # Prose about what comes next, a day named alone, a name holding the days, lower case.
        "Next step: run the tests\n",
        "Next elapse: soon\n",
        "Released on Fri 2026-12-11\n",
        "MonoFridge started\n",
        "next elapse: tue 2026-12-08 05:30:00 utc\n",
        "NEXTLEFT\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_calendar_section_carries_the_words() -> None:
    (section,) = chunk(_CALENDAR, ContentType.PLAINTEXT)
    assert section.facts is not None
    assert {"schedule", "weekday"} <= set(section.facts.split())
