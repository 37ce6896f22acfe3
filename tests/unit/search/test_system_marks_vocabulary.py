"""The agent's words for file capabilities' sets, ``last``'s sessions cut by a crash or a
shutdown, and ``zdump -v``'s changes of offset (ADR 0392), and the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_ZONE = (
    "$ zdump -v -c 2026,2027 Australia/Lord_Howe\n"
    "Australia/Lord_Howe  Sat Apr  4 14:59:59 2026 UT = Sun Apr  5 01:59:59 2026 +11 isdst=1 "
    "gmtoff=39600\n"
    "Australia/Lord_Howe  Sat Apr  4 15:00:00 2026 UT = Sun Apr  5 01:30:00 2026 +1030 isdst=0 "
    "gmtoff=37800\n"
)


def _said(text: str) -> list[str]:
    return tool_vocabulary_facts(text).split()


def test_a_capability_s_letters_name_its_sets() -> None:
    said = _said("berth/bin/crane-agent cap_dac_read_search=eip\n")
    assert said == ["inheritable", "effective", "permitted"]


def test_a_capability_without_the_inheritable_set_gets_the_others() -> None:
    said = _said("berth/bin/tide-probe cap_net_admin,cap_net_raw=ep\n")
    assert "inheritable" not in said
    assert {"effective", "permitted"} <= set(said)


def test_setcap_s_added_sets_are_named_too() -> None:
    assert "inheritable" in _said("$ setcap cap_net_raw+ei ./probe\n")


@pytest.mark.parametrize(
    "text",
    [
        # A word after ``=`` that is no set of letters, a name alone, an option's value.
        "cap_net_raw=epic\n",
        "see cap_from_text(3)\n",
        "--caps=eip\n",
    ],
)
def test_capability_lookalikes_name_no_set(text: str) -> None:
    said = _said(text)
    assert "inheritable" not in said
    assert "permitted" not in said


@pytest.mark.parametrize("end", ["crash", "down "])
def test_last_s_session_cut_by_a_crash_or_a_shutdown_ended(end: str) -> None:
    line = f"keeper   pts/0        198.51.100.23    Tue Dec  1 07:01 - {end} (03:10)\n"
    assert "session ended" in tool_vocabulary_facts(line)


def test_a_session_logged_out_or_still_open_gets_nothing() -> None:
    text = (
        "pilot    pts/0        203.0.113.77     Tue Dec  1 10:30 - 14:02  (03:32)\n"
        "reboot   system boot  6.1.0-28-amd64   Tue Dec  1 10:12   still running\n"
        "the build went down - crash report follows\n"
    )
    assert "ended" not in _said(text)


def test_a_zone_s_changes_are_named() -> None:
    assert _said(_ZONE) == [
        "daylight",
        "saving",
        "summer",
        "time",
        "standard",
        "half",
        "hour",
        "april",
    ]


def test_a_zone_of_whole_hours_is_not_half_hour() -> None:
    text = (
        "Europe/Oslo  Sun Oct 25 01:00:00 2026 UT = Sun Oct 25 02:00:00 2026 CET isdst=0 "
        "gmtoff=3600\n"
    )
    assert _said(text) == ["standard", "time", "october"]


def test_the_month_is_the_local_one() -> None:
    # Lord Howe's October change falls on October 3 in UT, October 4 in local time: the same
    # month; one at a month's turn is named by the local date.
    text = (
        "Pacific/Kiritimati  Sat Dec 31 10:00:00 1994 UT = Sun Jan  1 00:00:00 1995 +14 "
        "isdst=0 gmtoff=50400\n"
    )
    said = _said(text)
    assert "january" in said
    assert "december" not in said


@pytest.mark.parametrize(
    "text",
    [
        # Dates in other tools' lines name no month; a zone without changes prints none.
        "Tue Dec  1 07:01:12 2026 - crash\n",
        "Asia/Kolkata  9223372036854775807 = NULL\n",
        "isdst=1 gmtoff=19800\n",
    ],
)
def test_other_dates_and_zones_without_changes_get_no_zone_words(text: str) -> None:
    said = _said(text)
    assert "december" not in said
    assert "daylight" not in said
    assert "half" not in said


def test_a_zone_s_section_carries_the_words() -> None:
    (section,) = chunk(_ZONE, ContentType.PLAINTEXT)
    assert "daylight saving summer time standard half hour april" in section.facts
