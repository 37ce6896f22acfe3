"""What a unified diff writes of a line it moves, in the words an agent asks with: an entry of
the tool vocabulary (``tool_vocabulary``), kept in a file of its own (ADR 0344).

A diff has no move: a line taken from one place and put in another is written twice in the
hunk, removed (``-import requests``) and added (``+import requests``) — ``git diff
--color-moved`` colours such pairs for that reason. ``isort --diff``, ``black --diff``, ``ruff
format --diff`` and a ``git diff`` of reordered code all move lines so. An agent asks where a
tool moves a line; the diff never says the word.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A hunk's header, ``@@ -1,9 +1,13 @@``: the text is a unified diff.
_HUNK = precompiled(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@", re.M)
# A line the hunk removes or adds: its mark, then what it says without the blanks around it;
# not a file's header (``--- a/x``, ``+++ b/x``).
_CHANGED_LINE = precompiled(r"^(?!(?:---|\+\+\+) )([-+])[ \t]*(\S[^\n]*?)[ \t]*$", re.M)
# A word of three letters or more.
_WORD = precompiled(r"[A-Za-z_]{3}")
# The fewest characters a moved line says: a lone brace, ``end`` or ``else:`` removed and added
# is the diff's alignment, not a move.
_SHORTEST_MOVED = 7


def _moves_a_line(text: str) -> bool:
    """Whether ``text``, a unified diff, removes a line holding a word and adds it again (blanks
    aside)."""
    if _HUNK.search(text) is None:
        return False
    removed: set[str] = set()
    added: set[str] = set()
    for mark, line in _CHANGED_LINE.findall(text):
        if len(line) >= _SHORTEST_MOVED and _WORD.search(line):
            (removed if mark == "-" else added).add(line)
    return not removed.isdisjoint(added)


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
MOVED_LINES_ENTRIES: tuple[VocabularyEntry, ...] = (((("@", "@@ -"),), _moves_a_line, "moved"),)
