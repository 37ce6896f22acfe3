"""The change an Edit or Write made, rebuilt as a unified diff from what Claude Code recorded.

An edit's tool result says only "The file … has been updated successfully"; the change itself
is in the line's ``toolUseResult``: ``structuredPatch``, a list of hunks (``oldStart``,
``oldLines``, ``newStart``, ``newLines`` and ``lines`` prefixed ``' '``, ``'-'`` or ``'+'``).
A Write that created a file records no hunks but the whole ``content``: every line is added.
"""

from __future__ import annotations

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


def diff_of(tool_use_result: object) -> DiffView | None:
    """The diff an Edit/Write result records, or None when it records none (then the plain
    result body is all there is)."""
    if not isinstance(tool_use_result, Mapping):
        return None
    path = _text(tool_use_result.get("filePath")) or _text(tool_use_result.get("file_path"))
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
    else:
        return None
    if len(lines) > MAX_DIFF_LINES:
        cut = len(lines) - MAX_DIFF_LINES
        lines = [*lines[:MAX_DIFF_LINES], f"… {cut:,} more diff lines not shown"]
    return DiffView(path, "\n".join(lines), added, removed)


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _number(hunk: Mapping[str, object], key: str) -> int:
    value = hunk.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _strings(value: object) -> list[str]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        return []
    return [line for line in value if isinstance(line, str)]
