"""Where a text records a latency of a second or more: the slow requests of a log.

A latency is a field named for one (``rt=1.469``, ``request_time:2``, ``took=3s``) or a number
of milliseconds (``1234 ms``); a second or more is slow. ``is_slow`` reads one line;
``slow_offsets`` finds every slow latency of a log window in one scan, only where a match can
start, as a search of each line alone would find them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from domain.precompiled import precompiled

SLOW_SECONDS = 1.0

_SECONDS = precompiled(
    r"\b(?:rt|request_time|upstream_response_time|urt|elapsed|took)[=:]\s*\"?(\d+(?:\.\d+)?)s?\b"
)
# Substrings a latency field must contain: the regular expressions only run on lines that have
# one. A latency field's name ends in one of four words, right before its ``=`` or ``:``.
_SECONDS_SIGNS = ("rt=", "rt:", "time=", "time:", "elapsed=", "elapsed:", "took=", "took:")
_MILLISECONDS = precompiled(r"\b(\d+(?:\.\d+)?)\s?ms\b")
# The matches of the two patterns above, found from a character every match holds at a fixed
# place: the ``=`` or ``:`` after a latency field's name (its name checked behind it), a number's
# first digit (no word character before it). A pattern that opens with ``\b`` is tried at every
# position of the text; these only where that character is. ``_IN_LINES``: no match crosses a
# line, so one scan of a chunk finds in each line what a search of that line alone finds.
_LATENCY_NAME = (
    r"(?:(?<=\brt.)|(?<=\burt.)|(?<=\brequest_time.)|(?<=\bupstream_response_time.)"
    r"|(?<=\belapsed.)|(?<=\btook.))"
)
_SECONDS_AT = precompiled(r"[=:]" + _LATENCY_NAME + r'\s*"?(\d+(?:\.\d+)?)s?\b')
_SECONDS_IN_LINES = precompiled(r"[=:]" + _LATENCY_NAME + r'[^\S\n]*"?(\d+(?:\.\d+)?)s?\b')
_MILLISECONDS_AT = precompiled(r"(\d(?<!\w\d)\d*(?:\.\d+)?)\s?ms\b")
_MILLISECONDS_IN_LINES = precompiled(r"(\d(?<!\w\d)\d*(?:\.\d+)?)[^\S\n]?ms\b")


def _may_have_latency_field(text: str) -> bool:
    """Whether ``text`` holds one of ``_SECONDS_SIGNS``; spelt out, as it runs for every line
    of a log."""
    return (
        "rt=" in text
        or "rt:" in text
        or "time=" in text
        or "time:" in text
        or "elapsed=" in text
        or "elapsed:" in text
        or "took=" in text
        or "took:" in text
    )


def is_slow(line: str) -> bool:
    """Whether ``line`` records a latency of a second or more."""
    if _may_have_latency_field(line):
        for match in _SECONDS_AT.finditer(line):
            if float(match.group(1)) >= SLOW_SECONDS:
                return True
    if "ms" not in line:
        return False
    return any(float(m.group(1)) >= SLOW_SECONDS * 1000 for m in _MILLISECONDS_AT.finditer(line))


def slow_offsets(text: str) -> list[int]:
    """Where each latency of a second or more is in ``text``: a line ``is_slow`` exactly when
    one of them lies in it."""
    return [match.start() for match in slow_latencies(text, in_lines=True)]


def slow_latencies(text: str, *, in_lines: bool) -> Iterator[re.Match[str]]:
    """The matches of ``_SECONDS`` and ``_MILLISECONDS`` in ``text`` that record a second or
    more (``in_lines``: as a search of each line alone finds them). Only where a match can be
    is tried: at the ``=``/``:`` of each latency field's sign, and from the digits, dots and
    spaces right before each ``ms``, instead of at every position of the text."""
    seconds = _SECONDS_IN_LINES if in_lines else _SECONDS_AT
    for at in _seconds_separators(text) if _may_hold_a_seconds_sign(text) else ():
        found = seconds.match(text, at)
        if found is not None and float(found.group(1)) >= SLOW_SECONDS:
            yield found
    milliseconds = _MILLISECONDS_IN_LINES if in_lines else _MILLISECONDS_AT
    number_characters = _ASCII_IN_NUMBER[in_lines]
    at = text.find("ms")
    while at >= 0:
        # The ASCII characters of the number stripped in one call (a few characters behind
        # ``ms``); a character by character walk only from where that stopped at a character
        # it may not judge: not ASCII, or the slice's start.
        behind = text[max(0, at - _NUMBER_LOOK_BEHIND) : at]
        kept = behind.rstrip(number_characters)
        start = at - len(behind) + len(kept)
        if not kept or not kept[-1].isascii():
            while start and _in_number(text[start - 1], in_lines):
                start -= 1
        if start < at:
            found = milliseconds.search(text, start, at + 3)
            if found is not None and float(found.group(1)) >= SLOW_SECONDS * 1000:
                yield found
        at = text.find("ms", at + 2)


# Every latency field's sign is one of these names right before an ``=`` or a ``:``.
_SECONDS_NAMES = ("rt", "time", "elapsed", "took")
_FEW_SEPARATORS = 32  # past these, the signs are looked for in the whole text


# ``rt`` is a piece of many words (``start``, ``report``): its two signs are looked for as they
# are. The longer names are rare in a text: each is looked for once, its ``=`` and ``:`` told
# apart behind it, instead of a scan per sign (two scans, most often both failing).
_SIGNS_LOOKED_FOR = _SECONDS_SIGNS[:2]
_NAMES_LOOKED_FOR = _SECONDS_NAMES[1:]


def _seconds_separators(text: str) -> list[int]:
    """Where the ``=`` or ``:`` of each of ``_SECONDS_SIGNS`` in ``text`` is: sign by sign in
    their order, each sign's in the order of the text."""
    found: list[int] = []
    for sign in _SIGNS_LOOKED_FOR:
        at = text.find(sign)
        while at >= 0:
            found.append(at + len(sign) - 1)
            at = text.find(sign, at + 1)
    for name in _NAMES_LOOKED_FOR:
        at = text.find(name)
        if at < 0:
            continue
        equals: list[int] = []
        colons: list[int] = []
        while at >= 0:
            after = at + len(name)
            separator = text[after : after + 1]
            if separator == "=":
                equals.append(after)
            elif separator == ":":
                colons.append(after)
            at = text.find(name, at + 1)
        found += equals
        found += colons
    return found


def _name_behind(separator: str) -> re.Pattern[str]:
    """``separator`` where one of ``_SECONDS_NAMES`` stands right before it: the regex engine
    skips from one ``separator`` to the next (a literal first), the names looked at behind it."""
    names = "|".join(f"(?<={re.escape(name + separator)})" for name in _SECONDS_NAMES)
    return precompiled(f"{re.escape(separator)}(?:{names})")


_SIGN_AT = (("=", _name_behind("=")), (":", _name_behind(":")))


def _may_hold_a_seconds_sign(text: str) -> bool:
    """False when ``text`` holds none of ``_SECONDS_SIGNS``. Each sign is a name and an ``=``
    or a ``:``, so one holds only where those do: a section with a few (a log's ``id=``) is
    read for a name behind each of them, instead of once per sign (eight scans). Past
    ``_FEW_SEPARATORS`` of one, True: ``_seconds_separators`` then looks for the signs
    themselves, and only once. One search per separator, the names behind it checked by its
    look-behinds, instead of a ``find`` and an ``endswith`` per separator in Python."""
    for separator, sign_at in _SIGN_AT:
        if separator in text and (
            sign_at.search(text) is not None or text.count(separator) > _FEW_SEPARATORS
        ):
            return True
    return False


def _in_number(char: str, in_lines: bool) -> bool:
    """Whether ``char`` may stand between a number's first digit and its ``ms``: a digit
    (``isdecimal``, as ``\\d``), its dot, a space (``\\s``; of its line, ``in_lines``). A run
    of several spaces only widens the search, which finds the one match ending there."""
    return char.isdecimal() or char == "." or (char.isspace() and not (in_lines and char == "\n"))


# ``_in_number``'s ASCII characters, without and with ``in_lines``: stripped from behind an
# ``ms`` at once, a call per character spared.
_ASCII_IN_NUMBER = {
    in_lines: "".join(c for c in map(chr, range(128)) if _in_number(c, in_lines))
    for in_lines in (False, True)
}
_NUMBER_LOOK_BEHIND = 32
