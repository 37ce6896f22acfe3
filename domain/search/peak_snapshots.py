"""The snapshot a heap profile marks as its peak, said in the sections that show it.

ms_print (valgrind's massif) lists the snapshots it details under the graph, the peak marked
there alone: ``Detailed snapshots: [4, 9, …, 69, 72 (peak)]``. The snapshot's own row of the
table (`` 72     23,646,853        2,304,744 …``) and the allocation tree under it never say
"peak", and a long profile's table is cut into several sections, so a question about the
peak's heap finds the header, not the numbers. The number is read over the whole output;
every section holding that snapshot's row gets the word. Pure: two regular expressions.
"""

from __future__ import annotations

import functools
import re

from domain.precompiled import precompiled

_DETAILED = precompiled(r"^ Detailed snapshots: \[[^\]\n]*?\b(\d+) \(peak\)", re.M)
PEAK_WORDS = "peak"


def peak_snapshot(text: str) -> str:
    """The number of the snapshot ``text`` marks as its peak (``"72"``), or ``""``."""
    if "(peak)" not in text:
        return ""
    found = _DETAILED.search(text)
    return found.group(1) if found is not None else ""


def peak_facts(text: str, peak: str) -> str:
    """``PEAK_WORDS`` when ``text`` (one section of the output) holds the row of snapshot
    ``peak`` in ms_print's table (its number, then the time and the total bytes), else ``""``."""
    if not peak or peak not in text:
        return ""
    return PEAK_WORDS if _row(peak).search(text) is not None else ""


@functools.lru_cache(maxsize=8)
def _row(peak: str) -> re.Pattern[str]:
    """The table row of snapshot ``peak``: its number, then its time and two byte counts."""
    return re.compile(r"^ {0,3}" + peak + r" +[\d,]+ +[\d,]+ +[\d,]+ ", re.M)
