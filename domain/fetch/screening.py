"""The SSRF rule: which hosts and resolved addresses a fetch may reach.

Every resolved address must be public (one private answer among public ones is enough to
refuse: the connection could land on it). A user may open specific internal hosts in the
global config only (``[fetch] allow_private_hosts``), as ``host`` or ``host:port``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from domain.errors import ConfigError
from domain.fetch.addresses import IPAddress, refusal_reason
from domain.fetch.errors import FetchRefused
from domain.fetch.target import PUBLIC_ONLY_HINT, FetchTarget, normalise_host


@attrs.frozen
class PrivateHostAllowList:
    """Hosts the user opened for fetching; a missing port means any port."""

    entries: frozenset[tuple[str, int | None]] = frozenset()

    @classmethod
    def parse(cls, raw_entries: Iterable[str]) -> PrivateHostAllowList:
        return cls(frozenset(_parse_entry(entry) for entry in raw_entries))

    def allows(self, target: FetchTarget) -> bool:
        return (target.host, None) in self.entries or (target.host, target.port) in self.entries


def screen_target(target: FetchTarget, allowed: PrivateHostAllowList) -> None:
    """Refuse what is known before DNS: local names and non-public IP literals."""
    if allowed.allows(target):
        return
    if target.host == "localhost" or target.host.endswith(".localhost"):
        raise FetchRefused(f"refusing to fetch {target.host}: it is this machine", PUBLIC_ONLY_HINT)
    if target.address is not None:
        screen_addresses(target, (target.address,), allowed)


def screen_addresses(
    target: FetchTarget, addresses: Sequence[IPAddress], allowed: PrivateHostAllowList
) -> None:
    """Refuse unless every address ``target.host`` resolved to may be reached."""
    if not addresses:
        raise FetchRefused(
            f"{target.host} did not resolve to any address", "check the host name and network"
        )
    opened = allowed.allows(target)
    for address in addresses:
        if opened and not (address.is_unspecified or address.is_multicast):
            continue
        reason = refusal_reason(address)
        if reason:
            shown = target.host if target.address is not None else f"{target.host} ({address})"
            raise FetchRefused(f"refusing to fetch {shown}: {reason}", PUBLIC_ONLY_HINT)


def _parse_entry(entry: str) -> tuple[str, int | None]:
    text = entry.strip()
    host, port = text, None
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = _port(entry, rest.removeprefix(":")) if rest else None
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
        port = _port(entry, port_text)
    try:
        normalised, _ = normalise_host(host)
    except FetchRefused as exc:
        raise ConfigError(
            f"[fetch] allow_private_hosts: {entry!r} is not a host or host:port ({exc.message})",
            'write entries like "docs.internal", "docs.internal:8080" or "10.1.2.3"',
        ) from None
    return normalised, port


def _port(entry: str, text: str) -> int:
    if text.isdigit() and 0 < int(text) < 65536:
        return int(text)
    raise ConfigError(
        f"[fetch] allow_private_hosts: {entry!r} has an invalid port",
        "use a port between 1 and 65535, or leave it out to allow every port",
    )
