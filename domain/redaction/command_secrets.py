"""Passwords that commands and config formats take without a ``name=`` in front of them.

``mysql -pSECRET``, ``curl -u user:SECRET``, ``sshpass -p SECRET``, ``docker login -p SECRET``,
``redis-cli -a SECRET``, redis.conf ``requirepass SECRET``, ``~/.netrc`` ``password SECRET``,
``~/.pgpass`` lines and SQL ``IDENTIFIED BY 'SECRET'`` / ``PASSWORD 'SECRET'``. The context is
unambiguous, so any length counts; placeholders (``$PW``, ``<password>``) stay readable.
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.redaction.assignments import Span
from domain.redaction.lazy_pattern import LazyPattern
from domain.redaction.secret_values import is_placeholder

_VALUE = r"(?P<q>['\"]?)(?P<secret>[^\s'\"]+)(?P=q)"
# Each pattern with the words one of which the text must hold for it to be worth running.
_PATTERNS: tuple[tuple[tuple[str, ...], LazyPattern], ...] = (
    (
        ("mysql",),
        LazyPattern(rf"\bmysql(?:dump|admin|import|sh|check)?\b[^\n|;&]*?[ \t]-p{_VALUE}"),
    ),
    (
        ("-u",),
        LazyPattern(
            r"\b(?:curl|wget|http|https|xh)\b[^\n|;&]*?[ \t](?:-u|--user)[ =]?['\"]?"
            r"[^\s:'\"]+:(?P<secret>[^\s'\"@]+)"
        ),
    ),
    (("sshpass",), LazyPattern(rf"\bsshpass[ \t]+-p[ \t]*{_VALUE}")),
    (
        ("login",),
        LazyPattern(
            rf"\b(?:docker|podman|helm|oras)\b[^\n|;&]*?\blogin\b[^\n|;&]*?[ \t]-p[ =]?{_VALUE}"
        ),
    ),
    (("redis-cli",), LazyPattern(rf"\bredis-cli\b[^\n|;&]*?[ \t]-a[ \t]+{_VALUE}")),
    (
        ("requirepass", "masterauth", "masterpass"),
        LazyPattern(rf"(?im)^[ \t]*(?:requirepass|masterauth|masterpass)[ \t]+{_VALUE}"),
    ),
    (
        ("identified", "password"),
        LazyPattern(
            r"(?i)\b(?:(?:user|role)\b[^\n;]*?\bidentified[ \t]+(?:with[ \t]+\w+[ \t]+)?by"
            r"|(?:with|login|encrypted|unencrypted|user|role)[ \t]+password)[ \t]+"
            r"'(?P<secret>[^'\n]+)'"
        ),
    ),
)
_NETRC = LazyPattern(
    r"(?:^|\s)(?:machine[ \t]+\S+|default)(?:\s+(?:login|account|port|protocol)\s+\S+)*"
    rf"\s+password\s+{_VALUE}"
)
_PGPASS = LazyPattern(r"(?m)^[^:\s#]+:(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:(?P<secret>[^\s]+)$")


def command_secret_spans(text: str, lowered: str) -> Iterator[Span]:
    """Where such passwords are; ``lowered`` is ``text.lower()`` (for cheap look-ups)."""
    for triggers, pattern in _PATTERNS:
        if any(trigger in lowered for trigger in triggers):
            yield from _secrets(pattern, text)
    if "machine" in lowered and "login" in lowered:
        yield from _secrets(_NETRC, text)
    if text.count(":") >= 4:
        yield from _secrets(_PGPASS, text)


def _secrets(pattern: LazyPattern, text: str) -> Iterator[Span]:
    for match in pattern.finditer(text):
        secret = match.group("secret")
        if any(c.isalnum() for c in secret) and not is_placeholder(secret):
            yield Span(match.start("secret"), match.end("secret"))
