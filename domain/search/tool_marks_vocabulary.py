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
from domain.search.mark_facts import MARKS
from domain.search.vocabulary_entry import VocabularyEntry

# iperf3's table header naming a column, and a ``[SUM]`` row after a header.
_RETRANSMITS = precompiled(r"\[ ID\] Interval[^\n]* Retr\b")
_WINDOW = precompiled(r"\[ ID\] Interval[^\n]* Cwnd\b")
_SUMMED = precompiled(r"\[ ID\] Interval[\s\S]*?\n\[SUM\] ")
_IPERF_TABLE = (("[", "[ ID] Interval"),)

# A row of nmap's port table whose port was reached: ``5432/tcp  closed postgresql``.
_REACHED_PORT = precompiled(r"(?m)^\d+/(?:tcp|udp|sctp) +(?:open|closed) ")

# Lua's parser refusing a file, as luacheck (E011) and lua/luac report it:
# ``prices.lua:6:17: expected identifier near 'for'``, ``x.lua:3: unexpected symbol near '='``.
_LUA_SYNTAX = precompiled(r"\.lua:\d+:(?:\d+:)? (?:\(E011\) )?[^\n]*? near '")

# gfortran's runtime error names the source line it stopped at: ``At line 7 of file boil.f90``.
_FORTRAN_AT_LINE = precompiled(r"\bAt line \d+ of file \S")

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words. Every sign is a string, found in the automaton's one pass (ADR 0401).
TOOL_MARKS_ENTRIES: tuple[VocabularyEntry, ...] = (
    (_IPERF_TABLE, _RETRANSMITS.search, "retransmissions retransmits"),
    (_IPERF_TABLE, _WINDOW.search, "congestion window"),
    (_IPERF_TABLE, _SUMMED.search, "parallel streams"),
    ((("N", "Nmap scan report for "),), _REACHED_PORT.search, "reachable"),
    ((("l", "lex.yy.c"),), bool, "generated scanner"),
    # gawk's uninitialized variable, a division by zero: the marks a line's facts say too.
    *((((mark[0], mark),), bool, words) for mark, words in MARKS),
    # ethtool's ``-k``/``-K`` feature names, by the short names ethtool(8)'s ``-K`` takes.
    ((("g", "generic-receive-offload: "),), bool, "gro"),
    ((("t", "tcp-segmentation-offload: "),), bool, "tso"),
    ((("g", "generic-segmentation-offload: "),), bool, "gso"),
    ((("l", "large-receive-offload: "),), bool, "lro"),
    ((("-", "-offload: on"),), bool, "enabled"),
    # luacheck's W111 and W112: a global variable assigned to.
    ((("s", "setting non-standard global variable"),), bool, "global written assigned"),
    ((("m", "mutating non-standard global variable"),), bool, "global written"),
    ((("n", " near '"),), _LUA_SYNTAX.search, "syntax error"),
    # sqlfluff, "the SQL linter" (its own description), run as a command.
    ((("$", "$ sqlfluff "),), bool, "sql linter"),
    ((("A", "At line "),), _FORTRAN_AT_LINE.search, "source"),
    # qemu-img resize refusing a size below the image's: a shrink must be asked for.
    ((("-", "--shrink option"),), bool, "smaller"),
)
