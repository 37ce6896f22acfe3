"""The strings a pattern sign of the tool vocabulary matches, for the signs that match only a
few: a text holds a match of such a sign exactly when it holds one of its strings, so the sign
can be looked for with the string signs, in the same single pass (``literal_signs``, ADR 0401).

A pattern not listed here (``,(?<=[\\w."-],)["A-Za-z_]``, whose ``\\w`` is any letter), a
``match`` (asked at the text's start only) and a pattern with flags stay scans of their own.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable


def _joined(*parts: str | tuple[str, ...]) -> tuple[str, ...]:
    """Every string made of one choice from each part (a part's characters, or its strings)."""
    return tuple("".join(chosen) for chosen in itertools.product(*parts))


# What may follow a mode's nine letters before its blank: an ACL's ``+``, SELinux's ``.``,
# macOS's ``@`` (``[.+@]?``).
_MODE_MARKS = ("", ".", "+", "@")

# Each pattern's text, by the strings it matches (its matches are these strings, each found by
# ``search`` wherever it stands, and nothing else).
PATTERN_LITERALS: dict[str, tuple[str, ...]] = {
    r"p[59(]": ("p5", "p9", "p("),
    r"P[59]": ("P5", "P9"),
    # The bracket after a commit's last digit and a blank (``… 4f2a9c1 [origin/main]``).
    r"\[(?<=[0-9a-f] \[)": _joined("0123456789abcdef", (" [",)),
    r"\n-": ("\n-",),
    r"\n[-dl][r-]": _joined("\n", "-dl", "r-"),
    r"\.(?:t(?:ar|gz)|zip)": (".tar", ".tgz", ".zip"),
    r"\.h": (".h",),
    r"b(?:it|ps|/s)": ("bit", "bps", "b/s"),
    r"w[-xtT][.+@]? ": _joined("w", "-xtT", _MODE_MARKS, " "),
    r"r[w-][-xtT][.+@]? ": _joined("r", "w-", "-xtT", _MODE_MARKS, " "),
    "cap_": ("cap_",),
    " - (?:crash|down) ": (" - crash ", " - down "),
    "isdst=": ("isdst=",),
    " hops max,": (" hops max,",),
}


def sign_literals(sign: str | Callable[[str], object]) -> tuple[str, ...] | None:
    """The strings one of which a text holds exactly when it holds ``sign``: a string sign
    itself, a listed pattern's ``search`` its strings; ``None`` for any other scan."""
    if isinstance(sign, str):
        return (sign,)
    pattern = getattr(sign, "__self__", None)
    if (
        not isinstance(pattern, re.Pattern)
        or getattr(sign, "__name__", "") != "search"
        or pattern.flags != re.UNICODE
    ):
        return None
    return PATTERN_LITERALS.get(pattern.pattern)
