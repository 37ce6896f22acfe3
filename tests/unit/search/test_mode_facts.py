"""The words a line's permission string stands for, on real listings and lookalikes."""

from __future__ import annotations

import pytest

from domain.search.best_lines import best_lines
from domain.search.line_facts import MODE_PART, asked_parts, line_facts
from domain.search.mode_facts import mode_facts


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("-rwxr-xr-x deploy/shop    4038 2026-11-28 14:05 shopd-2.3.1/bin/shopd", "executable"),
        ("-rw-r--r-- deploy/shop     240 2026-11-28 14:05 shopd-2.3.1/LICENSE", ""),
        ("drwxr-xr-x deploy/shop       0 2026-11-28 14:05 shopd-2.3.1/bin/", ""),
        (" drwxrwxrwt uploads", "sticky"),
        ("Access: (1777/drwxrwxrwt)  Uid: (    0/    root)   Gid: (    0/    root)", "sticky"),
        ("-rwsr-xr-x 1 root root 59976 Nov 24 passwd", "executable setuid"),
        ("-rwxr-sr-x 1 root tty 23136 Jan 12 wall", "executable setgid"),
        ("drwxrwsr-x 2 root staff 4096 local", "setgid"),
        ("lrwxrwxrwx root root current -> releases/42", ""),
        ("-rw-r----- root root app.env", ""),
    ],
)
def test_a_permission_string_says_what_its_bits_mean(line: str, words: str) -> None:
    assert mode_facts(line) == words
    assert line_facts(line, MODE_PART) == words


@pytest.mark.parametrize(
    "line",
    [
        "pytest --rwxr-xr-xyz",  # ten letters inside a longer word
        "run --max-r-x-x-x now",
        "flags: abcdefghij",
        "--------------------------------------------------------------------------------",
        "rw-r--r-x",  # nine letters: no file type
    ],
)
def test_lookalikes_say_nothing(line: str) -> None:
    assert mode_facts(line) == ""


def test_only_a_question_about_modes_works_them_out() -> None:
    assert asked_parts(["executable"]) & MODE_PART
    assert asked_parts(["sticky"]) & MODE_PART
    assert not asked_parts(["archive"]) & MODE_PART


def test_the_executable_rows_of_an_archive_listing_are_picked() -> None:
    listing = "\n".join(
        [
            "drwxr-xr-x deploy/shop       0 2026-11-28 14:05 shopd-2.3.1/",
            "-rw-r--r-- deploy/shop     240 2026-11-28 14:05 shopd-2.3.1/LICENSE",
            "-rw-r--r-- deploy/shop    1508 2026-11-28 14:05 shopd-2.3.1/README.md",
            "drwxr-xr-x deploy/shop       0 2026-11-28 14:05 shopd-2.3.1/bin/",
            "-rwxr-xr-x deploy/shop    4038 2026-11-28 14:05 shopd-2.3.1/bin/shopd",
            "-rw-r--r-- deploy/shop     310 2026-11-28 14:05 shopd-2.3.1/etc/shopd.toml",
        ]
    )
    picks = best_lines(listing, "which files in the archive are executable", 1)
    assert picks.picks[0].text.endswith("bin/shopd")
