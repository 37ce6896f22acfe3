"""The port a ``tc`` u32 filter matches, in the decimal an agent asks with.

``tc filter show`` prints a u32 filter's port selector (``match ip dport 443 0xffff``) as the
32-bit word it compares at the transport header's offset in the IPv4 packet, in hexadecimal:
``match 000001bb/0000ffff at 20`` is destination port 443, ``match 01bb0000/ffff0000 at 20``
source port 443 (the two ports share that word, the source port in its high half). The agent
asks which class the traffic on port 443 goes to; the output says ``01bb``. A section printing
such a match gets ``port`` and the port's number among its facts.
"""

from __future__ import annotations

from collections.abc import Set

from domain.precompiled import precompiled

# A u32 match of one port: the word, a mask selecting one half of it, at offset 20.
_PORT_SELECTOR = precompiled(r"\bmatch ([0-9a-f]{8})/(0000ffff|ffff0000) at 20\b")
# Every match holds its mask before the offset; `` at 20`` alone is in every log line dated
# 20xx, where the pattern's scan cost indexing ~4 % (ADR 0309).
PORT_MASK_SIGNS = ("/0000ffff at 20", "/ffff0000 at 20")


def filter_port_facts(text: str, held: Set[str] | None = None) -> str:
    """``port`` and the ports ``text``'s u32 matches select, in decimal, in the order first
    matched; ``""`` for a text printing none. ``held``: the signs of ``fact_gates`` that
    ``text`` holds, when the caller has found them (ADR 0410)."""
    if held is not None:
        if held.isdisjoint(PORT_MASK_SIGNS):
            return ""
    elif PORT_MASK_SIGNS[0] not in text and PORT_MASK_SIGNS[1] not in text:
        return ""
    ports: list[str] = []
    for found in _PORT_SELECTOR.finditer(text):
        word = int(found.group(1), 16)
        port = word & 0xFFFF if found.group(2) == "0000ffff" else word >> 16
        # A value with bits outside its mask is no port selector tc would print.
        if word & ~int(found.group(2), 16) & 0xFFFFFFFF:
            continue
        if str(port) not in ports:
            ports.append(str(port))
    return f"port {' '.join(ports)}" if ports else ""
