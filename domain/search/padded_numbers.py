"""Whether a short number the question asks stands in a text as the end of a zero-padded field.

Fixed-width names pad a number with zeros: a WAL segment ``000000010000000000000099`` is
segment 99, ``part-00099`` and ``IMG_0099.JPG`` are part and image 99, an ``nm`` address
``0000000000003080`` is 3080. A number of four digits or more is already found where it ends a
longer run of digits (``matching._part_of_word``); a shorter one must start a word, so "segment
99" met none of those names. It is found there too when at least two zeros stand right before
it and the run of digits ends with it — not inside a longer number (``1990``), not in a
decimal's fraction (``0.0099``), not before a letter (``0099ab``).

Nor is a short number found where it opens a decimal's fraction: ``pg_waldump --stats`` prints
``(  9.99)``, a share in percent, and ``99`` there is no segment 99 (ADR 0333). A dotted run of
three numbers or more (``10.0.0.99``, ``1.2.99``) is an address or a version, whose parts are
numbers of their own, and keeps them.
"""

from __future__ import annotations

# Two zeros at least: one zero before a number is a digit of a count (``2099``, ``1099``).
_MIN_ZEROS = 2


def ends_padding(text: str, start: int, end: int) -> bool:
    """Whether the digits ``text[start:end]`` (a number not opening on ``0``) end a run of
    digits after ``_MIN_ZEROS`` zeros or more, the run no decimal's fraction."""
    if end < len(text) and text[end].isalnum():
        return False
    at = start
    while at > 0 and text[at - 1] == "0":
        at -= 1
    if start - at < _MIN_ZEROS:
        return False
    while at > 0 and text[at - 1].isdigit():
        at -= 1
    # A run after a decimal point or comma is a fraction's digits (``3.0099``, ``1,0099``).
    return not (at >= 2 and text[at - 1] in ".," and text[at - 2].isdigit())


def opens_fraction(text: str, start: int, end: int) -> bool:
    """Whether the digits ``text[start:end]`` open the fraction of a decimal (``9.99``): a
    point and a digit before them, and neither the whole part nor the digits joined by another
    point to more numbers (``10.0.0.99``, ``1.99.2``)."""
    if start < 2 or text[start - 1] != "." or not text[start - 2].isdigit():
        return False
    if end + 1 < len(text) and text[end] == "." and text[end + 1].isdigit():
        return False
    at = start - 2
    while at > 0 and text[at - 1].isdigit():
        at -= 1
    return not (at > 0 and text[at - 1] == ".")


def number_occurrences(text: str, number: str, limit: int, start: int) -> list[int]:
    """``matching._occurrences`` of a short number (``text`` lower-cased), from its first
    occurrence ``start``: where it starts a word, not a decimal's fraction, and where it ends a
    zero-padded field. A loop of its own: the other short needles' loop tests nothing more."""
    found: list[int] = []
    size = len(number)
    while start != -1:
        before = text[start - 1] if start else " "
        if before.isalnum():  # inside a word or a number: only a padded field's end counts
            held = before == "0" and ends_padding(text, start, start + size)
        else:
            held = before != "." or not opens_fraction(text, start, start + size)
        if held:
            found.append(start)
            if len(found) >= limit:
                break
        start = text.find(number, start + 1)
    return found
