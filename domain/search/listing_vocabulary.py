"""What file and name listings write, in the words an agent asks with: entries of the tool
vocabulary (``tool_vocabulary``), kept in a file of their own (ADR 0314).

``dig -x 10.60.4.12`` answers with a PTR record of ``12.4.60.10.in-addr.arpa.``: the record a
"reverse lookup" asks for, though the answer says neither word.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A PTR record as ``dig`` writes it (``host`` writes ``domain name pointer``): the reversed
# address under ``in-addr.arpa`` or ``ip6.arpa``, the time to live, the class, ``PTR``, a name.
_PTR_RECORD = precompiled(r"\.arpa\.?[ \t]+(?:\d+[ \t]+)?(?:IN[ \t]+)?PTR[ \t]+\S")

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
LISTING_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("PTR", "PTR"),), _PTR_RECORD.search, "reverse lookup"),  # ADR 0314
)
