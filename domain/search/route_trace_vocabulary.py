"""What ``traceroute`` writes as marks, in the words an agent asks with: an entry of the tool
vocabulary (``tool_vocabulary``), kept in a file of its own (ADR 0398).

``traceroute`` opens each trace with ``traceroute to harbour-db (10.40.3.10), 30 hops max, 60
byte packets``, then writes a line a hop, ``' 3  10.40.3.10  0.412 ms'``, and stops at the hop
that is the destination: a hop holding the destination's address says the probes reached it.
A trace that never reached it ends on ``*`` lines (no reply) or at its ``hops max``. Its probes
are UDP datagrams unless an option names another method: ``-I``/``--icmp`` ICMP echo requests,
``-T``/``--tcp`` TCP SYNs (traceroute(8)). An agent asks where the ICMP trace reached the
server: the output says only the option and the address.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A trace's header, then its hop lines up to one holding the destination's address (by name,
# `` 3  db (10.40.3.10)  0.4 ms``, or by address alone with ``-n``).
_REACHED = precompiled(
    r"traceroute to \S+ \(([\d.:a-fA-F]+)\), \d+ hops max,[^\n]*"
    r"(?:\n[ \d]\d  [^\n]*)*?\n[ \d]\d  (?:[^\n]*\()?\1[ )]"
)

# A ``traceroute`` command's option naming its probes' method, among its options.
_OPTIONS = r"(?<![\w/-])traceroute(?: -[^\n]*?)? "
_ICMP = precompiled(_OPTIONS + r"(?:-I|--icmp)(?![\w-])")
_TCP = precompiled(_OPTIONS + r"(?:-T|--tcp)(?![\w-])")

# The sign of every entry below, a scan asked once for all of them (``tool_vocabulary``'s shared
# scans, ADR 0361) behind the header's ``,``: every output of ``traceroute`` holds its header, and
# sections of words, which hold ``-`` everywhere, are spared the scan. A command's option is named
# only in a section holding a trace's header.
ROUTE_TRACE_SIGN = precompiled(r" hops max,")
_SIGNS = ((",", ROUTE_TRACE_SIGN.search),)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
ROUTE_TRACE_ENTRIES: tuple[VocabularyEntry, ...] = (
    (_SIGNS, _REACHED.search, "reached destination"),
    (_SIGNS, _ICMP.search, "icmp echo"),
    (_SIGNS, _TCP.search, "tcp syn"),
)
