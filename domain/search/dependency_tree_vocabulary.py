"""What ``pipdeptree`` writes of a package's dependencies, in the words an agent asks with: an
entry of the tool vocabulary (``tool_vocabulary``), kept in a file of its own (ADR 0343).

``pipdeptree`` draws the packages a package requires under it, one line each:
``├── isort [required: >=5, installed: 9.0.2]``, then ``│   └── mypy_extensions [required:
>=1.1.0, installed: 1.2.0]`` under isort (older releases write ``  - name [required: …]``).
Reversed (``-r``), each line names a package that requires the one above it:
``└── pylint==4.1.5 [requires: platformdirs>=2.2]``. An agent asks what pulls in a package,
what depends on it; the tree says neither: the line is the answer by its place under its
parent.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A line of pipdeptree's tree: a branch (``├── ``, ``└── ``, under ``│`` and blanks; older
# releases' ``- ``), a package, then what the parent requires and what is installed, or, in a
# reversed tree, what the package requires of the one above.
_TREE_LINE = precompiled(
    r"^[ │]*(?:[├└]── |- )\S+ \[(?:required: [^\n\]]*?, installed: |requires: \S)", re.M
)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
DEPENDENCY_TREE_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("[", "[required: "), ("[", "[requires: ")), _TREE_LINE.search, "pulls depends"),
)
