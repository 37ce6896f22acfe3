"""Words that say how something went rather than what it is about.

"fatal disk error" is about a disk, and an output that never says "error" can still answer it.
``is_generic`` names those words — ``error``, ``failed`` and the nouns agents pad a question
with (``problem``, ``issue``, ``bug``) — and answerability never lets their absence silence a
query (ADR 0054). ``crashed``, ``timeout`` and ``slow`` are not among them: "tests that timed
out" asks about timeouts, and an output without one cannot answer it.
"""

from __future__ import annotations

# Words agents put in a question that say that something went wrong, or nothing at all,
# rather than what it is about.
_GENERIC = """
error errors err failure failures failed fail fails failing problem problems issue issues bug
bugs wrong
"""
GENERIC_WORDS: frozenset[str] = frozenset(_GENERIC.split())


def is_generic(word: str) -> bool:
    """Whether ``word`` (lower case) says how something went rather than what it is about."""
    return word in GENERIC_WORDS
