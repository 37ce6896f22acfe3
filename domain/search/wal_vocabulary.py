"""What PostgreSQL names a WAL segment by, in the words an agent asks with: an entry of the tool
vocabulary (``tool_vocabulary``), kept in a file of its own (ADR 0336).

PostgreSQL writes its write-ahead log in segment files named by 24 hexadecimal digits
(timeline, log, segment: ``000000010000000000000099``), and its tools name a segment by that
file name alone: ``pg_waldump: error: could not locate WAL file "000000010000000000000099"``,
``pg_waldump -p pg_wal 000000010000000000000003``, ``archived write-ahead log file "…"``. Its
manual calls them "WAL segment files"; an agent asks for "segment 99", and only the
``--stats`` run's ``invalid magic number … in log segment …`` said the word.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A WAL segment's file name: 24 upper-case hexadecimal digits standing alone.
_SEGMENT_NAME = precompiled(r"(?<![0-9A-Za-z])[0-9A-F]{24}(?![0-9A-Za-z])")

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words. A text naming the write-ahead log (``WAL``, ``pg_wal``, ``write-ahead``)
# says what the name is: other 24-digit identifiers (a Xcode object id) get no word.
WAL_ENTRIES: tuple[VocabularyEntry, ...] = (
    (
        (("WAL", "WAL"), ("_wal", "pg_wal"), ("-ahd", "write-ahead")),
        _SEGMENT_NAME.search,
        "segment",
    ),
)
