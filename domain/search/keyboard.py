"""Which slips of a typist turn one word into another: the keys next to each other on a QWERTY
keyboard, and whether a correction undoes one slip.

A misspelling that one slip explains — two neighbouring letters swapped (``timeuot``), a
letter dropped (``unbouned``) or doubled (``verssion``), a key's neighbour hit instead
(``uswd``) — is a typo of the word it corrects to. One that takes a letter far from the
intended key (``draft`` → ``drift``), or changes the first letter (``ERESOLVE`` → ``resolve``:
typists rarely miss that one), is as often another word the text never says.
"""

from __future__ import annotations

_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _neighbours() -> dict[str, str]:
    found: dict[str, str] = {}
    for row_index, row in enumerate(_ROWS):
        for column, letter in enumerate(row):
            near = {row[c] for c in (column - 1, column + 1) if 0 <= c < len(row)}
            # A row sits half a key to the right of the one above it.
            for other, columns in (
                (row_index - 1, (column, column + 1)),
                (row_index + 1, (column - 1, column)),
            ):
                if 0 <= other < len(_ROWS):
                    near.update(_ROWS[other][c] for c in columns if 0 <= c < len(_ROWS[other]))
            found[letter] = "".join(sorted(near - {letter}))
    return found


NEIGHBOURS = _neighbours()


def slip_of(typed: str, word: str) -> str | None:
    """Which slip after its first letter makes ``typed`` of ``word``: ``swap`` (two
    neighbouring letters), ``drop`` (a letter left out), ``extra`` (a letter added) or
    ``neighbour`` (a key next to the right one); None when no single slip does."""
    if typed == word or typed[:1] != word[:1]:
        return None
    if len(typed) == len(word):
        differ = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        if len(differ) == 1:
            i = differ[0]
            return "neighbour" if typed[i] in NEIGHBOURS.get(word[i], "") else None
        swapped = (
            len(differ) == 2
            and differ[1] == differ[0] + 1
            and typed[differ[0]] == word[differ[1]]
            and typed[differ[1]] == word[differ[0]]
        )
        return "swap" if swapped else None
    shorter, longer = sorted((typed, word), key=len)
    if len(longer) - len(shorter) != 1:
        return None
    if not any(longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer))):
        return None
    return "drop" if typed is shorter else "extra"


def is_slip(typed: str, word: str) -> bool:
    """Whether ``typed`` is ``word`` with one slip after its first letter: two neighbouring
    letters swapped, one letter dropped or added, or one letter replaced by a key next to it."""
    return slip_of(typed, word) is not None


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def letter_put_back(typed: str) -> list[str]:
    """The words ``typed`` is with one letter dropped after its first (``tet``: ``test``,
    ``teet``, …), in a fixed order."""
    return list(
        dict.fromkeys(
            typed[:at] + letter + typed[at:]
            for at in range(1, len(typed) + 1)
            for letter in _LETTERS
        )
    )


def unslipped(typed: str) -> list[str]:
    """The words one slip after the first letter would have turned into ``typed``: two
    neighbouring letters swapped back, a dropped letter put back, a doubled letter made single,
    a key replaced by its neighbour — each ``w`` with ``is_slip(typed, w)``, in a fixed order."""
    found: dict[str, None] = {}
    for i in range(1, len(typed) - 1):
        if typed[i] != typed[i + 1]:
            found[typed[:i] + typed[i + 1] + typed[i] + typed[i + 2 :]] = None
    for i in range(1, len(typed)):
        if typed[i] == typed[i - 1]:
            found[typed[:i] + typed[i + 1 :]] = None
    for i in range(1, len(typed) + 1):
        for letter in _LETTERS:
            found[typed[:i] + letter + typed[i:]] = None
    for i in range(1, len(typed)):
        for letter in NEIGHBOURS.get(typed[i], ""):
            found[typed[:i] + letter + typed[i + 1 :]] = None
    found.pop(typed, None)
    return list(found)
