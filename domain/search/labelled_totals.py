"""A count a tool writes as a labelled value: the label says it counts, the value is the number.

"How many packages are in the install report" is answered by jq's ``"install_count": 3``;
"how many files go into the package" by npm's ``npm notice total files: 9``. Neither is a
number before the counted noun (``COUNT_PHRASE``: ``431 packages``) nor a tally of outcomes
(``Failures: 3``): the number stands after a key or label that names a count — ``count``,
``total`` or ``number``, as a word or a part of a joined key (``install_count``,
``total_files``, ``Number of entries``) — and a ``:`` or ``=``. The count word must start its
word or follow ``_``: ``account: 42`` and ``discount=5`` count nothing. What it counts is the
rest of the label: the count word itself is no word of the question found there ("total
function calls of the profile" is not answered by go's fuzzer's ``(total: 2)``).

A program's own summary line often names what it counts and gives the number alone after a
colon: ``litres metered: 4000``, ``page faults: 63489``, ``rows: 4``. A whole line of one to
four plain words, a ``:`` and a whole number ending it counts its label: "how many litres did
the valves program meter" is answered by that line, not by helgrind's ``data symbol
"litres_total"`` beside it.
"""

from __future__ import annotations

from domain.precompiled import precompiled

# The count word, up to three more words of the label (``total files``, ``number of
# entries``), a key's closing quote, ``:`` or ``=``, a whole number not opening a version or a
# date (``1.2.4``, ``2026-11-28``) nor a measure glued to its unit (``16s``, ``4k``).
_LABELLED_TOTAL = precompiled(
    r"(?i)(?<![a-z0-9])(count|total|number)s?(?:[ _-][a-z]+){0,3}[\"']?\s*[:=]\s*"
    r"\d[\d,]*(?![\w.-])"
)

# A whole line: one to four plain words (the first may be capitalised), ``:``, a whole number
# ending the line — not a version, a time or a measure (``1.2``, ``12:30``, ``16s``).
_LABELLED_COUNT_LINE = precompiled(r"\s*([A-Za-z][a-z]+(?: [a-z]+){0,3}):[ \t]*\d[\d,]*\s*")


def is_labelled_total(line: str) -> bool:
    """Whether ``line`` gives a count after a label that names one (``"install_count": 3``,
    ``total files: 9``, ``count=12``)."""
    return (":" in line or "=" in line) and _LABELLED_TOTAL.search(line) is not None


def counted_part(line: str) -> str | None:
    """``line`` without the count word of its labelled total (``"install_": 3,`` of
    ``"install_count": 3,``), the label of a line that is only a label and its count
    (``litres metered`` of ``litres metered: 4000``), or None when it gives neither."""
    # Most lines hold neither sign: they are not searched.
    if ":" not in line and "=" not in line:
        return None
    found = _LABELLED_TOTAL.search(line)
    if found is not None:
        return line[: found.start(1)] + line[found.end(1) :]
    whole = _LABELLED_COUNT_LINE.fullmatch(line)
    return None if whole is None else whole.group(1)
