"""A short password stated in a sentence: ``the password is hunter2`` (ADR 0400).

``prose_secrets`` takes a value written after a credential word from 8 characters on
(``MIN_MIXED``): a shorter word with a digit in prose is as often an algorithm, an encoding or
a standard (``password to UCS2``, ``passphrase for PBKDF2``, ``password or PKCS12 data``,
measured over the third-party text of this machine). One sentence leaves no doubt: a
password's word, ``is`` or ``was`` (maybe ``now``), then a value of letters and digits that
ends the sentence or the line. Words of capitals and digits (``UTF8``) and the names of hashes
and encodings (``md5``, ``sha256``, ``base64``) stay.
"""

from __future__ import annotations

import re

from domain.lazy_pattern import LazyPattern
from domain.redaction.assignments import Span
from domain.redaction.secret_values import NO_VALUES, is_placeholder

_PASSWORD_WORDS = frozenset({"password", "passwd", "passphrase", "pwd"})
# ``is``/``was``, maybe ``now``, or ``(was) changed|set|reset to`` (ADR 0411), then a value of
# letters and digits, then the sentence's end; its blanks taken whole from the first (a search
# tries a run of blanks once).
_STATED = LazyPattern(
    r"(?<![ \t])[ \t]+(?:(?:is|was)(?:[ \t]+now)?"
    r"|(?:(?:is|was|has[ \t]+been)[ \t]+)?(?:changed|set|reset)[ \t]+to)"
    r"[ \t]+(?P<value>[A-Za-z0-9]{4,7})"
    r"(?=[.,;!)\"']?[ \t]*$|\.[ \t])"
)
# ``Password for admin: abc12``: a prompt's user and the password typed after it, ending the line.
_FOR_USER = LazyPattern(
    r"(?<![ \t])[ \t]+for[ \t]+[\w.@-]{1,64}:[ \t]+(?P<value>[^\s'\"]{1,64})[ \t]*$", re.MULTILINE
)
# Hashes, encodings and standards: ``password is sha256``, ``the passphrase is base64``.
_ALGORITHM = LazyPattern(
    r"(?i)^(?:md|sha|base|utf|ucs|pbkdf|argon|rot|crc|aes|des|rc|pkcs|rsa|ipv)[0-9]"
)


def short_password_span(text: str, word: str, end: int, window_end: int) -> Span | None:
    """The value of ``<password word> is <value>`` after ``word`` (ending at ``end``), when it
    is a short password: 4 to 7 letters and digits, both kinds, not all capitals."""
    if word.lower() not in _PASSWORD_WORDS:
        return None
    found = _STATED.compiled.match(text, end, window_end)
    if found is None:
        given = _FOR_USER.compiled.match(text, end, window_end)
        if given is None or not _a_value(given.group("value")):
            return None
        return Span(given.start("value"), given.end("value"))
    value = found.group("value")
    letters = sum(c.isalpha() for c in value)
    if letters < 2 or letters == len(value) or value.isupper() or _ALGORITHM.match(value):
        return None
    return Span(found.start("value"), found.end("value"))


def _a_value(value: str) -> bool:
    return (
        any(c.isalnum() for c in value)
        and not is_placeholder(value)
        and value.lower() not in NO_VALUES
    )
