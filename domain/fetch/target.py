"""What a URL asks capy to connect to: scheme, normalised host and port.

Hosts are normalised the way resolvers read them, so the check and the connection see the same
name: lower case, one trailing dot dropped, IDNA to ASCII. Spellings that only exist to hide an
address — inet_aton forms (``2130706433``, ``0177.0.0.1``, ``0x7f.1``, ``127.1``), zone ids,
percent-encoding, user-info (``http://docs.example.com@127.0.0.1/``) — are refused outright.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import attrs

from domain.fetch.addresses import IPAddress, parse_address, refusal_reason
from domain.fetch.errors import FetchRefused

DEFAULT_PORTS = {"http": 80, "https": 443}

PUBLIC_ONLY_HINT = (
    "capy fetches public http(s) addresses only; for an internal docs server, add "
    '"host" or "host:port" to [fetch] allow_private_hosts in the global capy config'
)
_NUMERIC_LABEL = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")
_NAME = re.compile(r"^[a-z0-9_-]+(\.[a-z0-9_-]+)*$")


@attrs.frozen
class FetchTarget:
    """One hop's destination. ``address`` is set when the host is an IP literal."""

    scheme: str
    host: str
    port: int
    address: IPAddress | None = None

    @property
    def authority(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


def parse_target(url: str) -> FetchTarget:
    """Check ``url`` without touching the network (DNS comes later, in the fetcher)."""
    text = url.strip()
    if not text:
        raise FetchRefused("no URL given", "pass the http(s) URL of the page to fetch")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as exc:
        raise FetchRefused(f"cannot parse URL {text!r}: {exc}", PUBLIC_ONLY_HINT) from None
    if "@" in parts.netloc:
        raise _userinfo_refusal(text)
    host = parts.netloc.rsplit(":", 1)[0] if not parts.netloc.startswith("[") else parts.hostname
    return make_target(parts.scheme, host or "", port)


def make_target(
    scheme: str, raw_host: str, port: int | None, has_userinfo: bool = False
) -> FetchTarget:
    """Validate URL parts already split by a parser (the fetcher passes httpx's)."""
    scheme = scheme.lower()
    if scheme not in DEFAULT_PORTS:
        shown = f"a {scheme}: URL" if scheme else "a URL without http:// or https://"
        raise FetchRefused(
            f"cannot fetch {shown}: only http and https are supported",
            "pass a full URL such as https://docs.example.com/page",
        )
    if has_userinfo:
        raise _userinfo_refusal(raw_host)
    if port is not None and not 0 < port < 65536:
        raise FetchRefused(f"port {port} is out of range", "use a port between 1 and 65535")
    host, address = normalise_host(raw_host)
    return FetchTarget(scheme, host, port or DEFAULT_PORTS[scheme], address)


def normalise_host(raw: str) -> tuple[str, IPAddress | None]:
    """The canonical host text and, for IP literals, the address; refuses hiding spellings."""
    host = raw.strip().removeprefix("[").removesuffix("]")
    if not host:
        raise FetchRefused("the URL has no host", "pass a full http(s) URL with a host name")
    if "%" in host:
        what = "an IPv6 zone id" if ":" in host else "a percent-encoded host"
        raise FetchRefused(f"refusing {raw!r}: {what} is not accepted", PUBLIC_ONLY_HINT)
    if ":" in host:
        address = parse_address(host)
        if address is None:
            raise FetchRefused(f"{raw!r} is not a valid IPv6 address", "check the URL")
        return str(address), address
    if host.endswith("."):
        host = host[:-1]
    try:
        host = host.encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise FetchRefused(f"{raw!r} is not a valid host name", "check the URL") from None
    if not _NAME.match(host):
        raise FetchRefused(f"{raw!r} is not a valid host name", "check the URL")
    labels = host.split(".")
    if all(_NUMERIC_LABEL.match(label) for label in labels):
        return _ipv4_literal(raw, host)
    return host, None


def _ipv4_literal(raw: str, host: str) -> tuple[str, IPAddress]:
    address = parse_address(host)
    if address is not None and str(address) == host:
        return host, address
    value = _inet_aton(host)
    if value is None:
        raise FetchRefused(f"{raw!r} is not a valid IPv4 address", "check the URL")
    reason = refusal_reason(value)
    if reason:
        raise FetchRefused(
            f"refusing to fetch {raw!r}: it spells {value}, {reason}", PUBLIC_ONLY_HINT
        )
    raise FetchRefused(
        f"refusing {raw!r}: an IPv4 address must be written as four decimal numbers",
        f"use {value} if that is the address you mean",
    )


def _inet_aton(host: str) -> IPAddress | None:
    """The address the C resolver reads from 1–4 decimal/octal/hex parts, or None."""
    labels = host.split(".")
    if len(labels) > 4:
        return None
    numbers: list[int] = []
    for label in labels:
        if label.startswith("0x"):
            numbers.append(int(label[2:] or "0", 16))
        elif len(label) > 1 and label.startswith("0"):
            if not set(label) <= set("01234567"):
                return None
            numbers.append(int(label, 8))
        else:
            numbers.append(int(label))
    *head, last = numbers
    if any(n > 255 for n in head) or last >= 256 ** (4 - len(head)):
        return None
    value = last
    for index, number in enumerate(head):
        value |= number << (8 * (3 - index))
    return parse_address(str(_to_dotted(value)))


def _to_dotted(value: int) -> str:
    return ".".join(str((value >> shift) & 0xFF) for shift in (24, 16, 8, 0))


def _userinfo_refusal(where: str) -> FetchRefused:
    return FetchRefused(
        f"refusing a URL that carries a user name or password (host {where})",
        "remove the 'user@' part: capy never sends credentials in URLs, and the part after "
        "'@' is the real host",
    )
