"""What a firewall's rules write of the ssh port, of the networks they match and of what they
let in, in the words an agent asks with: entries of the tool vocabulary (``tool_vocabulary``),
kept in a file of their own (ADR 0339).

A packet filter's rule names the port it matches by number: ``iptables -L -n`` writes
``tcp dpt:22``, ``iptables -S`` and ``iptables-save`` write ``--dport 22``, ``nft list
ruleset`` writes ``tcp dport 22``. Without ``-n`` iptables itself writes the port's service
name from ``/etc/services`` (``tcp dpt:ssh``): port 22 is ssh. An agent asks which subnet may
reach ssh; the numeric listing never says the word.

The same rules match a source or a destination network by its prefix: ``-s 10.42.0.0/16``
(``iptables -S``, ``iptables-save``). A prefix shorter than 32 bits is a subnet (``/32`` is
one host); the rules never say "subnet". (Not nft's ``ip saddr 192.0.2.0/24``: an nft ruleset
then answered a question about BGP announcing a subnet, which has no answer.) And a rule whose
target is ``ACCEPT`` (nft: ``accept``) says which traffic is allowed, may reach the host; the
rules say neither word.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A rule matching destination port 22: iptables' ``dpt:22`` (``-L``) or ``--dport 22``
# (``-S``, ``iptables-save``), nft's ``dport 22``; not port 220 nor a range from 22.
_SSH_PORT = precompiled(r"\bdpt:22(?![\d:])|\bdport 22(?![\d:-])")

# A rule matching a source or destination network shorter than a host's ``/32``: a rule of
# ``iptables -S`` or ``iptables-save`` (``-A CHAIN``, then ``-s`` or ``-d`` and the network, a
# ``!`` between when negated).
_SUBNET_RULE = precompiled(
    r"^-[AI] \S+ (?:[^\n]*? )?-[sd] (?:! )?\d+\.\d+\.\d+\.\d+/(?:[12]?\d|3[01])(?!\d)", re.M
)

# A rule accepting what it matches: ``-j ACCEPT`` on a rule of ``iptables -S`` or
# ``iptables-save``, a row of ``iptables -L --line-numbers`` (number, packets, bytes, then the
# target), or an nft rule matching a port or an address that ends on ``accept``.
_ACCEPTING_RULE = precompiled(
    r"^-[AI] \S+ [^\n]*-j ACCEPT\b"
    r"|^\d+ +\d+[KMGT]? +\d+[KMGT]? +ACCEPT "
    r"|^(?=[^\n]*\b(?:dport|sport|saddr|daddr) )[^\n]*\baccept$",
    re.M,
)

_NFT_SELECTORS = ("dport ", "sport ", "saddr ", "daddr ")


def _accepts(text: str) -> bool:
    """``_ACCEPTING_RULE`` found in ``text``, asked only of a text holding what one of its
    forms needs: ``accept`` is a word of many logs, and the pattern read each of their lines."""
    if "-j ACCEPT" in text or " ACCEPT " in text:
        return _ACCEPTING_RULE.search(text) is not None
    ends_accepting = "accept\n" in text or text.endswith("accept")
    if ends_accepting and any(m in text for m in _NFT_SELECTORS):
        return _ACCEPTING_RULE.search(text) is not None
    return False


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
FIREWALL_ENTRIES: tuple[VocabularyEntry, ...] = (
    (((":", "dpt:22"), (" ", "dport 22")), _SSH_PORT.search, "ssh"),
    ((("A", "-A "), ("I", "-I ")), _SUBNET_RULE.search, "subnet"),
    ((("A", "ACCEPT"), ("a", "accept")), _accepts, "allow reach"),
)
