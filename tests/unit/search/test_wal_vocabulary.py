"""A WAL file's name is a segment in the agent's words (ADR 0336); other 24-digit names are not."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_NOT_LOCATED = (
    "$ pg_waldump -p /var/lib/postgresql/15/harbour/pg_wal 000000010000000000000099\n"
    'pg_waldump: error: could not locate WAL file "000000010000000000000099"\n'
)


@pytest.mark.parametrize(
    "text",
    [
        _NOT_LOCATED,
        'LOG:  archived write-ahead log file "00000001000000000000000A"\n',
        "$ ls /var/lib/postgresql/15/main/pg_wal\n000000010000000000000003\narchive_status\n",
    ],
)
def test_a_wal_file_s_name_is_a_segment(text: str) -> None:
    assert tool_vocabulary_facts(text) == "segment"


@pytest.mark.parametrize(
    "text",
    [
        "63579AAF658CFDA09E2E2038 /* main.swift in Sources */ = {isa = PBXBuildFile; };\n",
        "WAL mode enabled: journal_mode=wal\n",  # the log, no segment named
        "pg_wal holds 000000010000000000000003A\n",  # the name goes on
        "pg_wal 0000000100000000000003\n",  # 22 digits
    ],
)
def test_no_segment_without_a_wal_and_a_segment_s_name(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
