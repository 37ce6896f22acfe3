"""Code that makes an HTTP request, as it is written on a command line (``requests.get(``,
``fetch('https:``, ``urllib.request``, ``Invoke-WebRequest``, …).

Its own module, importing only ``re``, and compiled on first use: routing first asks
``may_call_http`` — a few substring tests — of a command line, and most never need the pattern.
"""

from __future__ import annotations

import functools
import re

_SOURCE = (
    r"""fetch\s*\(\s*[`'"]?https?:"""
    r"""|\brequests\.(?:get|post|put|patch|delete|head|request)\s*\("""
    r"""|\bhttpx\.(?:get|post|put|patch|delete|head|request|stream|Client)\s*\("""
    r"""|\bhttps?\.(?:get|request)\s*\("""
    r"""|\brequire\(\s*['"]https?['"]\s*\)\.(?:get|request)\s*\("""
    r"""|\burlopen\s*\(|\burllib\.request\b"""
    r"""|\baxios(?:\.(?:get|post|put|patch|delete|request))?\s*\("""
    r"""|\bNet::HTTP\b|\bURI\.open\s*\(|\bopen-uri\b"""
    r"""|\bInvoke-(?:WebRequest|RestMethod)\b|\bLWP::|\bHTTP::Tiny\b"""
)
# Every text the pattern matches holds one of these, lowercased (``fetch(`` needs ``http``).
# The pattern ignores case the Unicode way (``ſ`` is an ``s`` there), so this holds for ASCII
# text only.
HTTP_WORDS = (
    "http",
    "requests",
    "urlopen",
    "urllib",
    "axios",
    "uri.open",
    "open-uri",
    "invoke-",
    "lwp::",
)


@functools.cache
def inline_http_pattern() -> re.Pattern[str]:
    return re.compile(_SOURCE, re.IGNORECASE)


def calls_http(code: str) -> bool:
    """True when ``code`` makes an HTTP request as written."""
    if code.isascii():
        lowered = code.lower()
        if not any(word in lowered for word in HTTP_WORDS):
            return False
    return inline_http_pattern().search(code) is not None
