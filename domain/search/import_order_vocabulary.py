"""What ``isort --check-only`` writes of a file whose imports are out of order, in the words an
agent asks with: an entry of the tool vocabulary (``tool_vocabulary``), kept in a file of its
own (ADR 0340).

``isort --check-only`` writes one line a file it would change: ``ERROR: PATH Imports are
incorrectly sorted and/or formatted.`` An agent asks which file has unsorted imports: isort
never says "unsorted", and ruff's rule ``I001`` (``Import block is un-sorted or
un-formatted``), whose help names it ``unsorted-imports``, answered instead.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# isort's line for a file it would change (``ERROR: `` then the path, as isort 5 and later
# write it).
_INCORRECTLY_SORTED = precompiled(r"^ERROR: \S[^\n]* Imports are incorrectly sorted\b", re.M)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
IMPORT_ORDER_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("I", "Imports are incorrectly sorted"),), _INCORRECTLY_SORTED.search, "unsorted"),
)
