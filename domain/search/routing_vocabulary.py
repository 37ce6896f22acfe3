"""What ``ip rule`` writes of the routing policy database, in the words an agent asks with: an
entry of the tool vocabulary (``tool_vocabulary``), kept in a file of its own (ADR 0331).

``ip rule`` (ip-rule(8): "routing policy database management") writes one policy routing rule a
line: its priority, a colon and a tab, then the selector and the table it sends to
(``1000:	from 10.20.0.0/24 lookup 100``). An agent asks for the policy rule of a subnet: the
output says "rule" only in the command that printed it, and "policy" nowhere; ``nft``'s
ruleset, which says both (``policy drop``), answered instead.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A line of ``ip rule``: the priority, a colon and a tab (iproute2 writes ``%u:\t``), the
# selector, negated or not, which always starts with its source (``from all``), then the
# rule's action: the table it looks up, or a route type (``blackhole``, ``goto 300``).
_POLICY_RULE = precompiled(
    r"^\d+:\t(?:not )?from \S+ [^\n]*?\b(?:lookup|blackhole|unreachable|prohibit|goto|nop)\b",
    re.M,
)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
ROUTING_ENTRIES: tuple[VocabularyEntry, ...] = (((("\t", ":\t"),), _POLICY_RULE.search, "policy"),)
