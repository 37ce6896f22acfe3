"""Which IP addresses a fetch must never reach.

The rule is "globally routable unicast only": loopback, private, link-local (cloud metadata at
169.254.169.254 included), CGNAT, unspecified, multicast, reserved, benchmarking and
documentation ranges are refused, and so is any IPv6 form that carries such an IPv4 address
inside it (IPv4-mapped and -compatible, 6to4, Teredo, NAT64), because a dual-stack host or a
translating gateway would deliver the packet to the embedded address.
"""

from __future__ import annotations

from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address

IPAddress = IPv4Address | IPv6Address

_CGNAT = IPv4Network("100.64.0.0/10")
_BENCHMARKING = IPv4Network("198.18.0.0/15")
_THIS_NETWORK = IPv4Network("0.0.0.0/8")
_SIX_TO_FOUR = IPv6Network("2002::/16")
_TEREDO = IPv6Network("2001::/32")
_NAT64 = (IPv6Network("64:ff9b::/96"), IPv6Network("64:ff9b:1::/48"))
_IPV4_COMPATIBLE = IPv6Network("::/96")
_BROADCAST = IPv4Address("255.255.255.255")
_DOCUMENTATION = (
    IPv4Network("192.0.2.0/24"),
    IPv4Network("198.51.100.0/24"),
    IPv4Network("203.0.113.0/24"),
    IPv6Network("2001:db8::/32"),
    IPv6Network("3fff::/20"),
)


def parse_address(text: str) -> IPAddress | None:
    """A canonical IPv4/IPv6 literal, or None (zone ids are not addresses capy accepts)."""
    try:
        return ip_address(text)
    except ValueError:
        return None


def refusal_reason(address: IPAddress) -> str | None:
    """Why ``address`` is not a public unicast address, or None when it is."""
    if isinstance(address, IPv6Address):
        embedded = embedded_ipv4(address)
        if embedded is not None:
            inner = refusal_reason(embedded)
            return f"{inner} (embedded in an IPv6 address)" if inner else None
        if address.scope_id:
            return "an IPv6 address with a zone id"
    return _own_reason(address)


def embedded_ipv4(address: IPv6Address) -> IPv4Address | None:
    """The IPv4 address an IPv6 transition form delivers to, if it is one."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.teredo is not None:
        return address.teredo[1]
    if address.sixtofour is not None:
        return address.sixtofour
    packed = address.packed
    if any(address in net for net in _NAT64):
        return IPv4Address(packed[-4:])
    if address in _IPV4_COMPATIBLE and int(address) > 1:
        return IPv4Address(packed[-4:])
    return None


def _own_reason(address: IPAddress) -> str | None:
    checks: tuple[tuple[bool, str], ...] = (
        (address.is_unspecified, "the unspecified address"),
        (address.is_loopback, "a loopback address"),
        (address.is_link_local, "a link-local address (cloud metadata lives here)"),
        (address.is_multicast, "a multicast address"),
        (isinstance(address, IPv4Address) and address in _CGNAT, "a carrier-grade NAT address"),
        (isinstance(address, IPv4Address) and address in _BENCHMARKING, "a benchmarking address"),
        (isinstance(address, IPv4Address) and address in _THIS_NETWORK, "a 'this network' address"),
        (isinstance(address, IPv6Address) and address.is_site_local, "a site-local address"),
        (address == _BROADCAST, "the broadcast address"),
        (any(address in net for net in _DOCUMENTATION), "a documentation address"),
        (address.is_reserved, "a reserved address"),
        (address.is_private, "a private-network address"),
        (not address.is_global, "an address that is not publicly routable"),
    )
    for refused, reason in checks:
        if refused:
            return reason
    return None


__all__ = ["IPAddress", "embedded_ipv4", "parse_address", "refusal_reason"]
