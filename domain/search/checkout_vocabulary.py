"""What ``git submodule status`` writes, in the words an agent asks with: an entry of the tool
vocabulary (``tool_vocabulary``), kept in a file of its own (ADR 0305).

``git submodule status`` writes each submodule's commit and path, behind a mark: ``+`` when
"the currently checked out submodule commit does not match the SHA-1 found in the index of the
containing repository" (its manual). An agent asks which submodule is at a different commit
than recorded, or out of sync: the row says only ``+``.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A row of ``git submodule status`` checked out at another commit than recorded: ``+`` at the
# margin, the full commit, a blank, the path. Searched from the newline before it, as
# ``run_vocabulary._TRACED``.
_MOVED_SUBMODULE = precompiled(r"\n\+[0-9a-f]{40} \S")


def _moved_submodule(text: str) -> bool:
    """Whether a line of ``text`` is a submodule's row marked as at another commit."""
    return _MOVED_SUBMODULE.search("\n" + text) is not None


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
CHECKOUT_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("+", "+"),), _moved_submodule, "different recorded"),
)
