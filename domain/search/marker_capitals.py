"""Whether a text's capitals are all redaction's.

Redaction writes ``[REDACTED_SECRET]`` and ``[REDACTED]`` where a secret was, so a section of
lower-case output that held one has capitals only there. A fact looked for by its capitals
(``ERROR``, ``202 Accepted``) is not in such a section when none of its matches can be made of
or meet a marker's letters: each of those capitals stands between ``[``, a capital, ``_`` and
``]``, never after a space, and the markers hold no sign in capitals.
"""

from __future__ import annotations

# ``domain.redaction``'s ``SECRET_MARKER`` and ``PRIVATE_MARKER`` (a test holds them equal);
# spelt here so that search, which reads facts, never imports redaction's patterns.
MARKERS = ("[REDACTED_SECRET]", "[REDACTED]")
_MARKER_OPENING = "[REDACTED"


def capitals_only_in_markers(text: str) -> bool:
    """Whether every character ``lower`` changes in ``text`` is inside a redaction marker:
    the text with each marker made a space is its own lower-case copy. Occurrences of the two
    never overlap (``[`` is only a marker's first character), and a space, unlike nothing,
    joins no ``[REDACTED`` and ``]`` around a marker into a new one."""
    if _MARKER_OPENING not in text:
        return False
    rest = text
    for marker in MARKERS:
        rest = rest.replace(marker, " ")
    return rest.lower() == rest
