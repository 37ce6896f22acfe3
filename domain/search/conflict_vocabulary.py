"""What a merge writes where two sides conflict, in the words an agent asks with: entries of the
tool vocabulary (``tool_vocabulary``), kept in a file of their own (ADR 0384).

``git merge``, ``git rebase``, ``diff3 -m``, ``merge`` (RCS) and ``git merge-file`` all write a
conflict the same way: the lines of one side after ``<<<<<<< name``, those of the other after
``=======``, closed by ``>>>>>>> name``; in the diff3 style (``diff3 -m``, git's
``merge.conflictStyle=diff3``) the lines of the common ancestor stand after ``||||||| name``
between them. An agent asks for the conflict markers, or what a line was in the common ancestor;
the output says neither word.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A conflict's opening or closing marker: seven characters at the margin, then a blank and the
# side's name or nothing. One is enough: a conflict longer than a section is cut between them.
_MARKER = precompiled(r"^(?:<{7}|>{7})(?: |$)", re.M)
# The diff3 style's marker of the common ancestor's lines.
_ANCESTOR = precompiled(r"^\|{7}(?: |$)", re.M)


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
CONFLICT_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("<", "<<<<<<<"), (">", ">>>>>>>")), _MARKER.search, "conflict markers"),
    ((("|", "|||||||"),), _ANCESTOR.search, "common ancestor"),
)
