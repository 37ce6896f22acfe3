"""What a hex dump's first row and an executable's run path are, in the words an agent asks
with: entries of the tool vocabulary (``tool_vocabulary``), kept in a file of their own
(ADR 0329).

A file's format is told by its first bytes, its magic number (``\\x7fELF``, ``PK\\x03\\x04``,
``%PDF``): an agent asks for the magic bytes of a file, and ``xxd`` writes them on
the row at offset zero (``00000000: 5154 494c 0300 …  QTIL…``), as ``hexdump -C``
(``00000000  51 54 49 4c …``) and ``od`` (``0000000 …``) do; none says "magic" ("signature",
its other name, is left out: it is the word of every crypto tool's signing). The linker
records a library search path in an executable (``-Wl,-rpath``): ``readelf -d`` writes it as
``(RUNPATH)  Library runpath: [/opt/quote/lib]``, ``objdump -p`` and ``chrpath`` as ``RUNPATH``
or ``RPATH``. An agent asks which directory is baked, embedded or hardcoded into the binary.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A dump's row at offset zero: six to sixteen zeros at the margin, ``xxd``'s colon, then the
# first byte in hex. Forty zeros (git's null object id) are no offset.
_FIRST_DUMP_ROW = precompiled(r"^0{6,16}:?[ \t]+[0-9A-Fa-f]{2}", re.M)

# The dynamic section's run path, by its tag (``DT_RUNPATH`` or the older ``DT_RPATH``).
_RUN_PATH = precompiled(r"(?<![A-Za-z])R(?:UN)?PATH(?![A-Za-z])")

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
BINARY_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("0", "000000"),), _FIRST_DUMP_ROW.search, "magic"),
    ((("P", "RUNPATH"), ("P", "RPATH")), _RUN_PATH.search, "baked embedded hardcoded directory"),
)
