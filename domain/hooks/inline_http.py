"""Code that makes an HTTP request, as it is written on a command line (``requests.get(``,
``fetch('https:``, ``urllib.request``, ``Invoke-WebRequest``, …).

Its own module, importing only ``re``: routing asks it of a command line of plain words before
deciding whether the shell reader is needed at all.
"""

from __future__ import annotations

import re

INLINE_HTTP = re.compile(
    r"""fetch\s*\(\s*[`'"]?https?:"""
    r"""|\brequests\.(?:get|post|put|patch|delete|head|request)\s*\("""
    r"""|\bhttpx\.(?:get|post|put|patch|delete|head|request|stream|Client)\s*\("""
    r"""|\bhttps?\.(?:get|request)\s*\("""
    r"""|\brequire\(\s*['"]https?['"]\s*\)\.(?:get|request)\s*\("""
    r"""|\burlopen\s*\(|\burllib\.request\b"""
    r"""|\baxios(?:\.(?:get|post|put|patch|delete|request))?\s*\("""
    r"""|\bNet::HTTP\b|\bURI\.open\s*\(|\bopen-uri\b"""
    r"""|\bInvoke-(?:WebRequest|RestMethod)\b|\bLWP::|\bHTTP::Tiny\b""",
    re.IGNORECASE,
)
