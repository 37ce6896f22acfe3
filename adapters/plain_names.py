"""Whether a host-given id can name a capy state file as it is.

Written without ``re``: the SessionStart hook reads and writes state files named by the
session id and needs no regular expression otherwise, and importing ``re`` (its parser,
compiler and flag enums) costs a hook process several milliseconds (ADR 0106).
"""

from __future__ import annotations

_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
MAX_NAME_CHARS = 80


def plain_name(text: str) -> bool:
    """What ``re.match(r"^[A-Za-z0-9._-]{1,80}$", text)`` says (``$`` also matches before a
    final newline): 1 to 80 letters, digits, dots, underscores and hyphens."""
    body = text[:-1] if text.endswith("\n") else text
    return 0 < len(body) <= MAX_NAME_CHARS and all(c in _NAME_CHARS for c in body)
