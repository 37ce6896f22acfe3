"""The change an Edit or Write made, rebuilt as a unified diff from what Claude Code recorded.

An edit's tool result says only "The file … has been updated successfully"; the change itself
is in the line's ``toolUseResult``: ``structuredPatch``, a list of hunks (``oldStart``,
``oldLines``, ``newStart``, ``newLines`` and ``lines`` prefixed ``' '``, ``'-'`` or ``'+'``).
A Write that created a file records no hunks but the whole ``content``: every line is added.
An Edit recorded without hunks still has the two strings it swapped — ``oldString`` and
``newString`` in the result, else ``old_string`` and ``new_string`` in the call's input (a
MultiEdit's ``edits``, each such a pair) — and the diff is made from them, its line numbers
counted in ``originalFile`` when the result kept it, else from the edit's first line.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence

import attrs

# Past this many lines a diff is cut (with a line saying so): a viewer, not an archive.
MAX_DIFF_LINES = 5000


@attrs.frozen
class DiffView:
    """A unified diff: ``text`` (no trailing newline), and the lines it adds and removes."""

    path: str
    text: str
    added: int
    removed: int

    @property
    def stat(self) -> str:
        return f"+{self.added} −{self.removed}"


def diff_of(tool_use_result: object, call_input: object = None) -> DiffView | None:
    """The diff an Edit/Write result records (or its call's strings), or None when there is
    none (then the plain result body is all there is)."""
    if not isinstance(tool_use_result, Mapping):
        tool_use_result = {}
    if not isinstance(call_input, Mapping):
        call_input = {}
    path = (
        _text(tool_use_result.get("filePath"))
        or _text(tool_use_result.get("file_path"))
        or _text(call_input.get("file_path"))
    )
    hunks = tool_use_result.get("structuredPatch")
    shown = path.lstrip("/")
    lines = [f"--- a/{shown}", f"+++ b/{shown}"]
    added = removed = 0
    if isinstance(hunks, Sequence) and not isinstance(hunks, str) and hunks:
        for hunk in hunks:
            if not isinstance(hunk, Mapping):
                continue
            lines.append(
                f"@@ -{_number(hunk, 'oldStart')},{_number(hunk, 'oldLines')} "
                f"+{_number(hunk, 'newStart')},{_number(hunk, 'newLines')} @@"
            )
            for line in _strings(hunk.get("lines")):
                added += line.startswith("+")
                removed += line.startswith("-")
                lines.append(line)
    elif tool_use_result.get("type") == "create" and isinstance(
        tool_use_result.get("content"), str
    ):
        content = str(tool_use_result["content"]).splitlines()
        lines.append(f"@@ -0,0 +1,{len(content)} @@")
        lines.extend("+" + line for line in content)
        added = len(content)
    elif pairs := _swapped_strings(tool_use_result, call_input):
        original = _text(tool_use_result.get("originalFile"))
        for old, new in pairs:
            hunk = _string_hunks(old, new, original)
            added += sum(line.startswith("+") for line in hunk)
            removed += sum(line.startswith("-") for line in hunk)
            lines.extend(hunk)
    else:
        return None
    if len(lines) > MAX_DIFF_LINES:
        cut = len(lines) - MAX_DIFF_LINES
        lines = [*lines[:MAX_DIFF_LINES], f"… {cut:,} more diff lines not shown"]
    return DiffView(path, "\n".join(lines), added, removed)


def _swapped_strings(
    result: Mapping[str, object], call_input: Mapping[str, object]
) -> list[tuple[str, str]]:
    """The (old, new) string pairs an Edit or MultiEdit replaced, where they were recorded."""
    for source, old_key, new_key in (
        (result, "oldString", "newString"),
        (call_input, "old_string", "new_string"),
    ):
        old, new = source.get(old_key), source.get(new_key)
        if isinstance(old, str) and isinstance(new, str) and old != new:
            return [(old, new)]
    edits = call_input.get("edits")
    if not isinstance(edits, Sequence) or isinstance(edits, str):
        return []
    return [
        (edit["old_string"], edit["new_string"])
        for edit in edits
        if isinstance(edit, Mapping)
        and isinstance(edit.get("old_string"), str)
        and isinstance(edit.get("new_string"), str)
        and edit["old_string"] != edit["new_string"]
    ]


_HUNK = re.compile(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@")


def _string_hunks(old: str, new: str, original: str) -> list[str]:
    """The unified diff of one swap, its @@ line numbers moved to where ``old`` starts in
    ``original`` (when it is there)."""
    at = original.find(old) if old and original else -1
    offset = original.count("\n", 0, at) if at >= 0 else 0
    hunk: list[str] = []
    for line in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=3):
        if line.startswith(("---", "+++")):
            continue
        found = _HUNK.match(line)
        if found:
            old_start = int(found.group(1)) + offset
            new_start = int(found.group(3)) + offset
            line = f"@@ -{old_start}{found.group(2) or ''} +{new_start}{found.group(4) or ''} @@"
        hunk.append(line)
    return hunk


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _number(hunk: Mapping[str, object], key: str) -> int:
    value = hunk.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _strings(value: object) -> list[str]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        return []
    return [line for line in value if isinstance(line, str)]
