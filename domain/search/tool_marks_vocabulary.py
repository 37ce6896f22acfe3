"""What iperf3's columns, nmap's port states, flex's output file and gawk's lint warnings mean, in
the words an agent asks with: entries of the tool vocabulary (``tool_vocabulary``), kept in a
file of their own (ADR 0408).

- iperf3 heads each table with ``[ ID] Interval  Transfer  Bitrate  Retr  Cwnd``: ``Retr`` is
  the TCP segments retransmitted, ``Cwnd`` the sender's congestion window (iperf3(1)), and a
  ``[SUM]`` row totals the streams a ``-P``/``--parallel`` run opened side by side.
- nmap writes a port's state in its ``PORT STATE SERVICE`` table: an ``open`` port accepts
  connections, and a ``closed`` one "is accessible (it receives and responds to Nmap probe
  packets), but there is no application listening on it" (nmap(1)): either was reached.
- flex writes the scanner it generates to ``lex.yy.c`` unless told another name (flex(1)).
- gawk's ``--lint`` warns of a ``reference to uninitialized variable``: a variable read before
  anything was assigned to it; and any tool's ``division by zero`` is a divisor of zero.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# iperf3's table header naming a column, and a ``[SUM]`` row after a header.
_RETRANSMITS = precompiled(r"\[ ID\] Interval[^\n]* Retr\b")
_WINDOW = precompiled(r"\[ ID\] Interval[^\n]* Cwnd\b")
_SUMMED = precompiled(r"\[ ID\] Interval[\s\S]*?\n\[SUM\] ")
_IPERF_TABLE = (("[", "[ ID] Interval"),)

# A row of nmap's port table whose port was reached: ``5432/tcp  closed postgresql``.
_REACHED_PORT = precompiled(r"(?m)^\d+/(?:tcp|udp|sctp) +(?:open|closed) ")

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words. Every sign is a string, found in the automaton's one pass (ADR 0401).
TOOL_MARKS_ENTRIES: tuple[VocabularyEntry, ...] = (
    (_IPERF_TABLE, _RETRANSMITS.search, "retransmissions retransmits"),
    (_IPERF_TABLE, _WINDOW.search, "congestion window"),
    (_IPERF_TABLE, _SUMMED.search, "parallel streams"),
    ((("N", "Nmap scan report for "),), _REACHED_PORT.search, "reachable"),
    ((("l", "lex.yy.c"),), bool, "generated scanner"),
    ((("u", "uninitialized variable"),), bool, "never assigned"),
    ((("d", "division by zero"),), bool, "divisor"),
)
