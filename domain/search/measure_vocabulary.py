"""What coverage.py's report, curl's timings and unzip's listing mean by their columns, in the
words an agent asks with: entries of the tool vocabulary (``tool_vocabulary``), kept in a file
of their own (ADR 0307).

coverage.py's report (``-m``) lists under ``Missing`` "the line numbers of statements that
weren't executed" (its manual): an agent asks for the missing lines; the header says
``Missing`` and the column holds only numbers. curl's ``time_starttransfer`` is
"the time ... until the first byte is received" (its manual), written ``ttfb`` in many a
format: an agent asks for the time to first byte. ``unzip -v`` lists each entry's ``Length``
beside its compressed ``Size``: the length is the uncompressed size an agent asks for.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# coverage.py's report header with ``-m``'s column of the lines not run: ``Name``, ``Stmts``,
# ``Miss`` (then ``Branch BrPart`` with branch coverage), ``Cover``, ``Missing``.
_MISSING_COLUMN = precompiled(r"^Name +Stmts +Miss +(?:Branch +BrPart +)?Cover +Missing$", re.M)

# curl's time to the first byte, by its ``-w`` variable or the initialism.
_FIRST_BYTE = precompiled(r"\btime_starttransfer\b|\b(?:ttfb|TTFB)\b")

# ``unzip -v``'s header: the uncompressed ``Length``, the method, the compressed ``Size``.
_VERBOSE_ZIP_HEADER = precompiled(r"^ *Length +Method +Size +Cmpr +Date +Time +CRC-32 +Name$", re.M)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
MEASURE_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("S", "Stmts"),), _MISSING_COLUMN.search, "lines"),
    (
        (("_", "time_starttransfer"), ("", "ttfb"), ("TFB", "TTFB")),
        _FIRST_BYTE.search,
        "first byte",
    ),
    ((("C", "Cmpr"),), _VERBOSE_ZIP_HEADER.search, "uncompressed"),
)
