"""The lines that explain a matching line of a snippet, nearest first.

A line rarely stands alone: a JSON member is read beside its object's other members (an eslint
message beside its rule's id), a line opening a block (a JSON key with an array or object, a
YAML key, a Python def, ``Caused by:``) beside the lines it announces, any other line beside its
neighbours (an error and its location, a key and its value). ``domain.search.best_lines`` asks
for them for each whole line it picks.
"""

from __future__ import annotations

from domain.precompiled import precompiled

# A matching line that opens a block (a JSON key with an array or object, a YAML key, a Python
# def) says what follows; its value is on the next lines, so those are shown too.
BLOCK_LINES = 3
_OPENERS = ("[", "{", ":", "(")
# A matching member of a small JSON object (an eslint message, a kubectl container) is shown
# with the object's other scalar members when it has at most this many: the rule's id beside
# its message. Nested values are skipped (an object is looked for within _OBJECT_SCAN lines).
OBJECT_MEMBERS = 10
_OBJECT_SCAN = 80
_MEMBER = precompiled(r'^"[^"]+":\s')


def explaining(lines: list[str], number: int, context: int) -> list[int]:
    """The numbers of the lines that explain line ``number``, nearest first: its JSON object's
    other scalar members, else the ``BLOCK_LINES`` after it when it opens a block, else
    ``context`` lines on either side (the next one first), and the line after the next one when
    the next one announces it (``Expected values to be strictly equal:``)."""
    opens = lines[number].endswith(_OPENERS)
    members = [] if opens else _object_members(lines, number)
    if members:
        return sorted(members, key=lambda near: (abs(near - number), near))
    if opens:
        return list(range(number + 1, number + BLOCK_LINES + 1))
    around = [
        near
        for distance in range(1, context + 1)
        for near in (number + distance, number - distance)
    ]
    if context and _opens_block(lines, number + 1) and number + 2 not in around:
        around.insert(1, number + 2)  # the value the next line announces
    return around


def _opens_block(lines: list[str], number: int) -> bool:
    """Whether line ``number`` has a line after it and announces what that line says
    (``Expected values to be strictly equal:``, ``Caused by:``)."""
    return 0 <= number < len(lines) - 1 and lines[number].endswith(_OPENERS)


def _object_members(lines: list[str], number: int) -> list[int]:
    """The scalar member lines of the JSON object holding member line ``number`` (nested values
    and braces left out), or ``[]`` when the line is no member or the object has more than
    ``OBJECT_MEMBERS`` of them."""
    if not _MEMBER.match(lines[number]):
        return []
    depth, start = 0, None
    for index in range(number - 1, max(-1, number - _OBJECT_SCAN - 1), -1):
        text = lines[index].rstrip(",")
        if text.startswith(("}", "]")):
            depth += 1
        elif text.endswith(("{", "[")):
            if depth == 0:
                start = index
                break
            depth -= 1
    if start is None or not lines[start].endswith("{"):
        return []
    members: list[int] = []
    depth = 0
    for index in range(start + 1, min(len(lines), start + _OBJECT_SCAN)):
        text = lines[index].rstrip(",")
        if text.startswith(("}", "]")):
            if depth == 0:
                return members if len(members) <= OBJECT_MEMBERS else []
            depth -= 1
        elif text.endswith(("{", "[")):
            depth += 1
        elif depth == 0 and _MEMBER.match(text):
            members.append(index)
    return []
