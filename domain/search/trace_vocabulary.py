"""What ``python -m trace`` writes in its annotated listings, in the words an agent asks with:
entries of the tool vocabulary (``tool_vocabulary``), kept in a file of their own (ADR 0268).

``python -m trace --count --missing`` writes each module's lines into a ``.cover`` file, each
behind the times it ran (``    5: base = ZONES.get(zone)``) or, for a line that never ran,
behind ``>>>>>>`` (its manual: "mark lines that were never executed with ``>>>>>>``"). An agent
asks whether a branch is ever reached, executed or applied: the listing says none of those
words.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A never-run line of a ``.cover`` listing: ``>>>>>>`` at the margin, a blank, the code.
_NEVER_RAN = precompiled(r"^>>>>>> +\S", re.M)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
TRACE_ENTRIES: tuple[VocabularyEntry, ...] = (
    (((">", ">>>>>> "),), _NEVER_RAN.search, "executed reached applied uncovered"),
)
