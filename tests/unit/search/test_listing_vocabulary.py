"""The agent's words for what name and file listings write (ADRs 0314, 0315, 0366): a PTR record
is a reverse lookup, a link's ``->`` says where it points, a mode others may write is world
writable, one they may read world readable, a long listing's row holds a size; and the
lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_DIG = (
    "$ dig @127.0.0.1 +noall +answer -x 10.60.4.12\n"
    "12.4.60.10.in-addr.arpa. 300\tIN\tPTR\tkiosk-south.ferries.internal.\n"
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_DIG, "reverse lookup"),
        ("1.0.0.0.0.0.0.0.ip6.arpa. IN PTR gw.example.\n", "reverse lookup"),
        (
            "lrwxrwxrwx root/root 0 2026-11-28 09:00 ./usr/bin/ticketd -> ../lib/ticketd/main.py",
            "symlink points size",
        ),
        ("total 0\nlrwxrwxrwx. 1 ann ann 9 current -> rel/42\n", "symlink points"),
        (
            "-rw-rw-rw- root   310000 2026-11-30 16:05 uploads/gangway.png",
            "world writable readable size",
        ),
        ("drwxrwxrwt 9 root root 180 2026-12-07 08:00 tmp", "world writable readable size"),
        (
            "$ find uploads -perm -o+w -type f -printf '%m %p\\n'\n666 uploads/a.png",
            "world writable",
        ),
        ("$ find / -xdev -perm -0002 -type d\n/tmp", "world writable"),
        ("$ find . -perm /o=w\n./a", "world writable"),
        ("-rw-r--r-- 1 ann staff 4096 Nov 28 09:00 notes.txt", "world readable size"),
        ("-rw-r----- 1 ann staff 4096 Nov 28 09:00 notes.txt", "size"),
        # ``ls -l | awk '{print $1, $NF}'``: the mode and the name alone.
        ("-r--r----- 10-pursers\n-rw-r--r-- 20-deckhand\n", "world readable"),
        ("drwxr-xr-x 2 root root 4096 2026-12-07 08:00 etc", "world readable size"),
        ("$ find . -perm -o+r -type f\n./a", "world readable"),
        ("$ find /srv -perm -0004\n/srv/a", "world readable"),
    ],
)
def test_a_listing_s_own_words_get_the_agent_s(text: str, words: str) -> None:
    assert tool_vocabulary_facts(text) == words


@pytest.mark.parametrize(
    "text",
    [
        # A forward answer, a PTR named in prose; a link's arrow without a link's mode; a mode
        # others may neither read nor write, a link's own (every link's) mode, a mode inside a
        # line; ``-perm`` on group write, on exact bits or on the setuid bit; a row without a
        # size and a date; a process listing's share of memory (ADR 0315: not taken).
        "tickets.example. 300 IN A 10.60.1.20\n",
        "the PTR record for .arpa zones is missing",
        "uploads/current.log -> ../logs/ticketd.log",
        "x -> y",
        "-rw-r----- root",
        "lrwxrwxrwx root",
        "chmod set it to -rw-r--r-- here",
        "$ find . -perm -g+w\n./a",
        "$ find . -perm 644\n./a",
        "$ find / -perm -4000\n/usr/bin/su",
        "-rw------- a 1 b",
        "  PID  %MEM  RSS  Command",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_word_the_output_says_is_not_repeated() -> None:
    said = _DIG + "; reverse zone served locally\n"
    assert tool_vocabulary_facts(said) == "lookup"


def test_a_dig_section_carries_the_words() -> None:
    (section,) = chunk(_DIG, ContentType.PLAINTEXT)
    assert section.facts is not None
    assert {"reverse", "lookup"} <= set(section.facts.split())
