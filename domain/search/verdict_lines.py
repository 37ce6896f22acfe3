"""A yes-or-no question and the setting that answers it: "is mypy strict" is answered by
``strict = true`` under ``[tool.mypy]``, "is the package published or private" by package.json's
``"private": true``.

The key names one word of the question and its value is the yes or no asked for; the rest of
the question (``mypy``, ``package``) is the file's other lines or its table's name, never the
key's line, so by its words alone the line weighs less than a workflow scattering the same words
(``- run: mypy --strict shop``, ``publish:`` over ``packages: write``). Only a question that
asks yes or no makes a true or false setting its answer: "which redis instance does the app
use" asks for a value, and a key holding a word of it (``REDIS_URL``) is evidence about that
word alone (ADR 0195).
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.matching import TermGroups, stem_prefix

# A question asking yes or no opens with its verb: "is …", "does …", "can …", "was …".
_POLAR_OPENINGS = frozenset(
    ["is", "are", "was", "were", "does", "do", "did", "has", "have", "can", "should", "will"]
)
_FIRST_WORD = precompiled(r"\s*([a-z]+)")

# A setting with a true or false value, alone on its line: ``strict = true``, ``"private":
# true,``, ``DEBUG=false``, ``- enabled: yes`` (a comment after it allowed).
_VERDICT_LINE = precompiled(
    r"^\s*(?:-\s+)?[\"']?([A-Za-z][\w.-]*)[\"']?\s*[:=]\s*"
    r"(?:true|false|yes|no|on|off)\s*[,;]?\s*(?:#.*)?$",
    re.IGNORECASE,
)
_SIGNS = ("true", "false", "yes", "no", "on", "off", "TRUE", "FALSE", "True", "False")
# The parts of a key: ``REDIS_URL``, ``strict-mode``, ``tool.mypy``, ``runAsUser``.
_KEY_PART = precompiled(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# How much longer than the question's word, once its ending is taken off, a key's part may be
# and still be that word (``doctests`` → ``doctest``, ``error`` → ``errored``).
_ENDING_SLACK = 3


def asks_yes_or_no(query: str) -> bool:
    """Whether ``query`` opens with the verb of a yes-or-no question ("is mypy strict")."""
    first = _FIRST_WORD.match(query.lower())
    return first is not None and first.group(1) in _POLAR_OPENINGS


def states_verdict(line: str, groups: TermGroups) -> bool:
    """Whether ``line`` is a setting with a true or false value whose key has a part that is
    one of the query's words, give or take its ending (``"private": true`` for "is the package
    published or private"; not ``"private_key_path": "/etc/…"``, not ``strict`` in prose)."""
    if not any(sign in line for sign in _SIGNS) or ("=" not in line and ":" not in line):
        return False
    setting = _VERDICT_LINE.match(line)
    if setting is None:
        return False
    parts = [part.lower() for part in _KEY_PART.findall(setting.group(1))]
    return any(_names(part, unit) for part in parts for unit in groups.units)


def _names(part: str, unit: str) -> bool:
    if " " in unit:
        return False
    stem = stem_prefix(unit)
    return part.startswith(stem) and len(part) - len(stem) <= _ENDING_SLACK
